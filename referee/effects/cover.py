"""Cover it (a house rule): "a Queen must be covered at once by the same player, with any card -
no picking up instead".  Its player must at once play again on it, any card from the zone they
play from (R3), without the choice of picking up; a hand short of the minimum is refilled first
(docs/rulings.md, ruling 59), and holding no card, the duty lapses (as R8.3's follow-up does).

With ``above`` (VTANGE: "an 8 goes on anything and must be followed up by the player with a
card greater than 8"), the cover must be a number above it or a wild card (R5.3, R5.4): a
restriction on that play, so a player who cannot cover it picks up the pile instead (R6;
docs/rulings.md, ruling 157).

This file is the whole effect: what it leaves pending (``Cover``: a play due at once, on which
any card may go), the check it imposes (no pick-up) and its words.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import words
from referee.effects.base import Refusal, Resolution
from referee.effects.spec import UNITS, CardCheck, EffectSpec, Params
from referee.table.state import Pending, Restriction, State
from referee.variant.declare import Int
from referee.variant.model import Variant
from referee.words.reasons import Reason, Who


@dataclass(frozen=True, slots=True)
class Cover(Pending):
    """``by`` must play again at once: any card, no pick-up; or, with ``above``, a number
    above it or a wild card, else pick up (ruling 157)."""

    above: int | None = None

    @property
    def due(self) -> str:
        return self.by

    @property
    def free(self) -> bool:
        return self.above is None  # any card covers it

    @property
    def restriction(self) -> Restriction | None:
        if self.above is None:
            return None
        return Restriction(self.above + 1, None, self.card, self.name, self.rule)

    def pile_gone(self) -> Pending | None:
        # With a value to beat it binds the pile, and goes with it (picked up, burned: R5.1).
        return self if self.above is None else None

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
        "The same player must at once play again on it, any card; picking up is not allowed. "
        "With above: a number above it or a wild card, or they pick up the pile."
    )
    help = "The same player must at once put any card on it, and may not pick up instead."
    params = (
        Int(
            "above",
            "The cover must be above",
            "The card that covers it must be a number above this one, or a wild card; a "
            "player who cannot cover it picks up the pile (default: any card, no pick-up).",
            lo=0,
            hi=99,
            empty="any card",
            optional=True,
        ),
    )
    examples = ({"effect": "cover"}, {"effect": "cover", "above": 8})
    order = 85
    copyable = True  # a mirror copies it: its player must cover it again (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        v, card = r.variant, r.card
        r.state.pending[self.name] = Cover(
            r.player, card, v.card_name(card), v.rule_for(card, self.rule), params.get("above")
        )

    def refuse_pick_up(self, p: Pending, state: State, by: str) -> Refusal | None:
        if isinstance(p, Cover) and p.above is not None:
            return None  # who cannot cover it picks up the pile (ruling 157)
        return Refusal(self.name, "cover", p.rule, "", Reason.PICK_UP_IN_FOLLOW_UP, Who(by))

    def sheet(self, params: Params, variant: Variant | None) -> str:
        drawn = " (a short hand is filled up first)" if Cover.DRAWS_FIRST else ", without drawing"
        above = params.get("above")
        if above is None:
            return (
                f"The same player must at once play any card on it{drawn}; picking up the pile "
                "instead is not allowed."
            )
        card = words.a_number(above, variant)
        return (
            f"The same player must at once play on it a card above {card} or "
            f"{words.wild_alternative(variant)}{drawn}; if they cannot, they pick up the pile."
        )

    def check(self, c: CardCheck) -> None:
        above = c.number("above")
        if above is not None and c.ranks and above >= c.ranks.stop - 1:
            top = c.ranks.stop - 1
            c.warn(
                f"no number card is above {above} (the highest is {top}), so only wild cards "
                f"may cover it; expected above at most {top - 1}",
                "above",
                f"No number card is above {above} (the highest is {top}), so only wild cards "
                f"could cover it. Make it {top - 1} or less.",
            )
        for other in ("play_table_card", "play_again", "clear_pile"):
            if other in c.names:
                c.warn(
                    f"{other} already makes the player play again, so 'cover' adds nothing; "
                    "expected one of the two",
                    None,
                    f"“{UNITS[other].title}” already makes the player play again, "
                    f"so “{self.title}” adds nothing. Keep one of the two.",
                )
