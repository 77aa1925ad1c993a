"""Only when the card played is of a suit, or of a colour (issue 42): "the Jack of hearts goes
on anything", "red Jacks skip".  Only in a pack whose suits count (``ranks: {pack: ordinary,
suits: true}``).

The referee tracks ranks; a suit is what the play *shows* (``Play.suit``, one tap at the
table, ``suit:`` in a record): a power of a suit or a colour happens only where the play shows
a card of it, and a play of several copies shows one of them, the one whose power its player
wants (docs/rulings.md, ruling 149).  A card moved by another card's power, or lying on the
pile at a start, shows none.
"""

from __future__ import annotations

from typing import Any

from referee.variant.conditions import Condition, Moment
from referee.variant.declare import Choice
from referee.variant.model import COLOURS, SUITS

_ONE = {"clubs": "club", "diamonds": "diamond", "hearts": "heart", "spades": "spade"}


class Suit(Condition):
    field = Choice(
        "suit",
        "Its suit",
        "Only when the card played is of this suit (one of them, if several are played); only "
        "where the pack's suits count (ranks: {pack: ordinary, suits: true}).",
        choices=SUITS,
        words=("Clubs ♣", "Diamonds ♦", "Hearts ♥", "Spades ♠"),
    )
    order = 30
    by_view = False  # the pile's view does not show it: the R5 check is asked with the play
    suited = True

    def test(self, value: Any, m: Moment) -> bool | None:
        if m.cards is None:  # the pile's view alone, no play: not known (``holds``)
            return None
        return bool(m.suit == value)

    def words(self, value: Any) -> str:
        return f"it is a {_ONE.get(value, value)}"


class Colour(Condition):
    field = Choice(
        "colour",
        "Its colour",
        "Only when the card played is red (hearts, diamonds) or black (clubs, spades); one "
        "of them, if several are played. Only where the pack's suits count.",
        choices=("red", "black"),
        words=("Red (hearts, diamonds)", "Black (clubs, spades)"),
    )
    order = 31
    by_view = False
    suited = True

    def test(self, value: Any, m: Moment) -> bool | None:
        if m.cards is None:
            return None
        return m.suit is not None and COLOURS.get(m.suit) == value

    def words(self, value: Any) -> str:
        return f"it is {value}"
