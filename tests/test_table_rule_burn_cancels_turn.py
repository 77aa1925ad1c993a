"""A burn cancels the powers played earlier in the same turn (issue 42, docs/rulings.md ruling
148): ``table: {burn_cancels_turn: true}``.  R7.2 lets only the burning play's own powers
lapse; here a burn in turn also undoes what the burner's earlier plays of that turn did that
still waits - the turns players were to lose (R8.6), the direction (R8.7), a lasting mode."""

from __future__ import annotations

import json
from dataclasses import replace

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Step
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal", "Dan"]
SKIP_AGAIN = {"rank": 8, "effects": [{"effect": "skip", "target": "next"}, "play_again"]}
TURN_AGAIN = {"rank": 9, "effects": ["reverse", "play_again"]}
TURN = {"rank": 6, "effects": ["reverse"]}


def _house(on: bool = True, *powers: dict[str, object]) -> Variant:
    data = support.house_data(rank_powers=list(powers or (SKIP_AGAIN, TURN_AGAIN, TURN)))
    data["burn"] = 3
    if on:
        data["table"] = {"burn_cancels_turn": True}
    return variant_from_data(data)


def _burn_after_skip_and_turn(on: bool) -> Game:
    g = Game.deal(_house(on), NAMES)
    g.push(Play("Ann", (8,)))  # Ben is to lose a turn; Ann plays again
    g.push(Play("Ann", (9,)))  # play turns round; Ann plays again
    out = g.push(Play("Ann", (10, 10, 10)))  # three 10s burn (R7.1); Ann plays again (R7.4)
    assert out.burned and out.plays_again
    return g


def test_the_burn_cancels_the_lost_turn_and_the_turn_round() -> None:
    g = _burn_after_skip_and_turn(on=True)
    assert g.past.log[-1][1].messages[2] == (
        "The burn cancels the powers Ann played earlier this turn."
    )
    g.push(Play("Ann", (5,)))
    assert g.turn == "Ben"  # clockwise, and Ben loses no turn


def test_by_the_rule_book_the_earlier_powers_stay() -> None:
    g = _burn_after_skip_and_turn(on=False)
    assert not any("cancels" in m for m in g.past.log[-1][1].messages)
    g.push(Play("Ann", (5,)))
    assert g.turn == "Dan"  # turned round (R8.7); Ben still owes his turn (R8.6)


def test_what_an_earlier_turn_did_stays() -> None:
    """Only the burner's own turn: Ann turned play round in her turn; Dan's burn in his own
    turn goes back to how his turn began - still turned round."""
    g = Game.deal(_house(), NAMES)
    g.push(Play("Ann", (6,)))  # play turns round: Dan is next
    assert g.turn == "Dan"
    out = g.push(Play("Dan", (7, 7, 7)))
    assert out.burned and not any("cancels" in m for m in out.messages)
    g.push(Play("Dan", (5,)))
    assert g.turn == "Cal"  # still turned round


def test_a_turn_that_comes_back_is_a_new_turn() -> None:
    """With two players a lost turn brings the turn straight back (ruling 15): a new turn, so
    a burn in it does not undo the turned order of the one before."""
    g = Game.deal(_house(), ["Ann", "Ben"])
    g.push(Play("Ann", (6,)))  # turned round; Ben plays next
    g.push(Play("Ben", (6,)))  # turned back
    g.push(Play("Ann", (9,)))  # turned round; Ann plays again
    g.push(Play("Ann", (9,)))  # turned back; Ann plays again
    out = g.push(Play("Ann", (9,)))  # the third 9 in a row burns: nothing left to undo
    assert out.burned and not any("cancels" in m for m in out.messages)


def test_undo_brings_the_cancelled_powers_back() -> None:
    g = Game.deal(_house(), NAMES)
    g.push(Play("Ann", (8,)))
    g.push(Play("Ann", (9,)))
    before = g.state.copy()
    g.push(Play("Ann", (10, 10, 10)))
    g.past.undo()
    assert g.state == before
    g.past.redo()
    g.push(Play("Ann", (5,)))
    assert g.turn == "Ben"


def test_a_burn_out_of_turn_cancels_nothing() -> None:
    """A fourth card laid out of turn to complete a burn (ruling 144) is nobody's turn of
    plays: what the mover's turn did stays."""
    data = support.house_data(rank_powers=[SKIP_AGAIN])
    data["table"] = {"burn_cancels_turn": True, "complete_burn": True}
    g = Game.deal(variant_from_data(data), NAMES)
    for _ in range(3):
        g.push(Play("Ann", (8,)))  # each 8: a lost turn, and Ann plays again
    owed = g.state.pending["skip"].owed
    out = g.push(Play("Cal", (8,)))  # Cal completes the burn out of turn, plays again (R7.4)
    assert out.burned and not any("cancels" in m for m in out.messages)
    assert g.state.pending["skip"].owed == owed


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "A burn also cancels the powers its player laid earlier in that turn." in (
        rules_sheet(_house())
    )
    for table, said in (
        ({"burn_cancels_turn": True, "powers_before_burn": True}, "powers_before_burn"),
        ({"burn_cancels_turn": True}, "no card has a power"),
    ):
        data = support.house_data(rank_powers=[SKIP_AGAIN] if "powers_before_burn" in table else [])
        data["table"] = table
        result = load_variant_text(json.dumps(data).encode(), "house.yaml")
        assert result.ok
        (warning,) = [p for p in result.problems if "burn_cancels_turn" in p.message]
        assert warning.severity == "warning" and said in warning.message


def test_the_bots_play_it_to_the_end() -> None:
    """Shithead's 10 clears the pile and its player plays again (R8.5): the burns of a turn
    that goes on after it cancel what that turn did."""
    shithead = builtin("shithead")
    support.bots_finish(replace(shithead, table=TableRules(burn_cancels_turn=True)))


def _something_to_cancel(g: Game, steps: list[Step]) -> int:
    """1 where the mover's turn is open and has changed what a burn would put back."""
    s, began = g.state, g.state.turn_from
    if began is None or not began.open:
        return 0
    return int(began.direction != s.direction or dict(began.pending) != s.pending)


def test_every_listed_step_is_legal_in_turns_a_burn_would_cancel() -> None:
    assert support.walk_listed_steps(_house(), _something_to_cancel)


@budget(15)
@given(
    variant=variants_with_table("burn_cancels_turn", without=("powers_before_burn",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_where_a_burn_cancels_the_turn_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where a burn cancels the turn's powers: every listed step is
    legal, a legal proposal is listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
