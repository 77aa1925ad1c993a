"""Every figure with its margin: 95% intervals and the seat test, from maintained libraries.

* a share (a loss rate, a share of games that did not end) gets a Wilson score interval
  (``statsmodels.stats.proportion.proportion_confint(method="wilson")``): it stays inside
  0..1 and keeps its promised coverage for small counts and shares near 0 or 1, where the
  textbook "p ± 1.96 sd" interval does not;
* a mean difference over paired games (the same deal played two ways: restricted play, careful
  against careless, a variant against its parent) gets Student's t interval over the
  per-deal differences (``scipy.stats.t``), kept as sums so that tallies merge;
* "no seat has an edge" is Pearson's chi-square test of equal loss shares by seat
  (``scipy.stats.chisquare``) at the 5% level; a seat is named only when, besides, its own
  interval with Bonferroni's correction leaves the fair share out (measured: 4% of runs with
  truly equal seats name one).

Nothing here knows about cards or games: plain counts in, plain intervals out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "LEVEL",
    "Interval",
    "MeanSums",
    "SeatEdge",
    "how_often",
    "mean_interval",
    "seat_edge",
    "share",
    "shares",
]

LEVEL = 0.95
"""Every interval is a 95% interval; the seat test is at the matching 5% level."""
_ALPHA = 1 - LEVEL


@dataclass(frozen=True)
class Interval:
    """A figure with its 95% interval ``low``..``high`` and the count it rests on."""

    value: float
    low: float
    high: float
    n: int

    @property
    def margin(self) -> float:
        """The larger distance from the figure to an end of its interval (the "± 3")."""
        return max(self.value - self.low, self.high - self.value)

    @property
    def known(self) -> bool:
        """False when there was nothing to count (no games, or no games that ended)."""
        return self.n > 0 and not math.isnan(self.value)

    def covers(self, x: float) -> bool:
        return self.low <= x <= self.high

    def plus_minus(self, scale: float = 1.0, digits: int = 0) -> str:
        """ "± 3" (at least the last digit shown), or "± ?" while too few to tell."""
        m = self.margin * scale
        if not math.isfinite(m):
            return "± ?"
        return f"± {max(m, 10.0**-digits):,.{digits}f}"

    def points(self) -> str:
        """A share in plain words: "31% ± 3" (percentage points; "not known yet" when empty)."""
        if not self.known:
            return "not known yet"
        return f"{self.value * 100:.0f}% {self.plus_minus(100)}"

    def to_dict(self, digits: int = 6) -> dict[str, float | int | None]:
        if not self.known:
            return {"estimate": None, "low": None, "high": None, "n": self.n}
        return {
            "estimate": round(self.value, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
            "n": self.n,
        }


def how_often(p: float, what: str = "game") -> str:
    """A share in a family's words: "no game", "1 game in 8", "about half the games",
    "7 games in 10", "every game"."""
    if p <= 0:
        return f"no {what}"
    if p >= 1:
        return f"every {what}"
    if p < 0.45:
        return f"1 {what} in {max(2, round(1 / p)):,}"
    if p <= 0.55:
        return f"about half the {what}s"
    tenths = min(9, round(p * 10))
    return f"{tenths} {what}s in 10"


def share(k: int, n: int) -> Interval:
    """``k`` of ``n`` as a share with its Wilson 95% interval (unknown when ``n`` is 0)."""
    return shares([k], n)[0]


def shares(ks: Sequence[int], n: int, alpha: float = _ALPHA) -> list[Interval]:
    """Each ``k`` of ``n`` with its Wilson interval at level ``1 - alpha`` (one call)."""
    if n <= 0:
        return [Interval(math.nan, math.nan, math.nan, 0) for _ in ks]
    import numpy as np
    from statsmodels.stats.proportion import proportion_confint  # slow to import: on use

    low, high = proportion_confint(np.asarray(ks), n, alpha=alpha, method="wilson")
    return [
        Interval(k / n, float(lo), float(hi), n)
        for k, lo, hi in zip(ks, np.atleast_1d(low), np.atleast_1d(high), strict=True)
    ]


@dataclass
class MeanSums:
    """Sums over paired differences (one per deal): count, sum and sum of squares.

    Integers when the differences are (a loss: -1, 0 or 1; a length in steps), so any split of
    the games merges to the same sums and the same interval."""

    n: int = 0
    total: float = 0
    squares: float = 0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: MeanSums) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan


def mean_interval(s: MeanSums) -> Interval:
    """The mean of the differences with Student's t 95% interval (unknown under 2 pairs)."""
    if s.n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = s.total / s.n
    if s.n < 2:
        return Interval(mean, -math.inf, math.inf, s.n)
    var = max(0.0, (s.squares - s.n * mean * mean) / (s.n - 1))
    from scipy.stats import t  # slow to import: on use

    half = float(t.ppf(1 - _ALPHA / 2, s.n - 1)) * math.sqrt(var / s.n)
    return Interval(mean, mean - half, mean + half, s.n)


