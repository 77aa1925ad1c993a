"""The app's storage: games and a variant library, in SQLite (embedded, nothing to install) or
PostgreSQL (when a database URL is given: several app servers, one set of games).

Both go through SQLAlchemy Core.  Every game row has a ``version``; a step is stored by one
``UPDATE … WHERE id = ? AND version = ?`` inside a transaction, so of two tablets (on one app
server or on two) that read the same version exactly one is stored and the other gets a
:class:`Conflict`, never a silent overwrite.  SQLite: a small pool of connections, each
checked out by one call (each Streamlit session runs in its own thread) and dropped when the
file under it changed or the process forked, WAL so that readers never wait for a writer,
``BEGIN IMMEDIATE`` for writes, ``synchronous=FULL``.  PostgreSQL: a small connection pool;
a step is acknowledged only after COMMIT returns, so killing an app server loses no
acknowledged step.

A game is stored as what is needed to rebuild it exactly: the variant's YAML text (so that a
later edit of a library variant cannot change a game under way), the seating, the face-up
cards, the accepted steps and the undone ones (for redo), each step in the shape of a game
record step (GAME-RECORDS.md).  Nothing here knows the rules or imports Streamlit.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, func, insert, or_, select, text, update
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError, SQLAlchemyError
from sqlalchemy.pool import QueuePool

from . import wait
from .faults import INPUT, Conflict, DamagedGame, NotFound, StorageError, log, storage_error
from .schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    devices,
    games,
    new_access_key,
    step_ids,
    variants,
)

__all__ = [
    "DATABASE_URL_ENV",
    "Conflict",
    "DamagedGame",
    "GameRow",
    "GameSummary",
    "LibraryVariant",
    "NotFound",
    "SCHEMA_VERSION",
    "StorageError",
    "Store",
    "database_url",
    "default_path",
    "default_target",
    "open_store",
    "parse_database_url",
    "secrets_url",
    "shown_address",
    "storable",
]

DATA_DIR_ENV = "KARMA_DATA_DIR"
DATABASE_URL_ENV = "KARMA_DATABASE_URL"  # e.g. postgresql://karma:secret@db.example.org/karma
DB_NAME = "karma.sqlite3"
MIGRATION_LOCK = 7_344_211
MIGRATION_SECONDS = 600.0  # one migration step's limit (the usual wait is a few seconds)
# The columns a GameRow and a GameSummary are read from, in the order _game_row/_summary use.
GAME_COLUMNS = (
    *("id", "name", "variant_id", "builtin", "variant", "players", "face_up", "start"),
    *("steps", "undone", "over", "loser", "version", "created", "updated"),
)
SUMMARY_COLUMNS = (
    "id",
    "name",
    "variant_id",
    "players",
    "step_count",
    "over",
    "loser",
    "updated",
)  # a PostgreSQL advisory lock: one app server migrates at a time


@dataclass(frozen=True)
class GameRow:
    id: str
    name: str
    variant_id: str
    builtin: bool
    variant: str
    players: tuple[str, ...]
    face_up: dict[str, list[Any]]
    start: dict[str, Any] | None
    steps: list[dict[str, Any]]
    undone: list[dict[str, Any]]
    over: bool
    loser: str | None
    version: int
    created: float
    updated: float


@dataclass(frozen=True)
class GameSummary:
    id: str
    name: str
    variant_id: str
    players: tuple[str, ...]
    step_count: int
    over: bool
    loser: str | None
    updated: float
    damaged: bool = False


@dataclass(frozen=True)
class LibraryVariant:
    id: str
    name: str
    yaml: str
    updated: float


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
KEEP_STEP_IDS = 200  # per game: the ids of its last steps, enough for any retry
CHANGES_CHANNEL = "karma_games"  # PostgreSQL: NOTIFY with a game's id when it changed


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
_failed_opens: dict[str, tuple[float, StorageError]] = {}
_failed_lock = threading.Lock()


def open_store(target: str) -> Store:
    """One Store per process and target (an engine holds the pool): the app and the follow
    endpoint share it.  A failure is not kept, so a fixed folder is picked up on reload; but
    for BREAK_SECONDS after a database that could not be reached every page fails at once
    instead of waiting again."""
    with _failed_lock:
        failed = _failed_opens.get(target)
    if failed is not None and time.monotonic() - failed[0] < BREAK_SECONDS:
        raise failed[1]
    try:
        return _open_store(target)
    except StorageError as exc:
        if exc.kind in ("hung", "unavailable"):
            with _failed_lock:
                _failed_opens[target] = (time.monotonic(), exc)
        raise


@functools.lru_cache(maxsize=8)
def _open_store(target: str) -> Store:
    return Store(target)


def _forget_stores() -> None:
    """Forget the open stores and the remembered failures (tests; a changed configuration)."""
    _open_store.cache_clear()
    with _failed_lock:
        _failed_opens.clear()


open_store.cache_clear = _forget_stores  # type: ignore[attr-defined]


_away: set[str] = set()  # the databases (by their shown address) said to be away
_away_lock = threading.Lock()


class _Breaker:
    """The last time the database did not answer (one per database, shared by the views of it
    that referee.access makes for each visitor).  Its going away is logged once per process
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


