"""The table model without a browser (issues 27.2 and 43.2): what the browser draws and judges a
tap by, built from the game and the selection (referee.app.tableview_data): per card its axes
with their values and defaults, the words, and the verdicts found by the axes' values."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from referee.app import tableview_data as td
from referee.app import view
from referee.app.view import Selection
from referee.engine import Game, Play
from referee.variant.registry import builtin
from referee.words import sentences

NAMES = ["Ann", "Ben", "Cal"]


def classic(names: list[str] = NAMES) -> Game:
    return Game.deal(builtin("classic"), names)


def card(data: dict[str, object], cid: str) -> dict[str, object]:
    cards = data["cards"]
    assert isinstance(cards, list)
    return next(c for c in cards if c["id"] == cid)


def said(data: dict[str, object], key: str) -> dict[str, object]:
    """What the browser shows for a choice ('card|zone|count|to|give', and '|named' or '|suit'
    for a card with one more level, written here only to name it), looked up as the script
    looks it up: the axes' values down the tree."""
    pre = data["pre"]
    assert isinstance(pre, dict)
    node = pre["choices"]
    for part in key.split("|"):
        node = node[part]
    return dict(pre["verdicts"][node])


def verdict(x: dict[str, object]) -> list[object]:
    return [x["legal"], x["answer"], x["detail"], x["todo"], x["rule"]]


def axis(c: dict[str, object], name: str) -> dict[str, object]:
    return next(a for a in c["axes"] if a["name"] == name)  # type: ignore[attr-defined]


def test_the_data_is_plain_json_with_every_card_and_choice() -> None:
    game = classic()
    data = td.table_data(game, 7)
    assert json.loads(json.dumps(data)) == data  # nothing but JSON
    assert data["version"] == 7 and data["turn"] == "Ann"
    assert not data["over"] and data["judged"] is None
    assert [c["id"] for c in data["cards"]] == [str(c) for c in game.variant.all_cards()]  # type: ignore[attr-defined]
    nine = card(data, "9")
    assert nine["kind"] == "number" and nine["label"] == "9" and not nine["struck"]
    zone = axis(nine, "zone")
    assert zone["values"] == [["hand", "Hand"], ["face_up", "Face-up"], ["face_down", "Face-down"]]
    assert zone["default"] == "hand"
    assert axis(nine, "count")["default"] == "1" and axis(nine, "count")["values"][1] == ["2", "2"]  # type: ignore[index]
    assert axis(nine, "by")["values"][0] == ["", "Ann (their turn)"]  # type: ignore[index]
    assert [a["name"] for a in nine["axes"]] == ["count", "zone", "by"]  # type: ignore[attr-defined]
    assert str(data["ask"]).endswith("Tap the card that was played.")
    assert data["words"]["play"] == "Play"  # type: ignore[index]  # no word of the script's own
    assert verdict(said(data, "9|hand|1||")) == [
        True,
        *sentences.verdict_parts(game.advice.explain(game.state, Play("Ann", (9,), "hand"))),
    ]


def test_a_pair_has_its_own_verdict() -> None:
    game = classic()
    game.push(Play("Ann", (9,)))
    data = td.table_data(game, 1)
    counts = axis(card(data, "10"), "count")["values"]
    assert len(counts) == game.variant.copies_per_deck(10) * game.decks  # type: ignore[arg-type]
    assert said(data, "10|hand|2||")["legal"] is True
    low = said(data, "4|hand|2||")
    assert low["legal"] is False and low["rule"] == "R5.2"


def test_a_struck_card_still_answers_and_says_why() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    game.push(Play("Ann", (9, 9, 9)))  # three 9s burn: every 9 is accounted for (R4.3)
    data = td.table_data(game, 1)
    assert card(data, "9")["struck"] and not card(data, "8")["struck"]
    zone = axis(card(data, "9"), "zone")["default"]
    nine = said(data, f"9|{zone}|1||")
    assert nine["legal"] is False and nine["rule"] == "R4.3"


