"""The draw pile's top card turned up to start the pile (issue 42, docs/rulings.md ruling 156):
``table: {turn_up: true}``.  R2.1 leaves the pile empty after the deal; here the table turns the
draw pile's top card up onto it.  Nobody played it: its powers of a play do not happen, what it
says while it lies there holds (rulings 7, 114), and it is one of the identical cards on top
(R7.1).  The table tells the card (a record's ``turned_up``)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, SetupError, Told
from referee.records import export_record, load_record_text, replay
from referee.records.record import RecordError
from referee.table.setup import SetUp
from referee.table.state import Seat, State, ZoneCards
from referee.tablerules import RULES
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal"]
BURN_TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}
SKIP_EIGHT = {"rank": 8, "effects": [{"effect": "skip", "target": "next"}]}


def _house(on: bool = True, **table: object) -> Variant:
    data = support.house_data(rank_powers=[BURN_TEN, SKIP_EIGHT])
    if on or table:
        data["table"] = {**({"turn_up": True} if on else {}), **table}
    return variant_from_data(data)


def test_the_turned_up_card_starts_the_pile() -> None:
    g = Game.deal(_house(), NAMES, told=Told(6))
    # 40 cards, 27 dealt, one of the other 13 turned up (R2.1 changed)
    assert g.state.pile == [6] and g.state.draw_pile == 12
    assert g.state.seen == {6: 1}  # a card everyone saw (R4.3)
    assert g.turn == "Ann" and g.state.first_play  # still the game's first play (R2.3)
    said = g.advice.explain(g.state, Play("Ann", (5,)))
    assert not said.legal and said.rule == "R5.2"  # 5 is lower than the turned-up 6
    assert g.advice.explain(g.state, Play("Ann", (7,))).legal


def test_a_turned_up_card_has_no_power_of_a_play() -> None:
    """A turned-up 10 does not burn; a turned-up 8 skips nobody: nobody played them."""
    g = Game.deal(_house(), NAMES, told=Told(10))
    assert g.state.pile == [10] and g.state.out_of_play == 0
    g = Game.deal(_house(), NAMES, told=Told(8))
    assert g.turn == "Ann"
    g.push(Play("Ann", (9,)))
    assert g.turn == "Ben"  # the 8 made nobody lose a turn


def test_the_turned_up_card_counts_in_a_run_of_four() -> None:
    g = Game.deal(_house(), NAMES, told=Told(6))
    out = g.push(Play("Ann", (6, 6, 6)))  # four 6s on top (R7.1)
    assert out.burned and g.state.pile == [] and g.turn == "Ann"  # Ann plays again (R7.4)


def test_undo_goes_back_to_the_turned_up_card() -> None:
    g = Game.deal(_house(), NAMES, told=Told(6))
    before = g.state.copy()
    g.push(Play("Ann", (7,)))
    g.past.undo()
    assert g.state == before and g.state.pile == [6]


def test_the_table_must_say_which_card_and_only_where_one_is_turned_up() -> None:
    with pytest.raises(SetupError, match="say which card was turned up") as e:
        Game.deal(_house(), NAMES)
    assert e.value.field == "turned_up"
    with pytest.raises(SetupError, match="no card is turned up here") as e:
        Game.deal(_house(on=False), NAMES, told=Told(6))
    assert e.value.field == "turned_up"
    with pytest.raises(SetupError, match="no draw pile is left") as e:
        Game.deal(_house(deal_rest=True), NAMES, told=Told(6))
    with pytest.raises(SetupError, match="there is no card"):
        Game.deal(_house(), NAMES, told=Told(11))
    four = {"Ann": (6, 6, 6), "Ben": (6, 1, 2)}
    with pytest.raises(SetupError, match="turned-up card show five 6s") as e:
        Game.deal(_house(), NAMES, four, told=Told(6))
    assert e.value.field == "turned_up"


def _dealt(draw: int, cards: list[int] | None = None) -> State:
    """Three players dealt three cards to each zone, before the set-up; ``cards``: the draw
    pile's cards, top last (full information)."""
    seats = [Seat(ZoneCards(unknown=3), ZoneCards(unknown=3), ZoneCards(unknown=3)) for _ in NAMES]
    return State(names=list(NAMES), seats=seats, draw_pile=draw, draw_cards=cards)


