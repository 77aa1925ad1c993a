"""Lose a turn (R8.6): a player loses their next turn; the skip belongs to the person.

This unit keeps the turns owed as its own pending slice (``Skips``): they accumulate, never
lapse by a step, and are used up as play would pass to their player (``pass_over``).  Other
units that make a player lose a turn (``lower_and_skip``) owe it through ``owe_turn``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import PER_COPY, TARGET, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.declare import Choice
from referee.variant.model import Variant

NAME = "skip"


@dataclass(frozen=True, slots=True)
class Skips(Pending):
    """The turns players will lose, by person (R8.6): a person, not a seat."""

    turns: tuple[tuple[str, int], ...] = ()

    @property
    def owed(self) -> tuple[tuple[str, int], ...]:
        return self.turns

    def lapses(self, state: State, by: str) -> bool:
        return False  # used up only as play passes to their player (R8.6)


def owe_turn(r: Resolution, who: str) -> int:
    """``who`` will lose one more turn (R8.6); returns how many they now owe."""
    s = r.state
    old = s.pending.get(NAME)
    turns = dict(old.owed) if old is not None else {}
    turns[who] = lost = turns.get(who, 0) + 1
    r.skipped.append(who)
    v, card = r.variant, r.card
    s.pending[NAME] = Skips(
        r.player, card, v.card_name(card), v.rule_for(card, "R8.6"), tuple(turns.items())
    )
    return lost


WALK = Choice(
    "walk",
    "Several skips",
    "Where several skips of one play go: on past the other players, one turn each and never "
    "the card's player (ruling 115); or round the table, each moving the turn on one seat, "
    "the card's player's own seat too (two with two players: the other player plays next).",
    choices=("others", "round"),
    default="others",
    words=("On past the other players", "Round the table, my own seat too"),
    optional=True,
)
"""How the skips of one play go on (issue 42, ruling 135): masters-of-shithead and many groups
let each skip move the turn one seat, so it may come round to the card's player.  Left out, it
is ``others``: a skip written before plays exactly as it did."""


class Skip(EffectSpec):
    name = NAME
    title = "Lose a turn"
    rule = "R8.6"
    description = "A player loses their next turn: a chosen one, or simply the next player."
    help = "A player misses their next turn."
    params = (
        replace(
            TARGET,
            about="Who loses a turn: a chosen player, or the next player.",
            label="Who misses a turn",
        ),
        PER_COPY,
        WALK,
    )
    targeted = True  # when target is "chosen"
    examples = ({"effect": "skip", "target": "chosen"},)
    order = 100
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)

    def target_must_be_in(self, params: Params) -> bool:
        return True  # a player who is out has no turn to lose

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.6; per copy (issue 31.3), a chosen player loses that many turns, and "the next
        player" means the next ones in turn, one each (two 8s skip two players) - past anyone
        this play has made lose a turn already (ruling 115)."""
        times = self.times(r, params)
        if self.needs_target(params):
            chosen = r.chosen_seat()
            seats = [chosen] * times if chosen is not None else []
        elif self.arg(params, "walk") == "round":
            seats = r.seats_round(times)  # the card's player's own seat too (ruling 135)
        else:
            seats = r.next_seats(times, walk_on=True)
        for seat in seats:
            who = r.state.names[seat]
            lost = owe_turn(r, who)
            if lost == 1:
                r.say(f"{who} will lose their next turn.")
            else:
                r.say(
                    f"{who} will lose a {words.ordinal(lost)} turn: "
                    f"their next {words.number(lost)} turns in all."
                )

    def pass_over(self, p: Pending, state: State, who: str) -> tuple[bool, Pending | None]:
        """R8.6: a player who owes a turn is passed over, and owes one less."""
        if not isinstance(p, Skips):
            return False, p
        turns = dict(p.turns)
        left = turns.get(who, 0)
        if not left:
            return False, p
        if left == 1:
            del turns[who]
        else:
            turns[who] = left - 1
        return True, (replace(p, turns=tuple(turns.items())) if turns else None)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        each = self.arg(params, "count") == "per_copy"
        if self.arg(params, "target") == "next":
            if self.arg(params, "walk") == "round":
                return (
                    "The next player loses their turn. Each one played moves the turn on one "
                    "seat, yours too: two played by two players give the turn to the other one."
                    if each
                    else "The next player loses their turn. With more skips in the same play, "
                    "each moves the turn on one seat, yours too."
                )
            if each:
                return (
                    "The next player loses their turn; with several played together, that "
                    "many players in turn lose theirs (two skip two players)."
                )
            return "The next player loses their turn."
        if each:
            return (
                "The player picks another player who is still in; that player loses a turn for "
                "each card played together."
            )
        return "The player picks another player who is still in; that player loses their next turn."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0
