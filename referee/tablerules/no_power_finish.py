"""No finishing on a power card (issue 41, docs/rulings.md ruling 121): nobody may go out on a
Karma card, a joker or a number with powers (R1.4).  A play of one that would leave its player
with no card, the draw pile gone, is refused while they could pick up the pile instead (R10.1
changed), as ``not_last`` does for one card (ruling 44); a face-down card is turned over
whatever it is (R7.5).

This file is the whole rule: its field, its words, its check and its hook into the engine.
"""

from __future__ import annotations

from referee.effects.base import Proposal, Refusal
from referee.tablerules.spec import TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck, switch


class NoPowerFinish(TableRule):
    name = "no_power_finish"
    order = 70
    rule = "R10.1"
    place = "play"
    declared = switch(
        "no_power_finish",
        "No finishing on a power card",
        "Nobody may go out on a Karma card, a joker or a number with powers: it may not be "
        "their last card while they could pick up the pile instead.",
        "Nobody may finish on a power card (a Karma card, a joker or a number with powers)",
    )

    def checks(self, card: Card, variant: Variant) -> bool:
        """A power card: a Karma card or a joker (wild, R5.3), or a number with powers."""
        return isinstance(card, str) or bool(variant.effects_of(card))

    def refuse_play(self, ask: Proposal) -> Refusal | None:
        if ask.left_after > 0 or ask.state.draw_pile or not ask.could_pick_up:
            return None
        name = ask.variant.card_name(ask.card)
        return Refusal(
            self.name,
            self.name,
            self.rule,
            f"Nobody may finish on a power card: {name} may not be {ask.by}'s last card.",
        )

    def sheet(self, variant: Variant) -> str:
        return (
            "Nobody may finish on a power card: your last card may not be a Karma card, a joker "
            "or a number with powers. Pick up the pile instead (on an empty pile it may go)."
        )

    def check(self, c: TableCheck) -> None:
        if c.value and not c.powers:
            c.warn(
                "no_power_finish changes nothing where no card has a power; expected Karma "
                "cards, jokers or rank powers",
                "No card has a power, so this rule changes nothing.",
            )
