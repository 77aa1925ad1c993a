"""What the table tells the referee of its set-up (R2), below the table rules that ask it and the
engine that deals: ``Told`` (a record's ``turned_up``, ``thrown`` and ``opening_card``,
docs/records.md), ``SetupError`` (a game that cannot start as given, with the field at fault),
the checks of a card shown at set-up, and ``SetUp``: a fresh deal as the table rules' set-up
hooks see and change it (``referee.tablerules.spec.TableRule.set_up``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.table.state import State
from referee.variant.model import Card, Variant
from referee.words import sentences


class SetupError(ValueError):
    """A game that cannot start as given (a deal that does not fit, a bad start position)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Told:
    """What the table did at set-up besides the deal, as told (docs/records.md): the card
    turned up from the draw pile to start the pile (a table rule, ruling 156), the cards
    each player threw onto the pile in the discard step (a table rule, ruling 159), and the
    starting card the starter holds (a table rule, ruling 167)."""

    turned_up: Card | None = None
    thrown: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    # The card of a suit the starter (the first player listed) holds, where a table rule says
    # who starts by one (ruling 167): its rank and suit, or NONE_HELD (no hand holds one).
    opening_card: tuple[int, str] | None = None

    def __bool__(self) -> bool:
        return (
            self.turned_up is not None or any(self.thrown.values()) or self.opening_card is not None
        )

    def says(self, name: str) -> bool:
        """Whether the table told something of the field ``name`` (a table rule's ``told``)."""
        value = getattr(self, name)
        return any(value.values()) if isinstance(value, Mapping) else value is not None


NONE_HELD: tuple[int, str] = (0, "nobody")
"""``Told.opening_card`` where no hand holds a starting card (a record's ``opening_card:
nobody``): the first player listed starts, with any play (ruling 167)."""


def check_card(variant: Variant, card: Card, field: str) -> None:
    """A card the table names is one of the variant's."""
    if not variant.is_card(card):
        raise SetupError(f"there is no card {card!r} in {variant.name}.", field)


def check_copies(
    variant: Variant, decks: int, seen: Mapping[Card, int], what: str, field: str
) -> None:
    """No more copies of a card on the table than the decks hold."""
    for c, n in seen.items():
        have = variant.copies_per_deck(c) * decks
        if n > have:
            raise SetupError(sentences.setup_copies(what, n, variant.card_name(c), have), field)


@dataclass
class SetUp:
    """A fresh deal before its first play, as the table rules set it up (R2): the table as
    dealt (``state``: the hands, the draw pile, the cards seen), which the rules' set-up hooks
    change, and what the table told of its set-up (``told``).  With full information (the
    simulator: ``rng`` given, every card known, ``state.draw_cards`` the draw pile) the hooks
    draw what a table would tell and write it into ``told``."""

    variant: Variant
    decks: int
    state: State
    told: Told
    least: int  # the minimum hand at this table (R6.4)
    rng: random.Random | None = None

    @property
    def full_information(self) -> bool:
        return self.rng is not None

    def starts_at(self, seat: int) -> None:
        """The player at ``seat`` starts (R2.3): listed first, the others after them in seat
        order, as the table lists the players from the starter."""
        s = self.state
        s.names = [*s.names[seat:], *s.names[:seat]]
        s.seats = [*s.seats[seat:], *s.seats[:seat]]


__all__ = ["NONE_HELD", "SetUp", "SetupError", "Told", "check_card", "check_copies"]
