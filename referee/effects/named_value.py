"""A value named as the card is played (issue 42): "a joker is any card its player names".

The card goes on anything (wild, R5.3); its player names a number as they lay it (a play's
``named``, a record's ``as: 9``), and while it lies on the pile it counts as that number (R5.4),
so the next play must beat the number named.  It takes the number only, never the named rank's
powers (PAGATP: "any non-wild card you wish"); named nothing, it counts as itself.  The pile
remembers the number by place (``State.named``) as long as the card lies there (docs/rulings.md,
ruling 153).

With ``powers`` (MLR's joker "acts as a 2 or a 10"; ruling 169) the card named also does what a
card of the named rank does in the variant, as if that card was played: the rank's powers of a
play (a 10 that clears the pile clears it) and what it carries over to the next play (a 7's "7 or
lower"), and on the pile it counts as that rank counts (a 2 that resets counts as nothing).  It is
still its own card: it makes no four of a kind with real cards of that rank (R7.1).

With ``fits`` ("a joker named 5 needs a 5 to be allowed"; ruling 170) the card is not wild: a play
of it named as a number goes only where a card of that number could (the one R5 check asks it as
that card), and named nothing it goes as itself, a card that counts 0.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution, Traits
from referee.effects.spec import CardCheck, EffectSpec, Params, named_does
from referee.variant.declare import Cards, Flag
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
        Flag(
            key="powers",
            title="It also does what the card named does",
            about="The card named also does what a card of that number does here, as if one was "
            "played: MLR's joker named 10 clears the pile like a 10. It never makes four of a "
            "kind with real cards of that number.",
            label="It also does what the card named does (a joker named 10 clears the pile)",
            optional=True,
            default=None,
        ),
        Flag(
            key="fits",
            title="It must fit as the card named",
            about="It no longer goes on anything: named as a number, it goes only where a card "
            "of that number could (a joker named 5 needs a pile a 5 may go on).",
            label="It must fit as the card named (a joker named 5 goes only where a 5 could)",
            optional=True,
            default=None,
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

    def brings_powers(self, params: Params) -> bool:
        return bool(self.arg(params, "powers"))

    def must_fit(self, params: Params) -> bool:
        return bool(self.arg(params, "fits"))

    def traits(self, params: Params, traits: Traits) -> None:
        traits.wild = not self.must_fit(params)  # a joker too: not wild with ``fits``

    def resolve(self, r: Resolution, params: Params) -> None:
        """Said as the card is played: the number named (the pile remembers it, ruling 153)."""
        if r.named is not None:
            said = words.a_number(r.named, r.variant)
            if self.brings_powers(params) and named_does(r.variant, r.named):
                r.say(f"It counts as {said}, and does what {said} does.")
            else:
                r.say(f"It counts as {said}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        names = self.names_allowed(params)
        which = "a number"
        if names is not None:
            said = [words.a_number(n, variant) for n in sorted(names)]
            which = f"one of these numbers: {words.or_list(said)}"
        counts = (
            "on top of the pile it counts as that number (but does nothing that number does), "
            "so the next player must play that number or higher."
        )
        if self.brings_powers(params):
            counts = (
                "it is played as a card of that number: it does what that card does here (a 10 "
                "that clears the pile clears it), and on top of the pile it counts as that card "
                "would. It never makes four of a kind with real cards of that number."
            )
        if self.must_fit(params):
            return (
                f"As it is played, its player names {which}, and it may go only where a card "
                f"of that number could; {counts}"
            )
        return (
            f"It may be played on anything. As it is played, its player names {which}, and {counts}"
        )

    def check(self, c: CardCheck) -> None:
        c.warn_never_on_pile("the value named never counts", self.title)
        for n in c.params.get("names") or ():
            whole = isinstance(n, int) and not isinstance(n, bool)
            if not whole or not c.in_deck(n):
                low, high = (c.ranks.start, c.ranks.stop - 1) if c.ranks else (0, 0)
                but = f" but {n}, which the pack leaves out" if whole and n in c.left_out else ""
                c.error(
                    f"{n!r} is not a number of the deck; expected a rank from {low} to {high}{but}",
                    "names",
                    f"The deck has no number {n}. Name numbers of the deck.",
                )
        if "wild" in c.names and self.must_fit(c.params):
            c.error(
                "'fits' makes the card go only where the card named could, so it cannot also "
                "be 'wild'; expected one of them left out",
                "fits",
                "A card that must fit as the card named cannot also go on anything. Take out "
                "“Wild” or this switch.",
            )
        elif "wild" in c.names:
            c.warn(
                "'named_value' already makes the card wild (R5.3), so 'wild' changes nothing; "
                "expected it left out",
                None,
                f"“{self.title}” already goes on anything, so “Wild” changes nothing here. "
                "You can take it out.",
            )
