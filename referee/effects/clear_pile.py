"""Clear the pile (R8.5): the pile leaves the game and the same player plays again.

A house rule ("a 10 burns the pile", and the burn cancels what the turn did before it): with
``cancels_turn`` the clear also cancels what its player's earlier plays of the same turn did
that still waits - the turns players were to lose, the direction of play, a mode that lasts -
as a burn does at a table that plays ``burn_cancels_turn`` (docs/rulings.md, rulings 148 and
155).  The card's own powers still happen: a clear is a power, not a burn (R7.2).
"""

from __future__ import annotations

from referee import words
from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import State
from referee.variant.declare import Flag
from referee.variant.model import Variant


class ClearPile(EffectSpec):
    name = "clear_pile"
    title = "Clear the pile"
    rule = "R8.5"
    description = "Remove the whole pile from the game; the same player plays again."
    help = "The whole pile leaves the game, and the same player plays again."
    params = (
        Flag(
            key="cancels_turn",
            title="It cancels the turn's earlier powers",
            about="The clear also cancels what its player's earlier plays of the same turn did "
            "that still waits: the turns players were to lose, the direction of play, a mode "
            "that lasts (as a burn does with the table rule burn_cancels_turn).",
            label="It also cancels the powers its player laid earlier in the same turn",
            optional=True,
            default=None,
        ),
    )
    order = 60
    copyable = True  # a mirror copies it: the pile is removed again (ruling 45)

    def cancels_turn(self, params: Params) -> bool:
        return bool(self.arg(params, "cancels_turn"))

    def cancel_words(self, by: str) -> str:
        return f"Clearing the pile cancels the powers {by} played earlier this turn."

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.5: the pile leaves the game and the same player plays again; with
        ``cancels_turn`` the turn's earlier powers go too (the engine undoes them, ruling 155)."""
        n = r.state.burn_pile()
        r.play_again = True
        if self.cancels_turn(params):
            r.cancels_turn = self.name
        r.say(
            f"The pile is cleared ({words.cards(n)} out of play)." if n else "The pile is cleared."
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        said = (
            "The whole pile, this card included, leaves the game, and the same player plays "
            "again on an empty pile."
        )
        if self.cancels_turn(params):
            said += (
                " It also cancels the powers that player laid earlier in the same turn: nobody "
                "loses a turn from them, and play goes the way it went when the turn began."
            )
        return said

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 5.0 + pile_size
