"""Per-variant tables for ``legal_steps`` (the simulator's hot path, issue 12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from referee.effects import Traits
from referee.engine.steps import PickUp, Step
from referee.state import Restriction
from referee.variant.model import Card, Variant
from referee.wording import Voice

if TYPE_CHECKING:
    from referee.engine.parts import GameParts


class FastTables:
    """Per-variant tables for ``legal_steps`` (the simulator's hot path), made once per variant
    and shared by its games: the cards that fit for each (top value, restriction), and the
    plays of plain cards.  They are derived from ``_fits_ok``, so the rules live in one place."""

    __slots__ = ("variant", "plain", "plays", "pickups", "_fits", "voice")
    _last: ClassVar[FastTables | None] = None  # the variant met last (a run plays one)

    def __init__(self, variant: Variant, traits: Mapping[Card, Traits]) -> None:
        self.variant = variant
        self.voice = Voice.of(variant)  # how the referee words things in this variant
        self.plain = frozenset(c for c, t in traits.items() if not (t.needs_target or t.takes_give))
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

    def fits(self, game: GameParts, restriction: Restriction | None) -> frozenset[Card]:
        """The cards that may go on the pile now (R5), from the game's own ``_fits_ok``."""
        value = game.top_value()
        key = (value, restriction)
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = frozenset(c for c in game._traits if game._fits_ok(c, value))
        return found
