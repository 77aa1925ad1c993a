"""After a burn the next player starts the new pile (issue 42, docs/rulings.md ruling 122): the
rule book gives the burner another turn (R7.4); many tables pass the turn on instead, so a burn
is no longer a free second play.

The burn itself is unchanged (R7.1-R7.3): the pile leaves the game and the burning play has no
other effect (R7.2), so a skip, a reverse or a "play again" on the burning cards lapses too; the
turn passes to the next player who is in, in the current direction, who starts an empty pile
(any card may go, R5).

This file is the whole rule: its field, its words and its hook into the engine.
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import switch


class BurnPassesOn(TableRule):
    name = "burn_passes_on"
    order = 80
    rule = "R7.4"
    place = "burn"
    instead = True
    declared = switch(
        "burn_passes_on",
        "After a burn, the next player starts",
        "After the pile burns, the turn passes to the next player, who starts the new pile; the "
        "player who burned it does not play again.",
        "After a burn, the next player starts the new pile (the burner does not go again)",
    )

    def burner_plays_again(self) -> bool:
        return False

    def sheet(self, variant: Variant) -> str:
        return "the turn passes to the next player, who starts a new pile."
