"""Only when the card is played from the hand, the face-up cards or a face-down card (issue
42): "four of a kind from the hand goes on anything"."""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Choice

_WORDS = {
    "hand": "it is played from the hand",
    "face_up": "it is played from the face-up cards",
    "face_down": "it is played from the face-down cards",
}


class Zone(Condition):
    field = Choice(
        "from",
        "Played from",
        "Only when the card is played from the hand, the face-up cards or the face-down cards.",
        choices=tuple(_WORDS),
        words=("From the hand", "From the face-up cards", "From the face-down cards"),
    )
    order = 30
    by_view = False  # the pile's view does not show it: the R5 check is asked with the play

    def test(self, value: Any, m: Moment) -> bool | None:
        return None if m.zone is None else m.zone == value

    def words(self, value: Any) -> str:
        return _WORDS.get(value, "")
