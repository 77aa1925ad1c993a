"""MLR's battle (issue 42, docs/rulings.md ruling 164): ``must_answer`` with ``takes_under``.
Whoever cannot answer picks up only the cards that lay under the exchange's first card; the
cards of the exchange leave the game (R4.3 counts them out of play)."""

from __future__ import annotations

from support import bots_finish, house

from referee.engine import Game, PickUp, Play, Position
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

BATTLE = {"effect": "must_answer", "answer": "back", "takes_under": True}


def _threes(*effects: object) -> Variant:
    return house(rank_powers=[{"rank": 3, "effects": ["wild", *effects]}])


def _game(v: Variant, pile: tuple[int, ...] = (5, 9)) -> Game:
    start = Position("Ann", hand={"Ann": 6, "Ben": 6, "Cal": 6}, pile=pile, draw_pile=0)
    return Game.from_position(v, ["Ann", "Ben", "Cal"], start)


def test_the_loser_takes_only_the_cards_under_the_battle() -> None:
    g = _game(_threes(BATTLE))
    g.push(Play("Ann", (3,)))
    g.push(Play("Ben", (3,)))
    gone = g.state.out_of_play
    out = g.push(PickUp("Ann"))
    assert "The 2 cards of the exchange leave the game." in out.messages
    assert out.picked_up == 2 and out.removed == 2
    assert g.state.out_of_play == gone + 2 and g.state.pile == []
    assert g.state.seats[0].hand.known == {5: 1, 9: 1}


def test_without_it_the_loser_takes_the_whole_pile() -> None:
    g = _game(_threes({"effect": "must_answer", "answer": "back"}))
    g.push(Play("Ann", (3,)))
    g.push(Play("Ben", (3,)))
    gone = g.state.out_of_play
    out = g.push(PickUp("Ann"))
    assert out.picked_up == 4 and g.state.out_of_play == gone


def test_a_demand_round_the_table_takes_under_its_run_of_answers() -> None:
    """Without `answer: back` each answer passes the demand on: the exchange is every answer."""
    g = _game(_threes({"effect": "must_answer", "takes_under": True}))
    g.push(Play("Ann", (3,)))
    g.push(Play("Ben", (3, 3)))
    gone = g.state.out_of_play
    out = g.push(PickUp("Cal"))
    assert out.picked_up == 2 and g.state.out_of_play == gone + 3


def test_undo_puts_the_cards_back() -> None:
    g = _game(_threes(BATTLE))
    g.push(Play("Ann", (3,)))
    before = g.state.copy()
    g.push(PickUp("Ben"))
    g.past.undo()
    assert g.state == before


def test_the_sheet_says_it_and_the_bots_finish() -> None:
    assert "takes only the cards under the first one" in rules_sheet(_threes(BATTLE))
    bots_finish(_threes(BATTLE))
