"""QA round 19 of the command line:

* a number option given no number (``gostop play --players x``, ``--seed abc``, ``simulate -n
  abc``...) said ``Invalid value for '--players' / '-p': Input should be a valid integer, unable
  to parse string as an integer``, and one out of range ``Input should be less than or equal to
  7``: the line names the option, what was typed and the range (``--players: "x" is not a whole
  number (2 to 7)``), in Korean for ``gostop replay --lang ko``, for every command;
* ``gostop play --name ''`` (or a name of spaces) was taken, although the help says 1 to 32
  characters;
* a save of a newer gostop (its match record of a newer version) was offered to resume, then
  stopped the line mode on an error line (and crashed the full-screen game's Resume button);
* ``quit`` at the question about a saved match was not understood there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli_support import gostop
from gostop.cli import COMMANDS, app, load_command
from gostop.limits import MAX_PLAY_HANDS
from gostop.play.session import Session, Settings, saved_summary
from gostop.play.store import Store

EXAMPLE = str(Path(__file__).parent.parent.parent / "docs" / "examples" / "hand.json")


# -- 1. a number option given no number, or out of range ---------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("play", "--players", "x"), '--players: "x" is not a whole number (2 to 7)'),
        (("play", "-p", "x"), '--players: "x" is not a whole number (2 to 7)'),
        (("play", "--hands", "x"), f'--hands: "x" is not a whole number (0 to {MAX_PLAY_HANDS})'),
        (("play", "--seed", "abc"), '--seed: "abc" is not a whole number (0 to 2**64-1)'),
        (("play", "--bot-delay", "abc"), '--bot-delay: "abc" is not a number (0 to 10 seconds)'),
        (("play", "--players", "2.5"), '--players: "2.5" is not a whole number (2 to 7)'),
        (("play", "--players", "9"), "--players: 9 is out of range (2 to 7)"),
        (("simulate", "greedy", "random", "-n", "abc"), '--deals: "abc" is not a whole number (1 to 10,000,000)'),
        (("simulate", "greedy", "random", "-w", "1.5"), '--workers: "1.5" is not a whole number (1 to 1,024)'),
        (("simulate", "--match", "greedy", "random", "--matches", "x"),
         '--matches: "x" is not a whole number (1 to 1,000,000)'),
        (("score", "01B", "--opp", "12B", "--goes", "x"), '--goes: "x" is not a whole number (0 to 60)'),
        (("score", "01B", "--opp", "12B", "--goes", "61"), "--goes: 61 is out of range (0 to 60)"),
        (("deal", "--seed", "x"), '--seed: "x" is not a whole number (0 to 2**64-1)'),
        (("deal", "--cut", "x"), '--cut: "x" is not a whole number'),
        (("replay", EXAMPLE, "--at", "x"), '--at: "x" is not a whole number (at least 0)'),
        (("serve", "--port", "x"), '--port: "x" is not a whole number (1 to 65535)'),
        (("serve", "--grace", "soon"), '--grace: "soon" is not a number'),
    ],
)
def test_a_value_that_is_no_number_is_named_with_its_option(args: tuple[str, ...], said: str) -> None:
    line = gostop(*args).error_line()
    command = args[0]
    assert line.startswith(f"error: {said} (see '") and line.endswith(f" {command} --help')"), line


def _number_options(command: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """(command path, long option) of every option of ``command`` that takes a number."""
    out = []
    for sub_name, sub in getattr(command, "commands", {}).items():
        out += _number_options(sub, (*path, sub_name))
    for param in getattr(command, "params", ()):
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        if annotation in (int, float, int | None, float | None) and not getattr(param, "is_flag", False):
            out.append((path, max(param.opts, key=len)))
    return out


#: What each command needs before its options can be read (its arguments).
_NEEDS = {"simulate": ("greedy", "random"), "replay": (EXAMPLE,)}


def test_every_number_option_of_every_command_names_what_was_typed() -> None:
    """Not a list kept by hand: every option of every command that takes a number."""
    options = [item for name in COMMANDS for item in _number_options(load_command(name), (name,))]
    assert len(options) >= 25, options
    for path, option in options:
        line = gostop(*path, *_NEEDS.get(path[0], ()), option, "many").error_line()
        assert f'{option}: "many" is not a' in line, line
        assert "Input should" not in line and "Invalid value" not in line, line


def test_a_huge_number_is_said_short() -> None:
    line = gostop("replay", EXAMPLE, "--at", "9" * 5000).error_line()
    assert line.startswith("error: --at: 999") and "is too large a number" in line and len(line) < 300, line


def test_replay_says_it_in_the_language_it_speaks() -> None:
    """``gostop replay --lang ko`` writes its error lines in Korean, the parser's included."""
    line = gostop("replay", EXAMPLE, "--at", "x", "--lang", "ko").stderr.strip()
    assert line.startswith('오류: --at: "x"는 정수가 아닙니다 (0 이상) (') and line.endswith(" replay --help' 참고)"), line
    line = gostop("replay", EXAMPLE, "--lang=ko", "--at=-3").stderr.strip()
    assert line.startswith("오류: --at: -3은 범위를 벗어났습니다 (0 이상)"), line
    assert gostop("replay", EXAMPLE, "--at", "x", "--lang", "en").error_line().startswith('error: --at: "x" is not')


