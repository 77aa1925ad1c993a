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


class Conflict(RuntimeError):
    """The game changed since it was read (another tablet stepped first)."""


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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    # --- plumbing ---------------------------------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            db.execute("PRAGMA synchronous=FULL")  # a step survives a power cut / SIGKILL
            db.execute("PRAGMA busy_timeout=10000")
            yield db
        finally:
            db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
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
        return GameRow(
            id=row[0],
            name=row[1],
            variant_id=row[2],
            builtin=bool(row[3]),
            variant=row[4],
            players=tuple(json.loads(row[5])),
            face_up=json.loads(row[6]),
            start=None if row[7] is None else json.loads(row[7]),
            steps=json.loads(row[8]),
            undone=json.loads(row[9]),
            over=bool(row[10]),
            loser=row[11],
            version=int(row[12]),
            created=float(row[13]),
            updated=float(row[14]),
        )

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

    def rename_game(self, gid: str, name: str) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE games SET name = ?, version = version + 1, updated = ? WHERE id = ?",
                (name, time.time(), gid),
            )

    def delete_game(self, gid: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM games WHERE id = ?", (gid,))

    def list_games(self, limit: int = 50) -> list[GameSummary]:
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, name, variant_id, players, step_count, over, loser, updated"
                " FROM games ORDER BY updated DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            GameSummary(
                id=r[0],
                name=r[1],
                variant_id=r[2],
                players=tuple(json.loads(r[3])),
                step_count=int(r[4]),
                over=bool(r[5]),
                loser=r[6],
                updated=float(r[7]),
            )
            for r in rows
        ]

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
        games = [
            GameSummary(
                id=r[0],
                name=r[1],
                variant_id=r[2],
                players=tuple(json.loads(r[3])),
                step_count=int(r[4]),
                over=bool(r[5]),
                loser=r[6],
                updated=float(r[7]),
            )
            for r in rows
        ]
        return games, total

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
