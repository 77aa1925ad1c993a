"""higher_or_lower: a limit chosen at the table (issue 42; docs/rulings.md, ruling 171). The
scribd sheet's 9: as it is played its player says whether the next player must play a 9 or
higher, or a 9 or lower (R5.4 with the edge its player chose; wild cards still go, R5.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import one_filter_along

from referee.app import tableview_data
from referee.app.view import Selection, VerdictView, view
from referee.engine import Game, Play, Position
from referee.records.write import step_from_data, step_to_data
from referee.variant.loader import VariantError, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]


def nine(*more: object) -> Variant:
    return variant_from_data(
        {
            "id": "nine",
            "name": "Nine",
            "players": [{"decks": 1, "min": 2, "max": 5}],
            "ranks": {"pack": "ordinary", "ace": "high"},
            "rank_powers": [
                {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]},
                {"rank": 9, "effects": ["higher_or_lower", *more]},
            ],
            "deal": {"face_down": 3, "face_up": 3, "hand": 3},
            "min_hand": 3,
            "burn": 4,
        }
    )


def game(pile: tuple[int, ...] = (5,), variant: Variant | None = None) -> Game:
    start = Position(
        "Ann",
        hand=dict.fromkeys(PLAYERS, 5),
        face_down=dict.fromkeys(PLAYERS, 3),
        draw_pile=0,
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(variant or nine(), PLAYERS, start)


def test_its_player_must_say_higher_or_lower() -> None:
    """R5.4, ruling 171: a play of the 9 that says neither is refused with the reason."""
    g = game()
    verdict = g.advice.explain(g.state, Play("Ann", (9,)))
    assert not verdict.legal and verdict.reason == Reason.NO_LIMIT_CHOSEN
    assert str(verdict).startswith("No: Ann must say higher or lower as they play 9.")
    odd = g.advice.explain(g.state, Play("Ann", (9,), limit="sideways"))
    assert not odd.legal and odd.reason == Reason.NO_SUCH_LIMIT
    other = g.advice.explain(g.state, Play("Ann", (7,), limit="lower"))
    assert not other.legal and other.reason == Reason.NO_LIMIT_WANTED


@pytest.mark.parametrize(("limit", "fits", "misses"), [("lower", 4, 10), ("higher", 13, 4)])
def test_the_next_play_follows_the_way_its_player_chose(limit: str, fits: int, misses: int) -> None:
    """R5.4: a 9 or lower after 'lower', a 9 or higher after 'higher'; a 9 itself fits both
    ways and a wild 2 goes under either (R5.3)."""
    g = game()
    outcome = g.push(Play("Ann", (9,), limit=limit))
    assert f"Ann chose {limit}: the next player plays a 9 or {limit}." in outcome.messages
    assert g.state.restriction is not None and g.state.restriction.chose == "Ann"
    refused = g.advice.explain(g.state, Play("Ben", (misses,)))
    assert not refused.legal and f"(Ann chose {limit})" in str(refused)
    assert g.advice.explain(g.state, Play("Ben", (fits,))).legal
    assert g.advice.explain(g.state, Play("Ben", (2,))).legal


def test_a_nine_brought_on_top_by_no_play_limits_nothing() -> None:
    """Ruling 167: at a start with a 9 on top nobody chose, so nothing limits the first play
    beyond R5.2."""
    g = game((9,))
    assert g.state.restriction is None
    assert g.advice.explain(g.state, Play("Ann", (13,))).legal
    assert not g.advice.explain(g.state, Play("Ann", (4,))).legal


def test_the_legal_steps_list_each_way_the_one_leaving_more_numbers_first() -> None:
    """The one filter's steps: each way is its own step; for a 9 of 2 to Ace 'lower' leaves
    the next player more numbers (the pile can come down), so it comes first and the bots take
    it; a 4 says higher first."""
    g = Game.shuffled(nine(), PLAYERS, 1)
    s = g.state
    s.seats[s.mover].hand.add_known(9, 1)
    s.pile.clear()
    nines = [p for p in g.choices.legal_steps(s) if isinstance(p, Play) and p.cards == (9,)]
    assert [p.limit for p in nines] == ["lower", "higher"]
    assert all(g.is_legal(p) for p in nines)
    four = variant_from_data(
        {**variant_to_data(nine()), "rank_powers": [{"rank": 4, "effects": ["higher_or_lower"]}]}
    )
    g = Game.shuffled(four, PLAYERS, 1)
    s = g.state
    s.seats[s.mover].hand.add_known(4, 1)
    s.pile.clear()
    fours = [p for p in g.choices.legal_steps(s) if isinstance(p, Play) and p.cards == (4,)]
    assert [p.limit for p in fours] == ["higher", "lower"]


def test_a_blind_nine_that_misses_says_nothing() -> None:
    """R7.5: a face-down 9 that does not fit has no effect, so it asks for no limit."""
    start = Position("Ann", face_down={"Ann": 2, "Ben": 3, "Cal": 3}, pile=(13,), draw_pile=0)
    g = Game.from_position(nine(), PLAYERS, start)
    assert g.advice.explain(g.state, Play("Ann", (9,), "face_down")).legal


def test_the_record_keeps_the_choice_and_old_records_read_as_before() -> None:
    step = Play("Ann", (9,), limit="lower")
    data = step_to_data(step)
    assert data == {"by": "Ann", "play": [9], "limit": "lower"}
    assert step_from_data(data) == step
    assert step_from_data({"by": "Ann", "play": [9]}).limit is None


def test_it_contradicts_a_fixed_limit() -> None:
    with pytest.raises(VariantError, match="fixed limit"):
        nine({"effect": "next_range", "max": 9})


def test_the_tablet_offers_higher_or_lower_in_one_tap() -> None:
    """One segment beside the card, drawn by the one table; each way has its own verdict in
    the tree the browser looks up, and not saying is refused with the reason."""
    g = game()
    data = tableview_data.table_data(g, 0, Selection())
    card = next(c for c in data["cards"] if c["id"] == "9")
    axis = next(a for a in card["axes"] if a["name"] == "limit")
    assert [v[0] for v in axis["values"]][1:] == ["higher", "lower"]
    tree = data["pre"]["choices"]["9"]["hand"]["1"][""][""]
    verdicts = data["pre"]["verdicts"]
    assert verdicts[tree["lower"]]["legal"] and verdicts[tree["higher"]]["legal"]
    assert not verdicts[tree[""]]["legal"]
    shown = view(g, Selection(card=9, limit="lower"))
    assert isinstance(shown.verdict, VerdictView) and shown.verdict.legal
    assert shown.step == Play("Ann", (9,), "hand", limit="lower")
    sel = tableview_data.selection_from({"card": "9", "limit": "lower"}, g)
    assert sel is not None and sel.limit == "lower"


@budget(15)
@given(
    variant=variants_using(("higher_or_lower",)),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_one_filter_holds_in_random_variants_with_it(
    variant: Variant, players: int, seed: int
) -> None:
    one_filter_along(variant, players, seed)
