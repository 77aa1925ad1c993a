"""The referee engine: state, steps, explain, apply, undo (RULES.md R3-R11)."""

from referee.engine.game import Game
from referee.engine.steps import (
    DRAW_PILE,
    NONE_HELD,
    ZONES,
    IllegalStep,
    Outcome,
    PickUp,
    Play,
    Position,
    SetupError,
    Step,
    Told,
    Verdict,
)

__all__ = [
    "DRAW_PILE",
    "NONE_HELD",
    "ZONES",
    "Game",
    "IllegalStep",
    "Outcome",
    "PickUp",
    "Play",
    "Position",
    "SetupError",
    "Step",
    "Told",
    "Verdict",
]
