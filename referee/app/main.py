"""Karma Referee, the Streamlit app: ``karma app`` runs this file.

The screens live in ``screens/`` (listed in ``state.SCREEN_LIST``), their logic in plain
modules beside this file.  This entry point sets the page up, keeps the current game's id in the URL (``?game=<id>``) and in the session
(the navigation menu drops the query string), puts the "Join from another device" control
(the address and a QR code for tablets at the table) in the top bar, and runs the chosen page.
"""

from __future__ import annotations

import streamlit as st

from referee.app import heap, state
from referee.app.common import group_words, plain
from referee.store import StorageError

heap.freeze_loaded_code()  # the code the last run loaded leaves Streamlit's per-run collection
st.set_page_config(page_title="Karma Referee", page_icon="🃏", layout="wide")
st.html(state.style())
state.sync_game_id()
group_words(())  # each page names the group's words it shows: none carry over
state.join_control()

try:
    st.navigation(state.screens(), position="top").run()
except StorageError as fault:
    # One clear page instead of a traceback: nothing was stored, nothing is shown as done.
    st.error(plain(fault.message), icon=":material/database_off:")
    st.caption("Reload the page once the games folder is fixed; games already saved are kept.")
    st.stop()
