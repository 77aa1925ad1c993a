"""One-time (R8): the card leaves the game as it resolves; it never stays on the pile."""

from __future__ import annotations

from referee.effects.base import EffectSpec, Params, Traits


class OneTime(EffectSpec):
    name = "one_time"
    title = "One-time"
    rule = "R8"
    description = "Removed from the game as it resolves (it never stays on the pile)."
    help = "The card leaves the game once it is played. It never stays on the pile."
    passive = True  # the engine removes the card as it lands (R8)
    order = 40
    said_last = True  # it happens last
    leaves_game = True

    def traits(self, params: Params, traits: Traits) -> None:
        traits.one_time = True

    def sheet(self, params: Params, variant: object) -> str:
        return "It is used only once: it leaves the game as it takes effect."