@dataclass(frozen=True)
class SeatEdge:
    """The answer to "does a seat have an edge?" over the games that had a loser."""

    shares: tuple[Interval, ...]  # each seat's share of the losses, with its interval
    p_value: float  # chi-square test of equal shares; nan when too few games
    games: int
    apart: tuple[bool, ...] = ()  # each seat's share is clearly not a fair one (Bonferroni)

    @property
    def tested(self) -> bool:
        return not math.isnan(self.p_value)

    @property
    def edge(self) -> bool:
        """A seat loses clearly more (or less) often than the others: the test of equal
        shares fails (p < 5%) *and* that seat's own interval leaves out the fair share, so the
        words can name it ("Seat 1 loses more often: 31% ± 3")."""
        return self.tested and self.p_value < _ALPHA and self.worst >= 0

    @property
    def worst(self) -> int:
        """The seat (0-based) furthest from a fair share among those clearly apart from it
        (its interval at 95% / seats, Bonferroni's correction for looking at every seat,
        leaves the fair share out); -1 when there is none."""
        fair = 1 / len(self.shares)
        apart = [j for j, far in enumerate(self.apart) if far]
        if not apart:
            return -1
        return max(apart, key=lambda j: abs(self.shares[j].value - fair))

    @property
    def best(self) -> int:
        return min(range(len(self.shares)), key=lambda j: self.shares[j].value)

    def words(self) -> str:
        """ "No seat has a clear edge" or "Seat 1 loses more often: 31% ± 3 (fair: 25%)"."""
        if not self.tested:
            return "Not enough finished games yet to tell whether a seat has an edge."
        fair = 1 / len(self.shares)
        if not self.edge:
            return (
                f"No seat has a clear edge: each seat loses about {fair:.0%} of the "
                f"{self.games:,} games that ended with a loser."
            )
        j = self.worst
        more = "more" if self.shares[j].value > fair else "less"
        return (
            f"Seat {j + 1} loses {more} often: {self.shares[j].points()} of the "
            f"{self.games:,} games that ended with a loser (a fair share is {fair:.0%})."
        )


MIN_SEAT_GAMES = 5
"""Fewer finished games per seat than this: the chi-square test is not trusted, not run."""


def seat_edge(losses: Sequence[int]) -> SeatEdge:
    """Test "no seat has an edge" on the losses by seat (seat 1 first)."""
    n = sum(losses)
    each = tuple(shares(losses, n))
    if len(losses) < 2 or n < MIN_SEAT_GAMES * len(losses):
        return SeatEdge(each, math.nan, n)
    from scipy.stats import chisquare  # slow to import: on use

    p = float(chisquare(list(losses)).pvalue)
    fair = 1 / len(losses)
    strict = shares(losses, n, _ALPHA / len(losses))
    return SeatEdge(each, p, n, tuple(not s.covers(fair) for s in strict))
