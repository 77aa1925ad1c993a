"""The variant model: small immutable values describing a deck and its house rules.

Nothing here knows a card by its name: a Karma card, like a rank power, is a list of effects from
the menu (RULES.md R9).  The loader (``referee.variant.loader``) builds these from YAML.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Card = int | str
"""A card as the table names it: a number rank (``7``, a Queen ``12`` in an ordinary pack) or a
special card's id (a Karma card ``"five_or_below"``, the joker ``"joker"``)."""

NUMBERS, ORDINARY = "numbers", "ordinary"
"""The two kinds of deck: Karma's number cards (any ranks, any copies), or an ordinary pack of
playing cards (2 to 10, Jack, Queen, King and Ace, four of each: the suits do not matter, unless
the variant says they do: ``Variant.suits``)."""

SUITS = ("clubs", "diamonds", "hearts", "spades")
"""An ordinary pack's four suits, as a variant file and a record write them (issue 42)."""
COLOURS = {"clubs": "black", "diamonds": "red", "hearts": "red", "spades": "black"}
"""The colour of each suit."""

JOKER = "joker"
"""The id of the joker in an ordinary pack: how records name it (``Joker`` is read too)."""

_FACES = {11: ("J", "Jack"), 12: ("Q", "Queen"), 13: ("K", "King")}
RANK_WORDS = ("J", "Q", "K", "A", "Jack", "Queen", "King", "Ace")
"""How a variant file may name an ordinary pack's faces in ``rank_powers`` (a record reads
them in any case: :meth:`Variant.parse_card`)."""
ACE_HIGH, ACE_LOW = 14, 1
"""An ordinary pack's ranks are numbers for the engine (a Queen beats a Jack because 12 > 11);
only the words and the records say J, Q, K and A: the Ace is 14 when high, 1 when low."""


@dataclass(frozen=True)
class Effect:
    """One effect from the menu with its parameters (the loader fills in their defaults,
    ``EffectSpec.effect``; the model knows no effect, so that it imports none)."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)
    # Only when these conditions hold does it happen (``referee.variant.conditions``, issue
    # 42); empty: always.
    when: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # A list of cards (``Cards``) is kept as a tuple: an effect is hashed.
        params = {k: tuple(v) if isinstance(v, list) else v for k, v in self.params.items()}
        object.__setattr__(self, "params", dict(sorted(params.items())))
        object.__setattr__(self, "when", dict(sorted(self.when.items())))

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.params.items()), tuple(self.when.items())))


@dataclass(frozen=True)
class KarmaCard:
    id: str
    name: str
    copies: int
    text: str = ""
    effects: tuple[Effect, ...] = ()
    rule: str = ""  # the RULES.md number verdicts cite for this card, e.g. "R8.2"
    joker: bool = False  # the jokers of an ordinary pack (wild like a Karma card, not a number)


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
class TableDeal:
    """The deal at one table size, where it differs from the variant's own (issue 42:
    "2 players 6/6/6, 3 players 4/4/4")."""

    players: int
    face_down: int = 3
    face_up: int = 3
    hand: int = 3
    # The minimum hand at this table size (R6.4; BGA: "six with two players"); None: the
    # variant's own ``min_hand`` (ruling 129).
    min_hand: int | None = None


@dataclass(frozen=True)
class Deal:
    face_down: int = 3
    face_up: int = 3
    hand: int = 3
    by_players: tuple[TableDeal, ...] = ()

    @property
    def per_player(self) -> int:
        return self.face_down + self.face_up + self.hand

    def for_players(self, players: int) -> Deal:
        """The deal at a table of this many players: its own row, else the variant's (R2.1)."""
        for row in self.by_players:
            if row.players == players:
                return Deal(row.face_down, row.face_up, row.hand)
        return self if not self.by_players else Deal(self.face_down, self.face_up, self.hand)

    def min_hand_for(self, players: int, min_hand: int) -> int:
        """The minimum hand at a table of this many players (R6.4): its row's own, else the
        variant's ``min_hand`` (ruling 129)."""
        for row in self.by_players:
            if row.players == players and row.min_hand is not None:
                return row.min_hand
        return min_hand


