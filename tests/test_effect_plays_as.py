"""A Karma card or a joker played as a number, not wild (issue 42; WIKI19's joker "usually has
a numerical value of 8" and is "only playable according to" it; docs/rulings.md, ruling 162):
``plays_as: {value: 8}``. It goes only where a number card of that value may (R5.2, R5.4) and
counts as it on top; it is still its own card (no run with real 8s, R7.1). The one R5 check,
the advice, the legal steps, the words and the loader read it."""

from __future__ import annotations

import json
from typing import Any

import support

from referee.engine import Game, Play, Position
from referee.simulate.runner import simulate
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]
EIGHT: dict[str, Any] = {"effect": "plays_as", "value": 8}


def data(**more: Any) -> dict[str, Any]:
    jokers = {"copies": 2, "effects": [EIGHT, "reverse"]}
    return {
        "id": "wiki19",
        "name": "Wiki 19",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"pack": "ordinary"},
        "jokers": jokers,
        "rank_powers": [{"rank": 7, "effects": [{"effect": "next_range", "max": 6}]}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
        **more,
    }


def wiki19() -> Variant:
    return variant_from_data(data())


def on(v: Variant, pile: tuple[object, ...]) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, 5), pile=pile)  # type: ignore[arg-type]
    return Game.from_position(v, NAMES, start)


def test_it_goes_only_where_an_eight_may() -> None:
    v = wiki19()
    for top, fits in ((6, True), (8, True), (9, False), (14, False)):
        g = on(v, (top,))
        verdict = g.advice.explain(g.state, Play("Ann", ("joker",)))
        assert verdict.legal is fits, (top, verdict)
        if not fits:
            assert verdict.reason == Reason.TOO_LOW and verdict.rule == "R5.2"
    assert on(v, ()).advice.explain(on(v, ()).state, Play("Ann", ("joker",))).legal  # R5.1
    g = on(v, (5,))
    g.push(Play("Ann", (7,)))  # the next must play under 7 (R5.4)
    refused = g.advice.explain(g.state, Play(g.turn or "", ("joker",)))
    assert not refused.legal and refused.reason == Reason.RESTRICTED


def test_on_top_it_counts_as_its_number_and_turns_play_round() -> None:
    g = on(wiki19(), (6,))
    g.push(Play("Ann", ("joker",)))
    assert g.turn == "Cal"  # turned round (R8.7's reverse): Cal, not Ben
    assert not g.advice.explain(g.state, Play("Cal", (7,))).legal
    assert g.advice.explain(g.state, Play("Cal", (8,))).legal
    g.push(Play("Cal", (8,)))
    g.push(Play("Ben", (8,)))
    g.push(Play("Ann", (8,)))
    assert g.state.pile[-4:] == ["joker", 8, 8, 8]  # three 8s on a joker: no run of four (R7.1)


def test_karma_cards_too_and_the_words() -> None:
    v = wiki19()
    sheet = rules_sheet(v)
    assert "It is not wild: it is played as if it were an 8, only where that card may go" in sheet
    assert "- Jokers are not wild here" in sheet and "Jokers are wild" not in sheet
    assert "or a Joker" not in sheet.split("### Every 7")[1].split("##")[0]
    assert variant_to_data(v)["jokers"]["effects"][0] == EIGHT
    card = {"id": "eight", "name": "Eight", "copies": 2, "effects": [dict(EIGHT)]}
    numbers = support.house([card], [])
    g = Game.from_position(numbers, NAMES, Position("Ann", hand=dict.fromkeys(NAMES, 5), pile=(9,)))  # type: ignore[arg-type]
    assert not g.advice.explain(g.state, Play("Ann", ("eight",))).legal
    assert "A card played as a number is not wild" in rules_sheet(numbers)


def _problems(d: dict[str, Any]) -> list[str]:
    return [f"{p.path}: {p.message}" for p in load_variant_text(json.dumps(d), "x.yaml").problems]


def test_the_loader_checks_it() -> None:
    assert _problems(data()) == []
    on_a_rank = data(rank_powers=[{"rank": 5, "effects": [EIGHT]}])
    assert any("'plays_as' is for a Karma card or a joker" in p for p in _problems(on_a_rank))
    wild = data(jokers={"copies": 2, "effects": [EIGHT, "wild"]})
    assert any("contradict" in p or "cannot both" in p for p in _problems(wild))
    conditioned = data(jokers={"copies": 2, "effects": [{**EIGHT, "when": {"pile": "empty"}}]})
    assert _problems(conditioned)


def test_the_steps_agree_and_the_bots_play_it() -> None:
    v = wiki19()
    support.walk_listed_steps(v, lambda g, steps: 0)
    support.bots_finish(v)
    assert simulate(v, players=3, games=4, seed=1, bots=("smart",)).games == 4


def test_the_hint_never_counts_it_among_the_wild_cards() -> None:
    """With wild 2s and 10s beside it, a joker played as an 8 is named as itself, not folded
    into "a wild card" (it is not wild, ruling 162)."""
    wild = [{"rank": r, "effects": ["wild"]} for r in (2, 10)]
    g = on(variant_from_data(data(rank_powers=wild)), (6,))
    hint = g.advice.hint(g.state)
    assert "Joker" in hint and "a wild card" not in hint, hint
    plain = data(rank_powers=wild, jokers={"copies": 2})  # a wild joker is a wild card
    g = on(variant_from_data(plain), (6,))
    assert "a wild card" in g.advice.hint(g.state)
