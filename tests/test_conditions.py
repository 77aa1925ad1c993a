"""Conditions on an effect (issue 42, ``when:``): each condition unit's test and words, the
loader's checks, and the engine asking a condition where the effect acts - after a play
(``Resolution.happens``), where a card may go (the one R5 check) and a card's own check."""

from __future__ import annotations

import yaml
from support import explain, house, legal_steps

from referee.engine import Game, Play, Position
from referee.variant.conditions import CONDITIONS, Moment, holds, said
from referee.variant.effect_list import effect_from_data, effect_to_data
from referee.variant.loader import load_variant_text
from referee.variant.menu import traits_of
from referee.variant.model import Variant
from referee.variant.sheet import describe_effect
from referee.words.reasons import Reason

EMPTY, ON_A_PILE = Moment(True, 1), Moment(False, 1)


def test_the_pile_condition_holds_on_an_empty_pile_or_on_a_pile() -> None:
    assert holds({"pile": "empty"}, EMPTY) and not holds({"pile": "empty"}, ON_A_PILE)
    assert holds({"pile": "not_empty"}, ON_A_PILE) and not holds({"pile": "not_empty"}, EMPTY)
    assert holds({}, EMPTY)  # no condition: always


def test_conditions_are_said_in_plain_words() -> None:
    assert said({"pile": "empty"}) == "only when the pile is empty"
    assert said({"pile": "not_empty"}) == "only when the pile is not empty"
    effect = effect_from_data({"effect": "clear_pile", "when": {"pile": "empty"}})
    assert describe_effect(effect).startswith("Only when the pile is empty: the whole pile")
    assert "pile" in CONDITIONS


def test_an_effect_with_a_condition_reads_and_writes_back() -> None:
    raw = {"effect": "skip", "target": "next", "when": {"pile": "empty"}}
    effect = effect_from_data(raw)
    assert effect.when == {"pile": "empty"} and "when" not in effect.params
    assert effect_to_data(effect) == {**raw, "count": "once", "walk": "others"}
    assert effect_from_data("wild").when == {}


def _threes(*effects: object) -> Variant:
    return house(rank_powers=[{"rank": 3, "effects": list(effects)}])


def _game(v: Variant, pile: tuple[int, ...]) -> Game:
    start = Position("Ann", hand={"Ann": 3, "Ben": 3}, face_down={"Ann": 3, "Ben": 3}, pile=pile)
    return Game.from_position(v, ["Ann", "Ben"], start)


def test_an_effect_after_a_play_happens_only_when_its_condition_holds() -> None:
    v = _threes({"effect": "clear_pile", "when": {"pile": "empty"}})
    g = _game(v, ())
    g.push(Play("Ann", (3,)))
    assert g.state.pile == [] and g.state.names[g.state.mover] == "Ann"  # cleared, plays again
    g = _game(v, (2,))
    g.push(Play("Ann", (3,)))
    assert g.state.pile == [2, 3] and g.state.names[g.state.mover] == "Ben"  # just a 3


def test_a_wild_card_only_on_a_pile_goes_on_anything_there() -> None:
    v = _threes({"effect": "wild", "when": {"pile": "not_empty"}})
    assert not traits_of(v.effects_of(3), False).wild  # never wild by its traits alone
    g = _game(v, (9,))
    assert explain(g, Play("Ann", (3,))).reason == Reason.WILD
    plain = _game(_threes({"effect": "wild", "when": {"pile": "empty"}}), (9,))
    verdict = explain(plain, Play("Ann", (3,)))
    assert not verdict.legal and verdict.rule == "R5.2"


def test_a_limit_on_landing_holds_only_under_its_condition() -> None:
    only_on = {"effect": "only_on", "max": 5, "when": {"pile": "not_empty"}}
    g = _game(_threes(only_on), (9,))
    assert not explain(g, Play("Ann", (3,))).legal
    assert explain(_game(_threes(only_on), ()), Play("Ann", (3,))).legal


def test_the_size_of_the_play_holds_for_exactly_that_many_cards() -> None:
    assert holds({"cards": 2}, Moment(False, 2)) and not holds({"cards": 2}, Moment(False, 3))
    unknown = Moment(False, None)  # the R5 check by the pile's view alone
    assert not holds({"cards": 2}, unknown) and holds({"cards": 2}, unknown, unknown=True)
    assert said({"cards": 4}) == "only when 4 of them are played together"
    assert said({"cards": 1, "pile": "empty"}) == (
        "only when the pile is empty and it is played on its own"
    )


def test_an_effect_after_a_play_may_hang_on_the_size_of_the_play() -> None:
    v = _threes({"effect": "clear_pile", "when": {"cards": 2}})
    g = _game(v, (2,))
    g.push(Play("Ann", (3,)))
    assert g.state.pile == [2, 3]  # one 3: nothing happens
    g = _game(v, (2,))
    g.push(Play("Ann", (3, 3)))
    assert g.state.pile == [] and g.state.names[g.state.mover] == "Ann"


