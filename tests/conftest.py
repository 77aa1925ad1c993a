"""Shared fixtures (small and generic)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh KARMA_DATA_DIR for the app's SQLite file."""
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("KARMA_DATA_DIR", str(d))
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").setLevel(
        logging.ERROR
    )
    return d


_FIGURES = pytest.StashKey[list[str]]()


@pytest.fixture
def report_figures(request: pytest.FixtureRequest) -> Callable[[list[str]], None]:
    """Lines a test measures (e.g. readability figures), printed at the end of the run."""
    return request.config.stash.setdefault(_FIGURES, []).extend


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = terminalreporter.config.stash.get(_FIGURES, [])
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)