def test_a_card_that_needs_a_player_asks_then_judges() -> None:
    game = classic()
    data = td.table_data(game, 0)
    friend = card(data, "give_the_pile_to_a_friend")
    to = axis(friend, "to")
    assert to["label"] == "Give the Pile to a Friend: which player?" and to["toggle"]
    assert to["by_mover"][""] == [["Ben", "Ben"], ["Cal", "Cal"]]  # type: ignore[index]
    assert to["by_mover"]["Ben"] == [["Ann", "Ann"], ["Cal", "Cal"]]  # type: ignore[index]
    asked = said(data, "give_the_pile_to_a_friend|hand|1||")  # as view asks
    shown = view.view(game, Selection(card="give_the_pile_to_a_friend"))
    assert isinstance(shown.verdict, view.Ask) and asked == {"ask": shown.verdict.text}
    assert said(data, "give_the_pile_to_a_friend|hand|1|Cal|")["legal"] is True


def test_a_card_given_may_be_named_or_not_seen() -> None:
    game = Game.deal(builtin("family-create-your-karma"), NAMES)
    data = td.table_data(game, 0)
    give = card(data, "give_a_card")
    ids = [g[0] for g in axis(give, "give")["values"]]  # type: ignore[attr-defined]
    assert ids == ["", *(str(c) for c in game.variant.all_cards())]  # "": not seen
    to = "|Ben" if any(a["name"] == "to" for a in give["axes"]) else "|"  # type: ignore[attr-defined]
    assert "legal" in said(data, f"give_a_card|hand|1{to}|") or "ask" in said(
        data, f"give_a_card|hand|1{to}|"
    )  # not seen
    assert said(data, f"give_a_card|hand|1{to}|7")  # a 7 given


def test_a_play_for_another_player_is_judged_by_the_server() -> None:
    game = classic()
    data = td.table_data(game, 3, Selection(card=9, by="Cal"))
    judged = data["judged"]
    assert isinstance(judged, dict)
    assert judged["sel"] == {
        "card": "9",
        "zone": "hand",
        "count": "1",
        "by": "Cal",
        "to": "",
        "give": "",
        "as": "",
        "suit": "",
        "run": "",
        "limit": "",
    }
    assert judged["said"]["legal"] is False and judged["said"]["rule"] == "R6.1"


def test_the_game_over_offers_nothing_to_judge() -> None:
    rng = random.Random(3)
    game = Game.shuffled(builtin("quick-duel"), ["Ann", "Ben"], 3, keep_history=True)
    while not game.over:
        game.push(rng.choice(game.choices.legal_steps(game.state)))
    data = td.table_data(game, 9, Selection(card=4))
    assert data["over"] and not data["can_pick_up"] and data["judged"] is None
    assert data["pre"] == {"verdicts": [], "choices": {}}


def test_the_groups_words_are_text_made_visible_and_isolated() -> None:
    hostile = "<img src=x onerror=alert(1)>**bold**"
    sneaky = "Eve\u202e"
    game = classic([hostile, "Ben", sneaky])
    data = td.table_data(game, 0, group=[hostile, "Ben", sneaky])
    by = axis(card(data, "9"), "by")["values"]
    assert by[0] == ["", f"\u2068{hostile}\u2069 (their turn)"]  # type: ignore[index]
    assert by[2] == [sneaky, "Eve\\u202e"]  # type: ignore[index]  # a bidi control shown


def test_the_browsers_choice_is_looked_up_never_trusted() -> None:
    game = classic()
    got = td.selection_from(
        {"card": "9", "count": 2, "zone": "face_up", "by": "Cal", "to": "Ben", "give": "4"}, game
    )
    assert got == Selection(card=9, count=2, zone="face_up", by="Cal", to="Ben", give=4)
    odd = td.selection_from(
        {"card": "99", "count": True, "by": "Zed", "to": 3, "give": None, "take": "x"}, game
    )
    assert odd == Selection()
    assert td.selection_from("play 9", game) is None


