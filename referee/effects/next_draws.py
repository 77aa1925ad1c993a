"""The next player draws (a house rule, issue 9's proof): the next player who is in draws n
cards from the draw pile at once, as far as it lasts.

This file is the whole effect: the menu, the schema, the loader, the rules sheet, the Design
page and the bots read it from the registry.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import PER_COPY, EffectSpec, Params
from referee.table.state import State
from referee.variant.declare import Int
from referee.variant.model import Variant


class NextDraws(EffectSpec):
    name = "next_draws"
    draws = True
    title = "The next player draws"
    rule = "R9"
    description = "The next player draws this many cards from the draw pile (while it lasts)."
    help = "The next player takes cards from the draw pile."
    params = (
        Int(
            "n",
            "How many cards they take",
            "How many cards the next player draws.",
            lo=1,
            hi=20,
            default=2,
            optional=True,
        ),
        PER_COPY,
    )
    examples = ({"effect": "next_draws", "n": 2},)
    order = 180
    copyable = True  # a mirror copies it: the next player draws again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        s = r.state
        seat = r.next_seat()
        if seat is None:
            return
        who = s.names[seat]
        n = s.draw(seat, int(self.arg(params, "n")) * self.times(r, params))
        if n:
            r.say(f"{who} draws {words.cards(n)} from the draw pile.")
        else:
            r.say(f"The draw pile is empty, so {who} draws nothing.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        n = int(self.arg(params, "n"))
        each = ", for each card played together" if self.arg(params, "count") == "per_copy" else ""
        return (
            f"The next player draws {words.cards(n)}{each} from the draw pile into their hand "
            "(as many as are left)."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.0
