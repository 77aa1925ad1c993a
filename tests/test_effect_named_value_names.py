"""A name limited to some numbers (issue 42, docs/rulings.md ruling 165): ``named_value`` with
``names: [2, 10]`` (MLR's joker is a 2 or a 10).  A play may name only those numbers; the listed
steps, the table's one list and the rules sheet offer only them."""

from __future__ import annotations

import json

from support import bots_finish, explain, house, walk_listed_steps

from referee.engine import Game, Play, Position
from referee.engine.steps import Step
from referee.variant.loader import load_variant_text
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMED = {"effect": "named_value", "names": [2, 10]}


def _nines() -> Variant:
    return house(rank_powers=[{"rank": 9, "effects": [NAMED]}])


def _game() -> Game:
    start = Position("Ann", hand={"Ann": 5, "Ben": 5, "Cal": 5}, pile=(7,), draw_pile=0)
    return Game.from_position(_nines(), ["Ann", "Ben", "Cal"], start)


def test_only_the_numbers_named_may_be_named() -> None:
    g = _game()
    assert explain(g, Play("Ann", (9,), named=10)).legal
    assert explain(g, Play("Ann", (9,), named=2)).legal
    refused = explain(g, Play("Ann", (9,), named=8))
    assert not refused.legal and refused.reason == Reason.NAME_NOT_ALLOWED
    assert str(refused).startswith("No: 9 may only be named as a 2 or a 10.")
    assert explain(g, Play("Ann", (9,), named=99)).reason == Reason.NO_SUCH_NAMED


def test_the_listing_and_the_table_offer_only_them() -> None:
    from referee.app import tableview_data, view

    g = _game()
    _, index = tableview_data.judged_choices(g, view.step_facts(g))
    assert {key[5] for key in index if key[0] == 9} == {None, 10, 2}

    def named(game: Game, steps: list[Step]) -> int:
        names = {p.named for p in steps if isinstance(p, Play) and p.named is not None}
        assert names <= {2, 10}, names
        return len(names)

    assert walk_listed_steps(_nines(), named) > 0


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "names one of these numbers: a 2 or a 10" in rules_sheet(_nines())
    from support import house_data

    bad = house_data(rank_powers=[{"rank": 9, "effects": [{**NAMED, "names": [2, 42]}]}])
    result = load_variant_text(json.dumps(bad).encode(), "house.yaml")
    assert not result.ok and any(
        "no number 42" in p.message or "42" in p.message for p in result.errors
    )


def test_the_bots_play_it_to_the_end() -> None:
    bots_finish(_nines())


def test_a_number_the_pack_leaves_out_may_not_be_named() -> None:
    """``names: [3]`` in a pack ``without: [3]`` is refused where the file says it (it loaded,
    and the listing then asked the pile about a card the deck does not have: a KeyError in an
    explore run); an answer list is checked the same way."""
    from support import house_data

    for effect in ({**NAMED, "names": [3]}, {"effect": "must_answer", "answers": [3]}):
        bad = house_data(rank_powers=[{"rank": 9, "effects": [effect]}])
        bad["ranks"] = {**bad["ranks"], "without": [3]}
        result = load_variant_text(json.dumps(bad).encode(), "house.yaml")
        assert not result.ok and any(
            "3, which the pack leaves out" in p.message for p in result.errors
        ), result.errors
