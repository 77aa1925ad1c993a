"""A turned-up card with a power goes back and the next is turned up (issue 42, docs/rulings.md
ruling 172): ``table: {turn_up_again: true}``.  As ``turn_up`` (ruling 156) the draw pile's top
card starts the pile, but a card with a power does not stay there: it goes back under the draw
pile and the next card is turned up, until one without a power stays.  The table tells the card
that stayed (a record's ``turned_up``); a card with a power is refused there."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, SetupError, Told
from referee.table.setup import SetUp
from referee.table.state import Seat, State, ZoneCards
from referee.tablerules import RULES
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal"]
BURN_TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}
SKIP_EIGHT = {"rank": 8, "effects": [{"effect": "skip", "target": "next"}]}


def _house(**table: object) -> Variant:
    data = support.house_data(rank_powers=[BURN_TEN, SKIP_EIGHT])
    data["table"] = {"turn_up_again": True, **table}
    return variant_from_data(data)


def test_a_card_without_a_power_stays_turned_up() -> None:
    g = Game.deal(_house(), NAMES, told=Told(6))
    assert g.state.pile == [6] and g.state.draw_pile == 12 and g.state.seen == {6: 1}
    assert not g.advice.explain(g.state, Play("Ann", (5,))).legal  # R5.2 on the 6
    assert g.advice.explain(g.state, Play("Ann", (7,))).legal


@pytest.mark.parametrize("card", [10, 8])
def test_a_card_with_a_power_is_not_the_one_that_stayed(card: int) -> None:
    """Ruling 172: a 10 or an 8 turned up went back under the draw pile; the table says the
    card that stayed, so naming one is refused in plain words."""
    with pytest.raises(SetupError, match="has a power, so it went back under the draw pile"):
        Game.deal(_house(), NAMES, told=Told(card))
    data = support.house_data(rank_powers=[BURN_TEN])
    data["table"] = {"turn_up": True}
    assert Game.deal(variant_from_data(data), NAMES, told=Told(10)).state.pile == [
        10
    ]  # turn_up alone keeps it


def test_the_unit_refuses_a_power_card_and_turns_up_past_one() -> None:
    """Issue 41: the unit owns its set-up: at a table (``set_up``) a card with a power told as
    the one that stayed is refused at ``turned_up``; with full information (``draw_set_up``)
    each card with a power goes under the draw pile and the next is turned up."""
    unit, v = RULES["turn_up_again"], _house()
    seats = [Seat(ZoneCards(unknown=3), ZoneCards(unknown=3), ZoneCards(unknown=3)) for _ in NAMES]
    s = State(names=list(NAMES), seats=seats, draw_pile=13)
    with pytest.raises(SetupError) as e:
        unit.set_up(SetUp(v, 1, s, Told(8), 0))
    assert e.value.field == "turned_up" and str(e.value) == (
        "8 has a power, so it went back under the draw pile and the next card was turned up: "
        "say the card that stayed turned up."
    )
    assert s.pile == [] and s.seen == {}
    unit.set_up(SetUp(v, 1, s, Told(6), 0))
    assert s.pile == [6] and s.draw_pile == 12
    deck = [4, 3, 8, 10]  # the top last: the 10, then the 8 go back under the 4
    s = State(names=list(NAMES), seats=seats, draw_pile=4, draw_cards=deck)
    t = SetUp(v, 1, s, Told(), 0, random.Random(0))
    unit.draw_set_up(t)
    assert s.pile == [3] and deck == [8, 10, 4] and s.draw_pile == 3 and t.told == Told(3)
    deck = [8, 10]  # every card has a power: the last turned up stays
    s = State(names=list(NAMES), seats=seats, draw_pile=2, draw_cards=deck)
    unit.draw_set_up(SetUp(v, 1, s, Told(), 0, random.Random(0)))
    assert s.pile == [8] and deck == [10]


def test_the_deal_with_full_information_turns_up_past_power_cards() -> None:
    """Each card with a power turned up goes under the draw pile (drawn last), and the first
    card without one stays: over many deals, never a 10 or an 8 on the pile."""
    for seed in range(40):
        g = Game.shuffled(_house(), NAMES, seed)
        (up,) = g.state.pile
        assert up not in (8, 10) and g.told is not None and g.told.turned_up == up
        assert g.state.draw_cards is not None and len(g.state.draw_cards) == g.state.draw_pile == 12
        # the cards put back lie under the rest: below every card without a power that is left
        cards = g.state.draw_cards
        powers = [i for i, c in enumerate(cards) if c in (8, 10)]
        plain = [i for i, c in enumerate(cards) if c not in (8, 10)]
        moved = [i for i in powers if plain and i < plain[0]]
        assert moved == list(range(len(moved)))


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "A card with a power goes back under the draw pile" in rules_sheet(_house())
    data = support.house_data()
    data["table"] = {"turn_up_again": True, "turn_up": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not result.ok
    assert any("turn_up_again" in p.message for p in result.problems)


@budget(15)
@given(
    variant=variants_with_table("turn_up_again", without=("deal_rest", "turn_up")),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_turning_up_past_power_cards_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    note(repr(variant))
    one_filter_along(variant, players, seed)


MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def test_the_new_game_page_asks_the_card_that_stayed_and_refuses_a_power_card(
    data_dir: Path,
) -> None:
    """One question, for the card that stayed turned up (ruling 172); a 10 said there is
    refused in plain words and no game starts; a 6 starts it, kept with the game."""
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(variant_to_data(_house()), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    for name in ("Ann", "Ben"):
        at.text_input(key="np_name").input(name).run()
    at.selectbox(key="np_variant").set_value("library:ours").run()
    ask = at.selectbox(key="np_turned_up")
    assert ask.label == "Which card stayed turned up to start the pile (not a card with a power)?"
    ask.set_value(10).run()
    at.button(key="np_start").click().run()
    assert not at.exception, at.exception
    assert any("10 has a power" in support.plain(e.value) for e in at.error), at.error
    assert not store.list_games()
    at.selectbox(key="np_turned_up").set_value(6).run()
    at.button(key="np_start").click().run()
    assert not at.exception, at.exception
    row = store.load_game(at.session_state["game_id"])
    assert row.told == {"turned_up": 6}
