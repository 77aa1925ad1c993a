"""Shared fixtures (small and generic)."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pgserver
import pytest
from hypothesis import settings
from pgserver import PgServer

if TYPE_CHECKING:
    from referee.app.live import Live

ROOT = Path(__file__).resolve().parents[1]

# Property tests draw the same examples on every run of the suite (``derandomize``), so a green
# ``make test`` stays green on a clean clone and a red one is red again for whoever looks.  To
# hunt for new failures, draw fresh examples (run it again and again):
# ``KARMA_HYPOTHESIS=explore .venv/bin/python -m pytest tests/test_properties*.py``;
# whatever that finds becomes a named regression test.
settings.register_profile("suite", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("KARMA_HYPOTHESIS", "suite"))


@pytest.fixture(autouse=True)
def live_server() -> Iterator[Live]:
    """Each test has an app server's caches of its own, fresh (``referee.app.live``: the live
    games, the versions tablets drew, the version watchers and the waiting requests); the
    watchers it started stop with the test."""
    from referee.app import live

    fresh = live.Live()
    before = live.replace(fresh)
    yield fresh
    live.replace(before)
    fresh.stop()


@pytest.fixture
def mounted_routes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's routes count as mounted at the app's root, as ``karma app`` mounts them:
    the Referee page hands the table its step route and token (tests/tablepage.py takes steps
    through the route's own function)."""
    from referee.app import tableapi

    monkeypatch.setattr(tableapi, "_prefix", "")


@pytest.fixture(autouse=True)
def fresh_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no organiser guesses and no quota used: the counters are per app
    server (process-wide), and the tests' visitors all come from the same address."""
    from referee.store import limits

    monkeypatch.setattr(limits, "sign_in_guard", limits.SignInGuard())
    monkeypatch.setattr(limits, "games_made", limits.Meter())
    monkeypatch.setattr(limits, "variants_added", limits.Meter())


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
_FIGURE = "karma-figure"


@pytest.fixture
def report_figures(request: pytest.FixtureRequest) -> Callable[[list[str]], None]:
    """Lines a test measures (e.g. readability figures), printed at the end of the run.  They
    travel as the test's user properties, so that a run on several workers (pytest-xdist)
    prints them too: the report reaches the main process, the test's own memory does not."""

    def add(lines: list[str]) -> None:
        request.node.user_properties.extend((_FIGURE, line) for line in lines)

    return add


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":  # the last report of a test carries all its properties
        lines = [str(v) for k, v in report.user_properties if k == _FIGURE]
        if lines:
            _config_stash().setdefault(_FIGURES, []).extend(lines)


_CONFIG: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG[:] = [config]
    if os.environ.get("KARMA_TEST_CPU"):  # the CPU-seconds each test costs (tests/cputime.py)
        import cputime

        config.pluginmanager.register(cputime, "cputime")


def _config_stash() -> pytest.Stash:
    return _CONFIG[0].stash


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = terminalreporter.config.stash.get(_FIGURES, [])
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One throwaway PostgreSQL server for the whole run (started on first use)."""
    if not pgserver.available():
        pytest.fail(
            f"PostgreSQL is not installed ({pgserver.PG_BIN}): `make test` installs it "
            "(apt-get install postgresql)"
        )
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's Store keeps its games: a fresh SQLite file, or a fresh database on the
    test PostgreSQL server.  Every storage test that takes it runs on both backends."""
    if request.param == "sqlite":
        return str(tmp_path / "k.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return server.new_database()
