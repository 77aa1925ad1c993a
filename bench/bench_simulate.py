"""Self-play speed: classic, 4 players, random bots, on one core and on all cores.

Target (the issue): >= 600 games/s on one core.  Prints games/s and turns/s; a turn is one
step (a play or a pick-up).  ``python -m bench.bench_simulate [games]``.
"""

from __future__ import annotations

import os
import sys

from referee.simulate import simulate
from referee.variant.registry import builtin

GAMES = 400
TARGET = 600  # games per second on one core


def measure(games: int, jobs: int, bots: tuple[str, ...] = ("random",)) -> tuple[float, float]:
    report = simulate(builtin("classic"), players=4, games=games, seed=1, bots=bots, jobs=jobs)
    return report.games_per_second, report.turns_per_second


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else GAMES
    cores = os.cpu_count() or 1
    print(f"classic, 4 players, {games} games per run (target {TARGET} games/s on one core)")
    for bots in (("random",), ("greedy",), ("smart",)):
        for jobs in dict.fromkeys((1, cores)):
            gps, tps = measure(games * jobs, jobs, bots)
            print(
                f"  {','.join(bots):<7} --jobs {jobs}: {gps:8.1f} games/s {tps:10,.0f} turns/s "
                f"({tps / gps:.0f} turns/game)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
