"""The next player plays a face-up card (a house rule): the next player to step must play from
their face-up cards, even while they hold hand cards and a draw pile remains (instead of R3),
or pick up the pile.  A player with no face-up card plays as usual.

This file is the whole effect: what it leaves pending (its slice of the state), the zone it
makes the next player play from, the check it imposes and its words, and when it lapses.
"""

from __future__ import annotations

from referee.effects.base import Proposal, Refusal, Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import Pending, State, ZoneName
from referee.variant.model import Variant


class NextFaceUp(EffectSpec):
    name = "next_face_up"
    title = "The next player plays a face-up card"
    rule = "R9"
    description = "The next player must play from their face-up cards (or pick up the pile)."
    help = "The next player must play one of their face-up cards."
    examples = ({"effect": "next_face_up"},)
    refuses_only_zone = True  # its refuse enforces pending_zone, nothing else
    order = 190
    copyable = True  # a mirror copies it: the next player plays a face-up card again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        v = r.variant
        r.state.pending[self.name] = Pending(
            r.player, r.card, v.card_name(r.card), v.rule_for(r.card, self.rule)
        )
        r.say("The next player must play from their face-up cards.")

    def pending_zone(self, p: Pending, state: State, seat: int) -> ZoneName | None:
        """Whoever steps next, other than the card's player, plays from their face-up cards
        while they have any (docs/rulings.md)."""
        if state.names[seat] != p.by and state.seats[seat].face_up.count:
            return "face_up"
        return None

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        zone = self.pending_zone(p, ask.state, ask.seat)
        if zone is None or ask.zone == zone:
            return None
        return Refusal(
            self.name,
            "face_up_next",
            p.rule,
            # After "No: " (wording's HOUSE_RULE): a sentence that goes on from there.
            f"after {p.name}, {ask.by} must play a face-up card (or pick up the pile).",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The next player must play one of their face-up cards, even if they still hold hand "
            "cards, or pick up the pile."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.0
