"""The Simulate page's run, chunk by chunk (issue 8 item 7, issue 12): partial reports grow to
the whole run's, a consumer that stops iterating stops the run, and the estimate is measured."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from referee.simulate import runner
from referee.simulate.runner import (
    estimate_seconds,
    friendly_duration,
    simulate,
    simulate_live,
)
from referee.variant.registry import builtin

PAGE = Path(__file__).resolve().parents[1] / "referee" / "app" / "screens" / "simulate.py"


def test_partial_reports_grow_to_the_whole_run() -> None:
    args = dict(players=4, games=120, seed=3, bots=("random", "greedy"), step_cap=400)
    parts = list(simulate_live(builtin("classic"), **args))  # type: ignore[arg-type]
    counts = [p.games for p in parts]
    assert len(parts) > 1 and counts == sorted(counts) and counts[-1] == 120
    whole = simulate(builtin("classic"), **args)  # type: ignore[arg-type]
    assert parts[-1].to_dict()["steps"] == whole.to_dict()["steps"]
    assert parts[-1].loser_by_seat == whole.loser_by_seat


def test_a_consumer_that_stops_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = runner.play_games

    def counting(*args: object) -> object:
        played.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_games", counting)
    run = simulate_live(builtin("classic"), players=4, games=2000, seed=1)
    next(run)
    next(run)
    run.close()  # what a closed tab does to the page's loop (StopException)
    assert len(played) == 2


def test_a_stopped_run_on_worker_processes_ends_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing the run cancels the chunks still queued: only those already handed to a worker
    are played (counted, not timed, so that a busy machine cannot fail it)."""
    from concurrent.futures import Future, ProcessPoolExecutor

    submitted: list[Future[object]] = []

    class Recording(ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Future[Any]:
            future = super().submit(*args, **kwargs)
            submitted.append(future)
            return future

    monkeypatch.setattr(runner, "ProcessPoolExecutor", Recording)
    run = simulate_live(builtin("classic"), players=4, games=4000, seed=1, jobs=2)
    first = next(run)
    run.close()  # the queued chunks are cancelled, not played
    assert first.games < 4000
    played = [f for f in submitted if not f.cancelled()]
    assert all(f.done() for f in submitted)  # nothing is left running after close
    # Played: the chunks done by then, and at most one per worker plus one queued in the pipe.
    assert len(submitted) > 20 and len(played) <= len(submitted) // 4, (len(played), len(submitted))


def test_chunks_are_bounded_by_steps() -> None:
    chunks = list(runner._chunks(1000, 1, step_cap=100_000))
    assert all(b - a == 1 for a, b in chunks)  # one game at a time when each may be long
    chunks = list(runner._chunks(1000, 1, step_cap=2000))
    assert max(b - a for a, b in chunks) * 2000 <= runner.CHUNK_STEPS


def test_estimate_is_measured() -> None:
    one = estimate_seconds(builtin("classic"), players=4, games=1, budget=0.05)
    hundred = estimate_seconds(builtin("classic"), players=4, games=100, budget=0.05)
    assert 0 < one < 5 and hundred > 10 * one
    assert friendly_duration(0.2) == "under a second"
    assert friendly_duration(3.4) == "about 3 seconds"
    assert friendly_duration(21) == "about 20 seconds"
    assert friendly_duration(600) == "about 10 minutes"


def test_the_page_shows_an_estimate_before_the_run(data_dir: Path) -> None:
    at = AppTest.from_file(str(PAGE), default_timeout=30).run()
    at.selectbox(key="simulate_variant_key").set_value("builtin:classic")
    at.run()
    assert not at.exception
    assert any(c.value.startswith("It stops as soon as the answers are sure") for c in at.caption)
    at.number_input(key="simulate_games").set_value(20)
    at.number_input(key="simulate_jobs").set_value(1)
    at.button(key="simulate_run").click().run()
    assert not at.exception
    assert at.session_state["simulate_analysis"].games == 20
