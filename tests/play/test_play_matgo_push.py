"""Issue 19, "done when": a whole Matgo match played in the terminal with a push (milgi 밀기,
VAR-PUSH) and a nagari carry -- full screen at 80x24 (Textual Pilot) and line mode through a
real terminal (pexpect), and the push question in Korean.

The seed was chosen by playing this policy (stop at once, push whenever offered) against the
easy bot: you win the first hand and push it, the second hand is a nagari, and the bot wins
the third with the stakes doubled by the nagari and by your push (x4). The game is
deterministic, so every assertion below re-checks that story from the match itself.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pexpect
from screen import flat, missing_prompt_lines, screen_rows
from scripted import play_plain_beside_twin, push_or_stop
from textual.pilot import Pilot

from gostop.play.app import GoStopApp, SummaryScreen
from gostop.play.session import Prompt, Session, Settings
from gostop.play.store import Store

SEED = 13
HANDS = 5
PUSH = {"push_limit": 2}
CUT = re.compile(r"…|<[a-z+][^<>]*$")


def _settings(lang: str = "en") -> Settings:
    return Settings(players=2, preset="matgo", seed=SEED, level="easy", hands=HANDS, overrides=dict(PUSH), lang=lang)


def _check_story(session: Session) -> None:
    """A push by you, then a nagari, then a hand settled x carry x push."""
    entries = session.match.entries
    pushed = [e for e in entries if e.pushed]
    assert pushed and pushed[0].winner == session.human, [e.to_json() for e in entries]
    first = entries.index(pushed[0])
    nagari, doubled = entries[first + 1], entries[first + 2]
    assert nagari.outcome == "nagari" and nagari.pushes == 1
    assert doubled.outcome == "win" and doubled.carry == 1 and doubled.pushes == 1 and not doubled.pushed
    # the pushed hand moved no settlement chips (its fixed payments, if any, stand)
    assert abs(pushed[0].chips[0]) < pushed[0].pushed


def test_whole_matgo_match_with_a_push_and_a_nagari_full_screen_at_80x24(store: Store) -> None:
    app = GoStopApp(store, _settings(), setup=False)
    seen: dict[str, str] = {}

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(400):
            rows = screen_rows(app)
            text = "\n".join(rows)
            for row in rows:
                assert not CUT.search(row.rstrip()), (row, text)
            if isinstance(app.screen, SummaryScreen):
                body = flat(str(app.screen.body))
                if "pushed: the" in body:
                    seen["summary-push"] = body
                if "No winner" in body:
                    seen["summary-nagari"] = body
                if "Pushed stakes 밀기" in body:
                    seen["summary-doubled"] = body
                await pilot.press("enter")
                await pilot.pause()
                if app.return_code is not None or app.session is None or app.session.over and not app.session.pending:
                    return
                continue
            session = app.session
            assert session is not None
            prompt = session.prompt()
            assert prompt is not None
            if prompt.stage == "push":
                assert missing_prompt_lines(app, prompt) == [], text
                assert "Push (milgi 밀기)" in flat(text) and "collect" in flat(text)
                seen["prompt"] = flat(text)
            await pilot.press(push_or_stop(prompt))
            await pilot.pause()
        raise AssertionError("the match did not end")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(pilot)
            assert app.session is not None
            _check_story(app.session)

    asyncio.run(main())
    assert set(seen) == {"prompt", "summary-push", "summary-nagari", "summary-doubled"}, sorted(seen)
    assert "the next hand pays 2 times" in seen["summary-push"]
    assert "Stakes raised by the nagari 나가리 before: ×2" in seen["summary-doubled"]  # opens its line


def test_whole_matgo_match_with_a_push_in_line_mode(tmp_path: Path) -> None:
    twin = Session.start(_settings())
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--players", "2", "--preset", "matgo", "--set", "push_limit=2",
         "--seed", str(SEED), "--level", "easy", "--hands", str(HANDS), "--bot-delay", "0",
         "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=60, dimensions=(40, 120),
    )
    asked = 0

    def answer(prompt: Prompt, before: str) -> str:
        nonlocal asked
        if prompt.stage == "push":
            asked += 1
            assert flat(prompt.question) in flat(before)
        return push_or_stop(prompt)

    seen = play_plain_beside_twin(child, twin, answer)
    assert twin.over and asked >= 1
    _check_story(twin)
    text = flat(seen.replace("\r", ""))
    assert "You push: the" in text and "No winner" in text and "Pushed stakes 밀기" in text
    assert "Final standings" in text


def test_the_push_question_in_korean() -> None:
    session = Session.start(_settings("ko"))
    for _ in range(400):
        if session.pending:
            session.acknowledge()
            continue
        prompt = session.prompt()
        assert prompt is not None
        if prompt.stage == "push":
            break
        session.choose(push_or_stop(prompt))
    else:  # pragma: no cover
        raise AssertionError("no push was offered")
    stake = session.match.push_stake
    assert prompt.question.startswith(f"{stake}칩을 땄습니다. 밀기:")
    labels = {c.action: c.label for c in prompt.choices}
    assert labels == {"push": "밀기: 누가 이기든 다음 판 2배", "collect": f"지금 {stake}칩 받기"}
    assert not re.search(r"[A-Za-z]{3,}", prompt.question)  # no English run in the Korean words
