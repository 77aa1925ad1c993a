"""mirror: the card copies the card below it (docs/rulings.md, ruling 45)."""

from __future__ import annotations

import pytest
import support

from referee.engine import Game, Play, Position
from referee.variant.model import Variant
from referee.words.reasons import Reason


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
    assert g.pile.top_value(g.state) == 9
    low = g.advice.explain(g.state, Play("Ben", (8,)))
    assert not low.legal and low.reason == Reason.TOO_LOW
    assert g.advice.explain(g.state, Play("Ben", (9,))).legal


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
    v = g.advice.explain(g.state, Play("Ben", (7,)))
    assert not v.legal and v.reason == Reason.RESTRICTED
    # Said as the mirror's copy: the mirror alone sets no limit (a Palace 8 copying a 7).
    assert v.message.startswith("No: after Mirror copying Low Five, 7 is too high.")


def test_powers_that_need_a_chosen_player_are_not_copied() -> None:
    g = game((6,))
    out = g.push(Play("Ann", ("mirror",)))
    assert g.state.skips == {} and g.turn == "Ben"
    assert "The mirror copies 6." in out.messages


def test_on_an_empty_pile_it_copies_nothing() -> None:
    g = game(())
    out = g.push(Play("Ann", ("mirror",)))
    assert "There is no card below the mirror, so it copies nothing." in out.messages
    assert g.pile.top_value(g.state) is None


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
    assert (
        g.advice.explain(g.state, Play("Ben", (7,))).legal
        and not g.advice.explain(g.state, Play("Ben", (9,))).legal
    )
    assert "7 or lower" in g.advice.hint(g.state)


# --- what a mirror copies: one test per effect of the menu (ruling 45, issue 39.3) -----------


def _forms() -> list[tuple[str, dict[str, object]]]:
    """Every effect of the menu, each way it may be aimed (a chosen player or the next one)."""
    from referee.effects import EFFECTS

    out: list[tuple[str, dict[str, object]]] = []
    for name, unit in EFFECTS.items():
        aims = next((p.choices for p in unit.params if p.key == "target"), ("",))
        out += [(name, {"target": aim} if aim else {}) for aim in aims]
    return out


def _mirror_played_on(below: int, effects: tuple[object, ...]) -> tuple[object, ...]:
    """Two mirrors played on ``below`` (whose rank carries ``effects``) at a table where every
    card is known: what they change, as their effects resolve (the pile, the people, what is
    pending, the direction, the flow events)."""
    from referee.effects import Resolution, resolve
    from referee.table.state import Seat, State, ZoneCards
    from referee.variant.model import Effect, RankPower

    def zone(*cards: int) -> ZoneCards:
        return ZoneCards({c: 1 for c in cards})

    v = Variant("t", "Test", rank_powers=(RankPower(6, effects),))  # type: ignore[arg-type]
    s = State(
        names=["Ann", "Ben", "Cal", "Dee"],
        seats=[Seat(zone(10 + i, 20 + i), zone(30 + i), zone(40 + i)) for i in range(4)],
        pile=[2, 3, below],
        draw_pile=2,
        draw_cards=[50, 51],
    )
    r = Resolution(s, v, 0, "mirror", copies=2)
    resolve(r, (Effect("mirror"),))
    seats = tuple(
        (n, z.hand.known, z.face_up.known, z.face_down.known)
        for n, z in zip(s.names, s.seats, strict=True)
    )
    return (
        s.pile[:-1],
        seats,
        s.pending,
        s.direction,
        s.out_of_play,
        r.play_again,
        r.continue_from,
    )


@pytest.mark.parametrize(("name", "params"), _forms(), ids=lambda x: str(x))
def test_what_a_mirror_copies_is_each_effects_own_declaration(
    name: str, params: dict[str, object]
) -> None:
    """A mirror on a card does that card's power again exactly when the effect's unit says it
    is copied (``EffectSpec.copied_by_mirror``), and ruling 45's exceptions always hold."""
    from referee.effects import EFFECTS

    unit = EFFECTS[name]
    effect = unit.effect(params)
    on_it = _mirror_played_on(6, (effect,))
    on_a_plain_card = _mirror_played_on(6, ())
    copied = on_it != on_a_plain_card
    assert copied == unit.copied_by_mirror(effect.params), f"{name} {params}"
    if unit.gives_card or unit.needs_target(effect.params) or unit.passive or unit.leaves_game:
        assert not unit.copied_by_mirror(effect.params)  # ruling 45: never these


def test_a_mirror_does_not_give_a_card_to_the_next_player() -> None:
    """Issue 39: 'give a card to the next player' needs a card to give, which a copy cannot
    name (ruling 45): the mirror gives nothing."""
    v = support.house(
        [{"id": "mirror", "name": "Mirror", "copies": 2, "effects": ["mirror"]}],
        [{"rank": 6, "effects": [{"effect": "give_card", "target": "next"}]}],
    )
    start = Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 3}, draw_pile=0, pile=(6,))
    g = Game.from_position(v, ["Ann", "Ben", "Cal"], start)
    out = g.push(Play("Ann", ("mirror",)))
    assert g.zone("Ann", "hand").count == 2 and g.zone("Ben", "hand").count == 3
    assert "The mirror copies 6." in out.messages
