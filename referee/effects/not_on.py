"""Not on (a house rule): cards this one may not cover - "an 8 may not go on a 7".  It reads the
value the pile counts (``PileView.value``: see-through cards looked through, a Karma card
counting 0) and refuses the values from min to max; an empty pile takes any card (R5.1).  The
mirror of ``only_on``, asked by the one R5 check in the same place.

This file is the whole effect: its hook (``lands_on``), its words, and what the schema, the
loader, the rules sheet, the Design page and the bots read from the registry.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import PileView, Refusal
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.declare import Int
from referee.variant.model import Card, Variant


class NotOn(EffectSpec):
    name = "not_on"
    title = "May not go on some cards"
    rule = "R9"
    description = "This card may not be played on a pile that counts from min to max."
    help = "Say which cards this one may not be played on, for example not on a 7."
    params = (
        Int(
            "min",
            "Not on this number or higher",
            "The lowest value of the pile it may not go on (default: the same as max).",
            lo=0,
            hi=99,
            empty="the same as the highest",
            optional=True,
        ),
        Int(
            "max",
            "Not on this number or lower",
            "The highest value of the pile it may not go on (default: the same as min).",
            lo=0,
            hi=99,
            empty="the same as the lowest",
            optional=True,
        ),
    )
    passive = True  # nothing happens as it is played: it only limits where it may go
    examples = ({"effect": "not_on", "min": 7, "max": 7},)
    order = 36

    @staticmethod
    def _bounds(params: Params) -> tuple[int | None, int | None]:
        lo, hi = params.get("min"), params.get("max")
        return (hi if lo is None else lo), (lo if hi is None else hi)

    def lands_on(
        self, params: Params, card: Card, pile: PileView, variant: Variant
    ) -> Refusal | None:
        value = pile.value
        lo, hi = self._bounds(params)
        if value is None or lo is None or hi is None or not lo <= value <= hi:
            return None
        name = variant.card_name(card)
        return Refusal(
            self.name,
            "not_on",
            variant.rule_for(card, self.rule),
            f"{name} may not go on {words.value_range(lo, hi, variant)}, and the pile counts "
            f"{words.rank(value, variant) if value else value}.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        lo, hi = self._bounds(params)
        if lo is None or hi is None:
            return "It may go on any card."
        return f"It may not be played on {words.value_range(lo, hi, variant)}."

    def check(self, c: CardCheck) -> None:
        lo, hi = c.number("min"), c.number("max")
        if "min" not in c.params and "max" not in c.params:
            c.error(
                "not_on needs min, max or both: the values it may not go on",
                None,
                "Say the lowest number, the highest number, or both: the cards it may not go on.",
            )
        elif lo is not None and hi is not None and lo > hi:
            c.error(
                f"min {lo} is more than max {hi}; expected min at most {hi}",
                "min",
                f"The lowest number is more than the highest ({hi}). Make it {hi} or less.",
            )
