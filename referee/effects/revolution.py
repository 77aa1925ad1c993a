"""Revolution (a house rule, President's and some Shithead tables'): the order of ranks turns
round until another revolution turns it back.  While it lasts a number goes on the same value
or lower instead of higher (R5.2 turned round); wild cards, restrictions and the cards' own
limits still apply as written (docs/rulings.md).

This file is the whole effect: its slice of the state (``Turned``: it never lapses, not even
when the pile burns or is picked up), how a play of the card turns the order, and its words.
The one R5 check (``Pile.fit``) reads the slice through the pile's view (``PileView.turned``),
so verdicts, the legal steps, the advice and the bots share it.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.effects.base import Resolution
from referee.effects.spec import PER_COPY, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.model import Variant


@dataclass(frozen=True, slots=True)
class Turned(Pending):
    """The order of ranks is turned round, until a revolution turns it back."""

    @property
    def turns_order(self) -> bool:
        return True

    def lapses(self, state: State, by: str) -> bool:
        return False  # a mode that lasts: only another revolution ends it

    def pile_gone(self) -> Pending | None:
        return self  # a burn or a pick-up does not end it (docs/rulings.md)


class Revolution(EffectSpec):
    name = "revolution"
    title = "Revolution"
    rule = "R9"
    description = (
        "Turns the order round: from now on a card must be the same or lower, until another "
        "card like it turns it back."
    )
    help = (
        "Turns the order round: after it, play the same or lower instead of higher. It lasts "
        "until another card like it turns it back."
    )
    params = (PER_COPY,)
    examples = ({"effect": "revolution"},)
    order = 115
    copyable = True  # a mirror copies it: the order turns again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """Each revolution turns the order; two played together (per copy) cancel out."""
        if self.times(r, params) % 2 == 0:
            r.say("They cancel out: the order stays as it was.")
            return
        s, v = r.state, r.variant
        if self.name in s.pending:
            del s.pending[self.name]
            r.say("The order is turned back: play the same or higher again.")
            return
        s.pending[self.name] = Turned(
            r.player, r.card, v.card_name(r.card), v.rule_for(r.card, self.rule)
        )
        r.say("The order is turned round: play the same or lower from now on.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        text = (
            "It turns the order round: from now on each card must be the same or lower, until "
            "another card like it turns it back."
        )
        if self.arg(params, "count") == "per_copy":
            text += " Two played together cancel out."
        return text

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 1.0
