"""unbeaten_picks_up: "if the next player cannot play on it, its player picks up the pile"
(issue 42; docs/rulings.md, ruling 138; docs/house-rules.md, rule 78)."""

from __future__ import annotations

import random

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties_house_rules import listed_steps_legal_along, one_filter_along

from referee.engine import Game, PickUp, Play, Position
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.variant.model import Variant
from referee.words.reasons import Reason


def house(must_play: bool = False, mirror: bool = False) -> Variant:
    data = support.house_data(
        [],
        [
            {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]},
            {"rank": 9, "effects": ["unbeaten_picks_up"]},
            {"rank": 10, "effects": ["wild", "clear_pile"]},
            *([{"rank": 3, "effects": ["wild", "mirror"]}] if mirror else []),
        ],
    )
    if must_play:
        data["table"] = {"must_play": True}
    from referee.variant.loader import variant_from_data

    return variant_from_data(data)


def game(
    pile: tuple[int, ...] = (5,),
    hand: dict[str, int] | None = None,
    face_up: dict[str, tuple[int, ...]] | None = None,
    face_down: dict[str, int] | None = None,
    v: Variant | None = None,
) -> Game:
    start = Position(
        "Ann",
        hand=hand or {"Ann": 5, "Ben": 5, "Cal": 5},
        face_up=face_up or {},  # type: ignore[arg-type]
        face_down=face_down or {},
        draw_pile=0,
        pile=pile,
    )
    return Game.from_position(v or house(), ["Ann", "Ben", "Cal"], start)


def hand(g: Game, who: str) -> int:
    return g.zone(who, "hand").count


def test_who_cannot_beat_it_sends_the_pile_to_its_player_and_starts_a_new_pile() -> None:
    g = game()
    g.push(Play("Ann", (9,)))
    v = g.advice.explain(g.state, PickUp("Ben"))
    assert v.legal and v.reason == Reason.PICK_UP_SENT and v.rule == "R5.5"
    assert v.message == "Yes: Ben cannot beat a 9.\nSo Ann picks up the pile (2 cards)."
    out = g.push(PickUp("Ben"))
    assert out.picked_up == 2 and g.turn == "Ben" and not g.state.pile
    assert hand(g, "Ann") == 6 and hand(g, "Ben") == 5
    assert g.zone("Ann", "hand").known == {5: 1, 9: 1}
    assert "Ben cannot beat it, so Ann picks up the pile (2 cards)." in out.messages
    assert "Ben starts a new pile." in out.messages
    # The dare is over: Ben must start the new pile (an empty pile cannot be picked up, R6.3).
    assert not g.state.pending and not g.advice.explain(g.state, PickUp("Ben")).legal
    assert g.advice.explain(g.state, Play("Ben", (4,))).legal


def test_a_player_known_to_hold_a_card_that_beats_it_must_play() -> None:
    g = game(hand={"Ann": 5, "Ben": 0, "Cal": 5}, face_up={"Ben": (10, 4)}, face_down={"Ben": 2})
    g.push(Play("Ann", (9,)))
    v = g.advice.explain(g.state, PickUp("Ben"))
    assert not v.legal and v.reason == Reason.MUST_PLAY and v.rule == "R5.5"
    assert v.message.startswith("No: Ben holds 10, which may go, and at this table Ben must")
    g.push(Play("Ben", (10,), "face_up"))  # wild, and it clears the pile: Ben plays again
    assert g.turn == "Ben"


def test_only_face_down_cards_left_are_turned_over_and_a_miss_is_picked_up_as_usual() -> None:
    """A face-down card may always be turned over (R7.5), so the player is held to it; one that
    misses is the player's own play, picked up by them (ruling 138)."""
    g = game(hand={"Ann": 5, "Ben": 0, "Cal": 5}, face_down={"Ben": 2})
    g.push(Play("Ann", (9,)))
    refused = g.advice.explain(g.state, PickUp("Ben"))
    assert not refused.legal and refused.reason == Reason.MUST_PLAY
    out = g.push(Play("Ben", (4,), "face_down"))
    assert out.picked_up == 3 and hand(g, "Ben") == 3 and hand(g, "Ann") == 4
    assert g.turn == "Cal"


def test_with_two_players_the_turn_does_not_go_back_and_forth() -> None:
    start = Position("Ann", hand={"Ann": 3, "Ben": 3}, draw_pile=0, pile=(5,))
    g = Game.from_position(house(), ["Ann", "Ben"], start)
    g.push(Play("Ann", (9,)))
    g.push(PickUp("Ben"))  # to Ann; Ben starts a new pile
    assert g.turn == "Ben" and hand(g, "Ann") == 4
    assert not g.advice.explain(g.state, PickUp("Ben")).legal  # nothing to pick up: play
    g.push(Play("Ben", (9,)))  # Ben dares Ann back
    assert not g.advice.explain(g.state, PickUp("Ann")).legal  # Ann holds the 9 picked up
    g.push(Play("Ann", (9,)))  # and dares Ben back
    g.push(PickUp("Ben"))  # Ben's hand is not known to beat it: the pile goes to Ann
    assert g.turn == "Ben" and hand(g, "Ann") == 3 + 2 and hand(g, "Ben") == 2


