"""The table rule ``complete_burn`` (issue 42, docs/rulings.md ruling 144): while the pile
shows a run one card short of a burn, anyone holding the card that completes it may lay it out
of turn; the pile burns and they play again (R7.4)."""

from __future__ import annotations

import json
import random

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Position
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]


def house(on: bool = True, at_once: bool = False) -> Variant:
    data = support.house_data(
        [{"id": "pt", "name": "Play a Table Card", "copies": 2, "effects": ["play_table_card"]}]
    )
    table: dict[str, bool] = {"complete_burn": True} if on else {}
    if at_once:
        table["burn_at_once"] = True
    if table:
        data["table"] = table
    return variant_from_data(data)


def game(pile: tuple[int | str, ...], v: Variant | None = None, **kw: object) -> Game:
    start = Position(
        "Ann",
        hand=kw.get("hand", dict.fromkeys(NAMES, 5)),  # type: ignore[arg-type]
        face_up=kw.get("face_up", {}),  # type: ignore[arg-type]
        face_down=dict.fromkeys(NAMES, 3),
        pile=pile,
    )
    return Game.from_position(v or house(), NAMES, start)


def test_the_card_that_completes_the_burn_goes_out_of_turn_and_its_player_plays_again() -> None:
    g = game((5, 7, 7, 7))
    v = support.explain(g, Play("Cal", (7,)))
    assert v.legal
    o = g.push(Play("Cal", (7,)))
    assert o.burned and g.turn == "Cal" and not g.state.pile
    off = game((5, 7, 7, 7), house(on=False))
    assert support.explain(off, Play("Cal", (7,))).reason == Reason.NOT_YOUR_TURN


def test_only_a_play_that_completes_it_may_go_out_of_turn() -> None:
    g = game((5, 7, 7))
    assert not support.explain(g, Play("Cal", (7,))).legal  # three 7s do not burn
    assert support.explain(g, Play("Cal", (7, 7))).legal  # two more make four
    assert not support.explain(g, Play("Cal", (8,))).legal
    assert not support.explain(g, Play("Cal", (7,), "face_down")).legal  # never blind


def test_it_is_judged_as_the_players_own_play() -> None:
    """Cal holds hand cards, so a face-up 7 waits (R3.2) even where it would burn."""
    g = game((5, 7, 7, 7), face_up={"Cal": (7,)})
    refused = support.explain(g, Play("Cal", (7,), "face_up"))
    assert not refused.legal and refused.reason == Reason.HAND_FIRST


def test_not_while_a_play_is_owed_at_once() -> None:
    g = game((7, 7, 7), hand={"Ann": 5, "Ben": 5, "Cal": 5}, face_up={"Ann": (9,)})
    g.state.seats[0].hand.add_known("pt")
    g.state.seats[0].hand.unknown -= 1
    g.push(Play("Ann", ("pt",)))  # Ann owes a table card at once (R8.3)
    assert g.state.follow_up
    assert not support.explain(g, Play("Cal", (7,))).legal


def test_where_only_a_play_laid_at_once_burns_it_opens_nothing_and_the_loader_warns() -> None:
    g = game((5, 7, 7, 7), house(at_once=True))
    assert not support.explain(g, Play("Cal", (7,))).legal
    data = support.house_data()
    data["table"] = {"complete_burn": True, "burn_at_once": True}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "complete_burn" in p.message]
    assert warning.path == "table.complete_burn" and warning.severity == "warning"


def test_the_sheet_says_it() -> None:
    assert "When the pile shows 3 identical cards on top, anyone holding" in rules_sheet(house())
    assert "anyone holding the same card" not in rules_sheet(house(on=False))


def test_the_bots_complete_burns_and_their_games_end() -> None:
    v = house()
    burns = 0
    for index in range(8):
        names = ["A", "B", "C", "D"][: 2 + index % 3]
        g = Game.shuffled(v, names, index)
        result = play(g, dict.fromkeys(names, BOTS["smart"]()), random.Random(index), 3000)
        assert not result.capped, (index, result.stall)
        burns += result.burns
    assert burns


@budget(15)
@given(
    variant=variants_with_table("complete_burn", without=("burn_at_once",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_burns_completed_out_of_turn_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where a burn may be completed out of turn: every listed step
    (out of turn too) is legal, a legal proposal is listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
