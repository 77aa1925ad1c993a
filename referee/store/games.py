"""The stored games: their rows, their steps saved one version at a time (two tablets: one
Conflict, never a silent overwrite), followed and listed; and the games a device holds."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, text, update
from sqlalchemy.engine import Connection

from referee.store.connections import Connections, _encodable, _findable, _step_id_ok, storable
from referee.store.faults import (
    INPUT,
    Conflict,
    DamagedGame,
    NotFound,
    StorageError,
)
from referee.store.schema import (
    devices,
    games,
    new_access_key,
    step_ids,
)

# The columns a GameRow and a GameSummary are read from, in the order _game_row/_summary use.
GAME_COLUMNS = (
    *("id", "name", "variant_id", "builtin", "variant", "players", "face_up", "start"),
    *("steps", "undone", "over", "loser", "version", "created", "updated", "told"),
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
    # What the table did at set-up besides the deal (docs/records.md: ``turned_up``), as told;
    # None for a game where nothing was told, every game stored before it included.
    told: dict[str, Any] | None = None


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


KEEP_STEP_IDS = 200  # per game: the ids of its last steps, enough for any retry


CHANGES_CHANNEL = "karma_games"  # PostgreSQL: NOTIFY with a game's id when it changed


class Games(Connections):
    """The games: created, loaded, listed, their steps saved (one version at a time), followed,
    renamed, deleted; and the games a device holds."""

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
        told: dict[str, Any] | None = None,
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
                    told=json.dumps(told) if told else None,
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
        told: dict[str, Any] | None = None,
    ) -> int:
        """Replace a game's setup (a slip put right at the table) and its steps as renamed,
        if nobody changed it since ``expected_version``; the same check as :meth:`save_steps`."""
        return self._replace(
            gid,
            expected_version,
            players=json.dumps(list(players)),
            face_up=json.dumps(face_up),
            start=None if start is None else json.dumps(start),
            told=json.dumps(told) if told else None,
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


def _game_row(row: Sequence[Any]) -> GameRow:
    """A stored row as a GameRow; raises ValueError/TypeError when the row is damaged."""
    players = json.loads(row[5])
    face_up = json.loads(row[6])
    steps = json.loads(row[8])
    undone = json.loads(row[9])
    start = None if row[7] is None else json.loads(row[7])
    told = None if row[15] is None else json.loads(row[15])
    if not (
        isinstance(players, list)
        and all(isinstance(p, str) for p in players)
        and isinstance(face_up, dict)
        and isinstance(steps, list)
        and isinstance(undone, list)
        and (start is None or isinstance(start, dict))
        and (told is None or isinstance(told, dict))
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
        told=told,
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
