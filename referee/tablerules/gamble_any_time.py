"""The draw-pile gamble at any time (docs/rulings.md, ruling 158; APK: "you can also always play
the top card on the deck blindly"): the gamble of ruling 109, open to a player who could play a
card they hold as well, wherever picking up the pile would be open.  The card turned over is
judged as a blind face-down card (R7.5): played if it fits, else picked up with the pile.

This file is the whole rule: its field, its words and its hooks into the engine (the gamble's,
``referee/tablerules/gamble.py``, without its "only when stuck").
"""

from __future__ import annotations

from referee.tablerules.gamble import Gamble
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class GambleAnyTime(Gamble):
    name = "gamble_any_time"
    order = 41
    declared = switch(
        "gamble_any_time",
        "The draw-pile gamble at any time",
        "A player may turn over the top card of the draw pile instead of playing or picking "
        "up, even when they could play: it is played if it fits, else picked up with the pile.",
        "You may turn over the top card of the draw pile at any time instead of playing",
    )
    only_when_stuck = False

    def check(self, c: TableCheck) -> None:
        """It is the gamble already: ``gamble`` beside it would offer the same card twice."""
        if c.beside("gamble"):
            c.error(
                "gamble_any_time is the draw-pile gamble already, open at any time; "
                "expected gamble left out",
                "This rule is the draw-pile gamble already, at any time. Take out the other "
                "draw-pile gamble.",
            )

    def sheet(self, variant: Variant) -> str:
        return (
            "While the draw pile lasts, you may turn over its top card instead of playing a "
            "card or picking up, even when you could play. If it may go on the pile, it is "
            "played. If not, you pick up the pile with it."
        )
