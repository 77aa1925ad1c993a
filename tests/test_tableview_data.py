"""The table component's data without a browser (issue 27.2): what the browser draws and judges
a tap by, built from the game and the selection (referee.app.tableview_data)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from referee import wording
from referee.app import tableview_data as td
from referee.app import view
from referee.app.view import Selection
from referee.engine import Game, Play
from referee.variant.registry import builtin

NAMES = ["Ann", "Ben", "Cal"]


def classic(names: list[str] = NAMES) -> Game:
    return Game.deal(builtin("classic"), names)


def card(data: dict[str, object], cid: str) -> dict[str, object]:
    cards = data["cards"]
    assert isinstance(cards, list)
    return next(c for c in cards if c["id"] == cid)


def said(data: dict[str, object], key: str) -> list[object] | int:
    """The verdict the browser shows for a choice key, as the script looks it up."""
    pre = data["pre"]
    assert isinstance(pre, dict)
    i = pre["choices"][key]
    return td.ASK if i == td.ASK else pre["verdicts"][i]


def test_the_data_is_plain_json_with_every_card_and_choice() -> None:
    game = classic()
    data = td.table_data(game, 7)
    assert json.loads(json.dumps(data)) == data  # nothing but JSON
    assert data["version"] == 7 and data["turn"] == "Ann" and data["zone"] == "hand"
    assert not data["over"] and data["judged"] is None
    assert [c["id"] for c in data["cards"]] == [str(c) for c in game.variant.all_cards()]  # type: ignore[attr-defined]
    nine = card(data, "9")
    assert nine["kind"] == "number" and nine["label"] == "9" and not nine["struck"]
    assert data["zones"] == [["hand", "Hand"], ["face_up", "Face-up"], ["face_down", "Face-down"]]
    assert data["mover_label"] == "Ann (their turn)"
    assert str(data["ask"]).endswith("Tap the card that was played.")
    assert said(data, "9|hand|1||") == [
        True,
        *wording.verdict_parts(game.explain(Play("Ann", (9,), "hand"))),
    ]


def test_a_pair_has_its_own_verdict() -> None:
    game = classic()
    game.push(Play("Ann", (9,)))
    data = td.table_data(game, 1)
    assert card(data, "10")["most"] == game.variant.copies_per_deck(10) * game.decks
    pair = said(data, "10|hand|2||")
    assert isinstance(pair, list) and pair[0] is True
    low = said(data, "4|hand|2||")
    assert isinstance(low, list) and low[0] is False and low[4] == "R5.2"


def test_a_struck_card_still_answers_and_says_why() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    game.push(Play("Ann", (9, 9, 9)))  # three 9s burn: every 9 is accounted for (R4.3)
    data = td.table_data(game, 1)
    assert card(data, "9")["struck"] and not card(data, "8")["struck"]
    nine = said(data, f"9|{data['zone']}|1||")
    assert isinstance(nine, list) and nine[0] is False and nine[4] == "R4.3"


def test_a_card_that_needs_a_player_asks_then_judges() -> None:
    game = classic()
    data = td.table_data(game, 0)
    friend = card(data, "give_the_pile_to_a_friend")
    assert friend["target"] == "Give the Pile to a Friend: which player?"
    assert str(friend["who"]).startswith("Who is the Give the Pile to a Friend for?")
    assert str(friend["who"]).endswith("Choose a player just above.")
    assert said(data, "give_the_pile_to_a_friend|hand|1||") == td.ASK  # as view asks
    shown = view.view(game, view.tap(view.fresh(), "give_the_pile_to_a_friend"))
    assert isinstance(shown.verdict, view.Ask)
    cal = said(data, "give_the_pile_to_a_friend|hand|1|Cal|")
    assert isinstance(cal, list) and cal[0] is True


def test_a_card_given_may_be_named_or_not_seen() -> None:
    game = Game.deal(builtin("family-create-your-karma"), NAMES)
    data = td.table_data(game, 0)
    give = card(data, "give_a_card")
    assert give["gives"] is True
    ids = [g[0] for g in data["give_cards"]]  # type: ignore[attr-defined]
    assert ids == [str(c) for c in game.variant.all_cards()]
    to = "|Ben" if give["target"] else "|"
    assert isinstance(said(data, f"give_a_card|hand|1{to}|"), list)  # not seen
    assert isinstance(said(data, f"give_a_card|hand|1{to}|7"), list)  # a 7 given


def test_a_play_for_another_player_is_judged_by_the_server() -> None:
    game = classic()
    data = td.table_data(game, 3, Selection(card=9, by="Cal"))
    judged = data["judged"]
    assert isinstance(judged, dict) and judged["key"] == "9|hand|1|||Cal"
    assert judged["verdict"][0] is False and judged["verdict"][4] == "R6.1"
    assert not any(k.endswith("|Cal") for k in data["pre"]["choices"])  # type: ignore[index]


def test_the_game_over_offers_nothing_to_judge() -> None:
    rng = random.Random(3)
    game = Game.shuffled(builtin("quick-duel"), ["Ann", "Ben"], 3, keep_history=True)
    while not game.over:
        game.push(rng.choice(game.legal_steps()))
    data = td.table_data(game, 9, Selection(card=4))
    assert data["over"] and not data["can_pick_up"] and data["judged"] is None
    assert data["pre"] == {"verdicts": [], "choices": {}}


def test_the_groups_words_are_text_made_visible_and_isolated() -> None:
    hostile = "<img src=x onerror=alert(1)>**bold**"
    sneaky = "Eve\u202e"
    game = classic([hostile, "Ben", sneaky])
    data = td.table_data(game, 0, group=[hostile, "Ben", sneaky])
    players = data["players"]
    assert players[0] == [hostile, hostile]  # type: ignore[index]  # as typed: set as text
    assert players[2] == [sneaky, "Eve\\u202e"]  # type: ignore[index]  # a bidi control shown
    assert data["mover_label"] == f"\u2068{hostile}\u2069 (their turn)"


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


def test_the_component_is_the_default_and_widgets_the_fallback() -> None:
    assert td.component_wanted({})
    assert td.component_wanted({"KARMA_TABLE": "component"})
    assert not td.component_wanted({"KARMA_TABLE": "widgets"})
    assert not td.component_wanted({"KARMA_TABLE": " Widgets "})


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
