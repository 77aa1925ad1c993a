"""Wild (R5.3): may be played on anything, even under a restriction."""

from __future__ import annotations

from referee.effects.base import Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.model import Variant


class Wild(EffectSpec):
    name = "wild"
    title = "Wild"
    rule = "R5.3"
    description = "May be played on anything, even under a restriction."
    help = "It may go on any card, even when the next play is limited."
    passive = True
    traits_by_play = True  # only where it may land: it may hang on a condition (``when``)
    order = 10

    def traits(self, params: Params, traits: Traits) -> None:
        traits.wild = True

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return "It may be played on anything, even when the next play is restricted."

    def check(self, c: CardCheck) -> None:
        if c.rank is None:
            c.warn(
                f"{c.holder.capitalize()}s are always wild (R5.3), so 'wild' changes nothing here; "
                "expected it left out",
                None,
                f"Karma cards are always wild, so “{self.title}” changes nothing here. "
                "You can take it out.",
            )
