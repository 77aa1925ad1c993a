"""Connections to the store: where it is (a folder, a database URL), the engine and its pool,
bounded waits, plain faults, the breaker of a database that does not answer, and the schema
migrated as a store opens (``schema.py`` holds the tables and migrations)."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError, SQLAlchemyError
from sqlalchemy.pool import QueuePool

from referee.store import wait
from referee.store.faults import (
    INPUT,
    StorageError,
    log,
    storage_error,
)
from referee.store.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
)

DATA_DIR_ENV = "KARMA_DATA_DIR"


DATABASE_URL_ENV = "KARMA_DATABASE_URL"  # e.g. postgresql://karma:secret@db.example.org/karma


DB_NAME = "karma.sqlite3"


MIGRATION_LOCK = 7_344_211


MIGRATION_SECONDS = 600.0  # one migration step's limit (the usual wait is a few seconds)


def default_path() -> Path:
    """``$KARMA_DATA_DIR/karma.sqlite3``, by default under ``./data``."""
    return Path(os.environ.get(DATA_DIR_ENV) or "data") / DB_NAME


def database_url(env: Mapping[str, str] | None = None) -> str | None:
    """``$KARMA_DATABASE_URL`` when set (a database server), else None (the SQLite file)."""
    url = (os.environ if env is None else env).get(DATABASE_URL_ENV, "").strip()
    return url or None


def secrets_url(entry: Mapping[str, Any] | None) -> str | None:
    """The database URL in Streamlit's ``[connections.karma]`` secrets entry: ``url = "..."``,
    or the parts (``dialect``, ``host``, ``port``, ``database``, ``username``, ``password``)."""
    if not entry:
        return None
    if entry.get("url"):
        return str(entry["url"]).strip() or None
    if not entry.get("host"):
        return None
    port = entry.get("port")
    return URL.create(
        str(entry.get("dialect") or "postgresql"),
        username=entry.get("username"),
        password=entry.get("password"),
        host=str(entry["host"]),
        port=int(port) if port else None,
        database=entry.get("database"),
    ).render_as_string(hide_password=False)


def default_target(secrets: Mapping[str, Any] | None = None) -> str:
    """Where the games are: ``$KARMA_DATABASE_URL``, else ``[connections.karma]`` in
    secrets.toml, else the SQLite file's path."""
    return database_url() or secrets_url(secrets) or str(default_path().resolve())


URL_SOURCE = f"{DATABASE_URL_ENV} (or [connections.karma] in secrets.toml)"


SECRET_QUERY_KEYS = ("password", "sslpassword", "passfile")  # libpq reads these from the query


ID_MAX = 64  # game ids are 8 letters; anything longer names no game


STEP_ID_MAX = 64  # a tablet's step id (it makes 22 characters)


def parse_database_url(url: str, source: str = URL_SOURCE) -> URL:
    """A checked SQLAlchemy URL for ``url``, or a StorageError of kind ``"address"`` that names
    ``source`` (the variable) and never repeats the value, which may hold a password."""
    try:
        parsed: URL | None = make_url(url)
        port = parsed.port if parsed is not None else None  # "host:notaport" fails here
    except (ArgumentError, ValueError, TypeError):
        parsed, port = None, None
    if parsed is None or parsed.get_backend_name() not in ("postgresql", "sqlite"):
        raise StorageError(
            "address",
            f"The database address in {source} is not one this app can use. "
            "Give postgresql://user:password@host:port/database.",
        )
    if "@" in (parsed.host or "") or (port is not None and not 0 < port < 65536):
        raise StorageError(
            "address",
            f"The database address in {source} cannot be read: a password or user name with "
            "@, :, / or ? in it must be written with %40, %3A, %2F or %3F instead.",
        )
    return parsed


def shown_address(url: URL) -> str:
    """The address for a person: SQLAlchemy's own rendering with the password hidden, and a
    password given in the query string (``?password=``, which libpq accepts) hidden too."""
    hidden = {k: "***" for k in url.query if k.lower() in SECRET_QUERY_KEYS}
    shown = url.update_query_dict(hidden).render_as_string(hide_password=True)
    return shown.replace("=%2A%2A%2A", "=***")  # the query's *** as the password's own


