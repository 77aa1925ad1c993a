"""The table rule ``burn_at_once`` (issue 42, docs/rulings.md ruling 134): "four of a kind burns
only when all four are laid at once" - a run built up over several plays does not burn (R7.1
changed); a single play of the burn count still does (R7.3)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import support
from support import explain

from referee.engine import Game, Play, Position
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

UP = {"id": "up", "name": "Bottoms Up", "copies": 2, "effects": ["one_time", "bottom_to_top"]}
NAMES = ["Ann", "Ben", "Cal"]


def house(on: bool = True) -> Variant:
    data = support.house_data([UP])
    if on:
        data["table"] = {"burn_at_once": True}
    return variant_from_data(data)


def game(pile: tuple[int | str, ...], on: bool = True) -> Game:
    """Ann to move with unknown hand cards; Ben and Cal too."""
    start = Position(
        "Ann", hand=dict.fromkeys(NAMES, 5), face_down=dict.fromkeys(NAMES, 3), pile=pile
    )
    return Game.from_position(house(on), NAMES, start)


def test_a_run_built_up_over_several_plays_does_not_burn() -> None:
    g = game((5, 7, 7, 7))
    o = g.push(Play("Ann", (7,)))
    assert not o.burned and g.state.pile == [5, 7, 7, 7, 7] and g.turn == "Ben"
    o = game((5, 7, 7, 7), on=False).push(Play("Ann", (7,)))
    assert o.burned and o.plays_again  # the rule book: four in a row burn (R7.1, R7.4)


def test_four_laid_at_once_burn_and_more_on_a_run_too() -> None:
    o = game((5,)).push(Play("Ann", (7, 7, 7, 7)))
    assert o.burned and o.plays_again
    g = game((5, 7, 7))
    o = g.push(Play("Ann", (7, 7)))
    assert not o.burned and len(g.state.pile) == 5  # two on two: not four laid at once


def test_a_card_moved_onto_the_top_completes_no_run() -> None:
    """Bottoms Up moves the bottom 7 onto three 7s (R8.4): no play of four, no burn."""
    g = game((7, 2, 7, 7, 7))
    o = g.push(Play("Ann", ("up",)))
    assert not o.burned and g.state.pile[-1] == 7
    o = game((7, 2, 7, 7, 7), on=False).push(Play("Ann", ("up",)))
    assert o.burned


def test_the_verdict_and_the_sheet_say_it() -> None:
    g = game((5, 7, 7, 7))
    assert explain(g, Play("Ann", (7,))).legal
    sheet = rules_sheet(house())
    assert "When 4 identical cards are laid together in one play, the whole pile burns" in sheet
    assert "played together or by several players in a row" not in sheet
    assert "played together or by several players in a row" in rules_sheet(house(on=False))


def test_the_sheet_says_who_plays_again_as_the_engine_does() -> None:
    """Only one play of four burns, so nobody "completes a run": whoever laid the four plays
    again (R7.4), and the sheet says so."""
    sheet = rules_sheet(house())
    assert "they do not): it leaves the game, and whoever laid them plays again on the" in sheet
    assert "completed the run" not in sheet
    g = game((5,))
    assert g.push(Play("Ann", (7, 7, 7, 7))).burned and g.turn == "Ann"


def test_the_loader_warns_where_strictly_higher_makes_it_moot() -> None:
    data = support.house_data()
    data["table"] = {"burn_at_once": True, "strictly_higher": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "burn_at_once" in p.message]
    assert warning.path == "table.burn_at_once" and warning.severity == "warning"


def test_the_bots_play_it_to_the_end() -> None:
    v = replace(builtin("shithead"), table=TableRules(burn_at_once=True))
    for seed in range(3):
        game = Game.shuffled(v, NAMES, seed)
        bots = {n: BOTS[b]() for n, b in zip(NAMES, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped
