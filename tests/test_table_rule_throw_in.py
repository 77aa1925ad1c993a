"""A discard step before play (issue 42, docs/rulings.md ruling 159): ``table: {throw_in:
true}``.  At the deal each player throws every card of the lowest rank without a power that
anyone holds from the hand onto the pile, in seat order from the dealer's left (R2.3), and draws
back up (R6.4); the player after the last one to throw starts.  The table tells the cards (a
record's ``thrown``)."""

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

NAMES = ["Ann", "Ben", "Cal", "Dan"]
RESET_ONE = {"rank": 1, "effects": ["wild", {"effect": "value", "value": 0}]}
MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def _house(on: bool = True, **table: object) -> Variant:
    data = support.house_data(rank_powers=[RESET_ONE])
    if on or table:
        data["table"] = {**({"throw_in": True} if on else {}), **table}
    return variant_from_data(data)


def test_the_thrown_cards_start_the_pile_and_the_next_player_starts() -> None:
    g = Game.deal(_house(), NAMES, told=Told(thrown={"Ann": (2,), "Cal": (2, 2)}))
    # 40 cards, 36 dealt, 4 in the draw pile: Ann draws 1 back and Cal 2 (R6.4)
    assert g.state.pile == [2, 2, 2] and g.state.draw_pile == 1
    assert [seat.hand.count for seat in g.state.seats] == [3, 3, 3, 3]
    assert g.state.seen == {2: 3}  # thrown face up, seen by all (R4.3)
    assert g.turn == "Dan"  # the player after Cal, the last to throw
    said = g.advice.explain(g.state, Play("Ann", (5,)))
    assert not said.legal and said.rule == "R6.1"
    assert g.advice.explain(g.state, Play("Dan", (2,))).legal  # the fourth 2 burns (R7.1)
    out = g.push(Play("Dan", (2,)))
    assert out.burned and g.turn == "Dan"


def test_the_last_seat_throwing_gives_the_first_seat_the_start() -> None:
    g = Game.deal(_house(), NAMES, told=Told(thrown={"Ben": (3,), "Dan": (3,)}))
    assert g.turn == "Ann" and g.state.pile == [3, 3]


def test_a_thrower_draws_only_what_the_draw_pile_has() -> None:
    data = {**support.house_data(rank_powers=[RESET_ONE]), "table": {"throw_in": True}}
    data["ranks"] = {"low": 1, "high": 9, "copies": 4}  # 36 cards: all dealt, no draw pile
    g = Game.deal(variant_from_data(data), NAMES, told=Told(thrown={"Ann": (2, 2)}))
    assert g.state.draw_pile == 0 and g.turn == "Ben"
    assert [seat.hand.count for seat in g.state.seats] == [1, 3, 3, 3]  # Ann drew none


def test_nobody_threw_anything_and_the_first_player_starts() -> None:
    g = Game.deal(_house(), NAMES)
    assert g.turn == "Ann" and g.state.pile == [] and g.told is None


def test_what_the_table_cannot_have_thrown_is_refused() -> None:
    for thrown, said, where in (
        ({"Ann": (2, 3)}, "cards of one rank", "thrown.Ann"),
        ({"Ann": (2,), "Ben": (3,)}, "cards of one rank", "thrown.Ben"),
        ({"Ann": (1,)}, "1 has a power", "thrown.Ann"),
        ({"Ann": (2, 2, 2, 2)}, "throws 4 cards but holds 3", "thrown.Ann"),
        ({"Eve": (2,)}, "Eve is not one of the players", "thrown.Eve"),
        ({"Ann": (11,)}, "there is no card", "thrown.Ann"),
    ):
        with pytest.raises(SetupError, match=said) as e:
            Game.deal(_house(), NAMES, told=Told(thrown=thrown))
        assert e.value.field == where
    with pytest.raises(SetupError, match="nobody throws cards in here") as e:
        Game.deal(_house(on=False), NAMES, told=Told(thrown={"Ann": (2,)}))
    assert e.value.field == "thrown"
    face_up = {"Ben": (2, 2, 2)}
    with pytest.raises(SetupError, match="show five 2s") as e:
        Game.deal(_house(), NAMES, face_up, Told(thrown={"Ann": (2, 2)}))


