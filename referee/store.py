"""The app's storage: games and a variant library in one SQLite file (no server to install).

One short connection per call (every Streamlit session runs in its own thread), WAL mode so
that readers never wait for a writer, and a ``version`` column checked inside
``BEGIN IMMEDIATE``: two tablets refereeing one game get a :class:`Conflict` instead of one
silently overwriting the other's step.

A game is stored as what is needed to rebuild it exactly: the variant's YAML text (so that a
later edit of a library variant cannot change a game under way), the seating, the face-up
cards, the accepted steps and the undone ones (for redo), each step in the shape of a game
record step (GAME-RECORDS.md).  Nothing here knows the rules or imports Streamlit.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR_ENV = "KARMA_DATA_DIR"
DB_NAME = "karma.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    variant_id  TEXT NOT NULL,
    builtin     INTEGER NOT NULL DEFAULT 0,
    variant     TEXT NOT NULL,
    players     TEXT NOT NULL,
    face_up     TEXT NOT NULL DEFAULT '{}',
    start       TEXT,
    steps       TEXT NOT NULL DEFAULT '[]',
    undone      TEXT NOT NULL DEFAULT '[]',
    step_count  INTEGER NOT NULL DEFAULT 0,
    over        INTEGER NOT NULL DEFAULT 0,
    loser       TEXT,
    version     INTEGER NOT NULL DEFAULT 1,
    created     REAL NOT NULL,
    updated     REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
CREATE TABLE IF NOT EXISTS variants (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    yaml        TEXT NOT NULL,
    updated     REAL NOT NULL
);
"""


# Schema versions (PRAGMA user_version) and the steps that bring a file from one to the next.
# Version 1 is the first released schema (SCHEMA above, which a pre-versioning file also has);
# a later change appends one (sql, description) step here and never edits an old one.
MIGRATIONS: tuple[tuple[str, str], ...] = ((SCHEMA, "games and the variant library"),)
SCHEMA_VERSION = len(MIGRATIONS)


class Conflict(RuntimeError):
    """The game changed since it was read (another tablet stepped first)."""


class StorageError(RuntimeError):
    """The games folder cannot be read or written (read-only, full, damaged, newer schema).

    ``message`` is in plain words for the page; ``kind`` is one of ``"readonly"``, ``"full"``,
    ``"damaged"``, ``"newer"``, ``"unavailable"``.  Nothing was written when this is raised.
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class DamagedGame(StorageError):
    """One stored game's row cannot be read back (the others are fine)."""

    def __init__(self, gid: str) -> None:
        super().__init__(
            "damaged",
            f"The stored game {gid} is damaged and cannot be opened. The other games are fine.",
        )
        self.gid = gid