@dataclass(frozen=True, init=False)
class TableRules:
    """The rules about the table rather than a card (issue 31.2) that a variant sets otherwise
    than the rule book: rule name -> value.  What each rule means, its default and its words
    are its unit's (``referee/tablerules/``, read through ``referee.variant.table``): a rule
    left out plays as the rule book says."""

    rules: tuple[tuple[str, Any], ...]

    def __init__(self, **rules: Any) -> None:
        object.__setattr__(self, "rules", tuple(sorted(rules.items())))

    def __contains__(self, name: object) -> bool:
        return any(name == n for n, _ in self.rules)

    def get(self, name: str, default: Any = None) -> Any:
        return next((v for n, v in self.rules if n == name), default)

    @property
    def any(self) -> bool:
        return bool(self.rules)


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
    pack: str = NUMBERS  # NUMBERS or ORDINARY: how the number ranks are named
    ace: str = "high"  # in an ordinary pack: "high" (the Ace is 14) or "low" (it is 1)
    jokers: KarmaCard | None = None  # an ordinary pack's jokers (id JOKER), if it has any
    # An ordinary pack whose suits count (issue 42): a play may show the suit of its card, and
    # an effect may hang on it (``when: {suit: hearts}``, ``{colour: red}``).  False: ranks
    # only, as before (no suit is ever asked or written).
    suits: bool = False
    # Ranks the pack leaves out (issue 42; THND: no 3s), each strictly between the lowest and
    # the highest: no card of them is in the deck.  Empty: every rank from low to high.
    without: tuple[int, ...] = ()
    table: TableRules = TableRules()

    # --- derived facts -------------------------------------------------------------------

    @functools.cached_property
    def ranks(self) -> tuple[int, ...]:
        """The number ranks of the deck, low to high, but those it leaves out."""
        return tuple(r for r in range(self.ranks_low, self.ranks_high + 1) if r not in self.without)

    @property
    def ordinary(self) -> bool:
        """An ordinary pack: J, Q, K and A are said by name (the engine still counts 11-14)."""
        return self.pack == ORDINARY

    @property
    def specials(self) -> tuple[KarmaCard, ...]:
        """The cards that are not numbers: the Karma cards, then the jokers (both wild, both
        counting 0 on top unless their effects say otherwise, R5.3-R5.4)."""
        return (*self.karma_cards, self.jokers) if self.jokers else self.karma_cards

    @functools.cached_property
    def _specials_by_id(self) -> dict[str, KarmaCard]:
        found: dict[str, KarmaCard] = {}
        for card in self.specials:
            found.setdefault(card.id, card)  # the first of a (refused) repeated id, as before
        return found

    def karma(self, card_id: str) -> KarmaCard | None:
        """The special card with this id: a Karma card, or the jokers (looked up once: the
        engine asks this of every card it judges)."""
        try:
            return self._specials_by_id.get(card_id)
        except TypeError:  # not a card id at all (an unhashable value from a file)
            return None

    def is_joker(self, card: object) -> bool:
        return self.jokers is not None and card == self.jokers.id

    @functools.cached_property
    def _faces(self) -> dict[int, tuple[str, str]]:
        if not self.ordinary:
            return {}
        ace = ACE_LOW if self.ace == "low" else ACE_HIGH
        return {**_FACES, ace: ("A", "Ace")}

    def faces(self) -> dict[int, tuple[str, str]]:
        """The ranks said by name in this deck: rank -> (label, name), e.g. 12 -> ('Q',
        'Queen'); empty for a deck of number cards."""
        return self._faces

    def rank_name(self, rank: int) -> str:
        """'7', 'Queen', 'Ace': a rank as the referee says it."""
        face = self.faces().get(rank)
        return face[1] if face else str(rank)

    def rank_label(self, rank: int) -> str:
        """'7', 'Q', 'A': a rank as a card's corner (and a record) shows it."""
        face = self.faces().get(rank)
        return face[0] if face else str(rank)

    def card_label(self, card: Card) -> str:
        """What a card's face shows: its rank label ('Q'), or a special card's name."""
        return self.rank_label(card) if isinstance(card, int) else self.card_name(card)

    def parse_card(self, value: object) -> Card | None:
        """A card as a record (or a person) may write it, or None if this deck has no such
        card: a number (``12``), a special card's id (``five_or_below``, ``joker``) and, in an
        ordinary pack, a rank's label or name in any case (``Q``, ``Queen``, ``queen``), the
        jokers by name (``Joker``) and numbers written as text (``'7'``)."""
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value if self.is_card(value) else None
        if not isinstance(value, str):
            return None
        if self.karma(value) is not None:
            return value
        if not self.ordinary:
            return None
        text = value.strip().casefold()
        for rank, (label, name) in self.faces().items():
            if text in (label.casefold(), name.casefold()):
                return rank
        if self.jokers is not None and text in (self.jokers.id, self.jokers.name.casefold()):
            return self.jokers.id
        if text.isdigit() and text.isascii() and self.is_card(int(text)):
            return int(text)
        return None

    def parse_suited(self, value: object) -> tuple[int, str] | None:
        """A number card of a suit or a colour, as a list of cards may name it (issue 42):
        'J of hearts', 'Jack of hearts', '11 of hearts' give (11, 'hearts'); 'red J', 'red
        Jack', 'black 7' give (11, 'red'), (7, 'black').  None: no such name, or no such rank
        in this deck (only an ordinary pack has suits)."""
        if not isinstance(value, str) or not self.ordinary:
            return None
        text = " ".join(value.split()).casefold()
        head, sep, tail = text.rpartition(" of ")
        if sep and tail in SUITS:
            rank, kind = head, tail
        else:
            kind, _, rank = text.partition(" ")
            if kind not in ("red", "black"):
                return None
        card = self.parse_card(rank)
        return (card, kind) if isinstance(card, int) else None

    def suited_name(self, card: int, kind: str) -> str:
        """'Jack of hearts', 'red Jack': a card of a suit or a colour as the referee says it."""
        name = self.card_name(card)
        return f"{name} of {kind}" if kind in SUITS else f"{kind} {name}"

    def record_card(self, card: Card) -> Card:
        """How an exported record writes a card: a face by its label in an ordinary pack
        (``Q``), other numbers as numbers, a special card by its id."""
        if isinstance(card, int) and card in self.faces():
            return self.rank_label(card)
        return card

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
            return self.ranks_low <= card <= self.ranks_high and card not in self.without
        return isinstance(card, str) and self.karma(card) is not None

    def all_cards(self) -> list[Card]:
        return [*self.ranks, *(k.id for k in self.specials)]

    def copies_per_deck(self, card: Card) -> int:
        if isinstance(card, str):
            k = self.karma(card)
            return k.copies if k else 0
        return self.copies if self.is_card(card) else 0

    def deck_size(self, decks: int = 1) -> int:
        one = len(self.ranks) * self.copies + sum(k.copies for k in self.specials)
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
        """'7', 'Queen', 'Joker', 'Five or Below': a card as the referee says it."""
        if isinstance(card, str):
            k = self.karma(card)
            return k.name if k else card
        return self.rank_name(card)