class Store:
    """All reads and writes of the games and the variant library."""

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
    def offline(cls, fault: StorageError) -> Store:
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

    # --- games ------------------------------------------------------------------------------

    def create_game(
        self,
        *,
        name: str,
        variant_id: str,
        variant_yaml: str,
        players: Sequence[str],
        face_up: dict[str, list[Any]] | None = None,
        start: dict[str, Any] | None = None,
        builtin: bool = False,
        steps: Sequence[dict[str, Any]] = (),
        over: bool = False,
        loser: str | None = None,
    ) -> str:
        storable(name, variant_id, variant_yaml, loser)
        gid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = time.time()
        with self._write() as db:
            db.execute(
                insert(games).values(
                    id=gid,
                    name=name,
                    variant_id=variant_id,
                    builtin=int(builtin),
                    variant=variant_yaml,
                    players=json.dumps(list(players)),
                    face_up=json.dumps(face_up or {}),
                    start=None if start is None else json.dumps(start),
                    steps=json.dumps(list(steps)),
                    undone="[]",
                    step_count=len(steps),
                    over=int(over),
                    loser=loser,
                    version=1,
                    created=now,
                    updated=now,
                    access_key=new_access_key(),
                )
            )
        return gid

    def version(self, gid: str) -> int | None:
        """The game's version, or None if there is no such game (cheap: one indexed read)."""
        if not _findable(gid):
            return None
        with self._read() as db:
            found = db.execute(select(games.c.version).where(games.c.id == gid)).scalar()
        return None if found is None else int(found)

    def versions(self, gids: Collection[str]) -> dict[str, int]:
        """The versions of the games among ``gids`` that exist (one query for many tablets)."""
        gids = [g for g in gids if _findable(g)]
        if not gids:
            return {}
        with self._read() as db:
            rows = db.execute(
                select(games.c.id, games.c.version).where(games.c.id.in_(sorted(gids)))
            ).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def follow_states(self, gids: Collection[str]) -> dict[str, tuple[int, str | None]]:
        """The version and link key of the games among ``gids`` that exist (one query): what
        an app server needs to tell its tablets of a step, and to stop answering a follow
        token made with a link key the game no longer has."""
        gids = [g for g in gids if _findable(g)]
        if not gids:
            return {}
        with self._read() as db:
            rows = db.execute(
                select(games.c.id, games.c.version, games.c.access_key).where(
                    games.c.id.in_(sorted(gids))
                )
            ).all()
        return {str(r[0]): (int(r[1]), None if r[2] is None else str(r[2])) for r in rows}

    def renew_access_key(self, gid: str) -> str | None:
        """Give the game a new link key (the old link, its step and follow tokens stop
        working); the new key, or None if there is no such game."""
        if not _findable(gid):
            return None
        key = new_access_key()
        with self._write() as db:
            done = db.execute(
                update(games)
                .where(games.c.id == gid)
                .values(access_key=key, version=games.c.version + 1, updated=time.time())
            ).rowcount
            self._notify(db, gid)
        return key if done == 1 else None

    def access_key(self, gid: str) -> str | None:
        """The secret half of the game's link, or None if there is no such game."""
        if not _findable(gid):
            return None
        with self._read() as db:
            found = db.execute(select(games.c.access_key).where(games.c.id == gid)).scalar()
        return None if found is None else str(found)

    def load_game(self, gid: str) -> GameRow:
        if not _findable(gid):
            raise NotFound(gid)
        cols = [games.c[c] for c in GAME_COLUMNS]
        with self._read() as db:
            row = db.execute(select(*cols).where(games.c.id == gid)).first()
        if row is None:
            raise NotFound(gid)
        try:
            return _game_row(row)
        except (ValueError, TypeError, AttributeError):
            raise DamagedGame(gid) from None

    def list_games(self, limit: int = 50) -> list[GameSummary]:
        return self.find_games(limit=limit)[0]

    def save_steps(
        self,
        gid: str,
        expected_version: int,
        steps: Sequence[dict[str, Any]],
        undone: Sequence[dict[str, Any]],
        *,
        over: bool,
        loser: str | None,
        step_id: str | None = None,
    ) -> int:
        """Replace the game's steps if nobody changed it since ``expected_version``.

        Returns the new version; raises :class:`Conflict` (and writes nothing) otherwise.  The
        check and the write are one statement in one transaction, on either backend.
        ``step_id`` (the tablet's id for this step) is stored in the same transaction: after a
        lost answer, :meth:`step_saved` tells whether the step is stored.
        """
        return self._replace(
            gid,
            expected_version,
            step_id=step_id,
            steps=json.dumps(list(steps)),
            undone=json.dumps(list(undone)),
            step_count=len(steps),
            over=int(over),
            loser=loser,
        )

    def _replace(
        self, gid: str, expected_version: int, step_id: str | None = None, **values: Any
    ) -> int:
        """Write ``values`` into the game if it is still at ``expected_version``; the new version.

        The check and the write are one ``UPDATE … WHERE version = ?`` in one transaction, on
        either backend: of two writers that read the same version exactly one is stored, the
        other gets :class:`Conflict` (or :class:`NotFound`) and nothing of it is written.
        """
        if not _findable(gid):
            raise NotFound(gid)
        storable(*(v for v in values.values() if isinstance(v, str)))
        if step_id is not None and not _step_id_ok(step_id):
            raise StorageError("input", INPUT)
        new = expected_version + 1
        with self._write() as db:
            done = db.execute(
                update(games)
                .where(games.c.id == gid, games.c.version == expected_version)
                .values(**values, version=new, updated=time.time())
            ).rowcount
            if done != 1:
                now = db.execute(select(games.c.version).where(games.c.id == gid)).scalar()
                if now is None:
                    raise NotFound(gid)
                raise Conflict(
                    f"game {gid} is at version {now}, not {expected_version}: "
                    "another tablet changed it"
                )
            self._notify(db, gid)
            if step_id is not None:
                db.execute(
                    insert(step_ids).values(
                        game_id=gid, step_id=step_id, version=new, added=time.time()
                    )
                )
                db.execute(  # the ids of old steps go (a retry comes within seconds)
                    delete(step_ids).where(
                        step_ids.c.game_id == gid, step_ids.c.version <= new - KEEP_STEP_IDS
                    )
                )
        return new

    def _notify(self, db: Connection, gid: str) -> None:
        """PostgreSQL: tell every app server listening (:meth:`listen`) that the game changed;
        sent inside the transaction, so it arrives at the COMMIT, never before."""
        if self.server:
            db.execute(text("SELECT pg_notify(:c, :g)"), {"c": CHANGES_CHANNEL, "g": gid})

    def listen(self, on_change: Callable[[str], None], stop: threading.Event) -> None:
        """PostgreSQL only: call ``on_change(gid)`` for every game any app server changes, until
        ``stop`` is set (``on_change("")`` after each (re)connection: anything may have changed
        meanwhile).  A connection that fails is opened again a second later."""
        import psycopg

        assert self.server and self.url is not None
        dsn = self.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(
                    dsn, autocommit=True, connect_timeout=max(2, int(self.wait))
                ) as conn:
                    conn.execute(f"LISTEN {CHANGES_CHANNEL}")
                    on_change("")
                    while not stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            on_change(note.payload)
            except (psycopg.Error, OSError):
                stop.wait(1.0)

    def step_saved(self, gid: str, step_id: str) -> int | None:
        """The game's version that the step ``step_id`` made, if that step is stored (None: it
        is not; a StorageError: the database cannot say now)."""
        if not _findable(gid) or not _step_id_ok(step_id):
            return None
        with self._read() as db:
            found = db.execute(
                select(step_ids.c.version).where(
                    step_ids.c.game_id == gid, step_ids.c.step_id == step_id
                )
            ).scalar()
        return None if found is None else int(found)

    def save_setup(
        self,
        gid: str,
        expected_version: int,
        *,
        players: Sequence[str],
        face_up: dict[str, list[Any]],
        start: dict[str, Any] | None,
        steps: Sequence[dict[str, Any]],
        undone: Sequence[dict[str, Any]],
        name: str,
        over: bool,
        loser: str | None,
    ) -> int:
        """Replace a game's setup (a slip put right at the table) and its steps as renamed,
        if nobody changed it since ``expected_version``; the same check as :meth:`save_steps`."""
        return self._replace(
            gid,
            expected_version,
            players=json.dumps(list(players)),
            face_up=json.dumps(face_up),
            start=None if start is None else json.dumps(start),
            steps=json.dumps(list(steps)),
            undone=json.dumps(list(undone)),
            step_count=len(steps),
            name=name,
            over=int(over),
            loser=loser,
        )

    def rename_game(self, gid: str, name: str) -> None:
        storable(name)
        if not _findable(gid):
            return
        with self._write() as db:
            db.execute(
                update(games)
                .where(games.c.id == gid)
                .values(name=name, version=games.c.version + 1, updated=time.time())
            )
            self._notify(db, gid)

    def delete_game(self, gid: str) -> None:
        if not _findable(gid):
            return
        with self._write() as db:
            db.execute(delete(games).where(games.c.id == gid))
            db.execute(delete(devices).where(devices.c.game_id == gid))
            db.execute(delete(step_ids).where(step_ids.c.game_id == gid))
            self._notify(db, gid)

    # --- devices: the games a browser holds (public mode) -----------------------------------

    def hold_on_device(self, device: str, gid: str) -> None:
        """Remember that ``device`` (a hash of a browser's device key) holds the game ``gid``,
        so that a new tab or a restarted browser lists it again."""
        if not device or not _findable(gid) or not _encodable(device):
            return
        row = {"device": device, "game_id": gid, "added": time.time()}
        if self.server:
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            statement: Any = pg_insert(devices).values(**row).on_conflict_do_nothing()
        else:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            statement = sqlite_insert(devices).values(**row).on_conflict_do_nothing()
        with self._write() as db:
            db.execute(statement)

    def device_games(self, device: str) -> dict[str, str]:
        """The games ``device`` holds that still exist: id -> the link's key."""
        if not device or not _encodable(device):
            return {}
        with self._read() as db:
            rows = db.execute(
                select(games.c.id, games.c.access_key)
                .select_from(devices.join(games, devices.c.game_id == games.c.id))
                .where(devices.c.device == device)
            ).all()
        return {str(r[0]): str(r[1]) for r in rows if r[1]}

    def find_games(
        self,
        query: str = "",
        limit: int = 20,
        offset: int = 0,
        *,
        only: Collection[str] | None = None,
    ) -> tuple[list[GameSummary], int]:
        """One page of games (newest first) whose name or a player's name contains ``query``
        (any case), and how many match in all; ``only`` limits the search to those ids."""
        where = []
        q = query.strip()
        if not _encodable(q):
            return [], 0  # no stored name can hold what the database cannot store
        if q:
            # players is JSON text: non-ASCII letters are stored escaped, so escape the query alike
            where.append(
                or_(
                    games.c.name.icontains(q, autoescape=True),
                    games.c.players.icontains(json.dumps(q)[1:-1], autoescape=True),
                )
            )
        if only is not None:
            only = [g for g in only if _findable(g)]
            if not only:
                return [], 0
            where.append(games.c.id.in_(sorted(only)))
        cols = [games.c[c] for c in SUMMARY_COLUMNS]
        with self._read() as db:
            total = int(
                db.execute(select(func.count()).select_from(games).where(*where)).scalar_one()
            )
            rows = db.execute(
                select(*cols)
                .where(*where)
                .order_by(games.c.updated.desc(), games.c.id)
                .limit(max(0, limit))
                .offset(max(0, offset))
            ).all()
        return [_summary(r) for r in rows], total

    # --- the variant library ----------------------------------------------------------------

    def save_variant(self, vid: str, name: str, yaml_text: str, *, overwrite: bool = True) -> None:
        """Store a library variant; with ``overwrite=False`` an existing id is refused (a
        StorageError of kind "refused") and the stored one is kept as it was."""
        storable(vid, name, yaml_text)
        now = time.time()
        with self._write() as db:
            exists = db.execute(select(variants.c.id).where(variants.c.id == vid)).first()
            if exists is None:
                db.execute(insert(variants).values(id=vid, name=name, yaml=yaml_text, updated=now))
                return
            if not overwrite:
                raise StorageError(
                    "refused",
                    f"Our library already has a variant with the id “{vid}”, and only the "
                    "organiser may replace it. Give yours another id, then save it.",
                )
            db.execute(
                update(variants)
                .where(variants.c.id == vid)
                .values(name=name, yaml=yaml_text, updated=now)
            )

    def get_variant(self, vid: str) -> LibraryVariant | None:
        if not _encodable(vid):
            return None
        with self._read() as db:
            r = db.execute(select(variants).where(variants.c.id == vid)).first()
        return None if r is None else LibraryVariant(r[0], r[1], r[2], float(r[3]))

    def count_variants(self) -> int:
        with self._read() as db:
            return int(db.execute(select(func.count()).select_from(variants)).scalar_one())

    def list_variants(self) -> list[LibraryVariant]:
        with self._read() as db:
            rows = db.execute(select(variants).order_by(variants.c.name, variants.c.id)).all()
        return [LibraryVariant(r[0], r[1], r[2], float(r[3])) for r in rows]

    def delete_variant(self, vid: str) -> None:
        if not _encodable(vid):
            return
        with self._write() as db:
            db.execute(delete(variants).where(variants.c.id == vid))


