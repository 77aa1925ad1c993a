"""The version watcher: one thread per app server and store that keeps the versions of the
games its tablets follow (issue 18 point 5; no Streamlit here, so the app server's own routes
use it from the start).

Four times a second (SQLite; on PostgreSQL a NOTIFY says a change at once) it reads the versions
of the followed games (one indexed query for all of them, so it sees steps stored by *another*
app server too), rewrites the version files whose version changed (``FOLDER``, read by the
page's follow iframe, ``referee.app.follow``) and tells whoever waits for a step (the table
component's version requests, ``referee.app.tableapi``).  A file is named by a hash of the
game's id and its secret link key, so nobody can find out a game's version without holding its
link.  The watchers of an app server are kept with its other caches (``referee.app.live``).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from referee.app.scratch import own_folder
from referee.store import StorageError, Store

WATCH_SECONDS = 0.25  # how often an app server reads the followed games' versions (SQLite)
LISTEN_WATCH_SECONDS = 2.0  # the same on PostgreSQL, where NOTIFY says a change at once
FORGET_SECONDS = 24 * 3600.0  # a game nobody has drawn for a day is no longer watched

log = logging.getLogger(__name__)

FOLDER = own_folder("karma-follow-")
"""This process's version files (``v/<token>.html``), served by the follow iframe's component."""
(FOLDER / "v").mkdir(exist_ok=True)


def follow_token(gid: str, key: str | None) -> str:
    """The version file's name: unguessable without the game's link key."""
    return hashlib.sha256(f"karma-follow\0{gid}\0{key or ''}".encode()).hexdigest()[:32]


class Watcher:
    """One per app server and store: keeps the version files of the followed games current."""

    def __init__(self, store: Store, folder: Path) -> None:
        self.store = store
        self.folder = folder
        (folder / "v").mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._games: dict[str, tuple[str, float]] = {}  # gid -> (token, last drawn)
        self._tokens: dict[str, str] = {}  # token -> gid
        self._written: dict[str, int] = {}
        self._thread: threading.Thread | None = None
        self._listener: threading.Thread | None = None
        self._stopped = threading.Event()
        self._hooks: list[Callable[[str, int], None]] = []

    def on_change(self, hook: Callable[[str, int], None]) -> None:
        """Call ``hook(gid, version)`` whenever a followed game's version moves (from the
        watcher's thread, or the thread of the request that stored a step)."""
        with self._lock:
            if hook not in self._hooks:
                self._hooks.append(hook)

    def _tell(self, changed: list[tuple[str, int]]) -> None:
        for gid, version in changed:
            for hook in list(self._hooks):
                try:
                    hook(gid, version)
                except Exception:  # a waiter gone away must not stop the watcher
                    log.debug("follow hook failed", exc_info=True)

    def gid_of(self, token: str) -> str | None:
        """The game followed under ``token`` here (a dictionary look-up: no query)."""
        with self._lock:
            return self._tokens.get(token)

    def _write(self, token: str, version: int) -> None:
        path = self.folder / "v" / f"{token}.html"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(str(version))
        os.replace(tmp, path)

    def follow(self, gid: str, token: str, version: int) -> None:
        """A tablet drew ``gid`` at ``version``: watch it (and say the version at once)."""
        with self._lock:
            was = self._games.get(gid)
            if was is not None and was[0] != token:  # a new link key: the old token is done
                self._tokens.pop(was[0], None)
                self._written.pop(gid, None)
            self._games[gid] = (token, time.monotonic())
            self._tokens[token] = gid
            moved = self._written.get(gid) != version
            if moved:
                self._written[gid] = version
                self._write(token, version)
            if not self._stopped.is_set() and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._run, name="karma-follow", daemon=True)
                self._thread.start()
            if (
                self.store.server
                and not self._stopped.is_set()
                and (self._listener is None or not self._listener.is_alive())
            ):
                self._listener = threading.Thread(
                    target=self.store.listen,
                    args=(self._heard, self._stopped),
                    name="karma-listen",
                    daemon=True,
                )
                self._listener.start()
        if moved:
            self._tell([(gid, version)])

    def _heard(self, gid: str) -> None:
        """PostgreSQL said a game changed (any app server's step): read it now."""
        with self._lock:
            followed = not gid or gid in self._games
        if followed:
            try:
                self.check(None if not gid else [gid])
            except (StorageError, OSError) as exc:
                log.debug("follow: %s", exc)

    def version_of(self, token: str) -> int | None:
        """The version last written for ``token``'s game (a dictionary look-up: no query)."""
        with self._lock:
            gid = self._tokens.get(token)
            return None if gid is None else self._written.get(gid)

    def check(self, only: list[str] | None = None) -> None:
        """Read every followed game's version (one query; ``only``: those games) and rewrite
        the files that changed."""
        now = time.monotonic()
        with self._lock:
            for gid in [g for g, (_, seen) in self._games.items() if now - seen > FORGET_SECONDS]:
                token, _ = self._games.pop(gid)
                self._tokens.pop(token, None)
                self._written.pop(gid, None)
                (self.folder / "v" / f"{token}.html").unlink(missing_ok=True)
            games = {g: t for g, t in self._games.items() if only is None or g in only}
        if not games:
            return
        states = self.store.follow_states(list(games))
        changed: list[tuple[str, int]] = []
        with self._lock:
            for gid, (token, _) in games.items():
                version, key = states.get(gid, (0, None))  # 0: the game was deleted
                if gid in states and follow_token(gid, key) != token:
                    # The game's link key changed: its old follow token reads nothing more.
                    self._games.pop(gid, None)
                    self._tokens.pop(token, None)
                    self._written.pop(gid, None)
                    (self.folder / "v" / f"{token}.html").unlink(missing_ok=True)
                    continue
                if self._written.get(gid) != version:
                    self._written[gid] = version
                    self._write(token, version)
                    changed.append((gid, version))
        self._tell(changed)

    def stop(self) -> None:
        """End the thread (tests; an app server ends it by exiting)."""
        self._stopped.set()

    def _run(self) -> None:
        every = LISTEN_WATCH_SECONDS if self.store.server else WATCH_SECONDS
        while not self._stopped.wait(every):
            try:
                self.check()
            except (StorageError, OSError) as exc:  # the database restarts: keep watching
                log.debug("follow: %s", exc)  # the store says once that it is away
