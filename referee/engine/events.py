"""The flow events a step raises while it resolves (boardgame.io's "events"): gathered in a
``Flow`` and applied by the turn flow (``engine.flow``) once every effect has resolved."""

from __future__ import annotations

from collections.abc import Iterable


class Mute(list[str]):
    """The notes of a game that keeps no history (the simulator): nothing is kept."""

    __slots__ = ()

    def append(self, note: str, /) -> None:
        pass

    def extend(self, notes: Iterable[str], /) -> None:
        pass


MUTE = Mute()
"""The one ``Mute`` every step of a game without history shares: it keeps nothing, so there is
no need for a new one per step (the simulator's hot path)."""


class Flow:
    """Flow events gathered while a step resolves, applied by TurnFlow._finish."""

    __slots__ = (
        "play_again",
        "new_pile",
        "continue_from",
        "turn_to",
        "burned",
        "removed",
        "picked_up",
        "draws",
        "skipped",
    )

    def __init__(self) -> None:
        self.play_again = False
        self.new_pile = False  # the player who plays again has not played: a new pile is theirs
        self.continue_from: int | None = None
        self.turn_to: str | None = None  # the player chosen to go next, by name
        self.burned = False
        self.removed = 0
        self.picked_up = 0
        self.draws: list[tuple[str, int]] = []
        self.skipped: list[str] = []
