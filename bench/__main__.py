"""Run every benchmark module in this folder (``bench_*.py``), in name order."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    for path in sorted(here.glob("bench_*.py")):
        module = importlib.import_module(f"bench.{path.stem}")
        print(f"== {path.stem}")
        result = module.main()
        if isinstance(result, int) and result != 0:
            return result
    return 0


if __name__ == "__main__":
    sys.exit(main())
