"""The table component's own requests to the app server: a step, and the version of its game.

Why: every step of a game goes here (issue 43.2: one step route).  A step sent through
Streamlit would rerun the page's script and make the browser apply the rerun to Streamlit's
whole app (about 90 ms of a tablet's CPU per Play, most of it Streamlit's own); a request of
the component's own is answered with the next step's data, which it draws itself.
``referee/app/server.py`` mounts these routes beside Streamlit's (``st.App``); an app server
without them (``streamlit run`` of the page itself) hands the component no ``api``: its table
then says that it takes no steps there.

What a request may do is what the page that drew the component may do: a step request carries
the game's *step token*, a keyed hash of the game's id by its secret link key that only a page
allowed to show the game hands out (``referee.store.access``), and is judged by the engine again
(:func:`taking`: the one way a step is taken, which the end of a game's Undo and Redo on the
page go through too).  A version request names the game by its follow token
(``referee.app.follow``).  Bodies are small JSON objects, read up to
:data:`MAX_BODY` bytes; every answer is JSON or a number, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import signal
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.store import NotFound, StorageError, Store

from . import live, stepping, table, tableview_data, view
from .watcher import follow_token

log = logging.getLogger(__name__)

APP_MAIN = Path(__file__).resolve().parent / "main.py"  # the app's script (every page)
STEP_PATH = "/api/karma/step"
VERSION_PATH = "/api/karma/version"
MAX_BODY = 8192  # bytes: a step is a dozen short fields
BODY_SECONDS = 3.0  # a body not sent whole within this is cut off (a tablet sends it at once)
TOKEN_LENGTH = 32
NO_STORE = {"Cache-Control": "no-store"}

_prefix: str | None = None  # the routes' base path, set when they are mounted (None: not)


def step_token(gid: str, key: str | None) -> str:
    """The token a step request on ``gid`` carries: nobody without the link key can make it
    ("" for a game without one: no request can act on it)."""
    if not key:
        return ""
    digest = hmac.new(key.encode(), f"karma-step\0{gid}".encode(), hashlib.sha256)
    return digest.hexdigest()[:TOKEN_LENGTH]


def links(
    gid: str, step: str, follow_token: str, period_ms: int, panels: bool = False
) -> dict[str, object]:
    """What the component needs to send its own requests (``api`` None: the routes are not
    mounted on this app server, or the game has no link key: no step can be taken).
    ``panels``: the page draws the game beside the table too (the game log, the fix panel),
    so the component asks it to draw again after each step and after another tablet's
    (``rerun``).  The component follows other tablets in both cases: it alone knows which
    steps were its own."""
    mounted = _prefix is not None and bool(step)
    follows = mounted
    return {
        "gid": gid,
        "api": f"{_prefix}{STEP_PATH}" if mounted else None,
        "token": step if mounted else "",
        "rerun": panels,
        "version_api": f"{_prefix}{VERSION_PATH}" if follows else None,
        "follow": follow_token if follows else "",
        "period": period_ms,
    }


def mounted() -> bool:
    return _prefix is not None


def _step_id(payload: Mapping[str, Any]) -> str | None:
    """The tablet's id for this step ("" when it sent none; None: not an id)."""
    sid = payload.get("sid")
    if sid is None:
        return ""
    ok = isinstance(sid, str) and 0 < len(sid) <= 64 and sid.isascii() and sid.isprintable()
    return sid if ok else None


def _request(payload: Mapping[str, Any]) -> tuple[str, str, int, str] | None:
    gid, token, shown, action = (payload.get(k) for k in ("gid", "token", "version", "action"))
    if not (isinstance(gid, str) and 0 < len(gid) <= 64):
        return None
    if not (isinstance(token, str) and len(token) == TOKEN_LENGTH and token.isascii()):
        return None
    if not isinstance(shown, int) or isinstance(shown, bool):
        return None
    if not isinstance(action, str) or action not in stepping.ACTIONS:
        return None
    if not all(_fits(payload.get(k), kinds) for k, kinds in FIELDS.items()):
        return None
    return gid, token, shown, action


