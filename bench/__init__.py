"""Benchmarks: `python -m bench` runs every `bench/bench_*.py` module's `main()` in order.

Every module's ``main(argv)`` takes ``--smoke``: the same code at a tiny size, its figures
printed but its targets not judged (tests/test_bench.py runs each so that none rots).
"""

from __future__ import annotations

SMOKE = "--smoke"
TABLE = "--table"  # --table widgets: the Referee page's earlier table, Streamlit's widgets


def smoke(argv: list[str] | None) -> bool:
    """True for a smoke run: every step of the bench once, at a tiny size."""
    return SMOKE in (argv or [])


def table_mode(argv: list[str] | None) -> str:
    """How the Referee page draws the step's controls: "component" (the app's default) or
    "widgets" (``--table widgets``, or $KARMA_TABLE=widgets: Streamlit's, the earlier table)."""
    import os

    args = list(argv or [])
    if TABLE in args[:-1]:
        return "widgets" if args[args.index(TABLE) + 1] == "widgets" else "component"
    return "widgets" if os.environ.get("KARMA_TABLE", "").strip() == "widgets" else "component"
