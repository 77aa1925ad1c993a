"""Lower and skip (a house rule): on a number rank, the next player loses their turn, and the
play after must be a number no higher than this card (or a wild card).

This file is the whole effect: the menu, the schema, the loader, the rules sheet, the Design
page and the bots read it from the registry.  The restriction it sets is the core one (R5.4),
so its verdicts are worded as any restriction's, naming this card and citing its rule.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Arrival, Resolution
from referee.effects.skip import owe_turn
from referee.effects.spec import PER_COPY, CardCheck, EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class LowerAndSkip(EffectSpec):
    name = "lower_and_skip"
    title = "Next one skipped, then play lower"
    rule = "R9"
    description = (
        "On a number: the next player loses their turn, and the player after must play this "
        "number or lower (or a wild card)."
    )
    help = "The next player misses a turn. The one after plays this number or lower."
    params = (PER_COPY,)
    examples = ({"effect": "lower_and_skip"},)
    order = 105
    copyable = True  # a mirror copies it: the next player is skipped again (ruling 45)
    contradicts = {"next_range": "the next play can be restricted only one way"}

    def on_top(self, params: Params, a: Arrival) -> None:
        """The play after must be no higher than the number this card counts as on top: its
        own, or the copied card's for a mirror (ruling 43) - whenever it comes on top."""
        if a.value is not None:
            a.restrict(self.name, None, a.value, self.rule)

    def resolve(self, r: Resolution, params: Params) -> None:
        s = r.state
        seats = r.next_seats(self.times(r, params), walk_on=True)
        if not seats:
            return
        names = [s.names[i] for i in seats]
        for who in names:
            owe_turn(r, who)
        lose = f"{words.and_list(names)} will lose their next turn"
        limit = s.restriction
        if limit is not None and limit.hi is not None:
            hi = words.rank(limit.hi, r.variant)
            r.say(f"{lose}; the next play must be {hi} or lower.")
        else:
            r.say(f"{lose}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        alt = words.wild_alternative(variant)
        return (
            "The next player loses their turn, and the player after them must play this number "
            f"or lower, or {alt}."
        )

    def check(self, c: CardCheck) -> None:
        if c.rank is None:
            c.error(
                "lower_and_skip restricts the next play to the card's own number or lower, and "
                f"a {c.holder} has no number; expected it on a rank power",
                None,
                f"“{self.title}” needs the card's own number, and a {c.holder} has none. "
                "Give it to a number card instead, under “Powers for number cards”.",
            )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.5
