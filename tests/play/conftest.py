"""Helpers of the terminal-game tests: a scripted player and a temporary data directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripted import ScriptedPlayer

from gostop.play.store import DATA_ENV, Store


@pytest.fixture
def player() -> ScriptedPlayer:
    return ScriptedPlayer()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """A data directory in a temporary folder (also set as the default)."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return Store(tmp_path / "data")
