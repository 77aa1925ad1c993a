"""Bottom to top (R8.4): the bottom card of the pile is moved onto the top."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class BottomToTop(EffectSpec):
    name = "bottom_to_top"
    title = "Bottom to top"
    rule = "R8.4"
    description = (
        "The bottom card of the pile is moved onto the top; the next play is judged against it."
    )
    help = "The bottom card of the pile goes on top. The next player plays on that card."
    order = 90
    copyable = True  # a mirror copies it: the bottom card comes to the top again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.4: the bottom card goes on top; the engine judges runs and restrictions on it."""
        s = r.state
        if len(s.pile) > 1:
            card = s.bottom_to_top()
            r.landed = True
            r.say(f"The bottom card ({r.variant.card_name(card)}) moves to the top.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return "The bottom card of the pile is moved to the top, and the next player plays on that."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        """It helps when the bottom card is low: the next player is held down."""
        pile = state.pile
        low = bool(pile) and isinstance(pile[0], int) and pile[0] <= 6
        return 3.0 if low else 2.0
