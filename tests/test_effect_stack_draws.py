"""stack_draws: draws that add up ("cumulative 2s"): each card adds to a count the next player
draws unless they pass it on with another such card (docs/rulings.md, ruling 132;
docs/house-rules.md)."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import listed_steps_legal_along, one_filter_along

from referee.app.table import player_rows
from referee.engine import Game, PickUp, Play, Position
from referee.records import load_record_text, replay
from referee.variant.model import Variant


def house(count: str = "once") -> Variant:
    return support.house(
        [{"id": "mirror", "name": "Mirror", "copies": 2, "rule": "R9", "effects": ["mirror"]}],
        [
            {
                "rank": 2,
                "effects": [
                    "wild",
                    {"effect": "value", "value": 0},
                    {"effect": "stack_draws", "n": 2, "count": count},
                ],
            },
            {"rank": 10, "effects": ["wild", "clear_pile"]},
        ],
    )


def game(draw_pile: int = 20, count: str = "once") -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 5, "Ben": 5, "Cal": 5},
        face_up={},
        face_down={},
        draw_pile=draw_pile,
        pile=(6,),
    )
    return Game.from_position(house(count), ["Ann", "Ben", "Cal"], start)


def hand(g: Game, who: str) -> int:
    return g.zone(who, "hand").count


def test_the_next_player_draws_the_count_after_a_step_that_does_not_pass_it_on() -> None:
    g = game()
    out = g.push(Play("Ann", (2,)))
    assert g.state.to_draw == {"Ben": 2}
    assert "Ben must draw 2 cards, or pass them on with a 2." in out.messages
    out = g.push(Play("Ben", (7,)))
    assert g.state.to_draw == {}
    assert hand(g, "Ben") == 4 + 2  # played one of five, drew the two owed
    assert ("Ben", 2) in out.draws
    assert "Ben did not pass them on, so Ben draws 2 cards." in out.messages


def test_the_count_grows_as_each_player_passes_it_on() -> None:
    g = game()
    g.push(Play("Ann", (2,)))
    g.push(Play("Ben", (2,)))  # passed on: 4 for Cal, Ben draws nothing for it
    assert g.state.to_draw == {"Cal": 4}
    assert hand(g, "Ben") == 4  # four left, nothing drawn
    g.push(Play("Cal", (2,)))
    assert g.state.to_draw == {"Ann": 6}
    g.push(PickUp("Ann"))  # a pick-up does not pass it on either
    assert g.state.to_draw == {}
    assert hand(g, "Ann") == 4 + 4 + 6  # four left, the pile of four, six drawn


def test_several_played_together_add_once_or_per_card() -> None:
    g = game()
    g.push(Play("Ann", (2, 2)))
    assert g.state.to_draw == {"Ben": 2}
    g = game(count="per_copy")
    g.push(Play("Ann", (2, 2)))
    assert g.state.to_draw == {"Ben": 4}


def test_the_draw_pile_gives_only_what_it_has() -> None:
    g = game(draw_pile=3)
    g.push(Play("Ann", (2,)))
    g.push(Play("Ben", (2,)))
    out = g.push(Play("Cal", (8,)))
    assert g.state.draw_pile == 0 and ("Cal", 3) in out.draws
    assert hand(g, "Cal") == 4 + 3


def test_a_mirror_adds_again_and_a_burn_leaves_the_count() -> None:
    g = game()
    g.push(Play("Ann", (2,)))
    g.push(Play("Ben", ("mirror",)))  # a mirror copies the 2: the count grows (ruling 45)
    assert g.state.to_draw == {"Cal": 4}
    g.state.burn_pile()  # the cards are owed by a player, not by the pile
    assert g.state.to_draw == {"Cal": 4}


def test_another_power_card_does_not_pass_it_on() -> None:
    g = game()
    g.push(Play("Ann", (2,)))
    out = g.push(Play("Ben", (10,)))  # clears the pile, plays again: but draws the two first
    assert g.state.to_draw == {} and ("Ben", 2) in out.draws
    assert g.turn == "Ben"


def test_undo_brings_the_count_back_and_the_table_shows_it() -> None:
    g = game()
    g.push(Play("Ann", (2,)))
    g.push(Play("Ben", (2,)))
    before = g.state.copy()
    g.push(Play("Cal", (9,)))
    g.past.undo()
    assert g.state == before and g.state.to_draw == {"Cal": 4}
    row = next(r for r in player_rows(g) if r.name == "Cal")
    assert row.status == "to play, draws 4 cards unless passed on"


def test_a_record_replays_to_the_same_count() -> None:
    text = """
variant:
  id: twos
  name: Twos
  ranks: {low: 2, high: 14, copies: 4}
  players: [{decks: 1, min: 2, max: 5}]
  rank_powers: [{rank: 2, effects: [wild, {effect: value, value: 0}, stack_draws]}]
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
players: [Ann, Ben]
start:
  turn: Ann
  pile: [5]
  draw_pile: 10
  hand: {Ann: 4, Ben: 4}
  face_up: {}
  face_down: {}
steps:
  - {by: Ann, play: [2]}
  - {by: Ben, play: [2]}
"""
    result = replay(load_record_text(text))
    assert result.ok
    g = result.game
    assert g.state.to_draw == {"Ann": 4}


def test_legal_steps_agree_with_the_verdicts_while_cards_are_owed() -> None:
    g = Game.shuffled(house(), ["Ann", "Ben"], 7, keep_history=True)
    g.state.seats[0].hand.add_known(2)
    g.push(Play("Ann", (2,)))
    listed_steps_legal_along(g)


@budget(15)
@given(
    variant=variants_using(("stack_draws",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_draws_that_add_up_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also adds to the count: every listed
    step is legal, a legal proposal is listed, a refused one changes nothing, undo brings the
    count back exactly, and no card is made or lost by the draws."""
    note(repr(variant))
    one_filter_along(variant, players, seed, kept=_cards)


def _cards(g: Game) -> int:
    s = g.state
    return sum(seat.total for seat in s.seats) + len(s.pile) + s.draw_pile + s.out_of_play
