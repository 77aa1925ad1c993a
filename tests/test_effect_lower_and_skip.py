"""lower_and_skip: the next player is skipped, the one after plays lower or equal
(docs/rulings.md, ruling 43)."""

from __future__ import annotations

import pytest
import support

from referee.engine import Game, Play, Position
from referee.variant.loader import VariantError
from referee.variant.model import Variant
from referee.words.reasons import Reason


def house(karma: bool = False) -> Variant:
    if karma:
        return support.house([{"id": "k", "name": "K", "copies": 1, "effects": ["lower_and_skip"]}])
    return support.house(rank_powers=[{"rank": 7, "effects": ["lower_and_skip"]}])


def game() -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 3, "Ben": 3, "Cal": 3},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        draw_pile=10,
        pile=(4,),
    )
    return Game.from_position(house(), ["Ann", "Ben", "Cal"], start)


def test_the_next_player_is_skipped_and_the_one_after_plays_lower_or_equal() -> None:
    g = game()
    out = g.push(Play("Ann", (7,)))
    assert out.skipped == ("Ben",) and g.turn == "Cal"
    assert "Ben will lose their next turn; the next play must be 7 or lower." in out.messages
    too_high = g.advice.explain(g.state, Play("Cal", (8,)))
    assert not too_high.legal and too_high.reason == Reason.RESTRICTED
    assert too_high.rule == "R5.5"  # a rank power's verdicts cite R5.5 (ruling 2)
    assert too_high.message == "No: after 7, 8 is too high."
    assert too_high.instead.startswith("Cal may play from their hand: 7 or lower")
    assert g.advice.explain(g.state, Play("Cal", (7,))).legal
    assert g.advice.explain(g.state, Play("Cal", (2,))).legal


def test_the_restriction_lapses_after_one_play() -> None:
    g = game()
    g.push(Play("Ann", (7,)))
    g.push(Play("Cal", (3,)))
    assert g.state.restriction is None
    assert g.advice.explain(g.state, Play("Ann", (9,))).legal


def test_a_karma_card_cannot_carry_it() -> None:
    with pytest.raises(VariantError, match="a Karma card has no number"):
        house(karma=True)
