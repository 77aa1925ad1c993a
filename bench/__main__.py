"""Run every benchmark module in this folder (``bench_*.py``), in name order.

Every module runs even if an earlier one missed its target; the exit status says whether all
met theirs.  ``python -m bench app`` runs only the modules whose name contains ``app``;
``python -m bench --smoke`` runs each at a tiny size without judging its targets (the test
that keeps every bench working).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from bench import SMOKE


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    flags = [a for a in args if a == SMOKE]
    only = [a for a in args if a != SMOKE] or [""]
    here = Path(__file__).resolve().parent
    status = 0
    for path in sorted(here.glob("bench_*.py")):
        if not any(word in path.stem for word in only):
            continue
        module = importlib.import_module(f"bench.{path.stem}")
        print(
            f"== {path.stem}{' (smoke run: tiny sizes, targets not judged)' if SMOKE in flags else ''}"
        )
        sys.stdout.flush()
        result = module.main(flags)
        if isinstance(result, int) and result != 0:
            status = result
    return status


if __name__ == "__main__":
    sys.exit(main())
