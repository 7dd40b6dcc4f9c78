"""The fast engine's kernels are compiled once per type signature, not once per constant
(``gostop.fast.kernels._jit``): a fresh clone compiled 195 pieces of code, 85 of them copies of a
kernel for another constant argument; the compile took about a quarter longer."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from numba import njit  # noqa: E402
from numba.core import types  # noqa: E402

from gostop.fast import batch, kernels, mt, policies, rollout, stats, worlds  # noqa: E402
from gostop.fast.batch import play_hands  # noqa: E402
from gostop.fast.kernels import _jit  # noqa: E402
from gostop.rules import PRESETS  # noqa: E402


def _dispatchers() -> dict[str, object]:
    out = {}
    for module in (kernels, batch, mt, policies, rollout, stats, worlds):
        for name, obj in vars(module).items():
            if hasattr(obj, "signatures") and hasattr(obj, "py_func") and obj.py_func.__module__ == module.__name__:
                out[f"{module.__name__}.{name}"] = obj
    return out


def test_a_kernel_called_with_constants_is_compiled_once() -> None:
    # (not cached on disk: compiled in this process every run, so its signatures can be seen)
    def add(x: int, k: int) -> int:
        return x + k

    add_plain = _jit(add, cache=False)
    add_numba = njit(cache=False)(add)

    def three(x: int) -> int:
        return add_plain(x, 1) + add_plain(x, 2) + add_plain(x, 3)

    def three_numba(x: int) -> int:
        return add_numba(x, 1) + add_numba(x, 2) + add_numba(x, 3)

    assert _jit(three, cache=False)(5) == 21
    assert njit(cache=False)(three_numba)(5) == 21
    assert len(add_plain.signatures) == 1, add_plain.signatures  # type: ignore[attr-defined]
    # what _jit is there for: numba alone compiles a copy for each constant
    assert len(add_numba.signatures) == 3, add_numba.signatures  # type: ignore[attr-defined]


def test_kernels_called_with_constants_are_compiled_once() -> None:
    for preset, players in (("pagat", 2), ("pagat", 3), ("fuda-wiki", 2)):
        res = play_hands(PRESETS[preset], 50, 3, players=players)
        assert (res.chips.sum(axis=1) == 0).all()
    if not kernels.ev.signatures:  # type: ignore[attr-defined]
        # loaded from numba's cache, written by another process: the kernels this process did not
        # compile show no signatures (a fresh clone compiles them here: the check runs in CI)
        pytest.skip("the fast engine came from numba's cache: nothing to count in this process")
    found = _dispatchers()
    # ev (the event log) is called with a constant event type from dozens of places; finish with
    # a constant reason and flags: one compiled version each
    assert len(kernels.ev.signatures) == 1, kernels.ev.signatures  # type: ignore[attr-defined]
    assert len(kernels.finish.signatures) == 1, kernels.finish.signatures  # type: ignore[attr-defined]
    literal = {name: d.signatures for name, d in found.items()  # type: ignore[attr-defined]
               if any(isinstance(t, types.Literal) for sig in d.signatures for t in sig)}  # type: ignore[attr-defined]
    assert not literal, literal
    assert sum(len(d.signatures) for d in found.values()) >= 20  # type: ignore[attr-defined]  # (the scan found the kernels)
