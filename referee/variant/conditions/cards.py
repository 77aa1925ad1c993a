"""Only when the play lays this many cards at once (issue 42): "four of a kind from the hand
goes on anything and burns", "four of a kind burns only when all four are laid at once"."""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Int


class Cards(Condition):
    field = Int(
        "cards",
        "Cards played together",
        "Only when the play lays exactly this many cards at once (4: four of a kind).",
        lo=1,
        hi=12,
    )
    order = 20
    by_view = False  # the pile's view does not show it: the R5 check is asked with the play

    def test(self, value: Any, m: Moment) -> bool | None:
        return None if m.cards is None else m.cards == value

    def words(self, value: Any) -> str:
        if value == 1:
            return "it is played on its own"
        return f"{value} of them are played together"
