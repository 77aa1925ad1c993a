"""A discard step before play (issue 42, docs/rulings.md ruling 159; pagat.com's Reverse
Shithead: "any threes you get are thrown into the central discard pile.  The first person to
play is the one after the person who threw down the last three.  If no-one has a three than you
do the same with 4's").  After the deal (and the face-up choice) each player throws every card
of the lowest rank without a power that anyone holds - the 3s where the 2s have a power - from
the hand onto the pile, starting it; nobody may keep one back.  They throw in seat order from
the dealer's left (R2.3), so the player after the last one to throw starts, instead of the
first listed.  Each thrower draws back up to the minimum hand while the draw pile lasts (R6.4).
Nobody played the thrown cards (they have no power anyway), and they count in a run of
identical cards on the pile (R7.1) as any cards lying there.

At a real table the referee cannot see the hands (R4.3): the table tells which cards each
player threw (a record's ``thrown``, asked on the New game page), and the referee checks what
it can - one rank for everyone, without a power, no more than the hand and the pack hold.  With
full information the deal does the step itself.

This file is the whole rule: its field, its words, its check and its hook into the engine
(``throws_in``).
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class ThrowIn(TableRule):
    name = "throw_in"
    order = 17
    rule = "R2.3"
    place = "deal"
    told = "thrown"
    declared = switch(
        "throw_in",
        "A discard step before play",
        "At the deal each player throws every card of the lowest rank without a power that "
        "anyone holds (the 3s where 2s have a power) from the hand onto the pile, and draws back "
        "up; the player after the last one to throw starts.",
        "Before play, throw the low plain cards (such as 3s) onto the pile",
    )

    def throws_in(self) -> bool:
        return True

    def told_step(self, variant: Variant) -> str:
        return "say which cards each player threw in"

    def told_question(self, variant: Variant) -> str:
        return "Which cards did each player throw onto the pile?"

    def sheet(self, variant: Variant) -> str:
        return (
            "Then each player throws every card of the lowest rank without a power that anyone "
            "holds (the 3s where 2s have a power) from their hand onto the pile, in turn from "
            "the dealer's left, and draws back up. The player after the last one to throw "
            "starts."
        )

    def check(self, c: TableCheck) -> None:
        table = c.view.get("table")
        starts = table.get("starts") if isinstance(table, Mapping) else None
        if c.value and starts not in (None, "first"):
            c.error(
                f"throw_in says who starts (the player after the last one to throw), and so does "
                f"starts: {starts}; expected one or the other",
                "The cards thrown in say who starts here, so choose one way to start.",
            )
