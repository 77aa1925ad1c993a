"""Beat it, or its player picks up (a house rule, issue 42: "if the next player cannot play on
it, its player picks up the pile").  The card is a dare: the next player must beat it; if they
cannot, the pile goes back to the player who laid it, and the one who could not beat it starts
a new pile.

This file is the whole effect: its slice of the state (``Unbeaten``, lapsing with the next
step), and whom the pile goes to on a pick-up while it lies (``takes_pile``).  The one filter
(``Rules``) asks it: a player who may still play is held to it (what the table has seen, as
the table's "must play if able" rule, R4.3), and their pick-up sends the pile to the card's
player in the same step, so the turn never goes back and forth (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.model import Variant


@dataclass(frozen=True, slots=True)
class Unbeaten(Pending):
    """The next player must beat the card or its player (``by``) picks up the pile."""

    def lapses(self, state: State, by: str) -> bool:
        return True  # only the step right after it: played on, or the pile picked up

    def pile_gone(self) -> Pending | None:
        return None  # no pile left to pick up


class UnbeatenPicksUp(EffectSpec):
    name = "unbeaten_picks_up"
    title = "Beat it, or its player picks up"
    rule = "R9"
    description = (
        "The next player must beat it. If they cannot, the player who laid it picks up the "
        "pile, and the next player starts a new pile."
    )
    help = (
        "The next player must play on it. If they cannot, you pick up the pile yourself, and "
        "they start a new pile."
    )
    examples = ({"effect": "unbeaten_picks_up"},)
    order = 194
    copyable = True  # a mirror on it dares the next player again, for the mirror's player

    def resolve(self, r: Resolution, params: Params) -> None:
        s, v = r.state, r.variant
        if not s.pile:
            return  # nothing to pick up (the card left the game on an empty pile)
        s.pending[self.name] = Unbeaten(
            r.player, r.card, v.card_name(r.card), v.rule_for(r.card, self.rule)
        )

    def takes_pile(self, p: Pending, state: State, by: str) -> str | None:
        """The card's player takes the pile that another player picks up, while they are in
        (a player who is out has finished: the pile is not handed back to them, R10.1)."""
        if not isinstance(p, Unbeaten) or by == p.by or p.by not in state.names:
            return None
        return p.by if state.seats[state.seat_of(p.by)].total else None

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The next player must play on it. If they cannot, the player of this card picks "
            "up the pile, and the next player starts a new pile."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 1.0
