"""Statistics for simulation reports: clustered t-intervals, Wilson intervals, percentiles.

Everything here is plain stdlib math so that the simulator has no numeric dependency.

* :func:`mean_ci` -- Student-t interval of a mean. The simulator calls it on *per-deal* values
  (each bot's result averaged over the seatings of a deal first), which is how the interval is
  clustered by deal: the seatings of one deal share its cards and are not independent.
* :func:`wilson` -- Wilson score interval of a proportion (win %, nagari %, ...).
* :func:`percentile` -- linear-interpolation percentile (p50 / p95 decision time).
* :class:`Sample` -- the values a percentile is taken on, kept whole up to a bound and as a
  uniform random sample beyond it (a long run's decision times stay a few megabytes).

>>> round(t_quantile(0.975, 10), 4)
2.2281
>>> lo, hi = wilson(50, 100)
>>> (round(lo, 4), round(hi, 4))
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = ["Interval", "mean_ci", "paired_cis", "wilson", "percentile", "t_quantile", "t_cdf", "Sample"]

_Z975 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Interval:
    """A point estimate with a two-sided confidence interval; ``n`` observations behind it."""

    value: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        # even step
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        # odd step
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Cumulative distribution function of Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """Inverse of :func:`t_cdf` (bisection on a bracket; accurate to ~1e-10)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must be in (0, 1), got {p}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """Mean of ``values`` with a Student-t confidence interval.

    With fewer than two values there is no interval (no spread to measure): its bounds are NaN
    (``null`` in JSON, ``n/a`` in the text reports), not a zero-width interval that would read
    as certainty."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, math.nan, math.nan, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def paired_cis(names: Sequence[str], per_unit: Mapping[str, Sequence[float]]) -> list[tuple[str, str, Interval]]:
    """Every pair of ``names`` (in order), with the interval of the first's lead over the
    second: the mean of their differences unit by unit (a deal, a cluster of matches), so
    that the luck of the deal cancels out."""
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diffs = [x - y for x, y in zip(per_unit[a], per_unit[b], strict=True)]
            out.append((a, b, mean_ci(diffs)))
    return out


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion ``successes / n``."""
    if n <= 0:
        return (math.nan, math.nan)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    z = _Z975 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation between order statistics."""
    if not values:
        return math.nan
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be between 0 and 100, got {q}")
    data = sorted(values)
    pos = (len(data) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


class Sample:
    """Values for :func:`percentile`: every value up to ``limit`` of them, then a uniform random
    sample of ``limit`` (reservoir sampling, a fixed seed); the count and the maximum are always
    exact. Below the limit the percentiles are those of every value, in any order of arrival."""

    def __init__(self, limit: int = 1_000_000) -> None:
        if limit < 1:
            raise ValueError(f"a sample holds at least one value, got limit={limit}")
        self.limit = limit
        self.values: array[float] = array("d")
        self.count = 0
        self.max = math.nan
        self._rng = random.Random(0)

    def extend(self, values: Iterable[float]) -> None:
        for v in values:
            self.count += 1
            if not v <= self.max:  # the first value (NaN max) or a new maximum
                self.max = v
            if len(self.values) < self.limit:
                self.values.append(v)
            else:
                k = self._rng.randrange(self.count)
                if k < self.limit:
                    self.values[k] = v

    def percentile(self, q: float) -> float:
        """:func:`percentile` of the values kept (NaN when there are none)."""
        return percentile(self.values, q)
