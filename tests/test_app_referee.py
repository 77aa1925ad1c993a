"""The Referee page (AppTest) and its logic (referee.app.table)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support import TAKE_ONE, plain

from referee.app import table
from referee.app.common import builtin_yaml, md
from referee.app.glance import top_card
from referee.engine import Game, PickUp, Play
from referee.store import Conflict, StorageError, Store, default_path
from referee.variant.registry import builtin

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
XSS = "<img src=x onerror=alert(1)>"


def texts(elements) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(e.value) for e in elements]


def _html_text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def ours(at: AppTest, cls: str) -> list[str]:
    """The text of each element of ours with class ``cls``: the last step ("kr-last"), the line
    naming the game ("kr-caption")."""
    return [
        plain(_html_text(m.group(1)))
        for h in at.html
        for m in re.finditer(rf'class="{cls}"[^>]*>(.*?)</(?:div|p)>', h.value, re.S)
    ]


def glance(at: AppTest, what: str) -> str | None:
    """The text of a glance element (data-glance="turn", "direction", "follow", "rank")."""
    for h in at.html:
        m = re.search(rf'data-glance="{what}">(.*?)</div>', h.value, re.S)
        if m:
            return _html_text(m.group(1))
    return None


def turn(at: AppTest) -> str | None:
    return glance(at, "turn")


def verdict(at: AppTest) -> tuple[bool, str] | None:
    """The live verdict: (legal, its words with the rule tag) or None."""
    for h in at.html:
        m = re.search(r'class="kr-verdict kr-(yes|no)"(.*)', h.value, re.S)
        if m:
            return m.group(1) == "yes", _html_text(m.group(2).split(">", 1)[1])
    return None


def allowed(at: AppTest) -> bool:
    v = verdict(at)
    return v is not None and v[0]


def asked(at: AppTest) -> str:
    """What the screen asks for in the verdict's place ('Tap the card that was played.')."""
    for h in at.html:
        if 'class="kr-verdict kr-ask"' in h.value:
            return _html_text(h.value)
    return ""


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
    assert turn(at) == "Ann's turn"
    assert "Ann may play any card" in asked(at)
    tap(at, 4)
    assert allowed(at)
    at.button(key="do_play").click().run()
    assert turn(at) == "Ben's turn"
    assert any("Ann plays 4" in t for t in ours(at, "kr-last"))
    # The step is stored before the page shows it.
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [4]}]
    tap(at, 3)
    legal, words = verdict(at) or (True, "")
    assert not legal and "R5.2" in words and "lower than 4" in words
    assert "Ben may play from their hand: 4 or higher" in words  # what to do instead
    assert at.button(key="do_play").disabled
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_undo_redo_and_pickup(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert at.button(key="do_undo").disabled and at.button(key="do_redo").disabled
    tap(at, 9)
    at.button(key="do_play").click().run()
    at.button(key="do_pickup").click().run()
    assert turn(at) == "Ann's turn"
    at.button(key="do_undo").click().run()
    assert turn(at) == "Ben's turn"
    gid = at.session_state["game_id"]
    row = Store(default_path()).load_game(gid)
    assert row.steps == [{"by": "Ann", "play": [9]}] and row.undone == [{"pickup": "Ben"}]
    # A fresh session (a refresh) sees the same game, redo included.
    at2 = app({"game": gid})
    assert turn(at2) == "Ben's turn"
    assert not at2.button(key="do_redo").disabled
    at2.button(key="do_redo").click().run()
    assert turn(at2) == "Ann's turn"
    assert Store(default_path()).load_game(gid).undone == []


def test_pickup_is_off_on_an_empty_pile(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert at.button(key="do_pickup").disabled  # the engine says R6.3: nothing to pick up
    game = table.rebuild(Store(default_path()).load_game(at.session_state["game_id"])).game
    assert game.explain(PickUp("Ann")).rule == "R6.3" and not table.can_pick_up(game)
    tap(at, 4)
    at.button(key="do_play").click().run()
    assert not at.button(key="do_pickup").disabled


def test_target_choice_for_a_card_that_needs_one(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    tap(at, "give_the_pile_to_a_friend")
    # The card needs a player: the page asks for one before judging, and Play waits.
    assert verdict(at) is None
    assert "Who is the Give the Pile to a Friend for?" in asked(at)
    assert at.button(key="do_play").disabled
    at.segmented_control(key="sel_to").set_value("Cal").run()
    assert allowed(at)
    at.button(key="do_play").click().run()
    assert turn(at) == "Ben's turn"
    row = Store(default_path()).load_game(at.session_state["game_id"])
    assert row.steps == [{"by": "Ann", "play": ["give_the_pile_to_a_friend"], "to": "Cal"}]


def test_hostile_player_name_is_only_ever_text(data_dir: Path) -> None:
    at = start([XSS, "Ben"])
    assert turn(at) == f"\u2068{XSS}\u2069's turn"  # as typed, isolated (ruling 63)
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
    assert turn(two) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [5]}]


def test_a_stale_play_is_refused_never_given_to_the_next_player(data_dir: Path) -> None:
    one = start(["Ann", "Ben", "Cal"])
    gid = one.session_state["game_id"]
    two = app({"game": gid})
    tap(two, 9)  # tablet two means: Ann plays 9
    assert not two.button(key="do_play").disabled
    tap(one, 4)
    one.button(key="do_play").click().run()  # tablet one records Ann's 4 first
    two.button(key="do_play").click().run()
    warning = " ".join(texts(two.warning))
    assert (
        "Another tablet recorded a step first: Ann plays 4" in warning
        and "Your play was not recorded" in warning
    )
    assert turn(two) == "Ben's turn"  # the fresh state, nothing selected
    assert two.session_state["table_sel"].card is None
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]
    # Now up to date, tablet two's next play goes through.
    tap(two, 9)
    two.button(key="do_play").click().run()
    assert [s["by"] for s in Store(default_path()).load_game(gid).steps] == ["Ann", "Ben"]


