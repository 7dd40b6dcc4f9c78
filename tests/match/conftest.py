"""Fixtures of the match tests: ``scripted`` swaps the engine's Hand for a scripted one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from scripted_engine import ScriptedAction, ScriptedHand, ScriptedIllegal


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    import gostop.match.match as mm

    monkeypatch.setattr(ScriptedHand, "script", [])
    monkeypatch.setattr(ScriptedHand, "built", [])
    monkeypatch.setattr(mm, "Hand", ScriptedHand)
    monkeypatch.setattr(mm, "Action", ScriptedAction)
    monkeypatch.setattr(mm, "IllegalActionError", ScriptedIllegal)
    yield ScriptedHand

