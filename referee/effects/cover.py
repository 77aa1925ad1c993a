"""Cover it (a house rule): "a Queen must be covered at once by the same player, with any card -
no picking up instead".  Its player must at once play again on it, any card from the zone they
play from (R3), without the choice of picking up; a hand short of the minimum is refilled first
(docs/rulings.md, ruling 59), and holding no card, the duty lapses (as R8.3's follow-up does).

This file is the whole effect: what it leaves pending (``Cover``: a play due at once, on which
any card may go), the check it imposes (no pick-up) and its words.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.effects.base import Refusal, Resolution
from referee.effects.spec import UNITS, CardCheck, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.model import Variant
from referee.words.reasons import Reason, Who


@dataclass(frozen=True, slots=True)
class Cover(Pending):
    """``by`` must play again at once, any card, no pick-up."""

    @property
    def due(self) -> str:
        return self.by

    @property
    def free(self) -> bool:
        return True  # any card covers it

    DRAWS_FIRST = True  # an empty hand is refilled first, or R3.2 could leave no step (ruling 59)

    @property
    def draws_first(self) -> bool:
        return self.DRAWS_FIRST

    def lapses(self, state: State, by: str) -> bool:
        return True  # covered by that player's next step


class CoverIt(EffectSpec):
    name = "cover"
    title = "Cover it at once"
    rule = "R9"
    description = (
        "The same player must at once play again on it, any card; picking up is not allowed."
    )
    help = "The same player must at once put any card on it, and may not pick up instead."
    examples = ({"effect": "cover"},)
    order = 85
    copyable = True  # a mirror copies it: its player must cover it again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        v, card = r.variant, r.card
        r.state.pending[self.name] = Cover(
            r.player, card, v.card_name(card), v.rule_for(card, self.rule)
        )

    def refuse_pick_up(self, p: Pending, state: State, by: str) -> Refusal | None:
        return Refusal(self.name, "cover", p.rule, "", Reason.PICK_UP_IN_FOLLOW_UP, Who(by))

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The same player must at once play any card on it"
            + (" (a short hand is filled up first)" if Cover.DRAWS_FIRST else ", without drawing")
            + "; picking up the pile instead is not allowed."
        )

    def check(self, c: CardCheck) -> None:
        for other in ("play_table_card", "play_again", "clear_pile"):
            if other in c.names:
                c.warn(
                    f"{other} already makes the player play again, so 'cover' adds nothing; "
                    "expected one of the two",
                    None,
                    f"“{UNITS[other].title}” already makes the player play again, "
                    f"so “{self.title}” adds nothing. Keep one of the two.",
                )
