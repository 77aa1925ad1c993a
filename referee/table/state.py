"""What the table can see, as one mutable value that the engine copies for undo.

A zone holds the cards *known* to be there and a count of *unknown* ones (R4.3).  In full
information mode (simulation) every card is known and the draw pile is an ordered list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

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
        known = self.known
        have = known.get(card, 0)
        if 0 < n <= have:  # all of them known (always, with full information): the hot path
            if have == n:
                del known[card]
            else:
                known[card] = have - n
            from_unknown = 0
        else:
            from_known = min(have, n)
            if from_known:
                if have == from_known:
                    del known[card]
                else:
                    known[card] = have - from_known
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
    # Who chose which way it goes, where its card's player said higher or lower (ruling 171).
    chose: str = ""

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


@dataclass(frozen=True, slots=True)
class Pending:
    """What an effect leaves pending once its card has resolved: that effect unit's own slice
    of the state, kept in ``State.pending`` under the unit's name until the unit says it lapses
    (``EffectSpec.lapses``).  Immutable, so a copy of the state (undo, a dry run) shares it; it
    is saved, undone and exported with the state (a record replays the steps that set it).  A
    unit subclasses it for values of its own.  It names the card that set it and the rule its
    verdicts cite, so both survive the card leaving the game (a one-time card).

    Three facts a slice may carry are read by everything that shows the table (the words, the
    app, the bots), so they are properties here, answered by the slice itself and never looked
    up by a unit's name: the restriction it puts on the next play (R5.4), the player who owes
    a play at once (R8.3), and the turns players owe (R8.6)."""

    by: str  # the player whose card set it (a person: seats may change hands, R8.11)
    card: Card
    name: str
    rule: str

    @property
    def restriction(self) -> Restriction | None:
        """The restriction this slice puts on the next play (R5.4), if any."""
        return None

    @property
    def due(self) -> str | None:
        """The player who must play again at once (R8.3: no pick-up, no draw first), if any."""
        return None

    @property
    def owed(self) -> tuple[tuple[str, int], ...]:
        """Turns players will lose (R8.6), by person."""
        return ()

    @property
    def free(self) -> bool:
        """Whether any card may go on the pile while it lasts (R8.3's follow-up)."""
        return False

    @property
    def to_draw(self) -> tuple[str, int] | None:
        """Cards a player will draw unless they pass them on (draws that add up): the player,
        by person, and how many; None: nobody."""
        return None

    @property
    def turns_order(self) -> bool:
        """Whether the order of ranks is turned round while it lasts (a revolution): a number
        then goes on the same value or lower instead of higher (R5.2 turned round)."""
        return False

    @property
    def gives_pile(self) -> bool:
        """Whether the pile is given away to the next player to step but ``by``, who passes it
        on or takes it (a give that may be deflected, ruling 168)."""
        return False

    @property
    def draws_first(self) -> bool:
        """Whether the player who owes a play at once draws first (R6.4; R8.3's follow-up
        does not: no one draws between Play a Table Card and its follow-up)."""
        return False

    def lapses(self, state: State, by: str) -> bool:
        """Whether it lapses once ``by`` has taken a step (judged before that step applies).
        By default: after the first step of another player than the one whose card set it."""
        return by != self.by

    def pile_gone(self) -> Pending | None:
        """This slice once the pile has left (burned, picked up, given): by default it stays;
        what binds the pile lapses with it (None)."""
        return self


@dataclass(frozen=True, slots=True)
class Limit(Pending):
    """A restriction on the next play (R5.4), as the unit whose card set it keeps it."""

    limit: Restriction

    @property
    def restriction(self) -> Restriction:
        return self.limit

    def lapses(self, state: State, by: str) -> bool:
        return True  # it binds only the play right after its card came on top (R5.4)

    def pile_gone(self) -> Pending | None:
        return None  # R5.1 wins on an empty pile (docs/rulings.md, ruling 19)


class GoingOn(NamedTuple):
    """A table rule: who may go on at once with the card on top, out of turn, from which zone
    and with at most how many copies, until the next step (docs/rulings.md, rulings 110-111)."""

    by: str
    zone: ZoneName
    most: int
    # Who lost a turn as the turn passed on from this player's play (and the plays it went on
    # from): the same turn passes on again after the play that goes on, and it is not lost
    # twice - nor is a second skip of the same play, which walks on (ruling 115).
    passed: tuple[str, ...] = ()


class TurnStart(NamedTuple):
    """A table rule (a burn cancels the powers played earlier in the same turn, ruling 148):
    how the table stood as ``by``'s turn began - the direction of play and what was pending -
    and whether the turn is still open (their last step gave them another play)."""

    by: str
    direction: int
    pending: tuple[tuple[str, Pending], ...]
    open: bool = False


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
    # What effects leave pending, by effect name (each unit owns its entry, see Pending): the
    # restriction on the next play, a follow-up that is due, the turns players will lose.
    pending: dict[str, Pending] = field(default_factory=dict)
    over: bool = False
    loser: str | None = None
    # Full information only: the draw pile's cards, top last.
    draw_cards: list[Card] | None = None
    # A table rule: who may still go on with the same card, until the next step (GoingOn).
    going_on: GoingOn | None = None
    # The first play of the game is still to come: a fresh deal, no step taken yet (what a
    # condition ``when: {play: first}`` and the table rule on the starting card read).  A game
    # joined under way (R2.4) has had its first play.
    first_play: bool = False
    # The pile's cards (by place, 0 the bottom) that are see-through by a condition that held
    # as they were laid (``when`` on transparent or mirror, issue 42): the pile remembers it
    # while they lie there.
    through: frozenset[int] = frozenset()
    # The lasting effects under a condition (``when`` on a value, what may go on a card, a
    # cut-in; issue 42) whose condition held as their card was laid: (place, the effect's
    # place among its card's effects).  The pile remembers them while the card lies there.
    held: frozenset[tuple[int, int]] = frozenset()
    # A table rule: how the table stood as the mover's turn began (TurnStart), for a burn that
    # cancels what that turn's earlier plays did; None where no variant rule asks.
    turn_from: TurnStart | None = None
    # The numbers named for the pile's cards that count as the number their player names
    # (``named_value``, ruling 153), by place (0 the bottom): (place, number) pairs, replaced
    # whole, never changed in place, as copies share them.
    named: tuple[tuple[int, int], ...] = ()
    # The suits the table saw face up, where the pack's suits count (issue 42, ruling 154):
    # the pile's cards whose play showed one, by place (0 the bottom), and the cards with a
    # suit shown that left the game (burned, cleared, a one-time card).  Replaced whole.
    suits: tuple[tuple[int, str], ...] = ()
    gone_suits: tuple[tuple[Card, str], ...] = ()
    # A table rule (ruling 167): the card the game's first play must show, its rank and suit
    # (the starter holds it); None: none (no such rule, or nobody holds one).
    opening: tuple[int, str] | None = None

    def shown(self, card: Card, suit: str) -> tuple[int, int]:
        """How many cards ``card`` of ``suit`` the table saw face up where they still are: on
        the pile, and out of the game."""
        pile = self.pile
        on_pile = sum(1 for i, s in self.suits if s == suit and pile[i] == card)
        return on_pile, self.gone_suits.count((card, suit))

    def named_at(self, place: int) -> int | None:
        """The number named for the pile's card at ``place``, or None (none was named)."""
        for i, value in self.named:
            if i == place:
                return value
        return None

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
            pending=dict(self.pending),
            over=self.over,
            loser=self.loser,
            draw_cards=None if self.draw_cards is None else list(self.draw_cards),
            going_on=self.going_on,
            first_play=self.first_play,
            through=self.through,
            held=self.held,
            turn_from=self.turn_from,
            named=self.named,
            suits=self.suits,
            gone_suits=self.gone_suits,
            opening=self.opening,
        )

    def copy_for_play(self, seat: int, *, draws: bool = False) -> State:
        """A copy for a dry run of a play from ``seat`` that no effect resolves in (python-chess
        copies only what a move changes): that seat's cards, the pile, the cards seen, what is
        pending, the names (and the draw pile's cards, ``draws``: a play from it) are the
        copy's own; every other seat's cards and the draw pile are shared, to be read only."""
        then = State.__new__(State)
        then.__dict__.update(self.__dict__)
        seats = list(self.seats)
        seats[seat] = seats[seat].copy()
        then.seats = seats
        then.names = list(self.names)
        then.pile = list(self.pile)
        then.seen = dict(self.seen)
        then.pending = dict(self.pending)
        if draws and self.draw_cards is not None:
            then.draw_cards = list(self.draw_cards)
        return then

    def seat_of(self, name: str) -> int:
        return self.names.index(name)

    # --- what is pending, as the table sees it (each slice answers for itself) -------------

    @property
    def restriction(self) -> Restriction | None:
        """The restriction on the next play in force now (R5.4), whichever unit keeps it."""
        for p in self.pending.values():
            r = p.restriction
            if r is not None:
                return r
        return None

    @property
    def due(self) -> str | None:
        """The player who owes a play at once (a Play a Table Card follow-up, R8.3), if any."""
        for p in self.pending.values():
            who = p.due
            if who is not None:
                return who
        return None

    @property
    def follow_up(self) -> bool:
        """Whether a play is due at once (R8.3): only that play may be made, from the table."""
        return self.due is not None

    @property
    def skips(self) -> dict[str, int]:
        """The turns each player will lose (R8.6), by person."""
        out: dict[str, int] = {}
        for p in self.pending.values():
            for who, n in p.owed:
                out[who] = out.get(who, 0) + n
        return out

    @property
    def to_draw(self) -> dict[str, int]:
        """The cards each player will draw unless they pass them on, by person."""
        out: dict[str, int] = {}
        for p in self.pending.values():
            owed = p.to_draw
            if owed is not None:
                out[owed[0]] = out.get(owed[0], 0) + owed[1]
        return out

    def drop_pending(self, keep: Callable[[Pending], Pending | None]) -> None:
        """Replace each pending slice by ``keep(slice)``; None removes it."""
        changed = False
        out: dict[str, Pending] = {}
        for name, p in self.pending.items():
            q = keep(p)
            if q is not p:
                changed = True
            if q is not None:
                out[name] = q
        if changed:
            self.pending = out

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
        self.burn_top(n)
        if self.pending:
            self.drop_pending(_after_pile)
        return n

    def burn_top(self, n: int) -> None:
        """The top ``n`` cards of the pile leave the game (a battle's cards, ruling 164); what
        the pile remembers of them goes with them (their suits into ``gone_suits``): all of
        them, a burn (``burn_pile``)."""
        keep = len(self.pile) - n
        if self.suits:
            pile = self.pile
            self.gone_suits = (
                *self.gone_suits,
                *((pile[i], s) for i, s in self.suits if i >= keep),
            )
            self.suits = tuple((i, s) for i, s in self.suits if i < keep)
        self.pile = self.pile[:keep]  # a new list: nothing that read the old one sees it change
        self.out_of_play += n
        if self.through:
            self.through = frozenset(i for i in self.through if i < keep)
        if self.held:
            self.held = frozenset((i, j) for i, j in self.held if i < keep)
        if self.named:
            self.named = tuple((i, value) for i, value in self.named if i < keep)

    def bottom_to_top(self) -> Card:
        """The bottom card of the pile moves onto the top (R8.4); the cards above it keep what
        the pile remembers of them (``through``, ``held``), one place lower.  Returns the card."""
        card = self.pile.pop(0)
        self.pile.append(card)
        if self.through:
            self.through = frozenset(i - 1 for i in self.through if i)
        if self.held:
            self.held = frozenset((i - 1, j) for i, j in self.held if i)
        if self.named:  # the moved card was laid by nobody: it counts as itself
            self.named = tuple((i - 1, value) for i, value in self.named if i)
        if self.suits:  # a card keeps its suit, wherever it lies
            top = len(self.pile) - 1
            self.suits = tuple((i - 1 if i else top, s) for i, s in self.suits)
        return card

    def pile_to_hand(self, seat: int) -> int:
        """The whole pile becomes known hand cards of a seat (a pick-up, R6.2, or a gift, R8.1)."""
        hand = self.seats[seat].hand
        pile = self.pile
        known = hand.known  # ``add_known`` for each card, inline: a pick-up is a third of steps
        for card in pile:
            known[card] = known.get(card, 0) + 1
        n = len(pile)
        hand.count += n
        if hand.order is not None:
            hand.order.extend(pile)
        self.pile = []
        if self.through:
            self.through = frozenset()
        if self.held:
            self.held = frozenset()
        if self.named:
            self.named = ()
        if self.suits:  # taken into a hand: the referee does not follow a card's suit there
            self.suits = ()
        if self.pending:
            self.drop_pending(_after_pile)
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


def _after_pile(p: Pending) -> Pending | None:
    return p.pile_gone()
