"""Counts as a value (R5.4): while on top, the card counts as this value."""

from __future__ import annotations

from referee import words
from referee.effects.base import Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.declare import Int
from referee.variant.model import Variant


class Value(EffectSpec):
    name = "value"
    title = "Counts as a value"
    rule = "R5.4"
    description = "While on top, counts as this value (0: anything may follow)."
    help = "On top of the pile it counts as the number you pick. 0 means any card may follow."
    params = (Int("value", "It counts as", "The value it counts as.", lo=0, hi=99),)
    passive = True
    examples = ({"effect": "value", "value": 0},)
    order = 20
    contradicts = {
        "transparent": "a card cannot both count as a value and as the card beneath",
    }

    def traits(self, params: Params, traits: Traits) -> None:
        traits.value = int(params["value"])

    def sheet(self, params: Params, variant: Variant | None) -> str:
        value = params.get("value", 0)
        if value == 0:
            return "On top of the pile it counts as 0, so any card may follow."
        said = words.rank(value, variant)
        return (
            f"On top of the pile it counts as {said}, so the next player must play "
            f"{said} or higher."
        )

    def check(self, c: CardCheck) -> None:
        if "next_range" in c.names:
            c.warn(
                "this card also has next_range, which decides the next play (R5.4), so "
                "'value' changes nothing; expected one of the two",
                None,
                "This card also says what the next player may play, and that wins. "
                f"Keep only one of the two, or take out “{self.title}”.",
            )
        c.warn_never_on_pile("'value' never counts", self.title)
        value = c.number("value")
        if c.ranks and value is not None and value > c.ranks.stop - 1:
            top = c.ranks.stop - 1
            c.warn(
                f"no number card is {value} or higher (the highest is {top}), so only wild "
                f"cards could follow; expected a value from 0 to {top}",
                "value",
                f"No number card is {value} or higher, so only wild cards could follow. "
                f"Pick 0 to {top}.",
            )
