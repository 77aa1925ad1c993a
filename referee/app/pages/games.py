"""The Games page: games to carry on with, importing a game record, and the variant library."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from referee.app import state, table
from referee.app.common import md

store = state.store()
st.title("Games")


def _resume(gid: str) -> None:
    state.set_game(gid)


games = store.list_games(limit=50)
if not games:
    st.write("No games yet. Start one on the Referee page.")
for g in games:
    when = dt.datetime.fromtimestamp(g.updated).strftime("%d %b %H:%M")
    status = f"{g.loser} lost" if g.over and g.loser else ("over" if g.over else "under way")
    with st.container(border=True):
        st.markdown(f"**{md(g.name)}**")
        st.caption(md(f"{g.step_count} steps · {status} · last step {when}"))
        if st.button("Carry on with this game", key=f"games_resume_{g.id}", width="stretch"):
            _resume(g.id)
            st.switch_page("pages/table.py", query_params={"game": g.id})

st.subheader("Import a game record")
st.caption("A game record (.yaml) exported from this app, or written by hand (GAME-RECORDS.md).")
upload = st.file_uploader("Game record", type=["yaml", "yml"], key="games_import")
if upload is not None and st.button("Import and carry on", key="games_import_go", type="primary"):
    try:
        from referee.records import RecordError
    except ImportError:
        st.error("Importing game records is not available in this version.")
    else:
        try:
            gid = table.import_record(store, upload.getvalue(), upload.name)
        except RecordError as e:
            st.error("This game record has mistakes:")
            for p in e.problems:
                st.text(str(p))
        else:
            _resume(gid)
            st.switch_page("pages/table.py", query_params={"game": gid})

st.subheader("Our variant library")
library = store.list_variants()
if not library:
    st.write("Nothing saved yet: design a variant on the Design page and save it.")
for lv in library:
    c1, c2 = st.columns([3, 1])
    with c1:
        st.markdown(md(lv.name))
    with c2:
        if st.button("Delete", key=f"games_delvar_{lv.id}", width="stretch"):
            store.delete_variant(lv.id)
            st.rerun()