def test_no_rule_key_or_sentence_is_written_in_the_script() -> None:
    """Issue 43.2: the browser keeps a selection, looks it up and draws.  What the script once
    did itself (the selection rules of view.settled, the choice key 'card|zone|count|to|give',
    a bare -1 for "asks for a player", the words of the table) comes from the model now."""
    from referee.app.tableview_data import WORDS

    script = (Path(td.__file__).parent / "static" / "tablecomp.js").read_text()
    code = "\n".join(line.split("//")[0] for line in script.splitlines())  # comments aside
    for gone in ('join("|")', "=== -1", "Choose a player", "which player?", "(their turn)"):
        assert gone not in code, gone
    for words in (*WORDS.values(), "How many?", "From", "Played by", "Not seen"):
        assert f'"{words}"' not in code, words


def test_the_precomputed_verdicts_may_be_kept_for_the_step() -> None:
    game = classic()
    first = td.table_data(game, 0)
    kept = first["pre"]
    assert isinstance(kept, dict)
    again = td.table_data(game, 0, Selection(card=9, by="Cal"), pre=kept)
    assert again["pre"] is kept and again["judged"] is not None


def test_the_data_needs_no_streamlit() -> None:
    """Built and tested without Streamlit: the page only mounts it."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, referee.app.tableview_data; print('streamlit' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "False"


def test_the_face_up_choice_says_cards_when_several_of_a_rank_may_go() -> None:
    """Ruling 108 asks for one face-up card; ruling 141 also offers 'two 7s' in the same list,
    and then the question says cards."""
    from support import TAKE_ONE, TAKE_RANK

    from referee.records import game_from_record, load_record_text

    one = td.table_data(game_from_record(load_record_text(TAKE_ONE)), 1)["take"]
    rank = td.table_data(game_from_record(load_record_text(TAKE_RANK)), 1)["take"]
    assert isinstance(one, dict) and isinstance(rank, dict)
    assert one["label"] == "If Ann picks up: which face-up card goes with the pile?"
    assert [label for _, label in one["values"]] == ["2", "7"]
    assert rank["label"] == "If Ann picks up: which face-up cards go with the pile?"
    assert rank["placeholder"] == "Choose face-up cards"
    assert "two 7s" in [label for _, label in rank["values"]]


def test_a_run_is_one_tap_on_the_card_that_tops_it() -> None:
    """Issue 42 (ruling 166), the run tap: where runs are played, a number card tops a run by
    one more choice, "No run" until tapped, then each lower rank it may start from (nearest
    first); the verdict of each run is judged ahead of the taps, the run said beside it, and
    while a run is chosen how many, the number named and the suit shown stand aside (each card
    once).  A variant without runs asks nothing more."""
    from test_table_rule_runs import _at, _house

    game = _at(_house())  # Ann to move on a 3; the 7 and the 10 have powers
    data = td.table_data(game, 0)
    run = axis(card(data, "6"), "run")
    assert run["default"] == "" and run["alone"] == ["count", "as", "suit"]
    assert run["values"][:3] == [["", "No run"], ["5", "5 to 6"], ["4", "4 to 6"]]  # type: ignore[index]
    assert [a["name"] for a in card(data, "6")["axes"]][-1] == "run"  # type: ignore[union-attr, index]
    yes = said(data, "6|hand|1|||4")
    assert yes["legal"] is True and yes["detail"] == "The run: 4, 5 and 6."
    short = said(data, "6|hand|1|||5")
    assert short["legal"] is False and short["rule"] == "R4.1"
    assert "at least 3 cards in a row" in str(short["answer"])
    inside = said(data, "9|hand|1|||6")  # 6, 7, 8, 9: the 7 has a power
    assert inside["legal"] is False and "7 has a power" in str(inside["answer"])
    assert said(data, "6|hand|1|||")["detail"] == ""  # the 6 alone: no run said
    assert said(data, "6|face_down|1|||4")["rule"] == "R4.2"  # face-down cards go one by one
    # The step the tablet sends is the record's play: the run's cards, lowest first.
    sel = td.selection_from({"card": "6", "count": 2, "run": "4"}, game)
    assert sel == Selection(card=6, count=2, run_from=4)
    shown = view.view(game, sel)
    assert shown.step == Play("Ann", (4, 5, 6), "hand") and shown.selection.count == 1
    assert "run" not in [a["name"] for a in card(td.table_data(classic(), 0), "6")["axes"]]  # type: ignore[union-attr]
