"""Played as a number (issue 42; WIKI19: the joker "inverts the playing round; usually has a
numerical value of 8", among the cards "only playable according to their numerical value").

A Karma card or a joker is wild by being one (R5.3, docs/rulings.md ruling 102); with this
effect it is not: it goes on the pile only where a number card of its value may (R5.2, R5.4 -
on the same value or lower, under a restriction only if the value is allowed), and on top it
counts as that value.  It is still its own card, not a number: it makes no run with real cards
of that value (R7.1) and does none of their powers (docs/rulings.md, ruling 162).
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.declare import Int
from referee.variant.model import Variant


class PlaysAs(EffectSpec):
    name = "plays_as"
    title = "Played as a number, not wild"
    rule = "R5.2"
    description = (
        "Not wild: it goes on the pile only where a number card of this value may, and on top "
        "it counts as that value (for a Karma card or a joker)."
    )
    help = (
        "It does not go on anything: play it as if it were this number, and the next player "
        "must beat that number."
    )
    params = (Int("value", "Played as", "The number it is played as.", lo=1, hi=99),)
    passive = True
    # Where the card may go is judged before it is laid: it cannot wait for a condition.
    when_blocked = "it says where the card may go at all, so it cannot wait for a condition"
    examples = ({"effect": "plays_as", "value": 8},)
    order = 21
    contradicts = {
        "wild": "a card cannot both go on anything and only where its number may",
        "value": "a card played as a number already counts as that number",
        "transparent": "a card played as a number counts as that number, not the card beneath",
        "named_value": "a card cannot both be played as a fixed number and as a number named",
    }

    def traits(self, params: Params, traits: Traits) -> None:
        traits.wild = False
        traits.value = int(params["value"])

    def sheet(self, params: Params, variant: Variant | None) -> str:
        said = words.rank(int(params.get("value", 0)), variant)
        return (
            f"It is not wild: it is played as if it were {words.a_number(int(params.get('value', 0)), variant)}, "
            f"only where that card may go, and on top it counts as {said}, so the next player "
            f"must play {said} or higher."
        )

    def check(self, c: CardCheck) -> None:
        if c.rank is not None:
            c.error(
                "'plays_as' is for a Karma card or a joker: a number card is already played "
                "as its number; expected it on a Karma card or the jokers",
                None,
                f"“{self.title}” is for a Karma card or a joker. A number card already goes "
                "by its number.",
            )
        c.warn_never_on_pile("it is never played as a number", self.title)
        value = c.number("value")
        if c.ranks and value is not None and not c.ranks.start <= value <= c.ranks.stop - 1:
            lo, hi = c.ranks.start, c.ranks.stop - 1
            c.warn(
                f"no number card is {value} (the ranks are {lo} to {hi}); expected a value "
                f"from {lo} to {hi}",
                "value",
                f"There is no {value} in the deck. Pick a number from {lo} to {hi}.",
            )
