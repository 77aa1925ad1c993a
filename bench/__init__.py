"""Benchmarks: `python -m bench` runs every `bench/bench_*.py` module's `main()` in order.

Every module's ``main(argv)`` takes ``--smoke``: the same code at a tiny size, its figures
printed but its targets not judged (tests/test_bench.py runs each so that none rots).
"""

from __future__ import annotations

SMOKE = "--smoke"


def smoke(argv: list[str] | None) -> bool:
    """True for a smoke run: every step of the bench once, at a tiny size."""
    return SMOKE in (argv or [])
