"""Issue 31.5 and 31.6: where a card may go, and answers a card demands.

- not_on: "an 8 may not go on a 7" (the mirror of only_on, tests/test_effect_only_on.py);
- takes_only: "nothing but a 2 may go on the Go Again card" (the card on top decides);
- must_answer: "after the trump card the next player must play a trump card or pick up";
- pairs: "after a pair, the next play must be a pair or more";
- cover: "a Queen must be covered at once by the same player, with any card - no picking up".
Each through the one filter: refused with its own words, advised from the verdicts, listed by
legal_steps and decided blind alike.
"""

from __future__ import annotations

import support
from support import explain

from referee.engine import Game, PickUp, Play, Position
from referee.variant.model import Variant
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal"]


def game(v: Variant, pile: tuple[object, ...] = (3,), **zones: dict[str, int]) -> Game:
    start = Position(
        "Ann",
        hand=zones.get("hand", dict.fromkeys(NAMES, 5)),
        face_down=zones.get("face_down", {}),
        draw_pile=zones.get("draw", {"n": 0})["n"],
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(v, NAMES, start)


def house_refusal(g: Game, step: Play, code: str) -> str:
    v = g.advice.explain(g.state, step)
    assert not v.legal and v.reason == Reason.HOUSE_RULE, v
    assert isinstance(v.data, HouseRule) and v.data.code == code
    return v.message


# --- not_on ----------------------------------------------------------------------------------


def test_an_eight_may_not_go_on_a_seven() -> None:
    v = support.house([], [{"rank": 8, "effects": [{"effect": "not_on", "min": 7, "max": 7}]}])
    assert house_refusal(game(v, (7,)), Play("Ann", (8,)), "not_on") == (
        "No: 8 may not go on a 7, and the pile counts 7."
    )
    assert explain(game(v, (6,)), Play("Ann", (8,))).legal
    assert explain(game(v, (8,)), Play("Ann", (8,))).legal
    seven = game(v, (7,))
    assert seven.advice.hint(seven.state) == (
        "Ann may play from their hand: 7, 9 or 10. Or Ann may pick up the pile."
    )
    blind = game(v, (7,), hand={"Ben": 5, "Cal": 5}, face_down={"Ann": 2})
    assert (
        blind.advice.explain(blind.state, Play("Ann", (8,), "face_down")).reason
        == Reason.FACE_DOWN_MISSES
    )


# --- takes_only ------------------------------------------------------------------------------

GO_AGAIN = {
    "id": "go",
    "name": "Go Again",
    "copies": 2,
    "effects": [{"effect": "takes_only", "min": 2, "max": 2}],
}
KARMA = {"id": "k", "name": "Karma", "copies": 2, "effects": []}


def test_nothing_but_a_two_on_go_again() -> None:
    v = support.house([GO_AGAIN, KARMA])
    g = game(v, (5, "go"))
    assert g.advice.explain(g.state, Play("Ann", (2,))).legal
    assert house_refusal(g, Play("Ann", (9,)), "takes_only") == ("No: only a 2 may go on Go Again.")
    house_refusal(g, Play("Ann", ("k",)), "takes_only")  # not even a Karma card
    assert g.advice.explain(g.state, PickUp("Ann")).legal
    assert (
        g.advice.hint(g.state) == "Ann may play from their hand: a 2. Or Ann may pick up the pile."
    )


def test_takes_only_may_let_wild_cards_go_too() -> None:
    go = {**GO_AGAIN, "effects": [{"effect": "takes_only", "max": 2, "wild": "allowed"}]}
    g = game(support.house([go, KARMA]), (5, "go"))
    assert (
        g.advice.explain(g.state, Play("Ann", ("k",))).legal
        and g.advice.explain(g.state, Play("Ann", (1,))).legal
    )
    house_refusal(g, Play("Ann", (3,)), "takes_only")


def test_a_follow_up_takes_any_card_even_on_it() -> None:
    ptc = {
        "id": "ptc",
        "name": "Table",
        "copies": 2,
        "effects": ["play_table_card", {"effect": "takes_only", "max": 2}],
    }
    v = support.house([ptc])
    g = game(v, (5,), hand={"Ann": 1, "Ben": 5, "Cal": 5}, face_down={"Ann": 2})
    g.push(Play("Ann", ("ptc",)))
    assert (
        g.turn == "Ann" and g.advice.explain(g.state, Play("Ann", (9,), "face_down")).legal
    )  # R8.3


# --- must_answer ----------------------------------------------------------------------------------

TRUMP = {"id": "trump", "name": "Trump", "copies": 3, "effects": ["must_answer"]}


def test_after_the_trump_the_next_player_answers_with_a_trump_or_picks_up() -> None:
    v = support.house([TRUMP, KARMA])
    g = game(v)
    g.push(Play("Ann", ("trump",)))
    assert house_refusal(g, Play("Ben", (9,)), "must_answer") == (
        "No: Ben must answer with Trump, or pick up the pile."
    )
    house_refusal(g, Play("Ben", ("k",)), "must_answer")  # a wild card does not answer it
    assert (
        g.advice.explain(g.state, Play("Ben", ("trump",))).legal
        and g.advice.explain(g.state, PickUp("Ben")).legal
    )
    assert (
        g.advice.hint(g.state)
        == "Ben may play from their hand: Trump. Or Ben may pick up the pile."
    )
    g.push(Play("Ben", ("trump",)))
    assert g.advice.explain(g.state, Play("Cal", ("trump",))).legal  # Ben's trump asks again


def test_the_answer_lapses_after_one_step() -> None:
    g = game(support.house([TRUMP]))
    g.push(Play("Ann", ("trump",)))
    g.push(PickUp("Ben"))
    assert g.advice.explain(g.state, Play("Cal", (9,))).legal  # the pile is gone: nothing to answer


def test_a_wild_card_may_answer_when_the_group_says_so() -> None:
    trump = {**TRUMP, "effects": [{"effect": "must_answer", "wild": "allowed"}]}
    g = game(support.house([trump, KARMA]))
    g.push(Play("Ann", ("trump",)))
    assert g.advice.explain(g.state, Play("Ben", ("k",))).legal
    house_refusal(g, Play("Ben", (9,)), "must_answer")


def test_the_demand_names_which_wild_cards_answer_it() -> None:
    """Issue 42: "you can use the joker for this card" - only the wild cards of the kind the
    demand names answer it: Karma cards (and jokers), or wild number ranks."""
    wild_ten = {"rank": 10, "effects": ["wild"]}
    for kind, karma_ok, ten_ok, alt in (
        ("karma", True, False, " or a Karma card or joker"),
        ("ranks", False, True, " or a wild number card"),
    ):
        trump = {**TRUMP, "effects": [{"effect": "must_answer", "wild": kind}]}
        g = game(support.house([trump, KARMA], [wild_ten]))
        g.push(Play("Ann", ("trump",)))
        assert g.advice.explain(g.state, Play("Ben", ("k",))).legal is karma_ok
        assert g.advice.explain(g.state, Play("Ben", (10,))).legal is ten_ok
        assert house_refusal(g, Play("Ben", (9,)), "must_answer") == (
            f"No: Ben must answer with Trump{alt}, or pick up the pile."
        )


# --- pairs -----------------------------------------------------------------------------------


def test_after_a_pair_the_next_play_is_a_pair_or_more() -> None:
    v = support.house([], [{"rank": 5, "effects": ["pairs"]}])
    g = game(v, hand=dict.fromkeys(NAMES, 6))
    g.push(Play("Ann", (5, 5)))
    assert house_refusal(g, Play("Ben", (7,)), "pairs") == (
        "No: after two 5s, Ben must play at least two cards at once, or pick up the pile."
    )
    assert (
        g.advice.explain(g.state, Play("Ben", (7, 7))).legal
        and g.advice.explain(g.state, Play("Ben", (7, 7, 7))).legal
    )
    assert g.advice.explain(g.state, PickUp("Ben")).legal
    g.push(Play("Ben", (7, 7)))
    assert g.advice.explain(g.state, Play("Cal", (8,))).legal  # it binds one play


def test_one_five_asks_nothing() -> None:
    g = game(support.house([], [{"rank": 5, "effects": ["pairs"]}]))
    g.push(Play("Ann", (5,)))
    assert g.advice.explain(g.state, Play("Ben", (7,))).legal


# --- cover -----------------------------------------------------------------------------------


def test_a_queen_is_covered_at_once_by_the_same_player() -> None:
    v = support.house([], [{"rank": 10, "effects": ["cover"]}])
    g = game(v, draw={"n": 6})
    out = g.push(Play("Ann", (10,)))
    assert g.turn == "Ann" and "Ann must play again at once, and may not pick up" in out.text
    refused = g.advice.explain(g.state, PickUp("Ann"))
    assert not refused.legal and refused.reason == Reason.PICK_UP_IN_FOLLOW_UP
    assert g.advice.explain(g.state, Play("Ann", (2,))).legal  # any card covers it
    assert not g.advice.explain(g.state, Play("Ben", (2,))).legal
    g.push(Play("Ann", (2,)))
    assert g.turn == "Ben"


def test_an_empty_hand_is_refilled_before_covering() -> None:
    """Ruling 59: with the draw pile left, the table cards wait (R3.2), so the player draws
    first (R6.4) and then covers; else there would be no step at all."""
    v = support.house([], [{"rank": 10, "effects": ["cover"]}])
    g = game(v, hand={"Ann": 1, "Ben": 5, "Cal": 5}, draw={"n": 6})
    out = g.push(Play("Ann", (10,)))
    assert out.draws == (("Ann", 3),) and g.turn == "Ann"
    assert (
        g.advice.explain(g.state, Play("Ann", (2,))).legal
        and not g.advice.explain(g.state, PickUp("Ann")).legal
    )


def test_with_no_card_left_the_cover_lapses() -> None:
    v = support.house([], [{"rank": 10, "effects": ["cover"]}])
    g = game(v, hand={"Ann": 1, "Ben": 5, "Cal": 5})
    out = g.push(Play("Ann", (10,)))
    assert g.turn == "Ben" and "There is no card left to play again with." in out.text


def test_legal_steps_agree_in_random_games() -> None:
    """The new effects through legal_steps and explain alike (the property test covers every
    effect over random variants; this plays these five at one table)."""
    v = support.house(
        [GO_AGAIN, TRUMP, KARMA],
        [
            {"rank": 5, "effects": ["pairs"]},
            {"rank": 8, "effects": [{"effect": "not_on", "min": 7, "max": 7}]},
            {"rank": 10, "effects": ["cover"]},
        ],
    )
    import random

    for seed in range(12):
        g = Game.shuffled(v, NAMES, seed, keep_history=True)
        rng = random.Random(seed)
        for _ in range(120):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            assert steps
            for step in steps:
                assert g.advice.explain(g.state, step).legal, step
            g.push(rng.choice(steps))
