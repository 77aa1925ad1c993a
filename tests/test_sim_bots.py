"""The bots always choose one of the legal steps, for any seed and variant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Game
from referee.simulate import BOTS, make_bot, play, seat_names
from referee.variant.registry import builtin

VARIANTS = ["classic", "mini-round", "second-edition"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    variant_id=st.sampled_from(VARIANTS),
    players=st.integers(min_value=2, max_value=4),
    bot=st.sampled_from(sorted(BOTS)),
)
def test_bot_choice_is_a_legal_step(seed: int, variant_id: str, players: int, bot: str) -> None:
    variant = builtin(variant_id)
    game = Game.shuffled(variant, seat_names(players), seed)
    chooser = make_bot(bot)
    rng = random.Random(seed)
    for _ in range(250):
        if game.over:
            break
        steps = game.choices.legal_steps(game.state)
        assert steps, game.advice.hint(game.state)
        step = chooser.choose(game, steps, rng)
        assert step in steps
        assert game.is_legal(step)
        game.push(step)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), variant_id=st.sampled_from(VARIANTS))
def test_self_play_only_pushes_legal_steps(seed: int, variant_id: str) -> None:
    # Game.push raises IllegalStep for an illegal step, so a finished play() is the proof.
    names = seat_names(4)
    game = Game.shuffled(builtin(variant_id), names, seed)
    bots = {
        n: make_bot(b) for n, b in zip(names, ["random", "greedy", "smart", "smart"], strict=True)
    }
    result = play(game, bots, random.Random(seed), step_cap=3000)
    assert result.capped or game.over
    assert result.steps >= result.pickups + sum(result.plays.values())


def test_bot_registry() -> None:
    assert list(BOTS) == ["random", "greedy", "smart"]
    for name, cls in BOTS.items():
        assert cls.name == name
    with pytest.raises(KeyError):
        make_bot("nobody")


def test_smart_beats_greedy_beats_random() -> None:
    from referee.simulate import simulate

    report = simulate(builtin("classic"), 2, 300, 4, ("random", "greedy"))
    assert report.win_rate["greedy"] > 0.9  # type: ignore[operator]
    report = simulate(builtin("classic"), 2, 300, 4, ("random", "smart"))
    assert report.win_rate["smart"] > 0.9  # type: ignore[operator]


def test_careful_players_do_not_go_round_in_circles() -> None:
    """Two smart bots could pass the same plain cards back and forth for ever (3-12% of games
    of an ordinary pack did); in a long game they now and then shed a plain card at random, so
    every game ends, while a card that really keeps games going still shows (test_sim_analysis,
    the Hot Potato)."""
    import random

    from referee.engine import Game
    from referee.simulate.bots import make_bot
    from referee.simulate.runner import play
    from referee.variant.registry import builtin

    for vid in ("shithead", "palace"):
        v = builtin(vid)
        for seed in range(25):
            bots = {n: make_bot("smart") for n in ("A", "B", "C")}
            result = play(Game.shuffled(v, list(bots), seed), bots, random.Random(seed))
            assert not result.capped, (vid, seed)
