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


def _kernel_calls() -> tuple[dict[str, str], dict[str, set[str]], dict[str, set[str]]]:
    """The fast engine's kernels (name -> decorator), and for each the kernels and the plain
    Python functions of the package that call it by name."""
    import ast
    from pathlib import Path

    import gostop.fast

    decorator: dict[str, str] = {}
    trees = [ast.parse(p.read_text()) for p in sorted(Path(gostop.fast.__file__).parent.glob("*.py"))]
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    if isinstance(d, ast.Name) and d.id in ("_jit", "_jit_inline"):
                        decorator[node.name] = d.id
    by_kernel: dict[str, set[str]] = {name: set() for name in decorator}
    by_python: dict[str, set[str]] = {name: set() for name in decorator}
    for tree in trees:
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for call in ast.walk(fn):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id in decorator and call.func.id != fn.name):
                    (by_kernel if fn.name in decorator else by_python)[call.func.id].add(fn.name)
    return decorator, by_kernel, by_python


def test_an_inlined_kernel_has_one_caller() -> None:
    # (gostop.fast.kernels._jit_inline: its code is copied into every kernel that calls it, so a
    # second caller would compile it twice over, and a call from Python compiles it on its own too)
    decorator, by_kernel, by_python = _kernel_calls()
    inlined = [name for name, d in decorator.items() if d == "_jit_inline"]
    assert len(inlined) >= 40, inlined  # (the scan found them)
    assert len(decorator) >= 100, len(decorator)
    for name in inlined:
        assert len(by_kernel[name]) == 1, (name, by_kernel[name])
        assert not by_python[name], (name, by_python[name])
