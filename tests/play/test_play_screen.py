"""The full-screen game as a player sees it at 80x24 and 160x50: every prompt line visible,
the table, your hand and your captures on screen, the final standings whole, the finished hand
shown under its summary, bot moves highlighted. Whole matches (3 players, 5 seats) are played
through Pilot with easy bots, one hand each."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from screen import CARD_CODE, flat, missing_prompt_lines, page_text, run_app, screen_rows
from textual.pilot import Pilot

from gostop.play.app import GoStopApp, SummaryScreen
from gostop.play.session import Session, Settings
from gostop.play.store import Store

SIZES = [(80, 24), (160, 50)]


def _run(app: GoStopApp, size: tuple[int, int], script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    run_app(app, size, script)


def _key(session: Session) -> str:
    """First choice, go whenever asked (reaches the go-stop prompts, the final-turn one too)."""
    prompt = session.prompt()
    assert prompt is not None
    for c in prompt.choices:
        if c.action in ("go", "stay"):
            return c.key
    return prompt.choices[0].key


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("players", "seed"), [(3, 19), (5, 27)], ids=["3-players", "5-seats"])
def test_whole_match_every_prompt_line_visible(store: Store, size: tuple[int, int], players: int, seed: int) -> None:
    app = GoStopApp(store, Settings(players=players, seed=seed, level="easy", hands=1), setup=False)
    seen: dict[str, int] = {}

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(200):
            if isinstance(app.screen, SummaryScreen):
                text = flat(" ".join(screen_rows(app)))
                session = app.session
                assert session is not None
                if session.over:  # item 5: every place and the record's path, unscrolled
                    for st in session.match.standings:
                        assert f"{st.rank}. {st.name}" in text, (st, text)
                    assert "The match record is saved in" in text
                    seen["standings"] = 1
                await pilot.press("enter")
                await pilot.pause()
                if app.return_code is not None or app.session is None or app.session.over and not app.session.pending:
                    return
                continue
            session = app.session
            assert session is not None
            prompt = session.prompt()
            assert prompt is not None, "no prompt and no summary"
            missing = missing_prompt_lines(app, prompt)
            if missing and prompt.stage == "go-stop":  # its last lines scroll so that the opponents and
                shown = screen_rows(app)  # the table stay in view (test_screen_fixes_qa): scroll to them
                await pilot.press("end")
                await pilot.pause()
                screen = page_text(screen_rows(app))
                missing = [line for line in missing if line not in prompt.info or flat(line) not in screen]
                await pilot.press("home")
                await pilot.pause()
                assert screen_rows(app) == shown
            assert not missing, (prompt.stage, missing, "\n".join(screen_rows(app)))
            obs = session.observation()
            if obs is not None:  # your own captures stay on screen while you decide (issue 20)
                rows = "\n".join(screen_rows(app))
                for card in obs.captures[obs.seat]:
                    assert card.code in rows, (prompt.stage, card, rows)
            seen[prompt.stage] = seen.get(prompt.stage, 0) + 1
            if any("go-bak" in line for line in prompt.info):
                seen["go-bak line"] = 1
            await pilot.press(_key(session))
            await pilot.pause()
        raise AssertionError("the match did not end")

    _run(app, size, script)
    assert seen.get("standings") == 1
    if players == 3:
        assert seen.get("go-stop", 0) >= 2 and "go-bak line" in seen  # the go-bak risk was shown
    else:
        assert "drop" in seen or "claim" in seen or "main" in seen


@pytest.mark.parametrize("players", [2, 3])
def test_table_hand_and_captures_fit_80x24(store: Store, players: int) -> None:
    app = GoStopApp(store, Settings(players=players, seed=5, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(4):  # a few turns in, with captures on the table
            session = app.session
            assert session is not None
            await pilot.press(_key(session))
            await pilot.pause()
        session = app.session
        assert session is not None
        obs = session.observation()
        assert obs is not None
        rows = screen_rows(app)
        text = "\n".join(rows)
        assert len(rows) == 24 and max(len(r) for r in rows) <= 80
        assert "Table (stock" in text
        for card in obs.layout:
            assert card.code in text, card
        for caps in obs.captures:  # every seat's captures, yours included
            for card in caps:
                assert card.code in text, (card, text)
        for card in obs.hand:
            assert card.code in text, card
        assert f"{session.name(0)} <- to move" in text or "You " in text

    _run(app, (80, 24), script)


def test_summary_sits_over_the_finished_hand(store: Store) -> None:
    """Item 3: until the summary is read the table shows the hand that ended, not the next deal."""
    app = GoStopApp(store, Settings(players=2, seed=31, level="easy", hands=2), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(100):
            if isinstance(app.screen, SummaryScreen):
                break
            session = app.session
            assert session is not None
            await pilot.press(_key(session))
            await pilot.pause()
        session = app.session
        assert session is not None and session.pending
        finished = session.finished
        assert finished is not None and finished[0].is_over
        assert session.match.hand is not None and session.match.hand is not finished[0]  # dealt already
        log = "\n".join(line.text for line in session.log)
        assert "New hand" not in log.split("Nagari")[-1]  # the next deal is not told yet
        await pilot.press("enter")
        await pilot.pause()
        assert session.finished is None
        assert "New hand" in "\n".join(line.text for line in session.log[-20:])

    _run(app, (120, 40), script)


def test_bot_moves_are_highlighted_and_stepped(store: Store) -> None:
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1), setup=False, bot_delay=0.01)

    async def script(pilot: Pilot[int]) -> None:
        session = app.session
        assert session is not None
        for _ in range(100):  # the bots' first moves are stepped too
            if session.prompt() is not None:
                break
            await pilot.pause(0.02)
        await pilot.press("1")
        await pilot.pause(0.05)
        assert session.prompt() is None or session.last_move is not None
        for _ in range(100):
            if session.prompt() is not None:
                break
            await pilot.pause(0.02)
        assert session.prompt() is not None  # the bots played, one at a time
        move = session.last_move
        assert move is not None and move.seat != 0
        text = flat(" ".join(screen_rows(app)))
        assert move.text in text or move.short in text  # the cards named, or counted when the screen is tight
        assert move.text.startswith(("Minji", "Hoon")) and " took " in move.text
        assert not CARD_CODE.search(move.text), move.text  # a sentence names its cards, never by code

    _run(app, (80, 24), script)


def test_setup_screen_fits_80x24_and_says_what_is_wrong(store: Store) -> None:
    from gostop.play.app import SetupScreen
    from gostop.play.session import SavedMatch

    saved = SavedMatch("4 bots (easy), gwangpalli table, rules pagat, 1 hand, seed 27; 0 hand(s) played")
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1), saved=saved)

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        rows = screen_rows(app)
        text = flat(" ".join(rows))
        assert max(len(r) for r in rows) <= 80
        assert "0 hand(s) played" in text and "Start" in text and "Resume saved match" in text
        from textual.widgets import Input

        app.screen.query_one("#hands", Input).value = "abc"
        app.screen.query_one("#start").press()
        await pilot.pause()
        text = flat(" ".join(screen_rows(app)))
        assert "hands must be a whole number from 1 to 1000, not 'abc'" in text
        assert "invalid literal" not in text

    _run(app, (80, 24), script)


def test_help_reads_at_80x24(store: Store) -> None:
    from gostop.play.app import HelpScreen

    app = GoStopApp(store, Settings(seed=5, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = screen_rows(app)
        text = flat(" ".join(rows))
        assert "Go Stop is a fishing game with the 48 Korean flower cards" in text
        # the prose is wrapped to the box, not cut: its last words are on screen
        assert "risk an opponent stopping first." in text
        for line in ("1 .. 9, 0   play the card with that key (<captures>: it takes a card)",
                     "b           bomb 폭탄: three of a month onto the fourth on the table"):
            assert any(line in row for row in rows), line

    _run(app, (80, 24), script)
