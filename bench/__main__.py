"""Run every benchmark module in this folder (``bench_*.py``), in name order.

Every module runs even if an earlier one missed its target; the exit status says whether all
met theirs.  ``python -m bench app`` runs only the modules whose name contains ``app``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    only = (sys.argv[1:] if argv is None else argv) or [""]
    here = Path(__file__).resolve().parent
    status = 0
    for path in sorted(here.glob("bench_*.py")):
        if not any(word in path.stem for word in only):
            continue
        module = importlib.import_module(f"bench.{path.stem}")
        print(f"== {path.stem}", flush=True)
        result = module.main()
        if isinstance(result, int) and result != 0:
            status = result
    return status


if __name__ == "__main__":
    sys.exit(main())
