"""Who starts (issue 31.2, docs/rulings.md rulings 67, 124 and 126): the first player listed
(R2.3), whoever holds the lowest number card in their hand, whoever holds the lowest *ordinary*
number card - one whose rank has no power (issue 42: with powered 2s "lowest" would pick a
player holding a 2 in most deals) - or whoever has the lowest ordinary card face up, for all to
see.  Ties: the earlier seat.  At a physical table the New game
page asks who it is and lists the seating from them, clockwise, so the record's first player
is the starter; with full information the game finds them itself.

This file is the whole rule: its field, its words, its check and its hooks into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.table.state import Seat
from referee.tablerules.spec import TableRule
from referee.variant.declare import Choice
from referee.variant.fields import rank_of
from referee.variant.model import Variant
from referee.variant.table import TableCheck

FIRST, LOWEST, PLAIN, FACE_UP = "first", "lowest", "lowest_plain", "lowest_face_up"
ORDINARY = (PLAIN, FACE_UP)  # the answers where a card with a power does not count


class Starts(TableRule):
    name = "starts"
    order = 20
    rule = "R2.3"
    declared = Choice(
        key="starts",
        title="Who starts",
        about="first: the first player listed (R2.3); lowest: whoever holds the lowest number "
        "card, named at setup; lowest_plain: whoever holds the lowest number card that has no "
        "power (a 2 that resets or a 10 that burns does not count); lowest_face_up: whoever has "
        "the lowest number card without a power face up.",
        choices=(FIRST, LOWEST, PLAIN, FACE_UP),
        default=FIRST,
        optional=True,
        words=(
            "The player to the dealer's left",
            "Whoever has the lowest card in their hand",
            "Whoever has the lowest ordinary card (not a power card)",
            "Whoever has the lowest ordinary card face up",
        ),
    )
    place = "start"
    instead = True
    setup_question = "Who has the lowest card in their hand? They start."

    def question(self, variant: Variant) -> str:
        if self.value(variant) == FACE_UP:
            return "Who has the lowest card face up (not a card with a power)? They start."
        if self.value(variant) == PLAIN:
            return (
                "Who has the lowest ordinary card in their hand (not a card with a power)? "
                "They start."
            )
        return self.setup_question if self.value(variant) == LOWEST else ""

    def first_seat(self, variant: Variant, seats: Sequence[Seat]) -> int | None:
        """The seat holding the lowest number among its hand cards, or its face-up cards with
        ``lowest_face_up`` (ties: the earliest); with ``lowest_plain`` and ``lowest_face_up``
        among the numbers without powers, and only if nobody holds one among all numbers.
        None while some of those cards are unknown (a real table's hands): the table says."""
        how = self.value(variant)
        if how == FIRST:
            return None
        zones = [seat.face_up if how == FACE_UP else seat.hand for seat in seats]
        if any(zone.unknown for zone in zones):
            return None
        hands = [[c for c in zone.known if isinstance(c, int)] for zone in zones]
        if how in ORDINARY:
            plain = [[c for c in h if not variant.effects_of(c)] for h in hands]
            hands = plain if any(plain) else hands
        best, at = None, 0
        for i, numbers in enumerate(hands):
            if numbers and (best is None or min(numbers) < best):
                best, at = min(numbers), i
        return at

    def sheet(self, variant: Variant) -> str:
        if self.value(variant) == FACE_UP:
            return (
                "Whoever has the lowest ordinary number card face up starts (a card with a "
                "power does not count); play goes clockwise."
            )
        if self.value(variant) == PLAIN:
            return (
                "Whoever has the lowest ordinary number card in their hand starts (a card with "
                "a power does not count); play goes clockwise."
            )
        return "Whoever has the lowest number card in their hand starts; play goes clockwise."

    def check(self, c: TableCheck) -> None:
        """``lowest_face_up`` with no face-up cards; ``lowest_plain`` or ``lowest_face_up``
        where every number has a power: no card is ordinary."""
        deal = c.view.get("deal")
        if c.value == FACE_UP and isinstance(deal, Mapping) and deal.get("face_up") == 0:
            c.error(
                "lowest_face_up needs face-up cards, and deal.face_up is 0; expected another "
                "answer, or face-up cards in the deal",
                "Nobody has cards face up here, so choose another way to start.",
            )
        ranks, powers = c.view.get("ranks"), c.view.get("rank_powers")
        if c.value not in ORDINARY or not isinstance(ranks, Mapping):
            return
        if not isinstance(powers, list):
            return
        low, high = ranks.get("low"), ranks.get("high")
        pack = c.pack or Variant("", "")
        powered = {rank_of(p.get("rank"), pack) for p in powers if p.get("effects")}
        if not isinstance(low, int) or not isinstance(high, int) or low > high:
            return
        if all(r in powered for r in range(low, high + 1)):
            c.warn(
                f"every number card has a power, so no card is ordinary and {c.value} counts "
                "every card; expected a number without a power",
                "Every number card has a power here, so the lowest card of all starts.",
            )
