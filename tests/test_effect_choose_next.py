"""choose_next: the card's player chooses who goes next (issue 42, a choice made at the table;
docs/rulings.md, ruling 131; docs/house-rules.md)."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Position
from referee.variant.model import Variant
from referee.words import sentences
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal", "Dan"]


def house(*more: object) -> Variant:
    """Karma cards: Pointer (choose who goes next), Turn (it also turns play round), Drop
    (choose who goes next, and play again: the mover goes first)."""
    card = {"copies": 2, "rule": "R9"}
    return support.house(
        [
            {**card, "id": "pointer", "name": "Pointer", "effects": ["choose_next"]},
            {**card, "id": "turn", "name": "Turn", "effects": ["choose_next", "reverse"]},
            {**card, "id": "drop", "name": "Drop", "effects": ["choose_next", "play_again"]},
            *more,  # type: ignore[list-item]
        ],
        [{"rank": 8, "effects": [{"effect": "skip", "target": "next"}]}],
    )


def game(hands: dict[str, int] | None = None, pile: tuple[object, ...] = (4,)) -> Game:
    hand = hands if hands is not None else dict.fromkeys(PLAYERS, 5)
    start = Position(
        "Ann",
        hand=hand,
        face_up={},
        face_down={},
        draw_pile=0,
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(house(), PLAYERS, start)


def test_the_turn_passes_to_the_chosen_player_and_goes_on_from_them() -> None:
    g = game()
    outcome = g.push(Play("Ann", ("pointer",), to="Cal"))
    assert g.turn == "Cal"
    assert "Ann chooses Cal to go next." in outcome.messages
    g.push(Play("Cal", (5,)))
    assert g.turn == "Dan"
    g.push(Play("Dan", ("pointer",), to="Ben"))  # back round the table
    assert g.turn == "Ben"
    g.push(Play("Ben", (6,)))
    assert g.turn == "Cal"


def test_a_chosen_player_is_needed_another_player_who_is_in() -> None:
    g = game(hands={"Ann": 5, "Ben": 5, "Cal": 0, "Dan": 5})  # Cal is out
    missing = g.advice.explain(g.state, Play("Ann", ("pointer",)))
    assert not missing.legal and missing.reason == Reason.NEEDS_TARGET
    assert missing.rule == "R9"
    mine = g.advice.explain(g.state, Play("Ann", ("pointer",), to="Ann"))
    assert not mine.legal and mine.reason == Reason.TARGET_SELF
    out = g.advice.explain(g.state, Play("Ann", ("pointer",), to="Cal"))
    assert not out.legal and out.reason == Reason.TARGET_OUT
    assert g.advice.explain(g.state, Play("Ann", ("pointer",), to="Dan")).legal


def test_play_goes_on_in_the_direction_as_it_is_once_the_card_resolved() -> None:
    g = game()
    g.push(Play("Ann", ("turn",), to="Cal"))  # chosen, then play turns round
    assert g.turn == "Cal"
    g.push(Play("Cal", (5,)))
    assert g.turn == "Ben"


def test_a_skip_owed_by_the_chosen_player_is_used_up() -> None:
    v = support.house(
        [
            {"id": "pointer", "name": "Pointer", "copies": 2, "effects": ["choose_next"]},
            {"id": "miss", "name": "Miss", "copies": 2, "effects": ["skip"]},
        ]
    )
    start = Position(
        "Ann", hand=dict.fromkeys(PLAYERS, 5), face_up={}, face_down={}, draw_pile=0, pile=(4,)
    )
    g = Game.from_position(v, PLAYERS, start)
    g.push(Play("Ann", ("miss",), to="Cal"))  # Cal will lose a turn
    g.push(Play("Ben", ("pointer",), to="Cal"))
    assert g.turn == "Dan"
    assert "skip" not in g.state.pending


def test_playing_again_comes_first() -> None:
    g = game()
    g.push(Play("Ann", ("drop",), to="Cal"))
    assert g.turn == "Ann"


def test_undo_and_redo() -> None:
    g = game()
    g.push(Play("Ann", ("pointer",), to="Dan"))
    g.past.undo()
    assert g.turn == "Ann"
    g.past.redo()
    assert g.turn == "Dan"


def test_the_rules_sheet_says_it() -> None:
    from referee.variant.sheet import rules_sheet

    text = rules_sheet(house())
    assert "The player chooses who goes next: any other player who is still in." in text


@budget(15)
@given(
    variant=variants_using(("choose_next",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_choice_of_who_goes_next_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also lets its player choose who goes
    next: every listed step is legal, a legal proposal is listed, a refused one changes nothing,
    and undo brings the state back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_a_player_who_is_out_is_refused_in_words_for_choosing_who_goes_next() -> None:
    """The refusal says why for this effect: an out player has no turn to take (not 'no turn to
    lose', a skip's words)."""
    g = game(hands={"Ann": 5, "Ben": 0, "Cal": 5, "Dan": 5})
    said = sentences.verdict_parts(g.advice.explain(g.state, Play("Ann", ("pointer",), to="Ben")))
    assert said.answer == "No: Ben is out, so they have no turn to take."
