"""Simulator figures checked by hand: tiny decks, fixed deals, determinism, the step cap."""

from __future__ import annotations

import random

import pytest
from support import endless

from referee.engine import Game
from referee.simulate import (
    BOTS,
    Bin,
    GameResult,
    GreedyBot,
    Report,
    SmartBot,
    StepStats,
    Tally,
    game_seed,
    play,
    seating,
    simulate,
)
from referee.table.state import Seat, State, ZoneCards
from referee.variant.model import Deal, PlayerRange, Variant
from referee.variant.registry import builtin


def ones() -> Variant:
    """Six 1s, two players, one card in each zone: every deal is the same game."""
    return Variant(
        id="ones",
        name="All ones",
        ranks_low=1,
        ranks_high=1,
        copies=6,
        players=(PlayerRange(1, 2, 2),),
        deal=Deal(face_down=1, face_up=1, hand=1),
        min_hand=1,
        burn=3,
    )


# --- one game, by hand ---------------------------------------------------------------------


def test_all_ones_game_by_hand() -> None:
    # P1 plays its hand 1; P2 its hand 1; P1 (hand empty, no draw pile) its face-up 1: three
    # 1s burn (R7.1) and P1 plays again: its face-down 1 on the empty pile.  P1 is out, P2
    # loses: 4 steps, 1 burn, no pick-up - for every deal and for greedy and smart alike.
    g = 10
    report = simulate(ones(), players=2, games=g, seed=5, bots=("greedy", "smart"))
    t = report.steps
    assert (t.min, t.median, t.mean, t.p90, t.max) == (4, 4.0, 4.0, 4, 4)
    assert t.histogram == (Bin(4, 4, g),)
    assert report.total_steps == 4 * g
    assert report.pickups_per_game == 0.0 and report.max_pickups == 0
    assert report.burns_per_game == 1.0 and report.max_burns == 1
    assert report.plays_per_game == {"1": 4.0}
    assert report.cards_per_game == {"1": 4.0}
    assert report.powers_per_game == {}
    assert report.loser_by_seat == (0, g)
    assert report.loser_share_by_seat == (0.0, 1.0)
    # Seat 2 is greedy in the odd games, smart in the even ones (the line-up rotates).
    assert report.bot_seats == {"greedy": g, "smart": g}
    assert report.bot_losses == {"greedy": g // 2, "smart": g // 2}
    assert report.win_rate == {"greedy": 0.5, "smart": 0.5}
    assert report.capped == 0 and not report.may_not_end


def fixed_deal(variant: Variant, hands: dict[str, list[int]]) -> Game:
    """A full-information game from hand cards chosen by hand (no table cards, no draw pile)."""
    seats = [
        Seat(ZoneCards(_counts(cards)), ZoneCards(), ZoneCards(order=[]))
        for cards in hands.values()
    ]
    seen = {c: variant.copies_per_deck(c) for c in variant.all_cards()}
    state = State(names=list(hands), seats=seats, seen=seen, draw_cards=[])
    return Game(variant, state, decks=1, full_information=True, keep_history=False)


def _counts(cards: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


@pytest.mark.parametrize("bot", [GreedyBot, SmartBot])
def test_fixed_deal_by_hand(bot: type[GreedyBot] | type[SmartBot]) -> None:
    # P1 {2, 5}, P2 {1, 1, 1, 7}, ranks 1-9.
    # 1. P1 plays 2 (its lowest).          pile 2
    # 2. P2: only 7 fits; plays it.        pile 2 7
    # 3. P1: 5 < 7, must pick up 2 cards.  P1 {2, 5, 7}
    # 4. P2 on the empty pile: three 1s at once burn (R7.3); P2 holds nothing: out (R10.1).
    # P1 loses after 4 steps, 1 pick-up of 2 cards, 1 burn.
    variant = Variant(
        id="nine", name="Nine", ranks_high=9, copies=4, players=(PlayerRange(1, 2, 2),)
    )
    game = fixed_deal(variant, {"P1": [2, 5], "P2": [1, 1, 1, 7]})
    b = bot()
    result = play(game, {"P1": b, "P2": b}, random.Random(0))
    assert result == GameResult(
        steps=4,
        pickups=1,
        picked_cards=2,
        burns=1,
        plays={2: 1, 7: 1, 1: 1},
        cards={2: 1, 7: 1, 1: 3},
        loser="P1",
        capped=False,
    )


def test_tally_and_report_figures_by_hand() -> None:
    # Four games of 1, 2, 3 and 10 steps: median (2 + 3) / 2, mean 16 / 4, p90 the 4th of 4
    # (nearest rank: ceil(0.9 * 4) = 4), width-1 bins from 1 to 10.
    stats = StepStats.of({1: 1, 2: 1, 3: 1, 10: 1})
    assert (stats.min, stats.median, stats.mean, stats.p90, stats.max) == (1, 2.5, 4.0, 10, 10)
    assert [b.games for b in stats.histogram] == [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    assert stats.histogram[0] == Bin(1, 1, 1)
    # 40 lengths 0..399 make width 20 bins (400 / 20), starting at 0.
    wide = StepStats.of({n: 1 for n in range(400)})
    assert len(wide.histogram) == 20 and wide.histogram[-1] == Bin(380, 399, 20)
    assert wide.p90 == 359 and wide.median == 199.5

    names, lineup = ["P1", "P2", "P3"], ["smart", "greedy", "smart"]
    tally = Tally.empty(3, ("smart", "greedy"))
    tally.add(GameResult(steps=10, pickups=2, picked_cards=5, burns=1, loser="P2"), names, lineup)
    tally.add(GameResult(steps=20, pickups=0, burns=3, loser="P3"), names, lineup)
    tally.add(GameResult(steps=30, pickups=4, picked_cards=9, capped=True), names, lineup)
    report = Report.build(
        ones(), players=3, seed=0, bots=("smart", "greedy"), step_cap=30, tally=tally
    )
    assert report.games == 3 and report.total_steps == 60
    assert report.pickups_per_game == 2.0 and report.picked_cards_per_game == 14 / 3
    assert report.burns_per_game == 4 / 3 and report.max_burns == 3 and report.max_pickups == 4
    assert report.loser_by_seat == (0, 1, 1)
    assert report.capped == 1 and report.cap_share == 1 / 3 and report.may_not_end
    # Capped games have no loser and do not count for win rates: smart sat 4 times, lost once.
    assert report.bot_seats == {"smart": 4, "greedy": 2}
    assert report.win_rate == {"smart": 0.75, "greedy": 0.5}


# --- many games ----------------------------------------------------------------------------


def test_endless_variant_reaches_the_cap_and_is_flagged() -> None:
    for bots in (("random",), ("greedy",), ("smart",), tuple(BOTS)):
        report = simulate(endless(), players=2, games=6, seed=3, bots=bots, step_cap=60)
        assert report.capped == 6 and report.cap_share == 1.0
        assert report.may_not_end
        assert (report.steps.min, report.steps.max) == (60, 60)
        assert report.loser_by_seat == (0, 0)
        assert set(report.win_rate.values()) == {None}
        # Half the steps are plays of one card, half are forced pick-ups.
        assert report.pickups_per_game == 30.0 and report.burns_per_game == 0.0
        assert sum(report.plays_per_game.values()) == 30.0
        assert report.powers_per_game == report.plays_per_game
        assert report.effects_per_game == {"next_range": 30.0, "play_again": 30.0}
        d = report.to_dict()
        assert d["step_cap_reached"] == {
            "games": 6,
            "share": 1.0,
            "threshold": 0.01,
            "may_not_end": True,
        }
        assert d["turn_cap_reached"] == d["step_cap_reached"]  # the old key, kept for scripts
        assert "this variant may not end" in report.to_text()


@pytest.mark.parametrize("variant_id", ["classic", "second-edition"])
def test_same_report_whatever_the_jobs(variant_id: str) -> None:
    variant = builtin(variant_id)
    args = dict(players=4, games=24, seed=11, bots=("random", "greedy", "smart"), step_cap=400)
    one = simulate(variant, jobs=1, **args)  # type: ignore[arg-type]
    two = simulate(variant, jobs=2, **args)  # type: ignore[arg-type]
    assert one.to_dict(timing=False) == two.to_dict(timing=False)
    assert one.to_dict()["timing"]["jobs"] == 1 and two.jobs == 2
    other = simulate(variant, jobs=1, **{**args, "seed": 12})  # type: ignore[arg-type]
    assert other.to_dict(timing=False) != one.to_dict(timing=False)


def test_seeds_and_seating() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(s, i) for s in range(5) for i in range(200)}) == 1000
    assert seating(("a", "b", "c"), 4, 0) == ["a", "b", "c", "a"]
    assert seating(("a", "b", "c"), 4, 1) == ["b", "c", "a", "b"]
    # Over len(bots) consecutive games each bot sits in each seat once.
    for seat in range(4):
        assert sorted(seating(("a", "b", "c"), 4, i)[seat] for i in range(3)) == ["a", "b", "c"]


def test_report_outputs() -> None:
    report = simulate(builtin("classic"), players=3, games=8, seed=2, bots=("smart",))
    d = report.to_dict()
    for key in ("steps", "pickups", "burns", "plays_per_game", "loser_by_seat", "timing"):
        assert key in d
    assert list(d["plays_per_game"])[:2] == ["1", "2"]
    assert "give_the_pile_to_a_friend" in d["powers_per_game"]
    assert sum(b["games"] for b in d["steps"]["histogram"]) == 8
    # The old keys are still emitted beside the new ones, with the same values.
    assert d["step_cap"] == d["turn_cap"] == 2000
    assert d["turns"] == d["steps"] and d["turn_cap_reached"] == d["step_cap_reached"]
    assert d["timing"]["turns_per_second"] == d["timing"]["steps_per_second"]
    assert sum(d["loser_by_seat"]["games"]) + d["loser_by_seat"]["no_loser"] == 8
    csv_text = report.to_csv()
    lines = csv_text.splitlines()
    assert lines[0] == "section,key,value"
    assert "run,games,8" in lines and "step_cap_reached,may_not_end,false" in lines
    assert "run,step_cap,2000" in lines and "run,turn_cap,2000" in lines
    rows = [line.split(",") for line in lines[1:]]
    steps = [(k, v) for s, k, v in rows if s == "steps"]
    assert steps and steps == [(k, v) for s, k, v in rows if s == "turns"]
    histogram = [(k, v) for s, k, v in rows if s == "steps_histogram"]
    assert histogram and histogram == [(k, v) for s, k, v in rows if s == "turns_histogram"]
    assert "turn_cap_reached,may_not_end,false" in lines
    text = report.to_text()
    assert "Game length (steps)" in text and "Loser by seat" in text
    assert "may not end" not in text
    assert len(report.histogram_rows()) == len(report.steps.histogram)
    assert [r["seat"] for r in report.seat_rows()] == ["seat 1", "seat 2", "seat 3"]


def test_progress_callback_and_bad_arguments() -> None:
    calls: list[tuple[int, int]] = []
    simulate(ones(), 2, 120, 0, ("greedy",), progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 120) and calls[-1] == (120, 120)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    with pytest.raises(ValueError, match="for 2 to 2 players"):
        simulate(ones(), 3, 1, 0)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(ones(), 2, 1, 0, ("clever",))
    with pytest.raises(ValueError, match="games"):
        simulate(ones(), 2, 0, 0)
    with pytest.raises(ValueError, match="jobs"):
        simulate(ones(), 2, 1, 0, jobs=0)
