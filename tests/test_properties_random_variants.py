"""Property tests over *random valid variants* (issue 8): variants composed from the whole
effect menu and accepted by the loader, played at random in full-information mode.

After every step: cards are conserved, no count goes negative, a legal step exists unless the
game is over (R10), undo and redo are exact, and nothing raises.  The named regression tests
below pin the engine defects that random variants found.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, valid_variants
from test_properties import check_counts, total_cards

from referee.engine import Game
from referee.engine.steps import Play, Position
from referee.records import export_record, load_record_text, replay
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Card, Variant

STEP_CAP = 300


def _play_randomly(variant: Variant, players: int, seed: int) -> None:
    players = max(variant.min_players, min(players, variant.max_players))
    game = Game.shuffled(variant, [f"P{i}" for i in range(players)], seed, keep_history=True)
    size = variant.deck_size(game.decks)
    rng = random.Random(seed)
    trail: list[object] = []  # the steps so far, for the failure message
    for _ in range(STEP_CAP):
        if game.over:
            assert game.choices.legal_steps(game.state) == []
            return
        steps = game.choices.legal_steps(game.state)
        assert steps, f"no legal step for {game.turn} in a game not ended, after {trail[-5:]}"
        step = rng.choice(steps)
        trail.append(step)
        assert game.advice.explain(game.state, step).legal, trail[-5:]
        before = game.state.copy()
        game.push(step)
        assert total_cards(game) == size
        check_counts(game)
        if rng.random() < 0.25:
            after = game.state.copy()
            game.past.undo()
            assert game.state == before
            game.past.redo()
            assert game.state == after


@budget(70)
@given(
    variant=valid_variants(),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_valid_variants_play_safely(variant: Variant, players: int, seed: int) -> None:
    note(repr(variant))
    _play_randomly(variant, players, seed)


@budget(40)
@given(
    variant=valid_variants(),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_every_exported_game_of_a_random_variant_replays(
    variant: Variant, players: int, seed: int
) -> None:
    """Issue 31.1: a random variant's game (an ordinary pack among them, its faces written
    Q and its jokers joker) exported as a record replays, every step legal, to the same table."""
    note(repr(variant))
    players = max(variant.min_players, min(players, variant.max_players))
    game = Game.shuffled(variant, [f"P{i}" for i in range(players)], seed, keep_history=True)
    rng = random.Random(seed)
    for _ in range(120):
        if game.over:
            break
        game.push(rng.choice(game.choices.legal_steps(game.state)))
    text = export_record(game)
    result = replay(load_record_text(text, "<exported>"))
    assert all(r.verdict == "legal" for r in result.results), text
    again = result.game
    assert again.state.pile == game.state.pile and again.turn == game.turn
    assert again.state.out_of_play == game.state.out_of_play and again.loser == game.loser


def _variant(**changes: object) -> Variant:
    data: dict[str, object] = {
        "id": "house",
        "name": "House",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 1, "high": 8, "copies": 4},
        "karma_cards": [],
        "deal": {"face_down": 1, "face_up": 1, "hand": 3},
        "min_hand": 3,
        "burn": 3,
    }
    data.update(changes)
    return variant_from_data(data)


def _karma(*effects: object, copies: int = 4) -> list[dict[str, object]]:
    return [{"id": "house_card", "name": "House Card", "copies": copies, "effects": list(effects)}]


def test_bottom_to_top_then_clear_or_give_the_pile_does_not_crash() -> None:
    """Was IndexError in Game._play: the moved card's restriction was read off an empty pile."""
    for last in ("clear_pile", "give_pile"):
        variant = _variant(karma_cards=_karma("bottom_to_top", last))
        for seed in range(40):
            _play_randomly(variant, 3, seed)


def test_bottom_to_top_then_clear_the_pile_resolves() -> None:
    variant = _variant(karma_cards=_karma("bottom_to_top", "clear_pile"))
    game = Game.from_position(
        variant,
        ["Ann", "Ben"],
        _position(pile=[2, 5], hand={"Ann": 2, "Ben": 3}),
    )
    outcome = game.push(Play("Ann", ("house_card",), "hand"))
    assert game.state.pile == [] and game.state.restriction is None
    assert outcome.plays_again and game.turn == "Ann"


def test_give_card_after_pass_hands_gives_from_the_hand_it_then_holds() -> None:
    """Was: pass_hands + give_card let the giver give a card from the hand they had passed on,
    and a zone's unknown count went to -1.  The given card is now judged after the pass."""
    variant = _variant(
        karma_cards=_karma({"effect": "pass_hands", "direction": "left"}, "give_card")
    )
    for seed in range(60):
        _play_randomly(variant, 3, seed)
    game = Game.shuffled(variant, ["Ann", "Ben", "Cal"], 7, keep_history=True)
    seat = game.state.seats[0]
    seat.hand.known.clear()
    seat.hand.known.update({"house_card": 1, 1: 1})
    game.state.seats[2].hand.known.clear()
    game.state.seats[2].hand.known.update({8: 2})
    game.state.pile.clear()
    # Ann passes her hand (the 1) to Ben, and receives Cal's two 8s: she may give an 8, not a 1.
    assert not game.advice.explain(game.state, Play("Ann", ("house_card",), "hand", "Ben", 1)).legal
    verdict = game.advice.explain(game.state, Play("Ann", ("house_card",), "hand", "Ben", 8))
    assert verdict.legal, verdict
    gifts = {
        s.give
        for s in game.choices.legal_steps(game.state)
        if isinstance(s, Play) and s.cards == ("house_card",)
    }
    assert gifts == {8}


