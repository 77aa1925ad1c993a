"""Issue 28 points 2 and 3: hostile links reach no traceback and no secret.  Every page is
driven with hostile query strings (NUL bytes, lone surrogates, a 2,300-character game id that
no QR code can hold, markup, paths), at home on SQLite and in public mode on a real PostgreSQL
server; no page shows a traceback, the unforeseen-fault line, the database's address or its
words.  (Odd ``Host`` headers need a real browser: tests/browser/test_browser_faults.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pgserver import PgServer
from streamlit.testing.v1 import AppTest

from referee.app import state
from referee.app.faults import UNFORESEEN
from referee.store import open_store

MAIN = str(Path(state.__file__).resolve().parent / "main.py")
PAGES = [f"screens/{name}.py" for name, *_ in state.SCREEN_LIST]
HOSTILE = [
    "a\x00b.x",
    "a%00b.x",
    "x" * 2300,
    "x" * 2300 + ".k",
    "\ufffd\ud7ff.\U0010ffff",  # a browser sends a lone surrogate as U+FFFD (AppTest cannot)
    "<b>bold</b>.<i>k</i>",
    "../../etc/passwd",
    ".",
    "..",
    " . ",
    "%s%n%x.{0}",
    "ab.c.d.e",
]


def _everything_shown(at: AppTest) -> str:
    parts = [*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success, *at.code]
    return " ".join(str(e.value) for e in parts)


def _drive(query: dict[str, str], secrets: tuple[str, ...]) -> None:
    """Open the app with ``query``, then every page in the same session."""
    at = AppTest.from_file(MAIN, default_timeout=30)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, query, at.exception)
        shown = _everything_shown(at)
        assert UNFORESEEN not in shown, (page, query)
        assert "Traceback" not in shown and "site-packages" not in shown, (page, query)
        for secret in secrets:
            assert secret not in shown, (page, query, secret)


@pytest.fixture
def public_on_postgresql(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, pg_server: PgServer
) -> tuple[str, ...]:
    url = pg_server.new_database()
    monkeypatch.setenv("KARMA_DATABASE_URL", url)
    monkeypatch.setenv("KARMA_PUBLIC_URL", "https://karma.example.org")
    open_store.cache_clear()
    yield (str(pg_server.port), url.rsplit("/", 1)[1], "NUL (0x00)")
    open_store.cache_clear()


@pytest.fixture
def home_on_sqlite(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, ...]:
    monkeypatch.setenv("KARMA_HOST", "0.0.0.0")
    monkeypatch.setenv("KARMA_PORT", "8501")
    open_store.cache_clear()
    yield ()
    open_store.cache_clear()


@pytest.mark.parametrize("game", HOSTILE)
def test_hostile_links_in_public_mode_on_postgresql(
    public_on_postgresql: tuple[str, ...], game: str
) -> None:
    _drive({"game": game}, public_on_postgresql)


@pytest.mark.parametrize("game", HOSTILE[:6])
def test_hostile_links_at_home(home_on_sqlite: tuple[str, ...], game: str) -> None:
    _drive({"game": game}, home_on_sqlite)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    query=st.dictionaries(
        st.sampled_from(["game", "page", "x", "game.key", ""]),
        st.text(st.characters(exclude_categories=["Cs"]), max_size=3000),
        min_size=1,
        max_size=3,
    )
)
def test_random_query_strings_reach_no_traceback(
    public_on_postgresql: tuple[str, ...], query: dict[str, str]
) -> None:
    _drive(query, public_on_postgresql)
