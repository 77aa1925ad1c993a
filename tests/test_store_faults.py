"""Storage faults (issue 8 item 5): a schema version with migrations; a read-only, full or
damaged games folder gives one plain StorageError and never half-stores or overwrites; one bad
row does not hide the other games."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import inspect as sa_inspect

from referee import store as store_module
from referee.store import SCHEMA_VERSION, DamagedGame, StorageError, Store
from referee.store.schema import FIRST_SCHEMA, Migration, run_sql


def _game(store: Store, name: str = "Test") -> str:
    return store.create_game(
        name=name,
        variant_id="classic",
        variant_yaml="id: classic\n",
        players=["Ann", "Ben"],
        builtin=True,
    )


def test_new_database_gets_the_current_schema_version(target: str) -> None:
    store = Store(target)
    assert store.schema_version() == SCHEMA_VERSION >= 1


def test_a_pre_versioning_file_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    with sqlite3.connect(path) as db:  # what the first release wrote: the tables, user_version 0
        db.executescript(FIRST_SCHEMA.format(float="REAL"))
    first = Store(path)
    gid = _game(first)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 0")
    again = Store(path)
    assert again.schema_version() == SCHEMA_VERSION
    assert again.load_game(gid).name == "Test"
    assert again.access_key(gid)  # step 2 gave the old game a link key


def test_a_database_from_a_newer_app_is_refused(target: str) -> None:
    store = Store(target)
    with store._write() as db:
        store._write_version(db, SCHEMA_VERSION + 5)
    with pytest.raises(StorageError) as err:
        Store(target)
    assert err.value.kind == "newer" and "newer Karma Referee" in err.value.message


def test_an_unreachable_database_server_is_said_in_plain_words(pg_server: object) -> None:
    import socket

    with socket.socket() as s:  # a port where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StorageError) as err:
        Store(f"postgresql://karma:hush@127.0.0.1:{port}/karma")
    words = err.value.message
    assert err.value.kind == "unavailable" and "cannot be reached" in words
    assert "hush" not in words and "Traceback" not in words


def test_a_database_url_of_another_kind_is_refused_in_plain_words() -> None:
    with pytest.raises(StorageError) as err:
        Store("mysql://root@db/karma")
    assert "postgresql://" in err.value.message


def test_a_file_from_a_newer_app_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    Store(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    with pytest.raises(StorageError) as err:
        Store(path)
    assert err.value.kind == "newer" and "newer Karma Referee" in err.value.message


@contextmanager
def _connect_as(monkeypatch: pytest.MonkeyPatch, how: str) -> Iterator[None]:
    """Every later connection is read-only ("ro") or capped at its current size ("full")."""
    real = sqlite3.connect

    def connect(path: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        if how == "ro":
            return real(f"file:{path}?mode=ro", *args, uri=True, **kwargs)  # type: ignore[arg-type]
        db = real(path, *args, **kwargs)  # type: ignore[arg-type]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)
    yield


@pytest.mark.parametrize(
    ("how", "kind", "words"),
    [
        ("ro", "readonly", "The games folder cannot be written"),
        ("full", "full", "The games folder cannot be written: the disk"),
    ],
)
def test_readonly_or_full_folder_stores_nothing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, kind: str, words: str
) -> None:
    path = tmp_path / "k.sqlite3"
    store = Store(path)
    gid = _game(store)
    before = store.load_game(gid)
    big = [{"by": "Ann", "play": [4], "note": "x" * 200}] * 200  # more than one page
    with _connect_as(monkeypatch, how):
        with pytest.raises(StorageError) as err:
            store.save_steps(gid, before.version, big, [], over=False, loser=None)
        assert err.value.kind == kind and err.value.message.startswith(words)
        assert "Traceback" not in err.value.message
    after = Store(path).load_game(gid)
    assert after.steps == before.steps and after.version == before.version


def test_damaged_file_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    junk = b"this is not a database\x00" * 300
    path.write_bytes(junk)
    with pytest.raises(StorageError) as err:
        Store(path)
    assert err.value.kind == "damaged" and "left exactly as it is" in err.value.message
    assert path.read_bytes() == junk


def test_unwritable_data_folder_is_a_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    with pytest.raises(StorageError) as err:
        Store(blocker / "k.sqlite3")
    assert "cannot" in err.value.message


def test_one_bad_row_keeps_the_others_reachable(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    store = Store(path)
    good = _game(store, "Good")
    bad = _game(store, "Bad")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET steps = '{not json', players = '[1' WHERE id = ?", (bad,))
    assert store.load_game(good).name == "Good"
    with pytest.raises(DamagedGame) as err:
        store.load_game(bad)
    assert err.value.gid == bad and "damaged" in err.value.message
    games, total = store.find_games()
    assert total == 2
    by_id = {g.id: g for g in games}
    assert by_id[bad].damaged and not by_id[good].damaged


def test_a_file_damaged_inside_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    """A good header with ruined pages behind it (a torn copy, a bad disk sector): reading
    says "damaged" in plain words and the file is never rewritten."""
    path = tmp_path / "k.sqlite3"
    store = Store(path)
    for i in range(40):
        _game(store, f"Game {i} " + "x" * 2000)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = bytearray(path.read_bytes())
    page = 4096
    assert len(raw) > 6 * page
    raw[2 * page : len(raw)] = bytes([0xA5]) * (len(raw) - 2 * page)  # all but two pages
    path.write_bytes(bytes(raw))
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    ruined = path.read_bytes()
    with pytest.raises(StorageError) as err:
        Store(path).find_games()
    assert err.value.kind == "damaged", err.value.message
    assert "left exactly as it is" in err.value.message and "Traceback" not in err.value.message
    assert path.read_bytes() == ruined


def test_a_failed_migration_step_changes_nothing(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each migration step is one transaction: a step that fails leaves the database at the
    version it had, with its games, and says so plainly."""
    path = target
    gid = _game(Store(path))
    broken = Migration(
        "a step that fails half way",
        run_sql("CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1)"),
    )
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, broken))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError) as err:
        Store(path)
    assert "Traceback" not in err.value.message
    monkeypatch.undo()
    again = Store(path)
    assert again.schema_version() == SCHEMA_VERSION
    assert again.load_game(gid).name == "Test"
    with again._read() as db:
        assert "half_done" not in sa_inspect(db).get_table_names()


