"""Every benchmark runs as shipped (issue 27.5): each `bench/bench_*.py` once at a tiny size
(`python -m bench --smoke NAME`), in a subprocess as a person runs it, so a bench that waits for
a page element the app no longer draws, or calls a function that changed, fails here and not on
the day someone wants its figures.  No figure is judged: timings live in bench/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("bench_*.py"))
BROWSER = {"bench_app", "bench_idle"}  # they drive Debian's chromium


def test_every_bench_is_found() -> None:
    assert {"bench_app", "bench_engine", "bench_idle", "bench_variants"} <= set(BENCHES)


@pytest.mark.parametrize(
    "name",
    [pytest.param(b, marks=pytest.mark.browser) if b in BROWSER else b for b in BENCHES],
)
def test_the_bench_runs_at_a_tiny_size(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--smoke", name],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"== {name} (smoke run"), done.stdout
    assert len(lines) > 2, done.stdout  # it printed figures, not just its name
    if name in BROWSER and Path("/usr/bin/chromium").exists():
        assert "skipped" not in done.stdout, done.stdout
