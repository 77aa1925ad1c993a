"""History: the steps taken, for undo and redo, with one redo stack (R11.3).

``History`` is one part of a game (``engine.game.Game`` holds it as ``game.past``).  Each step
taken keeps a copy of the state before it, so undo is exact and a step's cost depends on the
size of the table, never on how long the game has run.  A game that keeps no history (the
simulator) records nothing.  Undo puts the game back on the state before the last step; redo
takes an undone step again through the game's own ``push`` (judged like any other step), so
the history is the only part that changes the game it belongs to.
"""

from __future__ import annotations

from typing import Protocol

from referee.engine.steps import Outcome, Step
from referee.table.state import State


class _Game(Protocol):
    """What the history needs of the game it belongs to (``engine.game.Game``)."""

    state: State

    def push(self, step: Step, *, trusted: bool = False) -> Outcome: ...


class History:
    """The steps taken (each with the state before it and its outcome), and those undone."""

    def __init__(self, game: _Game) -> None:
        self._game = game
        self.done: list[tuple[Step, State, Outcome]] = []
        self._undone: list[Step] = []  # what redo brings back, the next one last

    def record(self, step: Step, before: State, outcome: Outcome) -> None:
        """A new step was taken (``Game.push``): it joins the history, and the redo stack is
        gone."""
        self.done.append((step, before, outcome))
        self._undone.clear()

    # --- looking back -----------------------------------------------------------------------

    @property
    def steps(self) -> list[Step]:
        """The steps taken, the first one first."""
        return [step for step, _, _ in self.done]

    @property
    def log(self) -> list[tuple[Step, Outcome]]:
        """Each step taken with its outcome, the first one first."""
        return [(step, outcome) for step, _, outcome in self.done]

    @property
    def count(self) -> int:
        """How many steps have been taken."""
        return len(self.done)

    @property
    def last_outcome(self) -> Outcome | None:
        return self.done[-1][2] if self.done else None

    @property
    def undone(self) -> list[Step]:
        """The steps redo would bring back, the next one last."""
        return list(self._undone)

    def state_before_last(self) -> State | None:
        """The state the last step started from (a read-only look: a view reads it, never
        undoes and redoes the live game), or None before the first step."""
        return self.done[-1][1] if self.done else None

    # --- undo and redo ----------------------------------------------------------------------

    def can_undo(self) -> bool:
        return bool(self.done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo(self) -> Step:
        """Take the last step back (R11.3): the game is on the state before it again, and redo
        may bring the step back."""
        if not self.done:
            raise IndexError("nothing to undo")
        step, before, _ = self.done.pop()
        self._undone.append(step)
        self._game.state = before
        return step

    def redo(self) -> Outcome:
        """Take the last undone step again; the rest of the redo stack stays."""
        if not self._undone:
            raise IndexError("nothing to redo")
        step = self._undone.pop()
        rest = list(self._undone)
        outcome = self._game.push(step)
        self._undone[:] = rest
        return outcome
