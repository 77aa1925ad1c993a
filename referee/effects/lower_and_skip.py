"""Lower and skip (a house rule): on a number rank, the next player loses their turn, and the
play after must be a number no higher than this card (or a wild card).

This file is the whole effect: the menu, the schema, the loader, the rules sheet, the Design
page and the bots read it from the registry.  The restriction it sets is the core one (R5.4),
so its verdicts are worded as any restriction's, naming this card and citing its rule.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution, next_in
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.state import Restriction, State
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
    examples = ({"effect": "lower_and_skip"},)
    order = 105
    contradicts = {"next_range": "the next play can be restricted only one way"}

    def resolve(self, r: Resolution, params: Params) -> None:
        s = r.state
        card = r.card
        if not isinstance(card, int):  # the loader refuses it on a Karma card
            return
        v = r.variant
        s.restriction = Restriction(
            None, card, card, v.card_name(card), v.rule_for(card, self.rule)
        )
        seat = next_in(s, r.mover)
        if seat is None:
            return
        who = s.names[seat]
        s.skips[who] = s.skips.get(who, 0) + 1
        r.say(f"{who} will lose their next turn; the next play must be {card} or lower.")

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
                "a Karma card has no number; expected it on a rank power",
                None,
            )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.5
