"""Deal the rest (issue 42, docs/rulings.md ruling 125): the cards left after the deal are dealt
out to the hands, the same number to each, instead of making the draw pile (R2.1 changed: "The
rest is the draw pile").  The few left over (fewer than one each) are put aside unseen, out of
play, so every hand holds the same number and the referee knows how many each holds whoever
deals.  With no draw pile nobody draws (R6.4 never applies).

This file is the whole rule: its field, its words, its check and its hook into the engine
(``rest_dealt``: each hand's share of the rest, and the cards put aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.tablerules.spec import TableRule
from referee.variant.effect_list import Eff
from referee.variant.menu import MENU
from referee.variant.model import Variant
from referee.variant.table import TableCheck, switch

NEEDS_A_DRAW_PILE = ("gamble", "same_rank_drawn")
"""Table rules that use the draw pile: with this rule there is none."""


class DealRest(TableRule):
    name = "deal_rest"
    order = 15
    rule = "R2.1"
    place = "deal"
    instead = True
    declared = switch(
        "deal_rest",
        "Deal the rest (no draw pile)",
        "After the deal, the rest of the deck is dealt out to the hands, the same number to each; "
        "the few left over are put aside. There is no draw pile.",
        "Deal all the cards out: no draw pile",
    )

    def rest_dealt(self, players: int, left: int) -> tuple[int, int]:
        """Each hand's share of the ``left`` cards, the same for all, and the few put aside."""
        return left // players, left % players

    def sheet(self, variant: Variant) -> str:
        return (
            "Then the rest of the deck is dealt out to the hands, the same number to each; the "
            "few cards left over are put aside, face down. There is no draw pile."
        )

    def check(self, c: TableCheck) -> None:
        table = c.view.get("table")
        if not c.value or not isinstance(table, Mapping):
            return
        clash = [k for k in NEEDS_A_DRAW_PILE if table.get(k)]
        if clash:
            c.warn(
                f"deal_rest leaves no draw pile, so {', '.join(clash)} can never be used; "
                "expected one or the other",
                "All the cards are dealt out here, so there is no draw pile to take a card from.",
            )
        drawing = _drawing_effects(c.view)
        if drawing:
            c.warn(
                f"deal_rest leaves no draw pile, so {', '.join(drawing)} never makes anyone "
                "draw; expected a draw pile or an effect that does not draw",
                "All the cards are dealt out here, so nobody can draw the cards a card gives.",
            )


def _drawing_effects(view: Mapping[str, Any]) -> list[str]:
    """The effects of the file's cards (the typed view: well-formed effects only) that make a
    player draw from the draw pile (an effect's ``draws``), each named once, in the file's
    order."""
    holders: list[Any] = [*(view.get("rank_powers") or ()), *(view.get("karma_cards") or ())]
    jokers = view.get("jokers")
    if isinstance(jokers, Mapping):
        holders.append(jokers)
    found: list[str] = []
    for holder in holders:
        effects = holder.get("effects") if isinstance(holder, Mapping) else None
        for e in effects if isinstance(effects, list) else ():
            if isinstance(e, Eff) and MENU[e.name].draws and e.name not in found:
                found.append(e.name)
    return found
