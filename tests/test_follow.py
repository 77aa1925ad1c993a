"""Idle tablets (issue 18 point 5): the watcher that keeps each followed game's version file
current, on both backends; the file's name needs the game's link key.  (The figures are in
``python -m bench idle``; a tablet following another's step is in the browser tests.)"""

from __future__ import annotations

from pathlib import Path

from referee.app.watcher import Watcher, follow_token
from referee.store import Store


def test_the_watcher_writes_each_followed_games_version(target: str, tmp_path: Path) -> None:
    store, elsewhere = Store(target), Store(target)  # another app server steps the game
    gid = store.create_game(
        name="T", variant_id="classic", variant_yaml="id: classic\n", players=["Ann", "Ben"]
    )
    token = follow_token(gid, store.access_key(gid))
    watcher = Watcher(store, tmp_path)
    watcher.follow(gid, token, 1)
    assert watcher._thread is not None and watcher._thread.is_alive()
    version_file = tmp_path / "v" / f"{token}.html"
    assert version_file.read_text() == "1"
    elsewhere.save_steps(gid, 1, [{"pickup": "Ann"}], [], over=False, loser=None)
    watcher.check()
    assert version_file.read_text() == "2"
    elsewhere.delete_game(gid)
    watcher.check()
    assert version_file.read_text() == "0"  # the tablet reruns and says the game is gone
    watcher.stop()


def test_a_version_file_cannot_be_found_without_the_key() -> None:
    assert follow_token("abc", "k1") != follow_token("abc", "k2")
    assert len(follow_token("abc", "k1")) == 32
