"""Play, Pick up, Undo or Redo, carried out for a tablet that showed the game at one version.

Why one function: the Referee page's own buttons (a Streamlit rerun) and the table component's
requests (``referee.app.tableapi``, no rerun) must refuse a tablet that is behind, an illegal
step and a step another tablet stored first in the same words, and record a step the same way.
No Streamlit here: the caller turns a :class:`Done` into what its screen shows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from referee.engine import IllegalStep, PickUp, Step
from referee.store import Conflict, StorageError, Store

from . import table, view

ACTION_WORDS = {"play": "play", "pickup": "pick-up", "undo": "undo", "redo": "redo"}
KEEP_VERSIONS = 8  # per game: the versions a tablet that is behind may still show
KEEP_GAMES = 64


class Recent:
    """The games this app server drew or answered lately, frozen by version (every tablet on
    one game draws the same versions): a tablet that is behind is told what changed since the
    version it showed, whether its page or its table component asks."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, OrderedDict[int, table.Drawn]] = OrderedDict()

    def remember(self, tbl: table.Table) -> None:
        with self._lock:
            kept = self._games.get(tbl.gid)
            if kept is not None and tbl.version in kept:
                self._games.move_to_end(tbl.gid)
                return
        frozen = table.drawn(tbl)  # outside the lock: a copy of the game's step lists
        with self._lock:
            kept = self._games.setdefault(tbl.gid, OrderedDict())
            self._games.move_to_end(tbl.gid)
            kept[frozen.version] = frozen
            while len(kept) > KEEP_VERSIONS:
                kept.popitem(last=False)
            while len(self._games) > KEEP_GAMES:
                self._games.popitem(last=False)

    def recall(self, gid: str, version: int) -> table.Drawn | None:
        with self._lock:
            kept = self._games.get(gid)
            return None if kept is None else kept.get(version)


recent = Recent()  # one per app server


@dataclass(frozen=True)
class Done:
    """What came of an action: what to tell the table, and how the tablet's choice moves on."""

    note: tuple[str, str] | None = None  # (kind, words): "info", "warning" or "error"
    stepped: bool = False  # a step, undo or redo was recorded: show the top, where it shows
    reset: bool = False  # the tablet's choice starts afresh
    reread: bool = False  # the caller's copy of the game is not the stored one: read it again


def _play(store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts) -> str | None:
    step = view.view(tbl.game, sel, facts).step
    if step is None:
        return None
    table.commit(store, tbl, step)
    return ""


def _pick_up(
    store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts
) -> str | None:
    who = tbl.game.turn
    if who is None:
        return None
    if facts.takes and sel.take is None:  # the face-up card taken along, where a table rule says
        return None
    step: Step = PickUp(who, sel.take)
    table.commit(store, tbl, step)
    return ""


def _undo(store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts) -> str | None:
    if not tbl.game.can_undo():
        return None
    words = table.step_words(tbl.game.history[-1][1])
    n = tbl.game.step_count
    table.undo(store, tbl)
    return f"Undid step {n}: {words}"


def _redo(store: Store, tbl: table.Table, sel: view.Selection, facts: view.StepFacts) -> str | None:
    if not tbl.game.can_redo():
        return None
    table.redo(store, tbl)
    return ""


# Each action records its step and says what to tell the table ("" for nothing), or returns
# None when there was nothing to do.
ACTIONS: dict[str, Callable[[Store, table.Table, view.Selection, view.StepFacts], str | None]] = {
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
) -> Done | None:
    """Carry out ``action`` on ``tbl`` (the game as stored now) for a tablet that showed
    version ``shown`` (``old``: that game, if known) — only if it still shows this game.
    None: there was nothing to do.  ``tbl`` is changed in place when a step is recorded."""
    if tbl.version != shown and (old is None or not table.same_game(old, tbl)):
        return Done(("warning", table.stale_words(old, tbl, ACTION_WORDS[action])), reset=True)
    try:
        said = ACTIONS[action](
            store, tbl, sel, view.step_facts(tbl.game) if facts is None else facts
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
        return Done(("error", f"That step was not recorded: {e.message}"), reread=True)
    if said is None:
        return None
    return Done(("info", said) if said else None, stepped=True, reset=True)