def _dealt(hands: list[dict[int, int]] | None, draw: list[int] | None) -> State:
    """Four seats before the set-up: each hand's known cards, or three unknown cards each (at
    a table); ``draw``: the draw pile's cards, top last (full information), else four unknown."""
    seats = [
        Seat(
            ZoneCards(dict(h)) if h is not None else ZoneCards(unknown=3), ZoneCards(), ZoneCards()
        )
        for h in (hands or [None] * len(NAMES))
    ]
    return State(
        names=list(NAMES), seats=seats, draw_pile=len(draw) if draw else 4, draw_cards=draw
    )


def test_the_unit_checks_and_lays_the_cards_the_table_told() -> None:
    """Issue 41: the unit owns its set-up (``set_up``): the thrown cards leave the hands for
    the pile, seen (R4.3), the throwers draw back up to the minimum hand (R6.4), and the player
    after the last thrower starts; each fault at ``thrown.<name>``."""
    unit, v = RULES["throw_in"], _house()
    s = _dealt(None, None)
    unit.set_up(SetUp(v, 1, s, Told(thrown={"Ben": (2, 2)}), 3))
    assert s.pile == [2, 2] and s.seen == {2: 2} and s.mover == 2
    assert [seat.hand.count for seat in s.seats] == [3, 3, 3, 3] and s.draw_pile == 2
    s = _dealt(None, None)
    unit.set_up(SetUp(v, 1, s, Told(thrown={"Ann": (2,)}), 1))  # a minimum hand of one
    assert [seat.hand.count for seat in s.seats] == [2, 3, 3, 3] and s.draw_pile == 4
    with pytest.raises(SetupError) as e:
        unit.set_up(SetUp(v, 1, _dealt(None, None), Told(thrown={"Cal": (1,)}), 3))
    assert (str(e.value), e.value.field) == (
        "1 has a power; only cards without one are thrown in.",
        "thrown.Cal",
    )
    s = _dealt(None, None)
    unit.set_up(SetUp(v, 1, s, Told(thrown={"Ann": ()}), 3))  # nothing thrown: nothing done
    assert s.pile == [] and s.mover == 0
    assert unit.told_unasked(SetUp(v, 1, s, Told(), 3)) == (
        "nobody throws cards in here, so no cards are thrown."
    )


def test_the_unit_throws_the_lowest_plain_cards_with_full_information() -> None:
    """``draw_set_up``: every copy of the lowest number without a power that a hand holds (the
    1 has one, so the 3s), thrown in by whoever holds it, drawn back up from the draw pile's
    top, as told."""
    unit, v = RULES["throw_in"], _house()
    hands = [{1: 1, 5: 2}, {3: 2, 9: 1}, {4: 3}, {3: 1, 7: 2}]
    s = _dealt(hands, [6, 8, 9])
    t = SetUp(v, 1, s, Told(), 3, random.Random(0))
    unit.draw_set_up(t)
    assert t.told == Told(thrown={"Ben": (3, 3), "Dan": (3,)})
    assert s.pile == [3, 3, 3] and s.mover == 0 and s.seen == {}  # all seen already
    # Ben draws the 9 and the 8 on top, then Dan the 6 (seat order)
    assert s.seats[1].hand.known == {9: 2, 8: 1} and s.seats[3].hand.known == {7: 2, 6: 1}
    assert s.draw_cards == [] and s.draw_pile == 0
    s = _dealt([{1: 2}, {1: 1}, {}, {}], [6])  # only cards with a power: nobody throws
    t = SetUp(v, 1, s, Told(), 3, random.Random(0))
    unit.draw_set_up(t)
    assert t.told == Told() and s.pile == [] and s.draw_cards == [6]


def test_the_cards_are_thrown_onto_the_card_turned_up() -> None:
    """The set-up follows R2's steps, whatever the rules' order in the file: the card turned up
    at the deal (R2.1, ruling 156) lies under the cards thrown in before who starts is known
    (R2.3, ruling 159); ``turn_up_again`` comes after ``throw_in`` in the registry."""
    from referee.tablerules import SETTING_UP

    names = [u.name for u in SETTING_UP]
    assert names.index("turn_up_again") < names.index("throw_in") < names.index("starts_with")
    g = Game.deal(_house(turn_up_again=True), NAMES, told=Told(6, {"Ann": (2,)}))
    assert g.state.pile == [6, 2] and g.turn == "Ben"
    for seed in range(10):
        g = Game.shuffled(_house(turn_up_again=True), NAMES, seed)
        assert g.told is not None and g.told.turned_up == g.state.pile[0]


