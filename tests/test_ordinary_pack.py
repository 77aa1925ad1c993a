"""Issue 31.1: an ordinary pack as a first-class deck (docs/rulings.md 100-107, docs/records.md).

Ranks 2 to 10, J, Q, K and A (the Ace high or low), suits irrelevant, any number of jokers with
their own effects.  The rules count a Queen 12; every word names it: the variant model, the
verdicts and the advice, the rules sheet, the top card and the card grid's labels, records that
may write ``Q``, ``Queen`` or ``12`` alike (and an export that writes ``Q``), the simulator.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from referee import words
from referee.app.glance import CardKind, card_kind, card_words, top_card
from referee.engine import Game, PickUp, Play, Position
from referee.records import RecordError, export_record, load_record_text, replay
from referee.simulate.bots import make_bot
from referee.simulate.runner import play
from referee.variant import builtin, variant_from_data, variant_to_data
from referee.variant.effect_list import effect_to_data
from referee.variant.loader import VariantError, dump_variant, load_variant_text
from referee.variant.menu import MENU
from referee.variant.model import JOKER
from referee.variant.sheet import rules_sheet

NAMES = ["Ann", "Ben", "Cal"]


def pack(**extra: Any) -> dict[str, Any]:
    """An ordinary-pack variant's data, with ``extra`` fields over it."""
    data: dict[str, Any] = {
        "id": "pub",
        "name": "Pub Rules",
        "players": [{"decks": 1, "min": 2, "max": 5}, {"decks": 2, "min": 6, "max": 10}],
        "ranks": {"pack": "ordinary"},
        "rank_powers": [{"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    data.update(extra)
    return data


def start(turn: str, pile: list[Any], hands: int = 5) -> Position:
    return Position(
        turn=turn,
        pile=tuple(pile),
        draw_pile=0,
        hand=dict.fromkeys(NAMES, hands),
        face_up={},
        face_down={},
    )


# --- the model -------------------------------------------------------------------------------


def test_the_faces_are_named_and_labelled() -> None:
    v = builtin("palace")
    assert [v.card_name(c) for c in (2, 10, 11, 12, 13, 14)] == [
        "2",
        "10",
        "Jack",
        "Queen",
        "King",
        "Ace",
    ]
    assert [v.card_label(c) for c in (9, 11, 12, 13, 14)] == ["9", "J", "Q", "K", "A"]
    assert v.card_name(JOKER) == "Joker" and v.card_label(JOKER) == "Joker"
    assert v.all_cards()[-1] == JOKER and v.is_joker(JOKER) and not v.is_joker(12)
    # a number deck says its numbers, as before
    classic = builtin("classic")
    assert classic.card_name(12) == "12" and classic.card_label(12) == "12"
    assert classic.parse_card("Q") is None and classic.parse_card(12) == 12


@pytest.mark.parametrize(
    ("written", "card"),
    [
        (12, 12),
        ("Q", 12),
        ("Queen", 12),
        ("queen", 12),
        ("QUEEN", 12),
        ("J", 11),
        ("K", 13),
        ("A", 14),
        ("ace", 14),
        ("7", 7),
        ("joker", JOKER),
        ("Joker", JOKER),
        ("Z", None),
        (15, None),
        (1, None),
        (True, None),
    ],
)
def test_parse_card_reads_every_spelling(written: object, card: object) -> None:
    assert builtin("palace").parse_card(written) == card


def test_ace_low_is_below_the_two() -> None:
    """Ruling 101: with ace: low the Ace is 1, the lowest card."""
    v = variant_from_data(pack(ranks={"pack": "ordinary", "ace": "low"}, rank_powers=[]))
    assert (v.ranks_low, v.ranks_high, v.deck_size()) == (1, 13, 52)
    assert v.card_name(1) == "Ace" and v.parse_card("A") == 1 and v.card_name(13) == "King"
    game = Game.from_position(v, NAMES, start("Ann", [2]))
    verdict = game.advice.explain(game.state, Play("Ann", (1,)))
    assert not verdict.legal and verdict.message == "No: an Ace is lower than 2."
    game = Game.from_position(v, NAMES, start("Ann", [1]))
    assert game.advice.explain(game.state, Play("Ann", (2,))).legal


def test_jokers_are_wild_count_0_and_carry_their_effects() -> None:
    """Ruling 102: a joker goes on anything (even an Ace), anything goes on it, and its own
    effects happen (here: reverse)."""
    v = builtin("palace")
    game = Game.from_position(v, NAMES, start("Ann", [14]))
    verdict = game.advice.explain(game.state, Play("Ann", (JOKER,)))
    assert verdict.legal and verdict.message == "Yes: a Joker is wild, so it goes on anything."
    outcome = game.push(Play("Ann", (JOKER,)))
    assert "The direction of play is reversed." in outcome.text
    assert game.turn == "Cal" and game.pile.top_value(game.state) == 0
    assert game.advice.explain(game.state, Play("Cal", (3,))).legal


def test_identical_jokers_make_a_run() -> None:
    """Ruling 103: jokers in a row burn the pile like any identical cards (R7.1)."""
    v = variant_from_data(pack(jokers={"copies": 4}))
    game = Game.from_position(v, NAMES, start("Ann", [9, JOKER, JOKER, JOKER]))
    outcome = game.push(Play("Ann", (JOKER,)))
    assert "That makes four Jokers in a row: the pile burns (5 cards)!" in outcome.text
    assert game.state.pile == [] and game.turn == "Ann"
    # a joker between Queens breaks their run
    game = Game.from_position(v, NAMES, start("Ann", [12, 12, JOKER, 12]))
    game.push(Play("Ann", (12,)))
    assert len(game.state.pile) == 5


# --- words -------------------------------------------------------------------------------------


def test_words_name_the_faces() -> None:
    """Ruling 107: verdicts, advice, outcomes and the sheet say Queen, never 12."""
    v = variant_from_data(
        pack(
            jokers={"copies": 2, "effects": ["mirror"]},
            rank_powers=[
                {"rank": "J", "effects": [{"effect": "next_range", "min": 7, "max": 11}]},
                {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]},
            ],
        )
    )
    game = Game.from_position(v, NAMES, start("Ann", [12]))
    assert game.advice.hint(game.state) == (
        "Ann may play from their hand: Queen or higher, or a wild card. "
        "Or Ann may pick up the pile."
    )
    no = game.advice.explain(game.state, Play("Ann", (11,)))
    assert no.message == "No: a Jack is lower than a Queen."
    assert game.push(Play("Ann", (12, 12))).text.startswith("Ann plays two Queens.")
    game = Game.from_position(v, NAMES, start("Ann", [9]))
    assert game.push(Play("Ann", (11,))).text.startswith("Ann plays a Jack.")
    assert "a card from 7 to Jack, or a wild card" in game.advice.hint(game.state)
    # a mirror (the joker) on a Queen counts as a Queen, and says so
    game = Game.from_position(v, NAMES, start("Ann", [12]))
    game.push(Play("Ann", (JOKER,)))
    assert game.advice.explain(game.state, Play("Ben", (11,))).message == (
        "No: a Jack is lower than a Queen (seen through Joker)."
    )
    sheet = rules_sheet(v)
    assert "### Every Jack" in sheet and "### Every 11" not in sheet
    assert "must play a card from 7 to Jack, or a Joker or a wild 2." in sheet
    assert "| an ordinary pack: 2 to 10, J, Q, K, A | 4 of each (52 cards) |" in sheet
    assert "| Jokers | 2 |" in sheet and "## The jokers ×2" in sheet
    assert words.plural("Queen") == "Queens" and words.a_card("Ace") == "an Ace"
    assert words.a_number(12, v) == "a Queen" and words.a_number(12) == "a 12"


def test_the_table_shows_q_and_joker() -> None:
    """The top card's face is Q and it says Queen; a joker has its own kind and symbol."""
    v = builtin("palace")
    game = Game.from_position(v, NAMES, start("Ann", [12]))
    top = top_card(game)
    assert (top.kind, top.face, top.name) == (CardKind.NUMBER, "Q", "Queen")
    assert card_kind(v, JOKER) is CardKind.JOKER and card_words(v, JOKER) == "★ Joker"
    assert card_words(v, 13) == "King" and card_words(v, 10).startswith("⚡")
    game.push(Play("Ann", (JOKER,)))
    top = top_card(game)
    assert (top.kind, top.face, top.name, top.note) == (CardKind.JOKER, "★", "Joker", "Counts 0.")


# --- records -----------------------------------------------------------------------------------

RECORD = """\
variant: palace
players: [Ann, Ben, Cal]
face_up: {Ann: [A, 9, 9], Ben: [Jack, 4, 4], Cal: [joker, 3, 3]}
start:
  turn: Ann
  pile: [9]
  draw_pile: 0
  hand: {Ann: 4, Ben: 4, Cal: 4}
  face_up: {Ann: [A], Ben: [Jack], Cal: [Joker]}
  face_down: {Ann: 1, Ben: 1, Cal: 1}
steps:
  - {by: Ann, play: [Q]}
  - check: {top: Queen}
  - {by: Ben, play: [queen]}
  - check: {top: 12}
  - {by: Cal, play: [12]}
  - check: {top: Q}
  - {by: Ann, play: [A]}
  - {pickup: Ben}
  - {by: Cal, play: [JOKER, JOKER], expect: illegal}
"""


def test_a_record_may_write_q_queen_or_12() -> None:
    """Ruling 104 and docs/records.md: Q, Queen, queen and 12 are one card; an export writes Q
    and joker, and replays to the same game."""
    record = load_record_text(
        RECORD.replace("face_up: {Ann: [A, 9, 9], Ben: [Jack, 4, 4], Cal: [joker, 3, 3]}\n", "")
    )
    result = replay(record)
    assert result.ok, [r.reason for r in result.results if not r.ok]
    assert [s.step.cards for s in record.steps if isinstance(s.step, Play)] == [
        (12,),
        (12,),
        (12,),
        (14,),
        (JOKER, JOKER),
    ]
    assert record.start is not None and record.start.face_up["Cal"] == (JOKER,)
    text = export_record(result.game)
    data = yaml.safe_load(text)
    assert data["start"]["pile"] == [9]
    assert data["start"]["face_up"] == {"Ann": ["A"], "Ben": ["J"], "Cal": ["joker"]}
    assert data["steps"][:4] == [
        {"by": "Ann", "play": ["Q"]},
        {"by": "Ben", "play": ["Q"]},
        {"by": "Cal", "play": ["Q"]},
        {"by": "Ann", "play": ["A"]},
    ]
    again = replay(load_record_text(text))
    assert again.ok and again.game.state.pile == result.game.state.pile


def test_an_exported_deal_writes_labels_and_replays() -> None:
    """A fresh deal of an ordinary pack (face-up cards chosen), played by bots, exported with
    labels, replays to the same end."""
    v = builtin("palace")
    game = Game.shuffled(v, NAMES, 11, keep_history=True)
    rng = random.Random(11)
    while not game.over and len(game.past.steps) < 300:
        game.push(rng.choice(game.choices.legal_steps(game.state)))
    text = export_record(game)
    data = yaml.safe_load(text)
    assert len(data["steps"]) > 50
    played = {c for s in data["steps"] for c in s.get("play", [])}
    assert not played & {11, 12, 13, 14}  # faces go out by label
    again = replay(load_record_text(text)).game
    assert again.state.pile == game.state.pile and again.loser == game.loser
    assert again.state.out_of_play == game.state.out_of_play and again.turn == game.turn


def test_a_number_deck_refuses_q_located_and_old_exports_are_unchanged() -> None:
    text = "variant: classic\nplayers: [Ann, Ben]\nsteps:\n  - {by: Ann, play: [Q]}\n"
    with pytest.raises(RecordError) as info:
        load_record_text(text)
    (problem,) = info.value.problems
    assert (problem.line, problem.path) == (4, "step 1: play[0]")
    assert "there is no card 'Q' in Karma; expected a number 1–16" in problem.message
    game = Game.shuffled(builtin("classic"), ["Ann", "Ben"], 3)
    game.push(game.choices.legal_steps(game.state)[0])
    assert "'" not in export_record(game).split("steps:")[1]  # numbers stay numbers


def test_a_palace_card_the_pack_lacks_is_located() -> None:
    text = "variant: palace\nplayers: [Ann, Ben]\nsteps:\n  - {by: Ann, play: [1]}\n"
    with pytest.raises(RecordError) as info:
        load_record_text(text)
    assert "expected a card 2–10, J, Q, K or A or one of: joker" in str(info.value)


# --- the variant file --------------------------------------------------------------------------


def test_an_ordinary_pack_round_trips_through_yaml() -> None:
    v = variant_from_data(
        pack(
            ranks={"pack": "ordinary", "ace": "low"},
            jokers={"copies": 3, "text": "Turns play round.", "effects": ["reverse"]},
            rank_powers=[{"rank": "Queen", "effects": ["wild"]}],
        )
    )
    data = variant_to_data(v)
    assert data["ranks"] == {"pack": "ordinary", "ace": "low"}
    assert data["jokers"] == {
        "copies": 3,
        "text": "Turns play round.",
        "effects": [effect_to_data(MENU["reverse"].effect())],
    }
    assert data["rank_powers"] == [{"rank": 12, "effects": ["wild"]}]
    again = load_variant_text(dump_variant(v))
    assert again.ok and again.variant == v


def test_jokers_need_an_ordinary_pack() -> None:
    result = load_variant_text(
        yaml.safe_dump(pack(ranks={"low": 1, "high": 16, "copies": 3}, jokers={"copies": 2}))
    )
    assert not result.ok
    assert [p.path for p in result.errors] == ["jokers"]


def test_bots_play_an_ordinary_pack_with_jokers_to_the_end() -> None:
    v = variant_from_data(
        pack(jokers={"copies": 2, "effects": [{"effect": "skip", "target": "next"}]})
    )
    for name in ("random", "greedy", "smart"):
        bots = {n: make_bot(name) for n in NAMES}
        result = play(Game.shuffled(v, NAMES, 5), bots, random.Random(5))
        assert result.loser is not None or result.capped, name


def test_pick_up_is_a_step_in_an_ordinary_pack_too() -> None:
    game = Game.from_position(builtin("shithead"), NAMES, start("Ann", [13]))
    assert game.advice.explain(game.state, PickUp("Ann")).legal


def test_the_random_variants_draw_ordinary_packs_with_jokers() -> None:
    """The property tests over random valid variants (tests/strategies.py) meet ordinary packs,
    Aces low, jokers with effects and faces written by name."""
    from hypothesis import Phase, find, settings
    from strategies import valid_variants, variant_data

    # Found is enough: shrinking the example to the smallest such variant cost 4 s for nothing.
    once = settings(max_examples=2000, database=None, phases=[Phase.generate])

    found = find(
        valid_variants(),
        lambda v: v.ordinary and v.ace == "low" and v.jokers is not None and bool(v.jokers.effects),
        settings=once,
    )
    assert found.card_name(1) == "Ace"

    def loads(d: dict[str, Any]) -> bool:  # variant_data may write what the loader rejects
        try:
            return variant_from_data(d).ordinary
        except VariantError:
            return False

    data = find(
        variant_data(),
        lambda d: any(isinstance(p["rank"], str) for p in d["rank_powers"]) and loads(d),
        settings=once,
    )
    assert variant_from_data(data).ordinary
