"""Clear the pile (R8.5): the pile leaves the game and the same player plays again."""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class ClearPile(EffectSpec):
    name = "clear_pile"
    title = "Clear the pile"
    rule = "R8.5"
    description = "Remove the whole pile from the game; the same player plays again."
    help = "The whole pile leaves the game, and the same player plays again."
    order = 60
    copyable = True  # a mirror copies it: the pile is removed again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.5: the pile leaves the game and the same player plays again."""
        n = r.state.burn_pile()
        r.play_again = True
        r.say(
            f"The pile is cleared ({words.cards(n)} out of play)." if n else "The pile is cleared."
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The whole pile, this card included, leaves the game, and the same player plays "
            "again on an empty pile."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 5.0 + pile_size
