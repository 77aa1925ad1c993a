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

The parts: ``connections`` (where the store is, the engine and pool, waits, faults, the
schema migrated), ``games``, ``library``, with ``schema`` (tables, migrations), ``faults`` and
``wait``; this face is the Store they make and what others use.  In front of it for public
mode: ``access`` (who may see and change which games) with ``limits`` (guesses and quotas).
"""

from __future__ import annotations

import functools
import threading
import time

from referee.store import connections
from referee.store.connections import (
    DATABASE_URL_ENV,
    database_url,
    default_path,
    default_target,
    parse_database_url,
    secrets_url,
    shown_address,
    storable,
)
from referee.store.faults import Conflict, DamagedGame, NotFound, StorageError
from referee.store.games import GameRow, Games, GameSummary
from referee.store.library import Library, LibraryVariant
from referee.store.schema import SCHEMA_VERSION

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


class Store(Games, Library):
    """All reads and writes of the games and the variant library."""


_failed_opens: dict[str, tuple[float, StorageError]] = {}


_failed_lock = threading.Lock()


def open_store(target: str) -> Store:
    """One Store per process and target (an engine holds the pool): the app and the follow
    endpoint share it.  A failure is not kept, so a fixed folder is picked up on reload; but
    for BREAK_SECONDS after a database that could not be reached every page fails at once
    instead of waiting again."""
    with _failed_lock:
        failed = _failed_opens.get(target)
    if failed is not None and time.monotonic() - failed[0] < connections.BREAK_SECONDS:
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
