"""Exchange hands (R8.10): swap hand cards with a chosen player."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import TARGET, EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class ExchangeHands(EffectSpec):
    name = "exchange_hands"
    title = "Exchange hands"
    rule = "R8.10"
    description = "Swap hand cards with a chosen player, even if one hand is empty."
    help = "The player swaps hand cards with another player."
    targeted = True
    params = (TARGET,)
    bot_aim = "smallest_hand"  # only hand cards change hands
    order = 130
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.10: swap hand cards with the chosen (or the next) player, even when a hand is
        empty."""
        to = self.aimed_at(r, params)
        if to is None:
            return
        a, b = r.state.seats[r.seat], r.state.seats[to]
        a.hand, b.hand = b.hand, a.hand
        r.say(f"{r.player} and {r.name(to)} swap hands.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        who = "the next player" if self.arg(params, "target") == "next" else "any other player"
        return f"The player swaps hands with {who}, even if one of the hands is empty."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        """Worth it when somebody else holds a smaller hand."""
        mine = state.seats[state.mover].hand.count
        smaller = any(
            i != state.mover and seat.hand.count < mine for i, seat in enumerate(state.seats)
        )
        return 2.0 if smaller else 0.5
