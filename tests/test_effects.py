"""One small test per effect of the menu (R9), on the registry's handlers directly."""

from __future__ import annotations

import pytest

from referee.effects import EFFECTS, Arrival, Resolution, arrive, needs_of, resolve, traits_of
from referee.table.state import Seat, State, ZoneCards
from referee.variant.menu import MENU
from referee.variant.model import Effect, Variant


def table(hands: list[int], pile: list[int | str] | None = None) -> State:
    seats = [Seat(ZoneCards(unknown=n), ZoneCards(), ZoneCards()) for n in hands]
    names = ["Ann", "Ben", "Cal", "Dee"][: len(hands)]
    return State(names=names, seats=seats, pile=list(pile or []))


def run(effect: Effect, state: State, mover: int = 0, target: int | None = None, give=None):
    r = Resolution(state, Variant("t", "Test"), mover, 5, target=target, give=give)
    resolve(r, (effect,))
    return r


def test_every_menu_effect_has_a_handler() -> None:
    assert set(EFFECTS) == set(MENU)


def test_wild_is_a_trait_only() -> None:
    t = traits_of((Effect("wild"),), karma=False)
    assert t.wild and t.value is None
    s = table([3, 3], [4])
    run(Effect("wild"), s)
    assert s.pile == [4]


def test_value_counts_as_given() -> None:
    assert traits_of((Effect("value", {"value": 9}),), karma=False).value == 9
    assert traits_of((), karma=True).value == 0  # a Karma card counts 0 (R5.4)
    assert traits_of((), karma=False).value is None


def test_next_range_restricts_the_next_play() -> None:
    s = table([3, 3])
    run(Effect("next_range", {"max": 5}), s)
    assert s.restriction is None  # nothing happens as it resolves: it binds as it comes on top
    arrive(Arrival(s, Variant("t", "Test"), "Ann", 5, 5, None), (Effect("next_range", {"max": 5}),))
    assert s.restriction is not None and s.restriction.range == (None, 5)
    assert s.restriction.card == 5 and s.restriction.rule == "R5.5"  # a rank power (ruling 2)


def test_one_time_is_a_trait() -> None:
    assert traits_of((Effect("one_time"),), True).leaves_game
    assert not traits_of((), True).leaves_game


def test_give_pile_gives_known_hand_cards() -> None:
    s = table([3, 1], [4, 9])
    r = run(Effect("give_pile"), s, target=1)
    assert s.pile == [] and s.seats[1].hand.known == {4: 1, 9: 1} and s.seats[1].hand.count == 3
    assert "gives the pile" in r.notes[0]
    assert needs_of((Effect("give_pile"),)).needs_target


def test_clear_pile_burns_and_plays_again() -> None:
    s = table([3, 3], [4, 9, 9])
    r = run(Effect("clear_pile"), s)
    assert s.pile == [] and s.out_of_play == 3 and r.play_again


def test_play_again_is_an_event() -> None:
    s = table([3, 3], [4])
    r = run(Effect("play_again"), s)
    assert r.play_again and s.pile == [4]


def test_play_table_card_asks_for_a_follow_up() -> None:
    s = table([3, 3])
    r = run(Effect("play_table_card"), s)
    assert s.due == "Ann" and s.follow_up and not r.play_again


def test_bottom_to_top_moves_the_bottom_card() -> None:
    s = table([3, 3], [4, 7, "bottoms_up"])
    r = run(Effect("bottom_to_top"), s)
    assert s.pile == [7, "bottoms_up", 4] and r.landed


def test_bottom_to_top_alone_is_its_own_bottom() -> None:
    s = table([3, 3], ["bottoms_up"])
    r = run(Effect("bottom_to_top"), s)
    assert s.pile == ["bottoms_up"] and not r.landed


def test_skip_chosen_belongs_to_the_person() -> None:
    s = table([3, 3, 3])
    run(Effect("skip", {"target": "chosen"}), s, target=2)
    run(Effect("skip"), s, target=2)  # the default is a chosen player; skips accumulate
    assert s.skips == {"Cal": 2}


