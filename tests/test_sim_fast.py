"""The simulator's fast path (issue 12): legal_steps reads per-variant tables (which cards fit,
the plays of plain cards); they are shared by the games of a variant and never leak from one
variant into another.  That legal_steps agrees with explain is pinned in test_properties.py."""

from __future__ import annotations

from referee.engine import Game
from referee.simulate import simulate
from referee.variant.registry import builtin, builtin_ids


def test_games_of_one_variant_share_their_tables() -> None:
    variant = builtin("classic")
    one = Game.shuffled(variant, ["A", "B", "C"], 1)
    two = Game.shuffled(variant, ["A", "B", "C"], 2)
    assert one.pile.fast is two.pile.fast


def test_interleaved_variants_give_the_same_reports() -> None:
    ids = builtin_ids()[:3]
    alone = {
        vid: simulate(builtin(vid), players=3, games=6, seed=5, bots=("random",)).to_dict()
        for vid in ids
    }
    for vid in ids * 2:  # the tables switch variant each run
        report = simulate(builtin(vid), players=3, games=6, seed=5, bots=("random",)).to_dict()
        for key in ("steps", "loser_by_seat", "plays_per_game"):
            assert report[key] == alone[vid][key], (vid, key)


def test_outcome_fields_in_the_order_the_engine_fills_them() -> None:
    from referee.engine.steps import Outcome

    assert Outcome._fields == (
        "step",
        "messages",
        "burned",
        "removed",
        "picked_up",
        "draws",
        "next_player",
        "plays_again",
        "follow_up",
        "restriction",
        "skipped",
        "went_out",
        "came_in",
        "loser",
        "hint",
    )


def test_a_game_without_history_has_figures_but_no_words() -> None:
    variant = builtin("classic")
    quiet = Game.shuffled(variant, ["A", "B", "C"], 4)
    told = Game.shuffled(variant, ["A", "B", "C"], 4, keep_history=True)
    for _ in range(60):
        step = told.choices.legal_steps(told.state)[0]
        assert quiet.choices.legal_steps(quiet.state)[0] == step
        loud, mute = told.push(step), quiet.push(step, trusted=True)
        assert loud.messages and not mute.messages
        # Who went out or came in is said about people, like the words: only when told.
        assert loud._replace(messages=(), hint="", went_out=(), came_in=()) == mute
        if told.over:
            break
