"""A pack without a rank (issue 42; THND: a 3 is put out of play as soon as it is drawn, and
the player draws another; docs/rulings.md, ruling 161): ``ranks: {..., without: [3]}``. The
deck has no card of the ranks left out, each strictly between the lowest and the highest: the
deal, the draw pile, what a player may hold (R4.3), the plays, the records, the rules sheet, the
Design page and the simulator all read the deck without them (R1.1)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import support

from referee.engine import Game, Play
from referee.records import RecordError, load_record_text
from referee.simulate.bots import BOTS
from referee.simulate.runner import play, simulate
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]
VARIANTS = Path(__file__).parent / "scenarios" / "variants"
MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def data(ranks: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {
        "id": "no-threes",
        "name": "No Threes",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": ranks or {"pack": "ordinary", "without": [3]},
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
        **more,
    }


def no_threes() -> Variant:
    return variant_from_data(data())


def test_the_deck_has_no_card_of_a_rank_left_out() -> None:
    v = no_threes()
    assert v.without == (3,) and 3 not in v.ranks and v.ranks[:2] == (2, 4)
    assert v.deck_size() == 48 and v.copies_per_deck(3) == 0 and not v.is_card(3)
    assert 3 not in v.all_cards()
    for seed in range(5):
        g = Game.shuffled(v, NAMES, seed)
        held = [c for s in g.state.seats for z in (s.hand, s.face_up) for c in z.known]
        assert 3 not in held and 3 not in (g.state.draw_cards or [])
        assert g.state.draw_pile == 48 - 27


def test_a_three_is_no_card_of_the_game() -> None:
    g = Game.shuffled(no_threes(), NAMES, 1)
    who = g.state.names[g.state.mover]
    refused = g.advice.explain(g.state, Play(who, (3,)))
    assert not refused.legal and refused.reason == Reason.NO_SUCH_CARD and refused.rule == "R1.1"
    steps = [{"by": "Ann", "play": [3]}]
    text = json.dumps({"variant": "no-threes.yaml", "players": ["Ann", "Ben"], "steps": steps})
    with pytest.raises(RecordError) as caught:
        load_record_text(text, "r.yaml", VARIANTS, allow_paths=True)
    (problem,) = caught.value.problems
    assert "there is no card 3 in No Threes; expected a card 2–10, J, Q, K or A but 3" in str(
        problem
    )


def test_the_bots_play_it_out() -> None:
    v = no_threes()
    for seed in range(4):
        g = Game.shuffled(v, NAMES, seed)
        bots = {n: BOTS[b]() for n, b in zip(NAMES, ("smart", "greedy", "random"), strict=True)}
        assert not play(g, bots, random.Random(seed)).capped
    assert simulate(v, players=3, games=4, seed=3, bots=("smart",)).games == 4


def test_the_sheet_says_it_and_it_round_trips() -> None:
    v = no_threes()
    assert (
        "| an ordinary pack: 2 to 10, J, Q, K, A (no 3s) | 4 of each (48 cards) |" in rules_sheet(v)
    )
    assert variant_to_data(v)["ranks"] == {"pack": "ordinary", "ace": "high", "without": [3]}
    three = [{"decks": 1, "min": 2, "max": 3}]
    numbers = variant_from_data(
        data({"low": 1, "high": 10, "copies": 4, "without": [5, 3]}, players=three)
    )
    assert numbers.without == (3, 5) and len(numbers.ranks) == 8
    assert "| numbers 1 to 10 (no 3s or 5s) | 4 of each (32 cards) |" in rules_sheet(numbers)
    assert "without" not in variant_to_data(support.house())["ranks"]
    named = variant_from_data(data({"pack": "ordinary", "without": ["Q"]}))
    assert named.without == (12,) and "(no Queens)" in rules_sheet(named)


def _problems(d: dict[str, Any]) -> list[str]:
    return [f"{p.path}: {p.message}" for p in load_variant_text(json.dumps(d), "x.yaml").problems]


def test_the_loader_checks_the_ranks_left_out() -> None:
    assert _problems(data()) == []
    (p,) = _problems(data({"pack": "ordinary", "without": [2]}))
    assert p.startswith("ranks.without[0]: 2 is the lowest or the highest rank")
    (p,) = _problems(data({"low": 2, "high": 14, "copies": 4, "without": [20]}))
    assert p.startswith("ranks.without[0]: the deck has no 20")
    (p,) = _problems(data({"pack": "ordinary", "without": ["Q", 12]}))
    assert p.startswith("ranks.without[1]: the Qs are left out already")
    powered = data(rank_powers=[{"rank": 3, "effects": ["wild"]}])
    (p,) = _problems(powered)
    assert p.startswith("rank_powers[0].rank: the pack leaves out the 3s")


def test_the_design_page_leaves_a_rank_out(data_dir: Path) -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(MAIN, default_timeout=20)
    at.run()
    at.switch_page("screens/design.py").run()
    at.radio(key="d0_ranks_pack").set_value("ordinary").run()
    picker = at.multiselect(key="d0_ranks_without")
    assert picker.options[0] == "3" and picker.options[-1] == "K (King)"  # not the 2 nor the Ace
    picker.select(3).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None and v.without == (3,) and len(v.ranks) == 12
