"""Issue 20, the terminal game: what a new player tripped over.

Resume versus options typed for a new match, liability rules explained and warned about at the
choice, no Python value in any log line, whole turns on the top line, the shodang outcome in the
rule's words, ctrl-c, one game per save, the wording fixes."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from rich.cells import cell_len
from screen import CARD_CODE, screen_rows
from typer.testing import CliRunner

from gostop.cli import app as cli_app
from gostop.play.app import ChoiceItem, GoStopApp, QuitScreen
from gostop.play.guide import card_guide_parts, rules_text
from gostop.play.plain import PROMPT
from gostop.play.session import Choice, Session, Settings
from gostop.play.store import Store, gostop_command
from gostop.rules import get_preset
from gostop.words import card_name

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "PYTHONPATH": SRC, **extra}


def _spawn(args: list[str], **kw: object) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "gostop", "play", *args], env=_env(), encoding="utf-8",
                         timeout=30, dimensions=(24, 80), **kw)


def _play_out(session: Session, limit: int = 400) -> None:
    for _ in range(limit):
        if session.pending:
            session.acknowledge()
            continue
        prompt = session.prompt()
        if session.over or prompt is None:
            return
        session.choose(prompt.choices[0].key)


# -- 1: options typed for a match mean a new match ----------------------------------------------


def _saved_two_player(tmp_path: Path) -> None:
    child = _spawn(["--plain", "-y", "--seed", "3", "--level", "easy", "--hands", "2", "--data-dir", str(tmp_path)])
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert (tmp_path / "current" / "save.json").is_file()


def test_typed_options_ask_once_to_drop_the_saved_match(tmp_path: Path) -> None:
    _saved_two_player(tmp_path)
    saved = (tmp_path / "current" / "save.json").read_text(encoding="utf-8")
    # (a seed typed too: on a random deal, about one hand in forty is decided at the deal and the
    # new match's first question is then "Press Enter for the next hand", not a card to play)
    child = _spawn(["--plain", "--players", "3", "--hands", "2", "--seed", "3", "--data-dir", str(tmp_path)])
    child.expect(r"A saved match exists \(1 bot.*\)\. Drop it and start the new match you asked for "
                 r"\(--players --hands --seed\)\? \[y/N\]> ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    assert "Nothing changed" in child.before and "play --resume" in child.before
    assert (tmp_path / "current" / "save.json").read_text(encoding="utf-8") == saved
    child = _spawn(["--plain", "--players", "3", "--hands", "2", "--seed", "3", "--data-dir", str(tmp_path)])
    child.expect(r"\[y/N\]> ")
    child.sendline("y")
    child.expect("New match: 2 bots")  # the match typed, not the saved one
    child.expect("to start")
    child.sendline("")
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    data = json.loads((tmp_path / "current" / "save.json").read_text(encoding="utf-8"))
    assert data["session"]["settings"]["players"] == 3


def test_resume_with_match_options_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["play", "--plain", "--resume", "--players", "3", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --resume continues the saved match as it was: leave out --players")


# -- 2: liability rules explained, and warned about at the choice ---------------------------------


def test_rules_page_explains_every_liability_rule() -> None:
    text = rules_text(get_preset("pagat"), 3)
    for words in ("dok-bak 독박", "go-bak 고박: you said go", "shodang refusal: you refused", "oe-myeon 외면: on your turn",
                  "nor for your last card.", "releases you from go-bak for those goes.", "<oe-myeon risk>"):
        assert words in text, words  # LIAB-3, LIAB-10, LIAB-4, LIAB-5, LIAB-12 (no rule IDs for players)
    assert "oe-myeon" not in rules_text(get_preset("pagat").with_overrides({"oe_myeon": False}), 3)
    two = rules_text(get_preset("fuda-wiki"), 2)
    assert "Go-bak 고박: if you said go and your opponent wins, you pay double." in two  # PAY-6


def test_shodang_answer_names_the_rule_and_the_cost(tmp_path: Path) -> None:
    """A bot offers; the person's prompt says what a refusal risks, in the rule's words."""
    for seed in range(1, 60):
        s = Session.start(Settings(players=3, seed=seed, level="easy", hands=1))
        for _ in range(200):
            if s.pending:
                s.acknowledge()
                continue
            p = s.prompt()
            if s.over or p is None:
                break
            if p.stage == "answer-shodang":
                info = " ".join(p.info)
                assert "soon" not in info
                assert "you pay for both losers (shodang refusal)" in info
                assert "on this turn" in info and "on their next turn" in info
                return
            s.choose(next((c.key for c in p.choices if c.action != "offer-shodang"), p.choices[0].key))
    pytest.skip("no bot offered shodang in these deals")  # pragma: no cover


def test_oe_myeon_warning_marks_the_cards_left_on_the_table() -> None:
    s = Session.start(Settings(players=3, seed=1, level="easy", hands=1))
    for _ in range(200):
        p = s.prompt()
        assert p is not None and not s.over
        marked = [c for c in p.choices if "oe-myeon risk" in c.marks]
        if marked:
            for c in marked:  # only cards that take nothing and stay on the table (LIAB-4 (A))
                assert c.detail.startswith("no match"), c
            line = next(x for x in p.info if x.startswith("<oe-myeon risk>"))
            # the cards are named (a sentence never names a card by its code)
            assert all(c.card is not None and card_name(c.card) in line for c in marked)
            assert not CARD_CODE.search(line), line
            assert "you pay for both losers (oe-myeon 외면)" in line
            return
        s.choose(next((c.key for c in p.choices if c.action != "offer-shodang"), p.choices[0].key))
    raise AssertionError("no oe-myeon warning in this deal")


def test_no_oe_myeon_warning_in_a_two_player_hand() -> None:
    s = Session.start(Settings(players=2, seed=1, level="easy", hands=1))
    for _ in range(60):
        if s.pending or s.over:
            break
        p = s.prompt()
        assert p is not None
        assert not any("oe-myeon" in m for c in p.choices for m in c.marks)
        s.choose(p.choices[0].key)


# -- 3: no Python value in a log line (the game and gostop replay) ---------------------------------

_REPR = re.compile(r"\[['\"]|['\"]\]|\{['\"]|\bNone\b|\(\)")


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 1), (3, 7), (5, 2)])
def test_log_lines_hold_no_python_repr(players: int, seed: int, tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.start(Settings(players=players, seed=seed, level="easy", hands=2), store)
    _play_out(s)
    assert s.over
    assert any(" onto " in ln.text for ln in s.log)
    for ln in s.log:
        assert not _REPR.search(ln.text), ln.text
    assert s.archived_to is not None
    out = subprocess.run([sys.executable, "-m", "gostop", "replay", s.archived_to], capture_output=True,
                         text=True, env=_env(), timeout=60)
    assert out.returncode == 0, out.stderr
    assert " onto " in out.stdout
    for line in out.stdout.splitlines():
        assert not _REPR.search(line), line


# -- 6: the top line says what a whole turn did ---------------------------------------------------


def test_turns_in_words_keep_the_card_played_and_your_own_draw() -> None:
    s = Session.start(Settings(players=3, seed=7, level="easy", hands=1))
    mine: list[str] = []
    bots: list[str] = []
    for _ in range(200):
        if s.pending or s.over:
            break
        p = s.prompt()
        assert p is not None
        if s.last_move is not None:
            bots.append(s.last_move.text)
        s.choose(next((c.key for c in p.choices if c.action != "offer-shodang"), p.choices[0].key))
        mine.append(s.your_turn)
    assert any(t.startswith("You played ") and " turned " in t for t in mine), mine
    for text in bots:  # a turn that turned a card also says what was played (or that none was)
        if " turned " in text and " played " not in text:
            raise AssertionError(text)
    assert any(" played " in t and " turned " in t for t in bots)


# -- 5: choices shortened by rule, never cut ------------------------------------------------------


def test_long_choice_is_shortened_by_whole_words_and_markers() -> None:
    from gostop.cards import parse_card

    c = Choice("1", "pampas grass animal", "play 08A", "no match: stays on the table", parse_card("08A"),
               ("completes junk value", "feeds Minji (godori)", "oe-myeon risk"))
    full = " 1  08A pampas grass animal: no match <completes junk value> <feeds Minji (godori)> <oe-myeon risk>"
    for width in range(20, 110):
        text = ChoiceItem._fitted(c, width).plain
        assert text.count("<") == text.count(">"), text
        words = text.split()
        for w in words:  # every word is whole: a word of the full line or a short form
            assert w.removesuffix(":") in full.replace(":", "").split() \
                or w in ("<+junk", "value>", "<feeds", "Minji>", "<oe-myeon>", "lays", "it"), (width, w)
            assert not w.endswith(":") or w in ("grass:", "animal:"), (width, text)  # only the name's end
        # the card's name (as much of it as fits) beside its code, before what the card does
        assert text.startswith((" 1  08A pampas grass animal: ", " 1  08A pampas grass: ", " 1  08A no match",
                                " 1  08A lays it", " 1  08A <")), (width, text)
        # (in English the markers never give way: their short forms, 46 cells, are the least)
        assert cell_len(text) <= max(width, cell_len(" 1  08A <+junk value> <feeds Minji> <oe-myeon>")), (width, text)
        if width >= cell_len(full):
            assert text == full, (width, text)
        if width >= 60:  # every marker is there, whole or in its short form
            assert text.count("<") == 3 and "oe-myeon" in text and "feeds Minji" in text, text


def test_card_guide_intro_is_prose_apart_from_the_table() -> None:
    intro, table = card_guide_parts(get_preset("pagat"))
    assert "Cards of the same month capture each other." in intro
    assert "capture each other" not in table


# -- 8: ctrl-c saves and asks -------------------------------------------------------------------


def test_ctrl_c_saves_and_asks_in_full_screen(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=5, level="easy", hands=1), setup=False)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            assert store.save_path.is_file()
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, QuitScreen) and app.return_code is None
            await pilot.press("ctrl+c")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()

    asyncio.run(main())
    assert app.return_code == 0


def _default_sigint() -> None:
    # A test worker (pytest-xdist) may ignore SIGINT, and a child inherits that: Python then
    # never raises KeyboardInterrupt. A terminal's ctrl-c reaches a game started from a shell.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_saves_and_asks_in_line_mode(tmp_path: Path) -> None:
    child = _spawn(["--plain", "-y", "--seed", "3", "--level", "easy", "--data-dir", str(tmp_path)],
                   preexec_fn=_default_sigint)
    child.expect(re.escape(PROMPT))
    time.sleep(0.3)  # the prompt becomes a read first (test_ctrl_c_loading.PROMPT_TO_READ says why)
    child.sendintr()
    child.expect(r"Saved\. Continue this match with: .*play --resume")
    child.expect(r"Quit now\? \[Y/n\]> ")
    child.sendline("n")
    child.expect(re.escape(PROMPT))
    time.sleep(0.3)
    child.sendintr()
    child.expect(r"Quit now\? \[Y/n\]> ")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "current" / "save.json").is_file()


# -- 9: one game per save -----------------------------------------------------------------------


def test_a_second_game_on_the_same_save_is_refused(tmp_path: Path) -> None:
    first = _spawn(["--plain", "-y", "--seed", "3", "--level", "easy", "--data-dir", str(tmp_path)])
    first.expect(re.escape(PROMPT))
    second = subprocess.run([sys.executable, "-m", "gostop", "play", "--plain", "--resume", "--data-dir", str(tmp_path)],
                            capture_output=True, text=True, env=_env(), timeout=60, stdin=subprocess.DEVNULL)
    assert second.returncode == 2
    assert second.stderr.startswith("error: the match in ") and "is open in another gostop game" in second.stderr
    assert len(second.stderr.splitlines()) == 1
    first.sendline("quit")
    first.expect(pexpect.EOF)
    third = subprocess.run([sys.executable, "-m", "gostop", "play", "--plain", "--resume", "--data-dir", str(tmp_path)],
                           capture_output=True, text=True, env=_env(), timeout=60, input="quit\n")
    assert third.returncode == 0, third.stderr  # the lock went with the first game


# -- 10: wording --------------------------------------------------------------------------------


def test_wording_fixes(tmp_path: Path) -> None:
    text = rules_text(get_preset("pagat").with_overrides({"match_hands": 2}), 2)
    assert "match_hands" not in text and "The match: 2 hands" in text
    store = Store(tmp_path)
    store.current.mkdir(parents=True)
    store.save_path.write_text('{"format": "gostop-play-save", "x": "abc', encoding="utf-8")
    from gostop.play.session import saved_summary

    saved = saved_summary(store)
    assert saved is not None and saved.problem is not None
    assert "at at" not in saved.problem and "(line 1, column" in saved.problem
    from gostop.play.narrate import _DEALER_METHODS

    assert "on the same month the lower card deals" in _DEALER_METHODS["draw_night"]


def test_near_set_hint_says_on_the_table() -> None:
    from gostop.play.view import table_view

    for seed in range(1, 40):
        s = Session.start(Settings(players=2, seed=seed, level="easy", hands=1))
        for _ in range(12):
            if s.pending or s.over or s.prompt() is None:
                break
            for seat in table_view(s).seats:
                for line in seat.near:
                    assert " the table" not in line or " on the table" in line, line
                    if "on the table" in line:
                        return
            prompt = s.prompt()
            assert prompt is not None
            s.choose(prompt.choices[0].key)
    raise AssertionError("no near-set hint on the table in these deals")  # pragma: no cover


def test_plain_intro_is_wrapped_to_the_terminal(tmp_path: Path) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "gostop", "play", "--plain", "-y", "--seed", "3", "--level", "easy",
                                           "--data-dir", str(tmp_path)],
                          env=_env(COLUMNS="60", LINES="24"), encoding="utf-8", timeout=30, dimensions=(24, 60))
    child.expect("Type \\? for help")
    intro = child.before.replace("\r", "")
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = [ln for ln in intro.split("\n") if ln.strip()]
    assert len(lines) > 6 and max(len(ln) for ln in lines) <= 60, intro


def test_the_command_to_run_again_is_the_one_that_works(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    script = tmp_path / ".venv" / "bin" / "gostop"
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert gostop_command() == os.path.join(".venv", "bin", "gostop")
    monkeypatch.setattr(sys, "argv", [str(Path(SRC) / "gostop" / "__main__.py")])
    assert gostop_command().endswith(" -m gostop")


def test_card_guide_intro_reads_whole_at_80x24(store: Store) -> None:
    """The Cards page at 80x24: the introduction wraps to the box (the table scrolls sideways)."""
    from textual.widgets import TabbedContent

    from gostop.play.app import HelpScreen

    app = GoStopApp(store, Settings(seed=5, level="easy", hands=1), setup=False)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            app.screen.query_one(TabbedContent).active = "help-cards"
            await pilot.pause(0.3)
            rows = [re.sub(r"[█▀▄▆▇]", " ", row) for row in screen_rows(app)]  # the box's edges
            text = " ".join(" ".join(rows).split())
            assert "Cards of the same month capture each other." in text, text
            assert "R ribbon 띠," in text and "J junk 피, D double junk 쌍피." in text

    asyncio.run(main())
