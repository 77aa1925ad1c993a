"""Only when the card goes right on a card just like it, or only when it does not (issue 42):
"two 7s cancel each other" - a 7 makes the next play a 7 or lower, and a 7 laid on a 7 lifts
that.  The card it goes on is the top of the pile as the play is made, as it lies (not seen
through a see-through card); an empty pile holds no card like it."""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Choice

_WORDS = {
    "same": "it goes on a card just like it",
    "other": "it does not go on a card just like it",
}


class LaidOn(Condition):
    field = Choice(
        "laid_on",
        "What it goes on",
        "Only when the card goes right on a card just like it (a 7 on a 7), or only when it "
        "does not.",
        choices=tuple(_WORDS),
        words=("On a card just like it", "Not on a card just like it"),
    )
    order = 15

    def test(self, value: Any, m: Moment) -> bool | None:
        if m.on_same is None:
            return None
        return bool(m.on_same == (value == "same"))

    def words(self, value: Any) -> str:
        return _WORDS.get(value, "")
