"""The draw-pile gamble at any time (issue 42; APK: "you can also always play the top card on
the deck blindly"; docs/rulings.md, ruling 158): ``table: {gamble_any_time: true}`` opens the
gamble of ruling 109 (rule 54) to a player who could play a card they hold, wherever picking up
would be open; the card turned over is judged as a blind face-down card (R7.5)."""

from __future__ import annotations

import json
from dataclasses import replace

import support

from referee.engine import Game, PickUp, Play, Position, Step
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import TableRules, Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason


def house(**table: object) -> Variant:
    data = support.house_data()
    data["table"] = table
    return variant_from_data(data)


def able(v: Variant, pile: tuple[int, ...] = (5,), draw_pile: int = 9) -> Game:
    """Ann holds a known 9 and a 3: the 9 may go on a 5; the draw pile lasts."""
    start = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 1, "Ben": 3}, pile=pile)
    g = Game.from_position(v, ["Ann", "Ben"], replace(start, draw_pile=draw_pile))
    for card in (9, 3):
        g.state.seats[0].hand.add_known(card)
        g.state.see(card)
    return g


def test_who_could_play_may_gamble_all_the_same() -> None:
    g = able(house(gamble_any_time=True))
    fits = g.advice.explain(g.state, Play("Ann", (10,), "draw_pile"))
    assert fits.legal and fits.reason == Reason.GAMBLE_FITS and fits.rule == "R7.5"
    misses = g.advice.explain(g.state, Play("Ann", (2,), "draw_pile"))
    assert misses.legal and misses.reason == Reason.GAMBLE_MISSES
    assert g.advice.hint(g.state) == (
        "Ann may play from their hand: a 9. Or Ann may pick up the pile. "
        "Or Ann may turn over the top card of the draw pile."
    )
    g.push(Play("Ann", (2,), "draw_pile"))  # it does not fit: she picks up the pile with it
    assert g.state.pile == [] and g.zone("Ann", "hand").known == {9: 1, 3: 1, 5: 1, 2: 1}
    # The same table under rule 54: she holds a 9 that may go, so no gamble.
    stuck = able(house(gamble=True))
    refused = stuck.advice.explain(stuck.state, Play("Ann", (10,), "draw_pile"))
    assert not refused.legal and refused.reason == Reason.GAMBLE_CAN_PLAY


def test_only_where_picking_up_would_be_open() -> None:
    def reason(g: Game) -> Reason | None:
        v = g.advice.explain(g.state, Play("Ann", (10,), "draw_pile"))
        assert not v.legal
        return v.reason

    v = house(gamble_any_time=True)
    assert reason(able(v, pile=())) == Reason.GAMBLE_NOT_NOW  # R6.3: just play
    assert reason(able(v, draw_pile=0)) == Reason.GAMBLE_DRAW_PILE_EMPTY
    assert able(v).advice.explain(able(v).state, PickUp("Ann")).legal


def test_listed_beside_the_plays_and_the_bots_keep_to_their_cards() -> None:
    """Full information: the draw pile's known top card is listed after the held plays, so the
    bots turn it over only when nothing they hold may go, as under rule 54."""
    v = house(gamble_any_time=True)

    def both(g: Game, steps: list[Step]) -> int:
        gambles = [s for s in steps if isinstance(s, Play) and s.zone == "draw_pile"]
        plays = [s for s in steps if isinstance(s, Play) and s.zone != "draw_pile"]
        for s in gambles:
            assert list(s.cards) == (g.state.draw_cards or [])[-1:]
            assert steps.index(s) > max((steps.index(p) for p in plays), default=-1)
        return bool(gambles and plays)

    assert support.walk_listed_steps(v, both)  # a gamble beside a play came up
    support.bots_finish(v)


def test_loaded_said_and_checked() -> None:
    v = house(gamble_any_time=True)
    assert v.table == TableRules(gamble_any_time=True)
    assert variant_to_data(v)["table"] == {"gamble_any_time": True}
    sheet = rules_sheet(v)
    assert "instead of playing a card or picking up, even when you could play" in sheet
    data = support.house_data()
    data["table"] = {"gamble": True, "gamble_any_time": True}
    result = load_variant_text(json.dumps(data), "both.yaml")
    (p,) = result.errors
    assert p.path == "table.gamble_any_time" and "expected gamble left out" in p.message


def test_with_must_play_the_gamble_is_still_listed() -> None:
    """'Must play if able' closes the pick-up to who can play, not the gamble at any time: the
    legal steps list it wherever the filter allows it (found by the random-variant property
    test of the table's choices: a first play on a card turned up, where the legal steps
    take their careful path, as they do while something is pending)."""
    import random

    data = support.house_data([], [{"rank": 7, "effects": [{"effect": "next_range", "max": 7}]}])
    data["table"] = {"gamble_any_time": True, "must_play": True}
    v = variant_from_data(data)  # after a 7 something is pending: the steps' careful path
    found = 0
    for seed in range(30):
        g = Game.shuffled(v, ["Ann", "Ben"], seed)
        rng = random.Random(seed)
        for _ in range(200):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            draw = g.state.draw_cards or []
            if draw:
                gamble = Play(g.turn or "", (draw[-1],), "draw_pile")
                if g.advice.explain(g.state, gamble).legal:
                    assert gamble in steps
                    found += not any(isinstance(s, PickUp) for s in steps)
            g.push(rng.choice(steps))
    assert found  # a gamble listed where picking up was closed came up


def test_not_while_a_cover_that_must_beat_a_value_is_owed() -> None:
    """Ruling 157's cover leaves the pick-up open, but a play is due at once (R8.3): neither
    gamble opens there (rulings 109 and 158), and the hint offers what covers it and the pick-up
    only (the advice property test found the gamble listed and not said)."""
    for table in ({"gamble_any_time": True}, {"gamble": True}):
        data = support.house_data(
            [{"id": "up", "name": "Up", "copies": 1, "effects": [{"effect": "cover", "above": 8}]}]
        )
        data["table"] = table
        v = variant_from_data(data)
        start = Position("Ann", hand={"Ann": 3, "Ben": 3}, face_down={"Ann": 3, "Ben": 3})
        g = Game.from_position(v, ["Ann", "Ben"], replace(start, pile=(4,), draw_pile=9))
        g.push(Play("Ann", ("up",)))
        refused = g.advice.explain(g.state, Play("Ann", (10,), "draw_pile"))
        assert not refused.legal and refused.reason == Reason.GAMBLE_OWED
        assert refused.rule == "R8.3"
        assert g.advice.hint(g.state) == (
            "Ann must play a hand card now: 9 or higher. Or Ann may pick up the pile."
        )
        assert g.advice.explain(g.state, PickUp("Ann")).legal
