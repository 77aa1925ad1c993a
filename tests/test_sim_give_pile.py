"""The computer players in games where a card gives the pile away (R8.1; docs/house-rules.md,
rules 13, 36, 114, 131, 133).

The pile may be given to any player, in or out (R8), and a player who is out and is given it is
in again (R10.3): legal, but a table of bots that hands every pile to a player who has finished
never ends. The bots give it to a player who is still in, the one closest to going out."""

from __future__ import annotations

import random

import pytest
from support import house

from referee.engine import Game, Play
from referee.simulate.bots import GreedyBot, SmartBot
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
