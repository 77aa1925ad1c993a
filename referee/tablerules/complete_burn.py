"""Complete a burn out of turn (issue 42, docs/rulings.md ruling 144): while the top of the pile
shows a run of one card short of the burn count (three 7s where four burn), any player holding
the card that makes it a burn may lay it at once, out of turn; the pile burns and that player
plays again (R7.4), or the turn passes on from them (``burn_passes_on``).

The play is judged as if it were theirs to make (R3's zone, R4.3's copies, R5), as a cut-in
is (``cut_in``), but only where it completes the run: never blind (a face-down card is not
known before it is turned over), never while a play is owed at once (R8.3).  Where only a play
laid at once burns (``burn_at_once``) a run is never completed, so the rule opens nothing.

This file is the whole rule: its field, its words and its hook into the engine
(``completes_run``).
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class CompleteBurn(TableRule):
    name = "complete_burn"
    order = 78
    rule = "R6.1"
    place = "burn"
    declared = switch(
        "complete_burn",
        "Complete a burn out of turn",
        "While the pile shows a run one card short of a burn, anyone holding the card that "
        "completes it may lay it at once, out of turn; the pile burns and they play again.",
        "Anyone may complete a burn out of turn (the fourth 7 on three 7s)",
    )

    def completes_run(self, run: int, k: int, variant: Variant) -> bool:
        return run < variant.burn <= run + k

    def sheet(self, variant: Variant) -> str:
        return (
            f"When the pile shows {variant.burn - 1} identical cards on top, anyone holding "
            "the same card may lay it at once, even out of turn: the pile burns and they play "
            "again."
        )

    def check(self, c: TableCheck) -> None:
        if c.beside("burn_at_once"):
            c.warn(
                "complete_burn changes nothing with burn_at_once, where a run built up over "
                "several plays never burns; expected one of the two",
                "Only four laid at once burn here, so nobody can complete a burn.",
            )
