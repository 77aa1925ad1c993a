"""Who moves next, read from RULES.md alone (R6.4-R6.6, R7, R8, R10), against the engine.

An oracle written from the rule book, not from the engine: it keeps only the direction of play
and the turns each person owes (R8.6), and from the pile before a step and the step itself says
whether the pile burns (R7.1-R7.3, R8.4's move), who moves next (R6.5, R7.4, R6.6, R8.1, R8.3,
R8.5, R8.11, R8.12) and that the mover and the next player drew (R6.4). It reads from the
engine only what no rule decides: the random deal, which cards each seat then holds, and
whether a blind face-down card fitted (R5). Random legal games of the built-in variants whose
cards it knows; each step must agree.
"""

from __future__ import annotations

import random

import pytest

from referee.engine import Game, PickUp, Play
from referee.engine.steps import Step
from referee.table.state import State
from referee.variant.model import Variant
from referee.variant.registry import builtin
from referee.words.reasons import Reason

# What the book says each card does (R8, R12; the party variant's Turn Around and the jokers of
# Palace turn play round, R9's reverse). Cards not named here do nothing to the turn.
ONE_TIME = {
    "give_the_pile_to_a_friend",
    "clear_the_pile",
    "exchange_hands",
    "change_your_seat",
    "pass_to_the_right",
    "create_your_karma",
}
REVERSE = {"create_your_karma", "turn_around", "joker"}
PLAYS_AGAIN = {"clear_the_pile"}  # R8.5

TABLES = (
    ("classic", (2, 3, 4, 7)),
    ("second-edition", (2, 3, 4, 6)),
    ("mini-round", (2, 3, 5)),
    ("party-twelve", (3, 8)),
    ("quick-duel", (2,)),
    ("shithead", (3, 6)),
    ("palace", (2, 4)),
)


class Book:
    """The direction of play and the turns owed, by person (R8.6), as the book keeps them."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.direction = 1
        self.owed: dict[str, int] = {}
        # Rank powers that clear the pile (R1.4: "every 10 clears the pile").
        self.clears = {
            p.rank for p in variant.rank_powers if any(e.name == "clear_pile" for e in p.effects)
        }

    def first_in_after(self, seat: int, names: list[str], ins: set[str]) -> str:
        """R6.5: the first player who is in after ``seat``; who owes a turn loses it (R8.6)."""
        n = len(names)
        i = seat
        for _ in range(n * (1 + sum(self.owed.values()))):
            i = (i + self.direction) % n
            who = names[i]
            if who not in ins:
                continue
            if self.owed.get(who, 0):
                self.owed[who] -= 1
                continue
            return who
        raise AssertionError("nobody to move")

    def burns(self, pile: list[object], step: Play) -> bool:
        """R7.1-R7.3 and R8.4: the top cards identical once the cards land, or once Bottoms Up
        moved the bottom card up; a one-time card never lands (R8)."""
        n = self.variant.burn
        card = step.cards[0]
        if card in ONE_TIME:
            return False
        landed = pile + list(step.cards)
        if landed[-n:] == [card] * n:
            return True
        if card == "bottoms_up":
            moved = landed[1:] + landed[:1]
            return len(moved) >= n and moved[-n:] == [moved[-1]] * n
        return False

    def resolve(self, step: Play, seat: int, names: list[str], ins: set[str]) -> None:
        """What the card does to the turn once it has not burned (R8.6, R8.12)."""
        card = step.cards[0]
        if card in REVERSE:
            self.direction = -self.direction
        elif card == "lose_a_turn":
            who = step.to if step.to is not None else self._next_other(seat, names, ins)
            self.owed[who] = self.owed.get(who, 0) + 1

    def _next_other(self, seat: int, names: list[str], ins: set[str]) -> str:
        n = len(names)
        return next(
            names[(seat + k * self.direction) % n]
            for k in range(1, n)
            if names[(seat + k * self.direction) % n] in ins
        )


def _expected(book: Book, g: Game, step: Step, missed: bool, before: tuple[list[object], int]):
    """(the player who moves next by the book, a follow-up due, the pile burned)."""
    s = g.state
    pile, seat = before
    names = list(s.names)
    ins = {names[i] for i in range(len(names)) if s.seats[i].total}
    if isinstance(step, PickUp) or missed:  # R6.2, R7.5
        return book.first_in_after(seat, names, ins), False, False
    burned = book.burns(pile, step)
    card = step.cards[0]
    if not burned:
        book.resolve(step, seat, names, ins)
    if card == "play_a_table_card" and not burned and step.by in ins:
        return step.by, True, False  # R8.3
    again = burned or card in PLAYS_AGAIN or card in book.clears
    if again and step.by in ins:
        return step.by, False, burned  # R7.4, R6.6, R8.5
    return book.first_in_after(seat, names, ins), False, burned  # R8.11: from the card's seat


def _check_draws(g: Game, step: Step, drew_from: int, follow: bool) -> None:
    """R6.4: whenever the turn passes or the mover plays again, the mover and the next player
    hold the minimum hand while the draw pile lasts; none draws before a follow-up."""
    s = g.state
    if follow:
        assert s.draw_pile == drew_from, "a draw before the follow-up (R8.3)"
        return
    if not s.draw_pile:
        return
    for who in {step.by, g.turn}:
        seat = s.seats[s.seat_of(who)]
        if seat.total:
            assert seat.hand.count >= g.variant.min_hand, f"{who} did not draw (R6.4)"


def _one_step(book: Book, g: Game, rng: random.Random) -> None:
    s: State = g.state
    step = rng.choice(g.choices.legal_steps(s))
    missed = g.advice.explain(s, step).reason == Reason.FACE_DOWN_MISSES
    before = (list(s.pile), s.seat_of(step.by))
    drew_from = s.draw_pile
    outcome = g.push(step)
    s = g.state
    ins = [i for i in range(len(s.seats)) if s.seats[i].total]
    if len(ins) < 2:  # R10.2
        assert g.over and g.turn is None
        assert g.loser == (s.names[ins[0]] if ins else None)
        return
    assert not g.over
    who, follow, burned = _expected(book, g, step, missed, before)
    assert g.turn == who, (step, before[0])
    assert bool(s.pending and s.follow_up) == follow, step
    if burned:
        assert outcome.burned and not s.pile, step
    _check_draws(g, step, drew_from, follow)


@pytest.mark.parametrize(
    ("variant_id", "players"), [(v, n) for v, counts in TABLES for n in counts]
)
def test_who_moves_next_is_what_the_book_says(variant_id: str, players: int) -> None:
    variant = builtin(variant_id)
    for seed in range(3):
        g = Game.shuffled(variant, [f"P{i}" for i in range(players)], seed)
        book = Book(variant)
        rng = random.Random(seed)
        for _ in range(300):
            if g.over:
                break
            _one_step(book, g, rng)
