"""give_pile_draw: the pile goes to the chosen player, plus a draw (docs/rulings.md, ruling 42)."""

from __future__ import annotations

import pytest
import support
from support import explain

from referee.engine import Game, Play, Position
from referee.variant.loader import VariantError
from referee.variant.model import Variant
from referee.words.reasons import Reason


def house(*effects: object) -> Variant:
    effects_ = list(effects) or [{"effect": "give_pile_draw", "n": 2}]
    return support.house(
        [{"id": "gift", "name": "Gift and Draw", "copies": 2, "effects": effects_}]
    )


def game(draw_pile: int = 10) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 3, "Ben": 3, "Cal": 3},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        draw_pile=draw_pile,
        pile=(4, 6, 9),
    )
    return Game.from_position(house(), ["Ann", "Ben", "Cal"], start)


def test_the_chosen_player_takes_the_pile_and_draws() -> None:
    g = game()
    out = g.push(Play("Ann", ("gift",), to="Cal"))
    cal = g.zone("Cal", "hand")
    assert cal.known == {4: 1, 6: 1, 9: 1, "gift": 1}  # the card lands, then the pile goes
    assert cal.unknown == 3 + 2
    assert g.state.pile == [] and g.state.draw_pile == 10 - 2 - 1  # Ann draws back to 3 too
    assert "Ann gives the pile (4 cards) to Cal." in out.messages
    assert "Cal draws 2 cards from the draw pile." in out.messages


def test_the_draw_takes_what_is_left() -> None:
    g = game(draw_pile=1)
    out = g.push(Play("Ann", ("gift",), to="Ben"))
    assert g.zone("Ben", "hand").count == 3 + 4 + 1
    assert "Ben draws 1 card from the draw pile." in out.messages


def test_it_needs_a_chosen_player() -> None:
    v = explain(game(), Play("Ann", ("gift",)))
    assert not v.legal and v.reason == Reason.NEEDS_TARGET


def test_the_default_is_one_draw_and_the_pile_is_given_only_once() -> None:
    params = house("give_pile_draw").karma("gift").effects[0].params  # type: ignore[union-attr]
    assert params == {"n": 1, "target": "chosen"}  # the defaults, filled in
    with pytest.raises(VariantError, match="given away only once"):
        house("give_pile_draw", "give_pile")
