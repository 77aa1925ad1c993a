"""Storage faults (issue 8 item 5): a schema version with migrations; a read-only, full or
damaged games folder gives one plain StorageError and never half-stores or overwrites; one bad
row does not hide the other games."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pgserver import PASSWORD, PASSWORD_ROLE, PgServer
from sqlalchemy import inspect as sa_inspect

from referee.store import SCHEMA_VERSION, DamagedGame, NotFound, StorageError, Store
from referee.store import connections as store_module
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
        store.close()  # the kept connection goes: the next one is opened read-only / full
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


# --- issue 28 point 2: secrets never shown, one sentence per failure kind --------------------


def test_a_password_with_an_unencoded_at_is_refused_without_showing_it() -> None:
    """``karma:Pw@Secret9@host``: SQLAlchemy reads the host as ``Secret9@host``, so the page
    and the banner used to show half of the password."""
    from referee.commands.app import banner

    url = "postgresql://karma:Pw@Secret9@db.club.org/karma"
    with pytest.raises(StorageError) as err:
        Store(url)
    assert err.value.kind == "address" and "KARMA_DATABASE_URL" in err.value.message
    assert "%40" in err.value.message
    assert "Secret9" not in err.value.message and "Pw" not in err.value.message
    with pytest.raises(StorageError) as err:
        banner("127.0.0.1", 8502, Path("/data"), {"KARMA_DATABASE_URL": url})
    assert "Secret9" not in err.value.message


def test_a_password_in_the_query_string_is_hidden_in_the_banner() -> None:
    from referee.commands.app import banner

    env = {
        "KARMA_DATABASE_URL": "postgresql://karma@db.club.org/karma?password=Hush9&sslmode=require"
    }
    text = banner("127.0.0.1", 8502, Path("/data"), env)
    assert "Hush9" not in text and "db.club.org" in text and "sslmode=require" in text


def test_a_malformed_address_stops_karma_app_in_plain_words(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "KARMA_DATA_DIR": str(tmp_path),
        "KARMA_DATABASE_URL": "postgresql://karma:Quiet7@db.club.org:notaport/karma",
    }
    done = subprocess.run(
        [sys.executable, "-m", "referee", "app", "--host", "127.0.0.1", "--port", "9"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "KARMA_DATABASE_URL" in said and "Traceback" not in said
    assert "Quiet7" not in said and "notaport" not in said


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_each_database_failure_has_its_own_sentence(pg_server: PgServer) -> None:
    """A wrong password, a missing database and a server that is not running used to get the
    same "cannot be reached … check that it is running"; the driver's words reach no page."""
    port = pg_server.port
    cases = {
        "auth": f"postgresql://{PASSWORD_ROLE}:not-{PASSWORD}@127.0.0.1:{port}/postgres",
        "nodatabase": pg_server.url("no_such_database"),
        "unavailable": f"postgresql://karma:hush@127.0.0.1:{_free_port()}/karma",
    }
    said = {}
    for kind, url in cases.items():
        with pytest.raises(StorageError) as err:
            Store(url)
        assert err.value.kind == kind, (kind, err.value.message)
        said[kind] = err.value.message
        for secret in ("hush", PASSWORD, "FATAL", "127.0.0.1", str(port), "no_such_database"):
            assert secret not in err.value.message, (kind, secret)
        assert "Nothing was saved" in err.value.message
    assert len(set(said.values())) == len(cases)
    assert "password" in said["auth"] and "no database" in said["nodatabase"]


def test_the_right_password_opens_the_games_database(pg_server: PgServer) -> None:
    """The password role of the refused-password test is real: the right password gets in."""
    import psycopg

    url = f"postgresql://{PASSWORD_ROLE}:{PASSWORD}@127.0.0.1:{pg_server.port}/postgres"
    with psycopg.connect(url) as db:
        assert db.execute("SELECT current_user").fetchone() == (PASSWORD_ROLE,)


def test_a_database_error_no_one_foresaw_is_said_without_its_words() -> None:
    from referee.store.faults import storage_error

    class Odd(Exception):
        pass

    fault = storage_error(Odd("relation karma_secret_table at db7.internal failed"), "x", True)
    assert fault.kind == "unavailable" and "karma_secret_table" not in fault.message
    assert "db7" not in fault.message and fault.where == "x"


