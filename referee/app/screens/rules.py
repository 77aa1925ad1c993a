"""The Rules page: a variant's rules sheet, printable and downloadable."""

from __future__ import annotations

import streamlit as st

from referee.app import rulebook, state
from referee.app.common import md

store = state.store()
st.title("Rules")
choices = rulebook.choices(
    store,
    game_id=state.current_game_id(),
    design_yaml=st.session_state.get(rulebook.DESIGN_YAML_KEY),
)
by_key = {c.key: c for c in choices}
key = st.selectbox(
    "Which variant?", list(by_key), format_func=lambda k: by_key[k].label, key="rules_variant"
)
choice = by_key[key]
sheet = rulebook.sheet(choice.yaml)
if sheet is None:
    st.error("This variant has mistakes, so it has no rules sheet yet. Fix it on the Design page.")
else:
    st.caption(
        "To print: use your browser's Print command (Ctrl+P or ⌘P; on a tablet, Share → Print). "
        "The menus are left out of the printout."
    )
    c = st.columns(2)
    with c[0]:
        st.download_button(
            "Download the rules to print (.html)",
            data=rulebook.sheet_html(choice.yaml) or "",
            file_name=f"{rulebook.file_stem(choice.name)}-rules.html",
            mime="text/html",
            key="rules_download_html",
            on_click="ignore",
            width="stretch",
        )
    with c[1]:
        st.download_button(
            "Download the rules (.md)",
            data=sheet,
            file_name=f"{rulebook.file_stem(choice.name)}-rules.md",
            mime="text/markdown",
            key="rules_download",
            on_click="ignore",
            width="stretch",
        )
    st.caption(
        "The printable page opens in any browser; print it, or choose “Save as PDF” when you print."
    )
    st.markdown(sheet)
    st.caption(md(f"Variant: {choice.name}", [choice.name]))
