"""A burn cancels the powers played earlier in the same turn (issue 42, docs/rulings.md ruling
148).  The rule book lets only the burning play's own powers lapse (R7.2); what the player's
earlier plays of that turn did stays.  At a table that plays this rule a burn made in turn also
undoes what those earlier plays did that still waits: the turns they made players lose (R8.6),
the direction they turned (R8.7), a mode that lasts (a revolution).  A turn is the player's
steps from the one the turn passed to them with, on through every play that gave them another
(a burn, R7.4; a card that plays again; a follow-up, R8.3).  What has happened at once (cards
given, taken or drawn, a pile given away) cannot be undone, and a burn laid out of turn
cancels nothing (it is nobody's turn of plays).

This file is the whole rule: its field, its words and its hook into the engine
(``burn_cancels_turn``).
"""

from __future__ import annotations

from referee.tablerules.spec import TableRule
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch


class BurnCancelsTurn(TableRule):
    name = "burn_cancels_turn"
    order = 79
    rule = "R7.2"
    place = "burn"
    declared = switch(
        "burn_cancels_turn",
        "A burn cancels the turn's powers",
        "A burn cancels what the burner's earlier plays of the same turn did that still waits: "
        "the turns players were to lose, the direction of play, a mode that lasts.",
        "A burn cancels the powers played earlier in the same turn",
    )

    def burn_cancels_turn(self) -> bool:
        return True

    def sheet(self, variant: Variant) -> str:
        return (
            "A burn also cancels the powers its player laid earlier in that turn. Nobody loses "
            "a turn from them, and play goes the way it went when the turn began."
        )

    def cancel_words(self, by: str) -> str:
        """The table's words when a burn cancelled something."""
        return f"The burn cancels the powers {by} played earlier this turn."

    def check(self, c: TableCheck) -> None:
        if c.value and not c.powers:
            c.warn(
                "burn_cancels_turn changes nothing where no card has a power; expected Karma "
                "cards, jokers or rank powers",
                "No card has a power, so this rule changes nothing.",
            )
        if c.value and c.beside("powers_before_burn"):
            c.warn(
                "burn_cancels_turn beside powers_before_burn: the burn cancels the burning "
                "play's own powers too, once they have happened; expected one of the two",
                "A burn cancels the turn's powers, so the powers that happen before it are "
                "cancelled too.",
            )
