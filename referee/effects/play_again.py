"""Play again (R6.6, a menu effect): the same player plays again, on top of this card."""

from __future__ import annotations

from referee.effects.base import EffectSpec, Params, Resolution


class PlayAgain(EffectSpec):
    name = "play_again"
    title = "Play again"
    rule = "R6.6"
    description = "The same player plays again, on top of this card."
    help = "The same player plays again, on top of this card."
    order = 70

    def resolve(self, r: Resolution, params: Params) -> None:
        r.play_again = True

    def sheet(self, params: Params, variant: object) -> str:
        return "The same player plays again, on top of this card."

    def bot_score(self, state: object, pile_size: int) -> float | None:
        return 2.5
