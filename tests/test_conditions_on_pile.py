"""A condition on what a card carries over while it lies on the pile (issue 42): "two 7s cancel
each other".  A restriction or a demand a card sets as it comes on top (``on_top``) may hang on
a condition, asked of the play that laid it (``Arrival.happens``): played, moved there by
Bottoms Up (one card laid on the card that was on top), copied by a mirror (the mirror's own
play) or lying there at a start (the copies lying together as one play).  What works on for
every play after it may too where the pile can remember it: a card see-through (or a mirror)
under a condition is marked so as it is laid (``State.through``), and stays so while it lies
there; what a card counts, what may go on it and who may cut in likewise (``State.held``,
tests/test_conditions_lasting.py)."""

from __future__ import annotations

import yaml
from support import explain, house

from referee.engine import Game, PickUp, Play, Position
from referee.variant.conditions import Moment, holds, said
from referee.variant.effect_list import effect_from_data
from referee.variant.loader import load_variant_text
from referee.variant.menu import MENU
from referee.variant.model import Variant
from referee.variant.sheet import describe_effect

CANCEL = {"effect": "next_range", "max": 7, "when": {"cards": 1, "laid_on": "other"}}


def _sevens(*effects: object, more: list[dict[str, object]] | None = None) -> Variant:
    return house(rank_powers=[{"rank": 7, "effects": list(effects)}, *(more or [])])


def _game(v: Variant, pile: tuple[int | str, ...], hand: int = 5) -> Game:
    start = Position(
        "Ann", hand={"Ann": hand, "Ben": hand}, face_down={"Ann": 3, "Ben": 3}, pile=pile
    )
    return Game.from_position(v, ["Ann", "Ben"], start)


def test_the_on_condition_reads_the_card_the_play_goes_on() -> None:
    same, other = Moment(False, 1, on_same=True), Moment(False, 1, on_same=False)
    assert holds({"laid_on": "same"}, same) and not holds({"laid_on": "same"}, other)
    assert holds({"laid_on": "other"}, other) and not holds({"laid_on": "other"}, same)
    assert not holds({"laid_on": "other"}, Moment(False, 1))  # not known: it does not hold
    assert said({"laid_on": "other", "cards": 1}) == (
        "only when it does not go on a card just like it and it is played on its own"
    )


def test_a_seven_on_a_seven_sets_no_limit() -> None:
    g = _game(_sevens(CANCEL), (5,))
    g.push(Play("Ann", (7,)))
    assert g.state.restriction is not None  # on a 5: a 7 or lower next (R5.5)
    high = explain(g, Play("Ben", (9,)))
    assert not high.legal and high.rule == "R5.5"
    g.push(Play("Ben", (7,)))
    assert g.state.restriction is None  # a 7 laid on a 7: the limit is lifted
    assert explain(g, Play("Ann", (9,))).legal
    low = explain(g, Play("Ann", (6,)))
    assert not low.legal and low.rule == "R5.2"  # on a 7 as usual


def test_two_sevens_laid_together_set_no_limit_and_one_alone_does() -> None:
    g = _game(_sevens(CANCEL), (5,))
    g.push(Play("Ann", (7, 7)))
    assert g.state.restriction is None and explain(g, Play("Ben", (9,))).legal
    g = _game(_sevens(CANCEL), ())
    g.push(Play("Ann", (7,)))  # on an empty pile: no card like it below
    assert g.state.restriction is not None


def test_without_a_condition_every_seven_still_binds() -> None:
    g = _game(_sevens({"effect": "next_range", "max": 7}), (5,))
    g.push(Play("Ann", (7,)))
    g.push(Play("Ben", (7,)))
    assert g.state.restriction is not None and not explain(g, Play("Ann", (9,))).legal


def test_a_start_reads_the_copies_on_top_as_one_play_on_the_card_below() -> None:
    one = _game(_sevens(CANCEL), (5, 7))
    assert one.state.restriction is not None
    two = _game(_sevens(CANCEL), (5, 7, 7))
    assert two.state.restriction is None  # two 7s lying together: one play of two
    laid_on = _game(
        _sevens({"effect": "next_range", "max": 7, "when": {"laid_on": "other"}}), (7, 7)
    )
    assert laid_on.state.restriction is not None  # one play of two, on an empty pile


