"""mirror: the card copies the card below it (docs/rulings.md, ruling 45)."""

from __future__ import annotations

import support

from referee.engine import Game, Play, Position
from referee.reasons import Reason
from referee.variant.model import Variant


def house() -> Variant:
    return support.house(
        [
            {"id": "mirror", "name": "Mirror", "copies": 2, "effects": ["mirror"]},
            {
                "id": "low",
                "name": "Low Five",
                "copies": 2,
                "effects": [{"effect": "next_range", "max": 5}],
            },
        ],
        [
            {"rank": 2, "effects": ["play_again"]},
            {"rank": 6, "effects": [{"effect": "skip", "target": "chosen"}]},
        ],
    )


def game(pile: tuple[object, ...]) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 3, "Ben": 3, "Cal": 3},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        draw_pile=10,
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(house(), ["Ann", "Ben", "Cal"], start)


def test_it_counts_as_the_card_below() -> None:
    g = game((9,))
    g.push(Play("Ann", ("mirror",)))
    assert g.top_value() == 9
    low = g.explain(Play("Ben", (8,)))
    assert not low.legal and low.reason == Reason.TOO_LOW
    assert g.explain(Play("Ben", (9,))).legal


def test_the_powers_of_the_card_below_happen_again() -> None:
    g = game((2,))
    out = g.push(Play("Ann", ("mirror",)))
    assert out.plays_again and g.turn == "Ann"  # the 2's play again, copied
    assert "The mirror copies 2, and its powers happen again." in out.messages


def test_a_copied_restriction_binds_the_next_play() -> None:
    g = game((4, "low"))
    g.state.pending.clear()  # the Low Five's restriction was used up by a play before
    g.push(Play("Ann", ("mirror",)))
    assert g.state.restriction is not None and g.state.restriction.hi == 5
    v = g.explain(Play("Ben", (7,)))
    assert not v.legal and v.reason == Reason.RESTRICTED


def test_powers_that_need_a_chosen_player_are_not_copied() -> None:
    g = game((6,))
    out = g.push(Play("Ann", ("mirror",)))
    assert g.state.skips == {} and g.turn == "Ben"
    assert "The mirror copies 6." in out.messages


def test_on_an_empty_pile_it_copies_nothing() -> None:
    g = game(())
    out = g.push(Play("Ann", ("mirror",)))
    assert "There is no card below the mirror, so it copies nothing." in out.messages
    assert g.top_value() is None


def test_a_mirror_on_a_limiting_rank_limits_by_the_copied_number() -> None:
    """Issue 30, ruling 43: palace's 8 (a wild mirror) on a 7 (next one skipped, then 7 or
    lower) says - and means - 7 or lower, and the skip happens again."""
    from referee.variant.registry import builtin

    v = builtin("palace-house-rules")
    start = Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 3}, draw_pile=0, pile=(4,))
    g = Game.from_position(v, ["Ann", "Ben", "Cal"], start)
    g.push(Play("Ann", (7,)))  # Ben loses his turn; Cal plays 7 or lower
    out = g.push(Play("Cal", (8,)))  # the mirror copies the 7
    assert "the next play must be 7 or lower" in out.text
    assert g.turn == "Ben" and out.skipped == ("Ann",)
    assert g.state.restriction is not None and g.state.restriction.hi == 7
    assert g.explain(Play("Ben", (7,))).legal and not g.explain(Play("Ben", (9,))).legal
    assert "7 or lower" in g.hint()
