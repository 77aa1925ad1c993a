"""The app's store on both backends (SQLite file, PostgreSQL server): versions, conflicts, the
variant library; and what only SQLite has (WAL).  ``target`` (conftest) runs a test on both."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from referee.store import Conflict, NotFound, StorageError, Store, default_path


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


def test_sqlite_file_is_in_wal_mode(tmp_path: Path) -> None:
    _game(Store(tmp_path / "k.sqlite3"))
    with sqlite3.connect(tmp_path / "k.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_roundtrip(target: str) -> None:
    store = Store(target)
    gid = _game(store)
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


def test_stale_version_is_a_conflict_and_writes_nothing(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    store.save_steps(gid, 1, [{"by": "Ann", "play": [4]}], [], over=False, loser=None)
    with pytest.raises(Conflict):
        store.save_steps(gid, 1, [{"by": "Ann", "play": [9]}], [], over=False, loser=None)
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_two_threads_one_version_exactly_one_wins(target: str) -> None:
    store = Store(target)
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


def test_missing_game(target: str) -> None:
    store = Store(target)
    assert store.version("nope") is None
    with pytest.raises(NotFound):
        store.load_game("nope")
    with pytest.raises(NotFound):
        store.save_steps("nope", 1, [], [], over=False, loser=None)


def test_variant_library(target: str) -> None:
    store = Store(target)
    store.save_variant("house", "Our House", "id: house\n")
    store.save_variant("house", "Our House 2", "id: house\nname: x\n")
    store.save_variant("abc", "Abc", "id: abc\n")
    assert [v.id for v in store.list_variants()] == ["abc", "house"]
    lv = store.get_variant("house")
    assert lv is not None and lv.name == "Our House 2" and "name: x" in lv.yaml
    store.delete_variant("abc")
    assert store.get_variant("abc") is None


def test_two_app_servers_one_game_a_stale_step_is_refused(target: str) -> None:
    """Two Store objects on one database are two app servers: the one that read version 1
    second is refused and nothing of its step is stored."""
    first, second = Store(target), Store(target)
    gid = _game(first)
    assert second.load_game(gid).version == 1
    first.save_steps(gid, 1, [{"by": "Ann", "play": [4]}], [], over=False, loser=None)
    with pytest.raises(Conflict):
        second.save_steps(gid, 1, [{"by": "Ann", "play": [9]}], [], over=False, loser=None)
    assert second.load_game(gid).steps == [{"by": "Ann", "play": [4]}]
    assert second.versions([gid, "nope"]) == {gid: 2}


def test_deleted_game_is_not_found_and_its_key_is_gone(target: str) -> None:
    store = Store(target)
    gid = _game(store)
    key = store.access_key(gid)
    assert key is not None and len(key) >= 22  # 128 bits, URL-safe
    store.delete_game(gid)
    assert store.access_key(gid) is None
    with pytest.raises(NotFound):
        store.save_steps(gid, 1, [], [], over=False, loser=None)


def test_find_games_by_name_player_and_only_some_ids(target: str) -> None:
    store = Store(target)
    a = store.create_game(
        name="50% night", variant_id="classic", variant_yaml="id: classic\n", players=["Zoë", "Bo"]
    )
    b = _game(store)
    assert [g.id for g in store.find_games("50%")[0]] == [a]
    assert [g.id for g in store.find_games("zoë")[0]] == [a]
    assert store.find_games("_")[1] == 0  # LIKE wildcards are plain letters
    assert [g.id for g in store.find_games(only={b})[0]] == [b]
    assert store.find_games(only=set()) == ([], 0)


def test_a_library_variant_is_not_overwritten_unless_allowed(target: str) -> None:
    store = Store(target)
    store.save_variant("house", "Ours", "id: house\n")
    with pytest.raises(StorageError) as err:
        store.save_variant("house", "Theirs", "id: house\nname: x\n", overwrite=False)
    assert err.value.kind == "refused"
    lv = store.get_variant("house")
    assert lv is not None and lv.name == "Ours"


KILLED_MID_SAVE = """
import sys, time
from referee.store import Store
store = Store(sys.argv[1])
gid = sys.argv[2]
if sys.argv[3] == "acknowledged":
    store.save_steps(gid, 1, [{"by": "Ann", "play": [4]}], [], over=False, loser=None)
    print("saved", flush=True)
else:  # stop inside the transaction, the row already changed, the COMMIT not yet sent
    with store._write() as db:
        db.exec_driver_sql("UPDATE games SET steps = '[{\\"half\\": 1}]', version = 7")
        print("saved", flush=True)
        time.sleep(60)
time.sleep(60)
"""


@pytest.mark.parametrize("when", ["acknowledged", "mid-transaction"])
def test_an_app_server_killed_during_a_save_loses_no_acknowledged_step(
    target: str, when: str
) -> None:
    """SIGKILL of the process that saves (issue 18): an acknowledged step is there; one killed
    before its COMMIT is not there at all, and the game still opens."""
    import signal
    import subprocess
    import sys

    store = Store(target)
    gid = _game(store)
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_MID_SAVE, target, gid, when], stdout=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"saved"
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    row = Store(target).load_game(gid)
    if when == "acknowledged":
        assert (row.steps, row.version) == ([{"by": "Ann", "play": [4]}], 2)
    else:
        assert (row.steps, row.version) == ([], 1)
    assert Store(target).save_steps(gid, row.version, [], [], over=False, loser=None)
