"""Pairs (a house rule): "after a pair, the next play must be a pair or more".  When this card
is played several at once, the next player to step must play at least as many cards at once, or
pick up; a blind face-down card is turned over whatever it is (R4.2 allows one at a time).  It
lapses after that player's step, or with the pile.

This file is the whole effect: what it leaves pending (``AtLeast``), the check it imposes and
its words, and what the schema, the loader, the rules sheet, the Design page and the bots read.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import words
from referee.effects.base import Proposal, Refusal, Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import Pending
from referee.variant.model import Variant


@dataclass(frozen=True, slots=True)
class AtLeast(Pending):
    """The next play must have at least ``k`` cards."""

    k: int = 2

    def pile_gone(self) -> Pending | None:
        return None


class Pairs(EffectSpec):
    name = "pairs"
    title = "Answer a pair with a pair"
    rule = "R9"
    description = (
        "Played several at once, the next player must play at least as many cards at once, or "
        "pick up."
    )
    help = "After a pair, the next player must play a pair (or more), or pick up the pile."
    examples = ({"effect": "pairs"},)
    order = 193
    copyable = True  # a mirror copies it: the next play must match again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        if r.copies < 2:
            return
        v = r.variant
        r.state.pending[self.name] = AtLeast(
            r.player, r.card, v.card_name(r.card), v.rule_for(r.card, self.rule), r.copies
        )
        r.say(f"The next player must play {words.number(r.copies)} cards or more at once.")

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        if not isinstance(p, AtLeast) or ask.by == p.by or ask.zone == "face_down":
            return None
        if ask.k >= p.k:
            return None
        return Refusal(
            self.name,
            "pairs",
            p.rule,
            f"after {words.copies(p.k, p.name)}, {ask.by} must play at least "
            f"{words.number(p.k)} cards at once, or pick up the pile.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "Played two or more at once, the next player must play at least as many cards at "
            "once, or pick up the pile."
        )
