"""Lose a turn (R8.6): a player loses their next turn; the skip belongs to the person.

This unit keeps the turns owed as its own pending slice (``Skips``): they accumulate, never
lapse by a step, and are used up as play would pass to their player (``pass_over``).  Other
units that make a player lose a turn (``lower_and_skip``) owe it through ``owe_turn``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee import words
from referee.effects.base import Resolution, next_in
from referee.effects.spec import EffectSpec, Param, Params
from referee.state import Pending, State
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
    v, card = r.variant, r.card
    s.pending[NAME] = Skips(
        r.name(r.mover), card, v.card_name(card), v.rule_for(card, "R8.6"), tuple(turns.items())
    )
    return lost


class Skip(EffectSpec):
    name = NAME
    title = "Lose a turn"
    rule = "R8.6"
    description = "A player loses their next turn: a chosen one, or simply the next player."
    help = "A player misses their next turn."
    params = (
        Param(
            "target",
            "string",
            "Who loses a turn: a chosen player, or the next player.",
            default="chosen",
            choices=("chosen", "next"),
            label="Who misses a turn",
            choice_words=("A player you choose", "The next player"),
        ),
    )
    targeted = True  # when target is "chosen"
    examples = ({"effect": "skip", "target": "chosen"},)
    order = 100

    def needs_target(self, params: Params) -> bool:
        return bool(self.arg(params, "target") == "chosen")

    def target_must_be_in(self, params: Params) -> bool:
        return True  # a player who is out has no turn to lose

    def resolve(self, r: Resolution, params: Params) -> None:
        s = r.state
        seat = r.target if self.needs_target(params) else next_in(s, r.mover)
        if seat is None:
            return
        who = s.names[seat]
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
        if self.arg(params, "target") == "next":
            return "The next player loses their turn."
        return "The player picks another player who is still in; that player loses their next turn."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0