def test_a_record_says_the_cards_and_an_export_writes_them_again() -> None:
    data = {**support.house_data(rank_powers=[RESET_ONE]), "table": {"throw_in": True}}
    text = (
        f"variant: {json.dumps(data)}\nplayers: [Ann, Ben, Cal]\nthrown: {{Ben: [2, 2]}}\n"
        "steps:\n  - {by: Ann, play: [4], expect: illegal}\n  - {by: Cal, play: [4]}\n"
    )
    record = load_record_text(text, "thrown.yaml")
    assert record.thrown == {"Ben": (2, 2)}
    result = replay(record)
    assert result.ok
    exported = export_record(result.game)
    assert "\nthrown:\n  Ben: [2, 2]\n" in exported
    assert replay(load_record_text(exported, "again.yaml")).ok


def test_a_record_is_refused_where_the_cards_cannot_be_thrown() -> None:
    data = support.house_data(rank_powers=[RESET_ONE])
    for table, thrown, said, where in (
        ({}, "thrown: {Ann: [2]}\n", "nobody throws cards in here", "thrown"),
        ({"throw_in": True}, "thrown: {Eve: [2]}\n", "Eve", "thrown.Eve"),
        ({"throw_in": True}, "thrown: {Ann: [1]}\n", "has a power", "thrown.Ann"),
    ):
        text = f"variant: {json.dumps({**data, 'table': table})}\nplayers: [Ann, Ben]\n"
        with pytest.raises(RecordError) as e:
            load_record_text(text + thrown + "steps: []\n", "bad.yaml")
        assert e.value.problems[0].path == where and said in str(e.value)


def test_the_deal_with_full_information_throws_the_lowest_cards_in() -> None:
    v = _house()
    for seed in range(20):
        g = Game.shuffled(v, NAMES, seed)
        thrown = g.told.thrown if g.told is not None else {}
        if not thrown:
            assert g.turn == "Ann" and not g.state.pile
            continue
        (low,) = {c for cs in thrown.values() for c in cs}  # one rank, without a power
        assert low != 1
        assert g.state.pile == [low] * sum(len(cs) for cs in thrown.values())
        last = max(NAMES.index(n) for n in thrown)
        assert g.turn == NAMES[(last + 1) % 4]


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "- Then each player throws every card of the lowest rank without a power" in (
        rules_sheet(_house())
    )
    data = support.house_data()
    data["table"] = {"throw_in": True, "starts": "lowest"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not result.ok  # two ways to say who starts
    (error,) = [p for p in result.problems if "throw_in" in p.message]
    assert error.severity == "error" and "starts: lowest" in error.message


def test_the_bots_play_it_to_the_end() -> None:
    shithead = builtin("shithead")
    support.bots_finish(replace(shithead, table=TableRules(throw_in=True)))


def test_the_new_game_page_asks_which_cards_were_thrown(data_dir: Path) -> None:
    """Only for a variant with the step: the cards tapped per player, the starter named from
    them, the cards kept with the game."""
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(variant_to_data(_house()), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    for name in ("Ann", "Ben", "Cal"):
        at.text_input(key="np_name").input(name).run()
    assert not [s for s in at.segmented_control if s.key == "np_th_who"]  # Classic: no step
    at.selectbox(key="np_variant").set_value("library:ours").run()
    assert any(
        support.plain(m.value) == "Which cards did each player throw onto the pile?"
        for m in at.markdown
    )
    at.segmented_control(key="np_th_who").set_value("Ben").run()
    at.button(key="np_th_card_2").click().run()
    at.button(key="np_th_card_2").click().run()
    assert not at.exception
    assert any(
        support.plain(c.value) == "Cal starts: the player after the last one to throw in."
        for c in at.caption
    )
    at.button(key="np_start").click().run()
    assert not at.exception
    row = store.load_game(at.session_state["game_id"])
    assert row.told == {"thrown": {"Ben": [2, 2]}} and row.players == ("Ann", "Ben", "Cal")


@budget(15)
@given(
    variant=variants_with_table("throw_in"),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_discard_step_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants with the discard step: every listed step is legal, a legal
    proposal is listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_a_rematch_asks_for_the_cards_thrown_in() -> None:
    """The New game page's rematch line says this rule's own step (it said "say which card you
    turned up", the turned-up card's, for every rule that asks something at set-up)."""
    from referee.app.setup import rematch_words

    assert rematch_words(_house()) == (
        "Rematch: deal, say which cards each player threw in, then start the game."
    )
