"""Situations for each reason code, built the same way in every variant (Ann, Ben, Cal)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from referee.effects import needs_target
from referee.engine import Game, PickUp, Play, Position, Step
from referee.variant.loader import variant_from_data, variant_to_data
from referee.variant.model import Card, TableRules, Variant
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


def _dare_nine(v: Variant) -> Variant:
    """``v`` with a 9 that dares the next player: beat it, or its player picks up."""
    dare = variant_to_data(v)
    dare["rank_powers"] = [
        *(p for p in dare.get("rank_powers", []) if v.rank_name(9) != str(p["rank"])),
        {"rank": 9, "effects": ["unbeaten_picks_up"]},
    ]
    return variant_from_data(dare)


def situations(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    """(name, game, step): one or more per reason code; the name starts with the code."""
    many = (9,) * (v.copies - 1)
    no_hand = {"Ann": 0, "Ben": 3, "Cal": 3}
    yield "not_playing", _g(v), Play("Zed", (5,))
    yield "not_your_turn", _g(v), Play("Ben", (5,))
    yield "pick_up_empty", _g(v), PickUp("Ann")
    yield "pick_up", _g(v, pile=(5,)), PickUp("Ann")
    # A table rule (issue 31.2): who is known to hold a card that may go must play it.
    must = dataclasses.replace(v, table=TableRules(must_play=True))
    known = Position("Ann", hand={"Ben": 3, "Cal": 3}, face_up={"Ann": (9,)}, pile=(5,))
    yield "must_play", Game.from_position(must, ["Ann", "Ben", "Cal"], known), PickUp("Ann")
    # A card's power (ruling 137): who cannot beat a 9 sends the pile to its player.
    dared = _g(_dare_nine(v), pile=(5,))
    dared.push(Play("Ann", (9,)))
    yield "pick_up_sent", dared, PickUp("Ben")
    # A table rule (ruling 108): on the face-up cards, a pick-up takes one of them along.
    take = dataclasses.replace(v, table=TableRules(take_face_up=True))
    on_table = Game.from_position(take, ["Ann", "Ben", "Cal"], known)
    yield "pick_up_take", on_table, PickUp("Ann", 9)
    yield "take_needed", on_table, PickUp("Ann")
    two = Position("Ann", hand={"Ben": 3, "Cal": 3}, face_up={"Ann": (9, 9)}, pile=(5,))
    yield "take_one", Game.from_position(take, ["Ann", "Ben", "Cal"], two), PickUp("Ann", 9, 2)
    yield (
        "no_take_wanted",
        Game.from_position(
            take,
            ["Ann", "Ben", "Cal"],
            Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 3}, face_up={"Ann": (9,)}, pile=(5,)),
        ),
        PickUp("Ann", 9),
    )
    yield from _gamble_situations(v)
    yield "no_cards", _g(v), Play("Ann", ())
    yield "no_such_card", _g(v), Play("Ann", (99,))
    yield "mixed_cards", _g(v), Play("Ann", (5, 6))
    yield "no_such_zone", _g(v), Play("Ann", (5,), "pocket")
    yield "no_such_suit", _g(v), Play("Ann", (5,), suit="hearts")  # no suits here (issue 42)
    if v.ordinary:  # where the suits count, a card the table saw face up (ruling 154)
        suited = variant_to_data(v)
        suited["ranks"] = {**suited["ranks"], "suits": True}
        seen = _g(variant_from_data(suited), pile=(5,))
        seen.push(Play("Ann", (9,), suit="hearts"))
        yield "shown_twice", seen, Play("Ben", (9,), suit="hearts")
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
        t = g.choices.needs[card]
        name = str(card)
        limit = g.restriction_of(card)
        if limit is not None:
            lo, hi = limit.range
            inside = hi if hi is not None else lo
            step = 1 if hi is not None else -1
            outside = (hi + 1) if hi is not None else (lo - 1)
            while g.pile.fast.traits[outside].wild:  # the first number that does not fit
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
            # A card named to give where its player will have none left (R8.9: it lapses).
            last = _g(v, hand={"Ann": 1, "Ben": 3, "Cal": 3})
            yield f"nothing_to_give: {name}", last, Play("Ann", (card,), to="Ben", give=5)
        if isinstance(card, str) and not t.needs_target:
            follow = _g(v, face_up={"Ann": (9,)}, hand={"Ann": 1, "Ben": 3, "Cal": 3})
            follow.state.seats[0].hand.known[card] = 1  # Ann holds this very card
            follow.state.seats[0].hand.unknown = 0
            follow.push(Play("Ann", (card,)))
            if follow.state.follow_up:
                yield f"pick_up_in_follow_up: {name}", follow, PickUp("Ann")
                yield f"follow_up_zone: {name}", follow, Play("Ann", (9,), "hand")
                yield f"follow_up_play: {name}", follow, Play("Ann", (9,), "face_up")
    # A cut-in (a house rule): a 9 on top lets anyone holding a 9 play it, never blind.
    data = variant_to_data(v)
    data["rank_powers"] = [
        *(p for p in data.get("rank_powers", []) if v.rank_name(9) != str(p["rank"])),
        {"rank": 9, "effects": ["cut_in"]},
    ]
    cut = _g(variant_from_data(data), pile=(5,), draw_pile=10)
    cut.push(Play("Ann", (9,)))
    yield "cut_in_only", cut, Play("Cal", (9,), "face_down")
    # A card its player names (ruling 153): a 9 that counts as the number named.
    data = variant_to_data(v)
    data["rank_powers"] = [
        *(p for p in data.get("rank_powers", []) if v.rank_name(9) != str(p["rank"])),
        {"rank": 9, "effects": ["named_value"]},
    ]
    named = variant_from_data(data)
    yield "named_as", _g(named, pile=(7,)), Play("Ann", (9,), named=8)
    yield "no_such_named", _g(named, pile=(7,)), Play("Ann", (9,), named=99)
    yield "no_name_wanted", _g(named, pile=(7,)), Play("Ann", (8,), named=9)
    # Named only as some numbers (ruling 165): MLR's joker is a 2 or a 10.
    data["rank_powers"][-1] = {"rank": 9, "effects": [{"effect": "named_value", "names": [2, 10]}]}
    limited = variant_from_data(data)
    yield "name_not_allowed", _g(limited, pile=(7,)), Play("Ann", (9,), named=8)
    # A name that must fit as the card named (ruling 170): named 6 on a 5, named 4 on a 5.
    data["rank_powers"][-1] = {"rank": 9, "effects": [{"effect": "named_value", "fits": True}]}
    fitting = variant_from_data(data)
    yield "named_fits", _g(fitting, pile=(5,)), Play("Ann", (9,), named=6)
    yield "named_must_fit", _g(fitting, pile=(5,)), Play("Ann", (9,), named=4)
    # A 9 whose player says higher or lower (ruling 171).
    data["rank_powers"][-1] = {"rank": 9, "effects": ["higher_or_lower"]}
    limiting = variant_from_data(data)
    yield "no_limit_chosen", _g(limiting, pile=(7,)), Play("Ann", (9,))
    yield "no_such_limit", _g(limiting, pile=(7,)), Play("Ann", (9,), limit="sideways")
    yield "no_limit_wanted", _g(limiting, pile=(7,)), Play("Ann", (8,), limit="lower")
    chose = _g(limiting, pile=(4,))
    chose.push(Play("Ann", (9,), limit="higher"))
    yield "restricted: a limit its player chose", chose, Play("Ben", (5,))
    end = Game.from_position(v, ["Ann", "Ben"], Position("Ann", hand={"Ann": 1, "Ben": 3}))
    end.push(Play("Ann", (9,)))
    yield "game_over", end, Play("Ben", (9,))


# --- outcomes (tests/test_wording_outcomes.py) ------------------------------------------------

EXTRA = "house-extra"
HOUSE_EXTRA: dict[str, Any] = copy.deepcopy(HOUSE) | {
    "id": EXTRA,
    "name": "Our House (extra cards)",
}
HOUSE_EXTRA["karma_cards"] = [
    *HOUSE_EXTRA["karma_cards"],
    {
        "id": "last_low",
        "name": "Last Low",
        "copies": 1,
        "effects": ["one_time", {"effect": "next_range", "max": 5}],
    },
    {"id": "again", "name": "Again", "copies": 1, "effects": ["play_again"]},
    {"id": "cover_me", "name": "Cover Me", "copies": 1, "effects": ["cover"]},
    {"id": "dare", "name": "Dare", "copies": 1, "effects": ["unbeaten_picks_up"]},
]

THREE = ("Ann", "Ben", "Cal")


def outcome_variant(vid: str) -> Variant:
    return variant_from_data(HOUSE_EXTRA) if vid == EXTRA else variant(vid)


def _gamble_situations(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    """A table rule (ruling 109): who cannot play turns over the draw pile's top card."""
    gamble = dataclasses.replace(v, table=TableRules(gamble=True))
    many = (9,) * (v.copies - 1)
    yield "gamble_fits", _g(gamble, pile=(5,), draw_pile=9), Play("Ann", (9,), "draw_pile")
    yield "gamble_misses", _g(gamble, pile=(9,), draw_pile=9), Play("Ann", (5,), "draw_pile")
    yield "no_gamble", _g(v, pile=(5,), draw_pile=9), Play("Ann", (9,), "draw_pile")
    yield "gamble_draw_pile_empty", _g(gamble, pile=(5,)), Play("Ann", (9,), "draw_pile")
    yield "gamble_not_now", _g(gamble, draw_pile=9), Play("Ann", (9,), "draw_pile")
    known = _g(
        gamble, hand={"Ann": 0, "Ben": 3, "Cal": 3}, face_down={"Ann": 1}, pile=(5,), draw_pile=9
    )
    known.state.seats[0].hand.add_known(9)  # a 9 the table saw Ann take (R4.3)
    known.state.see(9)
    yield "gamble_can_play", known, Play("Ann", (6,), "draw_pile")
    # A cover that must beat a value leaves the pick-up open, not the gamble (rulings 157, 158).
    owed = variant_to_data(v)
    cover = {"effect": "cover", "above": 8}
    owed["karma_cards"] = [
        *owed.get("karma_cards", []),
        {"id": "cover_up", "name": "Cover Up", "copies": 1, "effects": [cover]},
    ]
    owed["table"] = {"gamble_any_time": True}
    covered = _g(variant_from_data(owed), pile=(4,), draw_pile=9)
    covered.push(Play("Ann", ("cover_up",)))
    yield "gamble_owed", covered, Play("Ann", (9,), "draw_pile")
    yield (
        "one_from_draw_pile",
        _g(gamble, pile=(5,), draw_pile=9),
        Play("Ann", (9, 9), "draw_pile"),
    )
    yield (
        "not_on_draw_pile",
        _g(gamble, pile=(5,), draw_pile=9, face_up={"Ben": many, "Cal": (9,)}),
        Play("Ann", (9,), "draw_pile"),
    )


