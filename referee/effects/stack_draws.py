"""Draws that add up (a house rule, "cumulative 2s"): the card gives the next player cards to
draw, and that player may pass them on with another card like it, which adds its own; the count
grows from player to player until someone does not pass it on and draws them all.

This file is the whole effect: its slice of the state (``Owed``: who draws, how many - public,
shown by the table, saved with the game as the steps that made it), how a play of the card
adds to it, and how it is settled: the player it is owed by takes a step that does not pass it
on (any other play, or a pick-up), and draws the count from the draw pile as that step ends,
as far as the draw pile lasts (docs/rulings.md).  Nothing is refused: passing it on is a
choice, so the one filter, the legal steps and the advice are the same as without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import PER_COPY, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.declare import Int
from referee.variant.model import Card, Variant


@dataclass(frozen=True, slots=True)
class Owed(Pending):
    """``who`` will draw ``n`` cards unless they pass them on with a card like ``card``."""

    who: str = ""
    n: int = 0

    @property
    def to_draw(self) -> tuple[str, int] | None:
        return (self.who, self.n)

    def lapses(self, state: State, by: str) -> bool:
        """It is settled by the owing player's next step: passed on (set again by that play) or
        drawn; another player's step, out of turn, leaves it waiting."""
        return by == self.who

    def pile_gone(self) -> Pending | None:
        return self  # the cards are owed by a player, not by the pile: a burn leaves them


class StackDraws(EffectSpec):
    name = "stack_draws"
    draws = True
    title = "Draws that add up"
    rule = "R9"
    description = (
        "The next player must draw this many cards, unless they pass them on with another card "
        "like it: then the count grows and goes to the player after them."
    )
    help = (
        "The next player draws cards, or passes them on with another card like it. "
        "The count grows each time."
    )
    params = (
        Int(
            "n",
            "How many cards it adds",
            "How many cards each of these cards adds to the count the next player must draw.",
            lo=1,
            hi=10,
            default=2,
            optional=True,
        ),
        PER_COPY,
    )
    examples = ({"effect": "stack_draws", "n": 2},)
    order = 181
    copyable = True  # a mirror copies it: the count grows again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """Add this card's cards to the count (what is owed already, by anyone, goes with it)
        and send it all to the next player."""
        s, v = r.state, r.variant
        seat = r.next_seat()
        if seat is None:
            return
        owed = s.pending.get(self.name)
        before = owed.n if isinstance(owed, Owed) else 0
        n = before + int(self.arg(params, "n")) * self.times(r, params)
        who = s.names[seat]
        name = v.card_name(r.card)
        s.pending[self.name] = Owed(r.player, r.card, name, v.rule_for(r.card, self.rule), who, n)
        r.say(f"{who} must draw {words.cards(n)}, or pass them on with {words.a_card(name)}.")

    def settle(
        self,
        p: Pending,
        state: State,
        say: Callable[[str], None],
        by: str = "",
        card: Card | None = None,
        suit: str | None = None,
    ) -> tuple[str, int]:
        """The owing player's step did not pass the count on: they draw it now."""
        assert isinstance(p, Owed)
        who = p.who
        drawn = state.draw(state.seat_of(who), p.n) if who in state.names else 0
        if drawn:
            say(f"{who} did not pass them on, so {who} draws {words.cards(drawn)}.")
        else:
            say(f"The draw pile is empty, so {who} draws nothing.")
        return (who, drawn)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        n = int(self.arg(params, "n"))
        each = ", for each card played together," if self.arg(params, "count") == "per_copy" else ""
        return (
            f"It adds {words.cards(n)}{each} for the next player to draw. They may pass them on "
            "with another card like it, which adds its own; whoever does not pass them on draws "
            "them all after their turn (as many as are left)."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.0
