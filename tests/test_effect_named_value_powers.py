"""A card named as a number that also does what that number does (issue 42, docs/rulings.md
ruling 169): ``named_value`` with ``powers: true`` (MLR's joker acts as a 2 or a 10, with that
card's power).  As if a card of the named rank was played: its powers of a play happen (a 10
clears the pile), it carries over that rank's limit (a 7's "7 or lower"), and on the pile it
counts as that rank counts (a 2 that resets counts as nothing).  It is still its own card: it
makes no four of a kind with real cards of that rank (R7.1), and a power that asks a choice is
not brought."""

from __future__ import annotations

import random

from support import bots_finish, explain, house, walk_listed_steps

from referee.engine import Game, Play, Position
from referee.engine.steps import Step
from referee.simulate.bots import SmartBot
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]
NAMED = {"effect": "named_value", "powers": True}
POWERS = [
    {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]},  # resets
    {"rank": 7, "effects": [{"effect": "next_range", "max": 7}]},  # 7 or lower next
    {"rank": 9, "effects": ["choose_next"]},  # asks a chosen player: not brought
    {"rank": 10, "effects": ["wild", "clear_pile"]},  # clears the pile
]


def variant(powers: bool = True) -> Variant:
    named: dict[str, object] = {"effect": "named_value"}
    if powers:
        named["powers"] = True
    joker = {"id": "joker", "name": "Joker", "copies": 2, "effects": [named]}
    return house([joker], POWERS)


def game(pile: tuple[object, ...] = (5, 8), powers: bool = True) -> Game:
    start = Position("Ann", hand=dict.fromkeys(PLAYERS, 5), pile=pile, draw_pile=0)  # type: ignore[arg-type]
    return Game.from_position(variant(powers), PLAYERS, start)


def test_named_ten_it_clears_the_pile_and_its_player_goes_again() -> None:
    g = game()
    verdict = explain(g, Play("Ann", ("joker",), named=10))
    assert verdict.legal and verdict.reason == Reason.NAMED_AS
    assert str(verdict).startswith(
        "Yes: a Joker goes on anything. It counts as a 10, and does what a 10 does."
    )
    outcome = g.push(Play("Ann", ("joker",), named=10))
    assert g.state.pile == [] and g.turn == "Ann"
    assert "It counts as a 10, and does what a 10 does." in outcome.messages
    g.past.undo()
    assert g.state.pile == [5, 8] and g.turn == "Ann"


def test_without_powers_it_takes_the_number_only() -> None:
    g = game(powers=False)
    said = str(explain(g, Play("Ann", ("joker",), named=10)))
    assert said.startswith("Yes: a Joker goes on anything. It counts as a 10.")
    assert "does what" not in said
    g.push(Play("Ann", ("joker",), named=10))
    assert g.state.pile == [5, 8, "joker"] and g.turn == "Ben"


def test_named_seven_the_next_player_must_go_low() -> None:
    g = game()
    g.push(Play("Ann", ("joker",), named=7))
    assert g.turn == "Ben"
    assert not explain(g, Play("Ben", (8,))).legal
    assert explain(g, Play("Ben", (6,))).legal
    plain = game(powers=False)
    plain.push(Play("Ann", ("joker",), named=7))
    assert explain(plain, Play("Ben", (8,))).legal  # the number only: 8 beats a 7


def test_named_two_it_counts_as_a_two_counts() -> None:
    g = game()
    g.push(Play("Ann", ("joker",), named=2))
    assert g.pile.top_value(g.state) == 0  # a 2 that resets counts as nothing
    plain = game(powers=False)
    plain.push(Play("Ann", ("joker",), named=2))
    assert plain.pile.top_value(plain.state) == 2


def test_it_makes_no_four_of_a_kind_with_real_cards() -> None:
    """R7.1: four cards of the same rank burn; a joker named 3 is no 3."""
    g = game(pile=(3, 3, 3))
    g.push(Play("Ann", ("joker",), named=3))
    assert g.state.pile == [3, 3, 3, "joker"] and g.turn == "Ben"


def test_a_power_that_asks_a_choice_is_not_brought() -> None:
    """The named 9 chooses who goes next; named 9, the joker asks nobody (ruling 169)."""
    g = game()
    assert explain(g, Play("Ann", ("joker",), named=9)).legal
    g.push(Play("Ann", ("joker",), named=9))
    assert g.turn == "Ben"


def test_the_listing_names_each_number_and_the_filter_agrees() -> None:
    def named(game: Game, steps: list[Step]) -> int:
        return sum(1 for s in steps if isinstance(s, Play) and s.named is not None)

    assert walk_listed_steps(variant(), named) > 0


def test_the_bot_names_the_power_worth_most() -> None:
    """Nothing else fits on a big pile: the careful bot names its joker a 5, the number that
    clears the pile here, though the listing names the highest first."""
    v = house(
        [{"id": "joker", "name": "Joker", "copies": 2, "effects": [NAMED]}],
        [{"rank": 5, "effects": ["wild", "clear_pile"]}],
    )
    g = Game.shuffled(v, ["Ann", "Ben"], 3, keep_history=True)
    s = g.state
    seat = s.seats[s.mover]
    for zone in (seat.hand, seat.face_up):
        zone.known.clear()
        zone.count = 0
    seat.hand.add_known("joker")
    seat.hand.add_known(1)
    s.pile = [9, 9, 10, 10, 9, 10, 8, 10]
    s.draw_pile, s.draw_cards = 0, []
    steps = g.choices.legal_steps(s)
    assert [p.named for p in steps if isinstance(p, Play)][:2] == [10, 9]  # highest first
    chosen = SmartBot().choose(g, steps, random.Random(0))
    assert isinstance(chosen, Play) and chosen.cards == ("joker",) and chosen.named == 5


def test_the_sheet_says_it() -> None:
    sheet = rules_sheet(variant())
    assert "it does what that card does here" in sheet
    assert "never makes four of a kind" in sheet
    assert "does nothing that number does" in rules_sheet(variant(powers=False))


def test_the_bots_play_it_to_the_end() -> None:
    bots_finish(variant())
