"""The table rule ``powers_before_burn`` (issue 42, docs/rulings.md ruling 143): "four Jacks
burn and still skip" - the powers of a play that burns happen first, then the pile burns (R7.2
changed); off, a play that burns has no other effect, exactly as before."""

from __future__ import annotations

import json

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal"]


def house(on: bool = True, passes_on: bool = False) -> Variant:
    data = support.house_data(
        [{"id": "ask", "name": "Ask", "copies": 4, "effects": ["must_answer"]}],
        [
            {"rank": 4, "effects": [{"effect": "skip", "target": "next"}]},
            {"rank": 6, "effects": ["reverse"]},
            {"rank": 7, "effects": [{"effect": "next_range", "max": 7}]},
            {"rank": 8, "effects": ["clear_pile"]},
            {"rank": 9, "effects": [{"effect": "give_pile", "target": "next"}]},
            {"rank": 5, "effects": [{"effect": "next_draws", "n": 2}]},
        ],
    )
    table: dict[str, bool] = {}
    if on:
        table["powers_before_burn"] = True
    if passes_on:
        table["burn_passes_on"] = True
    if table:
        data["table"] = table
    return variant_from_data(data)


def game(
    pile: tuple[int | str, ...] = (3,), on: bool = True, passes_on: bool = False, draw: int = 0
) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 8), draw_pile=draw, pile=pile)
    return Game.from_position(house(on, passes_on), NAMES, start)


def test_four_that_skip_burn_and_still_skip() -> None:
    g = game()
    o = g.push(Play("Ann", (4, 4, 4, 4)))
    assert o.burned and not g.state.pile and g.turn == "Ann"  # R7.4: Ann plays again
    assert o.messages[1:3] == (
        "Ben will lose their next turn.",
        "That makes four 4s in a row: the pile burns (5 cards)!",
    )
    assert g.push(Play("Ann", (10,))).skipped == ("Ben",) and g.turn == "Cal"
    off = game(on=False)
    off.push(Play("Ann", (4, 4, 4, 4)))  # R7.2: the burning play has no other effect
    off.push(Play("Ann", (10,)))
    assert off.turn == "Ben"


def test_a_run_built_up_over_several_plays_does_its_power_too() -> None:
    g = game(pile=(3, 6, 6, 6))
    o = g.push(Play("Ann", (6,)))  # the fourth 6 in a row turns play round, then burns
    assert o.burned and g.turn == "Ann" and g.state.direction == -1
    g.push(Play("Ann", (10,)))
    assert g.turn == "Cal"


def test_with_burn_passes_on_the_skip_passes_the_next_player_by() -> None:
    g = game(passes_on=True)
    g.push(Play("Ann", (4, 4, 4, 4)))
    assert g.turn == "Cal" and not g.state.pile  # Ben lost the turn the burn passed on


def test_what_a_power_leaves_on_the_pile_goes_with_it() -> None:
    g = game(pile=(3, 7, 7, 7))
    g.push(Play("Ann", (7,)))  # "seven or lower" is set, then the pile burns with it
    assert g.turn == "Ann" and g.state.restriction is None and not g.state.pending
    assert support.explain(g, Play("Ann", (10,))).legal  # an empty pile takes anything (R5.1)
    ask = game(pile=(3, "ask", "ask", "ask"))
    ask.push(Play("Ann", ("ask",)))  # "answer it or pick up" has no pile left to ask of
    assert not ask.state.pending and ask.turn == "Ann"


def test_a_power_that_takes_the_pile_away_leaves_nothing_to_burn() -> None:
    g = game(pile=(3, 8, 8, 8))
    o = g.push(Play("Ann", (8,)))  # it clears the pile itself (R8.5): nothing burns
    assert not o.burned and not g.state.pile and g.turn == "Ann"
    given = game(pile=(3, 9, 9, 9))
    o = given.push(Play("Ann", (9,)))  # the pile goes to Ben first: nothing is left to burn
    assert not o.burned and given.zone("Ben", "hand").count == 8 + 5 and given.turn == "Ben"


def test_the_next_player_draws_before_the_burn_takes_nothing_from_them() -> None:
    g = game(draw=10)
    g.push(Play("Ann", (5, 5, 5, 5)))
    assert g.zone("Ben", "hand").count == 8 + 2 and not g.state.pile


def test_the_sheet_says_it_and_the_loader_warns_where_no_card_has_a_power() -> None:
    sheet = rules_sheet(house())
    assert "A play that burns the pile still does its powers first" in sheet
    assert "still does its powers first" not in rules_sheet(house(on=False))
    data = support.house_data()
    data["table"] = {"powers_before_burn": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "powers_before_burn" in p.message]
    assert warning.path == "table.powers_before_burn" and warning.severity == "warning"


@budget(15)
@given(
    variant=variants_with_table("powers_before_burn"),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_powers_before_a_burn_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where burning plays do their powers first: every listed
    step is legal, a legal proposal is listed, a refused one changes nothing, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
