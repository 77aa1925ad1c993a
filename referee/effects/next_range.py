"""Restricts the next play (R5.4): the next play must be a number from min to max, or wild."""

from __future__ import annotations

from referee import words
from referee.effects.base import Arrival
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.table.state import State
from referee.variant.declare import Int
from referee.variant.model import Variant


class NextRange(EffectSpec):
    name = "next_range"
    title = "Restricts the next play"
    rule = "R5.4"
    description = "The next play must be a number from min to max, or a wild card."
    help = (
        "The next player must play a number between the lowest and the highest you pick, "
        "or a wild card."
    )
    params = (
        Int(
            "min",
            "Lowest number allowed",
            "Lowest number allowed next (default: any).",
            lo=0,
            hi=99,
            empty="no lowest number",
            optional=True,
        ),
        Int(
            "max",
            "Highest number allowed",
            "Highest number allowed next (default: any).",
            lo=0,
            hi=99,
            empty="no highest number",
            optional=True,
        ),
    )
    examples = (
        {"effect": "next_range", "max": 5},
        {"effect": "next_range", "min": 7, "max": 11},
    )
    order = 30

    def on_top(self, params: Params, a: Arrival) -> None:
        """R5.4: the next play must be a number in [min, max], or a wild card - whenever this
        card comes on top (played, moved by Bottoms Up, copied, at the start)."""
        a.restrict(self.name, params.get("min"), params.get("max"), self.rule)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        lo, hi = params.get("min"), params.get("max")
        alt = words.wild_alternative(variant)
        if variant is not None and variant.ordinary:  # 'a Queen or lower', 'a card from 7 to J'
            if lo is not None and hi is not None:
                lo, hi = words.rank(lo, variant), words.rank(hi, variant)
                return f"The next player must play a card from {lo} to {hi}, or {alt}."
            if hi is not None:
                return (
                    f"The next player must play {words.a_number(hi, variant)} or lower, or {alt}."
                )
            if lo is not None:
                return (
                    f"The next player must play {words.a_number(lo, variant)} or higher, or {alt}."
                )
        if lo is not None and hi is not None:
            return f"The next player must play a number from {lo} to {hi}, or {alt}."
        if hi is not None:
            return f"The next player must play a number {hi} or lower, or {alt}."
        if lo is not None:
            return f"The next player must play a number {lo} or higher, or {alt}."
        return "It does not restrict the next play."

    def check(self, c: CardCheck) -> None:
        lo, hi = c.number("min"), c.number("max")
        if lo is None and hi is None and "min" not in c.params and "max" not in c.params:
            c.warn(
                "next_range without min or max restricts nothing; expected min, max or both",
                None,
                "Say the lowest number, the highest number, or both. Now it changes nothing.",
            )
        if lo is not None and hi is not None and lo > hi:
            c.error(
                f"min {lo} is more than max {hi}, so no number could follow; "
                f"expected min at most {hi}",
                "min",
                f"The lowest number is more than the highest ({hi}), so no number could "
                f"follow. Make it {hi} or less.",
            )
        elif c.ranks:
            top, bottom = c.ranks.stop - 1, c.ranks.start
            if lo is not None and lo > top:
                c.warn(
                    f"no number card is {lo} or higher (the highest is {top}), so only "
                    f"wild cards may follow; expected min at most {top}",
                    "min",
                    f"No number card is {lo} or higher (the highest is {top}), so only wild "
                    f"cards could follow. Make it {top} or less.",
                )
            if hi is not None and hi < bottom:
                c.warn(
                    f"no number card is {hi} or lower (the lowest is {bottom}), so only "
                    f"wild cards may follow; expected max at least {bottom}",
                    "max",
                    f"No number card is {hi} or lower (the lowest is {bottom}), so only wild "
                    f"cards could follow. Make it {bottom} or more.",
                )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0
