"""Issue 31.3 and 31.4: powers that count per copy, and the next player as a target.

Every targeted effect may aim at the next player (``target: next``) instead of a chosen one, and
the effects where it makes sense may happen once per copy played together (``count:
per_copy``) instead of once per play (R8).
"""

from __future__ import annotations

import support

from referee.effects import EFFECTS
from referee.engine import Game, Play, Position
from referee.variant.model import Variant
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal", "Dee"]


def house(karma: list[dict[str, object]], powers: list[dict[str, object]] | None = None) -> Variant:
    return support.house(karma, powers)


def game(v: Variant, pile: tuple[object, ...] = (3,), hand: int = 5) -> Game:
    start = Position("Ann", hand=dict.fromkeys(NAMES, hand), draw_pile=8, pile=pile)  # type: ignore[arg-type]
    return Game.from_position(v, NAMES, start)


def test_a_targeted_effect_with_a_choice_of_target_may_aim_at_the_next_player() -> None:
    targeted = {n for n, u in EFFECTS.items() if u.targeted}
    assert {"give_pile", "give_pile_draw", "give_card", "exchange_hands", "swap_seats", "skip"} <= (
        targeted
    )
    for name in targeted:
        if not any(p.key == "target" for p in EFFECTS[name].params):
            assert EFFECTS[name].needs_target({}), name  # always a chosen player (choose_next)
            continue
        assert not EFFECTS[name].needs_target({"target": "next"})
        assert EFFECTS[name].needs_target({"target": "chosen"})


def test_a_jack_makes_the_next_player_pick_up_the_pile() -> None:
    v = house([], [{"rank": 8, "effects": [{"effect": "give_pile", "target": "next"}]}])
    g = game(v, pile=(3, 5, 6))
    wrong = g.advice.explain(g.state, Play("Ann", (8,), to="Cal"))
    assert not wrong.legal and wrong.reason == Reason.NO_TARGET_WANTED  # no one to choose
    out = g.push(Play("Ann", (8,)))
    assert "Ann gives the pile (4 cards) to Ben." in out.text
    assert g.zone("Ben", "hand").count == 9 and g.turn == "Ben"  # R8.1: Ben still plays


def test_the_next_player_is_found_as_the_card_resolves() -> None:
    """After a reverse on the same card, 'next' is the player on the other side (ruling 9)."""
    v = house(
        [
            {
                "id": "swap",
                "name": "Swap",
                "copies": 2,
                "effects": ["reverse", {"effect": "exchange_hands", "target": "next"}],
            }
        ]
    )
    g = game(v)
    out = g.push(Play("Ann", ("swap",)))
    assert "Ann and Dee swap hands." in out.text


def test_give_a_card_and_trade_seats_with_the_next_player() -> None:
    v = house(
        [
            {
                "id": "gift",
                "name": "Gift",
                "copies": 2,
                "effects": [{"effect": "give_card", "target": "next"}],
            },
            {
                "id": "seat",
                "name": "Seat",
                "copies": 2,
                "effects": [{"effect": "swap_seats", "target": "next"}],
            },
        ]
    )
    g = game(v)
    g.push(Play("Ann", ("gift",)))
    assert g.zone("Ben", "hand").count == 6
    g2 = game(v)
    g2.push(Play("Ann", ("seat",)))
    assert g2.state.names[:2] == ["Ben", "Ann"] and g2.turn == "Ann"  # R8.11: the next seat


def test_two_eights_skip_two_players() -> None:
    per_copy = {"rank": 8, "effects": [{"effect": "skip", "target": "next", "count": "per_copy"}]}
    g = game(house([], [per_copy]))
    out = g.push(Play("Ann", (8, 8)))
    assert out.skipped == ("Ben", "Cal") and g.turn == "Dee"
    once = {"rank": 8, "effects": [{"effect": "skip", "target": "next"}]}
    g = game(house([], [once]))
    out = g.push(Play("Ann", (8, 8)))
    assert out.skipped == ("Ben",) and g.turn == "Cal"  # R8: once per play


def test_per_copy_skips_never_pass_round_to_the_player() -> None:
    per_copy = {"rank": 8, "effects": [{"effect": "skip", "target": "next", "count": "per_copy"}]}
    v = house([], [per_copy])
    start = Position("Ann", hand={"Ann": 5, "Ben": 5}, draw_pile=0, pile=(3,))
    g = Game.from_position(v, ["Ann", "Ben"], start)
    out = g.push(Play("Ann", (8, 8, 8)))
    assert out.skipped == ("Ben",) and g.turn == "Ann"  # Ben once: nobody else to skip