def _storage_error(exc: BaseException, path: Path) -> StorageError:
    """A plain-words StorageError for an sqlite3 or OS error (no traceback reaches a person)."""
    text = str(exc).lower()
    where = str(path.parent)
    if isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text:
        return StorageError(
            "readonly",
            f"The games folder cannot be written: {where} is read-only. "
            "Nothing was saved. Ask whoever runs this app to make it writable.",
        )
    if "full" in text or getattr(exc, "errno", None) == 28:
        return StorageError(
            "full",
            f"The games folder cannot be written: the disk holding {where} is full. "
            "Nothing was saved. Free some space and try again.",
        )
    if "unable to open" in text or "disk i/o" in text or "locking protocol" in text:
        return StorageError(
            "unavailable",
            f"The games folder cannot be written: the games file in {where} could not be "
            "opened or created. Nothing was saved. Check that the folder exists, is writable "
            "and is on a working disk.",
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StorageError(
            "damaged",
            f"The games file in {where} is damaged, so it was left exactly as it is. "
            "Ask whoever runs this app to restore it from a backup or move it aside.",
        )
    return StorageError(
        "unavailable",
        f"The games folder cannot be used right now ({where}): {exc}. Nothing was saved.",
    )


class NotFound(KeyError):
    """No game with that id."""


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


def _like_escape(text: str) -> str:
    """``text`` as a literal inside a LIKE pattern (ESCAPE '\\')."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def default_path() -> Path:
    """``$KARMA_DATA_DIR/karma.sqlite3``, by default under ``./data``."""
    return Path(os.environ.get(DATA_DIR_ENV) or "data") / DB_NAME


class Store:
    """All reads and writes of the app's SQLite file."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _storage_error(exc, self.path) from None
        self._migrate()

    # --- plumbing ---------------------------------------------------------------------------

    def _migrate(self) -> None:
        """Bring the file to SCHEMA_VERSION, one recorded step at a time, each in one
        transaction; refuse a file written by a newer app rather than guess."""
        with self._connect() as db:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            current = int(db.execute("PRAGMA user_version").fetchone()[0])
            if current > SCHEMA_VERSION:
                raise StorageError(
                    "newer",
                    f"The games file in {self.path.parent} was written by a newer Karma "
                    "Referee; update this app to open it. Nothing was changed.",
                )
            for number in range(current + 1, SCHEMA_VERSION + 1):
                sql, _ = MIGRATIONS[number - 1]
                db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in sql.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {number}")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")

    def schema_version(self) -> int:
        with self._connect() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """One short connection; every sqlite3/OS fault leaves as a plain StorageError."""
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise _storage_error(exc, self.path) from None
        try:
            db.execute("PRAGMA synchronous=FULL")  # a step survives a power cut / SIGKILL
            db.execute("PRAGMA busy_timeout=10000")
            yield db
        except (sqlite3.Error, OSError) as exc:
            raise _storage_error(exc, self.path) from None
        finally:
            db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A transaction: all of it is stored, or (on any error) none of it."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

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
        gid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = time.time()
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, name, variant_id, builtin, variant, players, face_up,"
                " start, steps, step_count, over, loser, version, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (
                    gid,
                    name,
                    variant_id,
                    int(builtin),
                    variant_yaml,
                    json.dumps(list(players)),
                    json.dumps(face_up or {}),
                    None if start is None else json.dumps(start),
                    json.dumps(list(steps)),
                    len(steps),
                    int(over),
                    loser,
                    now,
                    now,
                ),
            )
        return gid

    def version(self, gid: str) -> int | None:
        """The game's version, or None if there is no such game (cheap: one indexed read)."""
        with self._connect() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
        return None if row is None else int(row[0])

    def load_game(self, gid: str) -> GameRow:
        with self._connect() as db:
            row = db.execute(
                "SELECT id, name, variant_id, builtin, variant, players, face_up, start, steps,"
                " undone, over, loser, version, created, updated FROM games WHERE id = ?",
                (gid,),
            ).fetchone()
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
    ) -> int:
        """Replace the game's steps if nobody changed it since ``expected_version``.

        Returns the new version; raises :class:`Conflict` (and writes nothing) otherwise.
        """
        with self._write() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None:
                raise NotFound(gid)
            if int(row[0]) != expected_version:
                raise Conflict(
                    f"game {gid} is at version {row[0]}, not {expected_version}: "
                    "another tablet changed it"
                )
            new = expected_version + 1
            db.execute(
                "UPDATE games SET steps = ?, undone = ?, step_count = ?, over = ?, loser = ?,"
                " version = ?, updated = ? WHERE id = ?",
                (
                    json.dumps(list(steps)),
                    json.dumps(list(undone)),
                    len(steps),
                    int(over),
                    loser,
                    new,
                    time.time(),
                    gid,
                ),
            )
        return new

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
        with self._write() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None:
                raise NotFound(gid)
            if int(row[0]) != expected_version:
                raise Conflict(
                    f"game {gid} is at version {row[0]}, not {expected_version}: "
                    "another tablet changed it"
                )
            new = expected_version + 1
            db.execute(
                "UPDATE games SET players = ?, face_up = ?, start = ?, steps = ?, undone = ?,"
                " step_count = ?, name = ?, over = ?, loser = ?, version = ?, updated = ?"
                " WHERE id = ?",
                (
                    json.dumps(list(players)),
                    json.dumps(face_up),
                    None if start is None else json.dumps(start),
                    json.dumps(list(steps)),
                    json.dumps(list(undone)),
                    len(steps),
                    name,
                    int(over),
                    loser,
                    new,
                    time.time(),
                    gid,
                ),
            )
        return new

    def rename_game(self, gid: str, name: str) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE games SET name = ?, version = version + 1, updated = ? WHERE id = ?",
                (name, time.time(), gid),
            )

    def delete_game(self, gid: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM games WHERE id = ?", (gid,))

    def find_games(
        self, query: str = "", limit: int = 20, offset: int = 0
    ) -> tuple[list[GameSummary], int]:
        """One page of games (newest first) whose name or a player's name contains ``query``
        (any case), and how many match in all: every stored game is reachable."""
        where, args = "", []
        q = query.strip()
        if q:
            like = "%" + _like_escape(q) + "%"
            # players is JSON text: non-ASCII letters are stored escaped, so escape the query alike
            json_like = "%" + _like_escape(json.dumps(q)[1:-1]) + "%"
            where = " WHERE name LIKE ? ESCAPE '\\' OR players LIKE ? ESCAPE '\\'"
            args = [like, json_like]
        with self._connect() as db:
            total = int(db.execute(f"SELECT COUNT(*) FROM games{where}", args).fetchone()[0])
            rows = db.execute(
                "SELECT id, name, variant_id, players, step_count, over, loser, updated"
                f" FROM games{where} ORDER BY updated DESC, id LIMIT ? OFFSET ?",
                [*args, max(0, limit), max(0, offset)],
            ).fetchall()
        return [_summary(r) for r in rows], total

    # --- the variant library ----------------------------------------------------------------

    def save_variant(self, vid: str, name: str, yaml_text: str) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO variants (id, name, yaml, updated) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET name = excluded.name, yaml = excluded.yaml,"
                " updated = excluded.updated",
                (vid, name, yaml_text, time.time()),
            )

    def get_variant(self, vid: str) -> LibraryVariant | None:
        with self._connect() as db:
            r = db.execute(
                "SELECT id, name, yaml, updated FROM variants WHERE id = ?", (vid,)
            ).fetchone()
        return None if r is None else LibraryVariant(r[0], r[1], r[2], float(r[3]))

    def list_variants(self) -> list[LibraryVariant]:
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, name, yaml, updated FROM variants ORDER BY name, id"
            ).fetchall()
        return [LibraryVariant(r[0], r[1], r[2], float(r[3])) for r in rows]

    def delete_variant(self, vid: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM variants WHERE id = ?", (vid,))


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