def _at(v: Variant, players: tuple[str, ...] = THREE, **kw: Any) -> Game:
    """A game under way (R2.4), Ann to move; three hand cards each unless told."""
    kw.setdefault("hand", dict.fromkeys(players, 3))
    return Game.from_position(v, list(players), Position("Ann", **kw))


def _card(v: Variant, has: Callable[[set[str]], bool]) -> Card | None:
    """The first card (number ranks first, then Karma cards) whose effects ``has`` accepts."""
    for card in v.all_cards():
        if has({e.name for e in v.effects_of(card)}):
            return card
    return None


def _to(g: Game, card: Card, who: str = "Ben") -> str | None:
    """The chosen player, for a card that needs one (R8)."""
    return who if g.choices.needs[card].needs_target else None


def outcome_cases(vid: str) -> Iterator[tuple[str, Game, Step]]:
    """(case, game, step): the outcome of pushing ``step`` on ``game`` is what is pinned."""
    v = outcome_variant(vid)
    if vid == EXTRA:
        yield from _extra(v)
        return
    no_hand = {"Ann": 0, "Ben": 3, "Cal": 3}
    run = (7,) * (v.burn - 1)

    # --- R4.1, R3: a play, from each zone
    yield "R4.1 a play from the hand", _at(v), Play("Ann", (9,))
    yield "R4.1 two cards at once", _at(v, pile=(4,)), Play("Ann", (9, 9))
    runs = dataclasses.replace(v, table=TableRules(runs=3))  # a table rule (ruling 166)
    four = {"Ann": 4, "Ben": 3, "Cal": 3}
    yield "R4.1 a run of cards in a row", _at(runs, hand=four, pile=(3,)), Play("Ann", (4, 5, 6))
    yield (
        "R3.2 a play from face-up",
        _at(v, hand=no_hand, face_up={"Ann": (9,)}, face_down={"Ann": 3}, pile=(4,)),
        Play("Ann", (9,), "face_up"),
    )
    # --- R7.5: a face-down card, turned over blind
    yield (
        "R7.5 a face-down card that fits",
        _at(v, hand=no_hand, face_down={"Ann": 3}, pile=(4,)),
        Play("Ann", (5,), "face_down"),
    )
    yield (
        "R7.5 a face-down card that does not fit",
        _at(v, hand=no_hand, face_down={"Ann": 3}, pile=(4, 9)),
        Play("Ann", (5,), "face_down"),
    )
    gamble = dataclasses.replace(v, table=TableRules(gamble=True))  # a table rule (109)
    yield (
        "R7.5 a card from the draw pile that fits",
        _at(gamble, pile=(4,), draw_pile=9),
        Play("Ann", (5,), "draw_pile"),
    )
    yield (
        "R7.5 a card from the draw pile that does not fit",
        _at(gamble, pile=(4, 9), draw_pile=9),
        Play("Ann", (5,), "draw_pile"),
    )
    # Table rules (rulings 110-111): the same card at once, out of turn, before the next step.
    on = dataclasses.replace(v, table=TableRules(same_rank_face_up=True))
    last = {"Ann": 1, "Ben": 3, "Cal": 3}
    yield (
        "R6.5 the same card on from the face-up cards",
        _at(on, hand=last, face_up={"Ann": (7, 7)}, face_down={"Ann": 1}, pile=(5,)),
        Play("Ann", (7,)),
    )
    drawn = dataclasses.replace(v, table=TableRules(same_rank_drawn=True))
    yield (
        "R6.4 a drawn card of the same rank",
        _at(drawn, pile=(5,), draw_pile=9),
        Play("Ann", (7,)),
    )
    # --- R6.2: picking up
    yield "R6.2 pick up the pile", _at(v, pile=(5, 9)), PickUp("Ann")
    yield "R6.2 pick up a pile of one card", _at(v, pile=(9,)), PickUp("Ann")
    dared = _at(_dare_nine(v), pile=(5,))  # a card's power (ruling 138): the pile is sent back
    dared.push(Play("Ann", (9,)))
    yield "R6.2 who cannot beat the card sends the pile to its player", dared, PickUp("Ben")
    take = dataclasses.replace(v, table=TableRules(take_face_up=True))  # a table rule (108)
    yield (
        "R6.2 a face-up card taken with the pile",
        _at(take, hand=no_hand, face_up={"Ann": (9, 4)}, face_down={"Ann": 1}, pile=(10,)),
        PickUp("Ann", 4),
    )
    # --- R7.1-R7.4: runs burn, and the player plays again
    yield "R7.1 a run burns", _at(v, pile=(5, *run)), Play("Ann", (7,))
    yield (
        "R7.3 one play burns",
        _at(v, pile=(5,), hand={"Ann": v.burn + 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (7,) * v.burn),
    )
    if v.burn == 3:  # with two decks a fourth 7 on a run of 7s burns too: 'four 7s' (R7.3)
        seven = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus")
        yield (
            "R7.3 four 7s with two decks",
            _at(v, seven, pile=(7, 7), hand=dict.fromkeys(seven, 3)),
            Play("Ann", (7, 7)),
        )
    yield (
        "R6.6 a burn: draw, then play again",
        _at(v, pile=(5, *run), hand={"Ann": 1, "Ben": 3, "Cal": 3}, draw_pile=10),
        Play("Ann", (7,)),
    )
    yield (
        "R10.1 a burn with the last card: out, not again",
        _at(v, pile=(5, *run), hand={"Ann": 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (7,)),
    )
    # --- R6.4: drawing up to the minimum hand
    yield "R6.4 the mover draws", _at(v, draw_pile=10), Play("Ann", (9,))
    yield (
        "R6.4 the mover and the next player draw",
        _at(v, hand={"Ann": 3, "Ben": 1, "Cal": 3}, draw_pile=10),
        Play("Ann", (9,)),
    )
    # --- R10: out, and the end
    yield (
        "R10.1 a player goes out",
        _at(v, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
        Play("Ann", (9,)),
    )
    yield (
        "R10.2 the game ends",
        _at(v, ("Ann", "Ben"), hand={"Ann": 1, "Ben": 3}),
        Play("Ann", (9,)),
    )
    yield (
        "R10.2 the game ends, the loser holds one card",
        _at(v, ("Ann", "Ben"), hand={"Ann": 1, "Ben": 1}),
        Play("Ann", (9,)),
    )
    # --- R5.4: a card that restricts the next play
    g = _at(v)
    limit = next((c for c in v.all_cards() if g.restriction_of(c) is not None), None)
    if limit is not None:
        yield "R5.4 a restriction", _at(v, pile=(4,)), Play("Ann", (limit,))
    # --- R8.5, R1.4: a card that clears (burns) the pile
    clear = _card(v, lambda e: "clear_pile" in e)
    if clear is not None:
        yield "R8.5 a card clears the pile", _at(v, pile=(5, 6)), Play("Ann", (clear,))
    # --- R8: a one-time card leaves the game (one that neither gives nor clears the pile)
    gone = _card(v, lambda e: "one_time" in e and not e & {"give_pile", "clear_pile"})
    if gone is not None:
        yield (
            "R8 a one-time card leaves the game",
            _at(v, pile=(5, 6)),
            Play("Ann", (gone,), to=_to(g, gone)),
        )
    # --- R8.1: give the pile, also to a player who is out (R10.3)
    give = _card(v, lambda e: "give_pile" in e)
    if give is not None:
        yield "R8.1 give the pile", _at(v, pile=(5, 6)), Play("Ann", (give,), to="Ben")
        yield (
            "R10.3 a player who is out gets the pile and is back in",
            _at(v, pile=(5, 6), hand={"Ann": 3, "Ben": 3, "Cal": 0}),
            Play("Ann", (give,), to="Cal"),
        )
    # --- R8.6: lose a turn, and a second one on the same player
    skip = next((c for c in v.all_cards() if g.choices.needs[c].chosen_must_be_in), None)
    if skip is not None:
        yield "R8.6 the next player loses a turn", _at(v), Play("Ann", (skip,), to="Ben")
        twice = _at(v, hand=dict.fromkeys(THREE, 4))
        twice.push(Play("Ann", (skip,), to="Cal"))
        yield "R8.6 a second lost turn", twice, Play("Ben", (skip,), to="Cal")
    # --- R8.3: Play a Table Card
    table = _card(v, lambda e: "play_table_card" in e)
    if table is not None:
        yield (
            "R8.3 a follow-up from face-up",
            _at(v, face_up={"Ann": (9,)}, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
            Play("Ann", (table,)),
        )
        yield "R8.3 a follow-up from the hand", _at(v), Play("Ann", (table,))
        yield (
            "R8.3 no card left to follow up with",
            _at(v, hand={"Ann": 1, "Ben": 3, "Cal": 3}),
            Play("Ann", (table,)),
        )
    # --- R9 (house): the next player draws
    draw = _card(v, lambda e: "next_draws" in e)
    if draw is not None:
        yield (
            "R9 the next player draws",
            _at(v, pile=(4,), draw_pile=5),
            Play("Ann", (draw,), to=_to(g, draw, "Cal")),
        )


def _extra(v: Variant) -> Iterator[tuple[str, Game, Step]]:
    yield "R5.1 a restriction lapses on an empty pile", _at(v), Play("Ann", ("last_low",))
    yield "R6.6 a card that makes its player play again", _at(v, pile=(4,)), Play("Ann", ("again",))
    dared = _at(v, pile=(5,))
    dared.push(Play("Ann", ("dare",)))
    yield "R9 who cannot beat it sends the pile to its player", dared, PickUp("Ben")
    yield (
        "R8.3 a card its player must cover at once, after drawing",
        _at(v, pile=(4,), draw_pile=10),
        Play("Ann", ("cover_me",)),
    )
