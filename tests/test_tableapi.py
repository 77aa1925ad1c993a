"""The table component's own requests (issue 27.3, ``referee/app/tableapi.py``): a step sent
straight to the app server is judged exactly as the page's buttons judge it (``stepping.act``,
R11 for undo and redo, the one filter for a play), on both backends; nobody without the game's
link key can act; bad requests change nothing.  Over HTTP, against a real ``karma app``: the
routes are mounted, bounded and answer in JSON.  (The component using them: the browser tests.)
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appserver import Server

from referee.app import live, table, tableapi
from referee.app.common import builtin_yaml
from referee.engine import Play
from referee.store import Store


def _game(store: Store, players: tuple[str, ...] = ("Ann", "Ben", "Cal")) -> str:
    return table.new_game(
        store,
        variant_id="classic",
        variant_yaml=builtin_yaml("classic"),
        builtin=True,
        players=list(players),
        face_up=None,
    )


def _ask(store: Store, gid: str, action: str, version: int, **choice: Any) -> dict[str, Any]:
    return {
        "gid": gid,
        "token": tableapi.step_token(gid, store.access_key(gid)),
        "version": version,
        "action": action,
        "card": None,
        "count": 1,
        "zone": None,
        "by": "",
        "to": None,
        "give": None,
        "take": None,
        **choice,
    }


def _steps(store: Store, gid: str) -> list[dict[str, Any]]:
    return list(store.load_game(gid).steps)


def test_a_play_is_recorded_and_answered_with_the_next_steps_data(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    v = store.version(gid)
    assert v is not None
    status, reply = tableapi.answer(_ask(store, gid, "play", v, card="4"), store)
    assert status == 200, reply
    assert _steps(store, gid) == [{"by": "Ann", "play": [4]}]
    data = reply["data"]
    assert data["version"] == store.version(gid) and data["steps"] == 1
    assert data["turn"] == "Ben" and reply["reset"] and reply["top"]
    assert "Last step (1): Ann plays 4" in data["head"]  # the glance, drawn by the component
    assert "1 step so far" in data["foot"] and data["notes"] == []
    assert data["api"] is None or data["api"].endswith(tableapi.STEP_PATH)


def test_an_illegal_play_is_refused_in_the_engines_words_and_changes_nothing(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    v = store.version(gid)
    assert tableapi.answer(_ask(store, gid, "play", v, card="4"), store)[0] == 200
    v = store.version(gid)
    status, reply = tableapi.answer(_ask(store, gid, "play", v, card="3"), store)
    assert status == 200
    assert reply["data"]["notes"] == [["error", reply["data"]["notes"][0][1]]]
    assert "lower than 4" in reply["data"]["notes"][0][1]  # R5.2, judged again by the server
    assert reply["reset"] and not reply["top"]
    assert store.version(gid) == v and _steps(store, gid) == [{"by": "Ann", "play": [4]}]


def test_a_tablet_that_is_behind_is_told_what_changed_and_nothing_is_recorded(
    target: str, live_server: live.Live
) -> None:
    store = Store(target)
    gid = _game(store)
    shown = store.version(gid)
    assert shown is not None
    tbl = table.load_table(store, gid)
    live_server.recent.remember(tbl)  # the version a tablet drew (on this app server)
    elsewhere = table.load_table(Store(target), gid)  # another tablet, another app server
    table.commit(Store(target), elsewhere, Play("Ann", (4,)))
    status, reply = tableapi.answer(_ask(store, gid, "play", shown, card="9"), store)
    assert status == 200
    [[kind, words]] = reply["data"]["notes"]
    assert kind == "warning"
    assert "Another tablet recorded a step first: Ann plays 4" in words
    assert "Your play was not recorded" in words
    assert _steps(store, gid) == [{"by": "Ann", "play": [4]}]  # never "Ann plays 9"


def test_undo_and_redo_through_a_request(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    tableapi.answer(_ask(store, gid, "play", store.version(gid), card="4"), store)
    status, reply = tableapi.answer(_ask(store, gid, "undo", store.version(gid)), store)
    assert status == 200 and _steps(store, gid) == []
    assert reply["data"]["notes"] == [["info", "Undid step 1: Ann plays 4. Ann draws 1 card."]]
    assert reply["data"]["can_redo"] and not reply["data"]["can_undo"]
    status, reply = tableapi.answer(_ask(store, gid, "redo", store.version(gid)), store)
    assert status == 200 and _steps(store, gid) == [{"by": "Ann", "play": [4]}]
    assert reply["data"]["steps"] == 1 and reply["data"]["notes"] == []


@pytest.mark.parametrize(
    "change",
    [
        {"token": "0" * 32},  # a guess
        {"token": ""},
        {"token": "é" * 32},  # not even ASCII
        {"version": True},
        {"version": "3"},
        {"action": "deal"},
        {"gid": ""},
        {"gid": "x" * 65},
        {"card": "not a card"},  # no card of the game: nothing to play
    ],
)
def test_a_request_without_the_games_token_or_out_of_shape_changes_nothing(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    store = Store(str(tmp_path / "k.sqlite3"))
    gid = _game(store)
    v = store.version(gid)
    status, reply = tableapi.answer({**_ask(store, gid, "play", v, card="4"), **change}, store)
    assert (status in (400, 403) and "error" in reply) or reply["data"]["steps"] == 0
    assert store.version(gid) == v and _steps(store, gid) == []


def test_another_games_token_cannot_act_on_this_one(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "k.sqlite3"))
    mine, theirs = _game(store), _game(store)
    asked = {**_ask(store, theirs, "play", store.version(theirs), card="4"), "gid": mine}
    assert tableapi.answer(asked, store)[0] == 403
    assert _steps(store, mine) == [] and _steps(store, theirs) == []
    assert tableapi.step_token(mine, "k") != tableapi.step_token(theirs, "k")
    assert tableapi.step_token(mine, "k") != tableapi.step_token(mine, "k2")
    assert tableapi.step_token(mine, None) == ""  # no key: no token acts


def test_the_last_step_of_a_game_asks_the_page_to_draw_its_end(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "k.sqlite3"))
    gid = _game(store, ("Ann", "Ben"))
    # Ben picks up for ever, Ann plays her hand out: the engine ends the game.
    tbl = table.load_table(store, gid)
    while True:
        game = tbl.game
        choices = [c for c, ok in table.playable_cards(game).items() if ok]
        zone = table.default_zone(game)
        legal = [
            c
            for c in choices
            if game.advice.explain(game.state, Play(game.turn or "", (c,), zone)).legal
        ]
        if game.turn == "Ann" and legal:
            asked = _ask(store, gid, "play", tbl.version, card=str(legal[0]), zone=zone)
        else:
            asked = _ask(store, gid, "pickup", tbl.version)
            if not table.can_pick_up(game):
                asked = _ask(store, gid, "play", tbl.version, card=str(legal[0]), zone=zone)
        status, reply = tableapi.answer(asked, store)
        assert status == 200, reply
        tbl = table.load_table(store, gid)
        if tbl.game.over:
            assert reply == {"reload": True}
            break
        assert reply["data"]["steps"] == tbl.game.past.count
        assert tbl.game.past.count < 400


def test_links_name_the_routes_only_where_they_are_mounted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tableapi, "_prefix", None)
    assert tableapi.links("g", "t" * 32, "f", 750)["api"] is None
    monkeypatch.setattr(tableapi, "_prefix", "/club")
    got = tableapi.links("g", "t" * 32, "f", 750)
    assert got["api"] == "/club/api/karma/step" and got["version_api"] == "/club/api/karma/version"
    assert tableapi.links("g", "", "f", 750)["api"] is None  # a game without a link key
    # A panel open beside the table: the steps still go to the route, the page draws again
    # after each (``rerun``), and the component still follows other tablets: it alone knows
    # which steps were its own (the page's follow-along took this tablet's undo for another's).
    beside = tableapi.links("g", "t" * 32, "f", 750, panels=True)
    assert beside["api"] == "/club/api/karma/step" and beside["token"] == "t" * 32
    assert beside["rerun"] and not got["rerun"]
    assert beside["version_api"] == got["version_api"] and beside["follow"] == "f"


# --- over HTTP, against a real app server ------------------------------------------------------


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    server = Server(tmp_path, tmp_path / "server.log")
    server.start()
    yield server.url, tmp_path
    server.stop()


def _post(url: str, body: bytes) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            assert r.headers["Cache-Control"] == "no-store"
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_the_app_server_mounts_the_routes(app_server: tuple[str, Path]) -> None:
    url, data = app_server
    store = Store(str(data / "karma.sqlite3"))
    gid = _game(store)
    step = url + tableapi.STEP_PATH
    assert _post(step, b"not json")[0] == 400
    assert _post(step, b"[1, 2]")[0] == 400
    assert _post(step, b"[" * 4000 + b"]" * 4000)[0] == 400  # nested past Python's limit
    assert _post(step, b"{" + b" " * tableapi.MAX_BODY + b"}")[0] == 413  # read no further
    asked = _ask(store, gid, "play", store.version(gid), card="4")
    assert _post(step, json.dumps({**asked, "token": "1" * 32}).encode())[0] == 403
    status, reply = _post(step, json.dumps(asked).encode())
    assert status == 200 and reply["data"]["steps"] == 1
    assert _steps(store, gid) == [{"by": "Ann", "play": [4]}]
    # The version of the game a tablet follows, by its follow token (the answer just gave it).
    with urllib.request.urlopen(
        f"{url}{tableapi.VERSION_PATH}?t={reply['data']['follow']}", timeout=10
    ) as r:
        assert int(r.read()) == store.version(gid)
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{url}{tableapi.VERSION_PATH}?t=nothing", timeout=10)
    assert missing.value.code == 404


def test_the_versions_kept_for_a_tablet_that_is_behind_are_bounded(tmp_path: Path) -> None:
    """An app server's ``Live.recent`` keeps a frozen copy of each version a tablet drew (the words for
    another tablet's change compare them), a few per game and a few dozen games: no more."""
    store = Store(str(tmp_path / "k.sqlite3"))
    gid = _game(store)
    kept = live.Recent()
    tbl = table.load_table(store, gid)
    first = tbl.version
    kept.remember(tbl)
    frozen = kept.recall(gid, first)
    for card in (4, 5, 6, 7, 8, 9, 10, 11, 12):
        table.commit(store, tbl, Play(tbl.game.turn or "", (card,)))
        kept.remember(tbl)
    assert frozen is not None and frozen.steps == ()  # frozen: the live game moved on
    assert kept.recall(gid, first) is None  # the oldest went first
    assert kept.recall(gid, tbl.version) is not None
    assert sum(kept.recall(gid, v) is not None for v in range(tbl.version + 1)) == (
        live.KEEP_VERSIONS
    )
    for i in range(live.KEEP_GAMES):
        other = table.load_table(store, gid)
        other.gid = f"g{i}"
        kept.remember(other)
    assert kept.recall(gid, tbl.version) is None  # the least recently drawn game went first
