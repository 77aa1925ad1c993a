"""Give the pile (R8.1): the whole pile becomes a chosen player's hand cards."""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import TARGET, EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class GivePile(EffectSpec):
    name = "give_pile"
    title = "Give the pile"
    rule = "R8.1"
    description = "Give the whole pile to a chosen player, as hand cards."
    help = "The player gives the whole pile to another player, who takes it into their hand."
    targeted = True
    params = (TARGET,)
    order = 50
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)
    contradicts = {"clear_pile": "the pile cannot be both given away and removed"}

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.1: the whole pile becomes the hand cards of the chosen (or the next) player,
        nothing if it is empty."""
        to = self.aimed_at(r, params)
        if to is None:
            return
        n = r.state.pile_to_hand(to)
        if n:
            r.say(f"{r.player} gives the pile ({words.cards(n)}) to {r.name(to)}.")
        else:
            r.say("The pile is empty, so there is nothing to give.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        if self.arg(params, "target") == "next":
            return "The next player takes the whole pile into their hand."
        return "The player gives the whole pile to any other player, who takes it into their hand."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 5.0 + pile_size
