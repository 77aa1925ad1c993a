"""Daifugo's revolution in a deck where four of a kind burns (issue 42, docs/house-rules.md):
``{effect: revolution, when: {cards: 4}}`` on each rank with ``table: {powers_before_burn:
true}``. Four laid at once turn the order round, then the pile burns (ruling 143); four built
up over several plays burn and set off nothing. Without the table rule a play that burns does
nothing else (R7.2), so the loader warns that the effect would never happen."""

from __future__ import annotations

import json

import support

from referee.engine import Game, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant

NAMES = ["Ann", "Ben", "Cal"]
FOUR = {"effect": "revolution", "when": {"cards": 4}}


def data(first: bool = True, effect: object = FOUR) -> dict[str, object]:
    d = support.house_data(None, [{"rank": r, "effects": [effect]} for r in range(1, 11)])
    if first:
        d["table"] = {"powers_before_burn": True}
    return d


def game(variant: Variant, pile: tuple[int, ...] = (5,)) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 12), draw_pile=0, pile=pile)
    return Game.from_position(variant, NAMES, start)


def test_four_at_once_turn_the_order_round_then_burn() -> None:
    g = game(variant_from_data(data()))
    o = g.push(Play("Ann", (9, 9, 9, 9)))
    assert o.burned and not g.state.pile and g.turn == "Ann"  # R7.4: Ann plays again
    assert "The order is turned round: play the same or lower from now on." in o.messages
    g.push(Play("Ann", (6,)))
    assert not g.is_legal(Play("Ben", (8,)))  # higher: not while the order is turned
    assert g.is_legal(Play("Ben", (6,))) and g.is_legal(Play("Ben", (2,)))


def test_four_built_up_over_several_plays_burn_but_turn_nothing() -> None:
    g = game(variant_from_data(data()), pile=(3, 4, 4, 4))
    o = g.push(Play("Ann", (4,)))  # the fourth 4 in a row: a burn (R7.1), not laid at once
    assert o.burned and g.turn == "Ann"
    g.push(Play("Ann", (6,)))
    assert g.is_legal(Play("Ben", (8,))) and not g.is_legal(Play("Ben", (5,)))  # R5.2


def test_the_second_four_at_once_turns_it_back() -> None:
    g = game(variant_from_data(data()))
    g.push(Play("Ann", (9, 9, 9, 9)))
    o = g.push(Play("Ann", (2, 2, 2, 2)))
    assert o.burned and "The order is turned back: play the same or higher again." in o.messages
    g.push(Play("Ann", (6,)))
    assert not g.is_legal(Play("Ben", (5,)))


def test_without_powers_before_a_burn_nothing_turns_and_the_loader_says_so() -> None:
    g = game(variant_from_data(data(first=False)))
    g.push(Play("Ann", (9, 9, 9, 9)))  # R7.2: the burning play has no other effect
    g.push(Play("Ann", (6,)))
    assert g.is_legal(Play("Ben", (8,)))
    result = load_variant_text(json.dumps(data(first=False)).encode(), "house.yaml")
    assert result.ok
    warnings = [p for p in result.problems if "R7.2" in p.message]
    assert len(warnings) == 10 and all(p.severity == "warning" for p in warnings)
    assert warnings[0].path == "rank_powers[0].effects[0].when.cards"
    assert "Powers before a burn" in (warnings[0].plain or "")


def test_no_warning_with_the_table_rule_fewer_cards_or_a_card_that_only_goes_on_anything() -> None:
    for d in (
        data(),
        data(first=False, effect={"effect": "revolution", "when": {"cards": 3}}),
        data(first=False, effect={"effect": "wild", "when": {"cards": 4}}),  # rule 64
    ):
        result = load_variant_text(json.dumps(d).encode(), "house.yaml")
        assert result.ok and not [p for p in result.problems if "R7.2" in p.message]