def test_one_time_restricting_card_on_an_empty_pile_leaves_a_legal_step() -> None:
    """Was: a one-time card with next_range on an empty pile left a restriction on an empty pile
    that the player's cards could not meet, and no step was legal.  R5.1 wins (rulings.md)."""
    variant = _variant(karma_cards=_karma("one_time", {"effect": "next_range", "min": 8}))
    game = Game.from_position(variant, ["Ann", "Ben"], _position(hand={"Ann": 2, "Ben": 2}))
    game.state.seats[1].hand.known.update({1: 2})
    game.state.seats[1].hand.unknown = 0
    game.push(Play("Ann", ("house_card",), "hand"))
    assert game.state.restriction is None
    assert game.is_legal(Play("Ben", (1,), "hand"))
    for seed in range(40):
        _play_randomly(variant, 3, seed)


@pytest.mark.parametrize("demand", ["must_answer", "pairs"])
def test_a_one_time_answer_or_pick_up_card_on_an_empty_pile_leaves_a_legal_step(
    demand: str,
) -> None:
    """Was (found by the random-variant property test in CI): a one-time "answer it or pick
    up" card played on an empty pile left the pile empty and the demand standing; the next
    player held no such card and had no pile to pick up, so no step was legal.  What binds the
    pile lapses with it (rulings.md, ruling 19)."""
    variant = _variant(karma_cards=_karma("one_time", demand))
    game = Game.from_position(variant, ["Ann", "Ben"], _position(hand={"Ann": 2, "Ben": 2}))
    game.state.seats[1].hand.known.update({1: 2})
    game.state.seats[1].hand.unknown = 0
    game.push(Play("Ann", ("house_card",), "hand"))
    assert game.state.pile == [] and demand not in game.state.pending
    assert game.is_legal(Play("Ben", (1,), "hand"))
    for seed in range(40):
        _play_randomly(variant, 2, seed)


def test_min_hand_zero_with_a_draw_pile_is_rejected_with_its_place() -> None:
    text = _yaml(min_hand=0)
    result = load_variant_text(text, "house.yaml")
    assert result.variant is None
    (problem,) = [p for p in result.errors if "min_hand 0" in p.message]
    assert (problem.line, problem.path) == (text.splitlines().index("min_hand: 0") + 1, "min_hand")
    assert "expected min_hand 1 or more" in problem.message


def test_a_deal_without_hand_cards_and_a_draw_pile_is_rejected() -> None:
    result = load_variant_text(_yaml(hand=0), "house.yaml")
    assert result.variant is None
    assert any(
        p.path == "deal.hand" and "expected at least 1 hand card" in p.message
        for p in result.errors
    ), result.errors


def test_a_deal_that_uses_the_whole_deck_may_have_min_hand_zero() -> None:
    text = (
        "id: house\nname: House\nplayers:\n  - {decks: 1, min: 2, max: 2}\n"
        "ranks: {low: 1, high: 4, copies: 2}\nkarma_cards: []\n"
        "deal: {face_down: 1, face_up: 1, hand: 2}\nmin_hand: 0\nburn: 2\n"
    )
    result = load_variant_text(text, "house.yaml")
    assert result.variant is not None, result.errors


def _yaml(min_hand: int = 3, hand: int = 3) -> str:
    return (
        "id: house\nname: House\nplayers:\n  - {decks: 1, min: 2, max: 4}\n"
        "ranks: {low: 1, high: 8, copies: 4}\nkarma_cards: []\n"
        f"deal: {{face_down: 1, face_up: 1, hand: {hand}}}\nmin_hand: {min_hand}\nburn: 3\n"
    )


def _position(pile: list[Card] | None = None, hand: dict[str, int] | None = None) -> Position:
    return Position(turn="Ann", pile=tuple(pile or ()), hand=hand or {})


def test_a_follow_up_after_the_seats_rotate_is_the_players_own() -> None:
    """Found by the property test: a card that rotates the seats and then asks for a table-card
    follow-up (R8.3) and a cover left them owed by the player who moved into the seat, so
    ``legal_steps`` listed a play ``judge`` refused.  "The same player" is the one who played."""
    v = variant_from_data(
        {
            "id": "random",
            "name": "Random",
            "players": [{"decks": 1, "min": 2, "max": 2}, {"decks": 2, "min": 3, "max": 5}],
            "ranks": {"low": 1, "high": 10, "copies": 2},
            "karma_cards": [
                {
                    "id": "k0",
                    "name": "Card 0",
                    "copies": 1,
                    "effects": [
                        {"effect": "skip", "count": "once", "target": "chosen"},
                        "cover",
                        {"effect": "rotate_seats", "direction": "left"},
                        "play_table_card",
                    ],
                }
            ],
            "deal": {"face_down": 0, "face_up": 1, "hand": 1},
            "min_hand": 1,
            "burn": 2,
        }
    )
    game = Game.shuffled(v, ["P0", "P1"], 0, keep_history=True)
    rng = random.Random(0)
    while not game.over and game.past.count < 120:
        steps = game.choices.legal_steps(game.state)
        assert all(game.is_legal(s) for s in steps)
        game.push(rng.choice(steps))
    result = replay(load_record_text(export_record(game), "<exported>"))
    assert all(r.verdict == "legal" for r in result.results)
