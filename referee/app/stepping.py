"""Play, Pick up, Undo or Redo, carried out for a tablet that showed the game at one version.

Why one function: every step of the table goes through the step route (``referee.app.tableapi``,
no rerun), and the Undo and Redo the page draws at the end of a game go the same way
(``tableapi.taking``, which calls this): a tablet that is behind, an illegal step and a step
another tablet stored first are refused in the same words, and a step is recorded the same way.
No Streamlit here: the caller turns a :class:`Done` into what its screen shows.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from referee.engine import IllegalStep, PickUp, Step
from referee.store import Conflict, StorageError, Store

from . import table, view

UNSURE = (
    "The games database is not answering, so we cannot tell yet whether that step was saved. "
    "The table will show it."
)
NOT_SAVED = "That step was not saved."
ACTION_WORDS = {"play": "play", "pickup": "pick-up", "undo": "undo", "redo": "redo"}


@dataclass(frozen=True)
class Done:
    """What came of an action: what to tell the table, and how the tablet's choice moves on."""

    note: tuple[str, str] | None = None  # (kind, words): "info", "warning" or "error"
    stepped: bool = False  # a step, undo or redo was recorded: show the top, where it shows
    reset: bool = False  # the tablet's choice starts afresh
    reread: bool = False  # the caller's copy of the game is not the stored one: read it again
    unsure: bool = False  # the database did not say whether the step is stored: ask again


def new_step_id() -> str:
    """An id for a step taken on a page (a tablet's component makes its own)."""
    return secrets.token_urlsafe(16)


def _play(
    store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts, sid: str
) -> str | None:
    step = view.view(tbl.game, sel, facts).step
    if step is None:
        return None
    table.commit(store, tbl, step, sid)
    return ""


def _pick_up(
    store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts, sid: str
) -> str | None:
    who = tbl.game.turn
    if who is None:
        return None
    if facts.takes and sel.take is None:  # the face-up card taken along, where a table rule says
        return None
    step: Step = PickUp(who, sel.take, sel.take_copies)
    table.commit(store, tbl, step, sid)
    return ""


def _undo(
    store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts, sid: str
) -> str | None:
    if not tbl.game.past.can_undo():
        return None
    words = table.step_words(tbl.game.past.log[-1][1])
    n = tbl.game.past.count
    table.undo(store, tbl, sid)
    return f"Undid step {n}: {words}"


def _redo(
    store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts, sid: str
) -> str | None:
    if not tbl.game.past.can_redo():
        return None
    table.redo(store, tbl, sid)
    return ""


# Each action records its step and says what to tell the table ("" for nothing), or returns
# None when there was nothing to do.
ACTIONS: dict[
    str, Callable[[Store, table.Table, view.Selection, view.StepFacts, str], str | None]
] = {
    "play": _play,
    "pickup": _pick_up,
    "undo": _undo,
    "redo": _redo,
}


def act(
    store: Store,
    tbl: table.Table,
    old: table.Drawn | None,
    shown: int,
    action: str,
    sel: view.Selection,
    facts: view.StepFacts | None = None,
    step_id: str | None = None,
) -> Done | None:
    """Carry out ``action`` on ``tbl`` (the game as stored now) for a tablet that showed
    version ``shown`` (``old``: that game, if known) — only if it still shows this game.
    None: there was nothing to do.  ``tbl`` is changed in place when a step is recorded.

    ``step_id`` is the tablet's id for this step (one is made here if not): a request sent
    again after a lost answer finds its step stored and is not applied twice, and after a fault
    the store is asked whether the step is stored before anything is said about it."""
    sid = step_id or new_step_id()
    if tbl.version != shown and step_id:
        try:
            saved = store.step_saved(tbl.gid, step_id)
        except StorageError:
            return Done(("warning", UNSURE), unsure=True)
        if saved is not None:  # this very step was stored before: said as done, not again
            return Done(stepped=True, reset=True)
    if tbl.version != shown and (old is None or not table.same_game(old, tbl)):
        return Done(("warning", table.stale_words(old, tbl, ACTION_WORDS[action])), reset=True)
    try:
        said = ACTIONS[action](
            store, tbl, sel, view.step_facts(tbl.game) if facts is None else facts, sid
        )
    except IllegalStep as e:
        return Done(("error", table.verdict_words(e.verdict)), reset=True)
    except Conflict:
        try:
            fresh: table.Table | None = table.load_table(store, tbl.gid)
        except Exception:  # the reader says what is wrong with the stored game
            fresh = None
        note = (
            None
            if fresh is None
            else ("warning", table.stale_words(old, fresh, ACTION_WORDS[action]))
        )
        return Done(note, reset=True, reread=True)
    except StorageError as e:
        return _after_fault(store, tbl.gid, sid, e)
    if said is None:
        return None
    return Done(("info", said) if said else None, stepped=True, reset=True)


def _after_fault(store: Store, gid: str, sid: str, fault: StorageError) -> Done:
    """A step whose write failed: the store may have kept it all the same (a COMMIT whose
    answer was lost), so it is asked before the table is told anything."""
    try:
        saved = store.step_saved(gid, sid)
    except StorageError:
        return Done(("warning", UNSURE), reread=True, unsure=True)
    if saved is not None:
        return Done(stepped=True, reset=True, reread=True)
    return Done(("error", f"{NOT_SAVED} {fault.message}"), reread=True)
