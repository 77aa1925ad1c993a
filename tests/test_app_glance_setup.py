"""The table at a glance and setup without Streamlit (issue 17): card kinds, the top card, the
direction, the end in numbers, the rematch's seating (ruling 80) and putting a slip right."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import NEAR_THE_END

from referee.app import table
from referee.app.common import builtin_yaml
from referee.app.glance import (
    CardKind,
    card_kind,
    card_words,
    direction,
    end_summary,
    may_follow,
    place_words,
    times_words,
    top_card,
)
from referee.app.setup import (
    FixProblem,
    NameProblem,
    SetupFix,
    check_players,
    fix_setup,
    fix_words,
    recent_tables,
    rematch,
    rematch_seating,
)
from referee.engine import Game, Play
from referee.records import game_from_record, load_record_text
from referee.store import Conflict, Store
from referee.variant.registry import builtin

# Ben and Cal play their last cards: Ann loses.
ENDING = NEAR_THE_END.replace(
    "steps: []\n", "steps:\n  - {by: Ben, play: [8]}\n  - {by: Cal, play: [9]}\n"
)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "karma.sqlite3")


def _new(store: Store, variant_id: str, players: list[str], **face_up: list[object]) -> str:
    return table.new_game(
        store,
        variant_id=variant_id,
        variant_yaml=builtin_yaml(variant_id),
        builtin=True,
        players=players,
        face_up=dict(face_up) or None,
        name=f"{builtin(variant_id).name}: {', '.join(players)}",
    )


# --- cards by kind ---------------------------------------------------------------------------


def test_every_card_has_a_kind_told_by_a_symbol_and_words() -> None:
    family = builtin("family-create-your-karma")
    assert card_kind(family, 7) is CardKind.NUMBER and card_words(family, 7) == "7"
    assert card_kind(family, "lose_a_turn") is CardKind.KARMA  # printed: R8.6
    assert card_kind(family, "create_your_karma") is CardKind.OWN  # the group's own: R8.12
    assert card_words(family, "create_your_karma").startswith("♥ ")
    shithead = builtin("shithead")
    assert card_kind(shithead, 10) is CardKind.POWER and card_words(shithead, 10).startswith("⚡")
    assert card_kind(shithead, 9) is CardKind.NUMBER
    symbols = {k.symbol for k in CardKind}
    assert len(symbols) == len(CardKind)  # never the same look for two kinds
    assert all(k.words for k in CardKind)


def test_the_top_card_and_an_empty_pile() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    empty = top_card(game)
    assert empty.kind is None and empty.name == "Empty pile"
    assert may_follow(game) == "Any card"
    game.push(Play("Ann", (9,), "hand"))
    nine = top_card(game)
    assert (nine.kind, nine.face, nine.name) == (CardKind.NUMBER, "9", "")
    assert may_follow(game).startswith("9 or higher")


def test_direction_lists_the_players_still_in_from_the_mover() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben", "Cal"])
    d = direction(game)
    assert d is not None and d.clockwise and d.order == ("Ann", "Ben", "Cal")
    game.push(Play("Ann", (4,), "hand"))
    d = direction(game)
    assert d is not None and d.order == ("Ben", "Cal", "Ann")


# --- the end ---------------------------------------------------------------------------------


def test_the_end_in_order_with_why_and_numbers() -> None:
    game = game_from_record(load_record_text(ENDING, "ending.yaml"))
    assert game.over
    end = end_summary(game)
    assert end is not None
    assert end.out_order == ("Ben", "Cal") and end.loser == "Ann"
    assert "Ann" in end.why and "2 cards" in end.why
    assert (end.steps, end.burns, end.pick_ups, end.karma_played) == (2, 0, 0, 0)
    assert end_summary(Game.deal(builtin("classic"), ["Ann", "Ben"])) is None


def test_place_and_times_words() -> None:
    assert [place_words(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
    assert times_words(0, "burn") == "no burns"
    assert times_words(1, "burn") == "1 burn"
    assert times_words(3, "pick-up") == "3 pick-ups"


# --- the rematch (ruling 80) -----------------------------------------------------------------


def test_rematch_seats_stay_the_loser_deals_the_left_starts() -> None:
    game = game_from_record(load_record_text(ENDING, "ending.yaml"))
    assert rematch_seating(game) == ["Ben", "Cal", "Ann"]  # Ann lost: Ben, on her left, starts


def test_rematch_keeps_seats_as_they_now_are() -> None:
    record = ENDING.replace("players: [Ann, Ben, Cal]", "players: [Cal, Ann, Ben]")
    game = game_from_record(load_record_text(record, "ending.yaml"))
    assert rematch_seating(game) == ["Ben", "Cal", "Ann"]  # seats as they are, Ann's left first


def test_rematch_is_a_new_stored_game_and_a_recent_table(store: Store) -> None:
    gid = table.import_record(store, ENDING, "ending.yaml")
    old = table.load_table(store, gid)
    again = table.load_table(store, rematch(store, old))
    assert again.gid != gid and again.variant_id == "classic" and again.game.past.count == 0
    assert list(again.game.state.names) == ["Ben", "Cal", "Ann"]
    assert again.game.turn == "Ben"
    recent = recent_tables(store)
    assert [r.players for r in recent] == [("Ben", "Cal", "Ann")]  # one group, newest seating


# --- names -----------------------------------------------------------------------------------


def test_names_as_kept_and_a_clash_refused() -> None:
    assert check_players(["  Ann   Lee ", "Zoe\u0301"]) == ["Ann Lee", "Zoé"]
    with pytest.raises(NameProblem, match="read the same"):
        check_players(["Ann", "ANN"])
    with pytest.raises(NameProblem, match="needs a name"):
        check_players(["Ann", "  "])


# --- putting a slip right --------------------------------------------------------------------


def test_a_wrong_face_up_card_is_put_right_and_the_steps_replay(store: Store) -> None:
    gid = _new(store, "classic", ["Ann", "Ben", "Cal"], Ben=[7, 7, 7])
    tbl = table.load_table(store, gid)
    for step in (Play("Ann", (4,), "hand"), Play("Ben", (5,), "hand")):
        table.commit(store, tbl, step)
    # The slip: with three 7s face up at Ben's, no 7 is left for Cal (R4.3).
    assert not tbl.game.advice.explain(tbl.game.state, Play("Cal", (7,), "hand")).legal
    fix = SetupFix(seats=("Ann", "Ben", "Cal"), face_up={"Ben": (1, 7, 7)})
    fixed = fix_setup(store, tbl, fix)
    assert fixed.game.past.count == 2 and fixed.version == tbl.version + 1
    assert fixed.game.zone("Ben", "face_up").known == {1: 1, 7: 2}
    assert fixed.game.advice.explain(fixed.game.state, Play("Cal", (7,), "hand")).legal
    assert "Ben's face-up cards: 1, 7, 7." in fix_words(tbl, fix)
    # Undo still works on the fixed game, and the export replays to it.
    replayed = game_from_record(load_record_text(table.export_text(fixed), "fixed.yaml"))
    assert replayed.state == fixed.game.state and replayed.past.steps == fixed.game.past.steps
    table.undo(store, fixed)
    assert table.load_table(store, gid).game.past.count == 1


def test_a_fix_that_breaks_a_recorded_step_is_refused_with_its_number(store: Store) -> None:
    gid = _new(store, "classic", ["Ann", "Ben", "Cal"])
    tbl = table.load_table(store, gid)
    for step in (Play("Ann", (7,), "hand"), Play("Ben", (7,), "hand")):
        table.commit(store, tbl, step)
    before = store.load_game(gid)
    with pytest.raises(FixProblem, match="step 2"):  # two 7s face up and Ann's: none for Ben
        fix_setup(store, tbl, SetupFix(seats=("Ann", "Ben", "Cal"), face_up={"Cal": (7, 7, 1)}))
    assert store.load_game(gid) == before  # nothing written


def test_a_name_and_the_seats_are_put_right(store: Store) -> None:
    gid = _new(store, "classic", ["Ann", "Ben", "Cal"])
    tbl = table.load_table(store, gid)
    table.commit(store, tbl, Play("Ann", (4,), "hand"))
    with pytest.raises(FixProblem, match="step 1"):  # it was Ann's turn: she keeps the first seat
        fix_setup(store, tbl, SetupFix(seats=("Ben", "Ann", "Cal")))
    fix = SetupFix(seats=("Ann", "Cal", "Ben"), names={"Cal": "Carl"})
    fixed = fix_setup(store, tbl, fix)
    assert list(fixed.game.state.names) == ["Ann", "Carl", "Ben"]
    assert fixed.game.past.steps[0].by == "Ann" and fixed.game.turn == "Carl"
    assert fixed.name == f"{fixed.variant.name}: Ann, Carl, Ben"
    assert fix_words(tbl, fix) == "Fixed. Cal is now called Carl. Seats now go Ann → Carl → Ben."
    with pytest.raises(FixProblem, match="read the same"):
        fix_setup(store, fixed, SetupFix(seats=("Ann", "Carl", "Ben"), names={"Carl": "ann"}))


def test_a_fix_from_a_stale_tablet_is_a_conflict(store: Store) -> None:
    gid = _new(store, "classic", ["Ann", "Ben"])
    stale = table.load_table(store, gid)
    table.commit(store, table.load_table(store, gid), Play("Ann", (9,), "hand"))
    with pytest.raises(Conflict):
        fix_setup(store, stale, SetupFix(seats=("Ann", "Ben"), names={"Ben": "Bea"}))


def test_a_cards_words_and_what_it_does_never_part() -> None:
    """Issue 31.7: tapped at the table, a card shows the group's words and a sentence made from
    its effects; a card with no words of its own shows the made one."""
    from referee.app.glance import card_about
    from referee.variant.registry import builtin

    second = builtin("second-edition")
    about = card_about(second, "create_your_karma")
    assert "Here it turns play around the other way." in about
    assert about.endswith(
        "What it does: The direction of play turns around. It is used only once: it leaves the game as it takes effect."
    )
    assert card_about(second, 9) == ""  # a plain number
    import support

    silent = support.house(
        [
            {
                "id": "hop",
                "name": "Hop",
                "copies": 1,
                "effects": [{"effect": "skip", "target": "next"}],
            }
        ]
    )
    assert card_about(silent, "hop") == "♥ Hop: What it does: The next player loses their turn."
