"""Karma Referee, the Streamlit app: ``karma app`` runs this file.

The screens live in ``screens/`` (listed in ``state.SCREEN_LIST``), their logic in plain
modules beside this file.  This entry point sets the page up, keeps the current game's id in the URL (``?game=<id>``) and in the session
(the navigation menu drops the query string), puts the "Join from another device" control
(the address and a QR code for tablets at the table) in the top bar, and runs the chosen page.

Every part of the page runs inside one fault handler (``faults.guarded``): no traceback and no
secret reaches a visitor, and one broken part never takes the rest of the page with it.
"""

from __future__ import annotations

import streamlit as st

from referee.app import heap, state
from referee.app.common import group_words
from referee.app.faults import guarded

heap.freeze_loaded_code()  # the code the last run loaded leaves Streamlit's per-run collection
st.set_page_config(page_title="Karma Referee", page_icon="🃏", layout="wide")
st.html(state.style())
guarded(state.sync_game_id, "game link")
group_words(())  # each page names the group's words it shows: none carry over
guarded(state.join_control, "Join from another device")
guarded(state.keep_device, "device key")  # public mode: "this device" is the browser
guarded(st.navigation(state.screens(), position="top").run, "page")