# The choice's fields, each of its kinds (None: may be left out or null).  Anything else is a
# bad request, answered 400 before anything is looked up.
_TEXT, _NUMBER = "text", "number"
FIELDS: dict[str, tuple[str | None, ...]] = {
    "card": (_TEXT, None),
    "count": (_NUMBER, None),
    "zone": (_TEXT, None),
    "by": (_TEXT, None),
    "to": (_TEXT, None),
    "give": (_TEXT, None),
    "suit": (_TEXT, None),  # the suit a play shows (issue 42, ruling 149)
    "limit": (_TEXT, None),  # higher or lower, as a card's player says (ruling 171)
    "take": (_TEXT, None),
    "as": (_TEXT, None),  # the number a card its player names counts as (ruling 153)
    "run": (_TEXT, None),  # a run's lowest card, the card chosen its top (ruling 166)
}


def _fits(value: object, kinds: tuple[str | None, ...]) -> bool:
    if value is None:
        return None in kinds
    if isinstance(value, str):
        return _TEXT in kinds and len(value) <= 64
    if isinstance(value, int) and not isinstance(value, bool):
        return _NUMBER in kinds and 0 <= value <= 1_000_000
    return False


def answer(payload: Mapping[str, Any], base: Store) -> tuple[int, dict[str, object]]:
    """A step request, answered: (HTTP status, JSON body).  200 with ``data``: the next step's
    data for the component (with ``reset``: start the choice afresh, and ``top``: show the top
    of the page); 200 with ``reload``: the page must draw the game (it is over, or gone); 4xx or
    503: the component hands the step to the page, which says what is wrong."""
    asked = _request(payload)
    sid = _step_id(payload)
    if asked is None or sid is None:
        return 400, {"error": "This is not a step the table can take."}
    gid, token, shown, action = asked
    try:
        key = base.access_key(gid)
    except StorageError as e:
        return 503, _unsure(e)
    if key is None or not hmac.compare_digest(token, step_token(gid, key)):
        return 403, {"error": "This tablet may not change that game."}
    with taking(base, gid, shown, action, payload, sid or None) as taken:
        done, tbl = taken.done, taken.tbl
        if taken.fault is not None:
            return 503, _unsure(taken.fault)
        if done is not None and done.unsure:  # the tablet asks again with the same step id
            return 503, {"error": stepping.UNSURE, "retry": True}
        if tbl is None or tbl.game.over:
            return 200, {"reload": True}  # the page draws the end of the game, or says why not
        # Drawn while the game is this request's: the next request changes the same copy.
        return 200, {
            "data": _data(base, tbl, key, done.note if done is not None else None),
            "reset": done is not None and done.reset,
            "top": done is not None and done.stepped,
        }


@dataclass(frozen=True)
class Taken:
    """What came of an action on a game (:func:`taking`)."""

    done: stepping.Done | None = None  # what ``stepping.act`` said (None: nothing to do)
    tbl: table.Table | None = None  # the game as stored now; None: gone, or cannot be read
    fault: StorageError | None = None  # the game could not be read before the action


@contextlib.contextmanager
def taking(
    base: Store,
    gid: str,
    shown: int,
    action: str,
    choice: Mapping[str, Any] | None = None,
    step_id: str | None = None,
) -> Iterator[Taken]:
    """Carry out ``action`` on ``gid`` for a tablet that showed version ``shown``: the one way
    a step is taken, by the step route (:func:`answer`) and by the page's Undo and Redo at the
    end of a game alike.  The game is this app server's live copy (``referee.app.live``), read
    again if the store moved on; ``choice`` is the tablet's choice (looked up in this game:
    nothing in it is trusted); ``step_id`` the tablet's id for the step (``stepping.act``).
    The game stays the caller's until the ``with`` ends: the next action waits for it."""
    here = live.server()
    with here.game_lock(gid):
        yield _take(here, base, gid, shown, action, choice, step_id)


def _take(
    here: live.Live,
    base: Store,
    gid: str,
    shown: int,
    action: str,
    choice: Mapping[str, Any] | None,
    step_id: str | None,
) -> Taken:
    try:
        tbl = table.load_table(base, gid, here.game(gid))
    except NotFound:
        here.forget(gid)
        return Taken()
    except StorageError as e:
        return Taken(fault=e)
    except Exception:  # a game that cannot be read any more: the page says so
        here.forget(gid)
        return Taken()
    sel = (None if choice is None else tableview_data.selection_from(choice, tbl.game)) or (
        view.fresh()
    )
    old = here.recent.recall(gid, shown)
    done = stepping.act(base, tbl, old, shown, action, sel, step_id=step_id)
    if done is not None and done.unsure:
        here.forget(gid)
        return Taken(done)
    if done is not None and done.reread:
        here.forget(gid)
        try:
            tbl = table.load_table(base, gid)
        except Exception:  # the page says what is wrong with the stored game
            return Taken(done)
    here.keep(tbl)
    here.recent.remember(tbl)
    return Taken(done, tbl)


