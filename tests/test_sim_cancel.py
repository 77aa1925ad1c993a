"""Issue 44.2: a stopped run ends its workers at once and keeps its answers, the stall's cause
included; the Design page's check draws its answers, and no Cancel button outlives a run.
Counted, not timed: a busy machine cannot fail these."""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import replace
from pathlib import Path

import pytest
from support import plain
from test_app_design import design
from test_sim_analysis import hot_potato

from referee.app import trial
from referee.simulate.analysis import Question, analyse_live
from referee.simulate.answers import headlines
from referee.variant.registry import resolve


def test_a_stopped_run_ends_its_workers_and_keeps_the_stalls_cause() -> None:
    q = Question(hot_potato(), players=4, max_games=2000, target=0, cards=False, skill=False)
    # Workers an earlier test of this process left (a pool kept for the next check) are not
    # this run's.
    before = set(multiprocessing.active_children())
    run = analyse_live(q, jobs=2)
    answer = next(run)
    while not answer.report.capped:  # until a game has stalled
        answer = next(run)
    assert set(multiprocessing.active_children()) - before
    run.close()  # what a Cancel or a closed tab does to the page's loop
    # Ended, not waited for: a busy machine may take a moment to reap them (a ceiling on the
    # wait, not a measure of it).
    deadline = time.monotonic() + 60
    while set(multiprocessing.active_children()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(multiprocessing.active_children()) - before == set()
    assert not answer.done and answer.games < 2000
    why = dict(headlines(answer))["Why not?"]  # the cause so far: the card passed round most
    assert why.startswith("In the games that did not end, Hot Potato was played")


def test_the_design_check_draws_its_answers_and_leaves_no_cancel_button(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = trial.quick
    monkeypatch.setattr(
        trial, "quick", lambda v, p=None: replace(quick(v, p), max_games=6, min_games=6)
    )
    at = design()
    at.button(key="design_simulate").click().run()
    assert not at.exception, at.exception
    assert not [b for b in at.button if b.key == "design_simulate_cancel"]
    said = " ".join(plain(m.value) for m in at.markdown)
    assert "Does it end?" in said and "Is it fair?" in said
    assert at.session_state["design_answer"].done


def test_a_run_that_has_stopped_halts_its_work_in_hand() -> None:
    """The chunks of a run whose answer is given (or whose listener left) are not played on
    for nothing: a worker asked for one after ``halt`` returns at once with nothing, while
    the next run's chunk on the same workers is played (issue 44: 30 of Hot Potato's 60
    deals were played only to be thrown away, and the stall replays queued behind them)."""
    from referee.simulate.analysis import Workers, _worker_chunk

    q = Question(resolve("mini-round"), players=3, max_games=4, cards=False, skill=False)
    with Workers(2) as workers:
        assert workers.executor is not None
        run, blob = workers.start(q)
        played = workers.executor.submit(_worker_chunk, (run, blob, 0, 2)).result()
        assert played is not None and played.main.games == 2
        workers.halt(run)
        assert workers.executor.submit(_worker_chunk, (run, blob, 2, 4)).result() is None
        nxt, blob2 = workers.start(q)
        again = workers.executor.submit(_worker_chunk, (nxt, blob2, 2, 4)).result()
        assert again is not None and again.main.games == 2


def test_one_check_and_its_search_for_a_fix_use_the_same_workers() -> None:
    """The check and every change the search then tries run on one set of processes (a
    spawned worker costs about a second in the app): none started, none ended between."""
    from referee.simulate.analysis import Workers, analyse
    from referee.simulate.suggest import suggest

    q = Question(hot_potato(), players=4, max_games=30, cards=False, skill=False)
    with Workers(2) as workers:
        answer = analyse(q, workers=workers)
        assert workers.executor is not None
        before = {p.pid for p in multiprocessing.active_children()}
        assert len(before) == 2
        (found,) = suggest(answer, workers=workers)
        assert found.change is not None and found.tried >= 1
        assert {p.pid for p in multiprocessing.active_children()} == before
    assert multiprocessing.active_children() == []
