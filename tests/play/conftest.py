"""Helpers of the terminal-game tests: a scripted player and a temporary data directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripted import ScriptedPlayer
from textual.screen import Screen

from gostop.play.store import DATA_ENV, Store


@pytest.fixture(autouse=True)
def _no_frames_for_a_terminal_nobody_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """In these tests the game runs headless (``run_test``): Textual still composes every frame
    it would write to a terminal, and its headless driver throws the frame away, about a quarter
    of these tests' CPU (docs/benchmarks.md). The tests read the screen by composing it whole
    (:func:`screen.screen_rows`), so here the frames nobody sees are not composed: the top
    screen's dirty regions are dropped instead. The layout, the widgets and their renders are
    Textual's own, and the frames a real terminal gets are tested too: ``test_ctrl_c_loading``
    runs the full-screen command in a pty. Where the Textual of the day has other internals,
    its own refresh runs."""
    original = Screen._compositor_refresh

    def refresh(self: Screen) -> None:
        app = self.app
        compositor = getattr(self, "_compositor", None)
        dirty = getattr(self, "_dirty_widgets", None)
        mouse_over = getattr(app, "_update_mouse_over", None)
        if (app.is_headless and not app.is_inline and self is app.screen and callable(mouse_over)
                and isinstance(getattr(compositor, "_dirty_regions", None), set) and isinstance(dirty, set)):
            compositor._dirty_regions.clear()
            dirty.clear()
            mouse_over(self)
            return
        original(self)

    monkeypatch.setattr(Screen, "_compositor_refresh", refresh)


@pytest.fixture
def player() -> ScriptedPlayer:
    return ScriptedPlayer()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """A data directory in a temporary folder (also set as the default)."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return Store(tmp_path / "data")
