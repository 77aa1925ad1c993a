"""Other tablets follow at once (issue 43.3): the version route holds a tablet's question
("has the game moved on from the version I show?") until a step is stored, then answers with
the new step's table data and what the other tablet did; across app servers on PostgreSQL the
change is signalled with LISTEN/NOTIFY (``Store.listen``).  In a real browser, without a rerun
of the page: tests/browser/test_browser_component.py."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appserver import Server
from pgserver import PgServer
from test_tableapi import _ask, _game

from referee.app import table, tableapi
from referee.engine import Play
from referee.store import Store


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url + tableapi.STEP_PATH,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return dict(json.loads(r.read()))


def _wait_for_step(url: str, token: str, shown: int, out: list[dict[str, Any]]) -> threading.Thread:
    def ask() -> None:
        address = f"{url}{tableapi.VERSION_PATH}?t={token}&v={shown}"
        with urllib.request.urlopen(address, timeout=60) as r:
            out.append(json.loads(r.read()))

    asking = threading.Thread(target=ask)
    asking.start()
    return asking


def _followed_by(url: str, store: Store, gid: str) -> tuple[str, int]:
    """A tablet draws the game on the app server at ``url`` (its follow token is known there):
    a redo with nothing to redo changes nothing and answers with the table's data."""
    reply = _post(url, _ask(store, gid, "redo", store.version(gid) or 0))
    return str(reply["data"]["follow"]), int(reply["data"]["version"])


def _said(data: dict[str, Any]) -> str:
    return " ".join(words for _, words in data["notes"])


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path, tmp_path / "server.log")
    server.start()
    yield server
    server.stop()


def test_a_waiting_tablet_is_answered_with_the_new_steps_data(app_server: Server) -> None:
    store = Store(str(app_server.data_dir / "karma.sqlite3"))
    gid = _game(store)
    token, shown = _followed_by(app_server.url, store, gid)
    out: list[dict[str, Any]] = []
    asking = _wait_for_step(app_server.url, token, shown, out)
    asking.join(0.5)
    assert asking.is_alive() and not out  # held: nothing moved yet
    _post(app_server.url, _ask(store, gid, "play", shown, card="9"))  # tablet A's step
    asking.join(60)
    [reply] = out
    assert reply["data"]["steps"] == 1 and reply["data"]["version"] == shown + 1
    assert "Another tablet recorded a step: Ann plays 9" in _said(reply["data"])
    assert reply["reset"] and not reply["top"]
    # Asked for a version it no longer shows: answered at once.
    out.clear()
    _wait_for_step(app_server.url, token, shown, out).join(60)
    assert out[0]["data"]["version"] == shown + 1
    # A token that follows nothing here, or a version that is not a number: refused.
    for query in (f"t=nothing&v={shown}", f"t={token}&v=x", f"t={token}&v=-1"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{app_server.url}{tableapi.VERSION_PATH}?{query}", timeout=10)
        assert refused.value.code in (400, 404)


def test_a_step_on_another_app_server_is_heard_through_notify(pg_server: PgServer) -> None:
    url = pg_server.new_database()
    listener, stepper = Store(url), Store(url)
    gid = _game(stepper)
    heard: list[str] = []
    got = threading.Event()
    stop = threading.Event()

    def on_change(changed: str) -> None:
        heard.append(changed)
        if changed == gid:
            got.set()

    listening = threading.Thread(target=listener.listen, args=(on_change, stop), daemon=True)
    listening.start()
    try:
        while not heard:  # connected: it says so with "" (anything may have changed)
            stop.wait(0.05)
        tbl = table.load_table(stepper, gid)
        table.commit(stepper, tbl, Play("Ann", (4,)))
        assert got.wait(30)
    finally:
        stop.set()
        listening.join(5)
    assert heard[0] == "" and gid in heard


def test_two_app_servers_on_postgresql_follow_each_other_at_once(
    pg_server: PgServer, tmp_path: Path
) -> None:
    url = pg_server.new_database()
    servers = [
        Server(tmp_path / name, tmp_path / f"{name}.log", env={"KARMA_DATABASE_URL": url})
        for name in ("one", "two")
    ]
    for s in servers:
        s.data_dir.mkdir()
        s.start()
    try:
        store = Store(url)
        gid = _game(store)
        token, shown = _followed_by(servers[1].url, store, gid)  # tablet B, on server two
        out: list[dict[str, Any]] = []
        asking = _wait_for_step(servers[1].url, token, shown, out)
        _post(servers[0].url, _ask(store, gid, "play", shown, card="9"))  # tablet A, server one
        asking.join(60)
        [reply] = out
        assert reply["data"]["steps"] == 1
        assert "Another tablet recorded a step: Ann plays 9" in _said(reply["data"])
    finally:
        for s in servers:
            s.stop()
