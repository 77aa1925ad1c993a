"""The Rules and Games pages (AppTest) and the app command line."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest
from support import plain

from referee.app import rulebook, table
from referee.app.common import builtin_yaml
from referee.commands.app import STREAMLIT_OPTIONS, command_line
from referee.engine import PickUp, Play
from referee.store import Store, default_path
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def page(path: str, query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=20)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def _game(players: list[str]) -> str:
    store = Store(default_path())
    gid = table.new_game(
        store,
        variant_id="mini-round",
        variant_yaml=builtin_yaml("mini-round"),
        builtin=True,
        players=players,
        face_up=None,
    )
    t = table.load_table(store, gid)
    table.commit(store, t, Play(players[0], (8,)))
    table.commit(store, t, PickUp(players[1]))
    return gid


def test_rules_page_shows_the_sheet_of_the_chosen_variant(data_dir: Path) -> None:
    at = page("screens/rules.py")
    sheet = rules_sheet(builtin("classic"))
    assert any(m.value.strip() == sheet.strip() for m in at.markdown)
    assert at.download_button(key="rules_download")
    at.selectbox(key="rules_variant").set_value("builtin:mini-round").run()
    assert any(m.value.strip() == rules_sheet(builtin("mini-round")).strip() for m in at.markdown)


def test_rules_page_offers_the_current_games_variant_first(data_dir: Path) -> None:
    gid = _game(["Ann", "Ben"])
    at = page("screens/rules.py", {"game": gid})
    assert at.selectbox(key="rules_variant").value == "game"
    assert any(m.value.strip() == rules_sheet(builtin("mini-round")).strip() for m in at.markdown)


def test_rulebook_file_stem_and_broken_variant() -> None:
    assert rulebook.file_stem("Karma, Musical Chairs!") == "karma-musical-chairs"
    assert rulebook.sheet("id: [") is None


def test_games_page_lists_and_resumes(data_dir: Path) -> None:
    gid = _game(["Ann", "Ben"])
    at = page("screens/games.py")
    assert any("2 steps" in c.value for c in at.caption)
    at.button(key=f"games_resume_{gid}").click().run()
    assert at.session_state["game_id"] == gid
    assert at.query_params["game"] == gid


def test_games_page_imports_a_record(data_dir: Path) -> None:
    at = page("screens/games.py")
    record = "variant: classic\nplayers: [Ann, Ben]\nsteps:\n  - {by: Ann, play: [5]}\n  - {by: Ben, play: [3]}\n  - {pickup: Ben}\n"
    at.file_uploader(key="games_import").upload("g.yaml", record.encode(), "application/x-yaml")
    at.run()
    at.button(key="games_import_go").click().run()
    gid = at.session_state["game_id"]
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [5]}, {"pickup": "Ben"}]  # the illegal 3 is left out


def test_games_page_reports_a_malformed_record_with_its_place(data_dir: Path) -> None:
    at = page("screens/games.py")
    at.file_uploader(key="games_import").upload("g.yaml", b"variant: classic\nplayers: 7\n", "x")
    at.run()
    at.button(key="games_import_go").click().run()
    assert any("mistakes" in e.value for e in at.error)
    assert any("g.yaml:2:" in t.value for t in at.text)


def test_app_command_line_is_headless_and_small() -> None:
    cmd = command_line(8600, "0.0.0.0")
    # The app server: main.py's pages with the table component's routes (an st.App).
    assert cmd[:3] == ["-m", "streamlit", "run"] and cmd[3].endswith("server.py")
    opts = dict(STREAMLIT_OPTIONS)
    assert opts["server.headless"] == "true" and opts["server.maxUploadSize"] == "1"
    assert opts["server.fileWatcherType"] == "none"
    assert opts["browser.gatherUsageStats"] == "false"
    assert "--server.port=8600" in cmd and "--server.address=0.0.0.0" in cmd


def _many(n: int) -> list[str]:
    store = Store(default_path())
    return [
        store.create_game(
            name=f"Game {i:02d}",
            variant_id="mini-round",
            variant_yaml=builtin_yaml("mini-round"),
            builtin=True,
            players=["Ann", "Zoë" if i % 3 == 0 else "Ben"],
        )
        for i in range(n)
    ]


def test_every_game_is_reachable_by_pages_and_search(data_dir: Path) -> None:
    ids = _many(45)
    at = page("screens/games.py")
    seen = set()
    for _ in range(3):
        seen |= {
            b.key.removeprefix("games_resume_")
            for b in at.button
            if b.key and b.key.startswith("games_resume_")
        }
        if not at.button(key="games_next").disabled:
            at.button(key="games_next").click().run()
    assert seen == set(ids)
    assert any("Page 3 of 3" in c.value for c in at.caption)
    at.text_input(key="games_query").input("zoë").run()
    found = {b.key for b in at.button if b.key and b.key.startswith("games_resume_")}
    assert len(found) == 15 and any("of 15" in c.value for c in at.caption)
    at.text_input(key="games_query").input("no such game").run()
    assert any("No games match." in m.value for m in at.markdown)


def test_rename_and_delete_a_game_with_confirmation(data_dir: Path) -> None:
    gid = _game(["Ann", "Ben"])
    at = page("screens/games.py")
    at.text_input(key=f"games_newname_{gid}").input("**Friday** night").run()
    at.button(key=f"games_rename_go_{gid}").click().run()
    store = Store(default_path())
    assert store.load_game(gid).name == "**Friday** night"
    assert any("Friday" in plain(m.value) and "**" in plain(m.value) for m in at.markdown)
    # Deleting needs the second, confirming button; the first one only opens the question.
    assert at.button(key=f"games_delete_go_{gid}")
    assert any("for good" in plain(m.value) for m in at.markdown)
    at.button(key=f"games_delete_go_{gid}").click().run()
    assert store.find_games()[1] == 0
    assert any("Deleted" in plain(s.value) for s in at.success)


def test_the_variant_library_shows_ids_and_asks_before_deleting(data_dir: Path) -> None:
    store = Store(default_path())
    store.save_variant("musical-karma", "Musical Karma", builtin_yaml("classic"))
    at = page("screens/games.py")
    assert any(plain(c.value) == "id: musical-karma" for c in at.caption)
    assert any(
        "Games already played with it keep their own copy" in plain(m.value) for m in at.markdown
    )
    assert store.get_variant("musical-karma") is not None  # nothing deleted by looking
    at.button(key="games_delvar_go_musical-karma").click().run()
    assert store.get_variant("musical-karma") is None


def test_a_damaged_game_is_listed_and_can_be_deleted_but_not_opened(data_dir: Path) -> None:
    import sqlite3

    good, bad = _game(["Ann", "Ben"]), _game(["Cal", "Dee"])
    with sqlite3.connect(default_path()) as db:
        db.execute("UPDATE games SET steps = '{not json', players = '[1' WHERE id = ?", (bad,))
    at = page("screens/games.py")
    assert at.button(key=f"games_resume_{bad}").disabled
    assert not at.button(key=f"games_resume_{good}").disabled
    assert any("damaged" in plain(c.value) for c in at.caption)
    at.button(key=f"games_delete_go_{bad}").click().run()
    assert Store(default_path()).find_games()[1] == 1
    # Opening it by its link says so in plain words and offers a new game.
    _game(["Eve", "Fay"])
    with sqlite3.connect(default_path()) as db:
        db.execute("UPDATE games SET steps = '{not json' WHERE id = ?", (good,))
    ref = AppTest.from_file(MAIN, default_timeout=20)
    ref.query_params["game"] = good
    ref.run()
    assert not ref.exception
    assert any("damaged" in plain(e.value) for e in ref.error)
    assert ref.button(key="np_start")


def test_streamlit_config_file_says_what_karma_app_passes() -> None:
    """Streamlit's hosting reads .streamlit/config.toml; `karma app` passes the same options."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    in_file = {
        f"{section}.{key}": str(value).lower() if isinstance(value, bool) else str(value)
        for section, values in config.items()
        for key, value in values.items()
    }
    assert in_file == dict(STREAMLIT_OPTIONS)
