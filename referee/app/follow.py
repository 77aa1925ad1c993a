"""Other tablets' steps, shown within two seconds, for almost no server CPU per idle tablet.

Before: every open tablet reran a Streamlit fragment every 1.5 s (a round trip through the
script runner: about 35 ms of server CPU per tablet per second).  Now a tablet's page holds a
tiny component (an invisible iframe) whose script fetches one small file every 0.75 s, the
current version of its game, and only when that differs from the version it shows does it ask
Streamlit for a rerun.  An idle tablet therefore costs a static-file request now and then.

The files are written by one watcher thread per app server and store
(``referee.app.watcher.Watcher``, kept with the app server's other caches in
``referee.app.live``): four times a second it reads the versions of the games its tablets follow
(one indexed query for all of them, so it sees steps stored by *another* app server too) and
rewrites the files whose version changed.  A file is named by a hash of the game's id and its
secret link key, so nobody can find out a game's version without holding its link.

The table component (a game under way, on an app server started by ``karma app``) asks for the
same version itself, through ``referee.app.tableapi`` (``GET /api/karma/version``: the watcher's
last reading, no file and no query): its page draws no iframe.

Nothing here changes the rules of a step: a tablet that is behind is still refused by the
store's version check (``referee.store.Conflict``).
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit.components.v1 as components

from referee.app import live
from referee.app.table import follow_seconds
from referee.app.watcher import FOLDER, Watcher, follow_token
from referee.store import Store

__all__ = ["follow", "follow_token", "period_ms", "watch", "watcher"]

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


(FOLDER / "index.html").write_text(PAGE)
_component = components.declare_component("karma_follow", path=str(FOLDER))


def watcher(store: Store) -> Watcher:
    """This app server's watcher for ``store`` (the process-wide store, shared by all
    sessions), kept with its other caches (``referee.app.live``)."""
    return live.server().watcher(store)


def period_ms() -> int:
    """How often a tablet asks for its game's version (KARMA_FOLLOW_SECONDS), in ms."""
    return int(follow_seconds() * 1000)


def watch(base: Store, gid: str, token: str, version: int) -> None:
    """A tablet drew ``gid`` at ``version``: this app server watches the game's version (the
    table component asks it through ``referee.app.tableapi``; the iframe below reads the file)."""
    watcher(base).follow(gid, token, version)


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
