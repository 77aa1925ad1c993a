"""Cut-in (a house rule): while this card lies on top of the pile, any player holding the same
card may play it out of turn (one or more copies, from the zone they would play from, never a
blind face-down card); the turn then passes on from them.

This file is the whole effect: whom it lets step (``lets_in``), its words, and what the schema,
the loader, the rules sheet and the bots read.  The app's "Played by" chooser names the player
who cut in; the simulator lets the first such player in seat order cut in.
"""

from __future__ import annotations

from referee.effects.base import Proposal
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.model import Variant


class CutIn(EffectSpec):
    name = "cut_in"
    title = "Cut in"
    rule = "R9"
    description = (
        "While it lies on top, anyone holding the same card may play it out of turn; play "
        "goes on from them."
    )
    help = "Anyone with the same card may jump in and play it at once."
    passive = True  # it is judged while it lies on top: nothing happens as it is played
    examples = ({"effect": "cut_in"},)
    order = 198

    def lets_in(self, params: Params, ask: Proposal) -> bool:
        """The same card as the top, not blind, by a player who is still in (docs/rulings.md)."""
        s = ask.state
        return ask.card == s.pile[-1] and ask.zone != "face_down" and s.seats[ask.seat].total > 0

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "While it lies on top of the pile, any player holding the same card may play it at "
            "once, out of turn; play then goes on from them."
        )

    def check(self, c: CardCheck) -> None:
        """A card that never lies on top once played cannot be cut in on (ruling 51)."""
        gone = [n for n in ("clear_pile", "give_pile", "give_pile_draw") if n in c.names]
        if c.leaves_game or gone:
            why = "leaves the game as it is played" if c.leaves_game else f"has {gone[0]}"
            c.warn(
                f"this card {why}, so it never lies on top of the pile and nobody can ever "
                "cut in on it; expected cut_in left out, or that effect",
                None,
                "This card never stays on top of the pile, so nobody could cut in on it. "
                f"Take out “{self.title}”, or what makes it leave.",
            )
