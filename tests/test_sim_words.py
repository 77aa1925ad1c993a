"""Issue 44.3: honest comparisons and worth.  The parent is played on every deal the child is;
a card's worth is said for all its copies and for one; restricted games that did not end are
counted as such, never as 0; shares are said as "1 game in 8".  Small counts."""

from __future__ import annotations

import math

from test_sim_analysis import card_test_variant, hot_potato

from referee.simulate.analysis import CardWorth, Question, Stall, analyse
from referee.simulate.answers import comparison_lines, headlines, to_dict
from referee.simulate.stats import Interval, how_often
from referee.variant.registry import resolve


def test_the_parent_is_played_on_every_deal_the_child_is() -> None:
    """Before, a deal whose child game did not end was not played for the parent: the
    parent's seats stood on a chosen third of the deals and named a false edge."""
    q = Question(hot_potato(), players=4, max_games=30, min_games=30, target=0, cards=False,
                 skill=False, parent=resolve("second-edition"))  # fmt: skip
    a = analyse(q, jobs=1)
    assert a.report.capped > 0  # some child games did not end...
    assert a.parent_report is not None and a.parent_report.games == a.games == 30  # ...all 30
    seats = [line for line in comparison_lines(a) if line.startswith("Seats in")]
    assert seats == [seats[0]] and "played on the same 30 deals" in seats[0]


def test_worth_is_said_for_all_copies_and_for_one() -> None:
    a = analyse(Question(card_test_variant(), players=3, max_games=60, min_games=60, target=0,
                         skill=False), jobs=1)  # fmt: skip
    golden = next(c for c in a.cards if c.card == "golden")
    assert golden.copies == 4 and golden.measured
    assert math.isclose(golden.per_copy.value * 4, golden.worth.value)
    assert "Golden (4 copies): worth " in golden.words() and "a copy" in golden.words()
    data = to_dict(a)["card_worth"]["golden"]
    assert data["copies"] == 4 and math.isclose(data["per_copy"]["estimate"] * 4, data["estimate"])
    ghost = next(c for c in a.cards if c.card == "ghost")  # no copies: never in anyone's hand
    assert not ghost.measured and "not known" in ghost.words()
    said = dict(headlines(a))["What is each card worth?"]
    assert said.index("Golden") < said.index("Blank A")  # the strongest first


def test_restricted_games_that_do_not_end_are_a_stall_not_a_zero() -> None:
    sure = Interval(0.0, -0.01, 0.01, 12)  # twelve changed games... that all ended even
    card = CardWorth("potato", "Hot Potato", sure, replayed=20, copies=2, stalled=12)
    assert not card.measured
    assert card.words() == (
        "Hot Potato (2 copies): without it 12 of the 20 games it changed did not end, so its "
        "worth cannot be measured"
    )
    some = CardWorth("potato", "Hot Potato", Interval(0.1, 0.0, 0.2, 18), 20, copies=2, stalled=2)
    assert some.measured and "without it 2 of 20 games it changed did not end" in some.words()


def test_shares_in_a_familys_words() -> None:
    assert how_often(0.12) == "1 game in 8"
    assert how_often(0.0) == "no game" and how_often(1.0) == "every game"
    assert how_often(0.5) == "about half the games"
    assert how_often(0.7) == "7 games in 10"
    assert how_often(0.004) == "1 game in 250"


def test_one_game_that_ended_without_the_card_is_too_few_to_blame_it() -> None:
    # One game in 180 did not end (the careful players' Jack of rule 133), and played again
    # with the Jack as a plain card it ended: the check says the Jack may be why, not that it
    # is; from three such games, most of which end, it says so.
    one = Stall("jack", "Jack", 0.7, 5.4, replayed=1, ended_without=1, burn_impossible=None)
    assert one.words()[-1] == "Jack may keep games from ending: too few to be sure."
    three = Stall("jack", "Jack", 0.7, 5.4, replayed=3, ended_without=2, burn_impossible=None)
    assert three.words()[-1] == "Jack keeps games from ending."
    held = Stall("jack", "Jack", 0.7, 5.4, replayed=3, ended_without=1, burn_impossible=None)
    assert "keep" not in held.words()[-1]
