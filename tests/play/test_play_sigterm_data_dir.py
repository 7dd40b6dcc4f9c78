"""Fixes from a QA pass of ``gostop play``'s command line.

1. A SIGTERM (``kill``) to the line mode (``--plain``) ends it as a ctrl-c does, without the
   question: the save said on one line, exit status 143 (it used to end on the spot, without a
   word). The full-screen game already did (``test_ctrl_c_loading.py``).
2. A message that says how to go on (``... play --resume``, ``... play --new``) names the data
   directory when it is not the default one: pasted as it was, the command opened the default
   directory instead and resumed another match there, or found none.
3. A reader that goes away (``gostop play --plain | head``) ends the line mode quietly, exit
   status 1, as every command: it used to be reported as a crash of the game, with a traceback
   in ``play.log``.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.plain import PROMPT
from gostop.play.store import DATA_ENV, Store


def _default_signals() -> None:  # in the child: a test run as a background job may ignore them
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _spawn(args: list[str], env: dict[str, str]) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "gostop", "play", "--plain", *args],
        env=env, encoding="utf-8", timeout=30, dimensions=(40, 120), preexec_fn=_default_signals,
    )


# -- 1. SIGTERM in the line mode ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_sigterm_in_the_line_mode_says_the_save_and_exits_143(tmp_path: Path, lang: str) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "120", DATA_ENV: str(data)}
    prompt = re.escape({"en": PROMPT, "ko": "선택> "}[lang])
    child = _spawn(["-y", "--seed", "1", "--level", "easy", "--lang", lang], env)
    child.expect(prompt)
    child.sendline("1")
    child.expect(prompt)  # waiting for the second move
    os.kill(child.pid, signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None and child.exitstatus == 143, (child.signalstatus, child.exitstatus)
    said = [line for line in child.before.splitlines() if line.strip()]
    saved = {"en": "Saved. Continue this match with: ", "ko": "저장했습니다. 이 게임을 이어서 하려면: "}[lang]
    assert said[-1].startswith(saved) and said[-1].endswith(" play --resume"), said[-1]
    assert "Quit now?" not in child.before and "Traceback" not in child.before
    again = _spawn(["--resume"], env)
    again.expect({"en": "Resumed the saved match", "ko": "저장한 게임을 이어서 합니다"}[lang])
    again.expect(prompt)
    again.sendline("quit")
    again.expect(pexpect.EOF)


# -- 2. the data directory in the commands to go on ---------------------------------------------


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_the_resume_command_names_a_data_dir_that_is_not_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "default"))
    other = tmp_path / "other dir"
    code, out, _ = _invoke(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(other)], "quit\n")
    assert code == 0
    assert f"Continue this match with: gostop play --resume --data-dir '{other}'" in out
    # the command as said resumes that match
    code, out, _ = _invoke(["--resume", "--data-dir", str(other)], "quit\n")
    assert code == 0 and "Resumed the saved match" in out
    # with no match there, the error's command names the directory too
    code, _, err = _invoke(["--resume", "--data-dir", str(tmp_path / "empty")])
    assert code == 2 and f"start one with: gostop play --data-dir {tmp_path / 'empty'}" in err


def test_the_default_data_dir_is_not_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "default"))
    assert Store().command("play --resume") == "gostop play --resume"
    assert Store(tmp_path / "default").command("play --resume") == "gostop play --resume"
    assert Store(tmp_path / "x").command("play --new") == f"gostop play --new --data-dir {tmp_path / 'x'}"


# -- 3. a broken pipe ----------------------------------------------------------------------------


def test_a_reader_that_goes_away_ends_the_line_mode_quietly(tmp_path: Path) -> None:
    env = {**os.environ, "GOSTOP_DEBUG": "", "GOSTOP_WARM": "off"}
    with subprocess.Popen(
        [sys.executable, "-m", "gostop", "play", "--plain", "-y", "--seed", "3", "--level", "easy",
         "--data-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()  # as `head -1`: one line, then gone
        proc.stdout.close()
        proc.stdin.write(b"1\n" * 30)
        with contextlib.suppress(BrokenPipeError):  # (it may be gone already)
            proc.stdin.close()
        err = proc.stderr.read().decode()
        status = proc.wait(timeout=60)
    assert status == 1 and err == "", (status, err)
    assert not (tmp_path / "play.log").exists()
    assert (tmp_path / "current" / "save.json").is_file()
