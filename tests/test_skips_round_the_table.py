"""Skips walking round the table (issue 42, docs/rulings.md ruling 135): with the skip's
``walk: round``, each skip of one play moves the turn on one seat, the card's player's own seat
included (masters-of-shithead and many groups); ``walk: others``, the default, is ruling 115's
walk past the other players, unchanged."""

from __future__ import annotations

from typing import Any

from referee.engine import Game, Play, Position
from referee.variant.loader import variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve"]


def eights(walk: str | None = "round", hand: int = 3, **table: bool) -> Variant:
    skip: dict[str, Any] = {"effect": "skip", "target": "next", "count": "per_copy"}
    if walk is not None:
        skip["walk"] = walk
    data: dict[str, Any] = {
        "id": "eights",
        "name": "Eights",
        "players": [{"decks": 2, "min": 2, "max": 5}],
        "ranks": {"pack": "ordinary"},
        "rank_powers": [{"rank": 8, "effects": [skip]}],
        "deal": {"face_down": 3, "face_up": 3, "hand": hand},
        "min_hand": hand,
        "burn": 5,  # four 8s at once do not burn here
        "table": table,
    }
    return variant_from_data(data)


def game(v: Variant, players: int, hand: int = 5, **start: Any) -> Game:
    names = NAMES[:players]
    position = Position(
        "Ann",
        pile=(3,),
        hand=dict.fromkeys(names, hand),
        face_down=dict.fromkeys(names, 1),
        **start,
    )
    return Game.from_position(v, names, position)


def test_two_eights_with_two_players_give_the_turn_to_the_other() -> None:
    g = game(eights(), 2)
    out = g.push(Play("Ann", (8, 8)))
    assert out.skipped == ("Ben", "Ann") and g.turn == "Ben"
    assert g.state.skips == {}
    old = game(eights(walk=None), 2)  # the default: never the mover, nor anyone twice
    old.push(Play("Ann", (8, 8)))
    assert old.turn == "Ann"
    same = game(eights(walk="others"), 2)
    same.push(Play("Ann", (8, 8)))
    assert same.turn == "Ann"


def test_one_eight_or_three_with_two_players_give_it_back() -> None:
    one = game(eights(), 2)
    one.push(Play("Ann", (8,)))
    assert one.turn == "Ann"
    three = game(eights(), 2)
    out = three.push(Play("Ann", (8, 8, 8)))  # Ben, Ann, Ben: Ann's turn
    assert out.skipped == ("Ben", "Ann", "Ben") and three.turn == "Ann"


def test_three_eights_with_three_players_skip_everyone_once() -> None:
    g = game(eights(), 3)
    out = g.push(Play("Ann", (8, 8, 8)))
    assert out.skipped == ("Ben", "Cal", "Ann") and g.turn == "Ben"
    old = game(eights(walk=None), 3)
    assert old.push(Play("Ann", (8, 8, 8))).skipped == ("Ben", "Cal") and old.turn == "Ann"


def test_a_player_who_is_out_has_no_seat_to_walk_to() -> None:
    """Cal has no cards left: the walk goes round the players still in (R10)."""
    names = NAMES[:3]
    start = Position(
        "Ann",
        pile=(3,),
        hand={"Ann": 5, "Ben": 3, "Cal": 0},
        face_down={"Ann": 1, "Ben": 1, "Cal": 0},
    )
    g = Game.from_position(eights(), names, start)
    out = g.push(Play("Ann", (8, 8)))
    assert out.skipped == ("Ben", "Ann") and g.turn == "Ben"


def test_a_drawn_eight_played_at_once_goes_on_round_from_the_first() -> None:
    """Ruling 115 with ruling 135: Ann's two 8s skip Ben and Cal, and Dee is due; Ann plays the
    two 8s she drew at once - one play of four 8s - so Dee and Ann lose their turn too, and the
    turn comes round to Ben, who lost one turn only."""
    g = game(eights(hand=5, same_rank_drawn=True), 4, draw_pile=10)
    first = g.push(Play("Ann", (8, 8)))
    assert first.skipped == ("Ben", "Cal") and g.turn == "Dee"
    again = g.push(Play("Ann", (8, 8)))
    assert again.skipped == ("Dee", "Ann") and g.turn == "Ben"
    assert g.state.skips == {}


def test_with_two_players_an_eight_and_the_eight_drawn_are_one_play_of_two() -> None:
    """Rule 75 (masters-of-shithead): Ann's 8 skips Ben and the turn comes back round to her;
    the 8 she drew, played now, counts with the first - one play of two 8s - so it moves the
    turn past Ann herself and Ben plays. Any other card, or an 8 not just drawn, is a play of
    its own; the hint does not offer her a play 'before Ann steps'."""
    g = game(eights(hand=5, same_rank_drawn=True), 2, draw_pile=10)
    first = g.push(Play("Ann", (8,)))
    assert first.skipped == ("Ben",) and g.turn == "Ann"
    assert not any("before Ann steps" in m for m in first.messages)
    again = g.push(Play("Ann", (8,)))
    assert again.skipped == ("Ann",) and g.turn == "Ben"
    assert g.state.skips == {}
    other = game(eights(hand=5, same_rank_drawn=True), 2, draw_pile=10)
    other.push(Play("Ann", (8,)))
    other.push(Play("Ann", (9,)))  # not the card she went on from: a play of its own
    assert other.turn == "Ben"
    held = game(eights(hand=5, same_rank_drawn=True), 2)  # no draw pile: nothing was drawn
    held.push(Play("Ann", (8,)))
    assert held.state.going_on is None
    assert held.push(Play("Ann", (8,))).skipped == ("Ben",) and held.turn == "Ann"
    plain = game(eights(hand=5), 2, draw_pile=10)  # without the table rule: two plays
    plain.push(Play("Ann", (8,)))
    assert plain.push(Play("Ann", (8,))).skipped == ("Ben",) and plain.turn == "Ann"


def test_the_sheet_says_it_and_it_round_trips() -> None:
    assert "moves the turn on one seat, yours too" in rules_sheet(eights())
    assert "moves the turn on one seat" not in rules_sheet(eights(walk=None))
    (power,) = variant_to_data(eights())["rank_powers"]
    assert power["effects"][0]["walk"] == "round"
    assert eights(walk=None) == eights(walk="others")  # left out: as before (ruling 115)
