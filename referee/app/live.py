"""What one app server keeps between requests, in one place (issue 43.2).

Why one object: the step route, the version route and the Referee page all read and change the
same few things, and a test needs them fresh.  A :class:`Live` holds

- the live games: each game as this app server stored it last (a ``table.Table``, so the next
  step on it replays nothing), with one lock per game so that two requests on one game take
  turns;
- the recent versions (:class:`Recent`): each version of a game a tablet drew lately, frozen,
  so that a tablet that is behind is told what changed since;
- the followers: one version watcher per store (``referee.app.watcher.Watcher``) and the
  version requests waiting for a step (:class:`Waiting`).

The app server has one (:func:`server`); a test makes a fresh one and puts it in place
(:func:`replace`), then stops it (:meth:`Live.stop`).  No Streamlit here: the app server's
routes use it from the start.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from pathlib import Path

from referee.store import Store

from . import table
from .watcher import FOLDER, Watcher

KEEP_LIVE = 32  # games whose live copy an app server keeps between requests
KEEP_VERSIONS = 8  # per game: the versions a tablet that is behind may still show
KEEP_GAMES = 64  # games whose recent versions are kept


class Recent:
    """The games this app server drew or answered lately, frozen by version (every tablet on
    one game draws the same versions): a tablet that is behind is told what changed since the
    version it showed, whether its page or its table component asks."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, OrderedDict[int, table.Drawn]] = OrderedDict()

    def remember(self, tbl: table.Table) -> None:
        with self._lock:
            kept = self._games.get(tbl.gid)
            if kept is not None and tbl.version in kept:
                self._games.move_to_end(tbl.gid)
                return
        frozen = table.drawn(tbl)  # outside the lock: a copy of the game's step lists
        with self._lock:
            kept = self._games.setdefault(tbl.gid, OrderedDict())
            self._games.move_to_end(tbl.gid)
            kept[frozen.version] = frozen
            while len(kept) > KEEP_VERSIONS:
                kept.popitem(last=False)
            while len(self._games) > KEEP_GAMES:
                self._games.popitem(last=False)

    def recall(self, gid: str, version: int) -> table.Drawn | None:
        with self._lock:
            kept = self._games.get(gid)
            return None if kept is None else kept.get(version)


Entry = tuple[asyncio.AbstractEventLoop, asyncio.Event]


class Waiting:
    """The version requests waiting for a step, by game: woken from any thread (the watcher's,
    or a step request's) through their event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: dict[str, set[Entry]] = {}

    def add(self, gid: str) -> Entry:
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._events.setdefault(gid, set()).add(entry)
        return entry

    def drop(self, gid: str, entry: Entry) -> None:
        with self._lock:
            kept = self._events.get(gid)
            if kept is not None:
                kept.discard(entry)
                if not kept:
                    del self._events[gid]

    def changed(self, gid: str, version: int) -> None:
        with self._lock:
            woken = list(self._events.get(gid, ()))
        for loop, event in woken:
            loop.call_soon_threadsafe(event.set)


class Live:
    """One app server's live games, recent versions and followers (see the module)."""

    def __init__(self, folder: Path = FOLDER) -> None:
        self.recent = Recent()
        self.waiting = Waiting()
        self._folder = folder
        self._lock = threading.Lock()
        self._games: OrderedDict[str, table.Table] = OrderedDict()  # gid -> as stored here
        self._game_locks: dict[str, threading.Lock] = {}
        self._watchers: dict[int, Watcher] = {}

    def game_lock(self, gid: str) -> threading.Lock:
        """The lock a request holds while it reads or changes ``gid``'s live copy."""
        with self._lock:
            return self._game_locks.setdefault(gid, threading.Lock())

    def game(self, gid: str) -> table.Table | None:
        """The live copy of ``gid`` (``table.load_table`` checks it is still the stored one)."""
        with self._lock:
            return self._games.get(gid)

    def keep(self, tbl: table.Table) -> None:
        """``tbl`` is the game as stored now: the next request starts from it (the last
        KEEP_LIVE games are kept)."""
        with self._lock:
            self._games[tbl.gid] = tbl
            self._games.move_to_end(tbl.gid)
            while len(self._games) > KEEP_LIVE:
                gone, _ = self._games.popitem(last=False)
                self._game_locks.pop(gone, None)

    def forget(self, gid: str) -> None:
        """The live copy of ``gid`` is not the stored game (or it is gone): read it again."""
        with self._lock:
            self._games.pop(gid, None)

    def watcher(self, store: Store) -> Watcher:
        """The watcher of the games followed through ``store`` (the process-wide store, shared
        by all sessions)."""
        with self._lock:
            found = self._watchers.get(id(store))
            if found is None:
                found = self._watchers[id(store)] = Watcher(store, self._folder)
                found.on_change(self.waiting.changed)  # a step wakes the requests waiting
            return found

    def stop(self) -> None:
        """Stop every watcher's thread (a test's end; an app server ends them by exiting)."""
        with self._lock:
            watchers = list(self._watchers.values())
            self._watchers.clear()
        for w in watchers:
            w.stop()


_server = Live()


def server() -> Live:
    """This app server's :class:`Live`."""
    return _server


def replace(fresh: Live) -> Live:
    """Put ``fresh`` in place of this app server's :class:`Live` (tests); returns the one it
    replaces."""
    global _server
    old, _server = _server, fresh
    return old
