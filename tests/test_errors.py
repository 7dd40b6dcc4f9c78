"""One exception root: every error class gostop defines is a GostopError (and keeps the
built-in class callers catch), and nothing else is."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import gostop
from gostop.errors import GostopError

#: Modules that need an optional extra or start services on import.
OPTIONAL = ("gostop.rl", "gostop.fast", "gostop.sim.backends", "gostop.web")


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(gostop.__path__, "gostop."):
        if info.name.endswith("__main__") or ".migrations" in info.name:
            continue
        names.append(info.name)
    return names


def test_every_error_class_is_a_gostop_error() -> None:
    seen = []
    for name in _modules():
        try:
            module = importlib.import_module(name)
        except ImportError:
            if name.startswith(OPTIONAL):
                continue
            raise
        for _attr, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != name or not issubclass(cls, BaseException) or _attr.startswith("_"):
                continue
            if issubclass(cls, KeyboardInterrupt):  # a signal raised as ctrl-c (gostop.signals), not an error
                continue
            seen.append(cls)
            assert issubclass(cls, GostopError), f"{name}.{cls.__name__} is not a GostopError"
    assert len(seen) >= 24


@pytest.mark.parametrize(
    ("path", "builtin"),
    [
        ("gostop.cards.CardCodeError", ValueError),
        ("gostop.rules.RulesError", ValueError),
        ("gostop.settlement.SettlementError", ValueError),
        ("gostop.play.store.SaveError", OSError),
        ("gostop.agents.protocol.IllegalAgentAction", RuntimeError),
    ],
)
def test_errors_keep_their_builtin_class(path: str, builtin: type[BaseException]) -> None:
    module, _, name = path.rpartition(".")
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, GostopError) and issubclass(cls, builtin)


def test_a_bad_card_code_is_caught_by_the_root() -> None:
    from gostop.cards import parse_card

    with pytest.raises(GostopError, match="13B"):
        parse_card("13B")
