"""The first play of the game (issue 42): the condition ``when: {play: first}`` (or ``later``)
on any effect, and the table rule ``starting_card`` - the first play must include the starting
card (docs/rulings.md rulings 127 and 130)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import support
from support import explain, legal_steps

from referee.engine import Game, Play, Position
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.variant.conditions import Moment, holds, said
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal"]
SKIP_LATER = {"effect": "skip", "target": "next", "when": {"play": "later"}}


def _sevens(*effects: object) -> Variant:
    return support.house(rank_powers=[{"rank": 7, "effects": list(effects)}])


def test_the_condition_holds_on_the_first_play_only_or_on_every_later_one() -> None:
    first, later = Moment(True, 1, "hand", True), Moment(True, 1, "hand")
    assert holds({"play": "first"}, first) and not holds({"play": "first"}, later)
    assert holds({"play": "later"}, later) and not holds({"play": "later"}, first)
    assert said({"play": "first"}) == "only when it is the first play of the game"
    assert said({"play": "later", "cards": 2}) == (
        "only when it is not the first play of the game and 2 of them are played together"
    )


def test_a_skip_only_after_the_first_play_does_not_skip_on_the_first() -> None:
    g = Game.deal(_sevens(SKIP_LATER), NAMES)
    assert g.state.first_play
    g.push(Play("Ann", (7,)))
    assert g.turn == "Ben" and not g.state.first_play  # the first play: no skip
    g.push(Play("Ben", (7,)))
    assert g.turn == "Ann"  # a later play: Cal is skipped
    g.past.undo()
    g.past.undo()
    assert g.state.first_play and g.turn == "Ann"  # undo brings the first play back


def test_a_game_joined_under_way_has_had_its_first_play() -> None:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 3), face_down=dict.fromkeys(NAMES, 3))
    g = Game.from_position(_sevens(SKIP_LATER), NAMES, start)
    assert not g.state.first_play
    g.push(Play("Ann", (7,)))
    assert g.turn == "Cal"


def test_the_piles_view_shows_the_first_play_so_the_fast_tables_keep_it_apart() -> None:
    """The one R5 check reads a condition from the pile's view (``PileView.first``): the
    generator's fast path and the filter agree on the first play and after it."""
    v = _sevens({"effect": "wild", "when": {"play": "later"}})
    g = Game.shuffled(v, ["Ann", "Ben"], 4)
    assert g.pile.view(g.state).first
    steps = legal_steps(g)
    assert steps and all(g.is_legal(p) for p in steps)
    g.push(steps[0])
    assert not g.pile.view(g.state).first
    assert all(g.is_legal(p) for p in legal_steps(g))


# --- the table rule: the first play must include the starting card -------------------------

RESET_TWO = {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]}


def _house(starts: str = "lowest_plain", on: bool = True) -> Variant:
    data = support.house_data(rank_powers=[RESET_TWO])
    data["table"] = {"starts": starts, **({"starting_card": True} if on else {})}
    return variant_from_data(data)


def test_at_a_table_the_starter_may_not_open_with_a_power_card() -> None:
    """The referee does not see the hand (R4.3): it refuses what cannot be the lowest
    ordinary card, and lets any ordinary number go."""
    g = Game.deal(_house(), NAMES)
    v = explain(g, Play("Ann", (2,)))
    assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R2.3"
    assert isinstance(v.data, HouseRule) and v.data.code == "starting_card"
    assert v.message.startswith(
        "No: Ann starts, so Ann must open with the lowest ordinary card in the hand. 2 has a power."
    )
    assert explain(g, Play("Ann", (5,))).legal
    assert explain(Game.deal(_house(on=False), NAMES), Play("Ann", (2,))).legal
    g.push(Play("Ann", (5,)))
    assert explain(g, Play("Ben", (2,))).legal  # only the first play


def test_with_starts_lowest_any_number_may_open_but_not_a_karma_card() -> None:
    data = support.house_data(
        karma_cards=[{"id": "hop", "name": "Hop", "copies": 2, "effects": []}]
    )
    data["table"] = {"starts": "lowest", "starting_card": True}
    g = Game.deal(variant_from_data(data), NAMES)
    verdict = explain(g, Play("Ann", ("hop",)))
    assert not verdict.legal and "Hop is not a number card." in verdict.message
    assert explain(g, Play("Ann", (9,))).legal


def test_where_no_hand_may_hold_an_ordinary_card_any_card_may_start() -> None:
    """Ruling 124's fallback: where every hand may lack an ordinary card (one hand card each,
    four 2s unseen), the lowest card of all starts, whatever it is: the 2 is not refused."""
    data = support.house_data(rank_powers=[RESET_TWO])
    data["deal"] = {"face_down": 3, "face_up": 3, "hand": 1}
    data["min_hand"] = 1
    data["table"] = {"starts": "lowest_plain", "starting_card": True}
    g = Game.deal(variant_from_data(data), NAMES)
    assert explain(g, Play("Ann", (2,))).legal


def test_with_full_information_it_is_exactly_the_lowest_ordinary_card() -> None:
    g = Game.shuffled(_house(), NAMES, 1)
    hand = g.state.seats[0].hand
    lowest = min(c for c in hand.known if isinstance(c, int) and c != 2)
    firsts = {p.cards[0] for p in legal_steps(g) if isinstance(p, Play)}
    assert firsts == {lowest}
    other = next(c for c in hand.known if c != lowest)
    assert g.turn is not None
    verdict = explain(g, Play(g.turn, (other,)))
    assert not verdict.legal
    assert f"must open with a {lowest}, the lowest ordinary card." in verdict.message


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "must include the starter's lowest ordinary card" in rules_sheet(_house())
    data = support.house_data()
    data["table"] = {"starting_card": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "starting_card" in p.message]
    assert warning.path == "table.starting_card" and warning.severity == "warning"


def test_the_bots_play_it_to_the_end() -> None:
    v = replace(builtin("shithead"), table=TableRules(starts="lowest_plain", starting_card=True))
    for seed in range(3):
        game = Game.shuffled(v, NAMES, seed)
        bots = {n: BOTS[b]() for n, b in zip(NAMES, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped
