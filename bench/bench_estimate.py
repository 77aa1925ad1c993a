"""The Simulate page's estimate: CPU-seconds it costs before a run (issue 19: at most 0.2,
whatever the variant and cap).

Measured with ``time.thread_time`` (CPU time of this thread: what the server spends, whatever
else the machine is doing) over every built-in variant and a variant that never ends, at the
default cap and at the page's largest, with the page's default bots and the strongest.  The old
estimate (one whole game, ``referee.simulate.estimate_seconds``) is measured beside it on the
never-ending variant.  Run as ``python -m bench estimate``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bench import smoke
from referee.simulate import estimate_seconds
from referee.simulate.estimate import estimate_run
from referee.variant.model import Deal, Effect, PlayerRange, RankPower, Variant
from referee.variant.registry import builtin, builtin_ids

LIMIT = 0.2  # CPU-seconds (issue 19)
CAPS = (2_000, 100_000)


def endless() -> Variant:
    """Games that never end: every card asks for more than 5 next (there is none) and plays
    again, and one copy of each rank never burns, so both players keep their two cards."""
    never = (Effect("next_range", {"min": 5}), Effect("play_again"))
    powers = tuple(RankPower(rank, never) for rank in range(1, 5))
    deal, seats = Deal(face_down=0, face_up=0, hand=2), (PlayerRange(1, 2, 2),)
    return Variant("endless", "Endless", 1, 4, 1, (), powers, seats, deal, min_hand=2)


def cpu(fn: Callable[[], object]) -> float:
    began = time.thread_time()
    fn()
    return time.thread_time() - began


def main(argv: list[str] | None = None) -> int:
    tiny = smoke(argv)
    caps = CAPS[:1] if tiny else CAPS
    variants = [builtin(v) for v in builtin_ids()][: 2 if tiny else None] + [endless()]
    worst = 0.0
    print(f"estimate CPU-seconds (limit {LIMIT}), caps {caps}, bots random / smart")
    for v in variants:
        players = min(4, v.max_players)
        row = []
        for cap in caps:
            for bots in (("random",), ("smart",)):
                spent = cpu(lambda: estimate_run(v, players, bots, cap, games=1))  # noqa: B023
                worst = max(worst, spent)
                row.append(spent)
        print(f"  {v.id:<26} " + "  ".join(f"{s:.3f}" for s in row))
    old = cpu(lambda: estimate_seconds(endless(), 2, ("random",), caps[-1], games=1))
    print(f"worst {worst:.3f} CPU-s (limit {LIMIT}); the old estimate, endless at cap "
          f"{caps[-1]:,}: {old:.2f} CPU-s")  # fmt: skip
    return 0 if worst <= LIMIT or tiny else 1


if __name__ == "__main__":
    raise SystemExit(main())
