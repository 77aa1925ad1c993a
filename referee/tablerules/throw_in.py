"""A discard step before play (issue 42, docs/rulings.md ruling 159; pagat.com's Reverse
Shithead: "any threes you get are thrown into the central discard pile.  The first person to
play is the one after the person who threw down the last three.  If no-one has a three than you
do the same with 4's").  After the deal (and the face-up choice) each player throws every card
of the lowest rank without a power that anyone holds - the 3s where the 2s have a power - from
the hand onto the pile, starting it; nobody may keep one back.  They throw in seat order from
the dealer's left (R2.3), so the player after the last one to throw starts, instead of the
first listed.  Each thrower draws back up to the minimum hand while the draw pile lasts (R6.4).
Nobody played the thrown cards (they have no power anyway), and they count in a run of
identical cards on the pile (R7.1) as any cards lying there.

At a real table the referee cannot see the hands (R4.3): the table tells which cards each
player threw (a record's ``thrown``, asked on the New game page), and the referee checks what
it can - one rank for everyone, without a power, no more than the hand and the pack hold.  With
full information the deal does the step itself.

This file is the whole rule: its field, its words, its check and its hooks into the engine
(``set_up``: the cards the table says each player threw in; ``draw_set_up``: the lowest cards
thrown in with full information).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from referee.table.setup import SetUp, SetupError, check_card, check_copies
from referee.table.state import Seat
from referee.tablerules.spec import TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck, switch


class ThrowIn(TableRule):
    name = "throw_in"
    order = 17
    rule = "R2.3"
    place = "deal"
    told = "thrown"
    declared = switch(
        "throw_in",
        "A discard step before play",
        "At the deal each player throws every card of the lowest rank without a power that "
        "anyone holds (the 3s where 2s have a power) from the hand onto the pile, and draws back "
        "up; the player after the last one to throw starts.",
        "Before play, throw the low plain cards (such as 3s) onto the pile",
    )

    def set_up(self, t: SetUp) -> None:
        """The discard step: in seat order from the dealer's left (R2.3), each player's thrown
        cards leave the hand for the pile, all of one rank without a power; each thrower draws
        back up (R6.4); the player after the last to throw starts.  The table's word is checked
        as far as the table can know it (R4.3)."""
        s, v, thrown = t.state, t.variant, t.told.thrown
        if not any(thrown.values()):
            return
        for name in thrown:
            if name not in s.names:
                raise SetupError(f"{name} is not one of the players.", f"thrown.{name}")
        last: int | None = None
        ranks: set[Card] = set()
        for i, name in enumerate(s.names):
            cards = tuple(thrown.get(name, ()))
            if not cards:
                continue
            where = f"thrown.{name}"
            for c in cards:
                check_card(v, c, where)
            ranks.update(cards)
            card = cards[0]
            if len(ranks) > 1:
                raise SetupError("everyone throws in cards of one rank, the lowest.", where)
            if not isinstance(card, int) or v.effects_of(card):
                said = v.card_name(card)
                raise SetupError(
                    f"{said} has a power; only cards without one are thrown in.", where
                )
            hand = s.seats[i].hand
            if len(cards) > hand.count:
                raise SetupError(f"{name} throws {len(cards)} cards but holds {hand.count}.", where)
            hand.take(card, len(cards))
            s.pile.extend(cards)
            if not t.full_information:  # with full information every card is seen already
                s.see(card, len(cards))
            last = i
        check_copies(v, t.decks, s.seen, "the cards seen at the deal show", "thrown")
        for i, name in enumerate(s.names):
            if thrown.get(name):
                s.draw(i, t.least - s.seats[i].hand.count)
        if last is not None:
            s.mover = (last + 1) % len(s.names)

    def draw_set_up(self, t: SetUp) -> None:
        """With full information: every copy of the lowest number without a power that any
        hand holds is thrown in by whoever holds it (nothing where no hand holds one), as told
        at a table."""
        thrown = lowest(t.variant, t.state.names, t.state.seats)
        t.told = dataclasses.replace(t.told, thrown=thrown)
        self.set_up(t)

    def told_unasked(self, t: SetUp) -> str:
        return "nobody throws cards in here, so no cards are thrown."

    def told_step(self, variant: Variant) -> str:
        return "say which cards each player threw in"

    def told_question(self, variant: Variant) -> str:
        return "Which cards did each player throw onto the pile?"

    def sheet(self, variant: Variant) -> str:
        return (
            "Then each player throws every card of the lowest rank without a power that anyone "
            "holds (the 3s where 2s have a power) from their hand onto the pile, in turn from "
            "the dealer's left, and draws back up. The player after the last one to throw "
            "starts."
        )

    def check(self, c: TableCheck) -> None:
        table = c.view.get("table")
        starts = table.get("starts") if isinstance(table, Mapping) else None
        if c.value and starts not in (None, "first"):
            c.error(
                f"throw_in says who starts (the player after the last one to throw), and so does "
                f"starts: {starts}; expected one or the other",
                "The cards thrown in say who starts here, so choose one way to start.",
            )


def lowest(
    variant: Variant, players: Sequence[str], seats: Sequence[Seat]
) -> dict[str, tuple[Card, ...]]:
    """Every copy of the lowest number without a power that any hand holds (all known), by
    who holds it; {} where no hand holds one."""
    ordinary = [
        c
        for seat in seats
        for c in seat.hand.known
        if isinstance(c, int) and not variant.effects_of(c)
    ]
    if not ordinary:
        return {}
    low = min(ordinary)
    return {
        name: (low,) * seat.hand.known[low]
        for name, seat in zip(players, seats, strict=True)
        if seat.hand.known.get(low)
    }
