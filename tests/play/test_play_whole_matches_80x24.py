"""Issue 20, "done when": a whole 3-player match and a whole 5-seat (gwangpalli) match played
at 80x24 through a real terminal (pexpect, line mode) and through the full screen (Pilot). The
player offers shodang once and refuses offers, so each match shows the oe-myeon warning at a
choice (LIAB-4), the outcome of the shodang offer with who refused and what the refuser risks
(LIAB-8, LIAB-10), and no text cut at the screen's edge (no ``…``, no marker without its ``>``).

The seeds were chosen (by playing this policy) so that both events happen; the game is
deterministic, so a twin session in this process knows every prompt the terminal shows."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from screen import flat, screen_rows
from textual.pilot import Pilot

from gostop.play.app import GoStopApp, SummaryScreen
from gostop.play.plain import PROMPT
from gostop.play.session import Prompt, Session, Settings
from gostop.play.store import Store

MATCHES = [(3, 1), (5, 1)]
IDS = ["3-players", "5-seats"]
#: A marker opened and cut before its ``>``, or the ellipsis of a cut line.
CUT = re.compile(r"…|<[a-z+][^<>]*$")


class OfferOnce:
    """Offers shodang the first time it can, refuses offers, says go and stays; else the
    first choice."""

    def __init__(self) -> None:
        self.offered = False

    def key(self, prompt: Prompt) -> str:
        acts = {c.action: c.key for c in prompt.choices}
        if "offer-shodang" in acts and not self.offered:
            self.offered = True
            return acts["offer-shodang"]
        if "refuse" in acts:
            return acts["refuse"]
        for c in prompt.choices:
            if c.action in ("go", "stay"):
                return c.key
        return prompt.choices[0].key


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\r", "")).strip()


@pytest.mark.parametrize(("players", "seed"), MATCHES, ids=IDS)
def test_whole_match_through_a_terminal_at_80x24(tmp_path: Path, players: int, seed: int) -> None:
    settings = Settings(players=players, seed=seed, level="easy", hands=1)
    twin = Session.start(Settings(**settings.to_json()))
    policy = OfferOnce()
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "80", "LINES": "24"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--players", str(players), "--seed", str(seed),
         "--level", "easy", "--hands", "1", "--bot-delay", "0", "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=30, dimensions=(24, 80),
    )
    printed: list[str] = []
    warned = False
    for _ in range(300):
        i = child.expect([re.escape(PROMPT), r"Press Enter for the next hand> ", "Thanks for playing", pexpect.EOF])
        printed.append(child.before)
        if i == 1:
            child.sendline("")
            twin.acknowledge()
            continue
        if i >= 2:
            break
        prompt = twin.prompt()
        assert prompt is not None
        if any("oe-myeon risk" in c.marks for c in prompt.choices):
            shown = _flat(child.before)
            assert "<oe-myeon risk>" in shown
            assert "you pay for both losers (oe-myeon 외면)" in shown
            warned = True
        key = policy.key(prompt)
        child.sendline(key)
        twin.choose(key)
    else:
        raise AssertionError("the match did not end")
    if child.isalive():
        printed.append(child.read())
    text = "".join(printed).replace("\r", "")
    assert twin.over and "Final standings" in text
    assert warned, "no oe-myeon warning was shown"
    news = next(ln.text for ln in twin.log if ln.text.startswith("Shodang 쇼당 ("))
    assert "refused" in news and "pays for both losers (shodang refusal)" in news
    assert _flat(news) in _flat(text)
    assert "soon" not in text  # the refusal risk is said in the rule's words
    assert "['" not in text and "']" not in text  # no Python list in any line
    for line in text.split("\n"):
        assert not CUT.search(line.rstrip()), line


@pytest.mark.parametrize(("players", "seed"), MATCHES, ids=IDS)
def test_whole_match_full_screen_at_80x24(store: Store, players: int, seed: int) -> None:
    app = GoStopApp(store, Settings(players=players, seed=seed, level="easy", hands=1), setup=False)
    policy = OfferOnce()
    seen: dict[str, int] = {}

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(300):
            rows = screen_rows(app)
            for row in rows:
                assert not CUT.search(row.rstrip()), (row, "\n".join(rows))
            if isinstance(app.screen, SummaryScreen):
                await pilot.press("enter")
                await pilot.pause()
                if app.return_code is not None or app.session is None or app.session.over and not app.session.pending:
                    return
                continue
            session = app.session
            assert session is not None
            prompt = session.prompt()
            assert prompt is not None
            text = "\n".join(rows)
            obs = session.observation()
            if obs is not None:  # item 4: your own row and captures stay on screen while you decide
                assert any(row.lstrip().startswith(session.name(0)) for row in rows), text
                for card in obs.captures[obs.seat]:
                    assert card.code in text, (prompt.stage, card, text)
            if any("oe-myeon risk" in c.marks for c in prompt.choices):
                assert "<oe-myeon" in text and "oe-myeon 외면" in flat(" ".join(rows))
                seen["oe-myeon"] = 1
            if session.news:
                assert "Shodang 쇼당" in rows[0] + rows[1]  # the top line says the outcome
                seen["news"] = 1
            seen[prompt.stage] = 1
            await pilot.press(policy.key(prompt))
            await pilot.pause()
        raise AssertionError("the match did not end")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())
    assert seen.get("oe-myeon") and seen.get("news"), seen
