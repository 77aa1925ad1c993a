"""A card that clears the pile and cancels the turn's earlier powers (issue 42, docs/rulings.md
ruling 155): ``{effect: clear_pile, cancels_turn: true}``.  R8.5 clears the pile and lets its
player play again; it is a power, not a burn, so by the rule book (and under ruling 148) what
the player's earlier plays of the turn did stays.  With ``cancels_turn`` it goes, as a burn's
does at a table that plays ``burn_cancels_turn``; the clearing card's own powers still happen."""

from __future__ import annotations

from pathlib import Path

import support
import yaml
from hypothesis import assume, given, note
from hypothesis import strategies as st
from strategies import budget, variant_data
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Step
from referee.variant.loader import VariantError, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Ben", "Cal", "Dan"]
SKIP_AGAIN = {"rank": 8, "effects": [{"effect": "skip", "target": "next"}, "play_again"]}
TURN_AGAIN = {"rank": 9, "effects": ["reverse", "play_again"]}
TURN = {"rank": 6, "effects": ["reverse"]}
CLEARS = {"effect": "clear_pile", "cancels_turn": True}


def _house(cancels: bool = True, ten: list[object] | None = None) -> Variant:
    ten = ten or ["wild", CLEARS if cancels else "clear_pile"]
    powers = [SKIP_AGAIN, TURN_AGAIN, TURN, {"rank": 10, "effects": ten}]
    data = support.house_data(rank_powers=powers)
    data["burn"] = 3
    return variant_from_data(data)


def _clear_after_skip_and_turn(v: Variant) -> Game:
    g = Game.deal(v, NAMES)
    g.push(Play("Ann", (8,)))  # Ben is to lose a turn; Ann plays again
    g.push(Play("Ann", (9,)))  # play turns round; Ann plays again
    out = g.push(Play("Ann", (10,)))  # the 10 clears the pile; Ann plays again (R8.5)
    assert not g.state.pile and out.plays_again
    return g


def test_the_clear_cancels_the_lost_turn_and_the_turn_round() -> None:
    g = _clear_after_skip_and_turn(_house())
    assert "Clearing the pile cancels the powers Ann played earlier this turn." in (
        g.past.log[-1][1].messages
    )
    g.push(Play("Ann", (5,)))
    assert g.turn == "Ben"  # clockwise, and Ben loses no turn


def test_by_the_rule_book_a_clear_cancels_nothing() -> None:
    """R8.5 is a power, not a burn (ruling 148): the earlier powers stay."""
    g = _clear_after_skip_and_turn(_house(cancels=False))
    assert not any("cancels" in m for m in g.past.log[-1][1].messages)
    g.push(Play("Ann", (5,)))
    assert g.turn == "Dan"  # turned round (R8.7); Ben still owes his turn (R8.6)


def test_the_clearing_cards_own_powers_still_happen() -> None:
    """A 10 that turns play round and clears: the Jack's lost turn and the 9's turn are
    cancelled, the 10's own turn round stays (it is the card's power, not the turn's past)."""
    g = _clear_after_skip_and_turn(_house(ten=["wild", "reverse", CLEARS]))
    g.push(Play("Ann", (5,)))
    assert g.turn == "Dan"  # the 10 itself turned play round; Ben loses no turn on the way
    assert "skip" not in g.state.pending


def test_a_clear_in_a_new_turn_leaves_the_last_turn_alone() -> None:
    g = Game.deal(_house(), NAMES)
    g.push(Play("Ann", (6,)))  # play turns round: Dan is next
    out = g.push(Play("Dan", (10,)))
    assert not any("cancels" in m for m in out.messages)
    g.push(Play("Dan", (5,)))
    assert g.turn == "Cal"  # still turned round


def test_a_burn_of_a_kind_cancels_nothing_without_the_table_rule() -> None:
    """The parameter is the card's: a burn of N of a kind keeps R7.2 (ruling 148 is the
    table rule's, not set here)."""
    g = Game.deal(_house(), NAMES)
    g.push(Play("Ann", (9,)))  # play turns round; Ann plays again
    out = g.push(Play("Ann", (9, 9)))  # three 9s burn (R7.1); Ann plays again (R7.4)
    assert out.burned and not any("cancels" in m for m in out.messages)
    g.push(Play("Ann", (5,)))
    assert g.turn == "Dan"


def test_undo_brings_the_cancelled_powers_back() -> None:
    g = Game.deal(_house(), NAMES)
    g.push(Play("Ann", (8,)))
    g.push(Play("Ann", (9,)))
    before = g.state.copy()
    g.push(Play("Ann", (10,)))
    g.past.undo()
    assert g.state == before
    g.past.redo()
    g.push(Play("Ann", (5,)))
    assert g.turn == "Ben"


def test_the_sheet_says_it_and_a_plain_clear_is_written_as_before() -> None:
    sheet = rules_sheet(_house())
    assert "It also cancels the powers that player laid earlier in the same turn" in sheet
    assert "It also cancels" not in rules_sheet(_house(cancels=False))
    from referee.variant.effect_list import effect_to_data

    plain = _house(cancels=False).effects_of(10)[1]
    assert effect_to_data(plain) == "clear_pile"
    assert effect_to_data(_house().effects_of(10)[1]) == CLEARS


def test_the_bots_play_it_to_the_end() -> None:
    """Shithead, its 10 cancelling the turn's earlier powers (a 10 after a 10 of the same turn)."""
    data = yaml.safe_load((ROOT / "variants" / "shithead.yaml").read_text())
    for power in data["rank_powers"]:
        if power["rank"] == 10:
            power["effects"] = ["wild", CLEARS]
    support.bots_finish(variant_from_data(data))


def _something_to_cancel(g: Game, steps: list[Step]) -> int:
    """1 where the mover's turn is open and has changed what a clear would put back."""
    s, began = g.state, g.state.turn_from
    if began is None or not began.open:
        return 0
    return int(began.direction != s.direction or dict(began.pending) != s.pending)


def test_every_listed_step_is_legal_in_turns_a_clear_would_cancel() -> None:
    assert support.walk_listed_steps(_house(), _something_to_cancel)


@st.composite
def _variants_clearing(draw: st.DrawFn) -> Variant:
    """A random valid variant where some card clears the pile and cancels the turn."""
    data = draw(variant_data())
    rank = data["ranks"].get("low", 2)
    others = [p for p in data["rank_powers"] if p["rank"] != rank]
    data["rank_powers"] = [*others, {"rank": rank, "effects": ["wild", CLEARS]}]
    try:
        return variant_from_data(data)
    except VariantError:
        assume(False)
        raise


@budget(15)
@given(
    variant=_variants_clearing(),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_where_a_clear_cancels_the_turn_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where a card clears and cancels the turn's powers: every
    listed step is legal, a legal proposal is listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)