def test_the_unit_sets_up_the_card_the_table_turned_up() -> None:
    """Issue 41: the unit owns its set-up (``set_up``): the card the table told lies on the
    pile, one card fewer in the draw pile, seen (R4.3); each fault at ``turned_up``."""
    unit, v = RULES["turn_up"], _house()
    s = _dealt(13)
    unit.set_up(SetUp(v, 1, s, Told(6), 0))
    assert s.pile == [6] and s.draw_pile == 12 and s.seen == {6: 1}
    s = _dealt(13)
    unit.set_up(SetUp(v, 1, s, Told(10), 0))  # a card with a power stays here (ruling 156)
    assert s.pile == [10]
    for told, draw, words in (
        (Told(), 13, "say which card was turned up to start the pile."),
        (Told(6), 0, "no draw pile is left after the deal, so there is no turned-up card."),
        (Told(11), 13, "there is no card 11 in House."),
    ):
        with pytest.raises(SetupError) as e:
            unit.set_up(SetUp(v, 1, _dealt(draw), told, 0))
        assert (str(e.value), e.value.field) == (words, "turned_up")
    s = _dealt(0)
    unit.set_up(SetUp(v, 1, s, Told(), 0))  # no draw pile, nothing told: nothing turned up
    assert s.pile == [] and s.seen == {}
    s = _dealt(13)
    s.seen[6] = 4
    with pytest.raises(SetupError, match="the face-up cards and the turned-up card show five"):
        unit.set_up(SetUp(v, 1, s, Told(6), 0))
    told = SetUp(v, 1, _dealt(13), Told(6), 0)
    assert unit.told_unasked(told) == "no card is turned up here, so there is no turned-up card."
    told = SetUp(v, 1, _dealt(0), Told(6), 0)
    assert unit.told_unasked(told) == (
        "no draw pile is left after the deal, so there is no turned-up card."
    )
    with pytest.raises(SetupError, match="no draw pile is left after the deal") as e:
        Game.deal(_house(on=False, deal_rest=True), NAMES, told=Told(6))  # not set, no draw pile
    assert e.value.field == "turned_up"


def test_the_unit_turns_the_top_card_up_with_full_information() -> None:
    """``draw_set_up``: the draw pile's top card (the last) starts the pile, as told."""
    unit, deck = RULES["turn_up"], [3, 9, 10]
    s = _dealt(3, deck)
    t = SetUp(_house(), 1, s, Told(), 0, random.Random(0))
    unit.draw_set_up(t)
    assert s.pile == [10] and deck == [3, 9] and s.draw_pile == 2 and t.told == Told(10)
    s = _dealt(0, [])
    t = SetUp(_house(), 1, s, Told(), 0, random.Random(0))
    unit.draw_set_up(t)  # no draw pile: nothing turned up
    assert s.pile == [] and t.told == Told()


def test_without_the_rule_nothing_changes() -> None:
    g = Game.deal(_house(on=False), NAMES)
    assert g.state.pile == [] and g.state.draw_pile == 13 and g.told is None


def test_a_record_says_the_card_and_an_export_writes_it_again() -> None:
    data = support.house_data(rank_powers=[BURN_TEN])
    data["table"] = {"turn_up": True}
    text = (
        f"variant: {json.dumps(data)}\nplayers: [Ann, Ben]\nturned_up: 9\n"
        "steps:\n  - {by: Ann, play: [4], expect: illegal}\n  - {by: Ann, play: [9]}\n"
    )
    record = load_record_text(text, "turned.yaml")
    assert record.turned_up == 9
    assert replay(record).ok
    exported = export_record(replay(record).game)
    assert "\nturned_up: 9\n" in exported
    assert replay(load_record_text(exported, "again.yaml")).ok


def test_a_record_is_refused_where_the_card_is_missing_or_not_wanted() -> None:
    data = support.house_data()
    for table, turned, said in (
        ({"turn_up": True}, "", "say which card was turned up"),
        ({}, "turned_up: 9\n", "no card is turned up here"),
        ({"turn_up": True}, "turned_up: 99\n", "turned_up"),
    ):
        text = f"variant: {json.dumps({**data, 'table': table})}\nplayers: [Ann, Ben]\n"
        with pytest.raises(RecordError) as e:
            load_record_text(text + turned + "steps: []\n", "bad.yaml")
        assert e.value.problems[0].path == "turned_up" and said in str(e.value)
    start = "start: {turn: Ann, pile: [4], hand: {Ann: 3, Ben: 3}}\n"
    text = f"variant: {json.dumps({**data, 'table': {'turn_up': True}})}\nplayers: [Ann, Ben]\n"
    with pytest.raises(RecordError, match="nothing is turned up"):
        load_record_text(text + "turned_up: 9\n" + start + "steps: []\n", "start.yaml")


def test_an_ordinary_pack_record_names_the_card_as_it_likes() -> None:
    text = (
        "variant: tests/scenarios/variants/turn-up.yaml\nplayers: [Ann, Ben]\n"
        "turned_up: Queen\nsteps:\n  - {by: Ann, play: [K]}\n"
    )
    record = load_record_text(text, "q.yaml", ".", allow_paths=True)
    assert record.turned_up == 12
    assert "\nturned_up: Q\n" in export_record(replay(record).game)


