"""A condition on an effect that works while its card lies on the pile (issue 42): what the
card counts (``value``), what may go on it (``takes_only``) and who may cut in on it
(``cut_in``).  The condition is asked of the play that laid the card; the pile marks the
effect when it held (``State.held``) and the card keeps it for as long as it lies there: "a 2
laid on its own counts as 0, two 2s laid together count as 2s".  The marks are kept by copies
and undo, cleared with the pile and moved one place lower by Bottoms Up; a start position
reads copies lying together as one play."""

from __future__ import annotations

import yaml
from support import bots_finish, explain, house, walk_listed_steps

from referee.engine import Game, PickUp, Play, Position
from referee.engine.game import Game as GameType
from referee.engine.steps import Step
from referee.simulate.runner import position
from referee.variant.loader import load_variant_text
from referee.variant.model import Variant

LONE_TWO = {"effect": "value", "value": 0, "when": {"cards": 1}}


def _twos(*effects: object, more: list[dict[str, object]] | None = None) -> Variant:
    return house(rank_powers=[{"rank": 2, "effects": ["wild", *effects]}, *(more or [])])


def _game(v: Variant, pile: tuple[int | str, ...], hand: int = 5) -> Game:
    start = Position(
        "Ann", hand={"Ann": hand, "Ben": hand}, face_down={"Ann": 3, "Ben": 3}, pile=pile
    )
    return Game.from_position(v, ["Ann", "Ben"], start)


def test_a_two_laid_alone_counts_zero_and_two_laid_together_count_two() -> None:
    g = _game(_twos(LONE_TWO), (9,))
    g.push(Play("Ann", (2,)))
    assert g.pile.top_value(g.state) == 0
    one = explain(g, Play("Ben", (1,)))
    assert one.legal and "counts 0" in str(one)  # R5.4: anything may follow
    g = _game(_twos(LONE_TWO), (9,))
    g.push(Play("Ann", (2, 2)))
    assert g.pile.top_value(g.state) == 2
    low = explain(g, Play("Ben", (1,)))
    assert not low.legal and low.rule == "R5.2"  # two 2s count as 2s


def test_the_mark_lasts_while_the_card_lies_there_and_goes_with_the_pile() -> None:
    v = house(
        karma_cards=[{"id": "glass", "name": "Glass", "copies": 2, "effects": ["transparent"]}],
        rank_powers=[{"rank": 2, "effects": ["wild", LONE_TWO]}],
    )
    g = _game(v, (9,))
    g.push(Play("Ann", (2,)))
    g.push(Play("Ben", ("glass",)))  # seen through: the lone 2 below still counts 0
    assert explain(g, Play("Ann", (1,))).legal
    g.push(Play("Ann", (5,)))
    g.push(PickUp("Ben"))
    assert not g.state.pile and not g.state.held  # gone with the pile (R6.2)
    g.push(Play("Ann", (2, 2)))
    assert g.pile.top_value(g.state) == 2


def test_undo_redo_and_copies_keep_the_marks() -> None:
    g = _game(_twos(LONE_TWO), (9,))
    g.push(Play("Ann", (2,)))
    held = g.state.held
    assert held and g.state.copy().held == held
    g.push(Play("Ben", (1,)))
    g.past.undo()
    assert g.state.held == held and g.pile.top_value(g.state) == 0
    g.past.undo()
    assert not g.state.held and g.state.pile == [9]
    g.past.redo()
    assert g.state.held == held


def test_a_start_reads_the_copies_lying_together_as_one_play() -> None:
    lone = _game(_twos(LONE_TWO), (9, 2))
    assert lone.pile.top_value(lone.state) == 0
    pair = _game(_twos(LONE_TWO), (9, 2, 2))
    assert pair.pile.top_value(pair.state) == 2
    assert not explain(pair, Play("Ann", (1,))).legal


