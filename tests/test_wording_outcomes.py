"""Outcome words as a table (R11.2): for each kind of outcome and four variants (classic,
shithead, second-edition and the house variant of ``wording_cases``), the exact words the
referee says after an accepted step - ``Outcome.text``, made of the sentences in the
"outcomes" section of ``referee.wording`` (and an effect's own words, and the hint for the
next player).  Then: every outcome is whole sentences, and every outcome function is heard.

A case is named after the rule it shows.  Cases that a variant cannot show (a card it does
not have) are left out; "house-extra" is the house variant with two more cards, for the two
outcomes no other variant can show (a restriction that lapses on an empty pile, a card that
makes its player play again).
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from wording_cases import HOUSE, variant

from referee import wording
from referee.engine import Game, Outcome, PickUp, Play, Position, Step
from referee.variant.loader import variant_from_data
from referee.variant.model import Card, Variant

VARIANTS = ("classic", "shithead", "second-edition", "house")
EXTRA = "house-extra"

HOUSE_EXTRA: dict[str, Any] = copy.deepcopy(HOUSE) | {
    "id": EXTRA,
    "name": "Our House (extra cards)",
}
HOUSE_EXTRA["karma_cards"] = [
    *HOUSE_EXTRA["karma_cards"],
    {
        "id": "last_low",
        "name": "Last Low",
        "copies": 1,
        "effects": ["one_time", {"effect": "next_range", "max": 5}],
    },
    {"id": "again", "name": "Again", "copies": 1, "effects": ["play_again"]},
]

THREE = ("Ann", "Ben", "Cal")


def _variant(vid: str) -> Variant:
    return variant_from_data(HOUSE_EXTRA) if vid == EXTRA else variant(vid)


def _g(v: Variant, players: tuple[str, ...] = THREE, **kw: Any) -> Game:
    """A game under way (R2.4), Ann to move; three hand cards each unless told."""
    kw.setdefault("hand", dict.fromkeys(players, 3))
    return Game.from_position(v, list(players), Position("Ann", **kw))


def _card(v: Variant, has: Callable[[set[str]], bool]) -> Card | None:
    """The first card (number ranks first, then Karma cards) whose effects ``has`` accepts."""
    for card in v.all_cards():
        if has({e.name for e in v.effects_of(card)}):
            return card
    return None


def _to(g: Game, card: Card, who: str = "Ben") -> str | None:
    """The chosen player, for a card that needs one (R8)."""
    return who if g.traits(card).needs_target else None


def outcome_cases(vid: str) -> Iterator[tuple[str, Game, Step]]:
    """(case, game, step): the outcome of pushing ``step`` on ``game`` is what is pinned."""
    v = _variant(vid)
    if vid == EXTRA:
        yield from _extra(v)
        return
    no_hand = {"Ann": 0, "Ben": 3, "Cal": 3}
    run = (7,) * (v.burn - 1)

    # --- R4.1, R3: a play, from each zone
    yield "R4.1 a play from the hand", _g(v), Play("Ann", (9,))
    yield "R4.1 two cards at once", _g(v, pile=(4,)), Play("Ann", (9, 9))
    yield (
        "R3.2 a play from face-up",
        _g(v, hand=no_hand, face_up={"Ann": (9,)}, face_down={"Ann": 3}, pile=(4,)),
        Play("Ann", (9,), "face_up"),
    )
    # --- R7.5: a face-down card, turned over blind
    yield (
        "R7.5 a face-down card that fits",
        _g(v, hand=no_hand, face_down={"Ann": 3}, pile=(4,)),
        Play("Ann", (5,), "face_down"),
    )
    yield (
        "R7.5 a face-down card that does not fit",
        _g(v, hand=no_hand, face_down={"Ann": 3}, pile=(4, 9)),
        Play("Ann", (5,), "face_down"),
    )
    # --- R6.2: picking up
    yield "R6.2 pick up the pile", _g(v, pile=(5, 9)), PickUp("Ann")
    yield "R6.2 pick up a pile of one card", _g(v, pile=(9,)), PickUp("Ann")
    # --- R7.1-R7.4: runs burn, and the player plays again
    yield "R7.1 a run burns", _g(v, pile=(5, *run)), Play("Ann", (7,))
    yield (
        "R7.3 one play burns",
        _g(v, pile=(5,), hand={"Ann": v.burn + 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (7,) * v.burn),
    )
    if v.burn == 3:  # with two decks a fourth 7 on a run of 7s burns too: 'four 7s' (R7.3)
        seven = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus")
        yield (
            "R7.3 four 7s with two decks",
            _g(v, seven, pile=(7, 7), hand=dict.fromkeys(seven, 3)),
            Play("Ann", (7, 7)),
        )
    yield (
        "R6.6 a burn: draw, then play again",
        _g(v, pile=(5, *run), hand={"Ann": 1, "Ben": 3, "Cal": 3}, draw_pile=10),
        Play("Ann", (7,)),
    )
    yield (
        "R10.1 a burn with the last card: out, not again",
        _g(v, pile=(5, *run), hand={"Ann": 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (7,)),
    )
    # --- R6.4: drawing up to the minimum hand
    yield "R6.4 the mover draws", _g(v, draw_pile=10), Play("Ann", (9,))
    yield (
        "R6.4 the mover and the next player draw",
        _g(v, hand={"Ann": 3, "Ben": 1, "Cal": 3}, draw_pile=10),
        Play("Ann", (9,)),
    )
    # --- R10: out, and the end
    yield (
        "R10.1 a player goes out",
        _g(v, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (9,)),
    )
    yield (
        "R10.2 the game ends",
        _g(v, ("Ann", "Ben"), hand={"Ann": 1, "Ben": 3}),
        Play("Ann", (9,)),
    )
    yield (
        "R10.2 the game ends, the loser holds one card",
        _g(v, ("Ann", "Ben"), hand={"Ann": 1, "Ben": 1}),
        Play("Ann", (9,)),
    )
    # --- R5.4: a card that restricts the next play
    g = _g(v)
    limit = next((c for c in v.all_cards() if g.traits(c).restrict is not None), None)
    if limit is not None:
        yield "R5.4 a restriction", _g(v, pile=(4,)), Play("Ann", (limit,))
    # --- R8.5, R1.4: a card that clears (burns) the pile
    clear = _card(v, lambda e: "clear_pile" in e)
    if clear is not None:
        yield "R8.5 a card clears the pile", _g(v, pile=(5, 6)), Play("Ann", (clear,))
    # --- R8: a one-time card leaves the game (one that neither gives nor clears the pile)
    gone = _card(v, lambda e: "one_time" in e and not e & {"give_pile", "clear_pile"})
    if gone is not None:
        yield (
            "R8 a one-time card leaves the game",
            _g(v, pile=(5, 6)),
            Play("Ann", (gone,), to=_to(g, gone)),
        )
    # --- R8.1: give the pile, also to a player who is out (R10.3)
    give = _card(v, lambda e: "give_pile" in e)
    if give is not None:
        yield "R8.1 give the pile", _g(v, pile=(5, 6)), Play("Ann", (give,), to="Ben")
        yield (
            "R10.3 a player who is out gets the pile and is back in",
            _g(v, pile=(5, 6), hand={"Ann": 3, "Ben": 3, "Cal": 0}),
            Play("Ann", (give,), to="Cal"),
        )
    # --- R8.6: lose a turn, and a second one on the same player
    skip = next((c for c in v.all_cards() if g.traits(c).chosen_must_be_in), None)
    if skip is not None:
        yield "R8.6 the next player loses a turn", _g(v), Play("Ann", (skip,), to="Ben")
        twice = _g(v, hand=dict.fromkeys(THREE, 4))
        twice.push(Play("Ann", (skip,), to="Cal"))
        yield "R8.6 a second lost turn", twice, Play("Ben", (skip,), to="Cal")
    # --- R8.3: Play a Table Card
    table = _card(v, lambda e: "play_table_card" in e)
    if table is not None:
        yield (
            "R8.3 a follow-up from face-up",
            _g(v, face_up={"Ann": (9,)}, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
            Play("Ann", (table,)),
        )
        yield "R8.3 a follow-up from the hand", _g(v), Play("Ann", (table,))
        yield (
            "R8.3 no card left to follow up with",
            _g(v, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
            Play("Ann", (table,)),
        )
    # --- R9 (house): the next player draws
    draw = _card(v, lambda e: "next_draws" in e)
    if draw is not None:
        yield (
            "R9 the next player draws",
            _g(v, pile=(4,), draw_pile=5),
            Play("Ann", (draw,), to=_to(g, draw, "Cal")),
        )


def _extra(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    yield "R5.1 a restriction lapses on an empty pile", _g(v), Play("Ann", ("last_low",))
    yield "R6.6 a card that makes its player play again", _g(v, pile=(4,)), Play("Ann", ("again",))


def _all() -> list[tuple[str, str, Game, Step]]:
    return [
        (vid, case, g, step) for vid in (*VARIANTS, EXTRA) for case, g, step in outcome_cases(vid)
    ]


EXPECTED_OUTCOMES: dict[tuple[str, str], str] = {
    (
        "classic",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from their face-up cards. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play 5 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "classic",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand.",
    (
        "classic",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand.",
    (
        "classic",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "classic",
        "R7.3 one play burns",
    ): "Ann plays three 7s. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "classic",
        "R7.3 four 7s with two decks",
    ): "Ann plays two 7s. That makes four 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "classic",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand.",
    (
        "classic",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand.",
    (
        "classic",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "classic",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "classic",
        "R5.4 a restriction",
    ): "Ann plays Five or Below. Ben may play 5 or lower, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "R8.1 give the pile",
    ): "Ann plays Give the Pile to a Friend. Give the Pile to a Friend leaves the game. Ann gives the pile (2 cards) to Ben. Ben may play any card from their hand.",
    (
        "classic",
        "R10.3 a player who is out gets the pile and is back in",
    ): "Ann plays Give the Pile to a Friend. Give the Pile to a Friend leaves the game. Ann gives the pile (2 cards) to Cal. Cal is back in the game. Ben may play any card from their hand.",
    (
        "classic",
        "R8.3 a follow-up from face-up",
    ): "Ann plays Play a Table Card. Ann must play again straight away, without drawing first. Ann must now play from their face-up cards — any value may go.",
    (
        "classic",
        "R8.3 a follow-up from the hand",
    ): "Ann plays Play a Table Card. Ann must play again straight away, without drawing first. Ann must now play from their hand cards — any value may go.",
    (
        "classic",
        "R8.3 no card left to follow up with",
    ): "Ann plays Play a Table Card. There is no card left to play again with. Ann has no cards left: Ann is out. Ben may play any card from their hand — or pick up the pile.",
    (
        "shithead",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from their face-up cards. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play 5 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "shithead",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand.",
    (
        "shithead",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand.",
    (
        "shithead",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R7.3 one play burns",
    ): "Ann plays four 7s. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand.",
    (
        "shithead",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "shithead",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "shithead",
        "R5.4 a restriction",
    ): "Ann plays 7. Ben may play 7 or lower, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "R8.5 a card clears the pile",
    ): "Ann plays 10. The pile is cleared (3 cards out of play). Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from their face-up cards. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play 5 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "second-edition",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand.",
    (
        "second-edition",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand.",
    (
        "second-edition",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R7.3 one play burns",
    ): "Ann plays three 7s. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R7.3 four 7s with two decks",
    ): "Ann plays two 7s. That makes four 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand.",
    (
        "second-edition",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "second-edition",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "second-edition",
        "R5.4 a restriction",
    ): "Ann plays 7 to 11. Ben may play a number from 7 to 11, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R8.5 a card clears the pile",
    ): "Ann plays Clear the Pile. Clear the Pile leaves the game. The pile is cleared (2 cards out of play). Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R8 a one-time card leaves the game",
    ): "Ann plays Exchange Hands. Exchange Hands leaves the game. Ann and Ben swap hands. Ben may play 6 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "R8.6 the next player loses a turn",
    ): "Ann plays Lose a Turn. Ben will lose their next turn. Ben loses this turn. Cal may play any card from their hand — or pick up the pile.",
    (
        "second-edition",
        "R8.6 a second lost turn",
    ): "Ben plays Lose a Turn. Cal will lose a second turn: their next two turns in all. Cal loses this turn, and will lose the next one too. Ann may play any card from their hand — or pick up the pile.",
    (
        "house",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from their face-up cards. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play 5 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "house",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand.",
    (
        "house",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand.",
    (
        "house",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "house",
        "R7.3 one play burns",
    ): "Ann plays four 7s. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "house",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand.",
    (
        "house",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand.",
    (
        "house",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "house",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "house",
        "R5.4 a restriction",
    ): "Ann plays Low Five. Ben may play 5 or lower, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "R8.5 a card clears the pile",
    ): "Ann plays 10. The pile is cleared (3 cards out of play). Ann plays again. Ann may play any card from their hand.",
    (
        "house",
        "R8.6 the next player loses a turn",
    ): "Ann plays Draw Two. The draw pile is empty, so Ben draws nothing. Ben will lose their next turn. Ben loses this turn. Cal may play any card from their hand — or pick up the pile.",
    (
        "house",
        "R8.6 a second lost turn",
    ): "Ben plays Draw Two. The draw pile is empty, so Cal draws nothing. Cal will lose a second turn: their next two turns in all. Cal loses this turn, and will lose the next one too. Ann may play any card from their hand — or pick up the pile.",
    (
        "house",
        "R9 the next player draws",
    ): "Ann plays Draw Two. Ben draws 2 cards from the draw pile. Cal will lose their next turn. Ann draws 1 card. Ben may play any card from their hand — or pick up the pile.",
    (
        "house-extra",
        "R5.1 a restriction lapses on an empty pile",
    ): "Ann plays Last Low. Last Low leaves the game. The pile is empty, so any card may start it. Ben may play any card from their hand.",
    (
        "house-extra",
        "R6.6 a card that makes its player play again",
    ): "Ann plays Again. Ann plays again. Ann may play any card from their hand — or pick up the pile.",
}


@pytest.mark.parametrize(("key", "sentence"), list(EXPECTED_OUTCOMES.items()), ids=str)
def test_the_words_of_every_outcome(key: tuple[str, str], sentence: str) -> None:
    vid, case = key
    found = {c: (g, s) for c, g, s in outcome_cases(vid)}
    game, step = found[case]
    assert game.push(step).text == sentence


def test_the_table_covers_every_case() -> None:
    assert {(vid, case) for vid, case, _, _ in _all()} == set(EXPECTED_OUTCOMES)


# A Python repr leaking into words: a list or tuple, a quoted string in brackets, None.
REPR = re.compile(r"[\[\]{}]|\bNone\b|\(\)|[(,]\s*'|'\s*[,)]|\([^()]*,[^()]*\)")
LISTED = re.compile(r" (or|and) ")  # '(2, 8 or 10)' is words, '(2, 8, 10)' is a tuple


def _outcomes() -> Iterator[tuple[str, str, Outcome]]:
    for vid, case, game, step in _all():
        yield vid, case, game.push(step)


def test_every_outcome_is_whole_sentences() -> None:
    for vid, case, outcome in _outcomes():
        assert outcome.messages, (vid, case)
        assert outcome.text == " ".join(outcome.messages)
        for m in outcome.messages:
            where = (vid, case, m)
            assert m == m.strip() and (m[0].isupper() or m[0].isdigit()), where
            assert m.endswith((".", "!")), where
            assert "  " not in m, where
            assert not re.search(r"\b1 cards\b|\bone \w+s\b|\b0 cards?\b", m), where
            for bad in REPR.finditer(m):
                assert LISTED.search(bad.group()), where
        if vid == "shithead":
            assert "Karma" not in outcome.text, (vid, case)


def _section_functions() -> set[str]:
    """The functions of the wording module's "outcomes (R11.2)" section."""
    source = inspect.getsource(wording)
    section = source.split("# --- outcomes (R11.2)", 1)[1].split("\n# --- ", 1)[0]
    names = set(re.findall(r"^def (\w+)\(", section, re.M))
    # A start that shows too many copies is a setup error, not an outcome (pinned in
    # tests/test_wording.py).
    return names - {"setup_copies"}


def test_every_outcome_function_is_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    functions = _section_functions()
    assert {"played", "burns", "ends", "follow_up", "no_follow_up"} <= functions
    heard: list[str] = []

    def spy(name: str, f: Callable[..., str]) -> Callable[..., str]:
        def said(*args: Any, **kw: Any) -> str:
            heard.append(name)
            return f(*args, **kw)

        return said

    for name in functions:
        monkeypatch.setattr(wording, name, spy(name, getattr(wording, name)))
    by_case: dict[str, set[str]] = {}
    for vid, case, game, step in _all():
        heard.clear()  # only the pinned step counts, not the steps that set the case up
        assert game.push(step).text == EXPECTED_OUTCOMES[vid, case]
        for name in heard:
            by_case.setdefault(name, set()).add(f"{vid}: {case}")
    assert functions <= set(by_case), sorted(functions - set(by_case))
