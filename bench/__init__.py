"""Benchmarks: `python -m bench` runs every `bench/bench_*.py` module's `main()` in order.

Every module's ``main(argv)`` takes ``--smoke``: the same code at a tiny size, its figures
printed but its targets not judged (tests/test_bench.py runs each so that none rots).
"""

from __future__ import annotations

SMOKE = "--smoke"
TABLE = "--table"  # --table component: the Referee page's table as one component (issue 27.2)


def smoke(argv: list[str] | None) -> bool:
    """True for a smoke run: every step of the bench once, at a tiny size."""
    return SMOKE in (argv or [])


def table_mode(argv: list[str] | None) -> str:
    """How the Referee page draws the step's controls: "component" (``--table component``, or
    $KARMA_TABLE=component) or "widgets" (Streamlit's, the default)."""
    import os

    args = list(argv or [])
    if TABLE in args[:-1]:
        return "component" if args[args.index(TABLE) + 1] == "component" else "widgets"
    return "component" if os.environ.get("KARMA_TABLE", "").strip() == "component" else "widgets"
