"""The Referee page's response time: a card tap -> the updated verdict, 300 steps vs 10 steps.

A real 300-step game is self-played in full-information mode (``Game.shuffled`` and
``legal_steps``), then replayed into a physical-table game (``Game.deal`` with the face-up cards
known) and stored as the app stores games.  AppTest then loads it from ``?game=<id>`` and taps
card buttons; each tap is a full script run (callbacks, the version check, the verdict, the
table).  Target: median under 150 ms, and the 300-step game no slower than 1.3 x the 10-step one.
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
TARGET_MS = 150.0
TARGET_RATIO = 1.3
TAPS = 60


def self_played(steps_wanted: int, players: list[str]) -> tuple[object, dict, list]:
    """A variant, the face-up cards and a physical-table step list of exactly ``steps_wanted``."""
    from referee.engine import Game
    from referee.variant.registry import builtin

    variant = builtin("classic")
    for seed in range(1, 500):
        full = Game.shuffled(variant, players, seed, keep_history=True)
        face_up = {
            n: [c for c, k in full.state.seats[i].face_up.known.items() for _ in range(k)]
            for i, n in enumerate(players)
        }
        rng = random.Random(seed)
        while not full.over and len(full.steps) < steps_wanted:
            legal = full.legal_steps()
            plays = [s for s in legal if type(s).__name__ == "Play"]
            full.push(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal))
        if len(full.steps) < steps_wanted:
            continue
        table = Game.deal(variant, players, face_up)
        for step in full.steps:
            table.push(step)  # the table knows less than the simulator: every step stays legal
        return variant, face_up, list(table.steps)
    raise RuntimeError(f"no seed gave a {steps_wanted}-step game")


def store_game(steps_wanted: int) -> str:
    from referee.app.common import builtin_yaml
    from referee.app.table import step_to_dict
    from referee.engine import Game
    from referee.store import Store, default_path

    players = ["Ann", "Ben", "Cal", "Dee"]
    variant, face_up, steps = self_played(steps_wanted, players)
    game = Game.deal(variant, players, face_up)  # type: ignore[arg-type]
    for s in steps:
        game.push(s)
    return Store(default_path()).create_game(
        name=f"bench {steps_wanted}",
        variant_id="classic",
        variant_yaml=builtin_yaml("classic"),
        builtin=True,
        players=players,
        face_up=face_up,
        steps=[step_to_dict(s) for s in steps],
        over=game.over,
        loser=game.loser,
    )


def open_game(gid: str):  # type: ignore[no-untyped-def]
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(MAIN, default_timeout=30)
    at.query_params["game"] = gid
    at.run()
    if at.exception:
        raise RuntimeError(str(at.exception))
    return at


CARDS = [2, 9, 5, 14, 11, "five_or_below", 16, 7]


def tap(at, i: int) -> float:  # type: ignore[no-untyped-def]
    """One card tap, as a full script run; milliseconds."""
    button = at.button(key=f"card_{CARDS[i % len(CARDS)]}")
    t0 = time.perf_counter()
    button.click().run()
    dt = time.perf_counter() - t0
    if not (at.success or at.error):
        raise RuntimeError("no verdict shown after a card tap")
    return dt * 1000


def time_taps(long_gid: str, short_gid: str) -> tuple[list[float], list[float]]:
    """Taps on the two games, interleaved so that machine noise hits both alike."""
    long_at, short_at = open_game(long_gid), open_game(short_gid)
    long_ms: list[float] = []
    short_ms: list[float] = []
    for i in range(TAPS + 5):
        a, b = tap(long_at, i), tap(short_at, i)
        if i >= 5:  # warm-up
            long_ms.append(a)
            short_ms.append(b)
    return long_ms, short_ms


def main() -> int:
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KARMA_DATA_DIR"] = tmp
        long_gid = store_game(300)
        short_gid = store_game(10)
        long_times, short_times = time_taps(long_gid, short_gid)
        long_ms = statistics.median(long_times)
        short_ms = statistics.median(short_times)
    ratio = long_ms / short_ms
    print(f"card tap -> verdict, 300-step game: median {long_ms:.1f} ms (target < {TARGET_MS:.0f})")
    print(f"card tap -> verdict,  10-step game: median {short_ms:.1f} ms")
    print(f"ratio 300/10: {ratio:.2f} (target <= {TARGET_RATIO})")
    ok = long_ms < TARGET_MS and ratio <= TARGET_RATIO
    print("OK" if ok else "SLOWER THAN THE TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
