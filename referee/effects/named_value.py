"""A value named as the card is played (issue 42): "a joker is any card its player names".

The card goes on anything (wild, R5.3); its player names a number as they lay it (a play's
``named``, a record's ``as: 9``), and while it lies on the pile it counts as that number (R5.4),
so the next play must beat the number named.  It takes the number only, never the named rank's
powers (PAGATP: "any non-wild card you wish"); named nothing, it counts as itself.  The pile
remembers the number by place (``State.named``) as long as the card lies there (docs/rulings.md,
ruling 153).
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution, Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.declare import Cards
from referee.variant.model import Variant


class NamedValue(EffectSpec):
    name = "named_value"
    title = "Any card its player names"
    rule = "R5.4"
    description = (
        "Goes on anything; its player names a number as they play it, and on top of the pile "
        "it counts as that number."
    )
    help = (
        "It may go on any card. As it is played, its player says which number it is, and the "
        "next player must play that number or higher."
    )
    names_value = True  # a play names the number it counts as (`as`)
    params = (
        Cards(
            "names",
            "Which numbers it may be named as",
            "The numbers its player may name, each by its rank (a Jack is 11): MLR's joker is "
            "a 2 or a 10. Left out: any number of the deck.",
            label="Which numbers it may be named as (leave empty for any number)",
            optional=True,
        ),
    )
    order = 22
    contradicts = {
        "value": "a card cannot both count as a fixed value and as the value its player names",
        "transparent": "a card cannot both count as the card beneath and as a value named",
    }

    def names_allowed(self, params: Params) -> tuple[int, ...] | None:
        names = params.get("names")
        if not isinstance(names, list | tuple):
            return None
        return tuple(sorted((n for n in names if isinstance(n, int)), reverse=True))

    def traits(self, params: Params, traits: Traits) -> None:
        traits.wild = True

    def resolve(self, r: Resolution, params: Params) -> None:
        """Said as the card is played: the number named (the pile remembers it, ruling 153)."""
        if r.named is not None:
            r.say(f"It counts as {words.a_number(r.named, r.variant)}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        names = self.names_allowed(params)
        which = "a number"
        if names is not None:
            said = [words.a_number(n, variant) for n in sorted(names)]
            which = f"one of these numbers: {words.or_list(said)}"
        return (
            f"It may be played on anything. As it is played, its player names {which}, and on "
            "top of the pile it counts as that number (but does nothing that number does), so "
            "the next player must play that number or higher."
        )

    def check(self, c: CardCheck) -> None:
        c.warn_never_on_pile("the value named never counts", self.title)
        for n in c.params.get("names") or ():
            whole = isinstance(n, int) and not isinstance(n, bool)
            if not whole or (c.ranks is not None and n not in c.ranks):
                low, high = (c.ranks.start, c.ranks.stop - 1) if c.ranks else (0, 0)
                c.error(
                    f"{n!r} is not a number of the deck; expected a rank from {low} to {high}",
                    "names",
                    f"The deck has no number {n}. Name numbers of the deck.",
                )
        if "wild" in c.names:
            c.warn(
                "'named_value' already makes the card wild (R5.3), so 'wild' changes nothing; "
                "expected it left out",
                None,
                f"“{self.title}” already goes on anything, so “Wild” changes nothing here. "
                "You can take it out.",
            )
