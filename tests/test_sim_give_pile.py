"""The computer players in games where a card gives the pile away (R8.1; docs/house-rules.md,
rules 13, 36, 114, 131, 133).

The pile may be given to any player, in or out (R8), and a player who is out and is given it is
in again (R10.3): legal, but a table of bots that hands every pile to a player who has finished
never ends. The bots give it to a player who is still in, the one closest to going out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from support import house

from referee.engine import Game, PickUp, Play, SetupError
from referee.simulate.bots import BOTS, GreedyBot, SmartBot
from referee.simulate.runner import play
from referee.table.state import Seat, State, ZoneCards
from referee.variant.model import Card, Variant

JACK = [{"rank": 10, "effects": ["give_pile"]}]  # a 10 gives the pile to a chosen player


def _zone(cards: list[Card]) -> ZoneCards:
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ZoneCards(counts)


def position(
    variant: Variant,
    hands: dict[str, list[Card]],
    pile: list[Card],
    mover: str,
    face_down: dict[str, list[Card]] | None = None,
) -> Game:
    """A full-information game from hands chosen by hand (no draw pile)."""
    down = face_down or {}
    seats = [
        Seat(_zone(cards), ZoneCards(), ZoneCards(order=list(down.get(name, []))))
        for name, cards in hands.items()
    ]
    for seat, name in zip(seats, hands, strict=True):
        for c in down.get(name, []):
            seat.face_down.known[c] = seat.face_down.known.get(c, 0) + 1
    seen = {c: variant.copies_per_deck(c) for c in variant.all_cards()}
    state = State(
        names=list(hands),
        seats=seats,
        pile=list(pile),
        seen=seen,
        draw_cards=[],
        mover=list(hands).index(mover),
    )
    return Game(variant, state, decks=1, full_information=True, keep_history=False)


@pytest.mark.parametrize("bot", [GreedyBot, SmartBot])
def test_the_pile_goes_to_a_player_who_is_in_not_one_who_is_out(
    bot: type[GreedyBot] | type[SmartBot],
) -> None:
    # Ann holds a 10 (gives the pile) and a 2; the pile shows a 9. Ben is out (no card),
    # Cal holds five cards. Both gives are legal (R8: any player, in or out), but handing the
    # pile to Ben brings a player who has finished back in (R10.3): the bots give it to Cal.
    v = house(rank_powers=JACK)
    game = position(v, {"Ann": [10, 2], "Ben": [], "Cal": [3, 4, 5, 6, 7]}, [9], "Ann")
    steps = game.choices.legal_steps(game.state)
    gives = {s.to for s in steps if isinstance(s, Play) and s.cards == (10,)}
    assert gives == {"Ben", "Cal"}  # both legal
    step = bot().choose(game, steps, random.Random(0))
    assert isinstance(step, Play) and step.cards == (10,) and step.to == "Cal"
    assert game.is_legal(step)


def test_the_pile_goes_to_the_player_in_closest_to_going_out() -> None:
    # Among the players still in, the one with the fewest cards: Dan (two) over Cal (five).
    v = house(rank_powers=JACK)
    hands: dict[str, list[Card]] = {"Ann": [10], "Ben": [], "Cal": [3, 4, 5, 6, 7], "Dan": [3, 4]}
    game = position(v, hands, [9, 9], "Ann")
    step = SmartBot().choose(game, game.choices.legal_steps(game.state), random.Random(0))
    assert isinstance(step, Play) and step.to == "Dan"


def test_a_burn_that_names_a_player_names_one_still_in() -> None:
    # Ann's two 10s on two 10s burn the pile (burn 4, R7.1): the give lapses (R7.2), but the
    # play still names a player (ruling 13); the bot names Cal, who is in, not Ben, who is out
    # (found by the property test below).
    v = house(rank_powers=JACK)
    game = position(v, {"Ann": [10, 10, 3], "Ben": [], "Cal": [4, 5]}, [10, 10], "Ann")
    steps = game.choices.legal_steps(game.state)
    assert {s.to for s in steps if isinstance(s, Play) and s.cards == (10, 10)} == {"Ben", "Cal"}
    step = SmartBot().choose(game, steps, random.Random(0))
    assert isinstance(step, Play) and step.cards == (10, 10) and step.to == "Cal"


PASS_ON = [{"rank": 10, "effects": [{"effect": "give_pile", "answers": [10]}]}]
"""Rule 133's "Jack someone, and they may jack you back", with the 10 as the Jack."""


def given_to_ben(pile: list[Card], hands: dict[str, list[Card]]) -> Game:
    """Ann lays a 10 on ``pile`` and gives it to Ben, who may pass it on with his own 10 or
    take it (ruling 168)."""
    game = position(house(rank_powers=PASS_ON), hands, pile, "Ann")
    game.push(Play(by="Ann", cards=(10,), zone="hand", to="Ben"))
    assert game.turn == "Ben"
    return game


