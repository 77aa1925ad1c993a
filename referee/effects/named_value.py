"""A value named as the card is played (issue 42): "a joker is any card its player names".

The card goes on anything (wild, R5.3); its player names a number as they lay it (a play's
``named``, a record's ``as: 9``), and while it lies on the pile it counts as that number (R5.4),
so the next play must beat the number named.  It takes the number only, never the named rank's
powers (PAGATP: "any non-wild card you wish"); named nothing, it counts as itself.  The pile
remembers the number by place (``State.named``) as long as the card lies there (docs/rulings.md,
ruling 153).
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution, Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.model import Variant


class NamedValue(EffectSpec):
    name = "named_value"
    title = "Any card its player names"
    rule = "R5.4"
    description = (
        "Goes on anything; its player names a number as they play it, and on top of the pile "
        "it counts as that number."
    )
    help = (
        "It may go on any card. As it is played, its player says which number it is, and the "
        "next player must play that number or higher."
    )
    names_value = True  # a play names the number it counts as (`as`)
    order = 22
    contradicts = {
        "value": "a card cannot both count as a fixed value and as the value its player names",
        "transparent": "a card cannot both count as the card beneath and as a value named",
    }

    def traits(self, params: Params, traits: Traits) -> None:
        traits.wild = True

    def resolve(self, r: Resolution, params: Params) -> None:
        """Said as the card is played: the number named (the pile remembers it, ruling 153)."""
        if r.named is not None:
            r.say(f"It counts as {words.a_number(r.named, r.variant)}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "It may be played on anything. As it is played, its player names a number, and on "
            "top of the pile it counts as that number (but does nothing that number does), so "
            "the next player must play that number or higher."
        )

    def check(self, c: CardCheck) -> None:
        c.warn_never_on_pile("the value named never counts", self.title)
        if "wild" in c.names:
            c.warn(
                "'named_value' already makes the card wild (R5.3), so 'wild' changes nothing; "
                "expected it left out",
                None,
                f"“{self.title}” already goes on anything, so “Wild” changes nothing here. "
                "You can take it out.",
            )
