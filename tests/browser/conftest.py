"""Real-browser fixtures: Debian chromium through Playwright, and a `karma app` server per test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appserver import Server, free_port  # noqa: F401  (the browser tests import them here)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

# A condition's longest wait in every browser test (Playwright's own default is 5 s): generous,
# so that a busy machine slows the suite down instead of failing it.  No test is timed.
CONDITION_TIMEOUT_MS = 45_000
expect.set_options(timeout=CONDITION_TIMEOUT_MS)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.hookimpl(tryfirst=True)  # before ``-m "not browser"`` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test, whether or not its module says so (a
    module without the mark once started Chromium under ``make test-fast``)."""
    here = Path(__file__).resolve().parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.browser)
    if not Path(CHROMIUM).exists():
        skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (make chromium)")
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser window a test opened is closed when it ends.  Left open, a page whose
    server has stopped keeps reconnecting and its follower keeps polling: after a hundred
    tests that was 127 idle pages busy in the background, slowing every later test."""
    yield
    if "browser" not in request.fixturenames:
        return
    browser = request.getfixturevalue("browser")
    for ctx in list(browser.contexts):
        with contextlib.suppress(PlaywrightError):  # closed by its own fixture already
            ctx.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": {"width": 768, "height": 1024},
        "has_touch": True,
        "accept_downloads": True,
    }


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One app server for the tests of this worker that do not need their own, as one server
    serves a whole games night: each test starts its own game (its own id), so the games of
    earlier tests are only more games in the store.  Starting a server per test cost about
    1.6 CPU-seconds and 2 to 6 s of waiting each (issue 40)."""
    tmp = tmp_path_factory.mktemp("shared-server")
    data = tmp / "data"
    data.mkdir()
    srv = Server(data, tmp / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """The app server a test drives: this worker's shared one, or a server of the test's own
    for a test marked ``own_server`` (it restarts or kills the server, watches its processes,
    or needs an empty store)."""
    if request.node.get_closest_marker("own_server") is None:
        srv = request.getfixturevalue("shared_server")
        if srv.proc is None or srv.proc.poll() is not None:  # a test before it killed it
            srv.start()
        yield srv
        return
    data = tmp_path / "data"
    data.mkdir()
    srv = Server(data, tmp_path / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """A factory for servers with their own options (listening address, environment)."""
    made: list[Server] = []

    def make(host: str = "127.0.0.1", env: dict[str, str] | None = None) -> Server:
        data = tmp_path / f"data{len(made)}"
        data.mkdir()
        srv = Server(data, tmp_path / f"server{len(made)}.log", host, env)
        made.append(srv)
        srv.start()
        return srv

    yield make
    for srv in made:
        srv.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
