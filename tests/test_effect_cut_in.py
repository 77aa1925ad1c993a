"""cut_in: a player holding the same card plays out of turn (docs/rulings.md, ruling 46)."""

from __future__ import annotations

import random

import support

from referee.engine import Game, Play, Position
from referee.simulate.bots import make_bot
from referee.simulate.runner import play
from referee.variant.model import Variant
from referee.words.reasons import Reason


def house() -> Variant:
    return support.house(rank_powers=[{"rank": 7, "effects": ["cut_in"]}])


def game() -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 3, "Ben": 3, "Cal": 3, "Dee": 3},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3, "Dee": 3},
        draw_pile=10,
        pile=(5,),
    )
    return Game.from_position(house(), ["Ann", "Ben", "Cal", "Dee"], start)


def test_a_player_holding_the_same_card_plays_out_of_turn_and_play_goes_on_from_them() -> None:
    g = game()
    g.push(Play("Ann", (7,)))
    assert g.turn == "Ben"
    cut = g.advice.explain(g.state, Play("Dee", (7,)))
    assert cut.legal and cut.rule == "R5.2"  # judged as Dee's own play: 7 on 7
    out = g.push(Play("Dee", (7,)))
    assert out.next_player == "Ann"  # the turn passes on from Dee (R6.5)
    assert g.state.pile == [5, 7, 7]


def test_only_the_same_card_and_only_while_it_is_on_top() -> None:
    g = game()
    g.push(Play("Ann", (7,)))
    other = g.advice.explain(g.state, Play("Dee", (8,)))
    assert not other.legal and other.reason == Reason.NOT_YOUR_TURN
    g.push(Play("Ben", (9,)))
    late = g.advice.explain(g.state, Play("Dee", (7,)))
    assert not late.legal and late.reason == Reason.NOT_YOUR_TURN
    blind = game()
    blind.push(Play("Ann", (7,)))
    assert not blind.advice.explain(blind.state, Play("Dee", (7,), "face_down")).legal


def test_cut_ins_can_complete_a_run_that_burns() -> None:
    g = game()
    g.push(Play("Ann", (7,)))
    g.push(Play("Dee", (7, 7)))
    out = g.push(Play("Cal", (7,)))
    assert out.burned and g.turn == "Cal"  # a burn: Cal plays again (R7.2)


def test_the_simulator_lets_players_cut_in() -> None:
    v = house()
    bots = {n: make_bot("random") for n in ("A", "B", "C", "D")}
    cut_ins = 0
    for seed in range(6):
        g = Game.shuffled(v, ["A", "B", "C", "D"], seed, keep_history=True)
        result = play(g, bots, random.Random(seed))
        assert result.loser is not None or result.capped
        movers = [o.next_player for _, o in g.past.log]
        for (step, _), mover in zip(g.past.log[1:], movers, strict=False):
            if step.by != mover:
                cut_ins += 1
    assert cut_ins > 0


def _with_a_skip_and_a_mirror() -> Game:
    v = support.house(
        [
            {"id": "hop", "name": "Hop", "copies": 2, "effects": ["skip"]},
            {"id": "mirror", "name": "Mirror", "copies": 2, "effects": ["mirror"]},
        ],
        [{"rank": 7, "effects": ["cut_in"]}],
    )
    start = Position("Ann", hand=dict.fromkeys(("Ann", "Ben", "Cal", "Dee"), 5), pile=(5,))
    return Game.from_position(v, ["Ann", "Ben", "Cal", "Dee"], start)


def test_a_player_may_cut_in_on_their_own_card() -> None:
    """Ruling 47: the card lies on top; its player holds the same card, like anyone else."""
    g = game()
    g.push(Play("Ann", (7,)))
    assert g.advice.explain(g.state, Play("Ann", (7,))).legal
    assert g.push(Play("Ann", (7,))).next_player == "Ben"


def test_a_player_who_owes_a_turn_may_cut_in_and_still_owes_it() -> None:
    """Ruling 48: a cut-in is not a turn play passed to, so the skip is not used up by it."""
    g = _with_a_skip_and_a_mirror()
    g.push(Play("Ann", ("hop",), to="Dee"))
    g.push(Play("Ben", (7,)))
    assert g.advice.explain(g.state, Play("Dee", (7,))).legal
    g.push(Play("Dee", (7,)))
    assert g.turn == "Ann" and g.state.skips == {"Dee": 1}


def test_a_cut_in_jumps_over_a_player_who_owes_a_turn_without_using_it() -> None:
    """Ruling 49: play never passed to Cal, so Cal still owes the turn, and loses it later."""
    g = _with_a_skip_and_a_mirror()
    g.push(Play("Ann", ("hop",), to="Cal"))  # Ben moves next; Cal owes a turn
    g.push(Play("Ben", (7,)))  # Cal is passed over: the skip is used up here
    assert g.turn == "Dee" and g.state.skips == {}
    g.push(Play("Dee", ("hop",), to="Cal"))  # Cal owes again; Ann moves
    g.push(Play("Ann", (7,)))  # Ben moves next
    g.push(Play("Dee", (7,)))  # Dee cuts in, jumping over Ben and Cal
    assert g.turn == "Ann" and g.state.skips == {"Cal": 1}
    g.push(Play("Ann", (8,)))
    out = g.push(Play("Ben", (9,)))
    assert out.skipped == ("Cal",) and g.turn == "Dee"


def test_a_mirror_on_a_cut_in_card_opens_no_cut_in() -> None:
    """Ruling 50: a cut-in is judged on the card lying on top; the mirror copies what a card
    does as it is played, and a cut-in is not that."""
    g = _with_a_skip_and_a_mirror()
    g.push(Play("Ann", (7,)))
    g.push(Play("Ben", ("mirror",)))
    v = g.advice.explain(g.state, Play("Dee", (7,)))
    assert not v.legal and v.reason == Reason.NOT_YOUR_TURN
    assert not g.advice.explain(g.state, Play("Dee", ("mirror",))).legal


def test_a_cut_in_card_that_clears_the_pile_is_a_warning() -> None:
    """Ruling 51: it never lies on top, so nobody can cut in on it."""
    from referee.variant.loader import check_data

    data = support.house_data([], [{"rank": 7, "effects": ["clear_pile", "cut_in"]}])
    errors, warnings = check_data(data, None, "v.yaml")
    assert not errors
    assert any("nobody can ever cut in on it" in w.message for w in warnings)