HOSTILE_TEXTS = ["a\x00b", "lone \udc80 surrogate", "\ud800"]


@pytest.mark.parametrize("text", HOSTILE_TEXTS)
def test_text_the_database_cannot_store_is_refused_before_the_store(target: str, text: str) -> None:
    """NUL (PostgreSQL refuses it) and lone surrogates (cannot be encoded) are refused in plain
    words before any SQL; an id holding them names no game; nothing is written."""
    store = Store(target)
    gid = _game(store)
    before = store.load_game(gid)
    for write in (
        lambda: store.rename_game(gid, text),
        lambda: _game(store, text),
        lambda: store.save_variant("v", text, "id: v\n"),
        lambda: store.save_variant(text, "V", "id: v\n"),
        lambda: store.save_steps(gid, before.version, [], [], over=True, loser=text),
    ):
        with pytest.raises(StorageError) as err:
            write()
        assert err.value.kind == "input" and "cannot be stored" in err.value.message
    odd_id = f"{gid}{text}"
    with pytest.raises(NotFound):
        store.load_game(odd_id)
    assert store.version(odd_id) is None and store.access_key(odd_id) is None
    assert store.versions([odd_id, gid]) == {gid: before.version}
    assert store.find_games(text) == ([], 0) and store.get_variant(text) is None
    store.delete_game(odd_id)
    assert store.load_game(gid) == before and store.list_variants() == []


def test_a_visitor_with_a_nul_in_a_link_gets_no_such_game(target: str) -> None:
    """``?game=a%00b.x`` used to show a stranger the fault page and the database's address."""
    from referee.store.access import Access, VisitorStore

    visitor = VisitorStore(Store(target), Access(public=True))
    visitor.access.hold("a\x00b", "x")
    with pytest.raises(NotFound):
        visitor.load_game("a\x00b")
    assert visitor.find_games() == ([], 0)


def test_a_table_lock_held_elsewhere_ends_in_plain_words(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock held by someone else (an administrator's 20 s lock made a read wait 18.6 s) ends
    after the configured wait with "not answering", and the store works once it is released."""
    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    monkeypatch.setattr(store_module, "BREAK_SECONDS", 0.0)
    store = Store(target)
    gid = _game(store)
    if target.startswith("postgresql"):
        import psycopg

        holder = psycopg.connect(target)
        holder.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
    else:
        holder = sqlite3.connect(target, isolation_level=None)  # type: ignore[assignment]
        holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError) as err:
            store.save_steps(gid, 1, [{"pickup": "Ann"}], [], over=False, loser=None)
        assert err.value.kind == "hung" and "not answering" in err.value.message
    finally:
        holder.rollback() if target.startswith("postgresql") else holder.execute("ROLLBACK")
        holder.close()
    assert store.save_steps(gid, 1, [{"pickup": "Ann"}], [], over=False, loser=None) == 2


def test_a_visitors_view_trips_the_breaker_of_the_whole_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the database did not answer, every page fails at once for a moment instead of
    waiting again, whichever visitor's view of the store met the fault first."""
    from referee.store.access import Access, VisitorStore

    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    path = tmp_path / "k.sqlite3"
    base = Store(path)
    gid = _game(base)
    visitor = VisitorStore(base, Access(public=False))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError) as err:
            visitor.rename_game(gid, "New")
        assert err.value.kind == "hung"
        calls = []
        monkeypatch.setattr(base._engine, "connect", lambda: calls.append(1))
        with pytest.raises(StorageError) as again:
            base.load_game(gid)  # fails at once: the database is not even asked
        assert again.value is err.value and calls == []
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def _finishes(call: Callable[[], object]) -> BaseException | None:
    """Run ``call`` in a thread; what it raised, or None.  A call still waiting after a minute
    (the wait it should keep is 1-2 s) fails the test instead of hanging the suite."""
    import threading

    raised: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            raised.append(exc)
        else:
            raised.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)
    assert raised, "still waiting for a frozen database after a minute"
    return raised[0]


