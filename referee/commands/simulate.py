"""``karma simulate FILE``: self-play a variant and print its balance report.

Exit codes: 0 done (also when the report flags that the variant may not end), 2 bad arguments
or a variant that cannot be loaded or seated, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TextIO

from referee.simulate import BOTS, DEFAULT_STEP_CAP, MAX_WORK, simulate

USAGE_ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="FILE", help="a variant file or a built-in id")
    parser.add_argument("--players", "-p", type=int, default=4, help="players (default 4)")
    parser.add_argument("--games", "-g", type=int, default=1000, help="games (default 1000)")
    parser.add_argument("--seed", "-s", type=int, default=1, help="seed (default 1)")
    parser.add_argument(
        "--bots",
        default="random",
        help=(
            f"comma-separated bots, from {', '.join(BOTS)} (default random); the line-up "
            "rotates one seat per game, so each bot sits in each seat equally often"
        ),
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=0,
        help="worker processes (default 0: one per core); results do not depend on it",
    )
    parser.add_argument(
        "--step-cap",
        "--turn-cap",  # the old name, still accepted
        dest="step_cap",
        type=int,
        default=DEFAULT_STEP_CAP,
        help=(
            f"stop a game after this many steps, plays and pick-ups (default {DEFAULT_STEP_CAP}); "
            f"games x players x this may be at most {MAX_WORK:,}; --turn-cap is its old name"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--csv", action="store_true", help="print the report as CSV")


class _Bar:
    """A one-line progress bar on a terminal (stderr)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        percent = 100 * done // total if total else 100
        if percent == self.shown:
            return
        self.shown = percent
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from referee.variant.loader import VariantError
    from referee.variant.registry import resolve

    bots = tuple(b.strip() for b in str(args.bots).split(",") if b.strip())
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    try:
        variant = resolve(args.variant)
    except VariantError as e:
        print(f"karma simulate: cannot load {args.variant}:\n{e}", file=sys.stderr)
        return USAGE_ERROR
    except OSError as e:
        print(f"karma simulate: cannot read {args.variant}: {e}", file=sys.stderr)
        return USAGE_ERROR
    progress = _Bar(sys.stderr) if sys.stderr.isatty() else None
    try:
        report = simulate(
            variant,
            players=args.players,
            games=args.games,
            seed=args.seed,
            bots=bots,
            jobs=jobs,
            step_cap=args.step_cap,
            progress=progress,
        )
    except ValueError as e:
        print(f"karma simulate: {e}", file=sys.stderr)
        return USAGE_ERROR
    if args.json:
        out = {
            "games": report.games,
            "seconds": round(report.seconds, 6),
            "games_per_second": round(report.games_per_second, 1),
            "steps_per_second": round(report.steps_per_second, 1),
            "steps_per_game": round(report.steps_per_game, 6),
            # The old keys, duplicates with the same values, so that saved scripts still read.
            "turns_per_second": round(report.steps_per_second, 1),
            "turns_per_game": round(report.steps_per_game, 6),
            "jobs": jobs,
            "may_not_end": report.may_not_end,
            "report": report.to_dict(),
        }
        print(json.dumps(out, indent=2))
    elif args.csv:
        sys.stdout.write(report.to_csv())
    else:
        sys.stdout.write(report.to_text())
    return 0
