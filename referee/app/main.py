"""Karma Referee, the Streamlit app: ``karma app`` runs this file.

The pages live in ``pages/``; their logic in plain modules beside this file.  This entry point
sets the page up, keeps the current game's id in the URL (``?game=<id>``) and in the session
(the navigation menu drops the query string), runs the chosen page, and ends every page with
the "Join from another device" control (the address and a QR code for tablets at the table).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from referee.app import state
from referee.app.common import plain
from referee.store import StorageError

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"

st.set_page_config(page_title="Karma Referee", page_icon="🃏", layout="wide")
st.html(state.style())
state.sync_game_id()

pages = [
    st.Page(str(PAGES / "table.py"), title="Referee", icon=":material/style:", default=True),
    st.Page(str(PAGES / "design.py"), title="Design", icon=":material/edit:", url_path="design"),
    st.Page(str(PAGES / "rules.py"), title="Rules", icon=":material/menu_book:", url_path="rules"),
    st.Page(str(PAGES / "games.py"), title="Games", icon=":material/history:", url_path="games"),
]
if (PAGES / "simulate.py").is_file():
    pages.append(
        st.Page(
            str(PAGES / "simulate.py"),
            title="Simulate",
            icon=":material/casino:",
            url_path="simulate",
        )
    )

try:
    st.navigation(pages, position="top").run()
except StorageError as fault:
    # One clear page instead of a traceback: nothing was stored, nothing is shown as done.
    st.error(plain(fault.message), icon=":material/database_off:")
    st.caption("Reload the page once the games folder is fixed; games already saved are kept.")
    st.stop()
state.join_control()
