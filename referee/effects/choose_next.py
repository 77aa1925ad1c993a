"""Choose who goes next (a house rule, issue 42: a choice made at the table): the card's player
names another player who is in, and the turn passes to them instead of the next seat.

This file is the whole effect: it needs a chosen player (``to``, as Give the Pile does), and
it raises one flow event, ``Resolution.turn_to``, which the turn flow applies once every effect
of the play has resolved: play then goes on from the chosen player, in the direction of play
as it is by then (docs/rulings.md).
"""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class ChooseNext(EffectSpec):
    name = "choose_next"
    title = "Choose who goes next"
    rule = "R9"
    description = "The player chooses who goes next: any other player who is still in."
    help = "The player picks who goes next. Play then goes on round the table from that player."
    targeted = True
    chosen_out = "they have no turn to take"
    examples = ({"effect": "choose_next"},)
    order = 112

    def target_must_be_in(self, params: Params) -> bool:
        return True  # a player who is out has no turn to take

    def resolve(self, r: Resolution, params: Params) -> None:
        """The turn passes to the chosen player (by person: seats may change hands as the card
        resolves, ruling 113); the turn flow applies it after the card's other effects."""
        if r.chosen is None:
            return
        r.turn_to = r.chosen
        r.say(f"{r.player} chooses {r.chosen} to go next.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The player chooses who goes next: any other player who is still in. Play then goes "
            "on round the table from that player."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 1.5