def test_a_stale_undo_is_refused(data_dir: Path) -> None:
    one = start(["Ann", "Ben"])
    gid = one.session_state["game_id"]
    tap(one, 4)
    one.button(key="do_play").click().run()
    two = app({"game": gid})  # shows Ann's 4, undo would take it back
    tap(one, 6)
    one.button(key="do_play").click().run()  # Ben's 6 lands first
    two.button(key="do_undo").click().run()
    assert any("Another tablet recorded a step first: Ben plays 6" in t for t in texts(two.warning))
    steps = Store(default_path()).load_game(gid).steps
    assert steps == [{"by": "Ann", "play": [4]}, {"by": "Ben", "play": [6]}]
    # A rename changes no step: an action shown before it still counts.
    Store(default_path()).rename_game(gid, "Friday")
    one.button(key="do_undo").click().run()
    assert any("Undid step 2: Ben plays 6" in t for t in texts(one.info))
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_undo_says_which_step_it_undid(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    tap(at, 7)
    at.button(key="do_play").click().run()
    at.button(key="do_undo").click().run()
    assert any(t.startswith("Undid step 1: Ann plays 7") for t in texts(at.info))


def test_a_play_recorded_out_of_turn_gets_the_r6_1_verdict(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    tap(at, 9)
    at.selectbox(key="sel_by").set_value("Cal").run()
    legal, words = verdict(at) or (True, "")
    assert not legal and "R6.1" in words and "it is Ann's turn, not Cal's" in words
    assert at.button(key="do_play").disabled
    at.selectbox(key="sel_by").set_value("").run()
    assert allowed(at)


def test_the_zone_resets_after_a_rejected_step(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    tap(at, 9)
    at.segmented_control(key="sel_zone").set_value("face_up").run()
    legal, words = verdict(at) or (True, "")
    assert not legal and "R3" in words  # hand cards come first
    tap(at, 5)
    assert at.session_state["sel_zone"] == "hand"
    assert allowed(at)


def struck(at: AppTest, card: object) -> bool:
    b = at.button(key=f"card_{card}")
    return b.proto.type == "tertiary" and not b.disabled  # crossed out, and still answers a tap


def test_cards_that_cannot_be_played_are_struck_and_say_why(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    assert not struck(at, 9)
    tap(at, 9)
    at.segmented_control(key="sel_count").set_value(3).run()
    at.button(key="do_play").click().run()  # three 9s burn: every 9 is accounted for
    assert any("burns" in t for t in ours(at, "kr-last"))
    assert struck(at, 9) and not struck(at, 8)
    tap(at, 9)  # a struck card says why, like any other tap (R4.3)
    legal, words = verdict(at) or (True, "")
    assert not legal and "R4.3" in words and at.button(key="do_play").disabled
    # A one-time card, once used, is out of the game: greyed out too.
    game = Game.deal(builtin("family-create-your-karma"), ["Ann", "Ben", "Cal"])
    assert table.playable_cards(game)["change_your_seat"]
    game.push(Play("Ann", ("change_your_seat",), to="Cal"))
    assert not table.playable_cards(game)["change_your_seat"]


def test_known_hand_cards_and_direction_are_shown(data_dir: Path) -> None:
    at = start(["Ann", "Ben", "Cal"])
    assert glance(at, "direction") == "↻ Clockwise"
    assert any("Ann → Ben → Cal" in h.value for h in at.html)
    tap(at, 9)
    at.button(key="do_play").click().run()
    at.button(key="do_pickup").click().run()  # Ben now holds the 9
    players = next(h.value for h in at.html if 'class="kr-players"' in h.value)
    heads = re.findall(r'<th scope="col">([^<]*)</th>', players)
    ben = next(r for r in re.findall(r"<tr>(.*?)</tr>", players) if ">Ben</th>" in r)
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", ben)
    assert "9" in cells[heads.index("Hand cards known") - 1].split(", ")


def test_a_game_resumes_from_the_url(data_dir: Path) -> None:
    at = start(["Ann", "Ben"])
    gid = at.session_state["game_id"]
    for card in (3, 5, 7):
        tap(at, card)
        at.button(key="do_play").click().run()
    fresh = app({"game": gid})
    assert turn(fresh) == "Ben's turn"
    assert fresh.query_params["game"] == gid
    assert not any('class="kr-log"' in h.value for h in fresh.html)  # drawn only when opened
    fresh.session_state["log_open"] = True  # the log opened
    fresh.run()
    log = next(h.value for h in fresh.html if 'class="kr-log"' in h.value)
    assert _html_text(log).startswith("3. 7 Ann plays 7")


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
        tap(at, 5)
        at.button(key="do_play").click().run()
        assert any(
            t == "That step was not saved. The games folder cannot be written: the disk is full."
            for t in texts(at.error)
        )
        assert turn(at) == "Ann's turn"
        assert any("0 steps so far" in t for t in ours(at, "kr-caption"))
    assert Store(default_path()).load_game(gid).steps == []
    assert at.session_state["table_sel"].card == 5  # the choice is kept: press Play again
    at.button(key="do_play").click().run()
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
    tap(at, 9)
    real = Store.save_steps

    def other_tablet_first(self: Store, *args: object, **kwargs: object) -> int:
        monkeypatch.setattr(Store, "save_steps", real)
        other = table.rebuild(self.load_game(gid))
        table.commit(self, other, Play("Ann", (4,)))  # lands between check and write
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "save_steps", other_tablet_first)
    at.button(key="do_play").click().run()
    warning = " ".join(texts(at.warning))
    assert "Another tablet recorded a step first: Ann plays 4" in warning
    assert turn(at) == "Ben's turn"
    assert Store(default_path()).load_game(gid).steps == [{"by": "Ann", "play": [4]}]


def test_a_pick_up_that_takes_a_face_up_card_asks_which(data_dir: Path) -> None:
    """A table rule (ruling 108): on the face-up cards, Pick up waits for the face-up card
    taken along, and the stored step names it."""
    text = TAKE_ONE
    store = Store(default_path())
    gid = table.import_record(store, text, "game.yaml")
    at = app({"game": gid})
    assert not at.exception
    assert at.button(key="do_pickup").disabled  # which face-up card goes along?
    assert at.selectbox(key="sel_take").options == ["2", "7"]
    at.selectbox(key="sel_take").set_value(7).run()
    assert not at.button(key="do_pickup").disabled
    at.button(key="do_pickup").click().run()
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
    assert "Or Ann may turn over the top card of the draw pile." in asked(at)
    tap(at, 9)
    zones = at.segmented_control(key="sel_zone")
    assert "draw_pile" in zones.options or "Draw pile" in zones.options
    zones.set_value("draw_pile").run()
    assert allowed(at)
    at.button(key="do_play").click().run()
    assert turn(at) == "Ben's turn"
    steps = Store(default_path()).load_game(gid).steps
    assert steps == [{"by": "Ann", "play": [9], "from": "draw_pile"}]
