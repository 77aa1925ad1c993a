"""Games that do not end where a card gives the pile away and stays in play: every house rule
of docs/house-rules.md whose lines give the pile away (``give_pile``, ``give_pile_draw``,
``contest_pile``, on the house base of tests/test_house_rules_doc.py), and Hot Potato
(``bench_simulate.hot_potato``, its card for a chosen player and for the next one); for each,
how many of ``--games`` games (seed 1) each kind of computer player leaves unfinished (stopped
at the step cap or as going round in circles) at 4 and 2 players, and the simulator's
CPU-microseconds per step.  Nothing is judged: the figures are for docs/simulate.md and the
notes.  Run as ``python -m bench give_pile`` or
``python -m bench.bench_give_pile [--games N] [--players 4,2]``.
"""

from __future__ import annotations

import argparse
import re
import resource
from collections.abc import Iterator
from pathlib import Path

import yaml

from bench import SMOKE
from bench.bench_simulate import hot_potato
from referee.simulate import simulate
from referee.variant.loader import load_variant_text
from referee.variant.model import Variant

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "house-rules.md"
_BASE_AT = re.search(
    r"^```yaml house-base\n(.*?)```$", DOC.read_text(encoding="utf-8"), re.M | re.S
)
assert _BASE_AT is not None, "docs/house-rules.md states the house base"
BASE = yaml.safe_load(_BASE_AT[1])
"""The house base the house rules' lines load on, as docs/house-rules.md states it."""
RULE = re.compile(r"^#### (\d+)\. (.+?)\nSources: .+?\n```yaml\n(.*?)```\n", re.M | re.S)
GIVES = re.compile(r"\b(give_pile|give_pile_draw|contest_pile)\b")
BOTS = ("random", "greedy", "smart")


def variants() -> Iterator[tuple[str, Variant]]:
    """Each house rule that gives the pile away, by its number, then Hot Potato."""
    text = DOC.read_text(encoding="utf-8")
    for number, _title, lines in RULE.findall(text):
        if GIVES.search(lines):
            data = {**BASE, **yaml.safe_load(lines)}
            found = load_variant_text(yaml.safe_dump(data), f"rule {number}").variant
            assert found is not None, number
            yield f"rule {number}", found
    yield "Hot Potato (chosen)", hot_potato()
    yield "Hot Potato (next)", hot_potato("next")


def cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_give_pile")
    parser.add_argument("--games", type=int, default=100, help="games per variant and bot")
    parser.add_argument("--players", default="4,2", help="table sizes, comma-separated")
    parser.add_argument(SMOKE, action="store_true", help="tiny sizes")
    args = parser.parse_args([] if argv is None else argv)
    games = 2 if args.smoke else args.games
    sizes = [int(p) for p in args.players.split(",")]
    found = list(variants())
    if args.smoke:
        found = found[:1] + found[-1:]
    for players in sizes:
        print(f"{players} players, {games} games each (seed 1): unfinished, CPU-us a step")
        for name, variant in found:
            cells = []
            for bot in BOTS:
                began = cpu()
                report = simulate(variant, players, games, seed=1, bots=(bot,), jobs=1)
                per_step = (cpu() - began) / max(1, report.total_steps) * 1e6
                cells.append(f"{bot} {report.capped:3d} ({per_step:4.0f} us)")
            print(f"  {name:<20} " + "  ".join(cells))
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
