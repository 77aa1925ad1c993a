"""take_card: take a card from a chosen player, and with Give a Card after it give one back
(issue 42, a choice made at the table; docs/rulings.md, ruling 140)."""

from __future__ import annotations

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Position
from referee.table.state import ZoneCards
from referee.variant.loader import load_variant_text
from referee.variant.model import Variant
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]


def house() -> Variant:
    card = {"copies": 2, "rule": "R9"}
    return support.house(
        [
            {**card, "id": "grab", "name": "Grab", "effects": ["take_card"]},
            {**card, "id": "trade", "name": "Trade", "effects": ["take_card", "give_card"]},
        ]
    )


def game(
    hands: dict[str, int] | None = None,
    face_up: dict[str, tuple[object, ...]] | None = None,
) -> Game:
    start = Position(
        "Ann",
        hand=hands if hands is not None else dict.fromkeys(PLAYERS, 4),
        face_up=face_up if face_up is not None else {},  # type: ignore[arg-type]
        face_down=dict.fromkeys(PLAYERS, 2),
        draw_pile=0,
        pile=(3,),  # type: ignore[arg-type]
    )
    return Game.from_position(house(), PLAYERS, start)


def test_a_hand_card_is_taken_unseen() -> None:
    g = game()
    outcome = g.push(Play("Ann", ("grab",), to="Ben"))
    assert "Ann takes a card from Ben." in outcome.messages
    assert g.zone("Ann", "hand").count == 4 and g.zone("Ben", "hand").count == 3
    assert g.turn == "Ben"


def test_a_card_the_table_can_tell_is_known_in_the_takers_hand() -> None:
    """Ben holds only a face-up 9 and face-down cards: the 9 is taken, and known (ruling 140)."""
    g = game(hands={"Ann": 4, "Ben": 0, "Cal": 4}, face_up={"Ben": (9,)})
    outcome = g.push(Play("Ann", ("grab",), to="Ben"))
    assert "Ann takes 9 from Ben." in outcome.messages
    assert g.zone("Ann", "hand").known == {9: 1}
    assert g.zone("Ben", "face_up").count == 0


def test_a_card_the_table_cannot_tell_makes_the_referee_forget_that_zone() -> None:
    """Two face-up cards of different values and the taker's choice not named: the referee
    forgets what it knew of Ben's face-up cards (R4.3), as for Give a Card."""
    g = game(hands={"Ann": 4, "Ben": 0, "Cal": 4}, face_up={"Ben": (9, 4)})
    g.push(Play("Ann", ("grab",), to="Ben"))
    assert g.zone("Ben", "face_up") == ZoneCards(unknown=1)
    assert g.zone("Ann", "hand").count == 4 and not g.zone("Ann", "hand").known


def test_the_chosen_player_is_another_player_who_is_in() -> None:
    g = game(hands={"Ann": 4, "Ben": 0, "Cal": 4})
    g2 = Game.from_position(
        house(),
        PLAYERS,
        Position(
            "Ann",
            hand={"Ann": 4, "Ben": 0, "Cal": 4},
            face_up={},
            face_down={"Ann": 2, "Cal": 2},
            draw_pile=0,
            pile=(3,),  # type: ignore[arg-type]
        ),
    )
    out = g2.advice.explain(g2.state, Play("Ann", ("grab",), to="Ben"))
    assert not out.legal and out.reason == Reason.TARGET_OUT
    assert out.message == "No: Ben is out, so they have no cards to take."
    own = g.advice.explain(g.state, Play("Ann", ("grab",), to="Ann"))
    assert not own.legal and own.reason == Reason.TARGET_SELF
    assert g.advice.explain(g.state, Play("Ann", ("grab",), to="Ben")).legal


def test_a_trade_gives_one_back_to_the_same_player_judged_after_the_take() -> None:
    """Take a card, then Give a Card: one chosen player for both. Ann plays her last hand card
    and takes Ben's face-up 9: the 9 is in her hand when she gives one back, so giving it is
    allowed (the gift is judged after the take, R8.9's order)."""
    g = game(hands={"Ann": 1, "Ben": 0, "Cal": 4}, face_up={"Ann": (5,), "Ben": (9,)})
    assert g.advice.explain(g.state, Play("Ann", ("trade",), to="Ben", give=9)).legal
    refused = g.advice.explain(g.state, Play("Ann", ("trade",), to="Ben", give=5))
    assert not refused.legal  # a face-up 5 is not a hand card, and she has a hand card now
    outcome = g.push(Play("Ann", ("trade",), to="Ben", give=9))
    assert "Ann takes 9 from Ben." in outcome.messages
    assert "Ann gives 9 to Ben." in outcome.messages
    assert g.zone("Ben", "hand").known == {9: 1} and g.zone("Ann", "hand").count == 0


def test_the_loader_lets_give_card_share_the_chosen_player_but_nothing_else() -> None:
    text = """
id: x
name: X
players: [{decks: 1, min: 2, max: 4}]
ranks: {low: 1, high: 10, copies: 4}
karma_cards:
  - {id: a, name: A, copies: 2, effects: [take_card, give_card]}
  - {id: b, name: B, copies: 2, effects: [take_card, skip]}
deal: {face_down: 3, face_up: 3, hand: 3}
min_hand: 3
burn: 4
"""
    result = load_variant_text(text, "x.yaml")
    assert result.variant is None
    problems = [str(p) for p in result.errors]
    assert len(problems) == 1 and "'skip' needs a chosen player" in problems[0]


def test_the_rules_sheet_says_it_and_the_gift_back_goes_to_the_same_player() -> None:
    from referee.variant.sheet import rules_sheet

    sheet = rules_sheet(house())
    assert "The player takes one card from another player, without looking" in sheet
    assert "The player then gives one of their cards to that same player" in sheet


@budget(15)
@given(
    variant=variants_using(("take_card",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_a_card_taken_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also takes a card from a chosen
    player: every listed step is legal, a legal proposal is listed, a refused one changes
    nothing, and undo brings the state back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_a_card_given_back_after_a_seat_move_is_judged_against_the_hand_it_comes_from() -> None:
    """Take a card, everyone moves a seat, give the next player a card (a card others may cut
    in on): the filter's dry run and the play itself take the same card (with full
    information, a hand card drawn blind by the pile and the victim's seat; it was by the
    mover, whom a cut-in changes before the card resolves but not in the dry run), so every
    card given is one the giver then holds, and no zone holds fewer cards than the table
    knows of (helper hburn's find)."""
    import random

    card = {
        "id": "k",
        "name": "K",
        "copies": 3,
        "rule": "R9",
        "effects": [
            "take_card",
            {"effect": "rotate_seats"},
            "cut_in",
            {"effect": "give_card", "target": "next"},
        ],
    }
    v = support.house([card])
    gifts = 0
    for seed in range(12):
        g = Game.shuffled(v, ["P0", "P1", "P2", "P3"], seed)
        rng = random.Random(seed)
        for _ in range(120):
            if g.over:
                break
            step = rng.choice(g.choices.legal_steps(g.state) + g.choices.out_of_turn_steps(g.state))
            gifts += isinstance(step, Play) and step.give is not None
            g.push(step)
            for seat in g.state.seats:
                for zone in (seat.hand, seat.face_up, seat.face_down):
                    assert zone.unknown >= 0 and zone.count >= sum(zone.known.values()), step
    assert gifts
