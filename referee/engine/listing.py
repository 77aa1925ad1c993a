"""The legal steps at one position, each card's plays generated when first asked (issue 44.1).

``Choices.legal_steps`` makes every play of every card the mover holds.  A careful computer
player that sheds a plain card - most of its turns - never reads the plays of its Karma cards,
and a card that gives a card lists one per count, chosen player and card given.  A ``Listing``
is that very list, the same steps in the same order (``steps``), but a card that is not plain
(it needs a choice, or has a check of its own) has its plays generated, by the same code, only
when they are asked for.  Whoever reads it as a sequence gets the whole list.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import overload

from referee.engine.steps import DRAW_PILE, PickUp, Play, Step
from referee.variant.model import Card

__all__ = ["Listing"]

Make = Callable[[Card, int, bool], list[Step]]
"""Generates the legal plays of a card of which the mover holds so many copies (with True: of a
card that gives a card, only the first play of each count and chosen player)."""


class ListingClosed(RuntimeError):
    """A listing was asked for plays after the position it was made at moved on."""


class Listing(Sequence[Step]):
    """The legal steps at one position (``Choices.listing``), in ``legal_steps``' order: the
    plays of each card the mover may play, card by card, then the pick-up.  A plain card's
    plays are at hand; another card's (``make``) are generated when first asked.

    Read it before the state moves on and then ``close`` it: a card's plays generated later
    would be those of another position, so a closed listing refuses to make them."""

    __slots__ = (
        "_cards",
        "_haves",
        "_plays",
        "_tail",
        "_make",
        "_all",
        "_root",
        "_open",
        "_at_hand",
        "_to_make",
        "_gifts",
        "_first",
        "_firsts",
        "_except",
        "draws_first",
    )

    def __init__(
        self,
        cards: list[Card],
        haves: list[int],
        plays: list[list[Step] | None],
        tail: list[Step],
        make: Make | None,
        gifts: frozenset[Card] = frozenset(),
    ) -> None:
        # Each card, the copies of it held, and its plays (None until they are made).
        self._cards = cards
        self._haves = haves
        self._plays = plays
        self._tail = tail  # the pick-ups, last
        self._make = make
        self._all: list[Step] | None = None
        self._root = self  # the listing whose position this is (``without``)
        self._open = True
        at_hand, to_make = len(tail), 0
        for found in plays:
            if found is None:
                to_make += 1
            else:
                at_hand += len(found)
        self._at_hand = at_hand  # the steps made so far
        self._to_make = to_make  # the cards whose plays are still to make
        self._gifts = gifts  # the cards whose plays say which card they give
        # Of each such card, the first play of each count and chosen player, once made.
        self._first: list[list[Step] | None] = [None] * len(cards)
        self._firsts: list[Step] | None = None  # ``one_gift_each``
        self._except: tuple[Collection[Card], list[Step]] | None = None  # the last asked
        self.draws_first = False
        """Whether the first step is a play from the draw pile (a table rule's, listed first
        only when nothing held may go): never in a listing made card by card, which holds
        the plays of the zone due and the pick-up only."""

    @classmethod
    def of(cls, steps: list[Step]) -> Listing:
        """A listing of steps already made (every one at hand, in their order)."""
        made = cls([], [], [], [], None)
        made._all = steps
        made._at_hand = len(steps)
        first = steps[0] if steps else None
        made.draws_first = isinstance(first, Play) and first.zone == DRAW_PILE
        made._make = None
        return made

    @property
    def lazy(self) -> bool:
        """Whether it is made card by card (else it holds steps made beforehand)."""
        return self._make is not None

    # --- reading it card by card ------------------------------------------------------------

    def _made(self, i: int) -> list[Step]:
        """The plays of the ``i``-th card, made now if they are not yet."""
        found = self._plays[i]
        if found is None:
            if not self._root._open:
                raise ListingClosed("a listing is read at its own position only")
            assert self._make is not None
            found = self._plays[i] = self._make(self._cards[i], self._haves[i], False)
            self._at_hand += len(found)
            self._to_make -= 1
        return found

    def _first_of(self, i: int) -> list[Step]:
        """Of the ``i``-th card, which gives a card, the first play of each count and chosen
        player (made now, or taken from its plays made whole)."""
        found = self._first[i]
        if found is None:
            made = self._plays[i]
            if made is not None:
                found = first_each(made)
            else:
                if not self._root._open:
                    raise ListingClosed("a listing is read at its own position only")
                assert self._make is not None
                found = self._make(self._cards[i], self._haves[i], True)
            self._first[i] = found
        return found

    def cards(self) -> list[Card]:
        """The cards whose plays the listing holds or may hold, in order (a card not yet
        generated may turn out to have none)."""
        if self._make is None:
            assert self._all is not None
            return list(dict.fromkeys(s.cards[0] for s in self._all if isinstance(s, Play)))
        return self._cards

    def held(self) -> list[tuple[Card, int]]:
        """Each card whose plays it holds or may hold, with the copies the mover holds, in
        order (a listing made card by card)."""
        return list(zip(self._cards, self._haves, strict=True))

    def card_plays(self, card: Card) -> list[Step]:
        """The plays of ``card`` (as ``one_gift_each`` reads them: of a card that gives a
        card, the first of each count and chosen player); made now if they are not yet.  A
        listing made card by card only."""
        if self._make is None:
            raise ValueError("a listing of steps made beforehand is read whole")
        try:
            i = self._cards.index(card)
        except ValueError:
            return []
        return self._first_of(i) if card in self._gifts else self._made(i)

    def plays_except(self, cards: Collection[Card]) -> list[Step]:
        """The plays of every card but ``cards``, in order; only those are made.  The list is
        kept for the same ``cards`` asked again (read only)."""
        if self._make is None:
            assert self._all is not None
            return [s for s in self._all if isinstance(s, Play) and s.cards[0] not in cards]
        last = self._except
        if last is not None and last[0] is cards:  # a bot asks twice: to choose, to say fixed
            return last[1]
        out: list[Step] = []
        plays = self._plays
        for i, card in enumerate(self._cards):
            if card not in cards:
                found = plays[i]
                out += found if found is not None else self._made(i)
        self._except = (cards, out)
        return out

    @property
    def pick_ups(self) -> list[Step]:
        """The pick-ups listed (last in the listing)."""
        if self._make is None:
            assert self._all is not None
            return [s for s in self._all if isinstance(s, PickUp)]
        return self._tail

    def without(self, card: Card) -> Listing:
        """The listing without ``card``'s plays (the same position: it is closed with this
        one)."""
        if self._make is None:
            assert self._all is not None
            return Listing.of(
                [s for s in self._all if not (isinstance(s, Play) and s.cards[0] == card)]
            )
        keep = [i for i, c in enumerate(self._cards) if c != card]
        out = Listing(
            [self._cards[i] for i in keep],
            [self._haves[i] for i in keep],
            [self._plays[i] for i in keep],
            self._tail,
            self._make,
            self._gifts,
        )
        out._first = [self._first[i] for i in keep]
        out._root = self._root
        return out

    def at_most(self, n: int) -> int:
        """How many steps are listed, counted up to ``n``: the plays still to make are made
        only while fewer are found."""
        if self._at_hand >= n or not self._to_make:
            return min(n, self._at_hand)
        # The cards that give no card first; then of those that do, the first play of each
        # count and chosen player (some of their plays: enough if they make n); then the rest.
        plays, cards, gifts = self._plays, self._cards, self._gifts
        for i in range(len(plays)):
            if plays[i] is None and cards[i] not in gifts:
                self._made(i)
                if self._at_hand >= n:
                    return n
        some = self._at_hand
        for i in range(len(plays)):
            if plays[i] is None:
                some += len(self._first_of(i))
                if some >= n:
                    return n
        for i in range(len(plays)):
            if plays[i] is None:
                self._made(i)
                if self._at_hand >= n:
                    break
        return min(n, self._at_hand)

    def steps(self) -> list[Step]:
        """Every step, in order: ``Choices.legal_steps``' very list (read only)."""
        found = self._all
        if found is None:
            found = []
            plays = self._plays
            for i in range(len(plays)):
                made = plays[i]
                found += made if made is not None else self._made(i)
            found += self._tail
            self._all = found
        return found

    def one_gift_each(self) -> list[Step]:
        """Every step in order, but of a card that gives a card (R8.9) only the first play of
        each count and chosen player: the first card it may give, in order of play (a careful
        player gives its weakest card, so reads no other).  Such a card's other plays are not
        made."""
        found = self._firsts
        if found is None:
            if self._make is None or not self._gifts:
                return self.steps()
            found = []
            plays, gifts = self._plays, self._gifts
            for i, card in enumerate(self._cards):
                if card in gifts:
                    found += self._first_of(i)
                else:
                    made = plays[i]
                    found += made if made is not None else self._made(i)
            found += self._tail
            self._firsts = found
        return found

    def close(self) -> None:
        """The position moves on: no play of it may be made any more (by this listing or one
        made from it with ``without``)."""
        self._open = False

    # --- a sequence: the whole list ----------------------------------------------------------

    def __len__(self) -> int:
        return len(self.steps())

    @overload
    def __getitem__(self, i: int) -> Step: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Step]: ...

    def __getitem__(self, i: int | slice) -> Step | Sequence[Step]:
        return self.steps()[i]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps())

    def __repr__(self) -> str:
        if self._all is None and not self._root._open:
            return "Listing(closed)"
        return f"Listing({self.steps()!r})"


def first_each(plays: list[Step]) -> list[Step]:
    """The first of the plays of each count, chosen player, suit shown and number named, in
    order: of a card that gives a card, the first card it may give (a careful player's)."""
    seen: set[tuple[int, str | None, str | None, int | None]] = set()
    out: list[Step] = []
    for p in plays:
        if isinstance(p, Play):
            key = (len(p.cards), p.to, p.suit, p.named)
            if key in seen:
                continue
            seen.add(key)
        out.append(p)
    return out
