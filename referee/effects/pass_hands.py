"""Pass the hands (R8.8): every seat passes its whole hand to a neighbour."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.variant.declare import Choice
from referee.variant.model import Variant


class PassHands(EffectSpec):
    name = "pass_hands"
    title = "Pass the hands"
    rule = "R8.8"
    description = "Every player, out ones included, passes their whole hand to a neighbour."
    help = "Everyone passes their hand cards to the player next to them."
    params = (
        Choice(
            "direction",
            "Which way",
            "right: to the previous seat; left: to the next seat (clockwise).",
            choices=("left", "right"),
            default="right",
            words=(
                "To the left (the player after you)",
                "To the right (the player before you)",
            ),
            optional=True,
        ),
    )
    order = 120
    copyable = True  # a mirror copies it: everyone passes again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.8: every seat passes its hand; right is the previous seat clockwise."""
        s = r.state
        side = self.arg(params, "direction")
        hands = [seat.hand for seat in s.seats]
        shift = -1 if side == "right" else 1
        n = len(hands)
        for i, hand in enumerate(hands):
            s.seats[(i + shift) % n].hand = hand
        r.say(f"Everyone passes their hand to the {side}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        side = self.arg(params, "direction")
        return f"Everyone passes their whole hand to the player on their {side}."
