"""Exchange hands (R8.10): swap hand cards with a chosen player."""

from __future__ import annotations

from typing import Any

from referee.effects.base import EffectSpec, Params, Resolution


class ExchangeHands(EffectSpec):
    name = "exchange_hands"
    title = "Exchange hands"
    rule = "R8.10"
    description = "Swap hand cards with a chosen player, even if one hand is empty."
    help = "The player swaps hand cards with another player."
    targeted = True
    bot_aim = "smallest_hand"  # only hand cards change hands
    order = 130

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.10: swap hand cards with the chosen player, even when a hand is empty."""
        assert r.target is not None
        a, b = r.state.seats[r.mover], r.state.seats[r.target]
        a.hand, b.hand = b.hand, a.hand
        r.say(f"{r.name(r.mover)} and {r.name(r.target)} swap hands.")

    def sheet(self, params: Params, variant: object) -> str:
        return "The player swaps hands with any other player, even if one of the hands is empty."

    def bot_score(self, state: Any, pile_size: int) -> float | None:
        """Worth it when somebody else holds a smaller hand."""
        mine = state.seats[state.mover].hand.count
        smaller = any(
            i != state.mover and seat.hand.count < mine for i, seat in enumerate(state.seats)
        )
        return 2.0 if smaller else 0.5
