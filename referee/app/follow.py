"""Other tablets' steps, shown within two seconds, for almost no server CPU per idle tablet.

Before: every open tablet reran a Streamlit fragment every 1.5 s (a round trip through the
script runner: about 35 ms of server CPU per tablet per second).  Now a tablet's page holds a
tiny component (an invisible iframe) whose script fetches one small file every 0.75 s, the
current version of its game, and only when that differs from the version it shows does it ask
Streamlit for a rerun.  An idle tablet therefore costs a static-file request now and then.

The files are written by one :class:`Watcher` thread per app server: four times a second it reads
the versions of the games its tablets follow (one indexed query for all of them, so it sees
steps stored by *another* app server too) and rewrites the files whose version changed.  A file
is named by a hash of the game's id and its secret link key, so nobody can find out a game's
version without holding its link.

The table component (a game under way, on an app server started by ``karma app``) asks for the
same version itself, through ``referee.app.tableapi`` (``GET /api/karma/version``: the watcher's
last reading, no file and no query): its page draws no iframe.

Nothing here changes the rules of a step: a tablet that is behind is still refused by the
store's version check (``referee.store.Conflict``).
"""

from __future__ import annotations

import atexit
import hashlib
import logging
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import streamlit.components.v1 as components

from referee.app.table import follow_seconds
from referee.store import StorageError, Store

WATCH_SECONDS = 0.25  # how often an app server reads the followed games' versions (SQLite)
LISTEN_WATCH_SECONDS = 2.0  # the same on PostgreSQL, where NOTIFY says a change at once
FORGET_SECONDS = 24 * 3600.0  # a game nobody has drawn for a day is no longer watched

log = logging.getLogger(__name__)

# The component: it says it is ready, takes no room, and polls its game's version file.
PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><script>
let token = null, shown = null, period = 1000, asked = null;
const send = (type, data) =>
  window.parent.postMessage(Object.assign({isStreamlitMessage: true, type: type}, data), "*");
window.addEventListener("message", (e) => {
  const d = e.data;
  if (!d || d.type !== "streamlit:render") return;
  token = d.args.token; shown = d.args.version; period = d.args.period; asked = null;
});
send("streamlit:componentReady", {apiVersion: 1});
send("streamlit:setFrameHeight", {height: 0});
async function tick() {
  if (token && !document.hidden) {
    try {
      const r = await fetch("v/" + token + ".html?t=" + Date.now(), {cache: "no-store"});
      if (r.ok) {
        const now = parseInt(await r.text(), 10);
        if (Number.isFinite(now) && now !== shown && now !== asked) {
          asked = now;  // ask once per version, until the page draws it
          send("streamlit:setComponentValue", {value: now, dataType: "json"});
        }
      }
    } catch (err) { /* the server restarts: try again next time */ }
  }
  setTimeout(tick, period);
}
setTimeout(tick, 250);
</script></body></html>
"""


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


_watchers: dict[int, Watcher] = {}
_watchers_lock = threading.Lock()
_folder = Path(tempfile.mkdtemp(prefix="karma-follow-"))
atexit.register(shutil.rmtree, _folder, True)
(_folder / "index.html").write_text(PAGE)
(_folder / "v").mkdir(exist_ok=True)
_component = components.declare_component("karma_follow", path=str(_folder))


def watcher(store: Store) -> Watcher:
    """The process's watcher for ``store`` (the process-wide store, shared by all sessions)."""
    with _watchers_lock:
        found = _watchers.get(id(store))
        if found is None:
            found = _watchers[id(store)] = Watcher(store, _folder)
        return found


def period_ms() -> int:
    """How often a tablet asks for its game's version (KARMA_FOLLOW_SECONDS), in ms."""
    return int(follow_seconds() * 1000)


def watch(base: Store, gid: str, token: str, version: int) -> None:
    """A tablet drew ``gid`` at ``version``: this app server watches the game's version (the
    table component asks it through ``referee.app.tableapi``; the iframe below reads the file)."""
    watcher(base).follow(gid, token, version)


def known_version(base: Store, token: str) -> int | None:
    """The version this app server last saw of the game followed under ``token`` (None: no
    tablet here follows such a game)."""
    return watcher(base).version_of(token)


def follow(token: str, base: Store, gid: str, version: int, on_change: Callable[[], None]) -> None:
    """Keep this page in step with ``gid``: ``on_change`` runs (before the page is drawn again)
    when the game's stored version differs from ``version``, the one this page shows.

    ``token`` is :func:`follow_token` of the game's id and link key (read by the visitor's
    store, which must be allowed to read it); ``base`` is the process-wide store the watcher
    reads with.
    """
    watch(base, gid, token, version)
    _component(
        token=token,
        version=version,
        period=period_ms(),
        key="karma_follow",
        default=None,
        on_change=on_change,
    )
