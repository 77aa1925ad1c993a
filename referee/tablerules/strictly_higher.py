"""Strictly higher (issue 42, docs/rulings.md ruling 123): a number card goes only on a lower
number, never on the same value (R5.2 changed: "the same value or higher").

It is asked by the one R5 check (``referee.engine.pile.Pile.fit``) where an equal number would
go, so the verdict, the legal steps, a blind face-down card (R7.5: an equal one stays and its
player picks up), the advice and the bots all agree.  Wild cards (R5.3) and restrictions
(R5.4) are as before.  Runs across players can no longer form (each card must beat the last),
so only a single play of N identical cards burns the pile (R7.3).

This file is the whole rule: its field, its words, its check and its hook into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.effects.base import Refusal
from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch

GOES_ON_SAME_RANK = ("same_rank_face_up", "same_rank_drawn")
"""Table rules that play the same rank again on top of itself: with this rule they never can."""


class StrictlyHigher(TableRule):
    name = "strictly_higher"
    order = 5
    rule = "R5.2"
    place = "play"
    instead = True
    declared = switch(
        "strictly_higher",
        "Strictly higher",
        "A number card goes only on a lower number, never on the same value: a 7 may not go on "
        "a 7.",
        "A number card must be higher than the card on the pile, not the same",
    )

    def refuse_equal(self, by: str, card: str, top: str) -> Refusal | None:
        return Refusal(
            self.name,
            self.name,
            self.rule,
            f"{card} may not go on {top}: here a card must be higher, not the same.",
        )

    def sheet(self, variant: Variant) -> str:
        return "A number card goes only on a number card of a lower value, never on the same value"

    def check(self, c: TableCheck) -> None:
        table = c.view.get("table")
        if not c.value or not isinstance(table, Mapping):
            return
        clash = [k for k in GOES_ON_SAME_RANK if table.get(k)]
        if clash:
            c.warn(
                f"strictly_higher refuses the same rank on itself, so {', '.join(clash)} can "
                "never be used; expected one or the other",
                "A card may not go on the same number here, so playing the same number again "
                "at once can never happen.",
            )
