"""``must_answer``'s ``answers`` naming a card of a suit or a colour (issue 42, docs/rulings.md,
ruling 160): "only the Jack of hearts answers it", PAGATV's "a red Jack passes it on".  Where
the pack's suits count, an item of the list may be ``J of hearts`` or ``red J``; only a play that
shows such a card answers with it, and where the list names the demand's own rank so, only
those copies of the same card answer.  The scenario
tests/scenarios/r9-a-red-jack-passes-it-on.yaml; docs/house-rules.md, rule 122."""

from __future__ import annotations

from typing import Any

import pytest
import support

from referee.app import designer
from referee.engine import Game, Play, Position, Step
from referee.variant.loader import (
    VariantError,
    load_variant_text,
    variant_from_data,
    variant_to_data,
)
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]


def data(answers: list[Any], suits: bool = True, own: bool = False) -> dict[str, Any]:
    """A 9 that demands an answer from the next player; ``own``: a red Jack carries it on."""
    powers: list[dict[str, Any]] = [
        {"rank": 9, "effects": [{"effect": "must_answer", "answers": answers}]}
    ]
    if own:
        powers.append(
            {
                "rank": "J",
                "effects": [
                    {"effect": "must_answer", "when": {"colour": "red"}, "answers": answers}
                ],
            }
        )
    return {
        "id": "suited-answers",
        "name": "Suited Answers",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"pack": "ordinary", **({"suits": True} if suits else {})},
        "rank_powers": powers,
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }


def game(v: Variant) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 6), draw_pile=0, pile=(5,))
    return Game.from_position(v, NAMES, start)


def test_only_the_jack_of_hearts_answers_it() -> None:
    g = game(variant_from_data(data(["J of hearts"])))
    g.push(Play("Ann", (9,)))
    say = g.advice.explain
    assert say(g.state, Play("Ben", (11,), suit="hearts")).legal
    for refused in (Play("Ben", (11,), suit="diamonds"), Play("Ben", (11,)), Play("Ben", (12,))):
        v = say(g.state, refused)
        assert not v.legal and v.reason is Reason.HOUSE_RULE, refused
        assert str(v).startswith("No: Ben must answer with a 9 or a Jack of hearts, or pick")
    assert say(g.state, Play("Ben", (9,))).legal  # the same card answers (ruling 19)
    # The advice names the Jack: some play of it answers (the one showing hearts).
    assert "a Jack" in str(say(g.state, Play("Ben", (12,))))


def test_a_colour_and_the_same_card_named_by_colour() -> None:
    """A red Jack carries the demand on; where the list names the demand's own rank by colour
    (``red J`` on a Jack), a black Jack - the same card, by rank - does not answer it."""
    g = game(variant_from_data(data(["red J"], own=True)))
    g.push(Play("Ann", (9,)))
    say = g.advice.explain
    assert say(g.state, Play("Ben", (11,), suit="diamonds")).legal
    assert not say(g.state, Play("Ben", (11,), suit="spades")).legal
    g.push(Play("Ben", (11,), suit="diamonds"))  # passes it on: Cal must answer a red Jack
    black = say(g.state, Play("Cal", (11,), suit="clubs"))
    assert not black.legal and "Cal must answer with a red Jack, or pick up" in str(black)
    assert say(g.state, Play("Cal", (11,), suit="hearts")).legal
    assert not say(g.state, Play("Cal", (9,))).legal  # a 9 is no answer to the red Jack's demand


def test_the_plays_of_a_card_named_by_its_suit_are_listed_and_asked_with_each_suit() -> None:
    v = variant_from_data(data(["J of hearts"]))
    g = Game.shuffled(v, NAMES, 3)
    assert 11 in g.choices.fast.suited  # no power of its own reads a suit: the demand does
    assert 12 not in g.choices.fast.suited
    table = Game.from_position(v, NAMES, Position("Ann", hand=dict.fromkeys(NAMES, 6), pile=(5,)))
    table.push(Play("Ann", (9,)))
    jacks = {
        c.suit: c.judgement.legal
        for c in table.choices.table(table.state)
        if c.card == 11 and c.zone == "hand" and c.copies == 1 and c.to is None
    }
    assert jacks == {
        None: False,
        "clubs": False,
        "diamonds": False,
        "hearts": True,
        "spades": False,
    }


def test_the_loader_the_schema_and_the_way_back() -> None:
    v = variant_from_data(data(["J of hearts", "red 8", 10]))
    again = variant_to_data(v)["rank_powers"][0]["effects"][0]
    assert again["answers"] == ["J of hearts", "red 8", 10]
    assert "(or a 10, a Jack of hearts or a red 8)" in rules_sheet(v)
    import yaml

    plain = load_variant_text(yaml.safe_dump(data(["red J"], suits=False)), "v.yaml")
    assert plain.variant is None
    (error,) = plain.errors
    assert "suits do not count" in str(error) and "answers" in str(error)
    unknown = load_variant_text(yaml.safe_dump(data(["J of rubies"])), "v.yaml")
    assert unknown.variant is None and "J of rubies" in str(unknown.errors[0])


def test_the_design_page_offers_cards_of_a_suit_and_a_colour_only_where_the_suits_count() -> None:
    suited = {"ranks": {"pack": "ordinary", "suits": True}}
    plain = {"ranks": {"pack": "ordinary"}}
    assert "red J" in designer.card_options(suited) and "J of hearts" in designer.card_options(
        suited
    )
    assert not any(isinstance(c, str) for c in designer.card_options(plain))
    assert designer.card_words(suited, "red J") == "red Jacks"
    assert designer.card_words(suited, "J of hearts") == "Jack of hearts"


def test_bots_pass_it_on_with_a_red_jack() -> None:
    """Every listed Jack on the 9's demand shows a red suit, and one came up."""

    def look(g: Game, steps: list[Step]) -> int:
        if not g.state.pile or g.state.pile[-1] != 9:
            return 0
        jacks = [s for s in steps if isinstance(s, Play) and s.cards[0] == 11]
        assert all(s.suit in ("hearts", "diamonds") for s in jacks), jacks
        return len(jacks)

    assert support.walk_listed_steps(variant_from_data(data(["red J"], own=True)), look)


def test_a_face_named_by_itself_is_its_rank() -> None:
    """In an ordinary pack ``answers: [J]`` (or ``Jack``) names the Jacks, as ``[11]`` does:
    the file may say a face the way the table says it (it was refused as "no Karma card or
    joker is called 'J'")."""
    for named in (["J"], ["Jack"], [11]):
        v = variant_from_data(data(named, suits=False))
        g = game(v)
        g.push(Play("Ann", (9,)))
        assert g.advice.explain(g.state, Play("Ben", (11,))).legal, named
        assert not g.advice.explain(g.state, Play("Ben", (12,))).legal, named
        assert "or a Jack" in rules_sheet(v), named
    with pytest.raises(VariantError, match=r"'Z'.*J, Q, K or A"):
        variant_from_data(data(["Z"], suits=False))
