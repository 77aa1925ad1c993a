"""cut_in: a player holding the same card plays out of turn (docs/rulings.md, ruling 46)."""

from __future__ import annotations

import random

import support

from referee.engine import Game, Play, Position
from referee.reasons import Reason
from referee.simulate.bots import make_bot
from referee.simulate.runner import play
from referee.variant.model import Variant


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
    cut = g.explain(Play("Dee", (7,)))
    assert cut.legal and cut.rule == "R5.2"  # judged as Dee's own play: 7 on 7
    out = g.push(Play("Dee", (7,)))
    assert out.next_player == "Ann"  # the turn passes on from Dee (R6.5)
    assert g.state.pile == [5, 7, 7]


def test_only_the_same_card_and_only_while_it_is_on_top() -> None:
    g = game()
    g.push(Play("Ann", (7,)))
    other = g.explain(Play("Dee", (8,)))
    assert not other.legal and other.reason == Reason.NOT_YOUR_TURN
    g.push(Play("Ben", (9,)))
    late = g.explain(Play("Dee", (7,)))
    assert not late.legal and late.reason == Reason.NOT_YOUR_TURN
    blind = game()
    blind.push(Play("Ann", (7,)))
    assert not blind.explain(Play("Dee", (7,), "face_down")).legal


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
        movers = [o.next_player for _, o in g.history]
        for (step, _), mover in zip(g.history[1:], movers, strict=False):
            if step.by != mover:
                cut_ins += 1
    assert cut_ins > 0