def test_skip_next_takes_the_next_player_in() -> None:
    s = table([3, 0, 3])
    run(Effect("skip", {"target": "next"}), s)
    assert s.skips == {"Cal": 1}  # Ben is out, so Cal is next
    assert not needs_of((Effect("skip", {"target": "next"}),)).needs_target


def test_reverse_flips_direction() -> None:
    s = table([3, 3])
    run(Effect("reverse"), s)
    assert s.direction == -1
    run(Effect("reverse"), s)
    assert s.direction == 1


@pytest.mark.parametrize(("direction", "expected"), [("right", [2, 3, 1]), ("left", [3, 1, 2])])
def test_pass_hands(direction: str, expected: list[int]) -> None:
    s = table([1, 2, 3])
    run(Effect("pass_hands", {"direction": direction}), s)
    assert [seat.hand.count for seat in s.seats] == expected


def test_exchange_hands_even_with_an_empty_hand() -> None:
    s = table([0, 4])
    run(Effect("exchange_hands"), s, target=1)
    assert [seat.hand.count for seat in s.seats] == [4, 0]


def test_swap_seats_trades_people_not_cards() -> None:
    s = table([1, 2, 3])
    r = run(Effect("swap_seats"), s, mover=0, target=2)
    assert s.names == ["Cal", "Ben", "Ann"]
    assert [seat.hand.count for seat in s.seats] == [1, 2, 3]
    assert r.continue_from == 0  # play continues after the seat where the card was played


@pytest.mark.parametrize(
    ("direction", "names"), [("left", ["Cal", "Ann", "Ben"]), ("right", ["Ben", "Cal", "Ann"])]
)
def test_rotate_seats(direction: str, names: list[str]) -> None:
    s = table([1, 2, 3])
    run(Effect("rotate_seats", {"direction": direction}), s)
    assert s.names == names and [seat.hand.count for seat in s.seats] == [1, 2, 3]


def test_give_card_known() -> None:
    s = table([2, 0])
    run(Effect("give_card"), s, target=1, give=7)
    assert s.seats[0].hand.count == 1 and s.seats[1].hand.known == {7: 1}
    assert s.seen == {7: 1}


def test_give_card_unknown_from_an_unknown_hand() -> None:
    s = table([2, 0])
    run(Effect("give_card"), s, target=1)
    assert s.seats[1].hand.unknown == 1 and s.seats[0].hand.count == 1


def test_give_card_in_order_of_play_from_face_up() -> None:
    s = table([0, 0])
    s.seats[0].face_up = ZoneCards({12: 1})
    run(Effect("give_card"), s, target=1)
    assert s.seats[0].face_up.count == 0 and s.seats[1].hand.known == {12: 1}


def test_give_card_from_a_partly_known_hand_forgets_it() -> None:
    s = table([0, 0])
    s.seats[0].hand = ZoneCards({9: 2}, unknown=1)
    s.seen = {9: 2}
    run(Effect("give_card"), s, target=1)
    hand = s.seats[0].hand
    assert hand.known == {} and hand.unknown == 2 and s.seen == {9: 0}
    assert s.seats[1].hand.unknown == 1


def test_give_card_lapses_without_cards() -> None:
    s = table([0, 2])
    r = run(Effect("give_card"), s, target=1)
    assert s.seats[1].hand.count == 2 and "no card left" in r.notes[0]


def test_transparent_is_a_trait() -> None:
    assert traits_of((Effect("transparent"),), False).transparent


# --- next_draws: the proof that an effect is one file (issue 9) ---------------------------


def _house_with_next_draws(n: int = 2) -> Variant:
    from referee.variant.loader import variant_from_data

    return variant_from_data(
        {
            "id": "draw-two",
            "name": "Draw Two",
            "players": [{"decks": 1, "min": 2, "max": 4}],
            "ranks": {"low": 2, "high": 14, "copies": 4},
            "karma_cards": [
                {
                    "id": "draw_two",
                    "name": "Draw Two",
                    "copies": 2,
                    "effects": [{"effect": "next_draws", "n": n}],
                }
            ],
            "deal": {"face_down": 3, "face_up": 3, "hand": 3},
            "min_hand": 3,
            "burn": 4,
        }
    )


