"""Issue 44.1: a dry run up to an effect before which none of the card's effects resolves (the
gift of Give a Card, most often) copies only what a play changes (``State.copy_for_play``:
the player's own cards, the pile, the cards seen, what is pending), sharing every other seat's
cards, where it copied the whole table.  Side by side over random valid variants (and those
where Give a Card sits anywhere in a card's effects): at every position, for each play the
mover could propose and each effect of its card, the light dry run gives the very state the
whole copy gives, and the position itself is untouched.
"""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, valid_variants
from support import legal_steps
from test_choices_gifts import gift_variants

from referee.engine import Game, Play, SetupError
from referee.table.state import State
from referee.variant.model import Variant
from referee.variant.registry import builtin

STEPS = 60


def _same_dry_runs(game: Game) -> int:
    """Each play of each card the mover holds in the zone due, one copy and all, each player
    chosen: light and whole dry runs to each effect agree.  Returns how many were light."""
    s = game.state
    before = s.copy()
    rules = game._rules
    zone = rules.zone_due(s, s.mover)
    by = s.names[s.mover]
    held = s.seats[s.mover].zone(zone)
    others = [n for n in s.names if n != by]
    light = 0
    for card, have in list(held.known.items()):
        effects = [e.name for e in game.variant.effects_of(card)]
        for k in {1, have}:
            for to in [None, *others]:
                step = Play(by, (card,) * k, zone, to)
                for name in effects:
                    whole = game._state_at(s, step, name, light=False)
                    part = game._state_at(s, step, name)
                    assert part == whole, (step, name)
                    light += name in game._unresolved[card]
                    assert s == before  # the position itself is untouched
    return light


def walk(variant: Variant, players: int, seed: int) -> int:
    n = max(variant.min_players, min(players, variant.max_players))
    try:
        game = Game.shuffled(variant, [f"P{i}" for i in range(n)], seed)
    except SetupError:
        return 0
    rng = random.Random(seed)
    light = 0
    for _ in range(STEPS):
        if game.over:
            break
        light += _same_dry_runs(game)
        game.push(rng.choice(legal_steps(game) + game.choices.out_of_turn_steps(game.state)))
    return light


@budget(30)
@given(variant=valid_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_a_light_dry_run_is_the_whole_one(variant: Variant, players: int, seed: int) -> None:
    note(repr(variant))
    walk(variant, players, seed)


@budget(20)
@given(variant=gift_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_a_light_dry_run_to_a_gift_is_the_whole_one(
    variant: Variant, players: int, seed: int
) -> None:
    note(repr(variant))
    walk(variant, players, seed)


def test_the_second_editions_gifts_are_dry_run_lightly() -> None:
    """Give a Card's gift comes first: its dry runs are light, and agree."""
    variant = builtin("second-edition")
    assert "give_card" in Game.shuffled(variant, ["A", "B"], 1)._unresolved["give_a_card"]
    assert sum(walk(variant, 4, seed) for seed in range(3)) > 50


def test_a_light_copy_shares_only_what_a_play_leaves_alone() -> None:
    """The player's seat, the pile, the cards seen and what is pending are the copy's own, so
    a play there changes nothing of the position; other seats are the very same objects."""
    s = Game.shuffled(builtin("second-edition"), ["A", "B", "C"], 3).state
    then = s.copy_for_play(1)
    assert then == s
    assert then.seats[1] is not s.seats[1] and then.seats[1].hand is not s.seats[1].hand
    assert then.seats[0] is s.seats[0] and then.seats[2] is s.seats[2]
    assert then.pile is not s.pile and then.seen is not s.seen and then.pending is not s.pending
    assert then.draw_cards is s.draw_cards
    assert s.copy_for_play(1, draws=True).draw_cards is not s.draw_cards
    card = next(iter(then.seats[1].hand.known))
    then.seats[1].hand.take(card, 1)
    then.pile.append(card)
    assert then != s and s == Game.shuffled(builtin("second-edition"), ["A", "B", "C"], 3).state
    assert isinstance(then, State)