def test_a_seven_moved_on_top_by_bottoms_up_is_one_card_laid_on_the_top() -> None:
    v = house(
        karma_cards=[
            {"id": "bottoms", "name": "Bottoms Up", "copies": 2, "effects": ["bottom_to_top"]}
        ],
        rank_powers=[{"rank": 7, "effects": [CANCEL]}],
    )
    g = _game(v, (7, 2))
    g.push(Play("Ann", ("bottoms",)))
    assert g.state.pile[-1] == 7 and g.state.restriction is not None  # laid on Bottoms Up


def test_a_mirror_asks_its_own_play() -> None:
    mirror = {"rank": 3, "effects": ["wild", "mirror"]}
    g = _game(_sevens(CANCEL, more=[mirror]), (5, 7))
    g.push(Play("Ann", (3,)))  # a mirror of the 7, laid on a 7 but not like it
    assert g.state.restriction is not None
    g = _game(
        _sevens({"effect": "next_range", "max": 7, "when": {"cards": 2}}, more=[mirror]), (5,)
    )
    g.push(Play("Ann", (7,)))
    assert g.state.restriction is None  # one 7: no limit
    g.push(Play("Ben", (3, 3)))  # two mirrors of it: the copy binds
    assert g.state.restriction is not None


def test_a_demand_may_hang_on_a_condition_too() -> None:
    v = house(
        karma_cards=[
            {
                "id": "trump",
                "name": "Trump",
                "copies": 3,
                "effects": [{"effect": "must_answer", "when": {"pile": "not_empty"}}],
            }
        ]
    )
    g = _game(v, ())
    g.push(Play("Ann", ("trump",)))
    assert explain(g, Play("Ben", (4,))).legal  # on an empty pile: no demand
    g.push(PickUp("Ben"))
    g = _game(v, (2,))
    g.push(Play("Ann", ("trump",)))
    assert not explain(g, Play("Ben", (4,))).legal  # answer it or pick up


def test_the_sheet_says_the_condition_first() -> None:
    text = describe_effect(effect_from_data(CANCEL))
    assert text.startswith("Only when it does not go on a card just like it and it is played")
    assert "the next player must play a number 7 or lower" in text


