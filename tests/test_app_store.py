"""The app's SQLite store: WAL, versions, conflicts, the variant library."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from referee.store import Conflict, NotFound, Store, default_path


def _game(store: Store) -> str:
    return store.create_game(
        name="Test",
        variant_id="classic",
        variant_yaml="id: classic\n",
        players=["Ann", "Ben"],
        face_up={"Ann": [16, 14, 12]},
        builtin=True,
    )


def test_default_path_follows_env(data_dir: Path) -> None:
    assert default_path() == data_dir / "karma.sqlite3"


def test_wal_and_roundtrip(tmp_path: Path) -> None:
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    with sqlite3.connect(tmp_path / "k.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    row = store.load_game(gid)
    assert row.players == ("Ann", "Ben")
    assert row.face_up == {"Ann": [16, 14, 12]}
    assert row.steps == [] and row.version == 1 and row.builtin
    steps = [{"by": "Ann", "play": [4]}, {"pickup": "Ben"}]
    v2 = store.save_steps(
        gid, 1, steps, [{"by": "Ben", "play": ["bottoms_up"]}], over=False, loser=None
    )
    assert v2 == 2
    row = store.load_game(gid)
    assert row.steps == steps and row.undone == [{"by": "Ben", "play": ["bottoms_up"]}]
    assert store.version(gid) == 2
    assert [g.step_count for g in store.list_games()] == [2]


def test_stale_version_is_a_conflict_and_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    store.save_steps(gid, 1, [{"by": "Ann", "play": [4]}], [], over=False, loser=None)
    with pytest.raises(Conflict):
        store.save_steps(gid, 1, [{"by": "Ann", "play": [9]}], [], over=False, loser=None)
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_two_threads_one_version_exactly_one_wins(tmp_path: Path) -> None:
    store = Store(tmp_path / "k.sqlite3")
    gid = _game(store)
    results: list[str] = []
    barrier = threading.Barrier(8)

    def tablet(i: int) -> None:
        barrier.wait()
        try:
            store.save_steps(gid, 1, [{"by": "Ann", "play": [i + 1]}], [], over=False, loser=None)
            results.append("ok")
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=tablet, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["conflict"] * 7 + ["ok"]
    assert store.version(gid) == 2


def test_missing_game(tmp_path: Path) -> None:
    store = Store(tmp_path / "k.sqlite3")
    assert store.version("nope") is None
    with pytest.raises(NotFound):
        store.load_game("nope")
    with pytest.raises(NotFound):
        store.save_steps("nope", 1, [], [], over=False, loser=None)


def test_variant_library(tmp_path: Path) -> None:
    store = Store(tmp_path / "k.sqlite3")
    store.save_variant("house", "Our House", "id: house\n")
    store.save_variant("house", "Our House 2", "id: house\nname: x\n")
    store.save_variant("abc", "Abc", "id: abc\n")
    assert [v.id for v in store.list_variants()] == ["abc", "house"]
    lv = store.get_variant("house")
    assert lv is not None and lv.name == "Our House 2" and "name: x" in lv.yaml
    store.delete_variant("abc")
    assert store.get_variant("abc") is None
