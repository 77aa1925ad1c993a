"""Who starts (issue 31.2, docs/rulings.md ruling 67): the first player listed (R2.3), or
whoever holds the lowest number card in their hand (ties: the earlier seat).  At a physical
table the New game page asks who it is and lists the seating from them, clockwise, so the
record's first player is the starter; with full information the game finds them itself.

This file is the whole rule: its field, its words and its hooks into the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.table.state import Seat
from referee.tablerules.spec import TableRule
from referee.variant.declare import Choice
from referee.variant.model import Variant


class Starts(TableRule):
    name = "starts"
    order = 20
    rule = "R2.3"
    declared = Choice(
        key="starts",
        title="Who starts",
        about="first: the first player listed (R2.3); lowest: whoever holds the lowest card, "
        "named at setup.",
        choices=("first", "lowest"),
        default="first",
        optional=True,
        label="Whoever has the lowest card in their hand starts",
    )
    on = "lowest"
    place = "start"
    instead = True
    setup_question = "Who has the lowest card in their hand? They start."

    def first_seat(self, variant: Variant, seats: Sequence[Seat]) -> int | None:
        """The seat holding the lowest number among its hand cards (ties: the earliest)."""
        if self.value(variant) != "lowest":
            return None
        best, at = None, 0
        for i, seat in enumerate(seats):
            numbers = [c for c in seat.hand.known if isinstance(c, int)]
            if numbers and (best is None or min(numbers) < best):
                best, at = min(numbers), i
        return at

    def sheet(self, variant: Variant) -> str:
        return "Whoever has the lowest number card in their hand starts; play goes clockwise."