def _errors(effects: list[object]) -> list[str]:
    data = {
        "id": "x",
        "name": "X",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 2, "high": 14, "copies": 4},
        "rank_powers": [{"rank": 7, "effects": effects}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    result = load_variant_text(yaml.safe_dump(data, sort_keys=False), "x.yaml")
    return [str(p) for p in result.errors]


def test_the_loader_takes_a_condition_on_what_a_card_carries_over_only() -> None:
    assert _errors([CANCEL]) == []
    assert _errors([{"effect": "lower_and_skip", "when": {"laid_on": "other"}}]) == []
    names = ("next_range", "must_answer", "lower_and_skip", "transparent", "mirror", "value")
    for name in (*names, "takes_only", "cut_in"):
        assert not MENU[name].no_when({}), name
    assert _errors([{"effect": "value", "value": 0, "when": {"laid_on": "other"}}]) == []
    assert _errors(["wild", {"effect": "transparent", "when": {"cards": 1}}]) == []
    (odd,) = _errors([{"effect": "next_range", "max": 7, "when": {"laid_on": "below"}}])
    assert "when.laid_on" in odd and "expected one of: same, other" in odd


def test_the_filter_reads_the_card_a_play_goes_on() -> None:
    """Where a card may go may hang on it too: the pile's view shows its top card."""
    only_low = {"effect": "only_on", "max": 5, "when": {"laid_on": "other"}}
    refused = explain(_game(_sevens(only_low), (6,)), Play("Ann", (7,)))
    assert not refused.legal
    assert explain(_game(_sevens(only_low), (7,)), Play("Ann", (7,))).legal  # on a 7
    assert explain(_game(_sevens(only_low), (4,)), Play("Ann", (7,))).legal
    assert not explain(
        _game(_sevens({"effect": "only_on", "max": 5}), (7,)), Play("Ann", (7,))
    ).legal


SINGLE_GLASS = {"rank": 8, "effects": ["wild", {"effect": "transparent", "when": {"cards": 1}}]}


def _eights(*more: dict[str, object]) -> Variant:
    return house(rank_powers=[SINGLE_GLASS, *more])


def test_an_eight_laid_alone_is_see_through_and_two_together_are_not() -> None:
    g = _game(_eights(), (6,))
    g.push(Play("Ann", (8,)))
    assert g.state.through == {1} and g.pile.top_value(g.state) == 6
    assert explain(g, Play("Ben", (7,))).legal  # on the 6 below
    g.push(Play("Ben", (7,)))
    assert g.pile.top_value(g.state) == 7
    g = _game(_eights(), (6,))
    g.push(Play("Ann", (8, 8)))
    assert not g.state.through and g.pile.top_value(g.state) == 8
    low = explain(g, Play("Ben", (7,)))
    assert not low.legal and low.rule == "R5.2"  # two 8s count as an 8


def test_the_pile_remembers_a_see_through_card_under_later_ones() -> None:
    g = _game(_eights({"rank": 3, "effects": ["wild", "transparent"]}), (6,))
    g.push(Play("Ann", (8,)))
    g.push(Play("Ben", (3,)))  # a see-through 3 on it: both are looked through
    assert g.pile.top_value(g.state) == 6 and g.state.through == {1}
    g.push(PickUp("Ann"))
    assert not g.state.through and g.state.pile == []


def test_undo_and_redo_keep_what_the_pile_remembers() -> None:
    g = _game(_eights(), (6,))
    g.push(Play("Ann", (8,)))
    g.past.undo()
    assert not g.state.through and g.state.pile == [6]
    g.past.redo()
    assert g.state.through == {1} and g.pile.top_value(g.state) == 6


def test_a_start_reads_a_see_through_card_as_it_lies() -> None:
    one = _game(_eights(), (6, 8))
    assert one.state.through == {1} and one.pile.top_value(one.state) == 6
    two = _game(_eights(), (6, 8, 8))  # two 8s lying together: one play of two
    assert not two.state.through and two.pile.top_value(two.state) == 8


def test_bottoms_up_keeps_the_marks_one_place_lower_and_asks_the_moved_card() -> None:
    bottoms = {"id": "bottoms", "name": "Bottoms Up", "copies": 2, "effects": ["bottom_to_top"]}
    v = house(karma_cards=[bottoms], rank_powers=[SINGLE_GLASS])
    g = _game(v, (4, 8))
    assert g.state.through == {1}
    g.push(Play("Ann", ("bottoms",)))  # the 4 comes up; the 8 is now the bottom card
    assert g.state.pile == [8, "bottoms", 4] and g.state.through == {0}
    g = _game(v, (8, 5))
    assert g.state.through == {0}
    g.push(Play("Ann", ("bottoms",)))  # the 8 comes up: one card laid on Bottoms Up
    assert g.state.pile == [5, "bottoms", 8] and g.state.through == {2}
    assert g.pile.top_value(g.state) == 0  # seen through to Bottoms Up, which counts 0


def test_a_mirror_only_on_a_pile_is_its_own_number_on_an_empty_one() -> None:
    v = house(
        rank_powers=[
            {"rank": 3, "effects": ["wild", {"effect": "mirror", "when": {"pile": "not_empty"}}]}
        ]
    )
    g = _game(v, (9,))
    g.push(Play("Ann", (3,)))
    assert g.pile.top_value(g.state) == 9  # it copies the 9
    g = _game(v, ())
    g.push(Play("Ann", (3,)))
    assert g.pile.top_value(g.state) == 3 and not g.state.through
    assert not explain(g, Play("Ben", (2,))).legal
