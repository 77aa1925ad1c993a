"""What the table did at set-up, kept with every stored game (issue 42, ruling 156): the store's
step 5 adds the ``told`` column (a card turned up to start the pile) on SQLite and PostgreSQL
alike; a game stored before it reads as before, with nothing told."""

from __future__ import annotations

import json

import pytest
import support
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import text

from referee.app import table
from referee.engine import Play, Told
from referee.store import SCHEMA_VERSION, Store
from referee.store import connections as store_module

TURN_UP = {**support.house_data(), "table": {"turn_up": True}}


def _yaml(data: dict[str, object]) -> str:
    return json.dumps(data)  # JSON is YAML


def test_a_game_keeps_the_card_the_table_turned_up(target: str) -> None:
    store = Store(target)
    gid = table.new_game(
        store,
        variant_id="house",
        variant_yaml=_yaml(TURN_UP),
        builtin=False,
        players=["Ann", "Ben"],
        face_up=None,
        told=Told(turned_up=7),
    )
    row = store.load_game(gid)
    assert row.told == {"turned_up": 7}
    tbl = table.rebuild(row)
    assert tbl.game.state.pile == [7] and tbl.game.told == Told(7)
    assert "\nturned_up: 7\n" in table.export_text(tbl)
    table.commit(store, tbl, Play("Ann", (8,)))
    again = table.rebuild(store.load_game(gid))
    assert again.game.state.pile == [7, 8]


def test_a_game_with_nothing_told_stores_none(target: str) -> None:
    store = Store(target)
    gid = table.new_game(
        store,
        variant_id="house",
        variant_yaml=_yaml(support.house_data()),
        builtin=False,
        players=["Ann", "Ben"],
        face_up=None,
    )
    assert store.load_game(gid).told is None


def test_a_game_stored_before_step_5_is_migrated_and_reads_as_before(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database at step 4 (what the release before wrote: no ``told`` column) with a game in
    it: step 5 adds the column, the game loads with nothing told and replays as before."""
    monkeypatch.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:4])
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", 4)
    old = Store(target)
    with old._write() as db:
        assert "told" not in {c["name"] for c in sa_inspect(db).get_columns("games")}
        db.execute(
            text(
                "INSERT INTO games (id, name, variant_id, builtin, variant, players, face_up, "
                "steps, undone, step_count, over, version, created, updated, access_key) VALUES "
                "('old1', 'Old game', 'house', 0, :variant, '[\"Ann\", \"Ben\"]', '{}', "
                "'[{\"by\": \"Ann\", \"play\": [4]}]', '[]', 1, 0, 1, 1.0, 1.0, 'k')"
            ),
            {"variant": _yaml(support.house_data())},
        )
    monkeypatch.undo()
    store = Store(target)
    assert store.schema_version() == SCHEMA_VERSION == 5
    row = store.load_game("old1")
    assert row.told is None and row.name == "Old game"
    tbl = table.rebuild(row)
    assert tbl.skipped == 0 and tbl.game.state.pile == [4] and tbl.game.told is None


def test_an_imported_record_keeps_its_turned_up_card(target: str) -> None:
    store = Store(target)
    record = (
        f"variant: {_yaml(TURN_UP)}\nplayers: [Ann, Ben]\nturned_up: 9\n"
        "steps:\n  - {by: Ann, play: [10]}\n"
    )
    gid = table.import_record(store, record, "turned.yaml")
    row = store.load_game(gid)
    assert row.told == {"turned_up": 9}
    assert table.rebuild(row).game.state.pile == [9, 10]


def test_the_cards_thrown_in_are_kept_and_follow_a_renamed_player(target: str) -> None:
    from referee.app import setup

    store = Store(target)
    throw_in = {**support.house_data(), "table": {"throw_in": True}}
    gid = table.new_game(
        store,
        variant_id="house",
        variant_yaml=_yaml(throw_in),
        builtin=False,
        players=["Ann", "Ben", "Cal"],
        face_up=None,
        told=Told(thrown={"Ben": (2, 2)}),
    )
    row = store.load_game(gid)
    assert row.told == {"thrown": {"Ben": [2, 2]}}
    tbl = table.rebuild(row)
    assert tbl.game.turn == "Cal" and tbl.game.state.pile == [2, 2]
    table.commit(store, tbl, Play("Cal", (5,)))
    fixed = setup.fix_setup(
        store,
        table.rebuild(store.load_game(gid)),
        setup.SetupFix(("Ann", "Ben", "Cal"), {"Ben": "Bob"}),
    )
    assert store.load_game(gid).told == {"thrown": {"Bob": [2, 2]}}
    assert fixed.game.state.names == ["Ann", "Bob", "Cal"] and fixed.game.state.pile == [2, 2, 5]
