"""The Referee page's one table: a component of our own (issues 27.2, 43.2; Components v2).

Why: with Streamlit's widgets every card tap was a full rerun of the Referee page (120-300 ms
on a tablet).  This component draws the glance, the card grid, the choices, the verdict box,
Play / Pick up / Undo / Redo and the players from plain data (``referee.app.tableview_data``),
and answers a tap in the browser from the verdicts the server judged ahead of the taps.  Every
step goes to the step route (``referee.app.tableapi``: judged again by the engine, the
browser's verdict is never trusted).  The page hears only a play recorded for another player
(the state value ``choice``: it judges that one and sends the verdict back) and a request to
draw again (the trigger value ``action``: ``refresh``).

The component's script and style are files beside this module (``static/tablecomp.js``,
``static/tablecomp.css``), read once at import; no user text is in them, and the script sets
every text from the data with ``textContent``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from referee.engine import Game
from referee.words.inert import visible
from referee.words.markdown import isolate_words

from . import board, stepping, table, tableview_data
from .cardgrid import CARD_STYLE
from .view import Selection, StepFacts

STATIC = Path(__file__).resolve().parent / "static"
NAME = "karma_table"
KEY = "table_comp"  # the component's key: its state and trigger values in the session

_mount = st.components.v2.component(
    NAME,
    js=(STATIC / "tablecomp.js").read_text(encoding="utf-8"),
    # The glance, the verdict box and the players' table look as they do on the page.
    css=(STATIC / "tablecomp.css").read_text(encoding="utf-8")
    + board.css(CARD_STYLE)
    + board.css(board.BOARD_STYLE),
    isolate_styles=True,
)


def value(name: str) -> Any:
    """The component's state or trigger value ``name`` (None when it has none)."""
    result = st.session_state.get(KEY)
    return result.get(name) if isinstance(result, Mapping) else None


def group_of(tbl: table.Table) -> tuple[str, ...]:
    """The group's words on the Referee page (each isolated where a sentence holds it)."""
    v = tbl.variant
    return (*tbl.game.state.names, tbl.name, v.name, *(k.name for k in v.karma_cards))


def screen_data(
    tbl: table.Table,
    facts: StepFacts,
    group: tuple[str, ...],
    *,
    sel: Selection | None = None,
    pre: dict[str, object] | None = None,
    notes: tuple[tuple[str, str], ...] = (),
) -> dict[str, object]:
    """Everything the component draws for this step of ``tbl``: the step's controls
    (:func:`tableview_data.table_data`), the glance with the last step's outcome (``head``), the
    notes about a step (``notes``: kind and words, shown as text) and the line naming the game
    with the players' table (``foot``).  The head and the foot are the board's HTML, every user
    word escaped (the script keeps only the elements and attributes it knows).  The caller has
    named the group's words (``common.group_words``) for the HTML."""
    game: Game = tbl.game
    data = tableview_data.table_data(game, tbl.version, sel, facts, group, pre)
    data["head"] = board.head_html(tbl, None if notes else facts.last_step)
    data["foot"] = board.foot_html(tbl, board.caption_words(tbl))
    data["notes"] = [[kind, isolate_words(words, group, literal=visible)] for kind, words in notes]
    data["unsure"] = stepping.UNSURE  # said while a step's request goes unanswered
    return data


def draw(
    data: dict[str, object],
    on_choice: Callable[[], None],
    on_action: Callable[[], None],
) -> None:
    """Mount the component with this step's data; ``on_choice`` runs when the browser says a
    choice the server must judge, ``on_action`` when it asks the page to draw again."""
    _mount(  # its element carries the class st-key-table_comp (KEY)
        key=KEY,
        data=data,
        default={"choice": None},
        height="content",
        on_choice_change=on_choice,
        on_action_change=on_action,
    )
