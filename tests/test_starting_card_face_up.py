"""The starter opens with the card shown face up (issue 42, docs/rulings.md ruling 145): with
``starts: lowest_face_up`` and ``starting_card``, the first play of a fresh deal is the
starter's lowest ordinary card face up, laid from the face-up cards though they hold hand cards
(R3.2 set aside for that one play, R2.3 changed)."""

from __future__ import annotations

import json
from typing import Any

import support
from support import explain, legal_steps

from referee.engine import Game, Play
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal"]
RESET_TWO = {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]}


def _house(on: bool = True) -> Variant:
    data = support.house_data(rank_powers=[RESET_TWO])
    data["table"] = {"starts": "lowest_face_up", **({"starting_card": True} if on else {})}
    return variant_from_data(data)


def _table(on: bool = True) -> Game:
    """At a table: Ann shows a 2 (a power: not a starting card), a 4 and a 9; she starts."""
    return Game.deal(
        _house(on), NAMES, face_up={"Ann": [2, 4, 9], "Ben": [5, 6, 7], "Cal": [8, 8, 10]}
    )


def test_the_starter_opens_with_the_card_shown_face_up() -> None:
    g = _table()
    assert g.zone_to_play() == "face_up"  # the tablet offers the face-up cards first
    v = explain(g, Play("Ann", (4,), zone="face_up"))
    assert v.legal, v.message
    g.push(Play("Ann", (4,), zone="face_up"))
    assert g.state.seats[0].face_up.known == {2: 1, 9: 1}
    assert g.turn == "Ben" and g.top == 4


def test_anything_else_first_is_refused_in_the_rules_words() -> None:
    g = _table()
    for step in (
        Play("Ann", (5,)),  # a hand card: the face-up 4 comes first
        Play("Ann", (9,), zone="face_up"),  # not the lowest face-up card
        Play("Ann", (2,), zone="face_up"),  # a 2 has a power: not the starting card
    ):
        v = explain(g, step)
        assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R2.3", step
        assert isinstance(v.data, HouseRule) and v.data.code == "starting_card"
        assert v.message.startswith(
            "No: Ann starts, so Ann must open with a 4 from the face-up cards."
        ), v.message


def test_after_the_first_play_the_face_up_cards_wait_again() -> None:
    g = _table()
    g.push(Play("Ann", (4,), zone="face_up"))
    g.push(Play("Ben", (5,)))
    v = explain(g, Play("Cal", (8,), zone="face_up"))
    assert not v.legal and v.rule == "R3.2"  # hand cards first again


def test_without_the_rule_the_starter_opens_from_the_hand() -> None:
    g = _table(on=False)
    assert g.zone_to_play() == "hand"
    assert not explain(g, Play("Ann", (4,), zone="face_up")).legal
    assert explain(g, Play("Ann", (5,))).legal


def test_no_number_shown_face_up_opens_as_usual() -> None:
    """The referee knows what lies face up; with no number there (or face-up cards nobody told
    it), there is no starting card to show, and the first play is as usual (R3)."""
    unknown = Game.deal(_house(), NAMES)
    assert unknown.zone_to_play() == "hand"
    assert explain(unknown, Play("Ann", (5,))).legal
    data = support.house_data(
        karma_cards=[{"id": "hop", "name": "Hop", "copies": 3, "effects": []}]
    )
    data["table"] = {"starts": "lowest_face_up", "starting_card": True}
    hops = Game.deal(variant_from_data(data), NAMES, face_up={"Ann": ["hop", "hop", "hop"]})
    assert hops.zone_to_play() == "hand"
    assert explain(hops, Play("Ann", (5,))).legal


def test_with_only_power_cards_face_up_the_lowest_of_them_starts() -> None:
    """As who starts counts them (ruling 126): with no ordinary number face up, the lowest
    number there is the starting card, a 2 too."""
    data = support.house_data(rank_powers=[RESET_TWO, {"rank": 9, "effects": ["wild"]}])
    data["table"] = {"starts": "lowest_face_up", "starting_card": True}
    g = Game.deal(variant_from_data(data), NAMES, face_up={"Ann": [2, 2, 9]})
    assert explain(g, Play("Ann", (2, 2), zone="face_up")).legal
    assert not explain(g, Play("Ann", (9,), zone="face_up")).legal


def test_with_full_information_the_only_first_play_is_that_card() -> None:
    for seed in range(6):
        g = Game.shuffled(_house(), NAMES, seed)
        seat = g.state.seats[g.state.mover]
        numbers = [c for c in seat.face_up.known if isinstance(c, int)]
        ordinary = [c for c in numbers if c != 2]
        shown = min(ordinary or numbers)
        steps = legal_steps(g)
        assert steps, seed
        assert all(
            isinstance(p, Play) and p.zone == "face_up" and p.cards[0] == shown for p in steps
        ), (seed, steps)
        assert {len(p.cards) for p in steps if isinstance(p, Play)} == set(
            range(1, seat.face_up.known[shown] + 1)
        )


def test_the_sheet_and_the_loader_say_it() -> None:
    sheet = rules_sheet(_house())
    assert "The starter opens the game with that face-up card, before any hand card." in sheet
    data = support.house_data()
    data["table"] = {"starts": "lowest_face_up", "starting_card": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    assert not [p for p in result.problems if "starting_card" in p.message]


def test_the_bots_play_it_to_the_end() -> None:
    support.bots_finish(_house())


def test_the_tablet_offers_the_face_up_card_first_with_no_extra_tap() -> None:
    """The table model's zone axis defaults to the zone due (face-up for this first play), and
    of every choice the tablet offers only the face-up 4 gets a yes."""
    from referee.app import tableview_data as td
    from referee.app.view import step_facts

    g = _table()
    cards: Any = td.table_data(g, 1)["cards"]
    zones = [a for card in cards for a in card["axes"] if a["name"] == "zone"]
    assert zones and all(a["default"] == "face_up" for a in zones)
    said, found = td.judged_choices(g, step_facts(g))
    yes = {(card, zone) for (card, zone, *_), i in found.items() if getattr(said[i], "legal", 0)}
    assert yes == {(4, "face_up")}
