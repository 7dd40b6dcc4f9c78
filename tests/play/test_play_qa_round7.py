"""QA round 7 (a Matgo match in Korean, a gwangpalli table, goo-stupe, the line mode):

* the setup screen describes the saved match in its own language (the command line hands it
  over in English: ``저장된 게임: 1 bot (hard), rules matgo, ...`` on a Korean screen);
* the top line of a turn says all it took: a joker revealed from the hand and the junk an
  opponent handed over are taken (not "took nothing"), and a go that ends the turn is said;
* the "one card from" hints name their cards (``공산 광 안 나옴``, not ``08B 안 나옴``);
* the line mode asks about a saved match in the player's language, and the settings name the
  rule set as its players do (맞고, not 규칙 matgo).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pexpect
from screen import CARD_CODE, screen_rows
from textual.pilot import Pilot

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.match import MatchEvent
from gostop.play.app import GoStopApp, SetupScreen
from gostop.play.plain import prompt_text
from gostop.play.session import Session, Settings, _bot_move, saved_summary
from gostop.play.store import Store
from gostop.play.view import table_view
from gostop.words import catalog


def _ev(kind: str, seat: int | None, cards: tuple[str, ...] = (), **data: object) -> MatchEvent:
    return MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))


def test_the_korean_setup_screen_describes_the_saved_match_in_korean(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    s = Session.start(Settings(seed=11, level="hard", preset="matgo", hands=3, lang="ko"), store)
    prompt = s.prompt()
    assert prompt is not None
    s.choose(prompt.choices[0].key)
    saved = saved_summary(store)  # as the command line reads it: in English
    assert saved is not None and saved.readable and saved.text.startswith("1 bot (hard)")
    app = GoStopApp(store, Settings(lang="ko"), saved=saved)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = "\n".join(screen_rows(app))
        assert "저장된 게임: 봇 1명 (어려움), 맞고, 3판, 시드 11" in text, text
        assert "bot" not in text and "hands" not in text and "seed" not in text, text
        await pilot.press("ctrl+q")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(run())
    assert saved.said("en") == saved.text


def test_a_turn_that_reveals_a_joker_and_gets_junk_did_not_take_nothing() -> None:
    """Minji reveals the three-junk joker (it goes to her captures), plays a card that takes
    nothing, and the joker makes you hand over a junk card; then she says go: the top line
    said ``민지: 비 열끗 냄, 국화 띠 뒤집음, 못 먹음``."""
    events = [
        _ev("turn", 1, turn=9),
        _ev("reveal", 1, ("JK3",)),
        _ev("boss-joker", 1, ("JK3",)),
        _ev("play", 1, ("12A",)),
        _ev("flip", 1, ("09R",)),
        _ev("surrender", 0, ("05J1",), to=1, auto=True),
        _ev("go", 1, goes=3, points=15),
    ]
    # QA round 14: the junk handed over is said as stolen, from whom (EVT-7)
    named = {0: "나", 1: "민지"}.__getitem__
    ko = _bot_move(1, "민지", events, catalog("ko"), named=named)
    assert ko is not None
    assert ko.text == "민지: 비 열끗 냄, 국화 띠 뒤집음, 조커 3 먹음, 나에게서 난초 피 뺏음, 3고", ko.text
    assert "못 먹음" not in ko.short and ko.short.endswith("조커 3 먹음, 나에게서 난초 피 뺏음, 3고"), ko.short
    en = _bot_move(1, "Minji", events, catalog("en"), named={0: "you", 1: "Minji"}.__getitem__)
    assert en is not None
    assert en.text == ("Minji played willow / rain animal, turned chrysanthemum ribbon, took three-junk joker, "
                       "stole iris junk from you, said go #3"), en.text
    assert "JK3" in en.cards and "05J1" in en.cards
    # your own turn: the junk an opponent hands you is yours, the junk you hand over is not
    mine = _bot_move(0, "나", events, catalog("ko"))
    assert mine is None


def test_hints_name_their_cards() -> None:
    """The hints under a seat (``one card from ... : 08B unseen``) name the card, as every
    sentence does (the code stays a card's face on the table rows and in the choice list)."""
    seen = 0
    for lang in ("ko", "en"):
        s = Session.start(Settings(seed=5, level="easy", preset="matgo", hands=1, lang=lang))
        for _ in range(40):
            if s.over or s.pending:
                break
            view = table_view(s)
            for seat in view.seats:
                for line in seat.near:
                    seen += 1
                    assert not CARD_CODE.search(line), line
            prompt = s.prompt()
            if prompt is None:
                s.advance()
                continue
            s.choose(prompt.choices[0].key)
    assert seen, "no hint was shown"


def test_the_line_mode_asks_about_a_saved_match_in_the_players_language(tmp_path: Path) -> None:
    """`gostop play --plain` on a Korean table with a saved match asked "A saved match exists:
    1 bot (normal), rules matgo, … Resume it? [Y/n]>" in English; now the question and the
    match are said in Korean, the rule set by its name (맞고), and a Korean yes (네) resumes."""
    base = [sys.executable, "-m", "gostop", "play", "--plain", "--data-dir", str(tmp_path)]
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120"}
    first = pexpect.spawn(base[0], [*base[1:], "-y", "--new", "--lang", "ko", "--preset", "matgo", "--seed", "11",
                                    "--level", "easy", "--bot-delay", "0"], env=env, encoding="utf-8", timeout=60)
    first.expect(re.escape(prompt_text("ko")))
    first.sendline("quit")
    first.expect(pexpect.EOF)
    again = pexpect.spawn(base[0], base[1:], env=env, encoding="utf-8", timeout=60)
    again.expect(r"\[Y/n\]> ")
    asked = again.before + again.after
    assert "저장된 게임이 있습니다" in asked and "이어서 할까요?" in asked, asked
    assert "맞고" in asked and "시드 11" in asked and "A saved match" not in asked and "rules" not in asked, asked
    again.sendline("네")
    again.expect(re.escape(prompt_text("ko")))  # resumed: the match's question, not the new match's setup
    assert "새 게임" not in again.before, again.before
    again.sendline("quit")
    again.expect(pexpect.EOF)


def test_settings_name_the_rule_set_as_players_do() -> None:
    """The settings line named the rule set by its id on a Korean screen (규칙 matgo)."""
    assert Settings(preset="matgo", lang="ko", seed=3).describe() == "봇 1명 (보통), 맞고, 3판, 시드 3"
    assert "파갓 규칙" in Settings(preset="pagat", lang="ko").describe()
    assert "rules matgo" in Settings(preset="matgo", lang="en").describe()


def test_a_korean_choice_between_two_cards_keeps_its_deed_at_80_columns() -> None:
    """Matgo at 80 columns, Korean: a card that takes one of two table cards (06J1 over 06A and
    06J2) showed "06J1 모란 피", its deed ("모란 열끗 또는 모란 피 중 골라 먹음") too long
    for the column and dropped. The choice carries its deed in fewer words, from the preview's
    kind (no sentence read back), and the narrow line says it: "2장 중 골라 먹음"."""
    from rich.cells import cell_len

    from gostop.play.app import ChoiceItem

    s = Session.start(Settings(seed=14, level="hard", preset="matgo", hands=1, lang="ko"))
    s.choose(next(c.key for c in s.prompt().choices if c.card is not None and c.card.code == "11D"))
    while s.prompt() is None:
        s.advance()
    choice = next(c for c in s.prompt().choices if c.card is not None and c.card.code == "06J1")
    assert choice.brief == "2장 중 골라 먹음" and "골라 먹음" in choice.detail, choice
    line = ChoiceItem._fitted(choice, 40, "ko").plain
    assert "2장 중 골라 먹음" in line and "모란 피" in line and cell_len(line) <= 40, line
    wide = ChoiceItem._fitted(choice, 80, "ko").plain
    assert "모란 열끗 또는 모란 피 중 골라 먹음" in wide, wide  # room enough: the whole deed
