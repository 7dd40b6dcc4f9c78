"""The search's statistics in compiled code (``gostop.fast.stats``) give the Python figures to
the last bit, so a search prunes the same candidates either way."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402

from gostop.agents import make_agent  # noqa: E402
from gostop.agents.search import SearchAgent, ValueTable, _weighted_mean_se  # noqa: E402
from gostop.fast.stats import mean_se, prune  # noqa: E402


def _data(rng: random.Random, rows: int, n: int, weighted: bool) -> tuple[list[list[float]], list[float]]:
    """Rollout values as the search sees them: chips (whole numbers, heavy tails) and, with
    inference, weights exp(-0.7 k)."""
    base = [float(rng.choice([-30, -7, -3, -1, 0, 0, 1, 2, 4, 9, 40])) for _ in range(n)]
    values = [[b + float(rng.choice([-2, -1, 0, 0, 0, 1, 3])) * (r % 3) for b in base] for r in range(rows)]
    weights = [math.exp(-0.7 * rng.choice([0, 0, 0, 1, 2, 5])) if weighted else 1.0 for _ in range(n)]
    return values, weights


@pytest.mark.parametrize("weighted", [False, True])
def test_mean_and_standard_error_equal_the_python_figures(weighted: bool) -> None:
    rng = random.Random(7 + weighted)
    for _ in range(300):
        n = rng.choice([0, 1, 2, 3, 5, 17, 64, 301])
        values, weights = _data(rng, 2, n, weighted)
        V = np.array(values, np.float64).reshape(2, n)
        W = np.array(weights, np.float64)
        unit = all(w == 1.0 for w in weights)
        assert mean_se(V, 0, -1, W, n, unit, True) == _weighted_mean_se(values[0], weights)
        assert mean_se(V, 0, -1, W, n, unit, False)[0] == _weighted_mean_se(values[0], weights, se=False)[0]
        diffs = [a - b for a, b in zip(values[0], values[1], strict=True)]
        assert mean_se(V, 0, 1, W, n, unit, True) == _weighted_mean_se(diffs, weights)


@pytest.mark.parametrize("weighted", [False, True])
def test_the_compiled_pruning_drops_what_the_python_pruning_drops(weighted: bool) -> None:
    rng = random.Random(11 + weighted)
    agent = make_agent("search")
    assert isinstance(agent, SearchAgent)
    dropped = kept = 0
    for _ in range(300):
        rows = rng.randrange(2, 7)
        n = rng.randrange(3, 200)
        values, weights = _data(rng, rows, n, weighted)
        alive = sorted(rng.sample(range(rows), rng.randrange(2, rows + 1)) + [0])
        alive = sorted(set(alive))
        table = ValueTable(np, prune, rows)
        for j in range(n):
            table.add(alive, [values[i][j] for i in alive], weights[j])
        for width in (0.5, 2.5):
            agent.prune = width
            expected = agent._prune(values, alive, n, weights)
            assert table.prune(alive, width) == expected
            dropped += len(alive) - len(expected)
            kept += len(expected)
    assert dropped > 20 and kept > 300  # both outcomes were exercised