def test_the_deal_with_full_information_turns_the_top_card_up() -> None:
    for seed in range(5):
        g = Game.shuffled(_house(), NAMES, seed)
        assert g.told is not None and g.state.pile == [g.told.turned_up]
        assert g.state.draw_pile == 12 and g.state.draw_cards is not None
        assert len(g.state.draw_cards) == 12


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "- Then the top card of the draw pile is turned face up to start the pile." in (
        rules_sheet(_house())
    )
    data = support.house_data()
    data["table"] = {"turn_up": True, "deal_rest": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "turn_up" in p.message]
    assert warning.severity == "warning" and "deal_rest" in warning.message


def test_the_bots_play_it_to_the_end() -> None:
    shithead = builtin("shithead")
    support.bots_finish(replace(shithead, table=TableRules(turn_up=True)))


@budget(15)
@given(
    variant=variants_with_table("turn_up", without=("deal_rest",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_turned_up_card_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants that turn the top card up: every listed step is legal, a
    legal proposal is listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def test_the_new_game_page_asks_which_card_was_turned_up(data_dir: Path) -> None:
    """Only for a variant that turns a card up: one question, the card kept with the game; the
    game cannot start before it is said."""
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(variant_to_data(_house()), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    for name in ("Ann", "Ben"):
        at.text_input(key="np_name").input(name).run()
    assert not [s for s in at.selectbox if s.key == "np_turned_up"]  # Classic turns none up
    at.selectbox(key="np_variant").set_value("library:ours").run()
    ask = at.selectbox(key="np_turned_up")
    assert ask.label == "Which card did you turn up to start the pile?" and ask.value is None
    at.button(key="np_start").click().run()
    assert [support.plain(e.value) for e in at.error] == [
        "This game cannot start: say which card was turned up to start the pile."
    ]
    assert not store.list_games()
    at.selectbox(key="np_turned_up").set_value(8).run()
    assert not at.exception, at.exception
    at.button(key="np_start").click().run()
    assert not at.exception
    row = store.load_game(at.session_state["game_id"])
    assert row.told == {"turned_up": 8} and row.players == ("Ann", "Ben")


def test_a_rematch_asks_the_turned_up_card_on_the_new_game_page(data_dir: Path) -> None:
    """A rematch cannot know the next card turned up: its one tap takes the table to New game
    with the players seated for it (the loser deals, ruling 80) and the variant chosen."""
    from streamlit.testing.v1 import AppTest

    from referee.app import table
    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(variant_to_data(_house()), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    ending = (
        f"variant: {json.dumps(data)}\nplayers: [Ann, Ben, Cal]\n"
        "start: {turn: Ben, pile: [3], hand: {Ann: 2, Ben: 1, Cal: 1},"
        " face_up: {Ann: [], Ben: [], Cal: []}}\n"
        "steps:\n  - {by: Ben, play: [7]}\n  - {by: Cal, play: [9]}\n"
    )
    gid = table.import_record(store, ending, "ending.yaml")
    assert table.load_table(store, gid).game.loser == "Ann"
    at = AppTest.from_file(MAIN, default_timeout=20)
    at.query_params["game"] = gid
    at.run()
    at.button(key="do_rematch").click().run()
    assert not at.exception
    assert [g.id for g in store.list_games()] == [gid]  # nothing dealt without the card
    assert at.selectbox(key="np_variant").value == "library:ours"
    assert at.selectbox(key="np_turned_up").value is None
    assert [support.plain(i.value) for i in at.info][:1] == [
        "Rematch: deal, say which card you turned up, then start the game."
    ]
    at.selectbox(key="np_turned_up").set_value(5).run()
    at.button(key="np_start").click().run()
    row = store.load_game(at.session_state["game_id"])
    assert row.players == ("Ben", "Cal", "Ann") and row.told == {"turned_up": 5}


def test_the_gamble_at_any_time_is_listed_on_a_turned_up_card() -> None:
    """Pinned from the random-variant property tests (ad354d3): at the first play, on a turned-up
    card, where 'must play if able' closes the pick-up, the draw-pile gamble at any time (open
    wherever picking up would be, the table's own rules aside) is listed by the generator as the
    filter allows it; before, the first play's own path hid it."""
    data = support.house_data(rank_powers=[BURN_TEN, SKIP_EIGHT])
    data["table"] = {
        "turn_up": True,
        "must_play": True,
        "gamble_any_time": True,
        "starting_card": True,  # its first_zone hook takes the first play's own path
    }
    v = variant_from_data(data)
    for seed in range(6):
        g = Game.shuffled(v, NAMES, seed)
        steps = g.choices.legal_steps(g.state)
        gambles = [s for s in steps if isinstance(s, Play) and s.zone == "draw_pile"]
        assert len(gambles) == 1 and g.advice.explain(g.state, gambles[0]).legal, seed
        held = [s for s in steps if isinstance(s, Play) and s.zone == "hand"]
        assert all(isinstance(s, Play) for s in steps) or not held  # must play: no pick-up
