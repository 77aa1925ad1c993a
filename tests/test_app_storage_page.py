"""A games folder that cannot be used gives one clear page, not a traceback (issue 8 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from referee.app import state
from referee.store import open_store

MAIN = str(Path(state.__file__).resolve().parent / "main.py")


def test_damaged_games_file_gives_one_clear_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KARMA_DATA_DIR", str(tmp_path))
    db = tmp_path / "karma.sqlite3"
    junk = b"not a database at all\x00" * 200
    db.write_bytes(junk)
    open_store.cache_clear()
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any("damaged" in e and "left exactly as it is" in e for e in errors), errors
    assert db.read_bytes() == junk
    open_store.cache_clear()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("public", [False, True])
def test_without_a_database_the_pages_that_need_none_still_work(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, public: bool
) -> None:
    """Issue 28 point 1: with the games database out of reach, Rules, Design and Simulate work
    with the built-in variants; Referee and Games say so in plain words and try again by
    themselves; the database's address is told at home, never to a stranger."""
    port = _free_port()
    monkeypatch.setenv("KARMA_DATABASE_URL", f"postgresql://karma:Hush5@127.0.0.1:{port}/karma")
    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "2")
    if public:
        monkeypatch.setenv("KARMA_ACCESS", "public")
    open_store.cache_clear()
    at = AppTest.from_file(MAIN, default_timeout=60).run()
    for page, title in [
        ("screens/rules.py", "Rules"),
        ("screens/design.py", "Design your Karma"),
        ("screens/simulate.py", "Simulate"),
        ("screens/games.py", None),
        ("screens/table.py", None),
    ]:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        errors = " ".join(e.value for e in at.error)
        shown = " ".join(str(e.value) for e in [*at.error, *at.caption, *at.markdown])
        assert "Hush5" not in shown, page
        if public and page == "screens/table.py":
            continue  # a stranger holds no game: New game needs the database only at Start
        if title is not None:
            assert [t.value for t in at.title] == [title], page
            assert "cannot be reached" not in errors, (page, errors)
        else:
            assert "games database cannot be reached" in errors, (page, errors)
            assert "tries again by itself" in shown, page
            assert (str(port) in shown) is not public, page  # where: for home, not strangers
    open_store.cache_clear()
