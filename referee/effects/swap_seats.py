"""Change seats (R8.11): two people trade seats, each taking over the cards lying there."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import TARGET, EffectSpec, Params
from referee.variant.model import Variant


class SwapSeats(EffectSpec):
    name = "swap_seats"
    title = "Change seats"
    rule = "R8.11"
    description = "Trade seats, and the cards lying there, with a chosen player."
    help = "The player swaps seats with another player. Each takes the cards lying at the new seat."
    targeted = True
    params = (TARGET,)
    order = 140
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        to = self.aimed_at(r, params)
        if to is None:
            return
        s = r.state
        me = r.seat  # the card's player, wherever an earlier effect put them (ruling 113)
        target_name = s.names[to]
        s.names[me], s.names[to] = target_name, r.player
        r.continue_from = r.mover  # play continues after the seat where the card was played
        r.say(f"{r.player} and {target_name} trade seats.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        who = "the next player" if self.arg(params, "target") == "next" else "any other player"
        return (
            f"The player trades seats with {who}; each leaves their cards behind "
            "and takes over the cards at their new seat."
        )
