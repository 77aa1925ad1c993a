"""Only within one play (issue 42, docs/rulings.md ruling 134): four of a kind burns only when
all four are laid at once.  The rule book reads a run on the pile as it lies, whoever laid its
cards (R7.1); many tables burn the pile only for a single play of the burn count (R7.3), so
cards of one rank built up over several plays - by one player or by several - do not burn.

A play of N or more identical cards still burns (R7.3), and a play that burns still has no
other effect (R7.2).  A card moved onto the top (Bottoms Up, R8.4) is no play of N cards, so it
burns nothing.

This file is the whole rule: its field, its words (the rules sheet's burning sentence) and
its hook into the engine (``runs_across_plays``).
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class BurnAtOnce(TableRule):
    name = "burn_at_once"
    order = 75
    rule = "R7.1"
    place = "burn"
    declared = switch(
        "burn_at_once",
        "Only a burn laid at once",
        "The pile burns only when all the cards of the run are laid in one play (four of a "
        "kind at once); built up over several plays they do not burn.",
        "Only a run laid in one play burns (not one built up over several plays)",
    )

    def runs_across_plays(self) -> bool:
        return False

    def sheet(self, variant: Variant) -> str:
        return (
            f"When {variant.burn} identical cards are laid together in one play, the whole pile "
            "burns (built up over several plays, they do not)"
        )

    def check(self, c: TableCheck) -> None:
        if c.beside("strictly_higher"):
            c.warn(
                "burn_at_once changes nothing with strictly_higher, where only one play can "
                "make a run anyway; expected one of the two",
                "With strictly higher, only a play of one rank can burn anyway.",
            )
