"""Bounded work (issue 8 item 7): games x players x step cap has a documented limit, with a
clear message on the command line and the Simulate page; a run stops as soon as whoever asked
for it is gone (the page's progress call raises once its tab is closed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from referee.commands.cli import main
from referee.simulate import runner
from referee.simulate.runner import MAX_WORK, simulate
from referee.variant.registry import builtin

PAGE = Path(__file__).resolve().parents[1] / "referee" / "app" / "screens" / "simulate.py"


def test_the_command_line_refuses_too_much_work(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "classic", "--games", "100000", "--players", "4"])
    err = capsys.readouterr().err
    assert code == 2
    assert "too much for one run" in err and f"{MAX_WORK:,}" in err
    assert "Traceback" not in err


def test_just_under_the_limit_is_accepted() -> None:
    games = MAX_WORK // (4 * 2000)
    runner._check(builtin("classic"), 4, games, ("random",), 1, 2000)
    with pytest.raises(ValueError, match="too much for one run"):
        runner._check(builtin("classic"), 4, games + 1, ("random",), 1, 2000)


def test_the_page_says_so_plainly(data_dir: Path) -> None:
    at = AppTest.from_file(str(PAGE), default_timeout=30).run()
    at.selectbox(key="simulate_variant_key").set_value("builtin:classic")
    at.number_input(key="simulate_games").set_value(20_000)
    at.number_input(key="simulate_step_cap").set_value(100_000)
    at.run()
    assert not at.exception
    assert any("too much for one run" in e.value for e in at.error)
    assert at.button(key="simulate_run").disabled


class _Gone(Exception):
    """What Streamlit raises in a script whose browser tab has closed (StopException)."""


def test_a_run_stops_when_its_progress_call_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = runner.play_games

    def counting(*args: object) -> object:
        played.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_games", counting)
    calls = 0

    def progress(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise _Gone

    with pytest.raises(_Gone):
        simulate(builtin("classic"), players=4, games=2000, seed=1, progress=progress)
    assert len(played) == 2  # two chunks of 40 games, not fifty
