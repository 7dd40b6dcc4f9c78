"""The Textual app driven headless with Pilot: keys, clicks, screens."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from scripted import SCRIPTED_SEED, ScriptedPlayer
from textual.pilot import Pilot

from gostop.play.app import ChoiceItem, GoStopApp, HelpScreen, SetupScreen, SummaryScreen
from gostop.play.session import SavedMatch, Session, Settings
from gostop.play.store import Store


def _run(app: GoStopApp, script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def _screen_text(app: GoStopApp) -> str:
    from textual.widgets import Static

    return "\n".join(str(w.render()) for w in app.screen.query(Static))


def test_a_whole_hand_with_keys(store: Store, player: ScriptedPlayer) -> None:
    app = GoStopApp(store, Settings(seed=SCRIPTED_SEED, level="easy", hands=1), setup=False)
    seen: dict[str, str] = {}

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(100):
            if isinstance(app.screen, SummaryScreen):
                seen["summary"] = _screen_text(app)
                await pilot.press("enter")
                await pilot.pause()
                return
            assert app.session is not None
            prompt = app.session.prompt()
            assert prompt is not None
            if prompt.stage == "go-stop":
                seen["go-stop"] = _screen_text(app)
            await pilot.press(player.key(prompt))
            await pilot.pause()
        raise AssertionError("the hand did not end")

    _run(app, script)
    assert {"shake", "surrender", "go-stop"} <= set(player.stages)
    assert "GO 고 or STOP" in seen["go-stop"] and "Stop now: you win" in seen["go-stop"]
    assert "How it was paid:" in seen["summary"] and "Final standings" in seen["summary"]
    assert app.return_code == 0 and app.crash_log is None
    assert app.session is not None and app.session.over
    assert list((store.root / "matches").glob("*.json"))


def test_the_table_shows_panels_stamps_and_ledger(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=1, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        text = _screen_text(app)
        for part in ("Minji", "Table 바닥", "stock 22 cards", "Brights 광", "Junk 피", "Ledger (chips)",
                     "Your turn: play a card.", "takes 02A", "<captures>", "points 0/7"):
            assert part in text, part

    _run(app, script)


def test_click_plays_a_card(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=1, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        items = list(app.query(ChoiceItem))
        target = items[3].choice
        assert target.action == "play 02R"
        await pilot.click(items[3])
        await pilot.pause()
        assert app.session is not None
        assert "play 02R" in app.session.match.history

    _run(app, script)


def test_help_has_keys_rules_and_card_guide(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=1, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = _screen_text(app)
        assert "Keys" in text and "ctrl+q" in text
        assert "Rules of this table: preset pagat" in text
        assert "12D" in text and "lightning" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("l")
        await pilot.pause()
        assert "You are dealt" in _screen_text(app)

    _run(app, script)


def test_setup_screen_starts_the_chosen_match(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=9, level="easy", hands=2))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start has the focus
        await pilot.pause()
        assert app.session is not None and app.session.settings.seed == 9
        assert app.session.rules.match_hands == 2

    _run(app, script)


def test_setup_screen_offers_the_saved_match(store: Store, player: ScriptedPlayer) -> None:
    s = Session.start(Settings(seed=SCRIPTED_SEED, level="easy", hands=1), store)
    prompt = s.prompt()
    assert prompt is not None
    s.choose(player.key(prompt))
    app = GoStopApp(store, Settings(), saved=SavedMatch("1 bot (easy)"))

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("enter")  # Resume has the focus
        await pilot.pause()
        assert app.session is not None
        assert list(app.session.match.history) == list(s.match.history)

    _run(app, script)


def test_quit_saves_the_match(store: Store, tmp_path: Path) -> None:
    app = GoStopApp(store, Settings(seed=1, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()

    _run(app, script)
    assert store.has_saved()
    assert "play 02R" in Session.resume(store).match.history


def test_setup_screen_never_offers_an_unreadable_save(store: Store) -> None:
    s = Session.start(Settings(seed=4, level="easy", hands=1), store)
    s.choose("1")
    store.save_path.write_text("{broken", encoding="utf-8")
    from gostop.play.session import saved_summary

    app = GoStopApp(store, Settings(seed=8, level="easy", hands=1), saved=saved_summary(store))

    async def script(pilot: Pilot[int]) -> None:
        text = _screen_text(app)
        assert "cannot be resumed" in text and str(store.save_path) in text
        assert not app.screen.query("#resume")
        await pilot.press("enter")  # Start has the focus
        await pilot.pause()
        assert app.session is not None and app.session.settings.seed == 8

    _run(app, script)
    assert list(store.current.glob("save.json.damaged-*"))


def test_the_korean_setup_screen_says_what_is_wrong_with_the_save_in_korean(store: Store) -> None:
    # it said "저장된 게임을 이어 할 수 없습니다: the saved match ... cannot be read: it is not
    # valid JSON: Expecting property name ..." (the save's English words)
    s = Session.start(Settings(seed=4, level="easy", hands=1), store)
    s.choose("1")
    store.save_path.write_text("{broken", encoding="utf-8")
    from gostop.play.session import saved_summary

    app = GoStopApp(store, Settings(seed=8, level="easy", hands=1, lang="ko"), saved=saved_summary(store))

    async def script(pilot: Pilot[int]) -> None:
        text = " ".join(_screen_text(app).split())
        assert "저장된 게임을 이어 할 수 없습니다" in text and "올바른 JSON이 아님 (1번째 줄, 2번째 칸)" in text, text
        assert "cannot be read" not in text and "Expecting" not in text, text

    _run(app, script)