def _unsure(fault: StorageError) -> dict[str, object]:
    """The database could not be asked before the step: the tablet sends it again (with the
    same step id) until it can; meanwhile the table says so."""
    if fault.kind in ("hung", "unavailable"):
        return {"error": stepping.UNSURE, "retry": True}
    return {"error": fault.message}


def _data(
    base: Store, tbl: table.Table, key: str, note: tuple[str, str] | None
) -> dict[str, object]:
    # Streamlit's side of the table (imported by the page first): not at the server's start.
    from referee.app import follow, tablecomp
    from referee.app.common import group_words

    group = tablecomp.group_of(tbl)
    group_words(group)  # the HTML's group words, in this request's context
    facts = view.step_facts(tbl.game)
    data = tablecomp.screen_data(tbl, facts, group, notes=(note,) if note else ())
    token = follow.follow_token(tbl.gid, key)
    follow.watch(base, tbl.gid, token, tbl.version)  # other tablets hear of it at once
    data.update(links(tbl.gid, step_token(tbl.gid, key), token, follow.period_ms()))
    return data


def state_store() -> Store:
    from referee.app import state

    return state.process_store()


LONG_POLL_SECONDS = 20.0  # a version request waits this long for a step, then says none came
EXIT_CHECK_SECONDS = 0.5  # ... and looks this often whether the app server is shutting down


def _server_exiting() -> bool:
    """The app server is shutting down: uvicorn caught SIGTERM or SIGINT and now waits for every
    open request to end before it exits, so a waiting version request answers at once.  (Its
    signal handler is a method of the server, whose ``should_exit`` says so.)"""
    handler = signal.getsignal(signal.SIGTERM)
    return bool(getattr(getattr(handler, "__self__", None), "should_exit", False))


def follow_answer(token: str, shown: int, base: Store) -> tuple[int, dict[str, object]]:
    """The game followed under ``token`` as it is now, for a tablet that shows version
    ``shown``: 200 with ``data`` (the step's table data, with what another tablet did as a
    note) when it moved on, ``{"version": shown}`` when it did not, ``reload`` when the page
    must draw it (over, or gone); 404 for a token that follows no game here."""
    here = live.server()
    gid = here.watcher(base).gid_of(token)
    if gid is None:
        return 404, {}
    try:
        key = base.access_key(gid)
    except StorageError as e:
        return 503, {"error": e.message}
    if key is None or not hmac.compare_digest(token, follow_token(gid, key)):
        return 404, {}
    with here.game_lock(gid):
        try:
            tbl = table.load_table(base, gid, here.game(gid))
        except StorageError as e:
            return 503, {"error": e.message}
        except Exception:  # gone, or cannot be read any more: the page says so
            here.forget(gid)
            return 200, {"reload": True}
        here.keep(tbl)
        here.recent.remember(tbl)
        if tbl.version == shown:
            return 200, {"version": shown}
        if tbl.game.over:
            return 200, {"reload": True}
        old = here.recent.recall(gid, shown)
        same = old is not None and table.same_game(old, tbl)
        note = None if same else ("info", table.change_words(old, tbl))
        return 200, {"data": _data(base, tbl, key, note), "reset": not same, "top": False}


def version_of(token: str) -> str | None:
    """A version request: the version this app server last saw of the game followed under
    ``token``, as text (None: no such game is followed here)."""
    if len(token) > 64:
        return None
    found = live.server().watcher(state_store()).version_of(token)
    return None if found is None else str(found)


class _TooLong(Exception):
    pass


async def _read_body(request: Any) -> bytes:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _TooLong
    return body


