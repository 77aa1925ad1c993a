"""The table rule ``strictly_higher`` (issue 42, docs/rulings.md ruling 123): a number card goes
only on a lower number, never on the same value (R5.2 changed)."""

from __future__ import annotations

import json

import support
from support import explain, legal_steps

from referee.engine import Game, PickUp, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

HOP = {"id": "hop", "name": "Hop", "copies": 2, "effects": ["wild"]}


def house(on: bool = True) -> Variant:
    data = support.house_data([HOP])
    if on:
        data["table"] = {"strictly_higher": True}
    return variant_from_data(data)


def game(pile: tuple[int | str, ...] = (7,), zone: str = "face_up", on: bool = True) -> Game:
    """Ann to move with 7, 8 and Hop face up (or one face-down card), Ben with a hand."""
    start = Position(
        "Ann",
        hand={"Ann": 0, "Ben": 3},
        face_up={"Ann": (7, 8, "hop") if zone == "face_up" else ()},
        face_down={"Ann": 1, "Ben": 3},
        draw_pile=0,
        pile=pile,
    )
    return Game.from_position(house(on), ["Ann", "Ben"], start)


def test_the_same_value_may_not_go_and_the_verdict_says_why() -> None:
    v = explain(game(), Play("Ann", (7,), "face_up"))
    assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R5.2"
    assert isinstance(v.data, HouseRule) and v.data.code == "strictly_higher"
    assert v.message.startswith("No: 7 may not go on 7: here a card must be higher, not the same.")
    assert explain(game(on=False), Play("Ann", (7,), "face_up")).legal


def test_higher_wild_and_empty_are_as_before() -> None:
    assert explain(game(), Play("Ann", (8,), "face_up")).legal
    assert explain(game(), Play("Ann", ("hop",), "face_up")).legal
    assert explain(game(pile=()), Play("Ann", (7,), "face_up")).legal
    lower = explain(game(pile=(8,)), Play("Ann", (7,), "face_up"))
    assert not lower.legal and lower.reason == Reason.TOO_LOW


def _full(on: bool = True) -> Game:
    """A shuffled game (full information): Ann holds a 7 and an 8 in her hand, a 7 on the pile."""
    g = Game.shuffled(house(on), ["Ann", "Ben"], 4, keep_history=True)
    s = g.state
    s.mover = 0
    hand = s.seats[0].hand
    hand.known.clear()
    hand.count = 0
    hand.add_known(7)
    hand.add_known(8)
    s.pile = [7]
    return g


def test_the_legal_steps_leave_out_the_equal_card() -> None:
    steps = legal_steps(_full())
    assert Play("Ann", (7,)) not in steps
    assert Play("Ann", (8,)) in steps
    assert Play("Ann", (7,)) in legal_steps(_full(on=False))


def test_a_blind_face_down_card_of_the_same_value_is_picked_up() -> None:
    """R7.5: a face-down card that may not go stays on the pile and its player picks up."""
    g = game(zone="face_down")
    o = g.push(Play("Ann", (7,), "face_down"))
    assert o.picked_up == 2 and g.state.pile == []
    g2 = game(zone="face_down", on=False)
    assert g2.push(Play("Ann", (7,), "face_down")).picked_up == 0
    assert explain(game(zone="face_down"), PickUp("Ann")).legal


def test_it_is_on_the_sheet_instead_of_the_rule_books_line_and_the_loader_warns() -> None:
    on, off = rules_sheet(house()), rules_sheet(house(on=False))
    assert "never on the same value" in on and "of the same value or lower" not in on
    assert "of the same value or lower" in off and "never on the same value" not in off
    data = dict(support.house_data(), table={"strictly_higher": True})
    ok = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert ok.ok and not ok.warnings
    data["table"] = {"strictly_higher": True, "same_rank_drawn": True}
    clash = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert clash.variant is not None
    assert any("strictly_higher" in str(w) for w in clash.warnings)
