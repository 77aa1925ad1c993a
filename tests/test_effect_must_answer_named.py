"""``must_answer`` with ``answers`` (issue 42, docs/rulings.md): a demand that names which single
cards answer it - "the shooting ace: a 2, an 8, a 10 or another ace, or pick up" - a list of
cards as an effect's parameter (``referee.variant.declare.Cards``): declared once, checked
against the deck, said in the refusal and the rules sheet, kept through the way back to data."""

from __future__ import annotations

import json

import support

from referee.engine import Game, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal"]
SHOOT = {"effect": "must_answer", "answers": [2, 8, 10]}


def numbers() -> Variant:
    return support.house(
        [{"id": "trump", "name": "Trump", "copies": 2, "effects": []}],
        [
            {"rank": 2, "effects": ["wild"]},
            {"rank": 3, "effects": ["wild", "mirror"]},
            {"rank": 8, "effects": ["wild", "transparent"]},
            {"rank": 10, "effects": ["wild", "clear_pile"]},
            {"rank": 9, "effects": [SHOOT]},
        ],
    )


def ordinary(answers: list[object]) -> dict[str, object]:
    data = support.house_data(None, [{"rank": "A", "effects": [{**SHOOT, "answers": answers}]}])
    data["ranks"] = {"pack": "ordinary", "ace": "high"}
    data["jokers"] = {"copies": 2}
    return data


def game(v: Variant) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 6), draw_pile=0, pile=(5,))
    return Game.from_position(v, NAMES, start)


def test_only_the_cards_named_answer_it() -> None:
    g = game(numbers())
    g.push(Play("Ann", (9,)))
    for card in (9, 2, 8, 10):
        assert g.is_legal(Play("Ben", (card,))), card
    for card in (3, "trump", 7):  # a wild 3 and a Karma card go on anything else (R5.3)
        v = g.advice.explain(g.state, Play("Ben", (card,)))
        assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R5.5", card
        assert isinstance(v.data, HouseRule) and v.data.code == "must_answer"
        assert v.message == "No: Ben must answer with a 9, a 2, an 8 or a 10, or pick up the pile."
    assert g.advice.hint(g.state).startswith("Ben may play from their hand: a 9 or a wild 2, 8")


def test_an_ordinary_pack_names_its_cards_and_a_joker_may_be_named() -> None:
    v = variant_from_data(ordinary([2, 8, 10, "joker"]))
    g = game(v)
    g.push(Play("Ann", (14,)))
    assert g.is_legal(Play("Ben", ("joker",))) and not g.is_legal(Play("Ben", (3,)))
    said = g.advice.explain(g.state, Play("Ben", (3,))).message
    assert (
        said == "No: Ben must answer with an Ace, a 2, an 8, a 10 or a Joker, or pick up the pile."
    )
    assert "(or a 2, an 8, a 10 or a Joker)" in rules_sheet(v)


def test_the_list_goes_back_to_data_as_written_and_the_effect_is_hashable() -> None:
    v = numbers()
    (effect,) = [e for p in v.rank_powers if p.rank == 9 for e in p.effects]
    assert effect.params["answers"] == (2, 8, 10) and hash(effect)
    nine = [p for p in variant_to_data(v)["rank_powers"] if p["rank"] == 9]
    (back,) = nine[0]["effects"]
    assert back["answers"] == [2, 8, 10]
    assert problems(variant_to_data(v)) == []  # read again as it was written


def problems(data: dict[str, object]) -> list[tuple[str, str, str]]:
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    return [(p.severity, p.path, p.message) for p in result.problems]


def test_the_loader_checks_the_cards_against_the_deck() -> None:
    assert problems(ordinary([2, 8, 10, "joker"])) == []
    (bad,) = problems(ordinary([2, 15]))
    assert bad[:2] == ("error", "rank_powers[0].effects[0].answers")
    assert "the card 15 is not in the deck" in bad[2]
    (bad,) = problems(ordinary(["trump"]))
    assert "called 'trump'; expected one of: a number, J, Q, K or A, or joker" in bad[2]
    (warning,) = problems(
        ordinary([2]) | {"rank_powers": [{"rank": 14, "effects": [{**SHOOT, "wild": "allowed"}]}]}
    )
    assert warning[:2] == ("warning", "rank_powers[0].effects[0].wild")


def test_the_schema_refuses_an_empty_list_and_a_card_named_twice() -> None:
    for answers in ([], [2, 2], [2.5], [True, 2]):
        result = load_variant_text(json.dumps(ordinary(answers)).encode(), "house.yaml")
        assert not result.ok, answers
        assert any("answers" in p.path for p in result.errors), answers
