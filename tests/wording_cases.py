"""Situations for each reason code, built the same way in every variant (Ann, Ben, Cal)."""

from __future__ import annotations

from collections.abc import Iterator

from referee.effects import needs_target
from referee.engine import Game, PickUp, Play, Position, Step
from referee.variant.loader import variant_from_data
from referee.variant.model import Variant
from referee.variant.registry import builtin

HOUSE = {
    "id": "house",
    "name": "Our House",
    "players": [{"decks": 1, "min": 2, "max": 4}],
    "ranks": {"low": 1, "high": 10, "copies": 4},
    "karma_cards": [
        {
            "id": "low_five",
            "name": "Low Five",
            "copies": 2,
            "effects": [{"effect": "next_range", "max": 5}],
        },
        {
            "id": "draw_two",
            "name": "Draw Two",
            "copies": 2,
            "effects": [{"effect": "next_draws", "n": 2}, "skip"],
        },
    ],
    "rank_powers": [{"rank": 10, "effects": ["wild", "clear_pile"]}],
    "deal": {"face_down": 3, "face_up": 3, "hand": 3},
    "min_hand": 3,
    "burn": 4,
}


def variant(vid: str) -> Variant:
    return variant_from_data(HOUSE) if vid == "house" else builtin(vid)


def _g(v: Variant, **kw: object) -> Game:
    kw.setdefault("hand", {"Ann": 3, "Ben": 3, "Cal": 3})
    return Game.from_position(v, ["Ann", "Ben", "Cal"], Position("Ann", **kw))  # type: ignore[arg-type]


