"""The app's one fault handler (main.py wraps every part of the page in :func:`guarded`).

A storage fault shows its plain sentence (and, when the database is only unreachable or hung,
tries again by itself until it answers); anything unforeseen shows one plain line while its
traceback goes to the server's log only, so no visitor ever sees server paths or a stack, and
one broken part (the Join control, say) never takes the rest of the page with it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import streamlit as st

from referee.app import state
from referee.app.common import plain
from referee.store import StorageError

log = logging.getLogger("referee.app")
RETRY_SECONDS = 1.0  # how often the fault page asks whether the games database is back
UNFORESEEN = (
    "Something went wrong while drawing this part of the page, so it is left out. "
    "Nothing was changed. Reload the page to try again."
)


def _try_again() -> None:
    """The fault page's own check: once the games database answers, the whole page is drawn
    again, on every tablet, without anybody reloading."""
    try:
        state.process_store().ping()
    except StorageError:
        return
    st.rerun(scope="app")


def fault_page(fault: StorageError) -> None:
    """One clear page instead of a traceback: nothing was stored, nothing is shown as done.
    Where the games are kept is said only to the people who run the app (home, organiser)."""
    st.error(plain(fault.message), icon=":material/database_off:")
    if fault.where and state.access().sees_everything:
        st.caption(plain(f"Where the games are kept: {fault.where}"))
    if fault.kind in ("hung", "unavailable"):
        st.caption("This page tries again by itself. The Rules, Design and Simulate pages work.")
        st.fragment(_try_again, run_every=RETRY_SECONDS)()
    else:
        st.caption("Reload the page once this is put right; games already saved are kept.")


def guarded(part: Callable[[], object], name: str) -> None:
    """Run one part of the page inside the fault handler."""
    try:
        part()
    except StorageError as fault:
        fault_page(fault)
    except Exception:  # Streamlit's own stop and rerun are BaseExceptions and pass through
        log.exception("the %s part of the page failed", name)
        st.error(UNFORESEEN, icon=":material/error:")