# -- 2. --name takes 1 to 32 characters ----------------------------------------------------------


@pytest.mark.parametrize(("name", "got"), [("", "an empty name"), ("   ", "only spaces"), ("x" * 33, "33 characters"),
                                           ("\t", "a control character")])
def test_an_empty_or_blank_name_is_refused(tmp_path: Path, name: str, got: str) -> None:
    run = CliRunner().invoke(app, ["play", "--plain", "-y", "--name", name, "--data-dir", str(tmp_path)])
    assert run.exit_code == 2 and run.stdout == "", run.stdout
    line = run.stderr.strip()
    assert line.startswith(f"error: --name takes 1 to 32 characters and no control characters (newline, tab...), "
                           f"got {got} (see '"), line
    assert not (tmp_path / "current" / "save.json").exists()


# -- 3. a save of a newer gostop ------------------------------------------------------------------


def _newer_save(data_dir: Path) -> Store:
    store = Store(data_dir)
    Session.start(Settings(seed=3, players=2, level="easy", hands=2), store)
    data = json.loads(store.save_path.read_text(encoding="utf-8"))
    data["record"]["version"] = 99  # a match record of a later gostop
    store.save_path.write_text(json.dumps(data), encoding="utf-8")
    return store


def test_a_save_of_a_newer_gostop_is_said_unreadable_before_it_is_offered(tmp_path: Path) -> None:
    store = _newer_save(tmp_path / "data")
    saved = saved_summary(store)
    assert saved is not None and not saved.readable  # the setup screen then offers no Resume
    assert saved.problem is not None and "newer than this gostop understands" in saved.problem
    run = CliRunner().invoke(app, ["play", "--plain", "--data-dir", str(store.root)], input="n\n")
    assert run.exit_code == 0, run.stderr
    assert "Your saved match cannot be resumed" in run.stdout and "Nothing changed." in run.stdout, run.stdout
    assert "Traceback" not in run.stderr and "error:" not in run.stderr, run.stderr
    assert store.save_path.exists()
    run = CliRunner().invoke(app, ["play", "--plain", "--resume", "--data-dir", str(store.root)])
    assert run.exit_code == 2 and "cannot resume:" in run.stderr and "play --new" in run.stderr, run.stderr


def test_quit_at_the_question_about_a_saved_match(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    Session.start(Settings(seed=3, players=2, level="easy", hands=2), store)
    saved = store.save_path.read_bytes()
    run = CliRunner().invoke(app, ["play", "--plain", "--data-dir", str(store.root)], input="quit\n")
    assert run.exit_code == 0, run.stderr
    assert run.stdout.count("Resume it?") == 1 and "Type Y to resume" not in run.stdout, run.stdout
    assert "Nothing changed." in run.stdout and store.save_path.read_bytes() == saved
