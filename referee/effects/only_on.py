"""Only on (a house rule): where a card may be played - "a 10 may only go on a 9 or lower",
"an 8 only on a 5 or higher".  It reads the value the pile counts (``PileView.value``: see-
through cards looked through, a Karma card counting 0) and limits that to a range; an empty pile
takes any card (R5.1).  It is asked by the one R5 check, before wild cards and restrictions, so
the verdict, the legal steps, a blind face-down card, the advice and the bots agree by
construction.

This file is the whole effect: its hook (``lands_on``), its words, and what the schema, the
loader, the rules sheet, the Design page and the bots read from the registry.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import PileView, Refusal
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.declare import Int
from referee.variant.menu import Remedy
from referee.variant.model import Card, Variant


class OnlyOn(EffectSpec):
    name = "only_on"
    title = "Only goes on some cards"
    rule = "R9"
    description = (
        "This card may only be played on a pile that counts from min to max (an empty pile "
        "takes any card)."
    )
    help = "Say which cards this one may be played on, for example only on a 9 or lower."
    params = (
        Int(
            "min",
            "Only on this number or higher",
            "The lowest value of the pile it may go on (default: any).",
            lo=0,
            hi=99,
            empty="no lowest number",
            optional=True,
        ),
        Int(
            "max",
            "Only on this number or lower",
            "The highest value of the pile it may go on (default: any).",
            lo=0,
            hi=99,
            empty="no highest number",
            optional=True,
        ),
    )
    passive = True  # nothing happens as it is played: it only limits where it may go
    examples = ({"effect": "only_on", "max": 9},)
    order = 35
    remedy = Remedy("only on 7 or lower", {"max": 7}, 2)  # a card worth far more than the rest

    def lands_on(
        self, params: Params, card: Card, pile: PileView, variant: Variant
    ) -> Refusal | None:
        value = pile.value
        lo, hi = params.get("min"), params.get("max")
        if value is None or ((lo is None or value >= lo) and (hi is None or value <= hi)):
            return None
        name = variant.card_name(card)
        return Refusal(
            self.name,
            "only_on",
            variant.rule_for(card, self.rule),
            # After "No: " (wording's HOUSE_RULE): a sentence that goes on from there.
            f"{name} may only go on {words.value_range(lo, hi, variant)}, and the pile counts "
            f"{words.rank(value, variant) if value else value}.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        lo, hi = params.get("min"), params.get("max")
        if lo is None and hi is None:
            return "It may go on any card."
        return (
            f"It may only be played on {words.value_range(lo, hi, variant)} (or on an empty pile)."
        )

    def check(self, c: CardCheck) -> None:
        lo, hi = c.number("min"), c.number("max")
        if lo is None and hi is None and "min" not in c.params and "max" not in c.params:
            c.warn(
                "only_on without min or max limits nothing; expected min, max or both",
                None,
                "Say the lowest number, the highest number, or both. Now it can go anywhere.",
            )
        if lo is not None and hi is not None and lo > hi:
            c.error(
                f"min {lo} is more than max {hi}, so the card could only start a pile; "
                f"expected min at most {hi}",
                "min",
                f"The lowest number is more than the highest ({hi}), so the card could only "
                f"start a pile. Make it {hi} or less.",
            )
        elif c.pile_values and (lo is not None or hi is not None):
            self._check_reach(c, lo, hi, c.pile_values)

    def _check_reach(
        self, c: CardCheck, lo: int | None, hi: int | None, values: frozenset[int]
    ) -> None:
        """A limit the pile never meets, whatever card of the deck is on it (issue 39.7): the
        card could only start a pile - said at the field, in plain words."""
        if any((lo is None or v >= lo) and (hi is None or v <= hi) for v in values):
            return
        least, most = min(values), max(values)
        if hi is None or (lo is not None and lo > most):
            what, key, fix = f"{lo} or more", "min", f"min at most {most}"
            plain = f"Make it {most} or less."
        elif lo is None or hi < least:
            what, key, fix = f"{hi} or less", "max", f"max at least {least}"
            plain = f"Make it {least} or more."
        else:
            what, key, fix = f"from {lo} to {hi}", "min", "a range a card of the deck counts"
            plain = "Change the numbers."
        c.warn(
            f"no card of the deck counts {what} on the pile (the lowest counts {c.said(least)}, the "
            f"highest {c.said(most)}), so this card may only start a pile; expected {fix}",
            key,
            f"No card counts {what}. This card could only start a pile. {plain}",
        )
