"""A sentence names its cards in English as in Korean (``pine bright``, ``two-junk joker``), never
by their codes: the event log (deal, layout, capture, bomb, flip...), the top line (a bot's
move), your own last turn, the questions and their lines, the line mode. A code stays a card's
face: on the board rows and in the choice list."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pexpect
from screen import CARD_CODE, flat, missing_prompt_lines, screen_rows
from textual.pilot import Pilot

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.match import MatchEvent
from gostop.play.app import GoStopApp, SummaryScreen
from gostop.play.narrate import card_list, narrate
from gostop.play.plain import PROMPT
from gostop.play.session import Session, Settings
from gostop.play.store import Store

NAMES = {0: "You", 1: "Minji"}


def _line(seat: int, kind: str, cards: tuple[str, ...] = (), lang: str = "en", **data: object) -> str:
    ev = MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))
    said = narrate(ev, NAMES.get, (0, 1), 0, lang)
    assert said is not None
    return said.text


def test_card_list_names_cards_in_english_and_korean() -> None:
    assert card_list(["01B", "01R", "JK2"]) == "pine bright, pine ribbon, two-junk joker"
    assert card_list(["01B", "01R", "JK2"], "ko") == "송학 광, 송학 띠, 조커 2"
    assert card_list([]) == "-"


def test_english_log_lines_name_their_cards() -> None:
    lines = {
        "deal": _line(0, "deal", ("02R", "02J1", "03B")),
        "layout": _line(0, "layout", ("01R", "01J1", "11D")),
        "capture": _line(1, "capture", ("01B", "01R", "JK2")),
        "bomb": _line(1, "bomb", ("10A", "10R", "10J1", "10J2")),
        "flip": _line(1, "flip", ("06R",), onto=["06J1"]),
        "flip-choice": _line(0, "flip", ("08B",), choice=["08A", "08J1"]),
        "pick": _line(1, "pick", ("01R",), **{"for": ["01B"]}),
        "play": _line(0, "play", ("03B",), onto=["03J2"]),
    }
    assert lines["deal"] == "You are dealt plum ribbon, plum junk, cherry bright."
    assert lines["layout"] == "On the table: pine ribbon, pine junk, paulownia double junk."
    assert lines["capture"] == "Minji captures pine bright, pine ribbon, two-junk joker."
    assert lines["bomb"] == ("BOMB 폭탄! Minji bombs with three cards, taking all four: maple animal, maple ribbon, "
                             "maple junk ×2.")
    assert lines["flip"] == "Minji flips peony ribbon onto peony junk."
    assert lines["flip-choice"] == ("You flip pampas grass bright (matches pampas grass animal and pampas grass "
                                    "junk).")
    assert lines["pick"] == "Minji takes pine ribbon with pine bright."
    assert lines["play"] == "You play cherry bright onto cherry junk."
    for kind, text in lines.items():
        assert not CARD_CODE.search(text), (kind, text)


def test_korean_log_lines_are_unchanged() -> None:
    assert _line(1, "capture", ("01B", "01R", "JK2"), "ko") == "Minji: 송학 광, 송학 띠, 조커 2 먹음"
    assert _line(0, "layout", ("01R", "01J1"), "ko") == "바닥 패: 송학 띠, 송학 피"


def _first_choice(session: Session) -> str:
    prompt = session.prompt()
    assert prompt is not None
    for c in prompt.choices:  # go on, so that the go / stop question comes again
        if c.action in ("go", "stay", "refuse"):
            return c.key
    return prompt.choices[0].key


def test_an_english_match_says_no_card_code_in_a_sentence() -> None:
    """Whole matches (2 and 3 players, a gwangpalli table, jokers): every log line, the top
    line's bot move, your own last turn, every question and line under it, and every hand
    summary name their cards."""
    for players, preset, seed in ((2, "pagat", 3), (3, "pagat", 1), (5, "pagat", 1), (3, "goo-stupe", 14)):
        s = Session.start(Settings(players=players, preset=preset, seed=seed, level="easy", hands=1))
        said: list[str] = []
        for _ in range(400):
            if s.pending:
                summary = s.pending[0]
                said += [summary.headline, *summary.steps]
                s.acknowledge()
                continue
            if s.over:
                break
            prompt = s.prompt()
            assert prompt is not None
            said += [prompt.question, *prompt.info, s.your_turn]
            if s.last_move is not None:
                said += [s.last_move.text, getattr(s.last_move, "short", "")]
            s.choose(_first_choice(s))
        said += [line.text for line in s.log]
        for text in said:
            # a summary's captured cards end with their scoring items' record names
            # ("3 brights incl. 12B: 2", as on the board rows): not a sentence
            text = re.sub(r"  \[[^\[\]]*\]$", "", text)
            assert not CARD_CODE.search(text), (players, preset, seed, text)
        assert any(" captures " in text or " capture " in text for text in said)


def _status(rows: list[str]) -> str:
    """The top line (the status with the last move), however many rows it wraps to."""
    top = []
    for row in rows:
        if re.match(r"\s(Minji|Hoon|You) \(", row):  # the first seat's row
            break
        top.append(row)
    return flat(" ".join(top))


def test_the_top_line_names_the_cards_and_fits_the_screen(store: Store) -> None:
    """The issue's deal: a bomb of four cards, then a move with a joker. The top line names the
    cards (no code) at 100x30 and at 80x24; it wraps, the layout holds: your captures, the
    question and its choices stay on screen, nothing is cut."""
    for size in ((100, 30), (80, 24)):
        app = GoStopApp(store, Settings(preset="pagat", level="easy", seed=3, hands=3), setup=False)
        tops: list[str] = []

        async def script(pilot: Pilot[int], app: GoStopApp = app, tops: list[str] = tops) -> None:
            for key in ("4", "1", "1"):
                session = app.session
                assert session is not None and not isinstance(app.screen, SummaryScreen)
                prompt = session.prompt()
                assert prompt is not None
                rows = screen_rows(app)
                text = "\n".join(rows)
                top = _status(rows)
                tops.append(top)
                if session.last_move is not None:
                    assert session.last_move.text in top or session.last_move.short in top, (top, text)
                assert not CARD_CODE.search(top), text
                assert "…" not in text
                assert not missing_prompt_lines(app, prompt), text
                obs = session.observation()
                assert obs is not None
                for card in obs.captures[obs.seat]:  # the board rows keep the codes
                    assert card.code in text, (card, text)
                await pilot.press(key)
                await pilot.pause()

        async def main(app: GoStopApp = app, size: tuple[int, int] = size) -> None:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await script(pilot)

        asyncio.run(main())
        assert any("pine bright" in top and "two-junk joker" in top for top in tops), tops
        assert any("maple animal, maple ribbon, maple junk ×2" in top for top in tops), tops


def test_the_line_mode_names_the_cards_in_its_sentences(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--lang", "en", "--preset", "pagat", "--seed", "3", "--level",
         "easy", "--hands", "1", "--bot-delay", "0", "--data-dir", str(tmp_path)],
        env={**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120"},
        encoding="utf-8", timeout=30, dimensions=(40, 120),
    )
    told: list[str] = []
    for key in ("4", "1"):
        child.expect(re.escape(PROMPT))
        child.sendline(key)
    child.expect(re.escape(PROMPT))
    told.append(child.before)
    child.sendline("quit")
    child.close()
    said = told[0].split("gostop · hand")[0]  # what happened, before the table is drawn
    assert "Minji captures pine bright, pine ribbon, two-junk joker." in said, said
    assert not CARD_CODE.search(said), said
