"""Powers before a burn (issue 42, docs/rulings.md ruling 143): "four Jacks burn and still
skip".  The rule book says a play that burns has no other effect (R7.2); at a table that plays
this rule the burning play's powers happen first - its skip, its reverse, the draws it gives,
what it carries over - and then the pile burns, and its player plays again (R7.4, unless
``burn_passes_on``).

What a power leaves on the pile goes with it (a restriction, "answer it or pick up"), as it does
whenever the pile leaves (``Pending.pile_gone``), and a power that takes the pile away itself
(clear it, give it) leaves nothing to burn.  The default is exactly the rule book's.

This file is the whole rule: its field, its words (a line under the burning sentence) and its
hook into the engine (``powers_before_burn``).
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class PowersBeforeBurn(TableRule):
    name = "powers_before_burn"
    order = 77
    rule = "R7.2"
    place = "burn"
    declared = switch(
        "powers_before_burn",
        "Powers before a burn",
        "The powers of a play that burns the pile still happen, first (four Jacks burn and "
        "still skip); then the pile burns.",
        "A play that burns still does its powers first (four Jacks burn and still skip)",
    )

    def powers_before_burn(self) -> bool:
        return True

    def sheet(self, variant: Variant) -> str:
        return (
            "A play that burns the pile still does its powers first: four cards that skip "
            "burn and still skip. What a power leaves on the pile goes with it."
        )

    def check(self, c: TableCheck) -> None:
        if c.value and not c.powers:
            c.warn(
                "powers_before_burn changes nothing where no card has a power; expected Karma "
                "cards, jokers or rank powers",
                "No card has a power, so this rule changes nothing.",
            )
