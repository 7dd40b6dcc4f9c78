"""Statistics of the simulator report: t quantiles, clustered means, Wilson, percentiles."""

from __future__ import annotations

import math
import random

import pytest

from gostop.sim.stats import mean_ci, percentile, t_cdf, t_quantile, wilson


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)],
)
def test_t_quantile_matches_tables(df: int, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)


def test_t_cdf_is_symmetric_and_inverts_quantile() -> None:
    for df in (1, 3, 17, 250):
        for p in (0.6, 0.9, 0.99):
            q = t_quantile(p, df)
            assert t_cdf(q, df) == pytest.approx(p, abs=1e-9)
            assert t_cdf(-q, df) == pytest.approx(1 - p, abs=1e-9)


def test_mean_ci_known_values() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    # mean 3, sd sqrt(2.5), t(0.975, 4) = 2.7764
    half = 2.7764451 * math.sqrt(2.5 / 5)
    assert ci.value == 3.0
    assert ci.low == pytest.approx(3 - half, abs=1e-6)
    assert ci.high == pytest.approx(3 + half, abs=1e-6)
    assert ci.n == 5
    assert ci.excludes_zero
    assert not mean_ci([-1.0, 1.0, 0.5]).excludes_zero
    assert mean_ci([5.0, 6.0, 7.0]).excludes_zero


def test_mean_ci_degenerate_inputs() -> None:
    assert math.isnan(mean_ci([]).value)
    one = mean_ci([2.5])  # one value: no interval (not a zero-width one)
    assert one.value == 2.5 and math.isnan(one.low) and math.isnan(one.high) and one.n == 1


def test_mean_ci_covers_the_true_mean_about_95_percent() -> None:
    rng = random.Random(7)
    covered = 0
    trials = 400
    for _ in range(trials):
        xs = [rng.gauss(1.0, 3.0) for _ in range(12)]
        ci = mean_ci(xs)
        covered += ci.low <= 1.0 <= ci.high
    assert 0.91 <= covered / trials <= 0.98


def test_wilson_known_values() -> None:
    lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0, abs=1e-12)
    lo, hi = wilson(61, 100)
    assert lo == pytest.approx(0.5121, abs=1e-4) and hi == pytest.approx(0.6999, abs=1e-4)
    assert all(math.isnan(x) for x in wilson(0, 0))
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_percentile_interpolates() -> None:
    xs = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert percentile(xs, 50) == 3.0
    assert percentile(xs, 0) == 1.0
    assert percentile(xs, 100) == 5.0
    assert percentile(xs, 95) == pytest.approx(4.8)
    assert math.isnan(percentile([], 50))