def storable(*texts: str | None) -> None:
    """Refuse text the database cannot keep (PostgreSQL refuses NUL; a lone surrogate cannot be
    encoded at all) before it reaches the store: a StorageError of kind ``"input"``."""
    for t in texts:
        if t is not None and not _encodable(t):
            raise StorageError("input", INPUT)


def _encodable(t: str) -> bool:
    if "\x00" in t:
        return False
    try:
        t.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _findable(gid: str) -> bool:
    """Could a game have this id?  Ids the database cannot even be asked about name no game."""
    return isinstance(gid, str) and 0 < len(gid) <= ID_MAX and _encodable(gid)


def _step_id_ok(step_id: str) -> bool:
    return (
        isinstance(step_id, str)
        and 0 < len(step_id) <= STEP_ID_MAX
        and step_id.isascii()
        and step_id.isprintable()
    )


def _engine_url(url: str) -> URL:
    """A SQLAlchemy URL for ``url``; ``postgres://`` and ``postgresql://`` use psycopg 3."""
    parsed = parse_database_url(url)
    if parsed.get_backend_name() == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


BREAK_SECONDS = 2.0  # after a database that did not answer, fail at once for this long


_away: set[str] = set()  # the databases (by their shown address) said to be away


_away_lock = threading.Lock()


class _Breaker:
    """The last time the database did not answer (one per database, shared by the views of it
    that referee.store.access makes for each visitor).  Its going away is logged once per process
    and database, and its coming back once: not once per call, nor per Store opened again."""

    def __init__(self) -> None:
        self.down: tuple[float, StorageError] | None = None

    def gone(self, fault: StorageError, where: str) -> None:
        self.down = (time.monotonic(), fault)
        with _away_lock:
            if where in _away:
                return
            _away.add(where)
        log.warning(
            "the games database at %s is away: %s (%s); said again when it answers",
            where,
            fault.detail or fault.message,
            fault.kind,
        )

    def answered(self, where: str) -> None:
        self.down = None
        if where not in _away:  # (read without the lock: the usual case costs nothing)
            return
        with _away_lock:
            if where not in _away:
                return
            _away.discard(where)
        log.warning("the games database at %s answers again", where)


