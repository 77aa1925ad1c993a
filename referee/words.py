"""Small helpers for the plain words the referee says at the table (no rules here).

The sentences themselves are made in ``referee.wording`` (verdicts, hints, outcomes) and in
each effect unit (its own words); these helpers keep numbers, plurals and lists alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.variant.model import Variant

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def cards(n: int) -> str:
    """'1 card', '3 cards'."""
    return f"{n} card" if n == 1 else f"{n} cards"


def number(n: int) -> str:
    """'one', 'three', '12': small counts in words."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def ordinal(n: int) -> str:
    """'second', 'third', '9th'."""
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def plural(name: str) -> str:
    """'9s', 'Five or Below cards': more than one of a card."""
    return f"{name}s" if name.isdigit() else f"{name} cards"


def copies(k: int, name: str) -> str:
    """'7', 'two 7s', 'three Five or Below cards': what a play puts down, said aloud."""
    if k == 1:
        return name
    return f"{number(k)} {plural(name)}"


def count_of(k: int, name: str) -> str:
    """'one 9', 'two 9s', 'no 9': a count of a card, always with its number."""
    if k == 0:
        return f"no {name}"
    if k == 1:
        return f"one {name}"
    return f"{number(k)} {plural(name)}"


def a_number(n: int) -> str:
    """'a 7', 'an 8', 'an 11'."""
    return ("an " if str(n).startswith("8") or n in (11, 18) else "a ") + str(n)


def value_range(lo: int | None, hi: int | None) -> str:
    """A range of values a card may go on: 'a 9 or lower', 'a 5 or higher', 'a 7',
    'a number from 3 to 9'."""
    if lo is not None and lo == hi:
        return a_number(lo)
    if lo is None and hi is not None:
        return f"{a_number(hi)} or lower"
    if hi is None and lo is not None:
        return f"{a_number(lo)} or higher"
    return f"a number from {lo} to {hi}"


def or_list(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def and_list(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def wild_ranks(variant: Variant | None) -> list[str]:
    """The number ranks that are wild in this variant, as names."""
    if variant is None:
        return []
    from referee.effects import traits_of  # the effects read these helpers: import late

    return [
        variant.card_name(p.rank) for p in variant.rank_powers if traits_of(p.effects, False).wild
    ]


def wild_alternative(variant: Variant | None) -> str:
    """What else may go under a restriction: 'a Karma card', 'a Karma card or a wild 10',
    'a wild 2 or 10' or, in a variant with neither, 'a wild card'."""
    ranks = wild_ranks(variant)
    if variant is None or variant.karma_cards:
        alt = "a Karma card"
        if ranks:
            alt += " or a wild " + or_list(ranks)
        return alt
    return "a wild " + or_list(ranks) if ranks else "a wild card"
