"""Matgo (맞고, issue 19) in the terminal: a whole 2-player match in line mode through a real
terminal, its plain-words rules, and the clear refusal of a 3-player Matgo table."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from gostop.play.guide import MATGO_DIFFERENCES, rules_text
from gostop.play.plain import PROMPT
from gostop.play.session import Session, Settings
from gostop.rules import get_preset


def test_matgo_rules_text_has_the_differences_in_plain_words() -> None:
    text = rules_text(get_preset("matgo"), 2)
    assert "Matgo differences (맞고)" in text and MATGO_DIFFERENCES.splitlines()[1].strip() in text
    assert "(points + 3) x 2" in text and "7 junk or fewer" in text
    assert "each go adds 1 chip" in text  # the go scheme line of PAY-15
    assert "Matgo differences" not in rules_text(get_preset("pagat"), 2)


def test_matgo_with_three_players_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="2 players only"):
        Settings(players=3, preset="matgo").check()
    Settings(players=2, preset="matgo").check()


def test_whole_matgo_match_in_line_mode(tmp_path: Path) -> None:
    """Two hands of Matgo against an easy bot, answering with the first choice (go when
    asked): the match ends and the table named the preset; the twin session (same seed)
    agrees on every prompt."""
    seed = 5
    settings = Settings(players=2, preset="matgo", seed=seed, level="easy", hands=2)
    twin = Session.start(Settings(**{**settings.to_json(), "overrides": {}}))
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--players", "2", "--preset", "matgo", "--seed", str(seed),
         "--level", "easy", "--hands", "2", "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=60, dimensions=(40, 120),
    )
    prompts, hands = 0, 0
    seen = ""
    for _ in range(400):
        i = child.expect([re.escape(PROMPT), r"Press Enter for the next hand> ", "Thanks for playing", pexpect.EOF])
        seen += child.before
        if i == 1:
            hands += 1
            child.sendline("")
            twin.acknowledge()
            continue
        if i >= 2:
            break
        prompt = twin.prompt()
        assert prompt is not None, child.before[-400:]
        key = next((c.key for c in prompt.choices if c.action == "go"), prompt.choices[0].key)
        child.sendline(key)
        twin.choose(key)
        prompts += 1
    else:  # pragma: no cover
        raise AssertionError("the match did not end")
    child.close()
    assert twin.over and prompts > 5 and hands >= 1
    assert "matgo" in seen
