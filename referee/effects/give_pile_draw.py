"""Give the pile and a draw (a house rule): the whole pile becomes a chosen player's hand
cards, and that player then draws from the draw pile too (one card unless the card says more),
as far as it lasts.

This file is the whole effect: the menu, the schema, the loader, the rules sheet, the Design
page and the bots read it from the registry.
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import TARGET, EffectSpec, Params
from referee.table.state import State
from referee.variant.declare import Int
from referee.variant.model import Variant


class GivePileDraw(EffectSpec):
    name = "give_pile_draw"
    draws = True
    title = "Give the pile, plus a draw"
    rule = "R9"
    description = (
        "Give the whole pile to a chosen player, as hand cards; that player also draws from "
        "the draw pile."
    )
    help = "A player you choose takes the whole pile and draws more cards."
    params = (
        Int(
            "n",
            "How many cards they draw",
            "How many cards the chosen player draws after taking the pile.",
            lo=1,
            hi=10,
            default=1,
            optional=True,
        ),
        TARGET,
    )
    targeted = True
    examples = ({"effect": "give_pile_draw", "n": 1},)
    order = 55
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)
    contradicts = {
        "clear_pile": "the pile cannot be both given away and removed",
        "give_pile": "the pile can be given away only once",
    }

    def resolve(self, r: Resolution, params: Params) -> None:
        to = self.aimed_at(r, params)
        if to is None:
            return
        s = r.state
        who = r.name(to)
        taken = s.pile_to_hand(to)
        drawn = s.draw(to, int(self.arg(params, "n")))
        if taken:
            r.say(f"{r.player} gives the pile ({words.cards(taken)}) to {who}.")
        else:
            r.say("The pile is empty, so there is nothing to give.")
        if drawn:
            r.say(f"{who} draws {words.cards(drawn)} from the draw pile.")
        else:
            r.say(f"The draw pile is empty, so {who} draws nothing.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        n = int(self.arg(params, "n"))
        who = (
            "The next player takes the whole pile into their hand"
            if self.arg(params, "target") == "next"
            else "The player gives the whole pile to any other player, who takes it into their hand"
        )
        return f"{who} and also draws {words.cards(n)} from the draw pile (as many as are left)."

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 6.0 + pile_size
