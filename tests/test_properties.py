"""Property tests over full-information self-play from random seeds (hypothesis).

Invariants after every step: cards are conserved, no count goes negative, undo restores the
exact previous state; an exported record replays (in table mode, where hands are hidden) to the
same public state, which also shows that R4.3 never refuses a real play; every game ends or
reaches the step cap, which the test reports.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from referee.engine import Game, IllegalStep, PickUp, Play
from referee.engine.steps import Step
from referee.records import export_record, load_record_text, replay
from referee.variant.registry import builtin, builtin_ids

STEP_CAP = 600  # steps: plays and pick-ups
VARIANTS = sorted(builtin_ids())


def total_cards(game: Game) -> int:
    s = game.state
    return len(s.pile) + s.draw_pile + s.out_of_play + sum(seat.total for seat in s.seats)


def check_counts(game: Game) -> None:
    s = game.state
    assert s.draw_pile >= 0 and s.out_of_play >= 0
    for seat in s.seats:
        for zone in (seat.hand, seat.face_up, seat.face_down):
            assert zone.unknown >= 0
            assert all(n > 0 for n in zone.known.values())
            assert zone.count == zone.unknown + sum(zone.known.values())
    for card, n in s.seen.items():
        assert 0 <= n <= game.variant.copies_per_deck(card) * game.decks


def public(game: Game) -> tuple:
    s = game.state
    zones = tuple(
        (s.names[i], seat.hand.count, seat.face_up.count, seat.face_down.count)
        for i, seat in enumerate(s.seats)
    )
    return (game.turn, tuple(s.pile), s.draw_pile, s.out_of_play, zones, s.direction, game.loser)


def self_play(variant_id: str, players: int, seed: int, cap: int = STEP_CAP) -> tuple[Game, int]:
    variant = builtin(variant_id)
    players = max(variant.min_players, min(players, variant.max_players))
    names = [f"P{i}" for i in range(players)]
    game = Game.shuffled(variant, names, seed, keep_history=True)
    size = variant.deck_size(game.decks)
    rng = random.Random(seed)
    taken = 0
    while not game.over and taken < cap:
        steps = game.choices.legal_steps(game.state)
        assert steps, "the player to move always has a legal step"
        step = rng.choice(steps)
        before = game.state.copy()
        game.push(step)
        assert total_cards(game) == size
        check_counts(game)
        if rng.random() < 0.2:  # undo restores the exact previous state, redo the next one
            after = game.state.copy()
            game.past.undo()
            assert game.state == before
            game.past.redo()
            assert game.state == after
        taken += 1
    return game, taken


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant_id=st.sampled_from(VARIANTS),
    players=st.integers(min_value=2, max_value=12),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_self_play_invariants_and_replay(variant_id: str, players: int, seed: int) -> None:
    game, taken = self_play(variant_id, players, seed)
    note(f"{variant_id} with {len(game.players)} players, seed {seed}: {taken} steps")
    if not game.over:
        print(f"step cap reached: {variant_id}, {len(game.players)} players, seed {seed}")
    record = load_record_text(export_record(game), "<exported>")
    result = replay(record)
    refused = [r for r in result.results if not r.ok]
    assert not refused, refused[:3]
    assert public(result.game) == public(game)


def test_random_games_end() -> None:
    """Random play (picking up as often as playing) is slow, but the shipped variants end."""
    cap = 5000
    for variant_id in ("classic", "mini-round", "second-edition"):
        capped = [s for s in range(8) if not self_play(variant_id, 4, s, cap)[0].over]
        print(f"{variant_id}, 4 players, 8 seeds: {len(capped)} reached the {cap}-step cap")
        assert not capped


def proposal_agrees(game: Game, step: Step, listed: list[Step]) -> None:
    """One proposal, legal or not: a legal one is listed (but a gift, whose given card the
    listing leaves open), and a refused one is refused by push too and changes nothing."""
    verdict = game.advice.explain(game.state, step)
    if verdict.legal:
        if not (isinstance(step, Play) and game.choices.needs[step.cards[0]].takes_give):
            assert step in listed, (step, verdict)
        return
    before = game.state.copy()
    try:
        game.push(step)
    except IllegalStep as e:
        assert e.verdict == verdict
    assert game.state == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant_id=st.sampled_from(VARIANTS),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_explain_agrees_with_legal_steps_and_rejections_change_nothing(
    variant_id: str, seed: int
) -> None:
    """Random proposals, legal or not: explain never fails; a rejected step changes nothing;
    with every card known, explain allows exactly the steps legal_steps lists (R11.3)."""
    variant = builtin(variant_id)
    names = [f"P{i}" for i in range(max(variant.min_players, min(3, variant.max_players)))]
    game = Game.shuffled(variant, names, seed, keep_history=True)
    rng = random.Random(seed)
    cards = variant.all_cards()
    for _ in range(150):
        if game.over:
            break
        listed = game.choices.legal_steps(game.state) + game.choices.out_of_turn_steps(
            game.state
        )  # a cut-in opens more
        for _ in range(6):
            by = rng.choice(names)
            card = rng.choice(cards)
            step = (
                PickUp(by)
                if rng.random() < 0.15
                else Play(
                    by,
                    (card,) * rng.randint(1, 3),
                    rng.choice(("hand", "face_up")),
                    rng.choice([None, *names]),
                )
            )
            proposal_agrees(game, step, listed)
        game.push(rng.choice(listed))
