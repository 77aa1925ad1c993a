"""The deal by table size (issue 42, docs/rulings.md ruling 129): ``deal.by_players`` gives
some table sizes a deal of their own ("2 players 6/6/6, 3 players 4/4/4"); the other sizes get
the variant's deal (R2.1). The real table, the dealer of the simulator, the New game page's
face-up cards, the rules sheet and the loader's checks all read the deal for the size played."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
import support

from referee.engine import Game
from referee.engine.game import SetupError
from referee.simulate.bots import BOTS
from referee.simulate.runner import play, simulate
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Deal, TableDeal, Variant
from referee.variant.sheet import rules_sheet

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
BY_SIZE = [
    {"players": 2, "face_down": 6, "face_up": 6, "hand": 6},
    {"players": 3, "face_down": 4, "face_up": 4, "hand": 4},
]


def ordinary_data(rows: list[dict[str, int]] | None = None) -> dict[str, Any]:
    """52 cards (2 to 14, four of each), 2 to 5 players, a 3 + 3 + 3 deal."""
    return {
        "id": "by-size",
        "name": "By Size",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"low": 2, "high": 14, "copies": 4},
        "deal": {"face_down": 3, "face_up": 3, "hand": 3, "by_players": rows or BY_SIZE},
        "min_hand": 3,
        "burn": 4,
    }


def by_size() -> Variant:
    return variant_from_data(ordinary_data())


def _counts(g: Game) -> list[tuple[int, int, int]]:
    return [(s.face_down.count, s.face_up.count, s.hand.count) for s in g.state.seats]


def test_the_deal_for_a_size_is_its_own_row_else_the_variants() -> None:
    d = by_size().deal
    assert d.for_players(2) == Deal(6, 6, 6)
    assert d.for_players(3) == Deal(4, 4, 4)
    assert d.for_players(4) == d.for_players(5) == Deal(3, 3, 3)
    plain = Deal(3, 3, 3)
    assert plain.for_players(2) is plain  # no rows: the deal itself
    assert d.by_players[0] == TableDeal(2, 6, 6, 6)


def test_a_real_table_is_dealt_for_its_size() -> None:
    v = by_size()
    two = Game.deal(v, ["Ann", "Ben"])
    assert _counts(two) == [(6, 6, 6)] * 2 and two.state.draw_pile == 52 - 36
    three = Game.deal(v, ["Ann", "Ben", "Cal"])
    assert _counts(three) == [(4, 4, 4)] * 3 and three.state.draw_pile == 52 - 36
    four = Game.deal(v, ["Ann", "Ben", "Cal", "Dee"])
    assert _counts(four) == [(3, 3, 3)] * 4 and four.state.draw_pile == 52 - 36


def test_the_face_up_cards_entered_must_be_the_sizes_count() -> None:
    v = by_size()
    with pytest.raises(SetupError, match="the deal gives 6"):
        Game.deal(v, ["Ann", "Ben"], {"Ann": (9, 12, 13)})
    g = Game.deal(v, ["Ann", "Ben"], {"Ann": (9, 9, 12, 13, 14, 14)})
    assert g.state.seats[0].face_up.count == 6


def test_the_simulators_dealer_deals_for_the_size_and_the_bots_play_it_out() -> None:
    v = by_size()
    for players, want in ((2, 6), (3, 4), (5, 3)):
        names = ["Ann", "Ben", "Cal", "Dee", "Eve"][:players]
        for seed in range(3):
            g = Game.shuffled(v, names, seed)
            assert _counts(g) == [(want, want, want)] * players
            assert g.state.draw_pile == 52 - players * 3 * want
            bots = {n: BOTS[("smart", "greedy", "random")[i % 3]]() for i, n in enumerate(names)}
            assert not play(g, bots, random.Random(seed)).capped
    report = simulate(v, players=2, games=4, seed=1, bots=("smart",))
    assert report.games == 4


def test_the_sheet_names_each_sizes_deal_and_it_round_trips() -> None:
    sheet = rules_sheet(by_size())
    assert "Each player gets 3 face-down cards" in sheet
    assert "- With 2 players, each gets 6 face-down, 6 face-up and 6 hand cards instead." in sheet
    assert "- With 3 players, each gets 4 face-down, 4 face-up and 4 hand cards instead." in sheet
    assert variant_to_data(by_size())["deal"]["by_players"] == BY_SIZE
    assert "by_players" not in variant_to_data(support.house())["deal"]
    assert "instead." not in rules_sheet(support.house()).split("## Order of play")[0]


def _problems(data: dict[str, Any]) -> list[Any]:
    return list(load_variant_text(json.dumps(data).encode(), "by-size.yaml").problems)


def test_the_loader_checks_each_sizes_deal() -> None:
    assert _problems(ordinary_data()) == []
    too_many = ordinary_data([{"players": 2, "face_down": 10, "face_up": 10, "hand": 10}])
    (p,) = _problems(too_many)
    assert p.path == "deal.by_players[0]" and p.severity == "error"
    assert "2 players need 2 x 30 = 60 cards for their deal" in p.message
    assert p.plain.endswith("Deal fewer cards to 2 players, or add a deck.")
    twice = ordinary_data([*BY_SIZE, {"players": 2, "face_down": 1, "face_up": 1, "hand": 3}])
    (p,) = _problems(twice)
    assert p.path == "deal.by_players[2].players" and "each table size once" in p.message
    never = ordinary_data([{"players": 7, "face_down": 1, "face_up": 1, "hand": 3}])
    (p,) = _problems(never)
    assert p.severity == "warning" and "no player range lets 7 play" in p.message
    empty = ordinary_data([{"players": 2, "face_down": 0, "face_up": 0, "hand": 0}])
    assert any(
        q.path == "deal.by_players[0]" and "gives no cards" in q.message for q in _problems(empty)
    )
    bad = copy.deepcopy(ordinary_data())
    bad["deal"]["by_players"][0]["players"] = 1
    (p,) = _problems(bad)
    assert p.path == "deal.by_players[0].players" and p.severity == "error"


def test_a_size_without_a_row_still_has_the_deck_check() -> None:
    """The plain deal is checked at the largest size that uses it: 5 x 12 = 60 > 52."""
    data = ordinary_data()
    data["deal"] |= {"face_down": 4, "face_up": 4, "hand": 4}
    (p,) = _problems(data)
    assert p.path == "players[0].max" and "5 players need 5 x 12 = 60 cards" in p.message
    data["deal"]["by_players"] = [*BY_SIZE, {"players": 5, "face_down": 3, "face_up": 3, "hand": 3}]
    assert _problems(data) == []


def test_the_new_game_page_asks_for_the_sizes_face_up_cards(data_dir: Path) -> None:
    """Two players lay 6 cards face up here: the New game page says so, takes six taps for
    each before moving on, and the game starts with the 6/6/6 deal."""
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    store.save_variant("by-size", "By Size", json.dumps(ordinary_data()))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    at.selectbox(key="np_variant").set_value("library:by-size").run()
    for name in ("Ann", "Ben"):
        at.text_input(key="np_name").input(name).run()
    assert any("each player lays 6 cards face up" in c.value for c in at.caption)
    for c in (9, 9, 12, 13, 14):
        at.button(key=f"np_fu_card_{c}").click().run()
    assert at.session_state["np_fu_who"] == "Ann"  # five of six: still Ann's
    at.button(key="np_fu_card_14").click().run()
    assert at.session_state["np_fu_who"] == "Ben"
    at.button(key="np_start").click().run()
    assert not at.exception, at.exception
    row = store.load_game(at.session_state["game_id"])
    assert row.face_up == {"Ann": [9, 9, 12, 13, 14, 14]}
