"""History: the steps taken, for undo and redo, with one redo stack (R11.3).

``History`` is one part of a game (``engine.game.Game`` holds it).  Each step taken keeps a
copy of the state before it, so undo is exact and a step's cost depends on the size of the
table, never on how long the game has run.  A game that keeps no history (the simulator)
records nothing.
"""

from __future__ import annotations

from referee.engine.steps import Outcome, Step
from referee.state import State


class History:
    """The steps taken (each with the state before it and its outcome), and those undone."""

    def __init__(self) -> None:
        self.done: list[tuple[Step, State, Outcome]] = []
        self.undone: list[Step] = []  # what redo brings back, the next one last

    def record(self, step: Step, before: State, outcome: Outcome) -> None:
        """A new step was taken: it joins the history, and the redo stack is gone."""
        self.done.append((step, before, outcome))
        self.undone.clear()

    def undo(self) -> tuple[Step, State]:
        """The last step taken and the state before it; redo may bring it back (R11.3)."""
        if not self.done:
            raise IndexError("nothing to undo")
        step, before, _ = self.done.pop()
        self.undone.append(step)
        return step, before