def _game_row(row: Sequence[Any]) -> GameRow:
    """A stored row as a GameRow; raises ValueError/TypeError when the row is damaged."""
    players = json.loads(row[5])
    face_up = json.loads(row[6])
    steps = json.loads(row[8])
    undone = json.loads(row[9])
    start = None if row[7] is None else json.loads(row[7])
    if not (
        isinstance(players, list)
        and all(isinstance(p, str) for p in players)
        and isinstance(face_up, dict)
        and isinstance(steps, list)
        and isinstance(undone, list)
        and (start is None or isinstance(start, dict))
    ):
        raise ValueError("damaged game row")
    return GameRow(
        id=row[0],
        name=str(row[1]),
        variant_id=str(row[2]),
        builtin=bool(row[3]),
        variant=str(row[4]),
        players=tuple(players),
        face_up=face_up,
        start=start,
        steps=steps,
        undone=undone,
        over=bool(row[10]),
        loser=row[11],
        version=int(row[12]),
        created=float(row[13]),
        updated=float(row[14]),
    )


def _summary(r: Sequence[Any]) -> GameSummary:
    """A list row; a damaged one is still listed (marked damaged) so the others stay reachable."""
    try:
        players = json.loads(r[3])
        if not isinstance(players, list):
            raise ValueError("players")
        return GameSummary(
            id=r[0],
            name=str(r[1]),
            variant_id=str(r[2]),
            players=tuple(str(p) for p in players),
            step_count=int(r[4]),
            over=bool(r[5]),
            loser=r[6],
            updated=float(r[7]),
        )
    except (ValueError, TypeError):
        return GameSummary(
            id=str(r[0]),
            name=str(r[1]),
            variant_id=str(r[2]),
            players=(),
            step_count=0,
            over=False,
            loser=None,
            updated=0.0,
            damaged=True,
        )