def test_a_player_who_is_out_is_not_handed_the_pile() -> None:
    """Ann goes out on her 9 (R10.1): whoever cannot beat it picks up as usual (ruling 138)."""
    g = game(hand={"Ann": 1, "Ben": 3, "Cal": 3})
    g.push(Play("Ann", (9,)))
    assert g.out() == ["Ann"]
    v = g.advice.explain(g.state, PickUp("Ben"))
    assert v.legal and v.reason == Reason.PICK_UP
    g.push(PickUp("Ben"))
    assert hand(g, "Ben") == 5 and g.turn == "Cal" and g.out() == ["Ann"]


def test_its_own_player_picking_up_takes_the_pile_as_usual() -> None:
    """The dare is for the next player (R8: another player); a card that lets its player go
    again leaves them to pick up themselves."""
    data = support.house_data([], [{"rank": 9, "effects": ["unbeaten_picks_up", "play_again"]}])
    from referee.variant.loader import variant_from_data

    g = game(v=variant_from_data(data))
    g.push(Play("Ann", (9,)))
    assert g.turn == "Ann"
    v = g.advice.explain(g.state, PickUp("Ann"))
    assert v.legal and v.reason == Reason.PICK_UP


def test_a_play_on_it_or_a_burn_ends_the_dare() -> None:
    g = game(pile=(9, 9))
    g.push(Play("Ann", (9,)))
    assert "unbeaten_picks_up" in g.state.pending
    g.push(Play("Ben", (10,)))  # a 10 clears it: Ben plays again
    assert not g.state.pending
    burn = game(pile=(9,), hand={"Ann": 5, "Ben": 5, "Cal": 5})
    burn.push(Play("Ann", (9, 9, 9)))  # four 9s burn: the play does nothing else (R7.2)
    assert not burn.state.pending and burn.turn == "Ann"


def test_a_mirror_dares_again_for_its_own_player() -> None:
    g = game(v=house(mirror=True))
    g.push(Play("Ann", (9,)))
    g.push(Play("Ben", (3,)))  # a mirror of the 9: Ben dares Cal
    g.push(PickUp("Cal"))
    assert hand(g, "Ben") == 4 + 3 and g.turn == "Cal"


def test_undo_brings_the_dare_back() -> None:
    g = game()
    g.push(Play("Ann", (9,)))
    g.push(PickUp("Ben"))
    g.past.undo()
    assert "unbeaten_picks_up" in g.state.pending and len(g.state.pile) == 2
    g.past.redo()
    assert hand(g, "Ann") == 6


def test_legal_steps_agree_with_the_verdicts_along_a_game() -> None:
    g = Game.shuffled(house(), ["Ann", "Ben", "Cal"], 5, keep_history=True)
    listed_steps_legal_along(g, 40)


def test_bots_finish_their_games_with_and_without_must_play() -> None:
    """The pick-up goes to the card's player within one step, so a table where a player may
    pick up only when unable to play does not go round in circles."""
    for must in (False, True):
        v = house(must_play=must)
        for index in range(12):
            names = ["A", "B", "C"][: 2 + index % 2]
            g = Game.shuffled(v, names, index)
            bots = dict.fromkeys(names, BOTS["smart" if index % 3 else "random"]())
            result = play(g, bots, random.Random(index), 3000)
            assert not result.capped, (must, index, result.stall)


@budget(15)
@given(
    variant=variants_using(("unbeaten_picks_up",)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_the_dare_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants where every power card also dares the next player: every
    listed step is legal, a legal proposal is listed, a refused one changes nothing, and undo
    brings the dare back exactly."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_the_hint_under_the_dare_says_who_picks_up() -> None:
    """The player to move hears that the pile goes back to the dare's player, not to them:
    "If Ben cannot, Ann picks up the pile." (rule 78), and, where nothing of theirs may go,
    that Ann picks it up; with no dare on top the hint says as usual that they may pick up."""
    g = game()
    g.push(Play("Ann", (9,)))
    assert g.advice.hint(g.state).endswith("If Ben cannot, Ann picks up the pile.")
    g = game(hand={"Ann": 5, "Ben": 0, "Cal": 5}, face_up={"Ben": (4,)}, face_down={"Ben": 1})
    g.push(Play("Ann", (9,)))
    assert g.advice.hint(g.state) == "Ben cannot play, so Ann picks up the pile."
    g = game()
    g.push(Play("Ann", (8,)))
    assert g.advice.hint(g.state).endswith("Or Ben may pick up the pile.")
