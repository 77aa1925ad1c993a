"""Property tests over random valid variants using issue 21's house rules (next_face_up,
give_pile_draw, lower_and_skip, not_last, mirror, cut_in): explain agrees with legal_steps (and
with the out-of-turn steps a cut-in opens), a refused step changes nothing, undo is exact."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_using
from test_properties import check_counts, proposal_agrees, total_cards

from referee.engine import Game, PickUp, Play
from referee.engine.steps import Step
from referee.variant.model import Variant


def one_filter_at(game: Game, rng: random.Random, proposals: int) -> list[Step]:
    """At the game's state: every listed step is legal, a legal proposal is listed, and a
    refused one is refused by push too and changes nothing.  Returns the listed steps."""
    listed = game.choices.legal_steps(game.state) + game.choices.out_of_turn_steps(game.state)
    assert game.choices.legal_steps(game.state), f"no legal step for {game.turn}"
    for step in listed:
        assert game.advice.explain(game.state, step).legal, step
    for step in _proposals(game, rng, proposals):
        proposal_agrees(game, step, listed)
    return listed


def listed_steps_legal_along(g: Game, steps: int = 12) -> None:
    """From the game's state on, the last listed step played each time: every listed step is
    worded legal too (a mode or a count the first play left must not part them)."""
    for _ in range(steps):
        if g.state.over:
            return
        listed = g.choices.legal_steps(g.state)
        assert listed
        for step in listed:
            assert g.advice.explain(g.state, step).legal
        g.push(listed[-1])


def one_filter_along(
    variant: Variant, players: int, seed: int, kept: Callable[[Game], object] | None = None
) -> None:
    """A random game of ``variant``: the one-filter check at every state (``one_filter_at``),
    every step undone to the same state and done again; ``kept``, a figure no step may change
    (the cards in the game), is checked after each step."""
    players = max(variant.min_players, min(players, variant.max_players))
    g = Game.shuffled(variant, [f"P{i}" for i in range(players)], seed, keep_history=True)
    rng = random.Random(seed)
    first = kept(g) if kept is not None else None
    for _ in range(60):
        if g.over:
            return
        listed = one_filter_at(g, rng, 8)
        before = g.state.copy()
        g.push(rng.choice(listed))
        if kept is not None:
            assert kept(g) == first
        g.past.undo()
        assert g.state == before
        g.past.redo()


def _proposals(game: Game, rng: random.Random, n: int) -> list[Step]:
    """Random proposals, legal or not: any player, card, count, zone and chosen player (not
    face-down: full information knows those cards, but a face-down play is blind, so
    legal_steps lists only the card the player would turn over)."""
    names = list(game.players)
    cards = game.variant.all_cards()
    out: list[Step] = []
    for _ in range(n):
        by = rng.choice(names)
        if rng.random() < 0.1:
            out.append(PickUp(by))
            continue
        zone = rng.choice(("hand", "face_up"))
        held = list(game.zone(by, zone).known)
        top = game.state.pile[-1:]
        # Mostly cards the player holds, or the top card (a cut-in), else any card.
        pool = held + top if held and rng.random() < 0.8 else cards
        play = Play(by, (rng.choice(pool),) * rng.randint(1, 2), zone, rng.choice([None, *names]))
        want = game.choices.needs.get(play.cards[0])
        if want is not None and want.names_value and rng.random() < 0.7:
            # A card its player names: as a number it may be named as (rulings 153, 165, 170).
            play = play._replace(named=rng.choice(want.name_choices(game.variant.ranks)))
        out.append(play)
    return out


@budget(25)
@given(
    variant=variants_using(),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_explain_agrees_with_legal_steps_over_random_house_rules(
    variant: Variant, players: int, seed: int
) -> None:
    note(repr(variant))
    players = max(variant.min_players, min(players, variant.max_players))
    game = Game.shuffled(variant, [f"P{i}" for i in range(players)], seed, keep_history=True)
    size = variant.deck_size(game.decks)
    rng = random.Random(seed)
    for _ in range(80):
        if game.over:
            assert (
                game.choices.legal_steps(game.state) == []
                and game.choices.out_of_turn_steps(game.state) == []
            )
            return
        listed = one_filter_at(game, rng, 12)
        before = game.state.copy()
        game.push(rng.choice(listed))
        assert total_cards(game) == size
        check_counts(game)
        if rng.random() < 0.25:
            after = game.state.copy()
            game.past.undo()
            assert game.state == before
            game.past.redo()
            assert game.state == after
