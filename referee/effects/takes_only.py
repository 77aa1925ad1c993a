"""Takes only (a house rule): while this card judges the pile, only certain cards may go on it -
"nothing but a 2 may go on the Go Again card".  Numbers from min to max may go; wild cards too
only if the group says so (by default "nothing but" means nothing else, Karma cards included).
It is asked by the one R5 check (``takes``), right after the landing card's own ``lands_on``:
refused, advised, listed and decided blind alike.  A Play a Table Card follow-up still takes any
card (R8.3 comes first, or the player could be left with no step).

This file is the whole effect: its hook, its words, and what the schema, the loader, the rules
sheet, the Design page and the bots read from the registry.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import PileView, Refusal, Traits
from referee.effects.spec import UNITS, CardCheck, EffectSpec, Params
from referee.variant.declare import Choice, Int
from referee.variant.model import Card, Variant


class TakesOnly(EffectSpec):
    name = "takes_only"
    title = "Only some cards may go on it"
    rule = "R9"
    description = (
        "While it is on top, only a number from min to max may be played on it (and wild "
        "cards only if allowed)."
    )
    help = "Say which cards may be played on this one, for example nothing but a 2."
    params = (
        Int(
            "min",
            "Only this number or higher on it",
            "The lowest number that may go on it (default: any).",
            lo=0,
            hi=99,
            empty="no lowest number",
            optional=True,
        ),
        Int(
            "max",
            "Only this number or lower on it",
            "The highest number that may go on it (default: any).",
            lo=0,
            hi=99,
            empty="no highest number",
            optional=True,
        ),
        Choice(
            "wild",
            "Wild cards on it",
            "Whether wild cards (Karma cards among them) may still go on it.",
            choices=("refused", "allowed"),
            default="refused",
            words=("Not even wild cards", "Wild cards may go too"),
            optional=True,
        ),
    )
    passive = True  # it is judged while it lies on top: nothing happens as it is played
    examples = ({"effect": "takes_only", "min": 2, "max": 2},)
    order = 37

    def takes(self, params: Params, card: Card, pile: PileView, variant: Variant) -> Refusal | None:
        if self._meets(params, variant, card):
            return None
        judge = pile.judge
        top = variant.card_name(judge) if judge is not None else "it"
        what = self._what(params, variant)
        return Refusal(
            self.name,
            "takes_only",
            variant.rule_for(judge, self.rule) if judge is not None else self.rule,
            f"only {what} may go on {top}." if what else f"nothing may go on {top}.",
        )

    def _what(self, params: Params, variant: Variant | None) -> str:
        """The cards that may go on it, in words, or '' when no card of the deck may (a limit
        past its highest or lowest card): the words never name a card there is not."""
        if variant is not None and not any(
            self._meets(params, variant, c) for c in variant.all_cards()
        ):
            return ""
        return self._said(params, variant)

    def _meets(self, params: Params, variant: Variant, card: Card) -> bool:
        lo, hi = params.get("min"), params.get("max")
        if isinstance(card, int) and (lo is None or card >= lo) and (hi is None or card <= hi):
            return True
        return self.arg(params, "wild") == "allowed" and _wild(variant, card)

    def _said(self, params: Params, variant: Variant | None) -> str:
        lo, hi = params.get("min"), params.get("max")
        cards = "a number" if lo is None and hi is None else _numbers(lo, hi, variant)
        if self.arg(params, "wild") == "allowed":
            return f"{cards} or a wild card"
        return cards

    def sheet(self, params: Params, variant: Variant | None) -> str:
        what = self._what(params, variant)
        if not what:
            return "While it is on top, no card may be played on it."
        return f"While it is on top, only {what} may be played on it."

    def check(self, c: CardCheck) -> None:
        lo, hi = c.number("min"), c.number("max")
        if lo is not None and hi is not None and lo > hi:
            c.error(
                f"min {lo} is more than max {hi}, so nothing could go on it; "
                f"expected min at most {hi}",
                "min",
                f"The lowest number is more than the highest ({hi}), so nothing could go on "
                f"it. Make it {hi} or less.",
            )
        if c.leaves_game:
            c.warn(
                "a one-time card leaves the pile as it resolves (R8), so it never lies on top "
                "and takes_only never counts; expected it left out",
                None,
                f"A one-time card leaves the pile at once, so “{self.title}” never works. "
                "Keep only one of the two.",
            )
        elif c.ranks and not (lo is not None and hi is not None and lo > hi):
            self._check_reach(c, lo, hi, c.ranks)

    def _check_reach(self, c: CardCheck, lo: int | None, hi: int | None, ranks: range) -> None:
        """A limit no number of the deck meets (issue 39.7): nothing, or only wild cards, could
        ever go on the card - said at the field, in plain words."""
        wild = c.params.get("wild") == "allowed"
        then = (
            "only wild cards may go on it" if wild else "no card may go on it, not even a wild one"
        )
        plain = "Only wild cards could go on it." if wild else "No card at all could go on it."
        top, bottom = ranks.stop - 1, ranks.start
        if lo is not None and lo > top:
            c.warn(
                f"no number card is {lo} or higher (the highest is {c.said(top)}), so {then}; "
                f"expected min at most {top}",
                "min",
                f"No card is {lo} or higher. {plain} Make it {top} or less.",
            )
        elif hi is not None and hi < bottom:
            c.warn(
                f"no number card is {hi} or lower (the lowest is {c.said(bottom)}), so {then}; "
                f"expected max at least {bottom}",
                "max",
                f"No card is {hi} or lower. {plain} Make it {bottom} or more.",
            )


def _numbers(lo: int | None, hi: int | None, variant: Variant | None) -> str:
    """'a 2', 'a 5 or lower', 'a number from 2 to 4' ('a Queen or lower' in an ordinary pack)."""
    return words.value_range(lo, hi, variant)


def _wild(variant: Variant, card: Card) -> bool:
    """Karma cards are wild (R5.3), and so is a rank whose effects make it wild."""
    t = Traits(wild=isinstance(card, str))
    for e in variant.effects_of(card):
        UNITS[e.name].traits(e.params, t)
    return t.wild
