"""Change seats (R8.11): two people trade seats, each taking over the cards lying there."""

from __future__ import annotations

from referee.effects.base import EffectSpec, Params, Resolution


class SwapSeats(EffectSpec):
    name = "swap_seats"
    title = "Change seats"
    rule = "R8.11"
    description = "Trade seats, and the cards lying there, with a chosen player."
    help = "The player swaps seats with another player. Each takes the cards lying at the new seat."
    targeted = True
    order = 140

    def resolve(self, r: Resolution, params: Params) -> None:
        assert r.target is not None
        s = r.state
        mover_name, target_name = s.names[r.mover], s.names[r.target]
        s.names[r.mover], s.names[r.target] = target_name, mover_name
        r.continue_from = r.mover  # play continues after the seat where the card was played
        r.say(f"{mover_name} and {target_name} trade seats.")

    def sheet(self, params: Params, variant: object) -> str:
        return (
            "The player trades seats with any other player; each leaves their cards behind "
            "and takes over the cards at their new seat."
        )
