"""The stored tables and the numbered steps that build them, on SQLite and PostgreSQL alike.

The tables below are what the queries use (SQLAlchemy Core).  The *schema* of a database is
built only by :data:`MIGRATIONS`: a hand-kept list, run in order, each step once, each in one
transaction.  A later change appends a step and never edits an old one, so a database written
by any earlier release is brought forward exactly.  (Alembic would do the same; a list this
short is easier to read and runs the same on both backends.)

Where the version is kept: SQLite files carry it in ``PRAGMA user_version`` (as the first
releases did, so an older app refuses a newer file); PostgreSQL in the one-row table
``karma_schema``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Column, Float, Index, Integer, MetaData, Table, Text, inspect, text
from sqlalchemy.engine import Connection

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("variant_id", Text, nullable=False),
    Column("builtin", Integer, nullable=False, default=0),
    Column("variant", Text, nullable=False),
    Column("players", Text, nullable=False),
    Column("face_up", Text, nullable=False, default="{}"),
    Column("start", Text),
    Column("steps", Text, nullable=False, default="[]"),
    Column("undone", Text, nullable=False, default="[]"),
    Column("step_count", Integer, nullable=False, default=0),
    Column("over", Integer, nullable=False, default=0),
    Column("loser", Text),
    Column("version", Integer, nullable=False, default=1),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("access_key", Text),  # step 2: the secret half of a game link (public mode)
    Column("told", Text),  # step 5: what the table did at set-up (JSON; a turned-up card)
    Index("games_updated", "updated"),
)

variants = Table(
    "variants",
    metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("yaml", Text, nullable=False),
    Column("updated", Float, nullable=False),
)


step_ids = Table(
    "step_ids",
    metadata,
    Column("game_id", Text, primary_key=True),
    Column("step_id", Text, primary_key=True),  # made by the tablet that took the step
    Column("version", Integer, nullable=False),  # the game's version the step made
    Column("added", Float, nullable=False),
)

devices = Table(
    "devices",
    metadata,
    Column("device", Text, primary_key=True),  # a hash of the browser's device key
    Column("game_id", Text, primary_key=True),
    Column("added", Float, nullable=False),
)


def new_access_key() -> str:
    """128 random bits, URL-safe (22 characters): the part of a game link nobody can guess."""
    return secrets.token_urlsafe(16)


# The first release's tables, as SQL that both backends read ({float}: REAL on SQLite, whose
# REAL is 8 bytes; DOUBLE PRECISION on PostgreSQL, whose REAL is 4 and would round a time).
FIRST_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    variant_id  TEXT NOT NULL,
    builtin     INTEGER NOT NULL DEFAULT 0,
    variant     TEXT NOT NULL,
    players     TEXT NOT NULL,
    face_up     TEXT NOT NULL DEFAULT '{{}}',
    start       TEXT,
    steps       TEXT NOT NULL DEFAULT '[]',
    undone      TEXT NOT NULL DEFAULT '[]',
    step_count  INTEGER NOT NULL DEFAULT 0,
    over        INTEGER NOT NULL DEFAULT 0,
    loser       TEXT,
    version     INTEGER NOT NULL DEFAULT 1,
    created     {float} NOT NULL,
    updated     {float} NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
CREATE TABLE IF NOT EXISTS variants (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    yaml        TEXT NOT NULL,
    updated     {float} NOT NULL
)
"""


def run_sql(sql: str) -> Callable[[Connection], None]:
    """A step made of SQL statements (separated by ';')."""

    def step(db: Connection) -> None:
        float_type = "DOUBLE PRECISION" if db.dialect.name == "postgresql" else "REAL"
        for statement in sql.format(float=float_type).split(";"):
            if statement.strip():
                db.exec_driver_sql(statement)

    return step


def _give_every_game_a_key(db: Connection) -> None:
    """Step 2: games get an unguessable link key (games made before it get one now).  A file
    whose version number was reset by hand may have the column already: keep it."""
    if "access_key" not in {c["name"] for c in inspect(db).get_columns("games")}:
        db.exec_driver_sql("ALTER TABLE games ADD COLUMN access_key TEXT")
    ids = [row[0] for row in db.execute(text("SELECT id FROM games WHERE access_key IS NULL"))]
    for gid in ids:
        db.execute(
            text("UPDATE games SET access_key = :key WHERE id = :id"),
            {"key": new_access_key(), "id": gid},
        )


@dataclass(frozen=True)
class Migration:
    description: str
    apply: Callable[[Connection], None]


DEVICES_SCHEMA = """
CREATE TABLE IF NOT EXISTS devices (
    device      TEXT NOT NULL,
    game_id     TEXT NOT NULL,
    added       {float} NOT NULL,
    PRIMARY KEY (device, game_id)
);
CREATE INDEX IF NOT EXISTS devices_game ON devices (game_id)
"""

# Step 4: the id each tablet gives a step, stored in the step's own transaction, so that a
# retried request is recognised and a tablet that lost the answer can be told the truth.
STEP_IDS_SCHEMA = """
CREATE TABLE IF NOT EXISTS step_ids (
    game_id     TEXT NOT NULL,
    step_id     TEXT NOT NULL,
    version     INTEGER NOT NULL,
    added       {float} NOT NULL,
    PRIMARY KEY (game_id, step_id)
)
"""


def _add_what_the_table_told(db: Connection) -> None:
    """Step 5: what the table did at set-up besides the deal (a card turned up to start the
    pile, ruling 156), as told on the New game page or in a record; NULL for every game stored
    before it (nothing was told), so each reads as before."""
    if "told" not in {c["name"] for c in inspect(db).get_columns("games")}:
        db.exec_driver_sql("ALTER TABLE games ADD COLUMN told TEXT")


MIGRATIONS: tuple[Migration, ...] = (
    Migration("games and the variant library", run_sql(FIRST_SCHEMA)),
    Migration("an access key for every game (links for public mode)", _give_every_game_a_key),
    Migration("the games each device holds (public mode)", run_sql(DEVICES_SCHEMA)),
    Migration(
        "the id of each step a tablet took (a retry is never applied twice)",
        run_sql(STEP_IDS_SCHEMA),
    ),
    Migration("what the table did at set-up (a turned-up card)", _add_what_the_table_told),
)
SCHEMA_VERSION = len(MIGRATIONS)
