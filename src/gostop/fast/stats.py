"""The search's statistics in compiled code: the weighted mean and standard error of
:func:`gostop.agents.search._weighted_mean_se` and the pruning pass of
``SearchAgent._prune``, on a table of rollout values instead of Python lists.

The arithmetic is the Python code's, step for step (sums left to right, squares as products), so
the figures are equal to the last bit and a search prunes the same candidates either way
(``tests/fast/test_stats.py``).
"""

# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import math

import numpy as np

from .kernels import _jit, _jit_inline

__all__ = ["mean_se", "prune"]


@_jit_inline
def mean_se(V: np.ndarray, a: int, b: int, W: np.ndarray, n: int, unit: bool, want_se: bool) -> tuple[float, float]:
    """Mean and standard error of row ``a`` of ``V`` (``b >= 0``: of row ``a`` minus row ``b``,
    the paired difference) over the first ``n`` worlds, weighted by ``W`` unless ``unit`` (all
    weights 1); as ``_weighted_mean_se``."""
    if unit:
        total = 0.0
        for j in range(n):
            total += V[a, j] - V[b, j] if b >= 0 else V[a, j]
        mean = total / n if n else 0.0
        if not want_se or n < 2:
            return mean, math.inf
        acc = 0.0
        for j in range(n):
            d = (V[a, j] - V[b, j] if b >= 0 else V[a, j]) - mean
            acc += d * d
        return mean, math.sqrt(acc / (n - 1) / n)
    total = 0.0
    for j in range(n):
        total += W[j]
    if total <= 0:
        return 0.0, math.inf
    acc = 0.0
    for j in range(n):
        acc += W[j] * (V[a, j] - V[b, j] if b >= 0 else V[a, j])
    mean = acc / total
    if not want_se:
        return mean, math.inf
    ww = 0.0
    for j in range(n):
        ww += W[j] * W[j]
    n_eff = total * total / ww
    if n_eff < 1.5 or n < 2:
        return mean, math.inf
    acc = 0.0
    for j in range(n):
        d = (V[a, j] - V[b, j] if b >= 0 else V[a, j]) - mean
        acc += W[j] * (d * d)
    var = acc / total * n_eff / (n_eff - 1)
    return mean, math.sqrt(var / n_eff)


@_jit
def prune(V: np.ndarray, W: np.ndarray, n: int, alive: np.ndarray, k: int, unit: bool, width: float) -> int:
    """``SearchAgent._prune`` on the candidates ``alive[:k]`` (in place, order kept): drop
    those whose paired deficit to the leader is beyond ``width`` standard errors (plus half a
    chip); the leader and the baseline (candidate 0) stay. The number left."""
    lead = alive[0]
    best = -math.inf
    for t in range(k):
        m = mean_se(V, alive[t], -1, W, n, unit, False)[0]
        if t == 0 or m > best:
            best = m
            lead = alive[t]
    left = 0
    for t in range(k):
        i = alive[t]
        if i != lead and i != 0:
            mean, se = mean_se(V, lead, i, W, n, unit, True)
            if se == math.inf:
                se = 0.0
            if mean > width * se + 0.5:
                continue
        alive[left] = i
        left += 1
    return left
