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
