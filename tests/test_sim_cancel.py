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
