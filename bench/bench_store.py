"""What the games store costs a tablet: a version check (every follow-along tick of every
tablet asks one) and a stored step, on the embedded SQLite file.

Why: the follow-along asks the store for a game's version about every second per tablet; a
check is one indexed read on a kept connection (issue 27.3), not a file open and its PRAGMAs.
Target: a version check under 1 ms (median).  A step is a write with ``synchronous=FULL``, so
its cost is mostly the disk's fsync: printed, not judged.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bench import smoke
from referee.store import Store

TARGET_MS = 1.0
ROUNDS = 2000
STEPS = 200


def _figures(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[max(0, int(len(times) * 0.9) - 1)]


def main(argv: list[str] | None = None) -> int:
    rounds, steps = (5, 3) if smoke(argv) else (ROUNDS, STEPS)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "games.sqlite3")
        gid = store.create_game(
            name="Bench",
            variant_id="classic",
            variant_yaml="id: classic\n",
            players=["Ann", "Ben"],
            builtin=True,
        )
        checks = []
        for _ in range(rounds):
            start = time.perf_counter()
            store.version(gid)
            checks.append((time.perf_counter() - start) * 1000)
        writes = []
        version = store.version(gid) or 1
        taken: list[dict[str, object]] = []
        for _ in range(steps):
            taken.append({"by": "Ann", "play": [4]})
            start = time.perf_counter()
            version = store.save_steps(gid, version, taken, [], over=False, loser=None)
            writes.append((time.perf_counter() - start) * 1000)
        store.close()
    median, p90 = _figures(checks)
    print(
        f"version check  median {median:6.3f} ms  p90 {p90:6.3f} ms  ({rounds} checks;"
        f" target median < {TARGET_MS:.0f} ms)"
    )
    w_median, w_p90 = _figures(writes)
    print(f"stored step    median {w_median:6.3f} ms  p90 {w_p90:6.3f} ms  ({steps} steps, fsync)")
    print("ok" if median < TARGET_MS else f"SLOW: median {median:.3f} ms >= {TARGET_MS} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
