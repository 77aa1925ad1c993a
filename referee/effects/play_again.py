"""Play again (R6.6, a menu effect): the same player plays again, on top of this card."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class PlayAgain(EffectSpec):
    name = "play_again"
    title = "Play again"
    rule = "R6.6"
    description = "The same player plays again, on top of this card."
    help = "The same player plays again, on top of this card."
    order = 70
    copyable = True  # a mirror copies it: its player plays again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        r.play_again = True

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return "The same player plays again, on top of this card."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.5
