"""Play a table card (R8.3): the same player at once plays from the table.

This unit keeps the follow-up as its own pending slice (``FollowUp``): while it is due, only
that player steps, from the zone R8.3 names, any card may go, and the pile may not be picked
up; nobody draws before it.  The slice lapses with the follow-up play (or when its player has
no card left, which the turn flow sees).  The refusals are R8.3's own, worded as the rule book.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.effects.base import Proposal, Refusal, Resolution, table_zone
from referee.effects.spec import EffectSpec, Params
from referee.table.state import Pending, State, ZoneName
from referee.variant.model import Variant
from referee.words.reasons import FollowUpZone, Reason, Who


@dataclass(frozen=True, slots=True)
class FollowUp(Pending):
    """R8.3: ``by`` owes one more play, at once, from the table."""

    @property
    def due(self) -> str:
        return self.by

    @property
    def free(self) -> bool:
        return True  # the follow-up may be any value (R8.3)

    def lapses(self, state: State, by: str) -> bool:
        return True  # the follow-up play is that player's next step (R6.1)


class PlayTableCard(EffectSpec):
    name = "play_table_card"
    title = "Play a table card"
    rule = "R8.3"
    description = (
        "The same player at once plays a table card: face-up, else one face-down, else hand."
    )
    help = "The same player plays one of their table cards straight away."
    refuses_only_zone = True  # its refuse enforces pending_zone, nothing else
    order = 80
    copyable = True  # a mirror copies it: its player plays a table card again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.3: a follow-up play from the table is due at once (the turn flow lets it lapse
        when the player has no card left)."""
        v = r.variant
        r.state.pending[self.name] = FollowUp(
            r.player, r.card, v.card_name(r.card), v.rule_for(r.card, self.rule)
        )

    def pending_zone(self, p: Pending, state: State, seat: int) -> ZoneName | None:
        """R8.3: face-up if they have any, else one face-down card, else the hand."""
        return table_zone(state.seats[seat]) if state.names[seat] == p.by else None

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        due = table_zone(ask.state.seats[ask.seat])
        if ask.zone == due:
            return None
        return Refusal(
            self.name,
            "follow_up_zone",
            "R8.3",
            "",
            Reason.FOLLOW_UP_ZONE,
            FollowUpZone(ask.by, due, ask.zone),
        )

    def refuse_pick_up(self, p: Pending, state: State, by: str) -> Refusal | None:
        """R8.3: the follow-up is compulsory: no pick-up instead."""
        return Refusal(
            self.name, "pick_up_in_follow_up", "R8.3", "", Reason.PICK_UP_IN_FOLLOW_UP, Who(by)
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The same player must straight away play from the table: face-up cards if they "
            "have any (several of a kind may go together), otherwise one face-down card "
            "without looking, otherwise from their hand. Any value may be played."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.5
