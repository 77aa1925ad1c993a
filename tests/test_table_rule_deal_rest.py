"""The table rule ``deal_rest`` (issue 42, docs/rulings.md ruling 125): the cards left after the
deal are dealt out to the hands, the same number to each, instead of making the draw pile (R2.1
changed); the few left over are put aside."""

from __future__ import annotations

import json
import random
from collections import Counter

import support

from referee.engine import Game, Play
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.tablerules import RULES
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet


def house(on: bool = True, **more: object) -> Variant:
    data = support.house_data()  # 40 cards: 1 to 10, four of each; a 3 + 3 + 3 deal
    if on:
        data["table"] = {"deal_rest": True, **more}
    return variant_from_data(data)


def test_at_a_real_table_the_rest_is_dealt_evenly_and_the_odd_ones_put_aside() -> None:
    """40 cards: 27 dealt to three as usual; 13 left give each hand 4 more and 1 is put aside."""
    s = Game.deal(house(), ["Ann", "Ben", "Cal"]).state
    assert [seat.hand.count for seat in s.seats] == [7, 7, 7]
    assert [seat.face_up.count for seat in s.seats] == [3, 3, 3]
    assert (s.draw_pile, s.out_of_play) == (0, 1)
    two = Game.deal(house(), ["Ann", "Ben"]).state  # 22 left: 11 each, none aside
    assert [seat.hand.count for seat in two.seats] == [14, 14]
    assert (two.draw_pile, two.out_of_play) == (0, 0)


def test_the_unit_shares_out_the_rest() -> None:
    """Issue 41: the unit owns its hook into the deal (``rest_dealt``): the same share for each
    hand, the few left over put aside; other rules leave the rest as the draw pile (None)."""
    unit = RULES["deal_rest"]
    assert unit.rest_dealt(3, 13) == (4, 1) and unit.rest_dealt(4, 16) == (4, 0)
    assert unit.rest_dealt(5, 3) == (0, 3)
    assert RULES["turn_up"].rest_dealt(3, 13) is None


def test_without_the_rule_the_rest_is_the_draw_pile() -> None:
    s = Game.deal(house(on=False), ["Ann", "Ben", "Cal"]).state
    assert [seat.hand.count for seat in s.seats] == [3, 3, 3]
    assert (s.draw_pile, s.out_of_play) == (13, 0)


def test_with_full_information_every_card_is_somewhere_and_nobody_draws() -> None:
    v = house()
    for seed in range(5):
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        s = g.state
        assert s.draw_pile == 0 and s.draw_cards == [] and s.out_of_play == 1
        held = Counter[object]()
        for seat in s.seats:
            assert seat.hand.count == 7 and not seat.hand.unknown
            for zone in (seat.hand, seat.face_up):
                held.update({c: n for c, n in zone.known.items()})
            held.update(seat.face_down.order or [])
        assert sum(held.values()) == 39  # and one put aside
        assert all(n <= 4 for n in held.values())
        at = s.mover
        card = min(c for c in s.seats[at].hand.known if isinstance(c, int))
        before = s.seats[at].hand.count
        g.push(Play(s.names[at], (card,)))
        assert g.state.seats[at].hand.count == before - 1  # nothing drawn (R6.4)


def test_the_sheet_says_it_instead_of_the_draw_pile_and_it_round_trips() -> None:
    on, off = rules_sheet(house()), rules_sheet(house(on=False))
    assert "Then the rest of the deck is dealt out to the hands, the same number to each" in on
    assert "There is no draw pile." in on
    assert "The rest of the deck is the draw pile." not in on
    assert "The rest of the deck is the draw pile." in off
    assert variant_to_data(house())["table"] == {"deal_rest": True}


def test_the_loader_warns_where_a_rule_needs_the_draw_pile() -> None:
    data = dict(support.house_data(), table={"deal_rest": True, "gamble": True})
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if p.path == "table.deal_rest"]
    assert warning.severity == "warning"
    assert "no draw pile, so gamble can never be used" in warning.message
    assert warning.plain == (
        "All the cards are dealt out here, so there is no draw pile to take a card from."
    )
    data["table"] = {"deal_rest": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok and not result.problems


def test_the_loader_warns_where_a_card_makes_a_player_draw() -> None:
    """Cumulative 2s (stack_draws) or a card that makes the next player draw: with every card
    dealt out there is nothing to draw, so the card's count never reaches anyone's hand."""
    data = dict(
        support.house_data(),
        table={"deal_rest": True},
        rank_powers=[
            {"rank": 2, "effects": ["wild", {"effect": "stack_draws", "n": 2}]},
            {"rank": 5, "effects": [{"effect": "next_draws", "n": 1}]},
            {"rank": 6, "effects": [{"effect": "stack_draws", "n": 3}]},
        ],
    )
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if p.path == "table.deal_rest"]
    assert warning.severity == "warning"
    assert warning.message.startswith(
        "deal_rest leaves no draw pile, so stack_draws, next_draws never makes anyone draw"
    )
    assert warning.plain == (
        "All the cards are dealt out here, so nobody can draw the cards a card gives."
    )
    data.pop("table")
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok and not result.problems


def test_the_bots_play_it_to_the_end() -> None:
    v = house()
    names = ["Ann", "Ben", "Cal"]
    for seed in range(4):
        game = Game.shuffled(v, names, seed)
        bots = {n: BOTS[b]() for n, b in zip(names, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped
