"""revolution: the order of ranks turns round until another revolution turns it back
(docs/rulings.md, rulings on the revolution; docs/house-rules.md)."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import listed_steps_legal_along, one_filter_along

from referee.engine import Game, PickUp, Play, Position
from referee.variant.model import Variant
from referee.words.reasons import HouseRule, Reason


def house(count: str = "once") -> Variant:
    card = {"id": "uprising", "name": "Uprising", "copies": 2, "rule": "R9"}
    effect = {"effect": "revolution", "count": count}
    limit = {"id": "low_five", "name": "Low Five", "copies": 2, "rule": "R9"}
    return support.house(
        [
            {**card, "effects": [effect]},
            {**limit, "effects": [{"effect": "next_range", "max": 5}]},
        ],
        [
            {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]},
            {"rank": 10, "effects": ["wild", "clear_pile"]},
        ],
    )


def game(pile: tuple[object, ...] = (6,), count: str = "once") -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 5, "Ben": 5, "Cal": 5},
        face_up={},
        face_down={},
        draw_pile=0,
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(house(count), ["Ann", "Ben", "Cal"], start)


def legal(g: Game, by: str, *cards: object) -> bool:
    return g.advice.explain(g.state, Play(by, tuple(cards))).legal  # type: ignore[arg-type]


def test_after_a_revolution_the_next_card_must_be_the_same_or_lower() -> None:
    g = game()
    g.push(Play("Ann", ("uprising",)))
    g.push(Play("Ben", (6,)))
    assert legal(g, "Cal", 6) and legal(g, "Cal", 5)
    higher = g.advice.explain(g.state, Play("Cal", (8,)))
    assert not higher.legal
    assert higher.reason == Reason.HOUSE_RULE and higher.rule == "R9"
    assert isinstance(higher.data, HouseRule) and higher.data.code == "turned_round"
    assert higher.message == (
        "No: 8 is higher than 6. After Uprising the order is turned round. "
        "Cal must play the same or lower, or pick up the pile."
    )
    assert g.advice.explain(g.state, PickUp("Cal")).legal
    assert g.advice.explain(g.state, Play("Cal", (5,))).message == "Yes: 5 fits after Uprising."


def test_it_lasts_past_many_plays_and_a_burn_until_another_revolution_turns_it_back() -> None:
    g = game()
    g.push(Play("Ann", ("uprising",)))
    g.push(Play("Ben", (6,)))
    g.push(Play("Cal", (4,)))
    g.push(Play("Ann", (10,)))  # wild, and it clears the pile (a burn)
    assert "revolution" in g.state.pending
    g.push(Play("Ann", (8,)))
    assert not legal(g, "Ben", 9) and legal(g, "Ben", 7)
    g.push(Play("Ben", ("uprising",)))  # turned back
    assert "revolution" not in g.state.pending
    g.push(Play("Cal", (6,)))
    assert legal(g, "Ann", 9) and not legal(g, "Ann", 4)


def test_undo_and_redo_bring_the_mode_back_and_take_it_away() -> None:
    g = game()
    g.push(Play("Ann", ("uprising",)))
    g.past.undo()
    assert "revolution" not in g.state.pending and not legal(g, "Ann", 4)
    g.past.redo()
    assert "revolution" in g.state.pending


def test_a_cards_own_limit_still_applies_as_written() -> None:
    g = game()
    g.push(Play("Ann", ("uprising",)))
    g.push(Play("Ben", (2,)))  # wild, counts 0: anything goes
    g.push(Play("Cal", ("low_five",)))  # 5 or lower next, as written (R5.4)
    assert legal(g, "Ann", 3) and legal(g, "Ann", 5) and not legal(g, "Ann", 6)


def test_wild_cards_and_a_card_that_counts_nothing_still_let_anything_go() -> None:
    g = game()
    g.push(Play("Ann", ("uprising",)))
    g.push(Play("Ben", (4,)))
    assert legal(g, "Cal", 2)  # wild (R5.3)
    g.push(Play("Cal", (2,)))  # counts 0: a fresh start, also turned round
    assert legal(g, "Ann", 9) and legal(g, "Ann", 3)


def test_two_played_together_per_copy_cancel_out() -> None:
    g = game(count="per_copy")
    g.push(Play("Ann", ("uprising", "uprising")))
    assert "revolution" not in g.state.pending


def test_legal_steps_agree_with_the_verdicts_during_a_revolution() -> None:
    g = Game.shuffled(house(), ["Ann", "Ben"], 7, keep_history=True)
    g.state.seats[0].hand.add_known("uprising")
    g.push(Play("Ann", ("uprising",)))
    listed_steps_legal_along(g)


@budget(15)
@given(
    variant=variants_using(("revolution",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_revolution_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also turns the order round: every
    listed step is legal, a legal proposal is listed, a refused one changes nothing, and undo
    brings the mode back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
