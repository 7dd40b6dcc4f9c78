"""The fast engine's kernels are compiled once per type signature, not once per constant
(``gostop.fast.kernels._jit``): a fresh clone compiled 195 pieces of code, 85 of them copies of a
kernel for another constant argument; the compile took about a quarter longer."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from numba.core import types  # noqa: E402

from gostop.fast import batch, kernels, mt, policies, rollout  # noqa: E402
from gostop.fast.batch import play_hands  # noqa: E402
from gostop.rules import PRESETS  # noqa: E402


def _dispatchers() -> dict[str, object]:
    out = {}
    for module in (kernels, batch, mt, policies, rollout):
        for name, obj in vars(module).items():
            if hasattr(obj, "signatures") and hasattr(obj, "py_func") and obj.py_func.__module__ == module.__name__:
                out[f"{module.__name__}.{name}"] = obj
    return out


def test_kernels_called_with_constants_are_compiled_once() -> None:
    for preset, players in (("pagat", 2), ("pagat", 3), ("fuda-wiki", 2)):
        res = play_hands(PRESETS[preset], 50, 3, players=players)
        assert (res.chips.sum(axis=1) == 0).all()
    found = _dispatchers()
    # ev (the event log) is called with a constant event type from dozens of places; finish with
    # a constant reason and flags: one compiled version each
    assert len(kernels.ev.signatures) == 1, kernels.ev.signatures  # type: ignore[attr-defined]
    assert len(kernels.finish.signatures) == 1, kernels.finish.signatures  # type: ignore[attr-defined]
    literal = {name: d.signatures for name, d in found.items()  # type: ignore[attr-defined]
               if any(isinstance(t, types.Literal) for sig in d.signatures for t in sig)}  # type: ignore[attr-defined]
    assert not literal, literal
    assert sum(len(d.signatures) for d in found.values()) >= 20  # type: ignore[attr-defined]  # (the scan found the kernels)
