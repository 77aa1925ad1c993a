"""One-time (R8): the card leaves the game as it resolves; it never stays on the pile."""

from __future__ import annotations

from referee.effects.spec import EffectSpec, Params
from referee.variant.menu import Remedy
from referee.variant.model import Variant


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
    remedy = Remedy("once per game", {}, 1)  # a card that keeps games going

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return "It is used only once: it leaves the game as it takes effect."
