"""The variant model: small immutable values describing a deck and its house rules.

Nothing here knows a card by its name: a Karma card, like a rank power, is a list of effects from
the menu (RULES.md R9).  The loader (``referee.variant.loader``) builds these from YAML.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Card = int | str
"""A card as the table names it: a number rank (``7``) or a Karma card id (``"five_or_below"``)."""


@dataclass(frozen=True)
class Effect:
    """One effect from the menu with its parameters (the loader fills in their defaults,
    ``EffectSpec.effect``; the model knows no effect, so that it imports none)."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", dict(sorted(self.params.items())))

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.params.items())))


@dataclass(frozen=True)
class KarmaCard:
    id: str
    name: str
    copies: int
    text: str = ""
    effects: tuple[Effect, ...] = ()
    rule: str = ""  # the RULES.md number verdicts cite for this card, e.g. "R8.2"


@dataclass(frozen=True)
class RankPower:
    """Powers given to a number rank (R1.4, R5.5)."""

    rank: int
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True)
class PlayerRange:
    """With this many decks combined, this many players may sit down (R1.2-R1.3)."""

    decks: int
    min: int
    max: int


@dataclass(frozen=True)
class Deal:
    face_down: int = 3
    face_up: int = 3
    hand: int = 3

    @property
    def per_player(self) -> int:
        return self.face_down + self.face_up + self.hand


STARTS = ("first", "lowest")
"""Who starts a game (issue 31.2): the first player listed (R2.3), or the holder of the lowest
card, whom the table names at setup (a record's ``first``)."""


@dataclass(frozen=True)
class TableRules:
    """Rules about the table rather than a card (issue 31.2), each off by default so that a
    variant without them plays as the rule book says."""

    must_play: bool = False  # a player who can play may not pick up instead (R6.2 changed)
    starts: str = "first"  # one of STARTS

    @property
    def any(self) -> bool:
        return self != TableRules()


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    ranks_low: int = 1
    ranks_high: int = 16
    copies: int = 3
    karma_cards: tuple[KarmaCard, ...] = ()
    rank_powers: tuple[RankPower, ...] = ()
    players: tuple[PlayerRange, ...] = (PlayerRange(1, 2, 6), PlayerRange(2, 7, 12))
    deal: Deal = Deal()
    min_hand: int = 3
    burn: int = 3
    description: str = ""
    author: str = ""
    table: TableRules = TableRules()

    # --- derived facts -------------------------------------------------------------------

    @property
    def ranks(self) -> range:
        return range(self.ranks_low, self.ranks_high + 1)

    def karma(self, card_id: str) -> KarmaCard | None:
        for card in self.karma_cards:
            if card.id == card_id:
                return card
        return None

    def effects_of(self, card: Card) -> tuple[Effect, ...]:
        """The effects a card carries: a Karma card's list, or a rank's powers (R1.4)."""
        if isinstance(card, str):
            k = self.karma(card)
            return k.effects if k else ()
        for power in self.rank_powers:
            if power.rank == card:
                return power.effects
        return ()

    def is_card(self, card: object) -> bool:
        if isinstance(card, bool):
            return False
        if isinstance(card, int):
            return self.ranks_low <= card <= self.ranks_high
        return isinstance(card, str) and self.karma(card) is not None

    def all_cards(self) -> list[Card]:
        return [*self.ranks, *(k.id for k in self.karma_cards)]

    def copies_per_deck(self, card: Card) -> int:
        if isinstance(card, str):
            k = self.karma(card)
            return k.copies if k else 0
        return self.copies if self.ranks_low <= card <= self.ranks_high else 0

    def deck_size(self, decks: int = 1) -> int:
        one = len(self.ranks) * self.copies + sum(k.copies for k in self.karma_cards)
        return one * decks

    def decks_for(self, players: int) -> int | None:
        """How many decks this many players use, or None if the variant does not allow it."""
        for r in self.players:
            if r.min <= players <= r.max:
                return r.decks
        return None

    @property
    def min_players(self) -> int:
        return min(r.min for r in self.players)

    @property
    def max_players(self) -> int:
        return max(r.max for r in self.players)

    def rule_for(self, card: Card, effect_rule: str | None = None) -> str:
        """The rule a verdict about this card cites (docs/rulings.md, ruling 2): R5.5 for a rank
        power; for a Karma card its own ``rule:``, else the rule of the effect concerned, else R8."""
        if isinstance(card, int):
            return "R5.5"  # a rank power (R1.4, R5.5)
        k = self.karma(card)
        if k is not None and k.rule:
            return k.rule
        return effect_rule or "R8"

    def card_name(self, card: Card) -> str:
        if isinstance(card, str):
            k = self.karma(card)
            return k.name if k else card
        return str(card)
