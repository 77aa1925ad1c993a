"""Lose a turn (R8.6): a player loses their next turn; the skip belongs to the person."""

from __future__ import annotations

from referee import words
from referee.effects.base import EffectSpec, Param, Params, Resolution, Traits, next_in


class Skip(EffectSpec):
    name = "skip"
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
        return self.arg(params, "target") == "chosen"

    def traits(self, params: Params, traits: Traits) -> None:
        if self.needs_target(params):
            traits.skips_chosen = True  # a player who is out has no turn to lose

    def resolve(self, r: Resolution, params: Params) -> None:
        s = r.state
        seat = r.target if self.needs_target(params) else next_in(s, r.mover)
        if seat is None:
            return
        who = s.names[seat]
        lost = s.skips[who] = s.skips.get(who, 0) + 1
        if lost == 1:
            r.say(f"{who} will lose their next turn.")
        else:
            r.say(
                f"{who} will lose a {words.ordinal(lost)} turn: "
                f"their next {words.number(lost)} turns in all."
            )

    def sheet(self, params: Params, variant: object) -> str:
        if self.arg(params, "target") == "next":
            return "The next player loses their turn."
        return "The player picks another player who is still in; that player loses their next turn."

    def bot_score(self, state: object, pile_size: int) -> float | None:
        return 3.0
