"""What the table can see, as one mutable value that the engine copies for undo.

A zone holds the cards *known* to be there and a count of *unknown* ones (R4.3).  In full
information mode (simulation) every card is known and the draw pile is an ordered list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from referee.variant.model import Card

ZoneName = Literal["hand", "face_up", "face_down"]
"""Where a player's cards lie (R1.5): hand cards, face-up cards, face-down cards."""


class ZoneCards:
    """Cards in one zone: known copies per card, plus unknown cards (R4.3)."""

    __slots__ = ("known", "unknown", "count", "order")

    def __init__(
        self,
        known: dict[Card, int] | None = None,
        unknown: int = 0,
        order: list[Card] | None = None,
    ) -> None:
        self.known: dict[Card, int] = {c: n for c, n in (known or {}).items() if n}
        self.unknown = unknown
        self.count = unknown + sum(self.known.values())
        # Full-information face-down cards keep their (shuffled) order so that a blind choice
        # is the same card every time the position is asked for.
        self.order = order

    def copy(self) -> ZoneCards:
        z = ZoneCards.__new__(ZoneCards)
        z.known = dict(self.known)
        z.unknown = self.unknown
        z.count = self.count
        z.order = None if self.order is None else list(self.order)
        return z

    def add_known(self, card: Card, n: int = 1) -> None:
        self.known[card] = self.known.get(card, 0) + n
        self.count += n
        if self.order is not None:
            self.order.extend([card] * n)

    def add_unknown(self, n: int) -> None:
        self.unknown += n
        self.count += n

    def take_unknown(self, n: int) -> None:
        """Remove n unknown cards (a card given away unseen)."""
        self.unknown -= n
        self.count -= n

    def take(self, card: Card, n: int) -> int:
        """Remove n copies of card, known copies first; return how many were unknown (R4.4)."""
        have = self.known.get(card, 0)
        from_known = min(have, n)
        if from_known:
            if have == from_known:
                del self.known[card]
            else:
                self.known[card] = have - from_known
        from_unknown = n - from_known
        self.unknown -= from_unknown
        self.count -= n
        if self.order is not None:
            for _ in range(n):
                idx = len(self.order) - 1 - self.order[::-1].index(card)
                del self.order[idx]
        return from_unknown

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ZoneCards)
            and self.known == other.known
            and self.unknown == other.unknown
            and self.order == other.order
        )

    def __repr__(self) -> str:
        return f"ZoneCards(known={self.known}, unknown={self.unknown})"


class Seat:
    """The cards lying at one seat. Seats keep their cards when people change seats (R8.11)."""

    __slots__ = ("hand", "face_up", "face_down")

    def __init__(self, hand: ZoneCards, face_up: ZoneCards, face_down: ZoneCards) -> None:
        self.hand = hand
        self.face_up = face_up
        self.face_down = face_down

    @property
    def total(self) -> int:
        return self.hand.count + self.face_up.count + self.face_down.count

    def zone(self, name: ZoneName | str) -> ZoneCards:
        if name == "hand":
            return self.hand
        if name == "face_up":
            return self.face_up
        return self.face_down

    def copy(self) -> Seat:
        return Seat(self.hand.copy(), self.face_up.copy(), self.face_down.copy())

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Seat)
            and self.hand == other.hand
            and self.face_up == other.face_up
            and self.face_down == other.face_down
        )


Range = tuple[int | None, int | None]
"""Lowest and highest number allowed (None: open), as a card's effect states it."""


@dataclass(frozen=True, slots=True)
class Restriction:
    """The next play must be a number from ``lo`` to ``hi`` (either may be open), or wild
    (R5.4).  It carries the card that set it (id and name) and the rule a verdict about it
    cites, so that both survive the card leaving the game (a one-time card, R8)."""

    lo: int | None
    hi: int | None
    card: Card | None = None
    name: str = ""
    rule: str = "R5.4"

    @property
    def range(self) -> Range:
        return (self.lo, self.hi)

    def allows(self, card: Card) -> bool:
        """Whether a number card satisfies it (wild cards are judged before, R5.3)."""
        return (
            isinstance(card, int)
            and (self.lo is None or card >= self.lo)
            and (self.hi is None or card <= self.hi)
        )


@dataclass(eq=True)
class State:
    """Everything public at the table, plus bookkeeping for R4.3.

    ``names[i]`` sits at seat ``i`` (clockwise); ``seats[i]`` holds the cards lying there.
    ``mover`` is the *seat* of the player to move (``Game.turn`` is their *name*); ``out_of_play``
    counts the cards that left the game (``Outcome.burned`` is whether a run burned in one step).
    ``skips`` belong to people (R8.6), so they are keyed by name.
    """

    names: list[str]
    seats: list[Seat]
    pile: list[Card] = field(default_factory=list)
    draw_pile: int = 0
    out_of_play: int = 0
    seen: dict[Card, int] = field(default_factory=dict)
    direction: int = 1
    mover: int = 0
    restriction: Restriction | None = None
    follow_up: bool = False
    skips: dict[str, int] = field(default_factory=dict)
    over: bool = False
    loser: str | None = None
    # Full information only: the draw pile's cards, top last.
    draw_cards: list[Card] | None = None

    def copy(self) -> State:
        return State(
            names=list(self.names),
            seats=[s.copy() for s in self.seats],
            pile=list(self.pile),
            draw_pile=self.draw_pile,
            out_of_play=self.out_of_play,
            seen=dict(self.seen),
            direction=self.direction,
            mover=self.mover,
            restriction=self.restriction,
            follow_up=self.follow_up,
            skips=dict(self.skips),
            over=self.over,
            loser=self.loser,
            draw_cards=None if self.draw_cards is None else list(self.draw_cards),
        )

    def seat_of(self, name: str) -> int:
        return self.names.index(name)

    def is_in(self, seat: int) -> bool:
        return self.seats[seat].total > 0

    def players_in(self) -> list[int]:
        # Counts inlined (not ``Seat.total``): the engine asks this after every step.
        return [
            i
            for i, z in enumerate(self.seats)
            if z.hand.count or z.face_up.count or z.face_down.count
        ]

    def burn_pile(self) -> int:
        """The whole pile leaves the game (a burn, R7.1, or Clear the Pile, R8.5)."""
        n = len(self.pile)
        self.out_of_play += n
        self.pile = []
        self.restriction = None
        return n

    def pile_to_hand(self, seat: int) -> int:
        """The whole pile becomes known hand cards of a seat (a pick-up, R6.2, or a gift, R8.1)."""
        hand = self.seats[seat].hand
        for card in self.pile:
            hand.add_known(card)
        n = len(self.pile)
        self.pile = []
        self.restriction = None
        return n

    def draw(self, seat: int, n: int) -> int:
        """Up to ``n`` cards from the draw pile into a seat's hand, as far as it lasts (R6.4,
        or a card that makes a player draw); returns how many.  With full information (the
        simulator) the drawn cards are known, else the table only knows how many."""
        n = min(n, self.draw_pile)
        if n <= 0:
            return 0
        self.draw_pile -= n
        hand = self.seats[seat].hand
        if self.draw_cards is not None:  # top of the draw pile last
            for _ in range(n):
                hand.add_known(self.draw_cards.pop())
        else:
            hand.add_unknown(n)
        return n

    def see(self, card: Card, n: int = 1) -> None:
        self.seen[card] = self.seen.get(card, 0) + n
