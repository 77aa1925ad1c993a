"""Self-play speed: classic, 4 players; random, greedy and smart bots, on one core and on all
cores; the time of the Design page's "Test this variant" check (``referee.app.trial``); and
issue 29's whole report for the second edition (printed, with its time against 30 s).

A *step* is a play or a pick-up (a play again is a step of its own).  Issue 12 asks for at
least 3x the steps/s of the peer project (masters-of-shithead, 4 random bots, one core); its
figure is measured outside this repository (its code is never part of it) and can be given
with ``--peer STEPS_PER_SECOND`` to print the ratio.  Run as ``python -m bench simulate`` or
``python -m bench.bench_simulate [--games N] [--runs R] [--peer T]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time

from bench import SMOKE
from referee.simulate import simulate
from referee.variant.registry import builtin

GAMES = 300  # per core and run
RUNS = 3  # the median of this many runs is printed (the machine may be shared)
SPEEDUP = 3.0  # issue 12: at least 3x the peer's steps/s, one core, random bots


def measure(games: int, jobs: int, bots: tuple[str, ...]) -> tuple[float, float]:
    """(games/s, steps/s) of one run."""
    report = simulate(builtin("classic"), players=4, games=games, seed=1, bots=bots, jobs=jobs)
    return report.games_per_second, report.steps_per_second


SMOKE_GAMES = 12
"""A smoke run's analyses play this many games: every step once, not the margins (it once
played the whole ±5 report and took six minutes of the test suite)."""


def trial_seconds(smoke: bool = False) -> float:
    """Seconds of the Design page's "Test this variant" check on classic (issue 29's quick
    question: careful players, margins of 8 points, every core)."""
    from referee.app import trial

    question = trial.quick(builtin("classic"), builtin("second-edition"))
    if smoke:
        question = dataclasses.replace(question, max_games=SMOKE_GAMES, min_games=SMOKE_GAMES)
    began = time.perf_counter()
    for _ in trial.run(question):
        pass
    return time.perf_counter() - began


REPORT_TARGET = 30.0
"""Issue 29.8: the whole report for the second edition, 4 players, every card's worth within
±5 points, in 30 s on a 2-core machine."""


def whole_report(smoke: bool = False) -> tuple[float, str]:
    """Seconds of the whole analysis of the second edition (4 players, ±5 points, every
    core), and the report as text."""
    from referee.simulate.analysis import Question, analyse
    from referee.simulate.answers import to_text

    question = Question(builtin("second-edition"), players=4, target=0.05)
    if smoke:
        question = dataclasses.replace(question, max_games=SMOKE_GAMES, min_games=SMOKE_GAMES)
    began = time.perf_counter()
    answer = analyse(question)
    return time.perf_counter() - began, to_text(answer)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_simulate")
    parser.add_argument("--games", type=int, default=GAMES, help="games per core and run")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per figure (median)")
    parser.add_argument("--peer", type=float, default=0.0, help="the peer's steps/s, one core")
    parser.add_argument(SMOKE, action="store_true", help="tiny sizes, targets not judged")
    args = parser.parse_args([] if argv is None else argv)
    if args.smoke:
        args.games, args.runs = 3, 1
    cores = os.cpu_count() or 1
    print(f"classic, 4 players, {args.games} games per core, median of {args.runs} runs")
    one_core = 0.0
    for bots in (("random",), ("greedy",), ("smart",)):
        for jobs in dict.fromkeys((1, cores)):
            runs = [measure(args.games * jobs, jobs, bots) for _ in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            sps = statistics.median(r[1] for r in runs)
            if bots == ("random",) and jobs == 1:
                one_core = sps
            print(
                f"  {bots[0]:<7} --jobs {jobs}: {gps:8.1f} games/s {sps:10,.0f} steps/s "
                f"({sps / gps:.0f} steps/game)"
            )
    print(
        "  Design page 'Test this variant' (classic against the second edition, careful "
        f"players, ±8 points): {trial_seconds(args.smoke):.2f} s"
    )
    seconds, text = whole_report(args.smoke)
    verdict = "met" if seconds <= REPORT_TARGET else "NOT met"
    print(
        f"  the whole report, second edition, 4 players, ±5 points, {cores} cores: "
        f"{seconds:.1f} s (target {REPORT_TARGET:g} s: {verdict})"
    )
    print(text)
    if args.peer > 0:
        ratio = one_core / args.peer
        verdict = "met" if ratio >= SPEEDUP else "NOT met"
        print(
            f"  random, one core: {ratio:.2f}x the peer's {args.peer:,.0f} steps/s "
            f"(target {SPEEDUP:g}x: {verdict})"
        )
        return 0 if ratio >= SPEEDUP or args.smoke else 1
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