def test_bottoms_up_moves_the_marks_down_and_asks_the_card_it_moves() -> None:
    v = house(
        karma_cards=[
            {"id": "bottoms", "name": "Bottoms Up", "copies": 2, "effects": ["bottom_to_top"]}
        ],
        rank_powers=[{"rank": 2, "effects": ["wild", LONE_TWO]}],
    )
    g = _game(v, (2, 2))  # two 2s lying together: they count 2
    assert not g.state.held
    g.push(Play("Ann", ("bottoms",)))  # one 2 moved onto the top: one card laid on it
    assert g.state.pile[-1] == 2 and g.pile.top_value(g.state) == 0
    g = _game(v, (4, 9, 2))
    g.push(Play("Ann", (2,)))  # a lone 2 on a lone 2: both marked
    marked = g.state.held
    g.push(Play("Ben", ("bottoms",)))  # the 4 goes on top; each mark one place lower
    assert g.state.held == {(i - 1, j) for i, j in marked}
    assert g.pile.top_value(g.state) == 4


def test_what_may_go_on_a_card_may_hang_on_its_play() -> None:
    only = {"effect": "takes_only", "max": 7, "when": {"pile": "empty"}}
    v = house(rank_powers=[{"rank": 7, "effects": [only]}])
    g = _game(v, ())
    g.push(Play("Ann", (7,)))  # on an empty pile: only a 7 or lower on it
    high = explain(g, Play("Ben", (9,)))
    assert not high.legal and "only a 7 or lower" in str(high)
    g = _game(v, (4,))
    g.push(Play("Ann", (7,)))
    assert explain(g, Play("Ben", (9,))).legal


def test_a_cut_in_may_hang_on_the_play_that_laid_the_card() -> None:
    cut = {"effect": "cut_in", "when": {"cards": 1}}
    v = house(rank_powers=[{"rank": 6, "effects": [cut]}])
    start = Position(
        "Ann",
        hand={"Ann": 5, "Ben": 5, "Cal": 5},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        pile=(4,),
    )
    g = Game.from_position(v, ["Ann", "Ben", "Cal"], start)
    g.push(Play("Ann", (6,)))  # laid on its own: Cal may cut in with a 6
    assert explain(g, Play("Cal", (6,))).legal
    g = Game.from_position(v, ["Ann", "Ben", "Cal"], start)
    g.push(Play("Ann", (6, 6)))  # two laid together: nobody cuts in (R6.1)
    late = explain(g, Play("Cal", (6,)))
    assert not late.legal and late.rule == "R6.1"


def test_the_simulator_tells_a_marked_pile_from_an_unmarked_one() -> None:
    lone, pair = _game(_twos(LONE_TWO), (9, 2)), _game(_twos(LONE_TWO), (9, 2))
    pair.state.held = frozenset()
    assert position(lone.state) != position(pair.state)


def test_listed_steps_are_legal_and_bots_finish() -> None:
    v = house(
        rank_powers=[
            {"rank": 2, "effects": ["wild", LONE_TWO]},
            {"rank": 7, "effects": [{"effect": "takes_only", "max": 7, "when": {"cards": 1}}]},
            {"rank": 6, "effects": [{"effect": "cut_in", "when": {"pile": "not_empty"}}]},
        ]
    )

    def marked(g: GameType, steps: list[Step]) -> int:
        return int(bool(g.state.held))

    assert walk_listed_steps(v, marked) > 0
    bots_finish(v)


def _warnings(effects: list[object]) -> list[str]:
    data = {
        "id": "x",
        "name": "X",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 2, "high": 14, "copies": 4},
        "rank_powers": [{"rank": 2, "effects": effects}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    result = load_variant_text(yaml.safe_dump(data, sort_keys=False), "x.yaml")
    assert not result.errors
    return [str(p) for p in result.warnings]


def test_the_loader_warns_where_the_card_would_burn_as_it_is_laid() -> None:
    (burned,) = _warnings(["wild", {"effect": "value", "value": 0, "when": {"cards": 4}}])
    assert "when.cards" in burned and "never lies there" in burned
    assert _warnings(["wild", LONE_TWO]) == []