def test_a_pile_passed_on_goes_to_a_player_in_not_back_to_its_giver() -> None:
    # Ben passes the pile (5, 5 and Ann's 10) on with his 10. Ann has the fewest cards but
    # has just given it (she would send it back round the same circle), Dan is out: Cal.
    hands: dict[str, list[Card]] = {
        "Ann": [10, 2, 3],
        "Ben": [10, 4, 4, 6],
        "Cal": [2, 3, 6, 7],
        "Dan": [],
    }
    game = given_to_ben([5, 5], hands)
    steps = game.choices.legal_steps(game.state)
    assert {s.to for s in steps if isinstance(s, Play)} == {"Ann", "Cal", "Dan"}  # all legal
    step = SmartBot().choose(game, steps, random.Random(0))
    assert isinstance(step, Play) and step.cards == (10,) and step.to == "Cal"


def test_a_pile_of_the_givers_own_jack_is_taken_not_passed_back() -> None:
    # Ann lays her 10 on an empty pile: the pile is that 10 alone. Passing it on would spend
    # Ben's 10 and hand Ann both; taking it costs Ben no card and gains him a 10.
    game = given_to_ben([], {"Ann": [10, 2, 3], "Ben": [10, 4, 4], "Cal": [], "Dan": []})
    steps = game.choices.legal_steps(game.state)
    assert any(isinstance(s, Play) and s.to == "Ann" for s in steps)  # he may pass it back
    step = SmartBot().choose(game, steps, random.Random(0))
    assert isinstance(step, PickUp)


def unfinished(variant: Variant, bot: str, deals: range) -> list[int]:
    """The deals (seeds) of four careful players that do not end: stopped at the simulator's
    step cap or as going round in circles (``runner.play``)."""
    out = []
    for seed in deals:
        names = ["Ann", "Ben", "Cal", "Dan"]
        player = BOTS[bot]()
        result = play(Game.shuffled(variant, names, seed), dict.fromkeys(names, player),
                      random.Random(seed))  # fmt: skip
        if result.capped:
            out.append(seed)
    return out


def test_games_of_a_pile_passed_on_end() -> None:
    # Giving piles to players who were out and back to the giver, careful players left 18 of
    # these 30 deals unfinished.
    assert unfinished(house(rank_powers=PASS_ON), "smart", range(30)) == []


def test_games_of_the_hot_potato_mostly_end() -> None:
    # The second edition with a card that gives the pile to a chosen player and stays in play
    # (test_sim_analysis.hot_potato): 17 of these 30 deals did not end, now 2.
    from test_sim_analysis import hot_potato

    assert len(unfinished(hot_potato(), "smart", range(30))) <= 3


WHEN_PILE = [{"rank": 10, "effects": [{"effect": "give_pile", "when": {"pile": "not_empty"}}]}]
"""Rule 114's "Jack someone: only when there is a pile to give", with the 10 as the Jack."""


def test_a_jack_that_gives_nothing_now_is_shed_like_a_plain_card() -> None:
    # Ben holds two 10s and nothing else in hand; the pile is empty, so a 10 gives nothing
    # (ruling 152: the play names nobody) and is a plain card: both go at once, not one.
    v = house(rank_powers=WHEN_PILE)
    game = position(v, {"Ann": [2, 3], "Ben": [10, 10]}, [], "Ben", {"Ben": [4]})
    steps = game.choices.legal_steps(game.state)
    assert {s.cards for s in steps if isinstance(s, Play)} == {(10,), (10, 10)}
    assert all(s.to is None for s in steps if isinstance(s, Play))
    step = SmartBot().choose(game, steps, random.Random(0))
    assert isinstance(step, Play) and step.cards == (10, 10)


def test_games_of_a_jack_that_gives_only_a_pile_end() -> None:
    # One at a time, the same 10s went round on empty piles: 23 of these 30 deals did not end
    # (13 once the pile went to players still in).
    assert unfinished(house(rank_powers=WHEN_PILE), "smart", range(30)) == []


@budget(20)
@given(
    variant=variants_using(("give_pile",)),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_bots_give_the_pile_legally_and_to_a_player_still_in(
    variant: Variant, players: int, seed: int
) -> None:
    """Random valid variants where every powered card also gives the pile to a chosen player:
    along a game, each careful or simple player's choice is one of the steps listed and legal
    (the bots propose steps through the engine only), and names a player who is out only where
    no player still in may be named instead."""
    note(repr(variant))
    n = max(variant.min_players, min(players, variant.max_players))
    try:
        game = Game.shuffled(variant, [f"P{i}" for i in range(n)], seed)
    except SetupError:
        return
    rng = random.Random(seed)
    bots = [SmartBot(), GreedyBot()]
    for i in range(150):
        if game.over:
            break
        s = game.state
        steps = game.choices.legal_steps(s)
        step = bots[i % 2].choose(game, steps, rng)
        assert step in steps and game.is_legal(step)
        if isinstance(step, Play) and step.to is not None and not s.is_in(s.seat_of(step.to)):
            same = [
                p
                for p in steps
                if isinstance(p, Play) and p.cards[0] == step.cards[0] and p.to is not None
            ]
            assert all(not s.is_in(s.seat_of(p.to)) for p in same if p.to != s.names[s.mover])
        game.push(step)
