"""The Referee page (AppTest) and its logic (referee.app.table).  The table is the component:
a test reads the data the page hands it and takes each step through the step route's own
function, then runs the page again (tests/tablepage.py)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support import NEAR_THE_END, RUNS, SUITED, SUPERJOKER, TAKE_ONE, plain
from tablepage import axis, card, data, glance, notes, ours, play, said, step, text_of, turn, words

from referee.app import live, table, tableapi
from referee.app.common import builtin_yaml, md
from referee.app.glance import top_card
from referee.engine import Game, PickUp, Play
from referee.store import Conflict, StorageError, Store, default_path
from referee.variant.registry import builtin, builtin_ids

pytestmark = pytest.mark.usefixtures("mounted_routes")
MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
XSS = "<img src=x onerror=alert(1)>"


def texts(elements) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(e.value) for e in elements]


def app(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=20)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    return at.run()


def add_names(at: AppTest, names: list[str]) -> AppTest:
    for n in names:  # Enter after each name
        at.text_input(key="np_name").input(n).run()
    return at


def start(names: list[str], variant: str = "builtin:classic") -> AppTest:
    at = app()
    at.selectbox(key="np_variant").set_value(variant).run()
    add_names(at, names)
    at.button(key="np_start").click().run()
    assert not at.exception
    return at


def test_md_escapes_markdown_and_html() -> None:
    assert plain(md(XSS)) == XSS
    assert "<" not in md(XSS).replace("\\<", "")
    assert plain(md("**bold** [x](javascript:1) :red[y]")) == "**bold** [x](javascript:1) :red[y]"


def test_the_table_is_one_component(data_dir: Path) -> None:
    """The glance, the cards, the choices, the verdict, Play, Pick up, Undo and Redo and the
    players: all the component's.  No Streamlit widget of the page takes a step."""
    at = start(["Ann", "Ben", "Cal"])
    drawn = data(at)
    assert drawn["api"] == tableapi.STEP_PATH and drawn["token"]  # every step: the route
    assert drawn["version_api"] and not drawn["rerun"]
    keys = {b.key for b in at.button}
    assert not any(str(k).startswith(("card_", "do_")) for k in keys - {"do_leave"})
    assert not any("sel_" in str(w.key) for w in [*at.selectbox, *at.segmented_control])
    # A panel open beside the table: steps still go to the route, and the page draws again.
    at.session_state["log_open"] = True
    drawn = data(at.run())
    assert drawn["api"] == tableapi.STEP_PATH and drawn["rerun"] and drawn["version_api"]


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_builtin_variant_is_offered_by_its_name_and_deals_its_game(
    data_dir: Path, vid: str
) -> None:
    """The New game page offers each built-in variant by the name a family reads, and starting
    with it deals that variant (the browser tests open most of their games from the store)."""
    v = builtin(vid)
    at = app()
    assert f"{v.name} (built in)" in at.selectbox(key="np_variant").options
    at.selectbox(key="np_variant").set_value(f"builtin:{vid}").run()
    players = [f"Player {i + 1}" for i in range(min(4, v.max_players))]
    add_names(at, players)
    at.button(key="np_start").click().run()
    assert not at.exception
    row = Store(default_path()).load_game(at.query_params["game"])
    assert (row.variant_id, row.builtin, row.players) == (vid, True, tuple(players))
    assert turn(at) == "\u2068Player 1\u2069's turn"  # a name is set apart from the words


