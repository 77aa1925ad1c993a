"""contest_pile: a contest settled at the table, whose loser takes the pile - the card's own
player too (issue 42, a choice made at the table; docs/rulings.md, ruling 136)."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import one_filter_along

from referee.app import tableview_data
from referee.app.view import Ask, Selection, VerdictView, view
from referee.engine import Game, Play, Position
from referee.variant.loader import load_variant_text
from referee.variant.model import Variant
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]


def house() -> Variant:
    card = {"id": "duel", "name": "Duel", "copies": 2, "rule": "R9", "effects": ["contest_pile"]}
    return support.house([card])


def game(hands: dict[str, int] | None = None) -> Game:
    start = Position(
        "Ann",
        hand=hands if hands is not None else dict.fromkeys(PLAYERS, 5),
        face_up={},
        face_down={},
        draw_pile=0,
        pile=(3, 6),  # type: ignore[arg-type]
    )
    return Game.from_position(house(), PLAYERS, start)


def test_the_cards_own_player_may_lose_and_takes_the_pile() -> None:
    g = game()
    outcome = g.push(Play("Ann", ("duel",), to="Ann"))
    assert "Ann loses the contest and takes the pile (3 cards)." in outcome.messages
    assert g.state.pile == [] and g.zone("Ann", "hand").count == 7
    assert g.turn == "Ben"  # play goes on after the card's player


def test_another_player_may_lose() -> None:
    g = game()
    g.push(Play("Ann", ("duel",), to="Cal"))
    assert g.zone("Cal", "hand").count == 8 and g.turn == "Ben"


def test_the_loser_must_be_named_and_in() -> None:
    g = game(hands={"Ann": 5, "Ben": 0, "Cal": 5})  # Ben is out
    missing = g.advice.explain(g.state, Play("Ann", ("duel",)))
    assert not missing.legal and missing.reason == Reason.NEEDS_TARGET
    out = g.advice.explain(g.state, Play("Ann", ("duel",), to="Ben"))
    assert not out.legal and out.reason == Reason.TARGET_OUT
    # In words for a contest (not a skip's "no turn to lose").
    assert out.message == "No: Ben is out, so they play no contest."
    assert g.advice.explain(g.state, Play("Ann", ("duel",), to="Ann")).legal


def test_the_loader_refuses_it_beside_another_way_for_the_pile() -> None:
    text = """
id: x
name: X
players: [{decks: 1, min: 2, max: 4}]
ranks: {low: 1, high: 10, copies: 4}
karma_cards:
  - {id: duel, name: Duel, copies: 2, effects: [contest_pile, clear_pile]}
deal: {face_down: 3, face_up: 3, hand: 3}
min_hand: 3
burn: 4
"""
    result = load_variant_text(text, "x.yaml")
    assert result.variant is None
    assert any("removed and taken" in str(p) for p in result.errors)


def test_the_tablet_offers_every_player_as_the_loser_and_asks_who_lost() -> None:
    g = game()
    data = tableview_data.table_data(g, 0, Selection())
    (card,) = [c for c in data["cards"] if c["id"] == "duel"]
    (axis,) = [a for a in card["axes"] if a["name"] == "to"]
    assert axis["label"] == "Duel: who lost the contest?"
    assert [n for n, _ in axis["by_mover"][""]] == PLAYERS  # the card's own player too
    asked = view(g, Selection(card="duel")).verdict
    assert isinstance(asked, Ask)
    assert asked.text == "Who lost the contest? Choose a player just above."
    chosen = view(g, Selection(card="duel", to="Ann")).verdict
    assert isinstance(chosen, VerdictView) and chosen.legal


def test_the_rules_sheet_says_it() -> None:
    from referee.variant.sheet import rules_sheet

    assert "whoever loses takes the whole pile into their hand, even the player" in rules_sheet(
        house()
    )


@budget(15)
@given(
    variant=variants_using(("contest_pile",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_contest_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also starts a contest for the pile:
    every listed step is legal (the card's own player among the losers), a legal proposal is
    listed, a refused one changes nothing, and undo brings the state back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
