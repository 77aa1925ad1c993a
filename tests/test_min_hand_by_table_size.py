"""The minimum hand by table size (issue 42, BGA: players draw up to the deal's hand size, "six
with two players"; docs/rulings.md ruling 129): a row of ``deal.by_players`` may name its own
``min_hand``; players at that table size draw up to it while the draw pile lasts (R6.4), the
other sizes up to the variant's. The engine, the simulator, the rules sheet and the loader's
checks all read it; a row without one reads as before."""

from __future__ import annotations

import json
import random
from typing import Any

import support

from referee.engine import Game
from referee.engine.steps import PickUp, Play
from referee.simulate.bots import BOTS
from referee.simulate.runner import play, simulate
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

ROWS = [
    {"players": 2, "face_down": 6, "face_up": 6, "hand": 6, "min_hand": 6},
    {"players": 3, "face_down": 4, "face_up": 4, "hand": 4, "min_hand": 4},
]


def data(rows: list[dict[str, int]] | None = None, min_hand: int = 3) -> dict[str, Any]:
    """52 cards (2 to 14, four of each), 2 to 4 players, a 3 + 3 + 3 deal."""
    return {
        "id": "min-by-size",
        "name": "Min by Size",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 2, "high": 14, "copies": 4},
        "deal": {
            "face_down": 3,
            "face_up": 3,
            "hand": 3,
            "by_players": ROWS if rows is None else rows,
        },
        "min_hand": min_hand,
        "burn": 4,
    }


def variant() -> Variant:
    return variant_from_data(data())


def _problems(d: dict[str, Any]) -> list[Any]:
    return list(load_variant_text(json.dumps(d).encode(), "min-by-size.yaml").problems)


def test_each_size_reads_its_own_minimum_hand_else_the_variants() -> None:
    d = variant().deal
    assert [d.min_hand_for(n, 3) for n in (2, 3, 4)] == [6, 4, 3]
    plain = variant_from_data(data([{"players": 2, "face_down": 6, "face_up": 6, "hand": 6}]))
    assert plain.deal.by_players[0].min_hand is None
    assert plain.deal.min_hand_for(2, plain.min_hand) == 3  # a row without one: R6.4 as before


def test_two_players_draw_up_to_six_three_up_to_four_four_up_to_three() -> None:
    """R6.4 at each table size, full information: a hand played short is topped up to the
    size's own number (the one its row names), a four-player table's to the variant's 3."""
    v = variant()
    for names, least in (
        (["Ann", "Ben"], 6),
        (["Ann", "Ben", "Cal"], 4),
        (["A", "B", "C", "D"], 3),
    ):
        for seed in range(6):
            g = Game.shuffled(v, names, seed)
            who = g.state.names[g.state.mover]
            before = g.state.draw_pile
            hand = g.state.seats[g.state.mover].hand
            rank = min(c for c in hand.known if hand.known[c])
            n = hand.known[rank]
            g.push(Play(who, (rank,) * n))
            assert g.state.seats[g.state.seat_of(who)].hand.count == least, (names, seed)
            assert g.state.draw_pile == before - n  # exactly the cards played are drawn


def test_a_hand_above_the_sizes_minimum_draws_nothing() -> None:
    """Two players: whoever picks up holds more than 6 and draws nothing (R6.4)."""
    g = Game.shuffled(variant(), ["Ann", "Ben"], 3)
    first = g.state.names[g.state.mover]
    hand = g.state.seats[g.state.mover].hand
    top = max(c for c in hand.known if hand.known[c])
    g.push(Play(first, (top,)))
    pile = g.state.draw_pile
    nxt = g.state.names[g.state.mover]
    g.push(PickUp(nxt))
    assert g.state.seats[g.state.seat_of(nxt)].hand.count == 7
    assert g.state.draw_pile == pile


def test_the_simulator_plays_it_out_at_every_size() -> None:
    v = variant()
    for players in (2, 3, 4):
        names = ["Ann", "Ben", "Cal", "Dee"][:players]
        for seed in range(3):
            g = Game.shuffled(v, names, seed)
            bots = {n: BOTS[("smart", "greedy", "random")[i % 3]]() for i, n in enumerate(names)}
            assert not play(g, bots, random.Random(seed)).capped
    assert simulate(v, players=2, games=4, seed=1, bots=("smart",)).games == 4


def test_the_sheet_says_each_sizes_minimum_and_it_round_trips() -> None:
    sheet = rules_sheet(variant())
    assert (
        "- With 2 players, each gets 6 face-down, 6 face-up and 6 hand cards instead, and draws "
        "back up to 6 hand cards." in sheet
    )
    assert (
        "- With 3 players, each gets 4 face-down, 4 face-up and 4 hand cards instead, and" in sheet
    )
    assert "draw back up to 3 hand cards" in sheet  # the variant's, for four players
    assert variant_to_data(variant())["deal"]["by_players"] == ROWS
    same = data([{"players": 2, "face_down": 6, "face_up": 6, "hand": 6}])
    assert "min_hand" not in variant_to_data(variant_from_data(same))["deal"]["by_players"][0]
    assert "draws back up" not in rules_sheet(variant_from_data(same))
    assert "by_players" not in variant_to_data(support.house())["deal"]
    whole = {"players": 2, "face_down": 8, "face_up": 8, "hand": 10, "min_hand": 0}
    none = rules_sheet(variant_from_data(data([whole])))  # the whole pack dealt at 2
    assert "10 hand cards instead, and never draws from the draw pile." in none


def test_the_loader_checks_each_sizes_minimum_hand() -> None:
    assert _problems(data()) == []
    above = data([{**ROWS[0], "min_hand": 7}])
    (p,) = _problems(above)
    assert p.severity == "warning" and p.path == "deal.by_players[0].min_hand"
    assert "minimum hand is 7" in p.message
    # 0 at a size that leaves a draw pile: nobody ever draws there (R3.2)
    (p,) = _problems(data([{**ROWS[0], "min_hand": 0}]))
    assert p.severity == "error" and p.path == "deal.by_players[0].min_hand"
    assert "16 cards at 2 players" in p.message
    # the variant's 0 where every size with a draw pile names its own: nothing to say
    own = [ROWS[0], ROWS[1], {"players": 4, "face_down": 3, "face_up": 3, "hand": 3, "min_hand": 2}]
    assert _problems(data(own, min_hand=0)) == []
    (p,) = _problems(data(ROWS, min_hand=0))
    assert p.path == "min_hand" and "16 cards at 4 players" in p.message
