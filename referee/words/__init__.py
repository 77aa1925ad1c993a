"""The words of the project, in one package (issue 41.3).  What goes where:

- ``referee.words`` (this face): small helpers every sentence uses - numbers, plurals, lists,
  "a"/"an", the card kinds a variant has (no rules here).
- ``referee.words.reasons``: what the referee decided, as typed data - reason codes and facts.
- ``referee.words.sentences``: the referee's one voice - verdicts, hints, outcomes (R11).
- ``referee.words.names``: names people read - clean, visible, no two that look alike.
- ``referee.words.markdown``: a group's own text made literal wherever Markdown is rendered.
- ``referee.words.inert``: a group's own text written out (terminal, HTML, CSV, JSON) inert.

An effect's or a table rule's own words live in its unit (``referee/effects/``,
``referee/tablerules/``).  Nothing here imports the units, the engine or anything above them
(tests/test_import_graph.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.variant.menu import traits_of  # the units' traits, registered on the menu

if TYPE_CHECKING:
    from referee.variant.model import KarmaCard, Variant

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


FACE_NAMES = frozenset({"Jack", "Queen", "King", "Ace", "Joker"})
"""The names of an ordinary pack's cards that are said like numbers: 'two Queens', 'an Ace'."""


def plural(name: str) -> str:
    """'9s', 'Queens', 'Jokers', 'Five or Below cards': more than one of a card."""
    return f"{name}s" if name.isdigit() or name in FACE_NAMES else f"{name} cards"


def copies(k: int, name: str) -> str:
    """'7', 'a Queen', 'two 7s', 'two Queens', 'three Five or Below cards': what a play puts
    down, said aloud."""
    if k == 1:
        return a_card(name) if name in FACE_NAMES else name
    return f"{number(k)} {plural(name)}"


def count_of(k: int, name: str) -> str:
    """'one 9', 'two 9s', 'no 9': a count of a card, always with its number."""
    if k == 0:
        return f"no {name}"
    if k == 1:
        return f"one {name}"
    return f"{number(k)} {plural(name)}"


def a_number(n: int, variant: Variant | None = None) -> str:
    """'a 7', 'an 8', 'an 11'; in an ordinary pack 'a Queen', 'an Ace'."""
    if variant is not None and variant.ordinary:
        return a_card(variant.rank_name(n))
    return ("an " if str(n).startswith("8") or n in (11, 18) else "a ") + str(n)


def value_range(lo: int | None, hi: int | None, variant: Variant | None = None) -> str:
    """A range of values a card may go on: 'a 9 or lower', 'a 5 or higher', 'a 7', 'a number
    from 3 to 9'; in an ordinary pack 'a Queen or lower', 'a card from 3 to Jack'."""
    if lo is not None and lo == hi:
        return a_number(lo, variant)
    if lo is None and hi is not None:
        return f"{a_number(hi, variant)} or lower"
    if hi is None and lo is not None:
        return f"{a_number(lo, variant)} or higher"
    kind = "card" if variant is not None and variant.ordinary else "number"
    return f"a {kind} from {rank(lo or 0, variant)} to {rank(hi or 0, variant)}"


_SUITS = ("clubs", "diamonds", "hearts", "spades")


def a_card(name: str) -> str:
    """One card said aloud: 'a 9', 'an 8', 'a Queen', 'an Ace', 'a Joker'; a Karma card by
    its name alone ('Five or Below'); a card with the suit its play shows: 'a Jack of hearts',
    'an 8 of clubs' (issue 42)."""
    head, _, suit = name.rpartition(" of ")
    if suit in _SUITS and (head.isdigit() or head in FACE_NAMES):
        return f"{a_card(head)} of {suit}"
    if name.isdigit():
        return a_number(int(name))
    if name in FACE_NAMES:
        return ("an " if name == "Ace" else "a ") + name
    return name


def face(name: str) -> str:
    """A card named in a sentence: an ordinary pack's face with its article ('a Queen', 'an
    Ace', 'a Joker', 'a Queen (seen through 8)'); a number or a Karma card as it is ('7',
    'Five or Below')."""
    head = name.split(" (", 1)[0].split(",", 1)[0]
    if head.rpartition(" of ")[0] in FACE_NAMES:  # with its suit: 'a Jack of hearts'
        return a_card(head) + name[len(head) :]
    return a_card(head) + name[len(head) :] if head in FACE_NAMES else name


def rank(n: int, variant: Variant | None = None) -> str:
    """A rank as the referee says it: '7', and in an ordinary pack 'Queen'."""
    return variant.rank_name(n) if variant is not None else str(n)


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
    return [
        variant.card_name(p.rank) for p in variant.rank_powers if traits_of(p.effects, False).wild
    ]


def specials(variant: Variant) -> list[str]:
    """The kinds of special card a variant has, said one at a time: 'a Karma card', 'a
    Joker'."""
    out = ["a Karma card"] if any(_wild(k) for k in variant.karma_cards) else []
    if variant.jokers is not None and _wild(variant.jokers):
        out.append(a_card(variant.jokers.name))
    return out


def tame_specials(variant: Variant) -> tuple[str, ...]:
    """The names of the Karma cards and jokers that are not wild (played as a number, ruling
    162): never said among "a wild card"."""
    cards = (*variant.karma_cards, *([variant.jokers] if variant.jokers is not None else []))
    return tuple(k.name for k in cards if not _wild(k))


def _wild(card: KarmaCard) -> bool:
    """Whether a Karma card or joker goes on anything: all do but one played as a number
    (``plays_as``, ruling 162)."""
    return traits_of(card.effects, True).wild


def wild_alternative(variant: Variant | None) -> str:
    """What else may go under a restriction: 'a Karma card', 'a Karma card or a wild 10',
    'a wild 2 or 10', 'a Joker or a wild 2' or, in a variant with none, 'a wild card'."""
    if variant is None:
        return "a Karma card"
    ranks = wild_ranks(variant)
    alts = specials(variant)
    if ranks:
        alts.append("a wild " + or_list(ranks))
    return or_list(alts) if alts else "a wild card"
