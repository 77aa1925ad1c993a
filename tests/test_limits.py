"""Issue 28 points 4 and 5: the organiser's password cannot be guessed quickly, and a stranger
cannot flood the app with games or the library with variants.  A fake clock (no sleeping)."""

from __future__ import annotations

import pytest

from referee.store import limits
from referee.store.limits import LOCKOUT_AFTER, Meter, Quotas, SignInGuard


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_guesses_cost_a_growing_wait_then_a_lockout_of_that_client_only() -> None:
    clock = Clock()
    guard = SignInGuard(clock)
    waits = []
    for _ in range(LOCKOUT_AFTER):
        assert guard.refusal("stranger") is None  # the password may be checked now
        guard.failed("stranger")
        waits.append(guard.wait_left("stranger"))
        clock.now += waits[-1]
    assert waits[:2] == [0.0, 0.0]  # a typo or two costs nothing
    growing = waits[2:-1]
    assert growing == sorted(growing) and growing[-1] > growing[0] > 0
    assert waits[-1] >= 15 * 60  # the lockout
    clock.now -= waits[-1] - 1
    said = guard.refusal("stranger")
    assert said is not None and "another device" in said and "15 minutes" in said
    # The organiser, elsewhere, is not locked out by a stranger's guesses.
    assert guard.refusal("organiser's phone") is None
    guard.succeeded("stranger")
    assert guard.refusal("stranger") is None and guard.failures("stranger") == 0


def test_parallel_tabs_of_one_client_share_one_count() -> None:
    """60 guesses in 18 s from one tab, and parallel tabs added up: now they are one client."""
    clock = Clock()
    guard = SignInGuard(clock)
    tried = 0
    for _ in range(60):  # 60 guesses, 0.3 s apart, from any number of tabs
        if guard.refusal("10.0.0.9") is None:
            guard.failed("10.0.0.9")
            tried += 1
        clock.now += 0.3
    assert tried <= 7  # was 60: 3 free, then 1, 2, 4 and 8 s apart


def test_a_meter_allows_the_limit_per_hour_and_says_when_one_is_free() -> None:
    clock = Clock()
    meter = Meter(clock)
    assert [meter.take("a", 3) for _ in range(3)] == [0.0, 0.0, 0.0]
    clock.now += 600
    left = meter.take("a", 3)
    assert left == pytest.approx(3000)
    assert meter.take("b", 3) == 0.0  # another client has its own count
    meter.give_back("b")
    clock.now += 3000
    assert meter.take("a", 3) == 0.0
    assert meter.take("c", 0) > 0  # 0: none at all


def test_quotas_are_configurable_and_bad_settings_keep_the_default() -> None:
    assert Quotas.from_env({}) == Quotas()
    got = Quotas.from_env(
        {"KARMA_GAMES_PER_HOUR": "4", "KARMA_VARIANTS_PER_HOUR": "0", "KARMA_LIBRARY_MAX": "x"}
    )
    assert got == Quotas(4, 0, limits.DEFAULT_LIBRARY_MAX)
    assert "0" not in limits.games_quota_words(0, 10) and "4 games" in limits.games_quota_words(
        4, 90
    )