def situations(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    """(name, game, step): one or more per reason code; the name starts with the code."""
    many = (9,) * (v.copies - 1)
    no_hand = {"Ann": 0, "Ben": 3, "Cal": 3}
    yield "not_playing", _g(v), Play("Zed", (5,))
    yield "not_your_turn", _g(v), Play("Ben", (5,))
    yield "pick_up_empty", _g(v), PickUp("Ann")
    yield "pick_up", _g(v, pile=(5,)), PickUp("Ann")
    yield "no_cards", _g(v), Play("Ann", ())
    yield "no_such_card", _g(v), Play("Ann", (99,))
    yield "mixed_cards", _g(v), Play("Ann", (5, 6))
    yield "no_such_zone", _g(v), Play("Ann", (5,), "pocket")
    yield (
        "one_face_down",
        _g(v, hand=no_hand, face_down={"Ann": 3}),
        Play("Ann", (5, 5), "face_down"),
    )
    yield "hand_first", _g(v, face_up={"Ann": (9,)}), Play("Ann", (9,), "face_up")
    yield (
        "draw_pile_first",
        _g(v, hand=no_hand, face_up={"Ann": (9,)}, draw_pile=5, pile=(4,)),
        Play("Ann", (9,), "face_up"),
    )
    yield (
        "face_up_first",
        _g(v, hand=no_hand, face_up={"Ann": (9,)}, face_down={"Ann": 2}),
        Play("Ann", (5,), "face_down"),
    )
    yield "zone_empty", _g(v, hand=no_hand, face_up={"Ann": (9,)}, pile=(6,)), Play("Ann", (6,))
    yield (
        "zone_empty with a draw pile",
        _g(v, hand=no_hand, face_up={"Ann": (9,)}, draw_pile=5, pile=(6,)),
        Play("Ann", (6,)),
    )
    yield "cannot_hold: all elsewhere", _g(v, pile=(9,), face_up={"Cal": many}), Play("Ann", (9,))
    yield "cannot_hold: own face-up", _g(v, pile=(9,), face_up={"Ann": many}), Play("Ann", (9,))
    yield (
        "cannot_hold: some",
        _g(v, pile=(9,), face_up={"Cal": (9,) * (v.copies - 2)}),
        Play("Ann", (9, 9)),
    )
    yield "cannot_hold: small hand", _g(v, hand={"Ann": 1, "Ben": 3}), Play("Ann", (9, 9))
    yield "too_low", _g(v, pile=(9,)), Play("Ann", (5,))
    yield "higher", _g(v, pile=(5,)), Play("Ann", (9,))
    yield "empty_pile", _g(v), Play("Ann", (5,))
    yield (
        "face_down_fits",
        _g(v, hand=no_hand, face_down={"Ann": 3}, pile=(4,)),
        Play("Ann", (5,), "face_down"),
    )
    yield (
        "face_down_misses",
        _g(v, hand=no_hand, face_down={"Ann": 3}, pile=(9,)),
        Play("Ann", (5,), "face_down"),
    )
    for k in v.karma_cards:
        needs = any(needs_target(e.name, e.params) for e in k.effects)
        if needs:
            yield f"needs_target: {k.id}", _g(v), Play("Ann", (k.id,))
            yield f"target_self: {k.id}", _g(v), Play("Ann", (k.id,), to="Ann")
            yield f"target_not_playing: {k.id}", _g(v), Play("Ann", (k.id,), to="Zed")
        else:
            yield f"no_target_wanted: {k.id}", _g(v), Play("Ann", (k.id,), to="Ben")
        yield f"wild: {k.id}", _g(v, pile=(9,)), Play("Ann", (k.id,), to="Ben" if needs else None)
    for p in v.rank_powers:
        yield f"rank power: {p.rank}", _g(v, pile=(5,)), Play("Ann", (p.rank,))
    yield from _more(v)


def _more(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    """Situations that need a card of a kind: a restriction, a chosen player, a gift, a
    follow-up; and the end of the game."""
    g = _g(v)
    for card in v.all_cards():
        t = g.traits(card)
        name = str(card)
        if t.restrict is not None:
            lo, hi = t.restrict
            inside = hi if hi is not None else lo
            step = 1 if hi is not None else -1
            outside = (hi + 1) if hi is not None else (lo - 1)
            while g.traits(outside).wild:  # the first number that does not fit
                outside += step
            yield f"restricted: after {name}", _g(v, pile=(card,)), Play("Ann", (outside,))
            yield f"in_range: after {name}", _g(v, pile=(card,)), Play("Ann", (inside,))
        if t.chosen_must_be_in:
            out = {"Ann": 3, "Ben": 3, "Cal": 0}
            yield f"target_out: {name}", _g(v, hand=out), Play("Ann", (card,), to="Cal")
        if t.needs_target and t.give_effect is None:
            yield f"no_give_wanted: {name}", _g(v), Play("Ann", (card,), to="Ben", give=5)
        if t.give_effect is not None:
            many = (9,) * (v.copies - 1)
            yield (
                f"cannot_hold: give {name}",
                _g(v, pile=(9,), face_up={"Cal": many}),
                Play("Ann", (card,), to="Ben", give=9),
            )
            yield f"no_such_give: {name}", _g(v), Play("Ann", (card,), to="Ben", give=99)
        if isinstance(card, str) and not t.needs_target:
            follow = _g(v, face_up={"Ann": (9,)}, hand={"Ann": 1, "Ben": 3, "Cal": 3})
            follow.state.seats[0].hand.known[card] = 1  # Ann holds this very card
            follow.state.seats[0].hand.unknown = 0
            follow.push(Play("Ann", (card,)))
            if follow.state.follow_up:
                yield f"pick_up_in_follow_up: {name}", follow, PickUp("Ann")
                yield f"follow_up_zone: {name}", follow, Play("Ann", (9,), "hand")
                yield f"follow_up_play: {name}", follow, Play("Ann", (9,), "face_up")
    end = Game.from_position(v, ["Ann", "Ben"], Position("Ann", hand={"Ann": 1, "Ben": 3}))
    end.push(Play("Ann", (9,)))
    yield "game_over", end, Play("Ben", (9,))
