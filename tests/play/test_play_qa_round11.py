"""QA round 11 of the terminal game (a gwangpalli table, a 3-player hand, the line mode at 80
columns, English and Korean):

* the captures of a hand summary scored the winner's sake cup for stop points while the
  settlement just above counted it for the larger payment: ``점수: 열끗 5장 1점, 고도리 5점, 피
  10장 1점 = 7점`` over ``민지: ... [열끗 6장 2점, 고도리 5점]``;
* the line mode printed its lines as long as they came and left them to the terminal, which
  broke them inside a word (``[d] 빠지`` / ``기: 이번 판은 쉼``, ``홍싸`` / ``리 피``) and put
  the two columns of its commands over 80 columns (``quit ... (이어서`` / `` 하려면 --resume)``);
* a junk debt offered a pair ``(or any of 1 alike)`` / ``(또는 같은 조합 1가지 중 아무거나)``;
* ``Resume it? [Y/n]>`` took any stray answer (``ㅛ``, the y key in Korean, too) for a no, and
  the new match then replaced the saved one.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
from rich.cells import cell_len

from gostop.play.guide import plain_keys_text
from gostop.play.plain import ask_about_saved, fit_lines
from gostop.play.session import HandSummary, SavedMatch, Session, Settings


def _play_hand(s: Session) -> HandSummary:
    """Play the first choice of every question (stop when asked go or stop) until a hand
    summary waits; the summary."""
    for _ in range(300):
        if s.pending:
            return s.pending[0]
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        keys = [c.key for c in prompt.choices]
        s.choose("s" if prompt.stage == "go-stop" else keys[0])
    raise AssertionError("the hand did not end")


def test_the_captures_of_a_summary_score_the_sake_cup_as_the_settlement_did() -> None:
    """SCORE-8, PAY-1 (``sake_cup_choice = max_payment``): 5 seats, seed 18, Minji stops with
    the sake cup, worth 7 points either way; she counts it as double junk, which makes Hoon's
    pi-bak (PAY-6). Her captures said ``[6 animals: 2, godori: 5]``, the steps ``5 animals for 1,
    godori 고도리 for 5, junk value 10 for 1``."""
    for lang, scored, bracket in (
        ("en", "Scored: 5 animals for 1, godori 고도리 for 5, junk value 10 for 1 = 7 points.",
         "[5 animals: 1, godori 고도리: 5, junk value 10: 1]"),
        ("ko", "점수: 열끗 5장 1점, 고도리 5점, 피 10장 1점 = 7점.", "[열끗 5장 1점, 고도리 5점, 피 10장 1점]"),
    ):
        steps = _play_hand(Session.start(Settings(seed=18, players=5, level="easy", lang=lang, hands=3))).steps
        assert any(st.strip() == scored for st in steps), steps
        (minji,) = [st for st in steps if st.strip().startswith(("Minji:", "민지:")) and "[" in st]
        assert minji.endswith(bracket), minji


def test_the_line_mode_fits_a_long_line_at_spaces() -> None:
    """A line longer than the terminal is broken at a space, keeps its own spacing, and hangs
    under a choice's label; a command to paste stays whole; a short line is left as it is."""
    choice = "  [d]  빠지기: 이번 판은 쉼 (광값 없음) -- 판마다 세 사람이 칩니다. 스스로 빠진 사람 말고"
    rows = fit_lines(choice, 40).split("\n")
    assert rows[0] == "  [d]  빠지기: 이번 판은 쉼 (광값 없음)"
    assert all(row.startswith("       ") and cell_len(row) <= 40 for row in rows[1:]), rows
    assert " ".join(r.strip() for r in rows).replace("  ", " ") == re.sub(r"\s+", " ", choice.strip())
    ledger = "나                 -3       -3"
    assert fit_lines(ledger, 40) == ledger
    said = "저장했습니다. 이 게임을 이어서 하려면: .venv/bin/gostop play --resume --data-dir /tmp/x"
    command = ".venv/bin/gostop play --resume --data-dir /tmp/x"
    assert fit_lines(said, 60, whole=(command,)).split("\n") == ["저장했습니다. 이 게임을 이어서 하려면:", command]


def test_the_line_mode_commands_go_one_a_row_when_two_do_not_fit() -> None:
    """``help`` in the line mode at 80 columns: the Korean rows of two commands ran to 97
    columns (the English to 93)."""
    for lang in ("en", "ko"):
        text = plain_keys_text(lang, 79)
        rows = [line for line in text.splitlines() if line.startswith("  ")]  # (the prose is fitted as printed)
        assert len(rows) == 6 and max(cell_len(line) for line in rows) <= 79, text
        for word in ("table", "log", "cards", "rules", "quit"):
            assert sum(1 for line in text.splitlines() if line.startswith(f"  {word} ")) == 1, (word, text)
    assert "  ? or help    this help                      rules      the rules of this table\n" in plain_keys_text("en")


