"""The figures of one self-played game: made by the runner, counted by the report.

A module of its own so that ``runner`` (which plays) and ``report`` (which counts) both import
it and neither imports the other: the arrows in ``referee.simulate`` point one way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.variant.model import Card


@dataclass
class GameResult:
    """The figures of one self-played game.

    ``steps`` counts steps, not turns: a play (a play again after a burn, or a table-card
    follow-up, is a step of its own) or a pick-up.
    """

    steps: int = 0
    pickups: int = 0  # steps that ended with the mover taking the pile (incl. blind misfits)
    picked_cards: int = 0
    burns: int = 0  # plays whose run burned the pile (R7.1)
    plays: dict[Card, int] = field(default_factory=dict)  # plays that landed, by card
    cards: dict[Card, int] = field(default_factory=dict)  # cards in those plays
    loser: str | None = None
    capped: bool = False  # unfinished: stopped at the step cap or as a proved stall
    stall: str = ""  # why it is unfinished: "cap", "repeat" or "quiet" (runner.play)
