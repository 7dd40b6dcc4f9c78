"""CPython's ``random.Random`` (MT19937) in compiled code, for exact deals inside batches.

``seed(mt, s)`` gives the state of ``random.Random(s)`` for an int ``0 <= s < 2**63``;
``randbelow(mt, n)`` is ``Random._randbelow(n)`` (hence ``randrange(n)``), ``shuffle`` is
``Random.shuffle``. So a batch can deal hand i exactly as ``Hand.new(rules, players, seed + i)``
without leaving compiled code. The state is an int64 array of 625 slots (624 words and the
position); every value stays below 2**32, so int64 arithmetic is exact.
"""

# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import numpy as np

from .kernels import _jit, _jit_inline

__all__ = ["new_state", "seed", "randbelow", "shuffle"]

_N = 624
_M = 397
_MASK = 0xFFFFFFFF


def new_state() -> np.ndarray:
    """An unseeded state array."""
    return np.zeros(_N + 1, np.int64)


@_jit_inline
def _init_genrand(mt: np.ndarray, s: int) -> None:
    mt[0] = s & _MASK
    for i in range(1, _N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
    mt[_N] = _N


@_jit
def seed(mt: np.ndarray, s: int) -> None:
    """``random.Random(s)`` for ``0 <= s < 2**63`` (init_by_array on the 32-bit words of s)."""
    key = np.zeros(2, np.int64)
    key[0] = s & _MASK
    key[1] = (s >> 32) & _MASK
    klen = 2 if key[1] else 1
    _init_genrand(mt, 19650218)
    i = 1
    j = 0
    for _ in range(max(_N, klen)):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + key[j] + j) & _MASK
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= klen:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[_N] = _N


@_jit
def _next(mt: np.ndarray) -> int:
    if mt[_N] >= _N:
        for kk in range(_N):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _N] & 0x7FFFFFFF)
            v = mt[(kk + _M) % _N] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[kk] = v
        mt[_N] = 0
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK


@_jit_inline
def _bit_length(n: int) -> int:
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@_jit
def randbelow(mt: np.ndarray, n: int) -> int:
    """``Random._randbelow(n)`` for ``0 < n < 2**32``."""
    k = _bit_length(n)
    r = _next(mt) >> (32 - k)
    while r >= n:
        r = _next(mt) >> (32 - k)
    return r


@_jit_inline
def shuffle(mt: np.ndarray, x: np.ndarray, n: int) -> None:
    """``Random.shuffle`` of the first n items of x."""
    for i in range(n - 1, 0, -1):
        j = randbelow(mt, i + 1)
        t = x[i]
        x[i] = x[j]
        x[j] = t
