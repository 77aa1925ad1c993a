"""The step's controls as one component of our own (issue 27.2; Streamlit Components v2).

Why: with Streamlit's widgets every card tap is a full rerun of the Referee page (120-300 ms on a
tablet).  This component draws the card grid, the choices, the verdict box and Play / Pick up
from plain data (``referee.app.tableview_data``), and answers a tap in the browser from the
verdicts the server judged ahead of the taps.  The server hears only a play recorded for another
player (the state value ``choice``: it judges that one and sends the verdict back) and Play /
Pick up (the trigger value ``action``, judged again by the engine: the browser's verdict is
never trusted).  The page uses it unless $KARMA_TABLE is ``widgets`` (the earlier table).

The component's script and style are files beside this module (``static/tablecomp.js``,
``static/tablecomp.css``), read once at import; no user text is in them, and the script sets
every text from the data with ``textContent``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from .board import VERDICT_CSS
from .tableview_data import component_wanted

STATIC = Path(__file__).resolve().parent / "static"
NAME = "karma_table"
KEY = "table_comp"  # the component's key: its state and trigger values in the session

# The page around the component folds on a phone too, while a card is chosen (the script marks
# the document, ``data-kr-chosen``): the seating order, the counts and the notes give their room
# to the choices, the verdict and Play, as ``screens/table.fold_style`` does for the widgets.
PAGE_STYLE = """<style>
@media (max-width: 640px) {
  html[data-kr-chosen] :is(.kr-order, .kr-counts, .kr-last, .st-key-tbl_notes) { display: none; }
}
</style>"""

_mount = st.components.v2.component(
    NAME,
    js=(STATIC / "tablecomp.js").read_text(encoding="utf-8"),
    css=(STATIC / "tablecomp.css").read_text(encoding="utf-8") + VERDICT_CSS,
    isolate_styles=True,
)


@functools.cache
def enabled() -> bool:
    """$KARMA_TABLE read once per app server (``enabled.cache_clear()`` in tests)."""
    return component_wanted()


def value(name: str) -> Any:
    """The component's state or trigger value ``name`` (None when it has none)."""
    result = st.session_state.get(KEY)
    return result.get(name) if isinstance(result, Mapping) else None


def draw(
    data: dict[str, object],
    on_choice: Callable[[], None],
    on_action: Callable[[], None],
) -> None:
    """Mount the component with this step's data; ``on_choice`` runs when the browser says a
    choice the server must judge, ``on_action`` when Play or Pick up is pressed.  The page
    draws :data:`PAGE_STYLE` once, outside the part that each step redraws."""
    _mount(  # its element carries the class st-key-table_comp (KEY)
        key=KEY,
        data=data,
        default={"choice": None},
        height="content",
        on_choice_change=on_choice,
        on_action_change=on_action,
    )
