"""Bounded waits: no call to the games database waits longer than a few seconds, whatever the
database does (a stopped host, a full disk, a partition that drops packets, a table lock).

Why the client needs its own clock: PostgreSQL's ``statement_timeout`` and ``lock_timeout`` are
enforced by the server, so a *stopped* server enforces nothing, and the kernel keeps answering
TCP for the stopped processes, so keepalives see nothing wrong either.  ``connect_timeout``
covers only new connections.  So every store call runs under a deadline (:func:`deadline`),
and :class:`DeadlineConnection` (a psycopg connection) gives every wait of its queries, the
pool's pre-ping included, at most the time left; when the time is up it closes the connection
(its state is unknown) and raises an error the store turns into "the games database is not
answering".  SQLite gets the same deadline through a progress handler and ``busy_timeout``.

One number sets them all: ``KARMA_DB_WAIT_SECONDS`` (default 5).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

WAIT_ENV = "KARMA_DB_WAIT_SECONDS"
DEFAULT_WAIT = 5.0
CLIENT_MARGIN = 0.5  # the server's own timeout normally wins (the connection stays usable)

_local = threading.local()


def wait_seconds(env: Mapping[str, str] | None = None) -> float:
    """``$KARMA_DB_WAIT_SECONDS`` (1 to 300), else 5: how long a statement or a lock may take."""
    text = (os.environ if env is None else env).get(WAIT_ENV, "").strip()
    try:
        value = float(text) if text else DEFAULT_WAIT
    except ValueError:
        return DEFAULT_WAIT
    return min(300.0, max(1.0, value)) if math.isfinite(value) else DEFAULT_WAIT


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Everything the store does inside must be over within ``seconds`` (nested: the earlier
    deadline wins)."""
    before = getattr(_local, "at", None)
    at = time.monotonic() + seconds
    _local.at = at if before is None else min(at, before)
    try:
        yield
    finally:
        _local.at = before


def remaining() -> float | None:
    """Seconds left before this thread's deadline (None outside :func:`deadline`)."""
    at = getattr(_local, "at", None)
    return None if at is None else at - time.monotonic()


def expired() -> bool:
    left = remaining()
    return left is not None and left <= 0


def connect_timeout(wait: float) -> int:
    """libpq's ``connect_timeout`` for a new connection now: ``wait``, or what is left of this
    thread's deadline if less (at least 2 s, libpq's minimum)."""
    left = remaining()
    return max(2, math.ceil(wait if left is None else min(wait, left)))


def deadline_connection_class() -> type[Any]:
    """A psycopg connection whose every wait ends by this thread's deadline (imported late:
    psycopg is only needed when a PostgreSQL address is configured)."""
    import psycopg

    class Hung(psycopg.OperationalError):
        karma_hung = True

    class DeadlineConnection(psycopg.Connection[Any]):
        def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
            left = remaining()
            if left is None:
                return super().wait(gen, interval=interval, timeout=timeout)
            if left <= 0:
                self.close()
                raise Hung("the games database did not answer in time")
            limit = left if timeout is None else min(timeout, left)
            try:
                return super().wait(gen, interval=interval, timeout=limit)
            except psycopg.OperationalError:
                if not expired():
                    raise
                # Our deadline passed with the query unanswered: the connection's state is
                # unknown, so it is closed (the pool replaces it) rather than reused.
                self.close()
                raise Hung("the games database did not answer in time") from None

    DeadlineConnection.Hung = Hung  # type: ignore[attr-defined]
    return DeadlineConnection
