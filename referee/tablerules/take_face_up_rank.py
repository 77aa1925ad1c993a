"""Several face-up cards of one rank taken with the pile (docs/rulings.md, ruling 141): where a
face-up card goes with the pile (ruling 108), the player may take the others of its rank along
("one of the table cards, or several of the same rank": masters-of-shithead's rules).  The
pick-up names the card and how many copies (``PickUp.copies``; a record's ``take: [7, 7]``).

This file is the whole rule: its field, its words and its hooks into the engine (those of
``take_face_up``, whose condition it shares, and ``takes_several``).
"""

from __future__ import annotations

from referee.tablerules.take_face_up import TakeFaceUp
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class TakeFaceUpRank(TakeFaceUp):
    name = "take_face_up_rank"
    order = 31
    declared = switch(
        "take_face_up_rank",
        "Face-up cards of one rank taken with the pile",
        "A player with no hand cards left who picks up the pile also takes one of their "
        "face-up cards into the hand, or several of the same rank, as they choose.",
        "With no hand cards left, whoever picks up the pile takes a face-up card too, or "
        "several of one rank",
    )

    def takes_several(self) -> bool:
        return True

    def check(self, c: TableCheck) -> None:
        """It takes a face-up card along already: ``take_face_up`` beside it says it twice."""
        if c.beside("take_face_up"):
            c.warn(
                "take_face_up_rank already takes a face-up card with the pile; "
                "expected take_face_up left out",
                "This rule already takes a face-up card with the pile, so the other one is "
                "not needed.",
            )

    def sheet(self, variant: Variant) -> str:
        return (
            "With no hand cards left, whoever picks up the pile also takes one of their "
            "face-up cards into their hand, or several of the same rank (they choose)."
        )
