"""The table rule ``starts`` (issue 31.2 and issue 42; docs/rulings.md rulings 67 and 124): who
starts - the first player listed, the holder of the lowest number card, or the holder of the
lowest *ordinary* number card (one whose rank has no power)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import support

from referee.engine import Game
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.table.state import Seat, ZoneCards
from referee.tablerules import RULES
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Card, TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

STARTS = RULES["starts"]
RESET_TWO = {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]}
BURN_TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}


def house(starts: str, powers: list[dict[str, object]] | None = None) -> Variant:
    data = support.house_data(rank_powers=[RESET_TWO, BURN_TEN] if powers is None else powers)
    data["table"] = {"starts": starts}
    return variant_from_data(data)


def seats(*hands: tuple[Card, ...]) -> list[Seat]:
    out = []
    for hand in hands:
        zone = ZoneCards()
        for c in hand:
            zone.add_known(c)
        out.append(Seat(zone, ZoneCards(), ZoneCards(unknown=3)))
    return out


def test_the_lowest_ordinary_card_starts_not_a_card_with_a_power() -> None:
    """Ann's 2 resets the pile; Ben's 3 is the lowest ordinary card, so Ben starts (with
    ``lowest``, Ann's 2 would)."""
    table = seats((2, 9, 10), (3, 5, 8), (4, 4, 6))
    assert STARTS.first_seat(house("lowest_plain"), table) == 1
    assert STARTS.first_seat(house("lowest"), table) == 0
    # The 10 burns: no more ordinary than the 2.
    assert STARTS.first_seat(house("lowest_plain"), seats((10, 9), (2, 9), (10, 8))) == 2


def test_ties_go_to_the_earlier_seat_and_karma_cards_never_count() -> None:
    table = seats((2, 5, 7), ("x", 3), (3, 9))
    assert STARTS.first_seat(house("lowest_plain"), table) == 1


def test_with_no_ordinary_card_in_any_hand_the_lowest_card_of_all_starts() -> None:
    assert STARTS.first_seat(house("lowest_plain"), seats((10, 10), (2, 10), (10,))) == 1
    assert STARTS.first_seat(house("lowest_plain"), seats((), ())) == 0


def test_old_files_keep_their_meaning() -> None:
    """``lowest`` still counts a resetting 2 as the lowest card; ``first`` is the rule book's
    (R2.3) and is left out of the model and of a file written back."""
    assert STARTS.first_seat(house("lowest"), seats((9,), (2,))) == 1
    assert STARTS.first_seat(house("first"), seats((9,), (2,))) is None
    assert house("first").table == TableRules()
    v = house("lowest_plain")
    assert v.table == TableRules(starts="lowest_plain")
    assert variant_to_data(v)["table"] == {"starts": "lowest_plain"}


def test_in_a_shithead_deal_a_powered_two_no_longer_picks_the_starter() -> None:
    """Issue 42: with ``lowest``, the holder of a resetting 2 starts in most deals; with
    ``lowest_plain`` the starter holds the lowest card without a power, every deal."""
    base = builtin("shithead")
    names = ["Ann", "Ben", "Cal"]
    by_two = {"lowest": 0, "lowest_plain": 0}
    for how in by_two:
        v = replace(base, table=TableRules(starts=how))
        for seed in range(60):
            s = Game.shuffled(v, names, seed).state
            hands = [[c for c in seat.hand.known if isinstance(c, int)] for seat in s.seats]
            plain = [min((c for c in h if not v.effects_of(c)), default=99) for h in hands]
            assert s.mover == 0  # seated first, so the seating is listed from them (R2.3)
            if how == "lowest_plain":
                assert plain[0] == min(plain)
            by_two[how] += 2 in hands[0] and plain[0] != min(plain)
    assert by_two["lowest"] > 20 and by_two["lowest_plain"] == 0


def test_the_sheet_and_the_new_game_question_say_it_plainly() -> None:
    v = house("lowest_plain")
    sheet = rules_sheet(v)
    assert "Whoever has the lowest ordinary number card in their hand starts" in sheet
    assert "a card with a power does not count" in sheet
    assert STARTS.question(v) == (
        "Who has the lowest ordinary card in their hand (not a card with a power)? They start."
    )
    assert STARTS.question(house("lowest")) == "Who has the lowest card in their hand? They start."
    assert "Whoever has the lowest number card in their hand starts" in rules_sheet(house("lowest"))


def test_the_loader_warns_where_no_number_is_ordinary() -> None:
    powers = [{"rank": r, "effects": ["wild"]} for r in range(1, 11)]
    data = support.house_data(rank_powers=powers)
    data["table"] = {"starts": "lowest_plain"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "lowest_plain" in p.message]
    assert warning.path == "table.starts" and warning.severity == "warning"
    assert "no card is ordinary" in warning.message
    data["rank_powers"] = powers[1:]  # the 1 is ordinary again
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not [p for p in result.problems if "lowest_plain" in p.message]
    data["table"] = {"starts": "lowest_first"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not result.ok
    assert any("lowest_plain" in p.message for p in result.problems)


def test_the_bots_play_it_to_the_end() -> None:
    v = replace(builtin("shithead"), table=TableRules(starts="lowest_plain"))
    names = ["Ann", "Ben", "Cal"]
    for seed in range(3):
        game = Game.shuffled(v, names, seed)
        bots = {n: BOTS[b]() for n, b in zip(names, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped
