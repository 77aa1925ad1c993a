"""How long validating one variant file takes: text -> Variant (parse, schema, semantic checks).

Target: under 20 ms per file, so the app can re-validate a variant on every keystroke-ish edit.
The compiled JSON Schema validator is cached; the first call pays for building it.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from bench import smoke
from referee.variant.loader import load_variant_text

TARGET_MS = 20.0
ROUNDS = 200


def measure(text: str, rounds: int = ROUNDS) -> tuple[float, float]:
    """(median, p95) in milliseconds of load_variant_text on this text."""
    assert load_variant_text(text).ok  # also warms the validator cache
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        load_variant_text(text)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


# The checkout's files, as the bench is run from the checkout.
VARIANTS_DIR = Path(__file__).resolve().parents[1] / "variants"


def main(argv: list[str] | None = None) -> int:
    rounds = 3 if smoke(argv) else ROUNDS
    files = sorted(VARIANTS_DIR.glob("*.yaml"))
    house = [p for p in files if p.stem not in ("classic", "mini-round", "second-edition")]
    largest = max(house, key=lambda p: p.stat().st_size)
    worst = 0.0
    for path in (VARIANTS_DIR / "classic.yaml", largest):
        text = path.read_text(encoding="utf-8")
        median, p95 = measure(text, rounds)
        worst = max(worst, median)
        print(
            f"validate {path.name:<32} {len(text):>6} bytes  "
            f"median {median:6.2f} ms  p95 {p95:6.2f} ms  (target < {TARGET_MS:.0f} ms)"
        )
    print("ok" if worst < TARGET_MS else f"SLOW: median {worst:.2f} ms >= {TARGET_MS} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