def _refused(headers: Mapping[str, str]) -> tuple[int, str] | None:
    """Why a step request is refused before its body is read, or None: a step is JSON sent by
    the app's own page.  A browser says where a request comes from (``Sec-Fetch-Site``, or
    ``Origin`` where it has no such header), so a page on another site cannot post one, not
    even as ``text/plain`` (which needs no CORS preflight).  A client that is no browser
    sends neither, and still needs the game's step token."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return 415, "A step is sent as JSON."
    site = headers.get("sec-fetch-site")
    if site is not None:
        return None if site == "same-origin" else (403, "Steps come from the app's own page.")
    origin = headers.get("origin")
    if origin is None:
        return None
    host = headers.get("x-forwarded-host") or headers.get("host") or ""
    netloc = origin.split("://", 1)[-1].rstrip("/")
    if not host or netloc.lower() != host.split(",")[0].strip().lower():
        return 403, "Steps come from the app's own page."
    return None


async def _long_poll(token: str, shown_text: str) -> tuple[int, dict[str, object]]:
    """A tablet that shows version ``shown_text``: wait for a step (at most LONG_POLL_SECONDS),
    then answer with its table data (:func:`follow_answer`)."""
    from starlette.concurrency import run_in_threadpool

    if len(token) > 64 or not shown_text.isdigit() or len(shown_text) > 12:
        return 400, {}
    shown = int(shown_text)
    base = state_store()
    here = live.server()
    watcher = here.watcher(base)  # it wakes the waiting requests (``Live.waiting``)
    gid = watcher.gid_of(token)
    if gid is None:
        return 404, {}
    waiting = here.waiting
    entry = waiting.add(gid)  # before the look: a step stored meanwhile still wakes it
    try:
        until = time.monotonic() + LONG_POLL_SECONDS
        while watcher.version_of(token) == shown and not _server_exiting():
            left = until - time.monotonic()
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(entry[1].wait(), min(left, EXIT_CHECK_SECONDS))
    finally:
        waiting.drop(gid, entry)
    if watcher.version_of(token) == shown:
        return 200, {"version": shown}
    try:
        return await run_in_threadpool(follow_answer, token, shown, base)
    except Exception:  # never a traceback to the tablet: one line in the log
        log.error("table version request failed", exc_info=True)
        return 500, {}


def routes(base_url: str = "") -> list[Any]:
    """The two routes, under the app's base path (``server.baseUrlPath``); from now on the
    page hands the component their addresses."""
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import JSONResponse, PlainTextResponse, Response
    from starlette.routing import Route

    global _prefix
    prefix = "/" + base_url.strip("/") if base_url.strip("/") else ""

    async def step(request: Request) -> Response:
        refused = _refused(request.headers)
        if refused is not None:
            return JSONResponse({"error": refused[1]}, status_code=refused[0], headers=NO_STORE)
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": "Too long."}, status_code=413, headers=NO_STORE)
        try:
            body = await asyncio.wait_for(_read_body(request), BODY_SECONDS)
        except _TooLong:
            return JSONResponse({"error": "Too long."}, status_code=413, headers=NO_STORE)
        except ClientDisconnect:  # the tablet went away mid-body: nobody to answer, no log
            return Response(status_code=400, headers=NO_STORE)
        except TimeoutError:  # a body that does not come: cut off, said in one line
            log.info("a step request's body did not arrive within %s s: cut off", BODY_SECONDS)
            return JSONResponse(
                {"error": "Too slow."},
                status_code=408,
                headers={**NO_STORE, "Connection": "close"},
            )
        try:
            payload = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's limit
            payload = None
        if not isinstance(payload, dict):
            return JSONResponse({"error": "Not a step."}, status_code=400, headers=NO_STORE)
        try:
            status, reply = await run_in_threadpool(answer, payload, state_store())
        except Exception:  # never a traceback to the tablet: one line in the log
            log.error("table step request failed", exc_info=True)
            status, reply = 500, {"error": "The step could not be taken here."}
        return JSONResponse(reply, status_code=status, headers=NO_STORE)

    async def version(request: Request) -> Response:
        token = request.query_params.get("t", "")
        shown_text = request.query_params.get("v")
        if shown_text is None:  # the version alone, as text
            said = await run_in_threadpool(version_of, token)
            if said is None:
                return PlainTextResponse("", status_code=404, headers=NO_STORE)
            return PlainTextResponse(said, headers=NO_STORE)
        status, reply = await _long_poll(token, shown_text)
        return JSONResponse(reply, status_code=status, headers=NO_STORE)

    _prefix = prefix
    return [
        Route(prefix + STEP_PATH, step, methods=["POST"]),
        Route(prefix + VERSION_PATH, version, methods=["GET"]),
    ]


def app_routes() -> list[Any]:
    """:func:`routes` under the base path this app server was started with (``st.App``)."""
    from streamlit import config

    return routes(str(config.get_option("server.baseUrlPath") or ""))
