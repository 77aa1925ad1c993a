"""Per-variant tables for ``legal_steps`` (the simulator's hot path, issue 12)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from referee.effects import Traits
from referee.engine.steps import PickUp, Step
from referee.state import Restriction, State
from referee.variant.model import Card, Variant
from referee.wording import Voice


class FastTables:
    """Per-variant tables for ``legal_steps`` (the simulator's hot path), made once per variant
    and shared by its games: the cards that fit for each (top value, restriction), and the
    plays of plain cards.  They keep the answers of ``Rules.fits_ok`` (the R5 part of ``Rules.judge``): the rules live in one place."""

    __slots__ = ("variant", "cards", "plain", "lets_in", "plays", "pickups", "_fits", "voice")
    _last: ClassVar[FastTables | None] = None  # the variant met last (a run plays one)

    def __init__(self, variant: Variant, traits: Mapping[Card, Traits]) -> None:
        self.variant = variant
        self.voice = Voice.of(variant)  # how the referee words things in this variant
        self.cards = tuple(traits)
        # Plain: a card whose plays need no choice and that no effect checks (refuse_own).
        self.plain = frozenset(
            c for c, t in traits.items() if not (t.needs_target or t.takes_give or t.checked)
        )
        # Cards that, on top, may let a player step out of turn (none: no cut-ins to look for).
        self.lets_in = frozenset(c for c, t in traits.items() if t.lets_in)
        self.plays: dict[tuple[str, str], dict[Card, list[list[Step]]]] = {}
        self.pickups: dict[str, PickUp] = {}
        self._fits: dict[tuple[int | None, Restriction | None], frozenset[Card]] = {}

    @classmethod
    def of(cls, variant: Variant, traits: Mapping[Card, Traits]) -> FastTables:
        last = cls._last
        if last is None or last.variant is not variant:
            last = cls._last = cls(variant, traits)
        return last

    def plays_for(self, by: str, zone: str) -> dict[Card, list[list[Step]]]:
        """The plain cards' plays of ``by`` from ``zone``: card -> [plays of 1..n copies][n]."""
        found = self.plays.get((by, zone))
        if found is None:
            if len(self.plays) > 1024:  # many names over time (a long-lived process)
                self.plays.clear()
                self.pickups.clear()
            found = self.plays[by, zone] = {}
        return found

    def pickup(self, by: str) -> PickUp:
        found = self.pickups.get(by)
        if found is None:
            found = self.pickups[by] = PickUp(by)
        return found

    def fits(
        self,
        value: int | None,
        restriction: Restriction | None,
        fits_ok: Callable[[State, Card, int | None], bool],
        state: State,
    ) -> frozenset[Card]:
        """The cards that may go on the pile now (R5), as the game's own ``fits_ok`` says for
        this top value and restriction: its answers, kept."""
        key = (value, restriction)
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = frozenset(c for c in self.cards if fits_ok(state, c, value))
        return found