def test_a_korean_gwangpalli_table_in_the_line_mode_fits_80_columns(tmp_path: Path) -> None:
    """GWANG-3: ``gostop play --plain --lang ko --players 5`` at 80x24: the stay/drop question,
    a wrong answer, an empty one, ``help``, then ctrl-d. Every line printed fits the terminal,
    broken at spaces (the terminal broke ``빠지`` / ``기``), and the command to resume is whole."""
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "80", "LINES": "24"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--lang", "ko", "--players", "5", "--seed", "21", "--level",
         "easy", "--hands", "1", "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=30, dimensions=(24, 80),
    )
    printed = ""
    for answer in ("x", "", "help"):
        child.expect_exact("선택> ")
        printed += child.before
        child.sendline(answer)
    child.expect_exact("선택> ")
    printed += child.before
    child.sendeof()
    child.expect(pexpect.EOF)
    printed += child.before
    lines = printed.replace("\r\n", "\n").split("\n")
    command = f"play --resume --data-dir {tmp_path}"  # (as long as the path of the test)
    prose = [line for line in lines if not line.endswith(command)]
    assert max(cell_len(line) for line in prose) <= 79, max(prose, key=cell_len)
    assert any(line.endswith("[d]") for line in lines) and any(line.startswith("빠지기: 이번 판은 쉼") for line in lines)
    assert any(line.startswith("  quit         저장하고 끝내기") for line in lines), printed
    assert any(line.endswith(command) and "gostop" in line for line in lines), printed


def _surrender_labels(seed: int, lang: str) -> list[str]:
    """The choices of the person's first junk debt of two cards (3 players, easy bots, the first
    choice of every question, go when asked)."""
    s = Session.start(Settings(seed=seed, players=3, level="easy", lang=lang, hands=1))
    for _ in range(300):
        assert not s.pending, "no junk debt of two cards in the hand"
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        if prompt.stage == "surrender" and any("+" in c.label for c in prompt.choices):
            return [c.label for c in prompt.choices]
        keys = [c.key for c in prompt.choices]
        s.choose("g" if prompt.stage == "go-stop" and "g" in keys else keys[0])
    raise AssertionError("the hand did not end")


def test_a_junk_debt_counts_the_other_pairs_alike_in_words() -> None:
    """EVT-7, DEC-14: two junk owed for a ja-ppuk; a pair that has copies was offered with
    ``(or any of 1 alike)`` / ``(또는 같은 조합 1가지 중 아무거나)``."""
    one = _surrender_labels(24, "en")
    assert "01J1 pine junk + 07J1 bush clover junk (or the other one alike)" in one, one
    three = _surrender_labels(20, "en")
    assert "02J1 plum junk + 09J1 chrysanthemum junk (or any of the 3 others alike)" in three, three
    assert "매조 피 + 국화 피 (같은 조합 3가지 더: 어느 것을 줘도 같음)" in _surrender_labels(20, "ko")
    assert not any(" of 1 " in label for label in one)


def test_a_marker_stays_whole_and_a_long_path_stays_put() -> None:
    """The line mode's fitting breaks no marker of a choice (``<feeds Minji (junk value 12)>``
    read ``<feeds Minji (junk value`` on one row), and moves nothing wider than a row."""
    line = "  [1]  05J2 iris junk -- no match: stays on the table <feeds Minji (junk value 12)>"
    rows = fit_lines(line, 70).split("\n")
    assert rows == ["  [1]  05J2 iris junk -- no match: stays on the table",
                    "       <feeds Minji (junk value 12)>"], rows
    path = "/tmp/" + "x" * 90
    assert fit_lines(f"Saved: {path} is the file", 60).split("\n") == [f"Saved: {path}", "is the file"]


def test_a_stray_answer_about_the_saved_match_is_asked_again() -> None:
    """``A saved match exists ... Resume it? [Y/n]>`` took anything but yes for a no and went
    on to a new match (which replaces the saved one), ``ㅛ`` too: the y key with the keyboard
    left in Korean."""
    saved = SavedMatch(text="", settings=Settings(players=3), played=1)
    for lang, answers, said in (("ko", ["x", "ㅛ"], "새 게임을 시작하려면 n"), ("en", ["maybe", "n"], "or n to start")):
        asked: list[str] = []
        written: list[str] = []
        feed = iter(answers)

        def read(question: str, feed: Iterator[str] = feed, asked: list[str] = asked) -> str:
            asked.append(question)
            return next(feed)

        resume = ask_about_saved(saved, lang, read, written.append)
        assert resume is (answers[-1] == "ㅛ") and len(asked) == 2, (asked, written)
        assert len(written) == 1 and said in written[0], written
