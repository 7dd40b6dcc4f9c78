"""Whole matches in line mode through a real terminal (pexpect) at 80x24 and 160x50: a
3-player match and a 5-seat gwangpalli match, easy bots, one hand. A twin session in this
process (same seed, same answers: the game is deterministic) knows every prompt, and each of
its lines must have been printed before the game waited for the answer."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from scripted import play_plain_beside_twin

from gostop.play.session import Prompt, Session, Settings


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\r", "")).strip()


@pytest.mark.parametrize("size", [(24, 80), (50, 160)], ids=["80x24", "160x50"])
@pytest.mark.parametrize(("players", "seed"), [(3, 19), (5, 27)], ids=["3-players", "5-seats"])
def test_whole_match_in_line_mode_shows_every_prompt_line(
    tmp_path: Path, size: tuple[int, int], players: int, seed: int
) -> None:
    settings = Settings(players=players, seed=seed, level="easy", hands=1)
    twin = Session.start(Settings(**{**settings.to_json(), "overrides": {}}))
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": str(size[1]), "LINES": str(size[0])}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--players", str(players), "--seed", str(seed),
         "--level", "easy", "--hands", "1", "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=30, dimensions=size,
    )
    stages: list[str] = []

    def answer(prompt: Prompt, before: str) -> str:
        shown = _flat(before)
        for line in (prompt.question, *prompt.info):
            assert _flat(line) in shown, (prompt.stage, line)
        for c in prompt.choices:
            assert f"[{c.key}]" in shown and _flat(c.label) in shown, (prompt.stage, c)
        stages.append(prompt.stage)
        return next((c.key for c in prompt.choices if c.action in ("go", "stay")), prompt.choices[0].key)

    printed = play_plain_beside_twin(child, twin, answer)
    assert twin.over
    assert len(stages) >= 3 and "main" in stages
    assert "Final standings" in _flat(printed)
    if players == 3:
        assert "go-stop" in stages
