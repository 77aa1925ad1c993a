"""Turn up the draw pile's top card to start the pile (issue 42, docs/rulings.md ruling 156;
cardgames.guru: "turn the top card over to start the discard pile").  R2.1 leaves the pile empty
after the deal; at a table that plays this rule the dealer turns the draw pile's top card face
up onto it, and the first player plays on that card as on any pile (R5).

Nobody played the card, so the powers a card has when it is played do not happen (a 10 turned
up does not burn, an 8 skips nobody); what it says while it lies there holds, as for a start
position's top card (rulings 7 and 114): what it counts, what may go on it, a demand that binds
the first step.  It is one of the identical cards on top (R7.1): three 9s laid on a turned-up 9
burn.  At a real table the table tells the referee which card it is (a record's ``turned_up``,
asked on the New game page); with full information the deal turns it up itself.

This file is the whole rule: its field, its words, its check and its hook into the engine
(``turns_up``).
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class TurnUp(TableRule):
    name = "turn_up"
    order = 16
    rule = "R2.1"
    place = "deal"
    told = "turned_up"
    declared = switch(
        "turn_up",
        "Turn up the top card to start the pile",
        "After the deal, the draw pile's top card is turned face up to start the pile. Nobody "
        "played it: its powers do not happen, and the first player plays on it as on any pile.",
        "Turn the draw pile's top card up to start the pile",
    )

    def turns_up(self) -> bool:
        return True

    def told_step(self, variant: Variant) -> str:
        return "say which card you turned up"

    def told_question(self, variant: Variant) -> str:
        return "Which card did you turn up to start the pile?"

    def sheet(self, variant: Variant) -> str:
        return (
            "Then the top card of the draw pile is turned face up to start the pile. Nobody "
            "played it, so its power does not happen; the first player plays on it as usual."
        )

    def check(self, c: TableCheck) -> None:
        if c.beside("deal_rest"):
            c.warn(
                "turn_up turns up the draw pile's top card, and deal_rest leaves no draw pile, "
                "so nothing is turned up; expected one or the other",
                "All the cards are dealt out here, so there is no draw pile to turn a card up "
                "from.",
            )
