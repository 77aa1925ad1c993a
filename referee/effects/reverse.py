"""Reverse (R9): the direction of play turns around."""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import PER_COPY, EffectSpec, Params
from referee.variant.model import Variant


class Reverse(EffectSpec):
    name = "reverse"
    title = "Reverse"
    rule = "R9"
    description = "Reverse the direction of play."
    help = "Play goes the other way round."
    params = (PER_COPY,)
    order = 110
    copyable = True  # a mirror copies it: the direction turns again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """Per copy, two reverses cancel out (issue 31.3)."""
        if self.times(r, params) % 2 == 0:
            r.say("The reverses cancel out: the direction of play stays as it was.")
            return
        r.state.direction = -r.state.direction
        r.say("The direction of play is reversed.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        if self.arg(params, "count") == "per_copy":
            return (
                "The direction of play turns around, once for each card played together: two "
                "cancel out."
            )
        return "The direction of play turns around."