def test_a_later_migration_step_runs_once_and_keeps_the_games(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """How a future schema change lands: appended to MIGRATIONS, run once per database."""
    path = target
    gid = _game(Store(path))
    step = Migration(
        "table colour", run_sql("ALTER TABLE games ADD COLUMN colour TEXT NOT NULL DEFAULT 'green'")
    )
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, step))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    moved = Store(path)
    Store(path)  # a second start does not run it again (it would fail: the column exists)
    assert moved.schema_version() == SCHEMA_VERSION + 1
    assert moved.load_game(gid).name == "Test"
    with moved._read() as db:
        assert db.exec_driver_sql("SELECT colour FROM games").all() == [("green",)]


@pytest.mark.parametrize(
    "sqlite_words", ["unable to open database file", "disk I/O error", "locking protocol"]
)
def test_a_file_that_cannot_be_opened_is_said_in_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_words: str
) -> None:
    """A folder that refuses the file (a read-only mount at first start, a failing disk):
    one plain sentence, not SQLite's words."""

    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError(sqlite_words)

    monkeypatch.setattr(store_module.sqlite3, "connect", refuse)
    with pytest.raises(StorageError) as err:
        Store(tmp_path / "k.sqlite3")
    assert err.value.message.startswith("The games folder cannot be written: ")
    assert sqlite_words not in err.value.message and "Nothing was saved" in err.value.message
