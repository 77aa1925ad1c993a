"""The skips of one play walk on round the table (docs/rulings.md, ruling 115; issue 39.4).

Ruling 57 says two 8s skip two players, "never the mover, nor anyone twice".  The same holds for
every skip one play makes: a skip a mirror copies and the card's own, two skipping effects on
one card, and a card played again at once with the play it goes on from (a card of it just
drawn, ruling 111, or from the face-up cards, ruling 110).  Only a variant that says so takes
more than one turn from one player (a chosen player, once per copy).
"""

from __future__ import annotations

import support

from referee.engine import Game, Play, Position
from referee.variant.loader import variant_from_data
from referee.variant.model import Variant

NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve"]


def _skips(jokers: list[object], **table: bool) -> Variant:
    data: dict[str, object] = {
        "id": "skips",
        "name": "Skips",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"pack": "ordinary"},
        "jokers": {"copies": 2, "effects": jokers},
        "rank_powers": [
            {"rank": 11, "effects": [{"effect": "skip", "target": "next"}]},
            {"rank": 8, "effects": [{"effect": "skip", "target": "next"}]},
        ],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
        "table": table,
    }
    return variant_from_data(data)


def _game(v: Variant, players: int, pile: tuple[object, ...], **start: object) -> Game:
    names = NAMES[:players]
    position = Position(
        "Ann",
        pile=pile,  # type: ignore[arg-type]
        hand=dict.fromkeys(names, 3),
        face_down=dict.fromkeys(names, 1),
        **start,  # type: ignore[arg-type]
    )
    return Game.from_position(v, names, position)


def _lost(messages: tuple[str, ...], who: str) -> int:
    return sum(1 for m in messages if m.startswith(f"{who} loses"))


def test_a_mirrors_copy_and_the_cards_own_skip_are_two_players() -> None:
    """The issue's joker: it mirrors a skipping Jack and skips itself - Ben and Cal lose a turn
    each, not Ben two."""
    g = _game(_skips(["mirror", {"effect": "skip", "target": "next"}]), 4, (11,))
    out = g.push(Play("Ann", ("joker",)))
    assert out.skipped == ("Ben", "Cal") and g.turn == "Dee"
    assert _lost(out.messages, "Ben") == 1 and _lost(out.messages, "Cal") == 1


def test_with_two_players_the_other_loses_one_turn_only() -> None:
    """Nor anyone twice (ruling 57): with two players the skips of one play have only the
    other player to walk on to, who loses one turn; play comes back (ruling 15)."""
    g = _game(_skips(["mirror", {"effect": "skip", "target": "next"}]), 2, (11,))
    out = g.push(Play("Ann", ("joker",)))
    assert out.skipped == ("Ben",) and g.turn == "Ann" and g.state.skips == {}


def test_several_copies_walk_on_after_the_copy() -> None:
    """Two jokers at once, each skipping per copy, on a skipping Jack: three players in turn."""
    v = _skips(["mirror", {"effect": "skip", "target": "next", "count": "per_copy"}])
    g = _game(v, 5, (11,))
    out = g.push(Play("Ann", ("joker", "joker")))
    assert out.skipped == ("Ben", "Cal", "Dee") and g.turn == "Eve"


def test_two_skipping_effects_on_one_card_walk_on() -> None:
    v = support.house(
        [],
        [{"rank": 6, "effects": ["lower_and_skip", {"effect": "skip", "target": "next"}]}],
    )
    g = _game(v, 4, (3,))
    out = g.push(Play("Ann", (6,)))
    assert out.skipped == ("Ben", "Cal") and g.turn == "Dee"


def test_a_drawn_card_of_the_same_rank_walks_on() -> None:
    """Ruling 111 with a skipping 8: the 8 played at once is one play with the first. Ben lost
    this turn already, so its skip walks on to Cal; Dee plays next."""
    g = _game(_skips([], same_rank_drawn=True), 4, (3,), draw_pile=5)
    first = g.push(Play("Ann", (8,)))
    assert first.skipped == ("Ben",) and g.turn == "Cal"
    again = g.push(Play("Ann", (8,)))  # a card Ann just drew
    assert again.skipped == ("Cal",) and g.turn == "Dee"
    assert _lost(again.messages, "Ben") == 0 and g.state.skips == {}


def test_the_same_rank_from_the_face_up_cards_walks_on() -> None:
    """Ruling 110: Ann's last hand card, then her face-up 8 at once."""
    v = _skips([], same_rank_face_up=True)
    names = NAMES[:4]
    start = Position(
        "Ann",
        pile=(3,),
        hand={**dict.fromkeys(names, 4), "Ann": 1},
        face_up={"Ann": (8,)},
        face_down=dict.fromkeys(names, 1),
    )
    g = Game.from_position(v, names, start)
    g.push(Play("Ann", (8,)))
    assert g.turn == "Cal"
    out = g.push(Play("Ann", (8,), "face_up"))
    assert out.skipped == ("Cal",) and g.turn == "Dee"


def test_a_chain_of_drawn_cards_walks_on_round_the_table() -> None:
    """Three 8s one after the other (each drawn): Ben, Cal, Dee; Eve plays next."""
    g = _game(_skips([], same_rank_drawn=True), 5, (3,), draw_pile=10)
    for _ in range(3):
        g.push(Play("Ann", (8,)))
    assert g.turn == "Eve" and g.state.skips == {}


def test_a_chosen_player_still_loses_a_turn_per_copy_when_the_variant_says_so() -> None:
    """Per copy aimed at a chosen player (ruling 57): the variant takes that many turns."""
    v = support.house(
        [],
        [{"rank": 6, "effects": [{"effect": "skip", "target": "chosen", "count": "per_copy"}]}],
    )
    g = _game(v, 4, (3,))
    g.push(Play("Ann", (6, 6), to="Cal"))
    assert g.state.skips == {"Cal": 2}
