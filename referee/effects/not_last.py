"""Not a last card (a house rule): a player may not go out on this card.  A play of it that
would leave the player with no card (the draw pile gone) is refused while they could pick up
the pile instead.

This file is the whole effect: its own check on plays of its card (``refuse_own``) and its
words, and what the schema, the loader, the rules sheet and the bots read.
"""

from __future__ import annotations

from referee.effects.base import Proposal, Refusal
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.variant.model import Variant


class NotLast(EffectSpec):
    name = "not_last"
    title = "Not a last card"
    rule = "R9"
    description = "A player may not go out on this card: it may not be their last card."
    help = "Nobody may go out on this card."
    passive = True  # nothing happens when it is played: it only limits when it may be
    examples = ({"effect": "not_last"},)
    order = 195

    def refuse_own(self, params: Params, ask: Proposal) -> Refusal | None:
        """Refused when the play would leave no card (the draw pile gone) and the player could
        pick up the pile instead; a blind face-down card is never refused (docs/rulings.md)."""
        if ask.left_after > 0 or ask.state.draw_pile or not ask.could_pick_up:
            return None
        name = ask.variant.card_name(ask.card)
        return Refusal(
            self.name,
            "not_last",
            ask.variant.rule_for(ask.card, self.rule),
            f"{name} may not be {ask.by}'s last card: {ask.by} may not go out on it.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return "A player may not finish on it: it may not be their last card."

    def check(self, c: CardCheck) -> None:
        if c.leaves_game:
            return
        if c.names == [self.name]:
            c.warn(
                "not_last on a card with no other power keeps a plain card from being the "
                "last; expected it beside the card's powers",
                None,
                f"On its own, “{self.title}” only stops a plain card from being the last one. "
                "Give the card another power too.",
            )