class Connections:
    """A store's connections: the engine and its pool, bounded waits, faults said plainly, the
    schema migrated; what the games and the library are read and written through."""

    def __init__(self, where: str | os.PathLike[str] | None = None) -> None:
        target = str(where) if where is not None else default_target()
        self.server = "://" in target and not target.startswith("sqlite")
        self.wait = wait.wait_seconds()
        self._breaker = _Breaker()  # shared with every VisitorStore made from this store
        self._offline: StorageError | None = None
        self._patience: float | None = None  # a longer limit, for a migration step
        if "://" in target:
            url = _engine_url(target)
            self.url: URL | None = url
            self.path: Path | None = (
                Path(url.database) if url.database and not self.server else None
            )
        else:
            self.url = None
            self.path = Path(target)
        self.where = self._where()
        self._engine = self._make_engine()
        self._migrate()

    @classmethod
    def offline(cls, fault: StorageError) -> Self:
        """A store that could not be opened: every call raises ``fault`` (the pages that need
        no database, such as the rules, design and simulate, still work with the built-ins)."""
        store = cls.__new__(cls)
        store.server, store.wait, store.url, store.path = False, 0.0, None, None
        store.where, store._breaker, store._offline = fault.where, _Breaker(), fault
        store._patience = None
        return store

    # --- plumbing ---------------------------------------------------------------------------

    def _where(self) -> str:
        """Where the games are, for the people who run the app: the folder, or the database
        address with every password hidden (never put in a message a visitor reads)."""
        if self.server and self.url is not None:
            return shown_address(self.url.set(drivername=self.url.get_backend_name()))
        return str(self.path.parent if self.path is not None else "memory")

    def _make_engine(self) -> Engine:
        if self.server:
            assert self.url is not None
            wait_s = self.wait
            engine = create_engine(
                self.url,
                pool_size=5,
                max_overflow=10,
                pool_timeout=wait_s,  # a checkout waits at most this long for a free connection
                pool_pre_ping=True,  # a restarted database server is reconnected, not an error
                pool_recycle=1800,
            )
            connection_class = wait.deadline_connection_class()

            @event.listens_for(engine, "do_connect")
            def connect(dialect: Any, record: Any, cargs: Any, cparams: Any) -> Any:
                # A new connection waits no longer than what is left of the call's deadline.
                if wait.expired():
                    raise connection_class.Hung("the games database did not answer in time")
                cparams["connect_timeout"] = wait.connect_timeout(wait_s)
                return connection_class.connect(*cargs, **cparams)

            @event.listens_for(engine, "connect")
            def limits(dbapi_connection: Any, record: Any) -> None:
                # The server's own limits: a statement or a lock wait ends after `wait` seconds
                # (a table lock held by someone else, a slow disk), and the connection stays
                # usable; an idle transaction (a crashed client) cannot hold locks for long.
                ms = int(wait_s * 1000)
                with dbapi_connection.cursor() as cursor:
                    cursor.execute(
                        f"SET statement_timeout = {ms}; SET lock_timeout = {ms};"
                        f" SET idle_in_transaction_session_timeout = {ms * 12}"
                    )
                dbapi_connection.commit()

            return engine
        path = self.path
        assert path is not None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise storage_error(exc, str(path.parent), False) from None
        busy_ms = int(self.wait * 1000)

        def connect_file() -> sqlite3.Connection:
            db = sqlite3.connect(
                str(path), timeout=self.wait, isolation_level=None, check_same_thread=False
            )
            db.execute("PRAGMA synchronous=FULL")  # a step survives a power cut / SIGKILL
            db.execute(f"PRAGMA busy_timeout={busy_ms}")  # a lock waits at most `wait`
            # A statement that runs past the call's deadline (a disk that stalls) is stopped.
            db.set_progress_handler(lambda: 1 if wait.expired() else 0, 10_000)
            return db

        engine = create_engine(
            "sqlite://",
            creator=connect_file,
            poolclass=QueuePool,  # "sqlite://" alone would mean one in-memory database
            pool_size=5,
            max_overflow=10,
            pool_timeout=self.wait,
            pool_reset_on_return="rollback",
        )

        def file_id() -> tuple[int, int, int]:
            try:
                found = os.stat(path)
            except OSError:
                return (os.getpid(), -1, -1)  # no file (yet): SQLite makes it on first write
            return (os.getpid(), found.st_dev, found.st_ino)

        @event.listens_for(engine, "connect")
        def remember(dbapi_connection: Any, record: Any) -> None:
            record.info["karma_file"] = file_id()

        @event.listens_for(engine, "checkout")
        def still_the_file(dbapi_connection: Any, record: Any, proxy: Any) -> None:
            # A kept connection is reused (a version check costs one query, not an open and
            # three PRAGMAs), but only in the process that opened it and while its file is
            # still the one at `path`: a data folder removed or replaced under a running app,
            # or a forked simulator worker, gets a fresh connection (SQLAlchemy's own
            # disconnect handling retries the checkout).
            opened = record.info.get("karma_file")
            if opened == file_id():
                return
            if opened is not None and opened[0] != os.getpid():
                # The parent's connection: not closed here (it is still the parent's).
                record.dbapi_connection = proxy.dbapi_connection = None
            raise DisconnectionError("the games file changed")

        @event.listens_for(engine, "begin")
        def begin(db: Connection) -> None:
            # pysqlite's own transaction handling is off (isolation_level=None): say BEGIN here;
            # a write takes the lock at once, so a version check and its update are one step.
            write = db.get_execution_options().get("karma_write")
            db.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine

    def close(self) -> None:
        """Close the connections the store keeps; the next call opens a new one."""
        if self._offline is None:
            self._engine.dispose()

    def _fault(self, exc: BaseException) -> StorageError:
        fault = (
            exc if isinstance(exc, StorageError) else storage_error(exc, self.where, self.server)
        )
        if fault.kind in ("hung", "unavailable"):
            self._breaker.gone(fault, self.where)
        return fault

    @contextmanager
    def _bounded(self) -> Iterator[None]:
        """The call's deadline; for BREAK_SECONDS after the database did not answer, every call
        fails at once with the same words instead of waiting again (tablets stay quick)."""
        if self._offline is not None:
            raise self._offline
        down = self._breaker.down
        if down is not None and time.monotonic() - down[0] < BREAK_SECONDS:
            raise down[1]
        with wait.deadline(self._patience or self.wait + wait.CLIENT_MARGIN):
            yield
        self._breaker.answered(self.where)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """A connection for reading; every driver/OS fault leaves as a plain StorageError."""
        try:
            with self._bounded(), self._engine.connect() as db:
                yield db
        except (SQLAlchemyError, sqlite3.Error, OSError, UnicodeError) as exc:
            raise self._fault(exc) from None

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A transaction: all of it is stored (COMMIT returned), or (on any error) none of it."""
        try:
            with self._bounded(), self._engine.connect() as db:
                db.execution_options(karma_write=True)
                with db.begin():
                    yield db
        except (SQLAlchemyError, sqlite3.Error, OSError, UnicodeError) as exc:
            raise self._fault(exc) from None

    def ping(self) -> None:
        """One round trip to the database (the fault page's "is it back?"): a StorageError if
        it does not answer within the wait."""
        with self._read() as db:
            db.exec_driver_sql("SELECT 1").scalar()

    def _migrate(self) -> None:
        """Bring the database to SCHEMA_VERSION, one recorded step at a time, each in one
        transaction; refuse a database written by a newer app rather than guess."""
        if not self.server:
            try:
                raw = self._engine.raw_connection()
                try:
                    cursor = raw.cursor()
                    if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                        cursor.execute("PRAGMA journal_mode=WAL").fetchone()
                    cursor.close()
                finally:
                    raw.close()
            except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
                raise self._fault(exc) from None
        while True:
            with self._write() as db:
                if self.server:
                    db.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
                current = self._read_version(db)
                if current > SCHEMA_VERSION:
                    raise StorageError(
                        "newer",
                        f"The games {'database' if self.server else 'file'} was written by a "
                        "newer Karma Referee; update this app to open it. Nothing was changed.",
                        self.where,
                    )
                if current == SCHEMA_VERSION:
                    return
            # A step may take a while on a big database (one update per game): it runs in a
            # transaction of its own with a longer limit; the check above keeps the usual one,
            # so a hung database is still said at once.
            self._patience = MIGRATION_SECONDS
            try:
                with self._write() as db:
                    if self.server:
                        db.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
                        ms = int(MIGRATION_SECONDS * 1000)
                        db.exec_driver_sql(f"SET LOCAL statement_timeout = {ms}")
                    current = self._read_version(db)
                    if current < SCHEMA_VERSION:  # (another app server may have done it)
                        MIGRATIONS[current].apply(db)
                        self._write_version(db, current + 1)
            finally:
                self._patience = None

    def _read_version(self, db: Connection) -> int:
        if not self.server:
            return int(db.exec_driver_sql("PRAGMA user_version").scalar_one())
        db.exec_driver_sql("CREATE TABLE IF NOT EXISTS karma_schema (version INTEGER NOT NULL)")
        found = db.exec_driver_sql("SELECT max(version) FROM karma_schema").scalar()
        return int(found or 0)

    def _write_version(self, db: Connection, number: int) -> None:
        if not self.server:
            db.exec_driver_sql(f"PRAGMA user_version = {int(number)}")
            return
        db.exec_driver_sql("DELETE FROM karma_schema")
        db.execute(text("INSERT INTO karma_schema (version) VALUES (:v)"), {"v": number})

    def schema_version(self) -> int:
        with self._read() as db:
            return self._read_version(db)

    def dispose(self) -> None:
        """Close the pool's connections (tests, and a server shutting down)."""
        if self._offline is None:
            self._engine.dispose()
