"""The Referee page (AppTest) and its logic (referee.app.table)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support import plain

from referee.app import table
from referee.app.common import builtin_yaml, md
from referee.engine import Game, PickUp, Play
from referee.store import Conflict, Store, default_path
from referee.variant.registry import builtin

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
XSS = "<img src=x onerror=alert(1)>"


def texts(elements) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(e.value) for e in elements]


def app(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=20)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    return at.run()


def start(names: list[str], variant: str = "builtin:classic") -> AppTest:
    at = app()
    at.selectbox(key="new_variant").set_value(variant).run()
    at.number_input(key="new_n").set_value(len(names)).run()
    for i, n in enumerate(names):
        at.text_input(key=f"new_name_{i}").input(n)
    at.button(key="new_start").click().run()
    assert not at.exception
    return at


def tap(at: AppTest, card: object) -> AppTest:
    return at.button(key=f"card_{card}").click().run()


def test_md_escapes_markdown_and_html() -> None:
    assert plain(md(XSS)) == XSS
    assert "<" not in md(XSS).replace("\\<", "")
    assert plain(md("**bold** [x](javascript:1) :red[y]")) == "**bold** [x](javascript:1) :red[y]"


def test_new_game_then_legal_and_illegal_plays(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    gid = at.query_params["game"]
    assert gid and at.session_state["game_id"] == gid
    assert texts(at.header) == ["Ann's turn"]
    assert "Ann may play any card" in texts(at.info)[0]
    tap(at, 4)
    assert any(t.startswith("Allowed.") for t in texts(at.success))
    at.button(key="do_play").click().run()
    assert texts(at.header) == ["Ben's turn"]
    assert any("Ann plays 4" in t for t in texts(at.success))
    # The step is stored before the page shows it.
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [4]}]
    tap(at, 3)
    errors = texts(at.error)
    assert errors and "R5.2" in errors[0] and "lower than 4" in errors[0]
    assert "Instead:" in errors[0]
    assert at.button(key="do_play").disabled
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_undo_redo_and_pickup(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert at.button(key="do_undo").disabled and at.button(key="do_redo").disabled
    tap(at, 9)
    at.button(key="do_play").click().run()
    at.button(key="do_pickup").click().run()
    assert texts(at.header) == ["Ann's turn"]
    at.button(key="do_undo").click().run()
    assert texts(at.header) == ["Ben's turn"]
    gid = at.session_state["game_id"]
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [9]}] and row.undone == [{"pickup": "Ben"}]
    # A fresh session (a refresh) sees the same game, redo included.
    at2 = app({"game": gid})
    assert texts(at2.header) == ["Ben's turn"]
    assert not at2.button(key="do_redo").disabled
    at2.button(key="do_redo").click().run()
    assert texts(at2.header) == ["Ann's turn"]
    assert Store(default_path()).load_game(gid).undone == []


def test_pickup_of_an_empty_pile_is_refused_with_the_rule(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    at.button(key="do_pickup").click().run()
    assert any("R6.3" in t for t in texts(at.error))
    assert Store(default_path()).load_game(at.session_state["game_id"]).steps == []


def test_target_choice_for_a_card_that_needs_one(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    tap(at, "give_the_pile_to_a_friend")
    assert any("R8" in t for t in texts(at.error))  # no player chosen yet
    at.segmented_control(key="sel_to").set_value("Cal").run()
    assert any(t.startswith("Allowed.") for t in texts(at.success))
    at.button(key="do_play").click().run()
    assert texts(at.header) == ["Ben's turn"]
    row = Store(default_path()).load_game(at.session_state["game_id"])
    assert row.steps == [{"by": "Ann", "play": ["give_the_pile_to_a_friend"], "to": "Cal"}]


def test_hostile_player_name_is_only_ever_text(data_dir: Path) -> None:
    at = start([XSS, "Ben"])
    assert texts(at.header) == [f"{XSS}'s turn"]
    for el in at.markdown:
        if XSS in plain(el.value):
            assert not el.allow_html
    assert all(XSS not in m.value or "\\<" in m.value for m in at.markdown)


def test_second_tablet_gets_a_conflict_not_an_overwrite(data_dir: Path) -> None:
    one = start(["Ann", "Ben"])
    gid = one.session_state["game_id"]
    two = app({"game": gid})
    tap(one, 5)
    one.button(key="do_play").click().run()
    # Tablet two still shows Ann to move; its cached game is stale.
    store = Store(default_path())
    stale = table.rebuild(store.load_game(gid))
    stale.version = 1
    with pytest.raises(Conflict):
        table.commit(store, stale, Play("Ben", (6,)))
    # On the page: the next rerun notices the new version and shows the game as stored.
    tap(two, 6)
    assert texts(two.header) == ["Ben's turn"]
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [5]}]


def test_a_game_resumes_from_the_url(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    for card in (3, 5, 7):
        tap(at, card)
        at.button(key="do_play").click().run()
    fresh = app({"game": gid})
    assert texts(fresh.header) == ["Ben's turn"]
    assert fresh.query_params["game"] == gid
    lines = [plain(t.value) for t in fresh.text]
    assert lines[0].startswith("3. Ann plays 7")


def test_unknown_game_in_the_url_falls_back_to_a_new_game(data_dir: Path) -> None:
    at = app({"game": "nope"})
    assert not at.exception
    assert at.button(key="new_start")
    assert any("not stored" in t for t in texts(at.warning))


def test_leave_and_resume_from_the_list(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    at.button(key="do_leave").click().run()
    assert "game" not in at.query_params
    at.button(key=f"resume_{gid}").click().run()
    assert texts(at.header) == ["Ann's turn"]


def test_too_few_face_up_copies_are_refused_by_the_engine(data_dir: Path) -> None:
    at = app()
    at.number_input(key="new_n").set_value(2).run()
    at.toggle(key="new_fu_on_0").set_value(True).run()
    at.toggle(key="new_fu_on_1").set_value(True).run()
    for i in range(2):
        for j in range(3):
            at.selectbox(key=f"new_fu_{i}_{j}").set_value(16)
    at.button(key="new_start").click().run()
    assert any("cannot start" in t for t in texts(at.error))
    assert "game_id" not in at.session_state or not at.session_state["game_id"]


def test_face_up_cards_entered_are_known(data_dir: Path) -> None:
    at = app()
    at.toggle(key="new_fu_on_0").set_value(True).run()
    for j, c in enumerate((16, 15, "bottoms_up")):
        at.selectbox(key=f"new_fu_0_{j}").set_value(c)
    at.button(key="new_start").click().run()
    row = Store(default_path()).load_game(at.session_state["game_id"])
    assert row.face_up == {"Player 1": [16, 15, "bottoms_up"]}


# --- the logic without Streamlit ------------------------------------------------------------


def _store_game(tmp_path: Path, players: list[str]) -> tuple[Store, str]:
    store = Store(tmp_path / "k.sqlite3")
    gid = table.new_game(
        store,
        variant_id="classic",
        variant_yaml=builtin_yaml("classic"),
        builtin=True,
        players=players,
        face_up=None,
    )
    return store, gid


def test_rebuild_is_exact_including_redo(tmp_path: Path) -> None:
    store, gid = _store_game(tmp_path, ["Ann", "Ben", "Cal"])
    t = table.load_table(store, gid)
    for step in (Play("Ann", (4,)), Play("Ben", (4, 4)), Play("Ben", (10,)), PickUp("Cal")):
        table.commit(store, t, step)
    table.undo(store, t)
    table.undo(store, t)
    again = table.load_table(store, gid)
    assert again.game.state == t.game.state
    assert again.undone == t.undone == [PickUp("Cal"), Play("Ben", (10,))]
    assert table.redo(store, again).next_player == "Cal"
    assert table.load_table(store, gid).game.steps == again.game.steps


def test_cached_table_is_reused_until_the_version_changes(tmp_path: Path) -> None:
    store, gid = _store_game(tmp_path, ["Ann", "Ben"])
    t = table.load_table(store, gid)
    assert table.load_table(store, gid, t) is t
    other = table.load_table(store, gid)
    table.commit(store, other, Play("Ann", (2,)))
    fresh = table.load_table(store, gid, t)
    assert fresh is not t and fresh.game.steps == [Play("Ann", (2,))]


def test_log_shows_only_the_last_steps_newest_first() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    for i in range(15):
        who = game.turn or ""
        game.push(PickUp(who) if game.state.pile else Play(who, (i // 2 + 1,)))
    lines = table.log_lines(game, last=5)
    assert [ln.number for ln in lines] == [15, 14, 13, 12, 11]
    assert all("may play" not in ln.text for ln in lines)


def test_export_then_import_resumes_the_same_game(tmp_path: Path) -> None:
    store, gid = _store_game(tmp_path, ["Ann", "Ben"])
    t = table.load_table(store, gid)
    for step in (Play("Ann", (7,)), Play("Ben", (9,)), PickUp("Ann")):
        table.commit(store, t, step)
    text = table.export_text(t)
    assert "variant: classic" in text and "pickup: Ann" in text
    gid2 = table.import_record(store, text, "game.yaml")
    t2 = table.load_table(store, gid2)
    assert t2.game.state == t.game.state and t2.builtin


def test_player_rows_and_restriction_words() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"], {"Ann": [16, 15, 14]})
    game.push(Play("Ann", ("five_or_below",)))
    assert table.restriction_words(game) == "The next play must be 5 or lower, or a Karma card."
    rows = table.player_rows(game)
    assert rows[1].turn and rows[1].status == "to play"
    assert rows[0].face_up_known == "16, 15, 14"
    assert table.top_words(game) == "Five or Below (counts 0)"