def test_new_game_then_legal_and_illegal_plays(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    gid = at.query_params["game"]
    assert gid and at.session_state["game_id"] == gid
    assert turn(at) == "Ann's turn"
    assert "Ann may play any card" in data(at)["ask"]
    assert said(data(at), 4)["legal"]
    reply = play(at, 4)
    assert turn(at) == "Ben's turn" and glance(reply["data"], "turn") == "Ben's turn"
    assert any("Ann plays 4" in t for t in ours(data(at)["head"], "kr-last"))
    # The step is stored before the table shows it.
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [4]}]
    three = said(data(at), 3)
    assert not three["legal"] and three["rule"] == "R5.2" and "lower than 4" in words(three)
    assert "Ben may play from their hand: 4 or higher" in words(three)  # what to do instead
    # Play waits for a legal verdict; sent all the same, the engine refuses it again.
    status, refused = step(at, "play", 3)
    assert status == 200 and refused["reset"]
    assert notes(refused)[0][0] == "error" and "R5.2" in notes(refused)[0][1]
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_undo_redo_and_pickup(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert not data(at)["can_undo"] and not data(at)["can_redo"]
    play(at, 9)
    step(at, "pickup")
    assert turn(at) == "Ann's turn"
    step(at, "undo")
    assert turn(at) == "Ben's turn"
    gid = at.session_state["game_id"]
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [9]}] and row.undone == [{"pickup": "Ben"}]
    # A fresh session (a refresh) sees the same game, redo included.
    at2 = app({"game": gid})
    assert turn(at2) == "Ben's turn"
    assert data(at2)["can_redo"]
    step(at2, "redo")
    assert turn(at2) == "Ann's turn"
    assert Store(default_path()).load_game(gid).undone == []


def test_the_end_of_a_games_undo_takes_the_step_routes_way(
    data_dir: Path, live_server: live.Live
) -> None:
    """The page draws the end of a game with its own Undo and Redo; they take the step as the
    step route does (``tableapi.taking``): the route's live game moves with them, and a tablet
    that is behind is refused in the route's words."""
    store = Store(default_path())
    gid = table.import_record(store, NEAR_THE_END, "ending.yaml")
    at, other = app({"game": gid}), app({"game": gid})
    play(at, 8)
    assert step(at, "play", 9) == (200, {"reload": True})  # the game is over: the page draws it
    other.run()
    for page in (at, other):
        assert not page.get("bidi_component") and "Lost: Ann" in texts(page.get("html"))[0]
        assert not page.button(key="do_undo").disabled and page.button(key="do_redo").disabled
    ended = store.version(gid)
    at.button(key="do_undo").click().run()
    assert turn(at) == "Cal's turn"
    assert dict(notes({"data": data(at)}))["info"].startswith("Undid step 2: Cal plays 9. ")
    row = store.load_game(gid)
    assert row.steps == [{"by": "Ben", "play": [8]}] and row.undone == [{"by": "Cal", "play": [9]}]
    kept = live_server.game(gid)  # the route's own copy of the game moved with the page's undo
    assert kept is not None and kept.version == row.version == (ended or 0) + 1
    assert live_server.recent.recall(gid, row.version) is not None
    # The other tablet still shows the end: its Undo is refused, and nothing is recorded.
    other.button(key="do_undo").click().run()
    assert turn(other) == "Cal's turn"
    said = dict(notes({"data": data(other)}))
    assert (
        said["warning"].startswith("Another tablet undid") and "was not recorded" in said["warning"]
    ), said
    assert store.load_game(gid).undone == row.undone and store.version(gid) == row.version
    # Redo, through the table's own route, ends the game again.
    assert step(at, "redo") == (200, {"reload": True})
    assert not at.get("bidi_component") and not at.button(key="do_undo").disabled


