"""How long a run will take, from a *bounded* sample: the Simulate page asks before every run.

Playing whole games to measure them costs as much as the games: a valid variant whose games never
end plays each one to the step cap (1.8 CPU-seconds at a cap of 100,000).  So the sample plays at
most :data:`SAMPLE_STEPS` steps in all and :data:`SAMPLE_GAMES` games, and stops early once
:data:`SAMPLE_CPU` CPU-seconds are spent (looked at every :data:`SLICE` steps).  The games that
ended (or reached the run's own cap) give the length of a game; when not one did, the game the
sample had to stop only says that a game lasts *at least* that long, and the estimate says so
("at least about 3 minutes").
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine import Game
from referee.simulate.bots import BOTS
from referee.simulate.runner import (
    _check,
    bot_seed,
    friendly_duration,
    game_seed,
    play,
    seat_names,
    seating,
)
from referee.variant.model import Variant

SAMPLE_STEPS = 10_000
"""Most steps the sample plays in all (the bound a test checks): about 0.1 CPU-seconds."""
SAMPLE_GAMES = 20
SLICE = 100
"""Steps played between two looks at the budget."""
SAMPLE_CPU = 0.15
"""CPU-seconds after which the sample stops (a second bound, for very slow variants)."""


@dataclass(frozen=True)
class Estimate:
    """Seconds a run takes on one core; ``at_least`` when a sampled game had not ended."""

    seconds: float
    at_least: bool
    sample_steps: int
    sample_games: int

    def words(self, games: int = 1, workers: int = 1) -> str:
        """ "about 20 seconds", or "at least about 3 minutes": ``games`` times the estimate,
        shared by ``workers`` cores."""
        when = friendly_duration(self.seconds * games / max(1, workers))
        return f"at least {when}" if self.at_least else when


def estimate_run(
    variant: Variant,
    players: int,
    bots: Sequence[str] = ("random",),
    step_cap: int = 2_000,
    games: int = 1,
    sample_steps: int = SAMPLE_STEPS,
) -> Estimate:
    """The time ``games`` games at ``step_cap`` take, measured on a sample of at most
    ``sample_steps`` steps (the first games of a run seeded 0, each stopped early if need be)."""
    bots = tuple(bots)
    _check(variant, players, max(1, games), bots, 1, step_cap)
    names = seat_names(players)
    instances = {name: BOTS[name]() for name in dict.fromkeys(bots)}
    began = time.thread_time()
    steps = played = 0
    lengths: list[int] = []  # steps of each sampled game, to its end or the run's cap
    cut = False  # a sampled game was stopped before its end and before the run's cap

    def over_budget() -> bool:
        return steps >= sample_steps or time.thread_time() - began >= SAMPLE_CPU

    while played < SAMPLE_GAMES and not over_budget():
        lineup = seating(bots, players, played)
        game = Game.shuffled(variant, names, game_seed(0, played))
        by_name = {n: instances[b] for n, b in zip(names, lineup, strict=True)}
        rng = random.Random(bot_seed(0, played))
        length = 0
        played += 1
        # In slices, so that the budget is checked often; play() goes on where it stopped.
        while True:
            cap = min(SLICE, step_cap - length, sample_steps - steps)
            result = play(game, by_name, rng, cap)
            length += result.steps
            steps += result.steps
            if not result.capped or length >= step_cap:
                break  # the game ended, or reached the run's own cap: a whole game
            if over_budget():
                cut = True
                break
        lengths.append(length)
    spent = time.thread_time() - began
    per_step = spent / max(1, steps)
    whole = lengths[:-1] if cut else lengths
    if whole:  # the games that ended (or reached the run's cap) tell how long a game is
        return Estimate(per_step * sum(whole) / len(whole) * games, False, steps, played)
    # Not one game ended within the sample: a game lasts at least what the sample played.
    return Estimate(per_step * lengths[-1] * games, True, steps, played)
