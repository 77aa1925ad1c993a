"""The table rule ``no_power_finish`` (issue 41, docs/rulings.md ruling 121): nobody may finish
on a power card - a Karma card, a joker or a number with powers (R1.4)."""

from __future__ import annotations

import json

import support
from support import explain, legal_steps

from referee.engine import Game, PickUp, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

HOP = {"id": "hop", "name": "Hop", "copies": 2, "effects": [{"effect": "skip", "target": "next"}]}
TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}


def house(on: bool = True) -> Variant:
    data = support.house_data([HOP], [TEN])
    if on:
        data["table"] = {"no_power_finish": True}
    return variant_from_data(data)


def game(
    card: int | str,
    zone: str = "face_up",
    more: tuple[int | str, ...] = (),
    pile: tuple[int, ...] = (4,),
    draw_pile: int = 0,
    on: bool = True,
) -> Game:
    """Ann to move, holding ``card`` (and ``more``) face up, or one face-down card, or one
    unknown hand card."""
    face_up = (card, *more) if zone == "face_up" else ()
    start = Position(
        "Ann",
        hand={"Ann": 1 if zone == "hand" else 0, "Ben": 3},
        face_up={"Ann": face_up},
        face_down={"Ann": 1 if zone == "face_down" else 0, "Ben": 3},
        draw_pile=draw_pile,
        pile=pile,
    )
    return Game.from_position(house(on), ["Ann", "Ben"], start)


def test_a_power_card_may_not_be_the_last_card() -> None:
    for card, name in (("hop", "Hop"), (10, "10")):
        v = explain(game(card), Play("Ann", (card,), "face_up"))
        assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R10.1"
        assert isinstance(v.data, HouseRule) and v.data.code == "no_power_finish"
        assert v.message.startswith(
            f"No: Nobody may finish on a power card: {name} may not be Ann's last card."
        )
        assert explain(game(card), PickUp("Ann")).legal
        assert explain(game(card, on=False), Play("Ann", (card,), "face_up")).legal


def test_a_plain_card_may_be_the_last_and_a_power_card_may_go_before_it() -> None:
    assert explain(game(7), Play("Ann", (7,), "face_up")).legal
    assert explain(game(10, more=(7,)), Play("Ann", (10,), "face_up")).legal
    # Two copies that would empty her cards are a last card too.
    assert not explain(game("hop", more=("hop",)), Play("Ann", ("hop", "hop"), "face_up")).legal


def test_with_a_draw_to_come_an_empty_pile_or_a_blind_card_it_may_go() -> None:
    """A draw follows (R6.4); on an empty pile no pick-up is open (R6.3: refusing would leave
    no step); a face-down card is turned over whatever it is (R7.5)."""
    assert explain(game(10, zone="hand", draw_pile=5), Play("Ann", (10,))).legal
    assert not explain(game(10, zone="hand"), Play("Ann", (10,))).legal
    assert explain(game("hop", pile=()), Play("Ann", ("hop",), "face_up")).legal
    assert explain(game(10, zone="face_down"), Play("Ann", (10,), "face_down")).legal


def _full(card: int | str, on: bool = True) -> Game:
    """A shuffled game (full information) where Ann holds only ``card``, the draw pile gone,
    a 4 on the pile."""
    g = Game.shuffled(house(on), ["Ann", "Ben"], 4, keep_history=True)
    s = g.state
    s.draw_pile, s.draw_cards = 0, []
    seat = s.seats[0]
    for zone in (seat.hand, seat.face_up, seat.face_down):
        zone.known.clear()
        zone.count = 0
    seat.face_down.order = []
    seat.hand.add_known(card)
    s.pile = [4]
    return g


def test_full_information_lists_the_pick_up_and_not_the_last_power_card() -> None:
    assert legal_steps(_full("hop")) == [PickUp("Ann")]
    assert legal_steps(_full(10)) == [PickUp("Ann")]
    assert Play("Ann", ("hop",)) in legal_steps(_full("hop", on=False))
    assert Play("Ann", (7,)) in legal_steps(_full(7))


def test_it_is_on_the_sheet_and_the_loader_warns_where_no_card_has_a_power() -> None:
    assert "Nobody may finish on a power card" in rules_sheet(house())
    assert "Nobody may finish on a power card" not in rules_sheet(house(on=False))
    data = dict(support.house_data(), table={"no_power_finish": True})
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    assert [str(p) for p in result.warnings if "no_power_finish" in str(p)]
