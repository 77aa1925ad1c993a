"""next_face_up: the next player plays from their face-up cards (docs/rulings.md, ruling 41)."""

from __future__ import annotations

import support

from referee.engine import Game, PickUp, Play, Position
from referee.variant.model import Variant
from referee.words.reasons import HouseRule, Reason


def house() -> Variant:
    card = {"id": "show_me", "name": "Show Me", "copies": 2, "rule": "R9"}
    return support.house([{**card, "effects": ["next_face_up"]}])


def game(**kw: object) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 3, "Ben": 3, "Cal": 3},
        face_up=kw.pop("face_up", {"Ann": (2, 3, 4), "Ben": (6, 7, 9), "Cal": (8, 8, 8)}),  # type: ignore[arg-type]
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        draw_pile=10,
        pile=(4,),
    )
    return Game.from_position(house(), ["Ann", "Ben", "Cal"], start)


def test_the_next_player_must_play_a_face_up_card_while_holding_hand_cards() -> None:
    g = game()
    g.push(Play("Ann", ("show_me",)))
    assert g.zone_to_play() == "face_up"
    hand = g.advice.explain(g.state, Play("Ben", (5,), "hand"))
    assert not hand.legal
    assert hand.reason == Reason.HOUSE_RULE and hand.rule == "R9"
    assert isinstance(hand.data, HouseRule) and hand.data.code == "face_up_next"
    assert hand.message == "No: after Show Me, Ben must play a face-up card (or pick up the pile)."
    assert hand.instead.startswith("Ben may play any face-up card.")
    assert g.advice.explain(g.state, Play("Ben", (7,), "face_up")).legal
    assert g.advice.explain(g.state, PickUp("Ben")).legal


def test_it_lapses_after_that_players_step_and_undo_brings_it_back() -> None:
    g = game()
    g.push(Play("Ann", ("show_me",)))
    g.push(Play("Ben", (7,), "face_up"))
    assert g.state.pending == {}
    assert g.zone_to_play() == "hand"  # Cal plays as usual (R3)
    assert g.advice.explain(g.state, Play("Cal", (9,), "hand")).legal
    g.past.undo()
    assert "next_face_up" in g.state.pending
    assert g.zone_to_play() == "face_up"


def test_a_player_without_face_up_cards_plays_as_usual() -> None:
    g = game(face_up={"Ann": (2, 3, 4), "Cal": (8, 8, 8)})
    g.push(Play("Ann", ("show_me",)))
    assert g.zone_to_play() == "hand"
    assert g.advice.explain(g.state, Play("Ben", (5,), "hand")).legal


def test_in_full_information_only_face_up_plays_and_the_pick_up_are_listed() -> None:
    g = Game.shuffled(house(), ["Ann", "Ben"], 5, keep_history=True)
    g.state.seats[0].hand.add_known("show_me")
    g.push(Play("Ann", ("show_me",)))
    steps = g.choices.legal_steps(g.state)
    assert steps and all(isinstance(s, PickUp) or s.zone == "face_up" for s in steps)
    for s in steps:
        assert g.advice.explain(g.state, s).legal
    assert not g.advice.explain(
        g.state, Play("Ben", (next(iter(g.zone("Ben", "hand").known)),))
    ).legal


def test_the_sheet_says_it() -> None:
    from referee.variant.sheet import rules_sheet

    assert "must play one of their face-up cards" in rules_sheet(house())