def test_four_of_a_kind_goes_on_anything_and_fewer_do_not() -> None:
    v = _threes({"effect": "wild", "when": {"cards": 4}})
    start = Position("Ann", hand={"Ann": 5, "Ben": 3}, face_down={"Ann": 3, "Ben": 3}, pile=(9,))
    g = Game.from_position(v, ["Ann", "Ben"], start)
    assert explain(g, Play("Ann", (3, 3, 3, 3))).reason == Reason.WILD
    three = explain(g, Play("Ann", (3, 3, 3)))
    assert not three.legal and three.rule == "R5.2"
    assert 3 in g.pile.fast.by_count and g.pile.fast.needs[3].checked  # never the fast path


def test_the_generator_lists_only_the_plays_of_the_size_that_may_go() -> None:
    v = _threes({"effect": "wild", "when": {"cards": 2}})
    g = Game.shuffled(v, ["Ann", "Ben"], 3)
    s = g.state
    s.pile[:] = [9]
    s.seats[0].hand.known, s.seats[0].hand.count = {3: 3}, 3
    threes = [p for p in legal_steps(g) if isinstance(p, Play) and p.cards[0] == 3]
    assert [len(p.cards) for p in threes] == [2]
    assert all(g.is_legal(p) for p in threes)


def test_the_zone_of_the_play_holds_only_for_that_zone() -> None:
    hand = Moment(False, 1, "hand")
    assert holds({"from": "hand"}, hand) and not holds({"from": "face_up"}, hand)
    assert not holds({"from": "hand"}, Moment(False, 1))  # not known: it does not hold
    assert holds({"from": "hand"}, Moment(False, 1), unknown=True)
    assert said({"from": "face_up", "cards": 2}) == (
        "only when 2 of them are played together and it is played from the face-up cards"
    )


def test_a_card_wild_only_from_the_hand_is_not_wild_from_the_face_up_cards() -> None:
    v = _threes({"effect": "wild", "when": {"from": "hand"}})
    start = Position("Ann", hand={"Ann": 0, "Ben": 3}, face_down={"Ann": 1, "Ben": 3}, pile=(9,))
    g = Game.from_position(v, ["Ann", "Ben"], start)
    g.state.seats[0].face_up.add_known(3, 1)
    verdict = explain(g, Play("Ann", (3,), "face_up"))
    assert not verdict.legal and verdict.rule == "R5.2"
    assert explain(_game(v, (9,)), Play("Ann", (3,))).reason == Reason.WILD


def test_a_mirror_copies_a_conditional_power_only_when_it_holds_for_the_mirrors_play() -> None:
    """Ruling 127: a copied condition asks the mirror's own play."""
    mirror = [{"id": "m", "name": "Mirror", "copies": 2, "effects": ["mirror"]}]
    names = ["Ann", "Ben", "Cal"]
    for pile, skips in (("not_empty", True), ("empty", False)):
        skip = {"effect": "skip", "target": "next", "when": {"pile": pile}}
        v = house(karma_cards=mirror, rank_powers=[{"rank": 3, "effects": [skip]}])
        start = Position("Ann", hand=dict.fromkeys(names, 3), face_down={"Ann": 3}, pile=(3,))
        g = Game.from_position(v, names, start)
        g.push(Play("Ann", ("m",)))
        assert g.state.names[g.state.mover] == ("Cal" if skips else "Ben"), pile


def _errors(effects: list[object]) -> list[str]:
    data = {
        "id": "x",
        "name": "X",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 1, "high": 10, "copies": 4},
        "rank_powers": [{"rank": 3, "effects": effects}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    result = load_variant_text(yaml.safe_dump(data, sort_keys=False), "x.yaml")
    return [str(p) for p in result.errors]


def test_every_effect_may_wait_for_a_condition_and_a_bad_one_is_refused() -> None:
    # A card to give: given, and named, only where the condition holds (ruling 163).
    assert _errors([{"effect": "give_card", "when": {"pile": "empty"}}]) == []
    # A chosen player: named only where the condition holds (ruling 152).
    assert _errors([{"effect": "skip", "when": {"pile": "empty"}}]) == []
    # One that works while its card lies on the pile may: the pile marks it (issue 42).
    assert _errors([{"effect": "value", "value": 2, "when": {"pile": "empty"}}]) == []
    (unknown,) = _errors([{"effect": "clear_pile", "when": {"pile": "full"}}])
    assert "when.pile" in unknown and "expected one of: empty, not_empty" in unknown
    (stranger,) = _errors([{"effect": "clear_pile", "when": {"moon": "full"}}])
    assert "when" in stranger and "moon" in stranger
    assert _errors([{"effect": "skip", "target": "next", "when": {"pile": "empty"}}]) == []