def test_pickup_is_off_on_an_empty_pile(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert not data(at)["can_pick_up"]  # the engine says R6.3: nothing to pick up
    game = table.rebuild(Store(default_path()).load_game(at.session_state["game_id"])).game
    assert game.advice.explain(game.state, PickUp("Ann")).rule == "R6.3" and not table.can_pick_up(
        game
    )
    status, refused = step(at, "pickup")  # sent all the same: refused, nothing recorded
    assert notes(refused) == [("error", notes(refused)[0][1])] and "R6.3" in notes(refused)[0][1]
    assert Store(default_path()).load_game(at.session_state["game_id"]).steps == []
    play(at, 4)
    assert data(at)["can_pick_up"]


def test_target_choice_for_a_card_that_needs_one(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    card = "give_the_pile_to_a_friend"
    # The card needs a player: the table asks for one before judging, and Play waits.
    assert said(data(at), card)["ask"].startswith("Who is the Give the Pile to a Friend for?")
    step(at, "play", card)  # sent all the same, without a player: nothing is recorded
    assert Store(default_path()).load_game(at.session_state["game_id"]).steps == []
    assert axis(data(at), card, "to")["by_mover"][""] == [["Ben", "Ben"], ["Cal", "Cal"]]  # type: ignore[index]
    assert said(data(at), card, to="Cal")["legal"]
    play(at, card, to="Cal")
    assert turn(at) == "Ben's turn"
    row = Store(default_path()).load_game(at.session_state["game_id"])
    assert row.steps == [{"by": "Ann", "play": ["give_the_pile_to_a_friend"], "to": "Cal"}]


def test_hostile_player_name_is_only_ever_text(data_dir: Path) -> None:
    at = start([XSS, "Ben"])
    assert turn(at) == f"\u2068{XSS}\u2069's turn"  # as typed, isolated (ruling 63)
    drawn = data(at)
    for part in ("head", "foot"):  # the table's own HTML: every user word escaped
        assert XSS not in drawn[part] and html.escape(XSS, quote=False) in drawn[part]
    for el in at.markdown:
        if XSS in plain(el.value):
            assert not el.allow_html
    assert all(XSS not in m.value or "\\<" in m.value for m in at.markdown)


def test_second_tablet_gets_a_conflict_not_an_overwrite(data_dir: Path) -> None:
    one = start(["Ann", "Ben"])
    gid = one.session_state["game_id"]
    two = app({"game": gid})
    play(one, 5)
    # Tablet two still shows Ann to move; its cached game is stale.
    store = Store(default_path())
    stale = table.rebuild(store.load_game(gid))
    stale.version = 1
    with pytest.raises(Conflict):
        table.commit(store, stale, Play("Ben", (6,)))
    # On the page: the next run notices the new version and shows the game as stored.
    two.run()
    assert turn(two) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [5]}]


def test_a_stale_play_is_refused_never_given_to_the_next_player(data_dir: Path) -> None:
    one = start(["Ann", "Ben", "Cal"])
    gid = one.session_state["game_id"]
    two = app({"game": gid})
    behind = data(two)  # tablet two means: Ann plays 9
    assert said(behind, 9)["legal"]
    play(one, 4)  # tablet one records Ann's 4 first
    status, reply = step(two, "play", 9, shown=behind)
    warning = " ".join(w for k, w in notes(reply) if k == "warning")
    assert (
        "Another tablet recorded a step first: Ann plays 4" in warning
        and "Your play was not recorded" in warning
    )
    assert glance(reply["data"], "turn") == "Ben's turn" and turn(two) == "Ben's turn"
    assert reply["reset"]  # the fresh state, nothing selected
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]
    # Now up to date, tablet two's next play goes through.
    play(two, 9)
    assert [s["by"] for s in Store(default_path()).load_game(gid).steps] == ["Ann", "Ben"]


