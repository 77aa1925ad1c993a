"""History: push (verdict first), undo and redo, with one redo stack (R11.3).

Each push keeps a copy of the state before it, so undo is exact and a step's cost depends on
the size of the table, never on how long the game has run.  A game that keeps no history (the
simulator) keeps no copies.
"""

from __future__ import annotations

from referee.engine.parts import GameParts
from referee.engine.steps import IllegalStep, Outcome, Step


class History(GameParts):
    """The steps taken, undo and redo."""

    @property
    def history(self) -> list[tuple[Step, Outcome]]:
        return [(step, outcome) for step, _, outcome in self._done]

    @property
    def steps(self) -> list[Step]:
        return [step for step, _, _ in self._done]

    @property
    def step_count(self) -> int:
        return len(self._done)

    @property
    def last_outcome(self) -> Outcome | None:
        return self._done[-1][2] if self._done else None

    @property
    def undone(self) -> list[Step]:
        """The steps redo would bring back, the next one last."""
        return list(self._undone)

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    def push(self, step: Step, *, trusted: bool = False) -> Outcome:
        """Apply a legal step; an illegal one raises IllegalStep and changes nothing.

        ``trusted`` skips the verdict for a step just taken from ``legal_steps()`` (simulation).
        """
        if not trusted:
            verdict = self.explain(step)
            if not verdict.legal:
                raise IllegalStep(verdict)
        before = self.state.copy() if self.keep_history else self.state
        outcome = self._apply(step)
        if self.keep_history:
            self._done.append((step, before, outcome))
            self._undone.clear()
        return outcome

    def pop(self) -> Step:
        """Undo the last step (R11.3)."""
        if not self._done:
            raise IndexError("nothing to undo")
        step, before, _ = self._done.pop()
        self.state = before
        self._undone.append(step)
        return step

    def redo(self) -> Outcome:
        """Redo the last undone step."""
        if not self._undone:
            raise IndexError("nothing to redo")
        step = self._undone.pop()
        undone = self._undone
        self._undone = []
        outcome = self.push(step)
        self._undone = undone
        return outcome