def test_a_chosen_player_loses_a_turn_per_copy() -> None:
    per_copy = {"rank": 8, "effects": [{"effect": "skip", "count": "per_copy"}]}
    g = game(house([], [per_copy]))
    g.push(Play("Ann", (8, 8), to="Cal"))
    assert g.state.skips == {"Cal": 2}


def test_two_reverses_cancel_out() -> None:
    rev = {"rank": 7, "effects": [{"effect": "reverse", "count": "per_copy"}]}
    g = game(house([], [rev]))
    out = g.push(Play("Ann", (7, 7)))
    assert g.state.direction == 1 and g.turn == "Ben"
    assert "The reverses cancel out" in out.text
    g = game(house([], [rev]))
    g.push(Play("Ann", (7, 7, 7)))
    assert g.state.direction == -1 and g.turn == "Dee"
    once = game(house([], [{"rank": 7, "effects": ["reverse"]}]))
    once.push(Play("Ann", (7, 7)))
    assert once.state.direction == -1  # R8: once per play


def test_the_next_player_draws_per_copy() -> None:
    draws = {"rank": 9, "effects": [{"effect": "next_draws", "n": 1, "count": "per_copy"}]}
    g = game(house([], [draws]))
    g.push(Play("Ann", (9, 9, 9)))
    assert g.zone("Ben", "hand").count == 8


def test_give_a_card_per_copy_gives_one_for_each() -> None:
    gift = {
        "id": "gift",
        "name": "Gift",
        "copies": 3,
        "effects": [{"effect": "give_card", "count": "per_copy"}],
    }
    g = game(house([gift]))
    out = g.push(Play("Ann", ("gift", "gift"), to="Cal"))
    assert g.zone("Cal", "hand").count == 7 and out.text.count("Ann gives a card to Cal.") == 2


def test_with_full_information_every_card_given_per_copy_stays_known() -> None:
    """Was (found by the house-rules property test): in the simulator the second card of a
    per-copy gift was "a card" nobody knew, so the giver's whole hand became unknown and the
    referee then allowed plays of cards they did not hold (explain disagreed with
    legal_steps).  With full information the giver hands over their lowest card."""
    gift = {
        "id": "gift",
        "name": "Gift",
        "copies": 4,
        "effects": [{"effect": "give_card", "count": "per_copy"}],
    }
    for seed in range(60):
        g = Game.shuffled(house([gift]), ["Ann", "Ben", "Cal"], seed, keep_history=True)
        for _ in range(200):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            gifts = [p for p in steps if isinstance(p, Play) and p.cards[:2] == ("gift", "gift")]
            g.push(gifts[0] if gifts else steps[0])
            assert all(seat.hand.unknown == 0 for seat in g.state.seats)


def test_the_rules_sheet_says_it() -> None:
    skip = EFFECTS["skip"]
    assert "two skip two players" in skip.sheet({"target": "next", "count": "per_copy"}, None)
    assert EFFECTS["give_pile"].sheet({"target": "next"}, None).startswith("The next player takes")


def test_per_copy_gifts_in_a_full_information_game_stay_known() -> None:
    """Was (found by the random-variant property test): in the simulator, the second card of
    a per-copy gift was 'forgotten' as at a table (ruling 5), leaving unknown hand cards that
    no legal step could ever play; with every card known, the lowest goes."""
    from referee.table.state import ZoneCards  # noqa: PLC0415

    v = house(
        [
            {
                "id": "gift",
                "name": "Gift",
                "copies": 3,
                "effects": [{"effect": "give_card", "count": "per_copy"}],
            }
        ]
    )
    g = Game.shuffled(v, ["Ann", "Ben"], 1)
    g.state.seats[0].hand = ZoneCards({"gift": 2, 3: 1, 5: 1, 7: 1})
    g.state.pile = []
    g.push(Play("Ann", ("gift", "gift"), "hand", "Ben", 5), trusted=True)
    assert g.state.seats[0].hand.unknown == 0 and g.state.seats[1].hand.unknown == 0
    assert 7 in g.state.seats[0].hand.known and 3 not in g.state.seats[0].hand.known
