"""A turned-up card with a power is put back and the next one turned up (issue 42, docs/rulings.md
ruling 172; REFC8, Crazy Eights: "if an eight is turned at this stage, it is returned to the
middle of the pack and the next card is turned instead").  As ``turn_up`` (ruling 156), the
draw pile's top card is turned up to start the pile; here a card with a power does not stay
there: it goes back under the draw pile and the next card is turned up, until one without a
power stays (every card with a power: the last turned up stays, nobody playing it).

At a real table the table tells the referee the card that stayed turned up (a record's
``turned_up``, the New game page's question); a card with a power is refused there.  With full
information the deal turns cards up itself, putting each card with a power under the draw pile.

This file is the whole rule: its field, its words, its check and its hooks into the engine
(``turn_up``'s set-up, with ``goes_back``: a card with a power).
"""

from __future__ import annotations

from referee.tablerules.turn_up import TurnUp
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck, switch


class TurnUpAgain(TurnUp):
    name = "turn_up_again"
    order = 17
    declared = switch(
        "turn_up_again",
        "Turn up the top card; a power card goes back",
        "After the deal, the draw pile's top card is turned face up to start the pile; a card "
        "with a power goes back under the draw pile and the next card is turned up, until one "
        "without a power stays.",
        "Turn the draw pile's top card up to start the pile, turning again past power cards",
    )

    def goes_back(self, variant: Variant, card: Card) -> bool:
        return bool(variant.effects_of(card))

    def told_question(self, variant: Variant) -> str:
        return "Which card stayed turned up to start the pile (not a card with a power)?"

    def sheet(self, variant: Variant) -> str:
        return (
            "Then the top card of the draw pile is turned face up to start the pile. A card "
            "with a power goes back under the draw pile, and the next card is turned up, until "
            "a card without a power stays. The first player plays on it as usual."
        )

    def check(self, c: TableCheck) -> None:
        super().check(c)
        if c.beside("turn_up"):
            c.error(
                "turn_up_again turns up the draw pile's top card already; expected turn_up "
                "left out",
                "This rule turns up the top card already. Take out the other “turn up” rule.",
            )
