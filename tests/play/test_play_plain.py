"""``gostop play --plain`` driven through a terminal with pexpect, and the CLI's error paths."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from scripted import SCRIPTED_SEED
from typer.testing import CliRunner

import gostop.play.session as session_mod
from gostop.cli import app
from gostop.play.plain import PROMPT
from gostop.play.session import Settings
from gostop.play.store import Store

_ENV = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120"}


def _spawn(args: list[str]) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "gostop", "play", "--plain", *args],
        env=_ENV, encoding="utf-8", timeout=30, dimensions=(40, 120),
    )


def _keys(text: str) -> list[str]:
    return re.findall(r"^\s+\[(\S+)\]", text, flags=re.MULTILINE)


def test_plain_mode_plays_a_hand_to_the_end(tmp_path: Path) -> None:
    child = _spawn(["-y", "--seed", str(SCRIPTED_SEED), "--level", "easy", "--hands", "1",
                    "--data-dir", str(tmp_path)])
    seen: set[str] = set()
    goes = 0
    for _ in range(100):
        i = child.expect([re.escape(PROMPT), "Thanks for playing", pexpect.EOF])
        before = child.before
        if i != 0:
            break
        keys = _keys(before.split("Your turn")[-1] if "Your turn" in before else before)
        if "GO 고 or STOP" in before:
            seen.add("go-stop")
            goes += 1
            child.sendline("g" if goes == 1 else "s")
        elif "which do you give?" in before:
            seen.add("surrender")
            child.sendline(keys[0])
        elif "[s]" in before and "shake" in before:
            seen.add("shake")
            child.sendline("s")
        else:
            marked = re.findall(r"^\s+\[(\S+)\].*<captures>", before, flags=re.MULTILINE)
            child.sendline(marked[0] if marked else keys[0])
    else:
        raise AssertionError("the hand did not end")
    text = child.before + (child.after if isinstance(child.after, str) else "")
    child.expect(pexpect.EOF)
    assert {"go-stop", "surrender", "shake"} <= seen
    assert "Final standings" in text
    assert list((tmp_path / "matches").glob("*.json"))


def test_plain_commands_help_rules_cards(tmp_path: Path) -> None:
    child = _spawn(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)])
    child.expect(re.escape(PROMPT))
    child.sendline("?")
    child.expect("Commands")
    child.expect(re.escape(PROMPT))
    child.sendline("cards")
    child.expect("12D")
    child.expect(re.escape(PROMPT))
    child.sendline("nonsense")
    child.expect(r"is not a choice here\. Keys: \[1\]")
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect("gostop play --resume")
    child.expect(pexpect.EOF)
    assert (tmp_path / "current" / "match.json").is_file()


def test_killed_terminal_then_resume(tmp_path: Path) -> None:
    child = _spawn(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)])
    for key in ("4", "1"):
        child.expect(re.escape(PROMPT))
        child.sendline(key)
    child.expect(re.escape(PROMPT))
    child.kill(signal.SIGKILL)
    child.wait()
    saved = json.loads((tmp_path / "current" / "match.json").read_text(encoding="utf-8"))
    assert saved["actions"][:1] == ["play 02R"]
    again = _spawn(["--resume", "--data-dir", str(tmp_path)])
    again.expect("Resumed the saved match")
    again.expect(re.escape(PROMPT))
    again.sendline("quit")
    again.expect(pexpect.EOF)


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_crash_saves_logs_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOSTOP_DEBUG", raising=False)
    calls = {"n": 0}
    real = session_mod.Session.choose

    def flaky(self: session_mod.Session, text: str) -> session_mod.Choice:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("simulated crash")
        return real(self, text)

    monkeypatch.setattr(session_mod.Session, "choose", flaky)
    code, out, err = _invoke(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)], "4\n1\n1\n")
    assert code == 1
    assert "Saved. Continue this match with: gostop play --resume" in err
    assert "Traceback" not in out + err
    log = (tmp_path / "play.log").read_text(encoding="utf-8")
    assert "simulated crash" in log and "Traceback" in log
    actions = json.loads((tmp_path / "current" / "match.json").read_text(encoding="utf-8"))["actions"]
    monkeypatch.setattr(session_mod.Session, "choose", real)
    code, out, _ = _invoke(["--resume", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and "Resumed the saved match" in out
    after = json.loads((tmp_path / "current" / "match.json").read_text(encoding="utf-8"))["actions"]
    assert after == actions and len(actions) >= 2


def test_resume_without_a_saved_match_is_an_error(tmp_path: Path) -> None:
    code, out, err = _invoke(["--resume", "--data-dir", str(tmp_path)])
    assert code == 2 and err.startswith("error: no saved match in")


def test_bad_options_are_one_error_line(tmp_path: Path) -> None:
    code, _, err = _invoke(["--level", "genius", "--data-dir", str(tmp_path)])
    assert code == 2 and err.startswith("error: unknown level 'genius'")
    code, _, err = _invoke(["--set", "stop_targt=5", "--data-dir", str(tmp_path)])
    assert code == 2 and err.startswith("error:") and "stop_targt" in err


def test_choice_keys_win_over_commands_and_codes_in_any_case(tmp_path: Path) -> None:
    """Item 7: a lowercase card code plays; a long input is not echoed whole; words are commands."""
    child = _spawn(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)])
    child.expect(re.escape(PROMPT))
    child.sendline("x" * 5000)
    child.expect(r"'x{37}\.\.\.' is not a choice here\. Keys: \[1\] \S+ ")
    child.expect(re.escape(PROMPT))
    assert "x" * 60 not in child.before
    child.sendline("table")
    child.expect("Table 바닥")
    child.expect(re.escape(PROMPT))
    child.sendline("02r")  # lowercase code of a card in the hand
    child.expect(re.escape(PROMPT))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    saved = json.loads((tmp_path / "current" / "match.json").read_text(encoding="utf-8"))
    assert saved["actions"][0] == "play 02R"


def test_a_key_named_like_a_command_is_a_choice(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 7: when a choice's key is ``t``, ``l`` or ``h``, typing it chooses (never a command)."""
    from dataclasses import replace

    from gostop.play.plain import PlainGame
    from gostop.play.session import Session, Settings

    session = Session.start(Settings(seed=1, level="easy", hands=1), store)
    real = session.prompt()
    assert real is not None
    relabelled = replace(real, choices=tuple(replace(c, key=k) for c, k in zip(real.choices, "tlh1234567", strict=False)))
    monkeypatch.setattr(session, "prompt", lambda: Session.prompt(session) if session.match.history else relabelled)
    lines = iter(["l"])
    out: list[str] = []

    def read(_: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    PlainGame(session, read, out.append).run()
    assert session.match.history[0] == relabelled.choices[1].action  # "l" played the 2nd card
    assert not any("Event log" in o for o in out)


def test_plain_setup_checks_each_answer_at_once(tmp_path: Path) -> None:
    # "go" at the start question is not a start; "abc" players is refused at once, then 3;
    # level "genius" refused, then easy; the rest kept; a bad rule change is asked again.
    stdin = "go\nc\nabc\n3\ngenius\neasy\n\n1\n\nstop_targt=5\nnone\nquit\n"
    code, out, err = _invoke(["--data-dir", str(tmp_path), "--seed", "4"], stdin)
    assert code == 0, err
    assert "'go' is not an answer here" in out
    assert "players must be a whole number from 2 to 7, not 'abc'. Try again" in out
    assert "the level must be one of easy, normal, instinct, hard, not 'genius'. Try again" in out
    assert "stop_targt" in out and "Try again (none: no rule changes)" in out
    assert "invalid literal" not in out and "--set" not in out
    assert "New match: 2 bots (easy), rules pagat, 1 hand, seed 4." in out
    assert "Traceback" not in out + err


def test_plain_setup_says_a_refused_rule_change_in_korean(tmp_path: Path) -> None:
    # the rules' refusals from their facts (an unknown knob, a value it does not take), each
    # asked again; then no change
    stdin = "c\n\n\n\n\n\nstop_targt=5\ngo_scheme=linea\nnone\nquit\n"
    code, out, err = _invoke(["--data-dir", str(tmp_path), "--seed", "4", "--lang", "ko"], stdin)
    assert code == 0, err
    assert "모르는 규칙 'stop_targt' ('stop_target_two_player'를 말씀하셨나요?)." in out
    assert "규칙 'go_scheme': \"linea\" 값은 쓸 수 없습니다 ('linear'를 말씀하셨나요?)." in out
    assert out.count("다시 입력하세요 (none: 규칙 바꾸기 없음).") == 2
    assert "unknown knob" not in out and "is not allowed" not in out and "Traceback" not in out + err


def test_lang_is_remembered(tmp_path: Path) -> None:
    code, out, _ = _invoke(["-y", "--seed", "1", "--level", "easy", "--lang", "ko", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and "매조 띠" in out and "plum ribbon" not in out
    assert json.loads((tmp_path / "prefs.json").read_text(encoding="utf-8")) == {"lang": "ko"}
    code, out, _ = _invoke(["--new", "-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and "매조 띠" in out and "plum ribbon" not in out  # no --lang: the remembered one
    code, _, err = _invoke(["-y", "--lang", "fr", "--data-dir", str(tmp_path)])
    assert code == 2 and err.startswith("error: unknown language 'fr'; languages: en, ko")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rules_command_keeps_each_list_item_on_its_line_at_the_terminal_width(tmp_path: Path, lang: str) -> None:
    """``rules`` in the line mode at a 60-column terminal: every line fits it (hangul is two
    columns), the words are those of the Rules page, and each penalty and each reason to pay
    for both losers starts a line of its own, as on the full-screen Rules tab."""
    from rich.cells import cell_len

    from gostop.play.guide import rules_text

    width = 60
    env = {**_ENV, "COLUMNS": str(width)}
    child = pexpect.spawn(
        sys.executable, ["-m", "gostop", "play", "--plain", "-y", "--seed", "1", "--level", "easy", "--players", "3",
                         "--lang", lang, "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=30, dimensions=(40, width),
    )
    prompt = {"en": PROMPT, "ko": "선택> "}[lang]
    child.expect(re.escape(prompt))
    child.sendline("rules")
    child.expect(re.escape(prompt))
    shown = child.before.replace("\r\n", "\n").split("\n", 1)[1]  # past the echoed command
    child.sendline("quit")
    child.expect(pexpect.EOF)
    page = rules_text(Settings(players=3, hands=3, seed=1, level="easy", lang=lang).rules(), 3, lang, flowed=True)
    assert shown.split() == page.split()
    lines = shown.rstrip("\n").split("\n")
    assert max(cell_len(line) for line in lines) < width, max(lines, key=cell_len)
    items = {"en": ("gwang-bak 광박:", "pi-bak 피박:", "meong-dda 멍따:", "go-bak 고박:", "shodang refusal:",
                    "oe-myeon 외면:"),
             "ko": ("광박:", "피박:", "멍따:", "고박:", "쇼당 거절:", "외면:")}[lang]
    for item in items:
        assert sum(1 for line in lines if line.strip().startswith(item)) == 1, item
        assert sum(1 for line in page.splitlines() if line.strip().startswith(item)) == 1, item
    rows = [line for line in lines if line.startswith("    ")]
    assert len(rows) > len(items)  # the items are wrapped too, their rows hanging under them
