"""Everyone moves a seat (R9): everyone leaves their cards and moves one seat."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.variant.declare import Choice
from referee.variant.model import Variant


class RotateSeats(EffectSpec):
    name = "rotate_seats"
    title = "Everyone moves a seat"
    rule = "R9"
    description = "Everyone leaves their cards and moves one seat left or right."
    help = "Everyone gets up and moves one seat. The cards stay where they are."
    params = (
        Choice(
            "direction",
            "Which way",
            "left: to the next seat (clockwise); right: to the previous seat.",
            choices=("left", "right"),
            default="left",
            words=(
                "One seat to the left (the next seat)",
                "One seat to the right (the seat before)",
            ),
            optional=True,
        ),
    )
    order = 150
    copyable = True  # a mirror copies it: everyone moves again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """Left is the next seat clockwise; play continues after the seat played from."""
        s = r.state
        side = self.arg(params, "direction")
        shift = 1 if side == "left" else -1
        n = len(s.names)
        old = list(s.names)
        for i, who in enumerate(old):
            s.names[(i + shift) % n] = who
        r.continue_from = r.mover
        r.say(f"Everyone moves one seat to the {side}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        side = self.arg(params, "direction")
        return f"Everyone leaves their cards where they are and moves one seat to the {side}."
