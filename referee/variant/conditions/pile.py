"""Only when the pile is empty, or only when it is not (issue 42): "a 3 on an empty pile is
burned and skips the next player"."""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Choice


class Pile(Condition):
    field = Choice(
        "pile",
        "The pile",
        "Only when the pile is empty as the card is played, or only when it is not.",
        choices=("empty", "not_empty"),
        words=("The pile is empty", "The pile is not empty"),
    )
    order = 10

    def test(self, value: Any, m: Moment) -> bool:
        return bool(m.pile_empty == (value == "empty"))

    def words(self, value: Any) -> str:
        return "the pile is empty" if value == "empty" else "the pile is not empty"