def test_next_draws_the_next_player_draws_n_from_the_draw_pile() -> None:
    s = table([3, 3, 3])
    s.draw_pile = 5
    r = run(Effect("next_draws", {"n": 2}), s)
    assert s.draw_pile == 3 and s.seats[1].hand.unknown == 5 and s.seats[2].hand.count == 3
    assert r.notes == ["Ben draws 2 cards from the draw pile."]


def test_next_draws_takes_what_is_left_and_lapses_on_an_empty_draw_pile() -> None:
    s = table([3, 3])
    s.draw_pile = 1
    run(Effect("next_draws", {"n": 3}), s)
    assert s.draw_pile == 0 and s.seats[1].hand.count == 4
    r = run(Effect("next_draws", {"n": 3}), s)
    assert s.seats[1].hand.count == 4
    assert r.notes == ["The draw pile is empty, so Ben draws nothing."]


def test_next_draws_follows_the_direction_and_skips_players_who_are_out() -> None:
    s = table([3, 0, 3, 3])
    s.draw_pile = 9
    run(Effect("next_draws", {"n": 2}), s)
    assert s.seats[2].hand.count == 5  # Ben is out: Cal is next
    s.direction = -1
    run(Effect("next_draws", {"n": 2}), s)
    assert s.seats[3].hand.count == 5  # play goes the other way: Dee is next


def test_next_draws_in_a_game_and_on_the_menu() -> None:
    """Defined in one file (referee/effects/next_draws.py): the loader, schema, sheet, menu and
    engine all know it from there; full information draws the known top of the draw pile."""
    from referee.engine import Game, Play
    from referee.variant.sheet import describe_effect

    variant = _house_with_next_draws(2)
    assert MENU["next_draws"].params[0].hi == 20
    assert describe_effect(Effect("next_draws", {"n": 2})) == (
        "The next player draws 2 cards from the draw pile into their hand (as many as are left)."
    )
    game = Game.deal(variant, ["Ann", "Ben", "Cal"])
    draw_pile = game.state.draw_pile
    out = game.push(Play("Ann", ("draw_two",)))
    assert game.zone("Ben", "hand").count == 5 and game.state.draw_pile == draw_pile - 3
    assert "Ben draws 2 cards from the draw pile." in out.messages
    sim = Game.shuffled(variant, ["Ann", "Ben"], 3, keep_history=True)
    top = sim.state.draw_cards[-2:] if sim.state.draw_cards else []
    sim.state.seats[0].hand.add_known("draw_two")
    sim.push(Play("Ann", ("draw_two",)))
    for card in top:
        assert sim.zone("Ben", "hand").known.get(card, 0) >= 1


def test_no_effect_is_special_cased_by_name_outside_its_unit() -> None:
    """Issue 9: an effect lives in one place.  Outside ``referee/effects/`` no code compares
    anything with an effect's name (``e.name == "one_time"``, ``"exchange_hands" in names``):
    what other layers need to know about an effect is a trait or attribute of its unit."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "referee"
    names = set(MENU)
    found = []
    for path in sorted(root.rglob("*.py")):
        if root / "effects" in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                for side in (node.left, *node.comparators):
                    # `x == "wild"`, and `x in ("wild", ...)`: a tuple, list or set compared
                    inner = (
                        side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                    )
                    for e in inner:
                        if isinstance(e, ast.Constant) and e.value in names:
                            found.append(f"{path.relative_to(root)}:{node.lineno}: {e.value}")
            elif isinstance(node, ast.Dict):
                # `{"wild": ...}`: a table keyed by effect names
                for key in node.keys:
                    if isinstance(key, ast.Constant) and key.value in names:
                        found.append(f"{path.relative_to(root)}:{node.lineno}: {key.value}")
            elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                # `EFFECTS["wild"]`, `traits["one_time"]`
                if node.slice.value in names:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {node.slice.value}")
            elif isinstance(node, ast.Set) and any(
                isinstance(e, ast.Constant) and e.value in names for e in node.elts
            ):
                # a hand-made group of effects (e.g. "quiet" effects for bots)
                consts = [e.value for e in node.elts if isinstance(e, ast.Constant)]
                if len(consts) > 1 and all(c in names for c in consts):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {consts}")
    assert found == []
