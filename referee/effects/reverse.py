"""Reverse (R9): the direction of play turns around."""

from __future__ import annotations

from referee.effects.base import EffectSpec, Params, Resolution


class Reverse(EffectSpec):
    name = "reverse"
    title = "Reverse"
    rule = "R9"
    description = "Reverse the direction of play."
    help = "Play goes the other way round."
    order = 110

    def resolve(self, r: Resolution, params: Params) -> None:
        r.state.direction = -r.state.direction
        r.say("The direction of play is reversed.")

    def sheet(self, params: Params, variant: object) -> str:
        return "The direction of play turns around."