def test_a_stale_undo_is_refused(data_dir: Path) -> None:
    one = start(["Ann", "Ben"])
    gid = one.session_state["game_id"]
    play(one, 4)
    two = app({"game": gid})  # shows Ann's 4, undo would take it back
    behind = data(two)
    play(one, 6)  # Ben's 6 lands first
    _, reply = step(two, "undo", shown=behind)
    assert any(
        k == "warning" and "Another tablet recorded a step first: Ben plays 6" in w
        for k, w in notes(reply)
    )
    steps = Store(default_path()).load_game(gid).steps
    assert steps == [{"by": "Ann", "play": [4]}, {"by": "Ben", "play": [6]}]
    # A rename changes no step: an action shown before it still counts.
    shown = data(one)
    Store(default_path()).rename_game(gid, "Friday")
    _, reply = step(one, "undo", shown=shown)
    assert any(k == "info" and w.startswith("Undid step 2: Ben plays 6") for k, w in notes(reply))
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_undo_says_which_step_it_undid(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    play(at, 7)
    _, reply = step(at, "undo")
    assert any(k == "info" and w.startswith("Undid step 1: Ann plays 7") for k, w in notes(reply))


def test_a_play_recorded_out_of_turn_gets_the_r6_1_verdict(data_dir: Path) -> None:
    """A play recorded for another player is the one choice the browser asks the page about
    (the component's state value ``choice``): the page's next run judges it."""
    at = start(["Ann", "Ben", "Cal"])
    assert [v for v, _ in axis(data(at), 9, "by")["values"]] == ["", "Ben", "Cal"]  # type: ignore[index]
    choice = {"version": data(at)["version"], "card": "9", "count": 1, "zone": "hand"}
    at.session_state["table_comp"] = {"choice": {**choice, "by": "Cal", "to": "", "give": ""}}
    judged = data(at.run())["judged"]
    assert judged["sel"]["by"] == "Cal"
    out = judged["said"]
    assert not out["legal"] and out["rule"] == "R6.1"
    assert "it is Ann's turn, not Cal's" in words(out)
    _, refused = step(at, "play", 9, by="Cal")  # sent all the same: the engine refuses it
    assert any(k == "error" and "R6.1" in w for k, w in notes(refused))
    assert said(data(at), 9)["legal"]  # played by the one whose turn it is


def test_the_zone_is_the_steps_and_a_wrong_zone_says_why(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert axis(data(at), 9, "zone")["default"] == "hand"  # type: ignore[index]
    wrong = said(data(at), 9, zone="face_up")
    assert not wrong["legal"] and wrong["rule"].startswith("R3")  # hand cards come first
    assert axis(data(at), 5, "zone")["default"] == "hand"  # type: ignore[index]
    assert said(data(at), 5)["legal"]


def struck(at: AppTest, c: object) -> bool:
    return bool(card(data(at), c)["struck"])  # crossed out, and still answers a tap


def test_cards_that_cannot_be_played_are_struck_and_say_why(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert not struck(at, 9)
    counts = axis(data(at), 9, "count")
    assert counts is not None and [v for v, _ in counts["values"]] == ["1", "2", "3"]  # a hand
    play(at, 9, count=3)  # three 9s burn: every 9 is accounted for
    assert any("burns" in t for t in ours(data(at)["head"], "kr-last"))
    assert struck(at, 9) and not struck(at, 8)
    nine = said(data(at), 9)  # a struck card says why, like any other tap (R4.3)
    assert not nine["legal"] and nine["rule"] == "R4.3"
    # A one-time card, once used, is out of the game: greyed out too.
    game = Game.deal(builtin("family-create-your-karma"), ["Ann", "Ben", "Cal"])
    assert table.playable_cards(game)["change_your_seat"]
    game.push(Play("Ann", ("change_your_seat",), to="Cal"))
    assert not table.playable_cards(game)["change_your_seat"]


def test_known_hand_cards_and_direction_are_shown(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    assert glance(data(at), "direction") == "↻ Clockwise"
    assert "Ann → Ben → Cal" in text_of(data(at)["head"])
    play(at, 9)
    step(at, "pickup")  # Ben now holds the 9
    players = data(at)["foot"]
    assert 'class="kr-players"' in players
    heads = re.findall(r'<th scope="col">([^<]*)</th>', players)
    ben = next(r for r in re.findall(r"<tr>(.*?)</tr>", players) if ">Ben</th>" in r)
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", ben)
    assert "9" in cells[heads.index("Hand cards known") - 1].split(", ")


def test_a_game_resumes_from_the_url(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    for c in (3, 5, 7):
        play(at, c)
    fresh = app({"game": gid})
    assert turn(fresh) == "Ben's turn"
    assert fresh.query_params["game"] == gid
    assert not any('class="kr-log"' in h.value for h in fresh.html)  # drawn only when opened
    fresh.session_state["log_open"] = True  # the log opened
    fresh.run()
    log = next(h.value for h in fresh.html if 'class="kr-log"' in h.value)
    assert text_of(log).startswith("3. 7 Ann plays 7")


def test_unknown_game_in_the_url_falls_back_to_a_new_game(data_dir: Path) -> None:
    at = app({"game": "nope"})
    assert not at.exception
    assert at.button(key="np_start")
    assert any("not stored" in t for t in texts(at.warning))


def test_leave_and_resume_from_the_list(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    at.button(key="do_leave").click().run()
    assert "game" not in at.query_params
    at.button(key=f"resume_{gid}").click().run()
    assert turn(at) == "Ann's turn"


def test_too_few_face_up_copies_are_refused_by_the_engine(data_dir: Path) -> None:
    at = add_names(app(), ["Ann", "Ben"])
    for who in ("Ann", "Ben"):
        at.segmented_control(key="np_fu_who").set_value(who).run()
        for _ in range(3):
            at.button(key="np_fu_card_16").click().run()
    at.button(key="np_start").click().run()
    assert any("cannot start" in t for t in texts(at.error))
    assert "game_id" not in at.session_state or not at.session_state["game_id"]


def test_face_up_cards_are_tapped_in_a_card_grid(data_dir: Path) -> None:
    at = add_names(app(), ["Ann", "Ben"])
    for c in (16, 15, "bottoms_up"):
        at.button(key=f"np_fu_card_{c}").click().run()
    # Three tapped: on to the next player, whose cards are still to come.
    assert at.session_state["np_fu_who"] == "Ben"
    at.button(key="np_start").click().run()
    row = Store(default_path()).load_game(at.session_state["game_id"])
    assert row.face_up == {"Ann": [16, 15, "bottoms_up"]}


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
    for taken in (Play("Ann", (4,)), Play("Ben", (4, 4)), Play("Ben", (10,)), PickUp("Cal")):
        table.commit(store, t, taken)
    table.undo(store, t)
    table.undo(store, t)
    again = table.load_table(store, gid)
    assert again.game.state == t.game.state
    assert again.undone == t.undone == [PickUp("Cal"), Play("Ben", (10,))]
    assert table.redo(store, again).next_player == "Cal"
    assert table.load_table(store, gid).game.past.steps == again.game.past.steps


def test_cached_table_is_reused_until_the_version_changes(tmp_path: Path) -> None:
    store, gid = _store_game(tmp_path, ["Ann", "Ben"])
    t = table.load_table(store, gid)
    assert table.load_table(store, gid, t) is t
    other = table.load_table(store, gid)
    table.commit(store, other, Play("Ann", (2,)))
    fresh = table.load_table(store, gid, t)
    assert fresh is not t and fresh.game.past.steps == [Play("Ann", (2,))]


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
    for taken in (Play("Ann", (7,)), Play("Ben", (9,)), PickUp("Ann")):
        table.commit(store, t, taken)
    text = table.export_text(t)
    assert "variant: classic" in text and "pickup: Ann" in text
    gid2 = table.import_record(store, text, "game.yaml")
    t2 = table.load_table(store, gid2)
    assert t2.game.state == t.game.state and t2.builtin


def test_player_rows_and_the_top_card() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"], {"Ann": [16, 15, 14]})
    game.push(Play("Ann", ("five_or_below",)))
    rows = table.player_rows(game)
    assert rows[1].turn and rows[1].status == "to play"
    assert rows[0].face_up_known == "16, 15, 14"
    top = top_card(game)
    assert (top.name, top.note) == ("Five or Below", "Counts 0.")


def test_a_step_that_failed_to_store_is_not_shown_as_taken(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]

    def full_disk(*args: object, **kwargs: object) -> int:
        raise StorageError("full", "The games folder cannot be written: the disk is full.")

    with monkeypatch.context() as m:
        m.setattr(Store, "save_steps", full_disk)
        _, reply = step(at, "play", 5)
        assert notes(reply) == [
            (
                "error",
                "That step was not saved. The games folder cannot be written: the disk is full.",
            )
        ]
        assert not reply["reset"]  # the choice is kept: press Play again
        assert turn(at) == "Ann's turn" and glance(reply["data"], "turn") == "Ann's turn"
        assert any("0 steps so far" in t for t in ours(data(at)["foot"], "kr-caption"))
    assert Store(default_path()).load_game(gid).steps == []
    play(at, 5)
    assert turn(at) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [5]}]


def test_stale_words_say_what_the_other_tablet_did(tmp_path: Path) -> None:
    store, gid = _store_game(tmp_path, ["Ann", "Ben"])
    before = table.load_table(store, gid)
    other = table.rebuild(store.load_game(gid))
    table.commit(store, other, Play("Ann", (9,)))
    after = table.load_table(store, gid)
    assert table.stale_words(before, after, "undo") == (
        "Another tablet recorded a step first: Ann plays 9. Ann draws 1 card. "
        "Your undo was not recorded. Here is the game as it is now: check it and try again."
    )
    table.undo(store, other)
    later = table.load_table(store, gid)
    assert (
        table.change_words(after, later)
        == "Another tablet undid a step: Ann plays 9. Ann draws 1 card."
    )


def test_a_play_that_loses_the_race_inside_the_store_is_refused(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both tablets passed the version check; the store lets only the first write through."""
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    real = Store.save_steps

    def other_tablet_first(self: Store, *args: object, **kwargs: object) -> int:
        monkeypatch.setattr(Store, "save_steps", real)
        other = table.rebuild(self.load_game(gid))
        table.commit(self, other, Play("Ann", (4,)))  # lands between check and write
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "save_steps", other_tablet_first)
    _, reply = step(at, "play", 9)
    warning = " ".join(w for k, w in notes(reply) if k == "warning")
    assert "Another tablet recorded a step first: Ann plays 4" in warning
    assert reply["reset"] and turn(at) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_a_pick_up_that_takes_a_face_up_card_asks_which(data_dir: Path) -> None:
    """A table rule (ruling 108): on the face-up cards, Pick up waits for the face-up card
    taken along, and the stored step names it."""
    text = TAKE_ONE
    store = Store(default_path())
    gid = table.import_record(store, text, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    take = data(at)["take"]
    assert take["required"] and take["values"] == [["2", "2"], ["7", "7"]]  # Pick up waits
    step(at, "pickup")  # without the card taken along: nothing is recorded
    assert Store(default_path()).load_game(gid).steps == [] and turn(at) == "Ann's turn"
    step(at, "pickup", take=7)
    assert turn(at) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"pickup": "Ann", "take": 7}]


def test_a_card_turned_over_from_the_draw_pile_is_a_zone_choice(data_dir: Path) -> None:
    """A table rule (ruling 109): the tablet taps the card turned over and chooses "Draw pile",
    as for a face-down card; the stored step says `from: draw_pile`."""
    text = """
variant:
  id: gamble
  name: Gamble
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {low: 1, high: 10, copies: 4}
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
  table: {gamble: true}
players: [Ann, Ben]
start:
  turn: Ann
  pile: [6]
  draw_pile: 9
  hand: {Ann: 3, Ben: 3}
  face_up: {Ann: [2], Ben: [3]}
  face_down: {Ann: 1, Ben: 1}
steps: []
"""
    store = Store(default_path())
    gid = table.import_record(store, text, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    assert "Or Ann may turn over the top card of the draw pile." in data(at)["ask"]
    zones = dict(axis(data(at), 9, "zone")["values"])  # type: ignore[index]
    assert zones["draw_pile"] == "Draw pile"
    assert said(data(at), 9, zone="draw_pile")["legal"]
    play(at, 9, zone="draw_pile")
    assert turn(at) == "Ben's turn"
    steps = Store(default_path()).load_game(gid).steps
    assert steps == [{"by": "Ann", "play": [9], "from": "draw_pile"}]


def test_a_card_whose_powers_read_a_suit_asks_which_suit(data_dir: Path) -> None:
    """Issue 42 (ruling 149): only a card whose powers read a suit gets a suit tap, none
    shown until tapped; the Jack of hearts goes on a King, a Jack showing no suit does not,
    and the stored step says the suit. Every other card asks nothing more."""
    store = Store(default_path())
    gid = table.import_record(store, SUITED, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    d = data(at)
    suit = axis(d, 11, "suit")
    assert suit is not None and suit["default"] == "" and len(suit["values"]) == 5  # type: ignore[arg-type]
    assert axis(d, 12, "suit") is None and axis(d, 2, "suit") is None
    assert said(d, 11)["legal"] is False
    assert said(d, 11, suit="clubs")["legal"] is False
    hearts = said(d, 11, suit="hearts")
    assert hearts["legal"] is True and "a Jack of hearts is wild" in words(hearts)
    step(at, "play", 11, suit="hearts")
    assert turn(at) == "Ben's turn"
    stored = Store(default_path()).load_game(gid).steps
    assert stored == [{"by": "Ann", "play": [11], "suit": "hearts"}]


def test_a_pile_given_away_is_passed_on_with_one_suit_tap(data_dir: Path) -> None:
    """Issue 42 (ruling 168): the joker gives the pile to Ben, who may pass it on with a red
    Jack. The table offers it to Ben in its own words ("Next:" and the prompt); the Jack's one
    suit tap is the deflection: a red one passes it on, a black one is refused in the rule's
    words; the stored steps are an ordinary play with its suit, then Cal's ordinary pick-up."""
    store = Store(default_path())
    gid = table.import_record(store, SUPERJOKER, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    play(at, "joker")
    assert turn(at) == "Ben's turn"
    d = data(at)
    assert glance(d, "follow") == "Next: Pass the pile on with a Jack, or pick it up"
    assert d["ask"].startswith(
        "Ben may pass the pile on with a card from their hand: a Jack. Or Ben may pick up the pile."
    )
    assert axis(d, 11, "suit") is not None and axis(d, 12, "suit") is None
    assert said(d, 11, suit="diamonds")["legal"] is True
    black = said(d, 11, suit="clubs")
    assert black["legal"] is False
    assert "Ben must pass the pile on with a red Jack, or pick it up." in words(black)
    assert said(d, 14)["legal"] is False  # an Ace goes on a 9, but passes nothing on
    play(at, 11, suit="diamonds")
    assert turn(at) == "Cal's turn"
    step(at, "pickup")
    assert turn(at) == "Ann's turn"
    assert Store(default_path()).load_game(gid).steps == [
        {"by": "Ann", "play": ["joker"]},
        {"by": "Ben", "play": [11], "suit": "diamonds"},
        {"pickup": "Cal"},
    ]


def test_a_run_is_one_tap_on_its_top_card(data_dir: Path) -> None:
    """Issue 42 (ruling 166), the run tap: where runs are played, a number card asks whether it
    topped a run, "No run" until a start is tapped; each run's verdict is judged ahead of the
    taps with the run said beside it; a run with a power card inside is refused with its reason
    and records nothing; a good run is recorded as the record writes it (play: [4, 5, 6])."""
    store = Store(default_path())
    gid = table.import_record(store, RUNS, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    d = data(at)
    run = axis(d, 6, "run")
    assert run is not None and run["default"] == "" and run["values"][1] == ["5", "5 to 6"]
    assert said(d, 6)["legal"] is True and not said(d, 6)["detail"]  # the 6 alone
    inside = said(d, 9, run_from=6)
    assert inside["legal"] is False and "7 has a power" in words(inside)
    assert "R4.1" in words(inside) and "The run: 6, 7, 8 and 9." in words(inside)
    status, refused = step(at, "play", 9, run_from=6)  # sent all the same: refused, nothing kept
    assert status == 200 and refused["reset"], refused
    assert notes(refused)[0][0] == "error" and "7 has a power" in notes(refused)[0][1]
    assert store.load_game(gid).steps == [] and turn(at) == "Ann's turn"
    yes = said(data(at), 6, run_from=4)
    assert yes["legal"] is True and "The run: 4, 5 and 6." in words(yes)
    step(at, "play", 6, run_from=4)
    assert turn(at) == "Ben's turn"
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [4, 5, 6]}]
