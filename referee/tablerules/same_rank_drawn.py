"""A drawn card of the same rank played at once (docs/rulings.md, ruling 111): who draws a card
of the rank they just played may play it at once, out of turn, before the next player steps.

This file is the whole rule: its field, its words and its hook into the engine.
"""

from __future__ import annotations

from referee import words
from referee.table.state import Seat, State, ZoneName
from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import switch


class SameRankDrawn(TableRule):
    name = "same_rank_drawn"
    order = 60
    rule = "R6.1"
    declared = switch(
        "same_rank_drawn",
        "A drawn card of the same rank played at once",
        "A player who draws a card of the rank they just played may play it at once, before "
        "the next player steps.",
        "Who draws a card of the rank they just played may play it at once",
    )

    def goes_on(
        self, ref: Referee, s: State, seat: Seat, card: Card, held: tuple[int, int]
    ) -> tuple[ZoneName, int] | None:
        """The copies of the card now in the hand beyond those held before, and the unknown
        cards drawn since (any of them may be one)."""
        hand = seat.hand
        most = hand.known.get(card, 0) - held[0] + max(hand.unknown - held[1], 0)
        return ("hand", most) if most > 0 else None

    def goes_on_words(self, by: str, card: str, next_player: str) -> str:
        return (
            f"If {by} just drew {words.a_card(card)}, {by} may play it before {next_player} steps."
        )

    def sheet(self, variant: Variant) -> str:
        return (
            "If you draw a card of the rank you just played, you may play it at once, before "
            "the next player goes."
        )
