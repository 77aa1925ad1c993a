"""swap_table_cards: a chosen player swaps their face-up and face-down cards (issue 42, a choice
made at the table; docs/rulings.md, ruling 137): each zone's cards keep what the table knew
of them."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import one_filter_along

from referee.app import tableview_data
from referee.app.view import Ask, Selection, VerdictView, view
from referee.engine import Game, Play, Position
from referee.table.state import ZoneCards
from referee.variant.model import Variant
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]


def house() -> Variant:
    card = {
        "id": "flip",
        "name": "Flip",
        "copies": 2,
        "rule": "R9",
        "effects": ["swap_table_cards"],
    }
    return support.house([card])


def game(
    hands: dict[str, int] | None = None,
    face_up: dict[str, tuple[object, ...]] | None = None,
    face_down: dict[str, int] | None = None,
) -> Game:
    start = Position(
        "Ann",
        hand=hands if hands is not None else dict.fromkeys(PLAYERS, 5),
        face_up=face_up if face_up is not None else {"Ben": (9, 9, 4)},  # type: ignore[arg-type]
        face_down=face_down if face_down is not None else {"Ann": 3, "Ben": 2, "Cal": 3},
        draw_pile=0,
        pile=(3,),  # type: ignore[arg-type]
    )
    return Game.from_position(house(), PLAYERS, start)


def test_the_seen_cards_lie_face_down_known_and_the_blind_ones_come_up_unknown() -> None:
    """Ruling 137: the table saw Ben's 9, 9 and 4; they lie face down now, known to the referee;
    the two face-down cards come up as the referee knew them: unknown."""
    g = game()
    outcome = g.push(Play("Ann", ("flip",), to="Ben"))
    assert "Ben swaps their face-up and face-down cards." in outcome.messages
    assert g.zone("Ben", "face_down") == ZoneCards({9: 2, 4: 1})
    assert g.zone("Ben", "face_up") == ZoneCards(unknown=2)
    assert g.turn == "Ben"


def test_a_known_face_down_card_bounds_what_may_be_turned_over() -> None:
    """Once the face-up cards lie face down, only those cards can be turned over there (R4.3):
    a 5 is refused, a 9 goes (blind, one at a time, R4.2)."""
    g = game(hands={"Ann": 5, "Ben": 0, "Cal": 5}, face_up={"Ben": (9, 9, 4)}, face_down={})
    g.push(Play("Ann", ("flip",), to="Ben"))
    assert g.zone("Ben", "face_up").count == 0 and g.zone("Ben", "face_down").count == 3
    five = g.advice.explain(g.state, Play("Ben", (5,), "face_down"))
    assert not five.legal and five.reason == Reason.CANNOT_HOLD
    assert g.advice.explain(g.state, Play("Ben", (9,), "face_down")).legal


def test_the_cards_own_player_may_be_chosen_and_a_player_who_is_out_may_not() -> None:
    g = game(hands={"Ann": 5, "Ben": 0, "Cal": 5}, face_up={"Ann": (6,)}, face_down={"Ann": 2})
    out = g.advice.explain(g.state, Play("Ann", ("flip",), to="Ben"))  # Ben holds nothing
    assert not out.legal and out.reason == Reason.TARGET_OUT
    assert out.message == "No: Ben is out, so they have no cards to swap."
    missing = g.advice.explain(g.state, Play("Ann", ("flip",)))
    assert not missing.legal and missing.reason == Reason.NEEDS_TARGET
    g.push(Play("Ann", ("flip",), to="Ann"))
    assert g.zone("Ann", "face_down") == ZoneCards({6: 1})
    assert g.zone("Ann", "face_up") == ZoneCards(unknown=2)


def test_a_player_with_only_hand_cards_swaps_nothing() -> None:
    g = game(face_up={}, face_down={})
    outcome = g.push(Play("Ann", ("flip",), to="Cal"))
    assert "Cal has no face-up or face-down cards to swap." in outcome.messages
    assert g.zone("Cal", "hand").count == 5


def test_undo_brings_the_table_cards_back() -> None:
    g = game()
    before = g.state.copy()
    g.push(Play("Ann", ("flip",), to="Ben"))
    g.past.undo()
    assert g.state == before


def test_with_full_information_every_card_stays_known_and_a_blind_choice_has_an_order() -> None:
    g = Game.shuffled(house(), PLAYERS, seed=3)
    seat = g.state.seats[1]
    up, down = dict(seat.face_up.known), dict(seat.face_down.known)
    from referee.effects.swap_table_cards import swap

    swap(seat)
    assert seat.face_down.known == up and seat.face_up.known == down
    assert seat.face_down.order is not None
    assert sorted(map(str, seat.face_down.order)) == sorted(
        str(c) for c, n in up.items() for _ in range(n)
    )


def test_the_tablet_offers_every_player_and_asks_who_swaps() -> None:
    g = game()
    data = tableview_data.table_data(g, 0, Selection())
    (card,) = [c for c in data["cards"] if c["id"] == "flip"]
    (axis,) = [a for a in card["axes"] if a["name"] == "to"]
    assert axis["label"] == "Flip: who swaps their face-up and face-down cards?"
    assert [n for n, _ in axis["by_mover"][""]] == PLAYERS  # the card's own player too
    asked = view(g, Selection(card="flip")).verdict
    assert isinstance(asked, Ask)
    assert asked.text == "Who swaps their face-up and face-down cards? Choose a player just above."
    chosen = view(g, Selection(card="flip", to="Ben")).verdict
    assert isinstance(chosen, VerdictView) and chosen.legal


def test_the_rules_sheet_says_it() -> None:
    from referee.variant.sheet import rules_sheet

    assert "turns their face-down cards face up and lays their face-up cards face down" in (
        rules_sheet(house())
    )


@budget(15)
@given(
    variant=variants_using(("swap_table_cards",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_swap_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also makes a chosen player swap their
    table cards: every listed step is legal (the card's own player among those chosen), a legal
    proposal is listed, a refused one changes nothing, and undo brings the state back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
