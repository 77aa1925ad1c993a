"""A face-up card taken with the pile (docs/rulings.md, ruling 108): a player with no hand cards
and no draw pile left who picks up the pile also takes one of their face-up cards, of their
choice, into the hand (the pick-up names it: ``take``).

This file is the whole rule: its field, its words and its hook into the engine.
"""

from __future__ import annotations

from referee.table.state import State
from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Variant
from referee.variant.table import switch


class TakeFaceUp(TableRule):
    name = "take_face_up"
    order = 30
    declared = switch(
        "take_face_up",
        "A face-up card taken with the pile",
        "A player with no hand cards left who picks up the pile also takes one of their "
        "face-up cards, of their choice, into the hand.",
        "With no hand cards left, whoever picks up the pile takes a face-up card too",
    )

    def takes_face_up(self, ref: Referee, s: State) -> bool:
        """No hand cards and no draw pile left (R3.2), and face-up cards to take."""
        seat = s.seats[s.mover]
        return not seat.hand.count and not s.draw_pile and seat.face_up.count > 0

    def sheet(self, variant: Variant) -> str:
        return (
            "With no hand cards left, whoever picks up the pile also takes one of their "
            "face-up cards into their hand (they choose which)."
        )
