"""not_last: a player may not go out on this card (docs/rulings.md, ruling 44)."""

from __future__ import annotations

import support
from support import explain

from referee.engine import Game, PickUp, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.words.reasons import HouseRule, Reason

DATA = support.house_data(
    [{"id": "boom", "name": "Boom", "copies": 2, "effects": ["clear_pile", "not_last"]}]
)


def house() -> Variant:
    return variant_from_data(DATA)


def game(hand: int = 1, pile: tuple[int, ...] = (4,), draw_pile: int = 0) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": hand, "Ben": 3},
        face_down={"Ben": 3},
        draw_pile=draw_pile,
        pile=pile,
    )
    return Game.from_position(house(), ["Ann", "Ben"], start)


def test_a_player_may_not_go_out_on_it() -> None:
    g = game()
    v = g.advice.explain(g.state, Play("Ann", ("boom",)))
    assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R9"
    assert isinstance(v.data, HouseRule) and v.data.code == "not_last"
    assert v.message == "No: Boom may not be Ann's last card: Ann may not go out on it."
    assert g.advice.explain(g.state, PickUp("Ann")).legal
    assert g.advice.explain(g.state, Play("Ann", (5,))).legal  # a plain card may be the last


def test_it_may_be_played_when_cards_remain_or_a_draw_follows() -> None:
    assert explain(game(hand=2), Play("Ann", ("boom",))).legal
    assert explain(game(draw_pile=4), Play("Ann", ("boom",))).legal


def test_on_an_empty_pile_nothing_else_is_open_so_it_may_go() -> None:
    """No pick-up is possible: refusing it would leave no legal step (R10 needs one)."""
    assert explain(game(pile=()), Play("Ann", ("boom",))).legal


def test_full_information_lists_the_pick_up_and_not_the_last_card() -> None:
    g = Game.shuffled(house(), ["Ann", "Ben"], 4, keep_history=True)
    s = g.state
    s.draw_pile, s.draw_cards = 0, []
    s.seats[0].hand.known.clear()
    s.seats[0].hand.count = 0
    s.seats[0].face_up.known.clear()
    s.seats[0].face_up.count = 0
    s.seats[0].face_down.known.clear()
    s.seats[0].face_down.count = 0
    s.seats[0].face_down.order = []
    s.seats[0].hand.add_known("boom")
    s.pile = [3]
    steps = g.choices.legal_steps(g.state)
    assert steps == [PickUp("Ann")]


def test_alone_on_a_card_the_loader_warns() -> None:
    import json

    data = dict(DATA, karma_cards=[{"id": "b", "name": "B", "copies": 1, "effects": ["not_last"]}])
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    assert any("not_last on a card with no other power" in str(p) for p in result.warnings)


def test_the_advice_after_its_refusal_does_not_offer_it() -> None:
    """Issue 30 (R11.1): the advice is read from the verdicts, so a card refused as a last card
    is not offered again; with no Karma card left to offer, none is named."""
    g = game()
    v = g.advice.explain(g.state, Play("Ann", ("boom",)))
    assert not v.legal
    assert v.instead == "Ann may play from their hand: 4 or higher. Or Ann may pick up the pile."
    assert "Karma" not in g.advice.hint(g.state)