def test_a_frozen_database_server_is_said_within_the_wait(
    pg_server: PgServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """SIGSTOP on the postmaster and its backends (a stalled host): a pooled connection, a new
    connection and the follow watcher's query each end in "not answering" instead of waiting
    for ever; after SIGCONT the same store works again."""
    from referee.app.follow import Watcher, follow_token

    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    monkeypatch.setattr(store_module, "BREAK_SECONDS", 0.0)
    url = pg_server.new_database()
    store = Store(url)
    gid = _game(store)
    watcher = Watcher(store, tmp_path / "follow")
    # The game's own follow token: one made with another key is dropped unread (issue 43.5).
    watcher.follow(gid, follow_token(gid, store.follow_states([gid])[gid][1]), 1)
    watcher.stop()
    with pg_server.frozen():
        for call in (
            lambda: store.versions([gid]),
            lambda: store.save_steps(gid, 1, [{"pickup": "Ann"}], [], over=False, loser=None),
            lambda: Store(url),
            watcher.check,
        ):
            fault = _finishes(call)
            assert isinstance(fault, StorageError) and fault.kind == "hung", fault
            assert "not answering" in fault.message
    assert _finishes(lambda: store.versions([gid])) is None
    assert store.load_game(gid).steps == []  # the step refused while frozen was not stored


def test_a_migration_step_may_take_longer_than_the_usual_wait(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One update per game on a big database takes a while: a step has its own, longer limit
    (the usual one would stop it half way at every start, for ever)."""
    import time

    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    gid = _game(Store(target))

    def slow(db: object) -> None:
        if target.startswith("postgresql"):
            run_sql("SELECT pg_sleep(1.8)")(db)  # type: ignore[arg-type]
        else:
            time.sleep(1.8)  # a slow disk: the statements after it are past the usual limit
        run_sql("CREATE TABLE slow_step (x INTEGER)")(db)  # type: ignore[arg-type]

    step = Migration("a slow step", slow)
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, step))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    moved = Store(target)
    assert moved.schema_version() == SCHEMA_VERSION + 1
    assert moved.load_game(gid).name == "Test"


@contextmanager
def _connects_counted() -> Iterator[list[object]]:
    """The SQLite files the store opens meanwhile, one entry per connection."""
    opened: list[object] = []
    real = sqlite3.connect

    def connect(path: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        opened.append(path)
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    store_module.sqlite3.connect = connect  # type: ignore[assignment]
    try:
        yield opened
    finally:
        store_module.sqlite3.connect = real  # type: ignore[assignment]


def test_a_version_check_reuses_its_connection(tmp_path: Path) -> None:
    """Issue 27.3: a tablet's version check (every tick of the follow-along) is one query on a
    kept connection, not a new file open and its PRAGMAs each time."""
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    with _connects_counted() as opened:
        for _ in range(20):
            assert store.version(gid) == 1
    assert len(opened) <= 1


def test_a_games_file_replaced_under_the_app_is_opened_again(tmp_path: Path) -> None:
    """A kept connection would still read a removed file: the store notices the file under its
    path changed and opens the new one (as if the app had started on it)."""
    path = tmp_path / "k.sqlite3"
    store = Store(path)
    gid = _game(store)
    assert store.version(gid) == 1
    other = tmp_path / "other.sqlite3"
    fresh = Store(other)
    new_gid = _game(fresh, "New")
    fresh.close()
    for leftover in tmp_path.glob("k.sqlite3*"):
        leftover.unlink()
    other.rename(path)
    with _connects_counted() as opened:
        assert store.version(gid) is None and store.version(new_gid) == 1
    assert len(opened) == 1


def test_a_forked_process_opens_its_own_connection(tmp_path: Path) -> None:
    """A simulator worker (forked) must not share the parent's open SQLite connection."""
    import multiprocessing

    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    assert store.version(gid) == 1
    ctx = multiprocessing.get_context("fork")
    answers = ctx.SimpleQueue()
    child = ctx.Process(target=lambda: answers.put(_child_version(store, gid)))
    child.start()
    child.join(60)
    assert child.exitcode == 0 and answers.get() == (1, True)
    assert store.version(gid) == 1  # the parent's kept connection still works


def _child_version(store: Store, gid: str) -> tuple[int | None, bool]:
    with _connects_counted() as opened:
        return store.version(gid), len(opened) == 1
