"""Only on the first play of the game, or only on a later one (issue 42): "the first card of
the game may be anything", "a 2 does not reset the pile on the first play".

The first play is the first step after a fresh deal (R2; the pile is empty then, so it is
always a play, R6.3).  A game joined under way (a start position, R2.4) has had it already.
"""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Choice

_WORDS = {
    "first": "it is the first play of the game",
    "later": "it is not the first play of the game",
}


class First(Condition):
    field = Choice(
        "play",
        "Which play",
        "Only on the first play of the game, or only on a later play.",
        choices=tuple(_WORDS),
        words=("The first play of the game", "Any later play"),
    )
    order = 5

    def test(self, value: Any, m: Moment) -> bool:
        return bool(m.first == (value == "first"))

    def words(self, value: Any) -> str:
        return _WORDS.get(value, "")
