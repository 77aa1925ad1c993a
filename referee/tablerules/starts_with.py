"""Who starts by a named card of a suit (issue 42, docs/rulings.md ruling 167): "the player
holding the 3 of diamonds starts, and must play it"; arctangent.co.uk's group: "the person who
holds the 4 of clubs ... 4 of clubs first, if you don't have that then it's the 4 of hearts then
4 of spades then 4 of diamonds. Then move on to 5".

The rule names cards of one rank, each of a suit, in order (``starts_with: [3 of diamonds]``,
``starts_with: [4 of clubs, 4 of hearts, 4 of spades, 4 of diamonds]``).  Whoever holds the first
of them in their hand starts (R2.3) and opens the game with it: the first play is of that rank
and shows that suit (rule 111's suit shown), other copies of the rank may go with it (R4.1).
Where nobody holds it in the hand, the next card of the list; after the list, the same suits of
the next rank up, and so on.  A card face up, face down, in the draw pile or put aside is held
by nobody.  Where nobody holds any card of that order, the first player listed starts as usual.

At a real table the referee cannot see the hands (R4.3): the table tells which card the starter
holds (a record's ``opening_card``, asked on the New game page, which lists the seating from
them), or that nobody holds one.  With full information the deal draws which copies are of which
suit (the simulator deals ranks only).

This file is the whole rule: its field, its words, its check and its hooks into the engine
(``set_up``: the starting card the table says the starter holds; ``draw_set_up``: who holds one
with full information).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from referee.effects.base import Proposal, Refusal
from referee.table.setup import NONE_HELD, SetUp, SetupError
from referee.tablerules.spec import TableRule
from referee.variant.declare import Cards
from referee.variant.model import SUITS, Card, Variant
from referee.variant.table import TableCheck

Opening = tuple[int, str]
"""A starting card: a rank and a suit (``(3, 'diamonds')``)."""


def order(variant: Variant) -> tuple[Opening, ...]:
    """The starting cards in the order the table asks them (ruling 167): the cards the rule
    names, then the same suits of each next rank up, to the highest; () without the rule."""
    named = [variant.parse_suited(c) for c in variant.table.get(StartsWith.name) or ()]
    found = [(r, s) for x in named if x is not None for r, s in [x] if s in SUITS]
    if not found:
        return ()
    low, suits = found[0][0], [s for _, s in found]
    return tuple((r, s) for r in variant.ranks if r >= low for s in suits)


def said(variant: Variant, card: Opening) -> str:
    """'the 3 of diamonds', 'the Queen of hearts'."""
    return "the " + variant.suited_name(*card)


class StartsWith(TableRule):
    name = "starts_with"
    order = 21
    rule = "R2.3"
    place = "start"
    instead = True
    told = "opening_card"
    declared = Cards(
        key="starts_with",
        title="Who starts: the holder of a named card",
        about="Cards of one rank, each of a suit, in order (where the suits count): whoever "
        "holds the first of them in their hand starts and opens the game with it; if nobody "
        "does, the next one, then the same suits of the next rank up.",
        label="Whoever holds this card starts, and plays it first",
        optional=True,
        most=4,
        examples=(["3 of diamonds"], ["4 of clubs", "4 of hearts", "4 of spades", "4 of diamonds"]),
    )

    def checks(self, card: Card, variant: Variant) -> bool:
        return True  # the first play must be of the starting card: every other is refused

    def refuse_play(self, ask: Proposal) -> Refusal | None:
        """The game's first play, where a starting card is told (``State.opening``): that rank,
        showing that suit (copies of the rank may go with it, R4.1)."""
        s = ask.state
        card = s.opening
        if not s.first_play or card is None:
            return None
        if ask.card == card[0] and ask.suit == card[1]:
            return None
        by, named = ask.by, said(ask.variant, card)
        if ask.card != card[0]:
            return self._no(f"{by} holds {named}, so {by} must open the game with it.")
        return self._no(f"{by} must show {named} in this first play.")

    def _no(self, words_: str) -> Refusal:
        return Refusal(self.name, self.name, self.rule, words_)

    def opening_order(self, variant: Variant) -> tuple[Opening, ...]:
        return order(variant)

    def set_up(self, t: SetUp) -> None:
        """The card the first play of a fresh deal at a table must show (ruling 167): the
        starting card the table says the starter holds (``State.opening``); none where nobody
        holds one."""
        v, card = t.variant, t.told.opening_card
        cards = order(v)
        if not cards:
            if card is not None:
                raise SetupError(self.told_unasked(t), "opening_card")
            return
        if card is None:
            first = v.suited_name(*cards[0])
            raise SetupError(f"say who holds the {first} (or that nobody does).", "opening_card")
        if card == NONE_HELD:
            return
        if card not in cards:
            raise SetupError(
                f"the {v.suited_name(*card)} does not say who starts here.", "opening_card"
            )
        if t.state.seen.get(card[0], 0) >= v.copies_per_deck(card[0]) * t.decks:
            raise SetupError(
                f"every {v.card_name(card[0])} lies face up, so nobody holds the "
                f"{v.suited_name(*card)}.",
                "opening_card",
            )
        t.state.opening = card

    def draw_set_up(self, t: SetUp) -> None:
        """With full information: who holds the first starting card of the order that is in a
        hand starts, listed first, and opens with it (ruling 167).  The deal knows ranks only,
        and in a shuffled deck the suits of a rank's copies are exchangeable, so they are dealt
        to the copies now - a random order of the pack's suits over the copies, each copy alike
        wherever it lies (a hand, the table, the draw pile, put aside).  Two decks hold two of
        a card: the earlier seat from the dealer's left starts.  Nobody holds any: the first
        listed starts, with any play (told as NONE_HELD)."""
        v, seats, cards = t.variant, t.state.seats, order(t.variant)
        if t.rng is None or not cards:
            return
        suits: dict[int, list[tuple[int, str]]] = {}
        for rank, suit in cards:
            if rank not in suits:
                where = [
                    i for i, seat in enumerate(seats) for _ in range(seat.hand.known.get(rank, 0))
                ]
                copies = v.copies_per_deck(rank) * t.decks
                labels = [s for s in SUITS for _ in range(t.decks)][:copies]
                t.rng.shuffle(labels)
                where += [-1] * (len(labels) - len(where))  # the copies in no hand
                suits[rank] = list(zip(where, labels, strict=True))
            holders = [i for i, s in suits[rank] if s == suit and i >= 0]
            if holders:
                t.starts_at(min(holders))
                t.state.opening = (rank, suit)
                t.told = dataclasses.replace(t.told, opening_card=(rank, suit))
                return
        t.told = dataclasses.replace(t.told, opening_card=NONE_HELD)

    def told_unasked(self, t: SetUp) -> str:
        return "no card says who starts here, so there is no starting card."

    def told_question(self, variant: Variant) -> str:
        cards = order(variant)
        return f"Who has {said(variant, cards[0])} in their hand?" if cards else ""

    def told_step(self, variant: Variant) -> str:
        cards = order(variant)
        return f"say who holds {said(variant, cards[0])}" if cards else ""

    def sheet(self, variant: Variant) -> str:
        cards = order(variant)
        if not cards:
            return self.declared.about
        listed = [c for c in cards if c[0] == cards[0][0]]
        text = f"Whoever holds {said(variant, cards[0])} in their hand starts, and opens the game "
        text += "with it."
        later = [said(variant, c) for c in listed[1:]]
        if len(cards) > len(listed):  # a next rank up
            up = cards[len(listed)]
            plural = variant.card_name(up[0]) + "s"
            later.append(f"the {plural} in the same order" if later else said(variant, up))
        if later:
            text += " If nobody does, " + ", then ".join(later) + ", and so on up."
        return text + " Play goes clockwise."

    def check(self, c: TableCheck) -> None:
        """Suits that count; cards of one rank, each of a suit, each once; no other way to say
        who starts beside it (``starts``, ``throw_in``), nor a turned-up card it may not go on."""
        ranks = c.view.get("ranks")
        pack = c.pack
        if not isinstance(ranks, Mapping) or pack is None or not pack.suits:
            c.error(
                "starts_with names a card by its suit, but this deck's suits do not count; "
                "expected ranks: {pack: ordinary, suits: true}",
                "Only an ordinary pack whose suits count knows who holds the 3 of diamonds. "
                "Say that the suits count, or choose another way to start.",
            )
            return
        cards = c.value if isinstance(c.value, Sequence) else ()
        found = [pack.parse_suited(x) for x in cards]
        if any(f is None or f[1] not in SUITS for f in found):
            bad = next(
                x for x, f in zip(cards, found, strict=True) if f is None or f[1] not in SUITS
            )
            c.error(
                f"'{bad}' is not a card of a suit; expected a card such as '3 of diamonds'",
                f"Name each card with its suit, such as “3 of diamonds” (not “{bad}”).",
            )
            return
        if len({f[0] for f in found if f}) > 1:
            c.error(
                "starts_with names cards of more than one rank; expected cards of one rank, "
                "each of a suit (the next rank up follows by itself)",
                "Name cards of one rank only: if nobody holds them, the next rank up follows.",
            )
        table = c.view.get("table")
        rules = table if isinstance(table, Mapping) else {}
        for other, why in (
            ("throw_in", "the cards thrown in say who starts"),
            ("turn_up", "the starting card may not go on the turned-up card"),
        ):
            if rules.get(other):
                c.error(
                    f"starts_with says who starts and what they open with, and {why} "
                    f"({other}); expected one or the other",
                    "A named card says who starts here, so choose one of the two rules.",
                )
        if rules.get("starts", "first") != "first":
            c.error(
                f"starts_with says who starts, and so does starts: {rules.get('starts')}; "
                "expected one or the other",
                "A named card says who starts here, so choose one way to start.",
            )


__all__ = ["Opening", "StartsWith", "order", "said"]
