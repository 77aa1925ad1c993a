"""What one client may do how often in public mode: guesses at the organiser's password, and
the games and library variants a visitor may create (issue 28 points 4 and 5).

A *client* is what the app can tell visitors apart by: the address their requests come from
(``st.context.ip_address``).  Everything here is kept in the app server's memory, per server:
a restart forgets it, and two servers each count on their own.

**Guesses.**  The first few wrong passwords cost nothing (a typo); after that each wrong one
doubles the wait before that client may try again (1, 2, 4 … up to a minute), and after
``LOCKOUT_AFTER`` wrong ones that client may not try for ``LOCKOUT_SECONDS``.  Only that client:
the organiser signing in from another device is never locked out by a stranger's guesses.

**Quotas.**  A visitor (not the organiser) may create ``KARMA_GAMES_PER_HOUR`` games and add
``KARMA_VARIANTS_PER_HOUR`` variants to the library in any hour, and may not add to a library
that already holds ``KARMA_LIBRARY_MAX`` variants.  Each is configurable; 0 means none.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

GAMES_PER_HOUR_ENV = "KARMA_GAMES_PER_HOUR"
VARIANTS_PER_HOUR_ENV = "KARMA_VARIANTS_PER_HOUR"
LIBRARY_MAX_ENV = "KARMA_LIBRARY_MAX"
DEFAULT_GAMES_PER_HOUR = 30
DEFAULT_VARIANTS_PER_HOUR = 10
DEFAULT_LIBRARY_MAX = 200
HOUR = 3600.0

FREE_GUESSES = 3  # wrong passwords before any wait (a typo or two)
MAX_DELAY = 60.0
LOCKOUT_AFTER = 10
LOCKOUT_SECONDS = 15 * 60.0
FORGET_AFTER = 24 * HOUR  # a client's failures are forgotten after a quiet day
MAX_CLIENTS = 10_000  # memory bound: the quietest clients are forgotten first

Clock = Callable[[], float]


def _setting(env: Mapping[str, str] | None, name: str, default: int) -> int:
    text = (os.environ if env is None else env).get(name, "").strip()
    try:
        value = int(text) if text else default
    except ValueError:
        return default
    return max(0, value)


@dataclass(frozen=True)
class Quotas:
    games_per_hour: int = DEFAULT_GAMES_PER_HOUR
    variants_per_hour: int = DEFAULT_VARIANTS_PER_HOUR
    library_max: int = DEFAULT_LIBRARY_MAX

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Quotas:
        return cls(
            _setting(env, GAMES_PER_HOUR_ENV, DEFAULT_GAMES_PER_HOUR),
            _setting(env, VARIANTS_PER_HOUR_ENV, DEFAULT_VARIANTS_PER_HOUR),
            _setting(env, LIBRARY_MAX_ENV, DEFAULT_LIBRARY_MAX),
        )


def _in_words(seconds: float) -> str:
    """ "3 seconds", "1 minute", "15 minutes": how long to wait, rounded up."""
    if seconds < 60:
        n = max(1, math.ceil(seconds))
        return f"{n} second{'s' if n != 1 else ''}"
    n = math.ceil(seconds / 60)
    return f"{n} minute{'s' if n != 1 else ''}"


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0
    not_before: float = 0.0


class SignInGuard:
    """Wrong organiser passwords, per client (thread-safe: one per app server)."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._clients: dict[str, _Failures] = {}

    def wait_left(self, client: str) -> float:
        """Seconds before ``client`` may try a password again (0: now)."""
        now = self._clock()
        with self._lock:
            found = self._clients.get(client)
            if found is None:
                return 0.0
            if now - found.last > FORGET_AFTER:
                del self._clients[client]
                return 0.0
            return max(0.0, found.not_before - now)

    def refusal(self, client: str) -> str | None:
        """What to say instead of checking a password now, or None when it may be checked."""
        left = self.wait_left(client)
        if left <= 0:
            return None
        with self._lock:
            found = self._clients.get(client)
            locked = found is not None and found.count >= LOCKOUT_AFTER
        if locked:
            return (
                "Too many wrong passwords from this device. Try again in "
                f"{_in_words(left)}, or sign in from another device."
            )
        return f"Wait {_in_words(left)} before you try again."

    def failed(self, client: str) -> None:
        now = self._clock()
        with self._lock:
            found = self._clients.pop(client, None) or _Failures()
            found.count += 1
            found.last = now
            if found.count >= LOCKOUT_AFTER:
                found.not_before = now + LOCKOUT_SECONDS
            elif found.count >= FREE_GUESSES:
                found.not_before = now + min(MAX_DELAY, 2.0 ** (found.count - FREE_GUESSES))
            self._clients[client] = found  # re-inserted: the dict's order is by last failure
            while len(self._clients) > MAX_CLIENTS:
                del self._clients[next(iter(self._clients))]

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)

    def failures(self, client: str) -> int:
        with self._lock:
            found = self._clients.get(client)
            return 0 if found is None else found.count


class Meter:
    """How many times each client did something in the last hour (thread-safe)."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._seen: dict[str, deque[float]] = {}

    def take(self, client: str, limit: int) -> float:
        """Count one more for ``client`` if fewer than ``limit`` in the last hour and return 0;
        else count nothing and return the seconds until one is free again."""
        now = self._clock()
        with self._lock:
            times = self._seen.pop(client, None) or deque()
            while times and now - times[0] >= HOUR:
                times.popleft()
            if len(times) >= limit:
                left = HOUR - (now - times[0]) if times else HOUR
                if times:
                    self._seen[client] = times
                return left
            times.append(now)
            self._seen[client] = times
            while len(self._seen) > MAX_CLIENTS:
                del self._seen[next(iter(self._seen))]
            return 0.0

    def give_back(self, client: str) -> None:
        """Undo the last :meth:`take` (the thing was not made after all)."""
        with self._lock:
            times = self._seen.get(client)
            if times:
                times.pop()


# One of each per app server.
sign_in_guard = SignInGuard()
games_made = Meter()
variants_added = Meter()


def games_quota_words(limit: int, left: float) -> str:
    if limit == 0:
        return "New games cannot be started from outside the club on this app."
    return (
        f"This device has started {limit} games in the last hour, as many as this app allows. "
        f"Carry on with one of them, or start a new one in {_in_words(left)}."
    )


def variants_quota_words(limit: int, left: float) -> str:
    if limit == 0:
        return "Only the club's organiser may add variants to our library on this app."
    return (
        f"This device has added {limit} variants to our library in the last hour, as many as "
        f"this app allows. Add this one in {_in_words(left)}, or download it instead."
    )


def library_full_words(limit: int) -> str:
    return (
        f"Our library is full: it holds {limit} variants, as many as visitors may add. "
        "Download your variant instead, or ask the club's organiser to make room."
    )
