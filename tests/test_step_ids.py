"""A step is stored once and told truly (issue 43.4): each step carries an id made by the
tablet, stored with the step in the same transaction (both backends), so a request sent again
is recognised and never applied twice; after a fault the server asks the store whether the
step is stored and says "saved" (the table shows it), "not saved" or, while the database is
away, that it cannot tell yet.  The faults are real: a TCP proxy in front of a throwaway
PostgreSQL loses the COMMIT's answer, or the COMMIT itself (tests/pgproxy.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from pgproxy import CommitProxy
from pgserver import PgServer
from test_tableapi import _ask, _game, _steps

from referee.app import stepping, table, tableapi
from referee.engine import Play
from referee.store import Store
from referee.store import connections as store_module
from referee.store import games as store_games


def test_a_step_id_is_stored_with_its_step_and_found_again(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    assert store.step_saved(gid, "a1") is None
    tbl = table.load_table(store, gid)
    table.commit(store, tbl, Play("Ann", (4,)), "a1")
    assert store.step_saved(gid, "a1") == v + 1 == store.version(gid)
    assert store.step_saved(gid, "a2") is None
    assert store.step_saved("nosuchgame", "a1") is None
    store.delete_game(gid)
    assert store.step_saved(gid, "a1") is None


def test_only_the_last_steps_ids_are_kept(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "KEEP_STEP_IDS", 3)
    store = Store(target)
    gid = _game(store)
    tbl = table.load_table(store, gid)
    table.commit(store, tbl, Play("Ann", (4,)), "s0")
    for i in range(1, 5):  # undo and redo carry ids too
        (table.undo if i % 2 else table.redo)(store, tbl, f"s{i}")
    assert [store.step_saved(gid, f"s{i}") is not None for i in range(5)] == [
        False,
        False,
        True,
        True,
        True,
    ]


def test_the_same_request_sent_again_is_not_applied_twice(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    ask = _ask(store, gid, "play", v, card="4") | {"sid": "tap-1"}
    status, first = tableapi.answer(ask, store)
    assert status == 200 and first["data"]["notes"] == []
    status, again = tableapi.answer(ask, store)  # the answer was lost: the tablet asks again
    assert status == 200, again
    assert _steps(store, gid) == [{"by": "Ann", "play": [4]}]  # stored once
    assert again["data"]["notes"] == []  # no "another tablet" and no "not recorded"
    assert again["data"]["version"] == first["data"]["version"] and again["top"]
    # Without an id (or with another), the same old version is a tablet that is behind.
    status, other = tableapi.answer(ask | {"sid": "tap-2"}, store)
    assert "not recorded" in other["data"]["notes"][0][1]
    assert _steps(store, gid) == [{"by": "Ann", "play": [4]}]


def test_a_step_id_that_is_not_one_is_a_bad_request(tmp_path: Any) -> None:
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    for sid in (["x"], 7, "", "x" * 65, "é", "a\nb"):
        status, _ = tableapi.answer(_ask(store, gid, "play", v, card="4") | {"sid": sid}, store)
        assert status == 400, sid
    assert _steps(store, gid) == []


@pytest.fixture
def lossy(pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Make a store on a fresh database behind a proxy that loses a COMMIT or its answer;
    the database's wait is one second, so a lost answer is a fault within two."""
    monkeypatch.setenv("KARMA_DB_WAIT_SECONDS", "1")
    made: list[tuple[CommitProxy, Store]] = []

    def make(mode: str) -> tuple[CommitProxy, Store, Store]:
        url = pg_server.new_database()
        direct = Store(url)  # what is really stored
        proxy = CommitProxy(pg_server.port, mode)
        store = Store(proxy.url(url))
        made.append((proxy, store))
        return proxy, store, direct

    yield make
    for proxy, store in made:
        store.dispose()
        proxy.stop()


def _until_answered(ask: dict[str, Any], store: Store) -> tuple[int, dict[str, Any], int]:
    """Send the same request again, as the tablet does, until it is not "cannot tell yet"."""
    deadline = time.monotonic() + 30
    tries = 0
    while True:
        tries += 1
        status, reply = tableapi.answer(ask, store)
        if not (status == 503 and reply.get("retry")) or time.monotonic() > deadline:
            return status, reply, tries
        assert reply["error"] == stepping.UNSURE
        time.sleep(0.2)


def test_a_step_whose_commit_answer_is_lost_is_said_saved_and_stored_once(lossy: Any) -> None:
    proxy, store, direct = lossy("answer")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    ask = _ask(store, gid, "play", v, card="4") | {"sid": "lost-answer"}
    status, reply = tableapi.answer(ask, store)
    assert proxy.poisoned == 1
    # The database was away a moment ago: the server cannot ask it yet, and says so.
    assert (status, reply) == (503, {"error": stepping.UNSURE, "retry": True})
    assert _steps(direct, gid) == [{"by": "Ann", "play": [4]}]  # stored all the same
    status, reply, tries = _until_answered(ask, store)
    assert tries > 1 and status == 200, reply
    assert reply["data"]["steps"] == 1 and reply["data"]["notes"] == []  # saved, said as done
    assert "Ann plays 4" in reply["data"]["head"]
    assert _steps(direct, gid) == [{"by": "Ann", "play": [4]}]  # never twice


def test_after_a_lost_answer_the_store_is_asked_before_the_table_is_told(
    lossy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the breaker out of the way, the look-up right after the fault says it: saved."""
    monkeypatch.setattr(store_module, "BREAK_SECONDS", 0.0)
    proxy, store, direct = lossy("answer")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    status, reply = tableapi.answer(_ask(store, gid, "play", v, card="4") | {"sid": "s"}, store)
    assert proxy.poisoned == 1 and status == 200, reply
    assert reply["data"]["notes"] == [] and reply["data"]["steps"] == 1 and reply["top"]
    assert _steps(direct, gid) == [{"by": "Ann", "play": [4]}]


def test_a_step_whose_commit_is_lost_is_said_not_saved(
    lossy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "BREAK_SECONDS", 0.0)
    proxy, store, direct = lossy("commit")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    status, reply = tableapi.answer(_ask(store, gid, "play", v, card="4") | {"sid": "s"}, store)
    assert proxy.poisoned == 1 and status == 200, reply
    [[kind, words]] = reply["data"]["notes"]
    assert kind == "error" and words.startswith(stepping.NOT_SAVED)
    assert reply["data"]["steps"] == 0 and _steps(direct, gid) == []
    # The fault is over: the next request is taken, and its answer carries no fault sentence.
    status, reply = tableapi.answer(_ask(store, gid, "play", v, card="4") | {"sid": "t"}, store)
    assert status == 200 and reply["data"]["notes"] == [] and reply["data"]["steps"] == 1


def test_a_lost_commit_retried_later_is_stored_once(lossy: Any) -> None:
    proxy, store, direct = lossy("commit")
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    ask = _ask(store, gid, "play", v, card="4") | {"sid": "lost-commit"}
    status, reply = tableapi.answer(ask, store)
    assert status == 503 and reply["retry"] and _steps(direct, gid) == []
    status, reply, _ = _until_answered(ask, store)
    assert status == 200 and reply["data"]["notes"] == [] and reply["data"]["steps"] == 1
    assert _steps(direct, gid) == [{"by": "Ann", "play": [4]}]
