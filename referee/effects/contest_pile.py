"""A contest for the pile (a house rule, issue 42: a choice made at the table): the table
settles who takes the pile with a contest of its own, such as rock, paper, scissors, and the
loser - who may be the card's own player - takes the whole pile into their hand.

The referee does not play the contest: the play names its loser (``to``, the one chosen
player a card may have), and any player who is in may be named, the card's player too
(``chosen_may_be_self``).  The card lands on the pile first and goes with it, as with Give the
Pile (R8.1); play then goes on with the next player after the card's player (docs/rulings.md).
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Variant


class ContestPile(EffectSpec):
    name = "contest_pile"
    title = "A contest for the pile"
    rule = "R9"
    description = (
        "The table plays a quick contest, such as rock, paper, scissors; whoever loses takes "
        "the pile, even the player of the card."
    )
    help = (
        "Play rock, paper, scissors (or any quick contest). Whoever loses takes the whole pile "
        "into their hand, even the player who laid the card."
    )
    targeted = True
    chosen_may_be_self = True
    chosen_question = "Who lost the contest?"
    chosen_out = "they play no contest"
    bot_aim = "chance"  # nobody chooses the loser: the simulator draws one
    examples = ({"effect": "contest_pile"},)
    order = 52
    contradicts = {
        "give_pile": "the pile cannot go both to a chosen player and to the contest's loser",
        "clear_pile": "the pile cannot be both removed and taken by the contest's loser",
        "give_pile_draw": "the pile cannot go both to a chosen player and to the contest's loser",
    }

    def target_must_be_in(self, params: Params) -> bool:
        return True  # only a player who is still in plays the contest

    def resolve(self, r: Resolution, params: Params) -> None:
        """The loser named at the table takes the whole pile, this card included (R8.1's
        way); nothing if it is empty."""
        loser = r.chosen_seat()
        if loser is None:
            return
        n = r.state.pile_to_hand(loser)
        who = r.name(loser)
        if n:
            r.say(f"{who} loses the contest and takes the pile ({words.cards(n)}).")
        else:
            r.say(f"{who} loses the contest, but the pile is empty.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The table plays a quick contest, such as rock, paper, scissors; whoever loses "
            "takes the whole pile into their hand, even the player of the card."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.0 + pile_size / 2
