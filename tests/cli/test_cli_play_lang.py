"""``gostop play --lang ko``: every line refusing the command line is in Korean, ``error:`` and
the help hint included, as ``gostop replay --lang ko``'s; without ``--lang``, in the language
``gostop play`` remembers; English stays English. A refused game remembers no language.

The parser's own errors (typer's: an unknown option, an option without its value, a flag given
one, words no option takes) are said in Korean too, from their facts; English keeps typer's lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_support import Run, gostop
from gostop.paths import DATA_ENV
from gostop.play.store import Store

HINT_KO = " play --help' 참고)"  # (in process the program is called "root")


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv(DATA_ENV, str(data))
    return data


def _korean_line(run: Run) -> str:
    """The single Korean error line of a refused ``gostop play``."""
    assert run.exit_code == 2, (run.exit_code, run.stdout, run.stderr)
    assert run.stdout == "" and "Traceback" not in run.stderr
    (line,) = run.stderr.splitlines()
    assert line.startswith("오류: ") and line.endswith(HINT_KO), line
    assert "error:" not in line and "see '" not in line
    return line


#: (the options, a part of the Korean line, a part of the English line)
CASES = [
    (["--players", "x"], '--players: "x"는 정수가 아닙니다 (2에서 7 사이)', '--players: "x" is not a whole number (2 to 7)'),
    (["--players", "9"], "--players: 9는 범위를 벗어났습니다 (2에서 7 사이)", "--players: 9 is out of range (2 to 7)"),
    (["--hands", "x"], '--hands: "x"는 정수가 아닙니다 (0에서 1000 사이)', '--hands: "x" is not a whole number (0 to 1000)'),
    (["--hands", "5000"], "--hands 값은 0(규칙에 정한 판 수)이거나 1에서 1000 사이여야 합니다 (5000 아님)",
     "--hands must be 0 (the preset's length) or 1 to 1000, got 5000"),
    (["--seed", "abc"], '--seed: "abc"는 정수가 아닙니다 (0에서 2**64-1 사이)', '--seed: "abc" is not a whole number (0 to 2**64-1)'),
    (["--seed", "-1"], "'--seed' 값이 잘못되었습니다: 시드는 0에서 2**64-1 사이여야 합니다 (-1 아님)",
     "Invalid value for '--seed': a seed is 0 to 2**64-1, got -1"),
    (["--bot-delay", "abc"], '--bot-delay: "abc"는 숫자가 아닙니다 (0에서 10초 사이)', '--bot-delay: "abc" is not a number (0 to 10 seconds)'),
    (["--bot-delay", "11"], "--bot-delay 값은 0에서 10초 사이여야 합니다 (11 아님)", "--bot-delay takes 0 to 10 seconds, got 11"),
    (["--preset", "nope"], "모르는 규칙 'nope'. 쓸 수 있는 규칙: pagat, ", "unknown preset 'nope'; presets: pagat, "),
    (["--preset", "pagta"], "모르는 규칙 'pagta' ('pagat'을 말씀하셨나요?)", "unknown preset 'pagta' (did you mean 'pagat'?)"),
    (["--level", "nope"], "모르는 봇 난이도 'nope'. 쓸 수 있는 난이도: easy, normal", "unknown level 'nope'; levels: easy, normal"),
    (["--set", "foo"], "--set에는 규칙=값 꼴로 쓰세요 (예: --set go_scheme=linear; 'foo' 아님)",
     "--set expects knob=value (e.g. --set go_scheme=linear), got 'foo'"),
    (["--set", "nope=3"], "--set으로 규칙을 그렇게 바꿀 수 없습니다: 모르는 규칙 'nope'. 규칙 목록은 `gostop rules show pagat`에서",
     "error: unknown knob 'nope'"),
    (["--set", "go_scheme=linea"], "규칙 'go_scheme': \"linea\" 값은 쓸 수 없습니다 ('linear'를 말씀하셨나요?). 쓸 수 있는 값: \"standard\",",
     "knob 'go_scheme': \"linea\" is not allowed (did you mean 'linear'?); allowed: \"standard\","),
    (["--set", "stop_target_two_player=0"], "규칙 'stop_target_two_player': 0 값은 범위를 벗어났습니다. 쓸 수 있는 값: 1부터 1000까지의 정수",
     "knob 'stop_target_two_player': 0 is out of range; allowed: an integer from 1 to 1000"),
    (["--set", "payment_unit=shots"], '규칙이 서로 맞지 않습니다: 잔으로 셈하려면(payment_unit = "shots") shots_per_points도 정해야 합니다',
     'contradictory rules: payment_unit = "shots" needs shots_per_points'),
    (["--name="], "--name 값은 1자에서 32자까지이고 제어 문자(줄바꿈, 탭...)가 없어야 합니다. 받은 값: 빈 이름",
     "--name takes 1 to 32 characters and no control characters (newline, tab...), got an empty name"),
    (["--name", "a" * 40], "받은 값: 40자", "got 40 characters"),
    (["--name", "a\tb"], "받은 값: 제어 문자가 있음", "got a control character"),
    (["--resume", "--new"], "--resume, --new 중 하나만 주세요", "give either --resume or --new, not both"),
    (["--resume"], "에 저장된 대국이 없습니다. 새로 시작하려면: ", "no saved match in "),
    (["--resume", "--players", "3"], "--resume 옵션은 저장된 대국을 그대로 이어 합니다. --players 옵션을 빼거나",
     "--resume continues the saved match as it was: leave out --players"),
    (["--preset", "matgo", "--players", "3"], "matgo 규칙은 두 사람(나와 봇 하나)만 칠 수 있는데 3명을 골랐습니다; --players 2를 쓰거나",
     "the matgo rules are for 2 players only (you and 1 bot), got 3; use --players 2"),
    (["--bogus"], "오류: 모르는 옵션 --bogus (", "error: No such option: --bogus (see '"),
    (["--plai"], "오류: 모르는 옵션 --plai (혹시 --lang, --plain, --players?)", "error: No such option: --plai (Possible options:"),
    (["--players"], "오류: --players 뒤에 값을 주세요", "error: Option '--players' requires an argument."),
    (["--new=3"], "오류: --new에는 값을 붙이지 않습니다", "error: Option '--new' does not take a value."),
    (["extra", "words"], "오류: 어느 옵션에도 속하지 않는 말: extra words (", "unexpected extra argument"),
]


@pytest.mark.parametrize(("args", "korean", "english"), CASES, ids=[" ".join(c[0])[:30] for c in CASES])
def test_each_refusal_in_korean_and_in_english(args: list[str], korean: str, english: str) -> None:
    assert korean in _korean_line(gostop("play", "--plain", "--lang", "ko", *args))
    assert korean in _korean_line(gostop("play", "--lang=ko", "--plain", *args))  # (either form)
    for lang in ([], ["--lang", "en"]):
        line = gostop("play", "--plain", *lang, *args).error_line()
        assert english in line and line.endswith(" play --help')"), line


def test_a_file_for_the_data_dir(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    line = _korean_line(gostop("play", "--lang", "ko", "--data-dir", str(afile)))
    assert f"--data-dir {afile}" in line and "폴더가 아니라 파일입니다. 폴더를 주세요" in line
    assert "is a file, not a folder" in gostop("play", "--data-dir", str(afile)).error_line()


def test_a_damaged_save_and_a_folder_open_elsewhere(_data: Path) -> None:
    (_data / "current").mkdir(parents=True)
    (_data / "current" / "save.json").write_text("{", encoding="utf-8")
    line = _korean_line(gostop("play", "--plain", "--lang", "ko", "--resume"))
    # what is wrong with the save in Korean too (it said "the saved match ... cannot be read:
    # it is not valid JSON: Expecting ..." in English)
    assert line.startswith("오류: 이어 할 수 없습니다: 저장된 대국 ") and "새 대국을 시작하려면: " in line, line
    assert "읽을 수 없습니다: 올바른 JSON이 아님 (1번째 줄, 2번째 칸)" in line and "Expecting" not in line, line
    (_data / "current" / "save.json").unlink()
    first = Store(_data)
    assert first.lock() is not None  # a first game has the folder open
    try:
        line = _korean_line(gostop("play", "--plain", "-y", "--lang", "ko"))
        assert "의 대국이 다른 gostop 게임에서 열려 있습니다" in line and "--data-dir DIR 옵션으로 따로 대국을 하세요" in line
        assert "is open in another gostop game" in gostop("play", "--plain", "-y", "--lang", "en").error_line()
    finally:
        first.unlock()


def test_the_remembered_language_says_the_errors_and_stays(_data: Path, tmp_path: Path) -> None:
    _data.mkdir()
    (_data / "prefs.json").write_text('{"lang": "ko"}\n', encoding="utf-8")
    assert "모르는 규칙 'nope'" in _korean_line(gostop("play", "--preset", "nope"))
    assert '"x"는 정수가 아닙니다' in _korean_line(gostop("play", "--players", "x"))  # the parser's lines too
    assert "모르는 옵션 --bogus" in _korean_line(gostop("play", "--bogus"))
    # a --lang typed wins, and the refused game changes nothing remembered
    assert "unknown preset 'nope'" in gostop("play", "--preset", "nope", "--lang", "en").error_line()
    assert '"x" is not a whole number' in gostop("play", "--players", "x", "--lang", "en").error_line()
    assert json.loads((_data / "prefs.json").read_text(encoding="utf-8")) == {"lang": "ko"}
    # the language remembered in the --data-dir typed, not in the default folder
    other = tmp_path / "other"
    other.mkdir()
    (other / "prefs.json").write_text('{"lang": "en"}\n', encoding="utf-8")
    assert "unknown preset" in gostop("play", "--data-dir", str(other), "--preset", "nope").error_line()
    assert "not a whole number" in gostop("play", "--data-dir", str(other), "--players", "x").error_line()
    # a refused game with --lang typed remembers nothing either
    _korean_line(gostop("play", "--data-dir", str(other), "--lang", "ko", "--players", "9"))
    _korean_line(gostop("play", "--data-dir", str(other), "--lang", "ko", "--preset", "nope"))
    assert json.loads((other / "prefs.json").read_text(encoding="utf-8")) == {"lang": "en"}


def test_an_unknown_language_is_said_in_english() -> None:
    line = gostop("play", "--lang", "xx", "--players", "x").error_line()
    assert "not a whole number" in line
    line = gostop("play", "--lang", "xx").error_line()
    assert "unknown language 'xx'; languages: en, ko" in line


def test_a_clash_of_rules_is_said_without_rule_ids_in_english(_data: Path) -> None:
    # it printed the rules' sentence, "... shots are taken, not won (GOO-1), ... would never end
    # (MATCH-1); ..." (the IDs of the rule book, which a player never sees)
    line = gostop("play", "--plain", "-y", "--preset", "goo-stupe", "--set", "match_target_chips=50",
                  "--lang", "en").error_line()
    assert "match_target_chips = 50 needs payment_unit = \"chips\"" in line and "would never end" in line, line
    assert not re.search(r"\b[A-Z]+-\d+\b", line), line
