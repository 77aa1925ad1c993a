"""The step and version routes hardened (issue 43.5): every malformed field is a 400 that
changes nothing; a step is JSON from the app's own page (Sec-Fetch-Site / Origin); a body that
stops or crawls costs at most one log line and is cut off; a database that goes away is said
once in the log and once when it answers again, not four times a second; a follow token made
with a game's old link key reads nothing once the key changed.  (A page on another origin
posting to the route, in a real browser: tests/browser/test_browser_component.py.)"""

from __future__ import annotations

import json
import logging
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appserver import Server
from pgserver import PgServer
from test_tableapi import _ask, _game, _steps

from referee.app import follow, live, tableapi
from referee.store import StorageError, Store

BAD = (["play"], {"a": 1}, True, 1.5, -1, "x" * 65, 10**9)


@pytest.mark.parametrize(
    "field",
    ["action", "version", "gid", "token", "sid", *tableapi.FIELDS],
)
def test_every_malformed_field_is_a_bad_request_that_changes_nothing(
    tmp_path: Path, field: str
) -> None:
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    good = _ask(store, gid, "play", v, card="4")
    for bad in BAD:
        if field == "version" and isinstance(bad, int) and not isinstance(bad, bool):
            continue  # a whole number is a version (of no game: "another tablet", not a 400)
        status, reply = tableapi.answer({**good, field: bad}, store)
        assert status == 400 and set(reply) == {"error"}, (field, bad, status, reply)
    assert _steps(store, gid) == []
    assert tableapi.answer(good, store)[0] == 200  # the good one still plays


@pytest.fixture(scope="session")  # one server per worker, whatever the order of tests
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("hardening")
    server = Server(tmp, tmp / "server.log")
    server.start()
    yield server
    server.stop()


def _post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def _log_lines(server: Server) -> list[str]:
    return server.log.read_text(errors="replace").splitlines()


def test_a_step_is_json_from_the_apps_own_page(app_server: Server) -> None:
    store = Store(str(app_server.data_dir / "karma.sqlite3"))
    gid = _game(store)
    step = app_server.url + tableapi.STEP_PATH
    body = json.dumps(_ask(store, gid, "play", store.version(gid), card="4")).encode()
    own = app_server.url.split("://", 1)[1]
    for headers, status in (
        ({"Content-Type": "text/plain"}, 415),
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
        ({"Content-Type": "application/json", "Origin": "http://evil.example"}, 403),
        ({"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403),
        ({"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, 403),
        (
            {"Content-Type": "application/json", "Origin": f"http://{own}.evil.example"},
            403,
        ),
    ):
        assert _post(step, body, headers)[0] == status, headers
    assert _steps(store, gid) == []
    status, reply = _post(
        step,
        body,
        {
            "Content-Type": "application/json; charset=utf-8",
            "Origin": f"http://{own}",
            "Sec-Fetch-Site": "same-origin",
        },
    )
    assert status == 200 and reply["data"]["steps"] == 1


def test_a_malformed_field_over_http_is_a_400_with_no_traceback(app_server: Server) -> None:
    store = Store(str(app_server.data_dir / "karma.sqlite3"))
    gid = _game(store)
    step = app_server.url + tableapi.STEP_PATH
    before = len(_log_lines(app_server))
    asked = _ask(store, gid, "play", store.version(gid), card="4")
    for field in ("action", "card", "count", "by", "give"):
        status, reply = _post(
            step,
            json.dumps({**asked, field: ["play"]}).encode(),
            {"Content-Type": "application/json"},
        )
        assert status == 400 and set(reply) == {"error"}
    said = _log_lines(app_server)[before:]
    assert not [line for line in said if "Traceback" in line or "Error" in line], said
    assert _steps(store, gid) == []


def _raw(server: Server, head: bytes, body: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    s.sendall(head + body)
    return s


HEAD = (
    b"POST " + tableapi.STEP_PATH.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n"
)


def test_a_body_cut_short_costs_no_log_lines(app_server: Server) -> None:
    before = len(_log_lines(app_server))
    for _ in range(40):
        s = _raw(app_server, HEAD, b'{"gid": "abc')
        s.close()  # the tablet went away mid-body
    # The server still answers, and said nothing about the 40 aborted requests.
    assert (
        _post(app_server.url + tableapi.STEP_PATH, b"{}", {"Content-Type": "application/json"})[0]
        == 400
    )
    said = _log_lines(app_server)[before:]
    assert not [line for line in said if "step" in line.lower() or "Traceback" in line], said


def test_a_slow_body_is_cut_off_with_one_log_line(app_server: Server) -> None:
    before = len(_log_lines(app_server))
    s = _raw(app_server, HEAD, b'{"gid": "abc')
    with s:
        answer = b""
        while chunk := s.recv(4096):  # the server answers and closes; the test only waits
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    said = _log_lines(app_server)[before:]
    assert len([line for line in said if "step" in line.lower()]) <= 1, said
    assert not [line for line in said if "Traceback" in line], said


def test_a_follow_token_is_refused_once_the_link_key_changed(
    tmp_path: Path, live_server: live.Live
) -> None:
    store = Store(tmp_path / "k.sqlite3")
    watcher = live_server.watcher(store)
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    old = follow.follow_token(gid, store.access_key(gid))
    follow.watch(store, gid, old, v)
    assert watcher.version_of(old) == v
    key = store.renew_access_key(gid)
    assert key is not None and store.access_key(gid) == key
    watcher.check()
    assert watcher.version_of(old) is None  # the old link's token reads nothing
    new = follow.follow_token(gid, key)
    follow.watch(store, gid, new, v + 1)
    assert watcher.version_of(new) == v + 1 and watcher.version_of(old) is None
    # And the step token made with the old key acts on nothing.
    asked = _ask(store, gid, "play", v + 1, card="4")
    assert tableapi.answer(asked | {"token": tableapi.step_token(gid, "old")}, store)[0] == 403


def test_a_database_that_goes_away_is_said_once_and_once_when_it_answers(
    pg_server: PgServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    store = Store(pg_server.new_database())
    gid = _game(store)
    token = follow.follow_token(gid, store.access_key(gid))
    follow.watch(store, gid, token, store.version(gid) or 0)  # its thread reads 4 times a second
    caplog.set_level(logging.DEBUG, logger="referee")
    faults = 0
    with pg_server.frozen():
        while faults < 3:  # past the breaker's two seconds at least once: asked again
            try:
                store.versions([gid])
            except StorageError:
                faults += 1
            time.sleep(0.3)
    while True:  # until it answers again (the test waits by condition)
        try:
            store.versions([gid])
            break
        except StorageError:
            time.sleep(0.1)
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len([w for w in warnings if "is away" in w]) == 1, warnings
    assert len([w for w in warnings if "answers again" in w]) == 1, warnings
    assert len(warnings) == 2, warnings
