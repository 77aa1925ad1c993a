"""A limit chosen at the table (issue 42): "a 9, and its player says higher or lower".

As the card is played its player says whether the next play must be its number or higher, or
its number or lower (a play's ``limit``, a record's ``limit: lower``); the limit is set as the
card comes on top (R5.4), as next_range's is, with the card's own value as its edge.  A play
of the card that lands on the pile must say which (docs/rulings.md, ruling 171); the card
brought on top by no play (moved by Bottoms Up, copied by a mirror, lying there at a start)
has had nobody to choose, and limits nothing.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import LIMITS, Arrival, Resolution
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant

HIGHER, LOWER = LIMITS


class HigherOrLower(EffectSpec):
    name = "higher_or_lower"
    title = "Its player says higher or lower"
    rule = "R5.4"
    description = (
        "As it is played, its player says whether the next play must be this number or "
        "higher, or this number or lower (or a wild card)."
    )
    help = (
        "As the card is played, its player says “higher” or “lower”: the next player must "
        "play this card's number or higher, or this number or lower, or a wild card."
    )
    chooses_limit = True  # a play says higher or lower (`limit`, ruling 171)
    order = 31
    contradicts = {
        "next_range": "a card cannot both set a fixed limit and one its player chooses",
    }

    def on_top(self, params: Params, a: Arrival) -> None:
        """R5.4 with the edge its player chose (ruling 171): the next play must be the
        card's value or higher, or that value or lower, or wild.  Nobody chose (the card came
        on top by no play of it): no limit."""
        if a.limit is None or a.value is None:
            return
        if a.limit == HIGHER:
            a.restrict(self.name, a.value, None, self.rule, a.by)
        else:
            a.restrict(self.name, None, a.value, self.rule, a.by)

    def resolve(self, r: Resolution, params: Params) -> None:
        """Said as the card is played: the limit its player chose."""
        limit = r.state.restriction
        if r.limit is None or limit is None or limit.card != r.card:
            return
        edge = limit.lo if r.limit == HIGHER else limit.hi
        if edge is not None:
            said = words.a_number(edge, r.variant)
            r.say(f"{r.player} chose {r.limit}: the next player plays {said} or {r.limit}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        alt = words.wild_alternative(variant)
        return (
            "As it is played, its player says “higher” or “lower”: the next player must play "
            f"a card of its number or higher, or of its number or lower, or {alt}."
        )

    def check(self, c: CardCheck) -> None:
        c.warn_never_on_pile("it never limits the next play", self.title)

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0
