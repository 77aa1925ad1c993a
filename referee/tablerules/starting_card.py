"""The first play must include the starting card (issue 42, docs/rulings.md rulings 130 and
145): where the holder of the lowest card starts (``starts: lowest`` or ``lowest_plain``), that
card is what made them the starter, and many tables have them open the game with it ("must
start with that card").  The first play of the game (a fresh deal, ``State.first_play``) must
then be of the starter's lowest number card in the hand - with ``lowest_plain``, their lowest
number without a power.  Where the lowest card face up starts (``lowest_face_up``), the card
everyone saw is the starting card: the starter opens with it from the face-up cards, though
they hold hand cards (R3.2 set aside for that one play); the table sees it, so the referee
knows it exactly.

At a physical table the referee cannot see the hand (R4.3): it refuses only what cannot be
that card - a number above one the hand is known to hold, and a card that is not a number (a
number with a power, under ``lowest_plain``) where the cards seen show that some hand holds a
number (an ordinary one); only where no hand may hold one does the lowest card of all start,
whatever it is.  With full information it is exactly the lowest.

This file is the whole rule: its field, its words, its check and its hook into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee import words
from referee.effects.base import Proposal, Refusal
from referee.table.state import Seat, ZoneName
from referee.tablerules.spec import TableRule
from referee.tablerules.starts import FACE_UP, LOWEST, PLAIN, Starts
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck, switch

_STARTS = Starts()  # read only: what ``starts`` says in a variant (its ``value``)


class StartingCard(TableRule):
    name = "starting_card"
    order = 25
    rule = "R2.3"
    place = "start"
    declared = switch(
        "starting_card",
        "The starter plays their starting card",
        "Where the holder of the lowest card starts (starts: lowest or lowest_plain), the first "
        "play of the game must include that card; where the lowest card face up starts "
        "(lowest_face_up), the starter opens with that face-up card.",
        "The first play must include the starting card",
    )

    def checks(self, card: Card, variant: Variant) -> bool:
        return _STARTS.value(variant) in (LOWEST, PLAIN, FACE_UP)

    def first_zone(self, variant: Variant, seat: Seat) -> ZoneName | None:
        """With ``lowest_face_up``: the face-up cards, where the starter shows a starting card."""
        if _STARTS.value(variant) != FACE_UP or _shown(variant, seat) is None:
            return None
        return "face_up"

    def refuse_play(self, ask: Proposal) -> Refusal | None:
        s = ask.state
        if s.first_play and _STARTS.value(ask.variant) == FACE_UP:
            return self._refuse_unshown(ask)
        if not s.first_play or ask.zone != "hand":
            return None  # only the first play of a fresh deal, from the hand where the card is
        v, card, by = ask.variant, ask.card, ask.by
        plain = _STARTS.value(v) == PLAIN and any(not v.effects_of(r) for r in v.ranks)
        kind = "ordinary card" if plain else "number card"
        hand = s.seats[ask.seat].hand
        numbers = sorted(c for c in hand.known if isinstance(c, int))
        ordinary = [c for c in numbers if not v.effects_of(c)] if plain else numbers
        lowest = min(ordinary or numbers, default=None)
        opens = f"{by} starts, so {by} must open with the lowest {kind} in the hand."
        if not hand.unknown:  # the whole hand is known (full information): exactly that card
            if lowest is None or card == lowest:
                return None  # no number in the hand: no starting card to play
            named = words.a_number(lowest, v)
            return self._no(f"{by} starts, so {by} must open with {named}, the lowest {kind}.")
        said = words.face(v.card_name(card))
        said = said[:1].upper() + said[1:]  # 'A Joker', 'Hop', '10'
        if not isinstance(card, int) or (plain and v.effects_of(card)):
            # Not the kind a starting card is - unless no hand may hold one at all, and the
            # lowest card of all starts (ruling 124): then it may be.
            if _may_lack(ask, plain):
                return None
            if not isinstance(card, int):
                return self._no(f"{opens} {said} is not a number card.")
            return self._no(f"{opens} {said} has a power.")
        if lowest is not None and card > lowest:
            return self._no(f"{opens} {by} has {words.a_number(lowest, v)}.")
        return None

    def _refuse_unshown(self, ask: Proposal) -> Refusal | None:
        """The first play where the lowest card face up starts: that card, from the face-up
        cards (copies of it there may go with it, R4.1)."""
        shown = _shown(ask.variant, ask.state.seats[ask.seat])
        if shown is None or (ask.zone == "face_up" and ask.card == shown):
            return None  # no number face up (or not all known): the first play is as usual
        by, named = ask.by, words.a_number(shown, ask.variant)
        return self._no(f"{by} starts, so {by} must open with {named} from the face-up cards.")

    def _no(self, said: str) -> Refusal:
        return Refusal(self.name, self.name, self.rule, said)

    def sheet(self, variant: Variant) -> str:
        if _STARTS.value(variant) == FACE_UP:
            return "The starter opens the game with that face-up card, before any hand card."
        if _STARTS.value(variant) == PLAIN:
            return "The first play of the game must include the starter's lowest ordinary card."
        return "The first play of the game must include the starter's lowest card."

    def check(self, c: TableCheck) -> None:
        """Without a starting card (the first player listed starts) the rule changes
        nothing."""
        table = c.view.get("table")
        how = table.get("starts") if isinstance(table, Mapping) else None
        if c.value and how not in (LOWEST, PLAIN, FACE_UP):
            c.warn(
                "starting_card changes nothing unless the holder of the lowest card starts; "
                "expected starts: lowest, lowest_plain or lowest_face_up",
                "Nobody starts with a card here, so this rule changes nothing.",
            )


def _may_lack(ask: Proposal, plain: bool) -> bool:
    """Whether every hand may hold no starting card at all - no number, or with ``plain`` no
    ordinary number (R4.3): no hand is known to hold one, and the unseen cards of other kinds
    are enough to fill every unknown hand card."""
    s, v = ask.state, ask.variant

    def starting(c: Card) -> bool:
        return isinstance(c, int) and not (plain and v.effects_of(c))

    unknown = 0
    for seat in s.seats:
        if any(starting(c) for c in seat.hand.known):
            return False
        unknown += seat.hand.unknown
    decks = v.decks_for(len(s.names)) or 1
    others = sum(
        max(0, v.copies_per_deck(c) * decks - s.seen.get(c, 0))
        for c in v.all_cards()
        if not starting(c)
    )
    return others >= unknown


def _shown(v: Variant, seat: Seat) -> int | None:
    """The starting card the starter shows face up: their lowest number card face up without a
    power, else their lowest number face up (as ``Starts.first_seat`` counts them); None where
    they show no number, or some of their face-up cards are not known (a record without them)."""
    zone = seat.face_up
    if zone.unknown:
        return None
    numbers = [c for c in zone.known if isinstance(c, int)]
    ordinary = [c for c in numbers if not v.effects_of(c)]
    return min(ordinary or numbers, default=None)
