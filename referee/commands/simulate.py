"""``karma simulate FILE``: the designer's answers for a variant, each with its margin.

Does it end (and why not), is it fair, what is each card worth, how much does skill count, how
long is a game, and (``--compare``) how it differs from another variant: the same analysis as
the Simulate page (``referee.simulate.analysis``).  Careful players by default; the run stops
when the headline margins are within ``--margin`` (or at ``--games``).

Exit codes: 0 done (also when the variant may not end: that is an answer), 2 bad arguments or
a variant that cannot be loaded or seated, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from referee.simulate import BOTS, DEFAULT_STEP_CAP, MAX_WORK
from referee.simulate.analysis import DEFAULT_BOTS, Analysis

USAGE_ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="FILE", help="a variant file or a built-in id")
    parser.add_argument("--players", "-p", type=int, default=4, help="players (default 4)")
    parser.add_argument(
        "--games",
        "-g",
        type=int,
        default=2000,
        help="the most games (deals) to play (default 2000); fewer when the margins are reached",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=5.0,
        help=(
            "stop once every seat's loss share and every card's worth is known within this "
            "many points (default 5; 0 plays every game)"
        ),
    )
    parser.add_argument("--seed", "-s", type=int, default=1, help="seed (default 1)")
    parser.add_argument(
        "--bots",
        default=",".join(DEFAULT_BOTS),
        help=(
            f"comma-separated computer players, from {', '.join(BOTS)} (default "
            f"{','.join(DEFAULT_BOTS)}: careful players; random is careless play); the "
            "line-up rotates one seat per game"
        ),
    )
    parser.add_argument(
        "--compare",
        metavar="VARIANT",
        help="compare with another variant (a file or a built-in id) on the same deals",
    )
    parser.add_argument(
        "--no-cards", action="store_true", help="skip what each card is worth (quicker)"
    )
    parser.add_argument(
        "--no-skill", action="store_true", help="skip careless against careful (quicker)"
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
    parser.add_argument(
        "--suggest",
        action="store_true",
        help=(
            "when the answers find a problem (games that do not end, a seat with an edge, a "
            "card worth far more than the rest, a game of luck), try the variants next to this "
            "one and propose the smallest change that fixes it, with its measured effect"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print the answers as JSON")
    parser.add_argument("--csv", action="store_true", help="print the answers as CSV")


class _Bar:
    """A one-line progress bar on a terminal (stderr): how far the margins or the games are."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = ""

    def __call__(self, a: Analysis) -> None:
        width = 30
        filled = round(width * a.progress())
        bar = "#" * filled + "." * (width - filled)
        line = f"\r[{bar}] {a.games} games"
        if line == self.shown:
            return
        self.shown = line
        self.stream.write(line)
        if a.done:
            self.stream.write("\n")
        self.stream.flush()


def _load(name: str, what: str) -> object:
    from referee.variant.loader import VariantError
    from referee.variant.registry import resolve

    try:
        return resolve(name)
    except VariantError as e:
        return f"karma simulate: cannot load {what} {name}:\n{e}"
    except OSError as e:
        return f"karma simulate: cannot read {what} {name}: {e}"


def run(args: argparse.Namespace) -> int:
    from referee.simulate.analysis import Question, Workers, analyse_live
    from referee.simulate.answers import to_csv, to_dict, to_text
    from referee.variant.model import Variant

    bots = tuple(b.strip() for b in str(args.bots).split(",") if b.strip())
    variant = _load(args.variant, "")
    parent = _load(args.compare, "the variant to compare with") if args.compare else None
    for loaded in (variant, parent):
        if isinstance(loaded, str):
            print(loaded.replace("load  ", "load ").replace("read  ", "read "), file=sys.stderr)
            return USAGE_ERROR
    assert isinstance(variant, Variant) and (parent is None or isinstance(parent, Variant))
    try:
        q = Question(
            variant,
            players=args.players,
            bots=bots,
            seed=args.seed,
            max_games=args.games,
            min_games=min(100, max(1, args.games)),
            target=args.margin / 100,
            step_cap=args.step_cap,
            cards=not args.no_cards,
            skill=not args.no_skill,
            parent=parent,
        )
        q.check()
    except ValueError as e:
        print(f"karma simulate: {e}", file=sys.stderr)
        return USAGE_ERROR
    progress = _Bar(sys.stderr) if sys.stderr.isatty() else None
    answer: Analysis | None = None
    suggestions = []
    with Workers(max(0, args.jobs)) as workers:  # the same processes for the search for a fix
        for answer in analyse_live(q, workers=workers):
            if progress is not None:
                progress(answer)
        assert answer is not None
        if args.suggest:
            from referee.simulate.suggest import suggest

            suggestions = suggest(answer, workers=workers)
    report = answer.report
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
            "jobs": report.jobs,
            "may_not_end": report.may_not_end,
            "report": report.to_dict(),
            "analysis": {k: v for k, v in to_dict(answer).items() if k != "report"},
        }
        if args.suggest:
            out["suggestions"] = [
                {
                    "problem": s.problem.kind,
                    "change": None
                    if s.change is None
                    else {"kind": s.change.kind, "card": s.change.card, "words": s.change.words},
                    "effect": s.effect,
                    "games": s.games,
                    "tried": s.tried,
                    "words": s.words(),
                }
                for s in suggestions
            ]
        print(json.dumps(out, indent=2))
    elif args.csv:
        sys.stdout.write(to_csv(answer))
    else:
        sys.stdout.write(to_text(answer))
        if args.suggest:
            lines = [s.words() for s in suggestions] or ["No problem found: nothing to change."]
            sys.stdout.write("\nWhat to change:\n" + "".join(f"  {x}\n" for x in lines))
    return 0
