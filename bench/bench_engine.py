"""Referee cost per step: explain + apply (with its undo copy), at step 10 and step 1,000.

A long game is played by random full-information self-play, then replayed as a table game
(hidden hands, the app's mode).  The cost of a step must not grow with game length.
"""

from __future__ import annotations

import random
import statistics
import time

from bench import smoke
from referee.engine import Game, Step
from referee.variant.registry import builtin

REPEATS = 300
WINDOW = 100  # steps timed around each point, so that one odd step does not decide


def long_game(min_steps: int) -> tuple[Game, list[Step]]:
    variant = builtin("classic")
    players = ["Ann", "Ben", "Cal", "Dee"]
    for seed in range(1000):
        sim = Game.shuffled(variant, players, seed, keep_history=True)
        rng = random.Random(seed)
        while not sim.over and len(sim.past.steps) < min_steps + 1:
            sim.push(rng.choice(sim.choices.legal_steps(sim.state)))
        if len(sim.past.steps) > min_steps:
            return Game.deal(variant, players, sim.initial_face_up), sim.past.steps
    raise RuntimeError("no game long enough")


def time_step(game: Game, step: Step, repeats: int = REPEATS) -> float:
    """Median seconds for explain + push of one step at the game's current position."""
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        verdict = game.advice.explain(game.state, step)
        game.push(step)
        samples.append(time.perf_counter() - t0)
        assert verdict.legal
        game.past.undo()
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    tiny = smoke(argv)
    far, window, repeats = (30, 5, 3) if tiny else (1000, WINDOW, REPEATS)
    game, steps = long_game(far + window)
    windows = {10: range(10, 10 + window), far: range(far, far + window)}
    timed: dict[int, list[float]] = {10: [], far: []}
    for i, step in enumerate(steps[: far + window]):
        for point, span in windows.items():
            if i in span:
                timed[point].append(time_step(game, step, repeats))
        game.push(step)
    at = {point: statistics.median(values) for point, values in timed.items()}
    ratio = at[far] / at[10]
    print(f"explain+apply per step, median over {window} steps (each the median of {repeats}):")
    print(f"  at step 10:    {at[10] * 1e6:7.1f} µs")
    print(f"  at step {far}:  {at[far] * 1e6:7.1f} µs")
    print(f"  ratio {far}/10: {ratio:7.2f}  (must be ≤ 1.2; target < 200 µs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
