"""``gostop replay --lang``: the text replay of a hand or a match record in Korean (or English),
every line through the words layer; the language ``gostop play --lang`` remembers by default;
said for everybody: a seat named "You" is a name in quotation marks, never the reader."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_support import gostop
from gostop.paths import DATA_ENV

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "docs" / "examples" / "hand.json"
MATCH = ROOT / "tests" / "match" / "data" / "gwangpalli-7.json"

#: Words of the English text tables that must not be left in a Korean replay.
ENGLISH = (
    "seat ", "layout:", "stock (", "rules:", "players", "result:", "wins", "payments", "captures",
    "plays ", "flips ", "is dealt", "deal ", "ledger", "this deal", "totals", "match over", "first dealer",
    "moves (", "chips", "drop-out", "claims", "stays", "forced", "Scored", "pays", "replayed exactly",
    "not finished", "hand ", "dealer", "playing", "(empty)", "(none)",
)
HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: An action line: ``  3. 자리 0 (Min-ji): play 04J1`` (the action as the record writes it).
ACTION = re.compile(r"^\s*\d+\. .*: \S+( \S+)?$")


@pytest.fixture(autouse=True)
def _no_remembered_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))


def _said(out: str, title: bool) -> list[str]:
    """The lines the replay says (not the record's own title, not the action notation)."""
    lines = out.splitlines()[1 if title else 0:]
    return [line for line in lines if line.strip() and not ACTION.match(line)]


def _no_english(lines: list[str]) -> None:
    text = "\n".join(lines)
    left = [w for w in ENGLISH if w in text]
    assert not left, (left, [line for line in lines if any(w in line for w in left)][:5])


def test_a_hand_record_in_korean() -> None:
    run = gostop("replay", str(HAND), "--lang", "ko")
    assert run.exit_code == 0, run.stderr
    lines = _said(run.stdout, title=True)
    assert all(HANGUL.search(line) for line in lines), [line for line in lines if not HANGUL.search(line)]
    _no_english(lines)
    assert "결과: 자리 1 (Joon) 승리 (스톱), 7점" in lines
    assert "  Min-ji: 7칩 냅니다." in lines  # the settlement in words, not its formulas
    # the same replay in English says the same things
    english = gostop("replay", str(HAND), "--lang", "en").stdout
    assert "result: seat 1 (Joon) wins by stop, 7 points" in english
    assert "       Min-ji plays peony animal." in english
    assert "opp1" not in english and "x M" not in english


def test_a_match_record_in_korean() -> None:
    run = gostop("replay", str(MATCH), "--lang", "ko")
    assert run.exit_code == 0, run.stderr
    lines = _said(run.stdout, title=True)
    _no_english(lines)
    assert "대국 끝: 정한 판 수를 다 쳤습니다" in lines
    assert "    광팔이: Gil과 Bo는 침; Ann은 빠짐; Cy, Di와 Eun은 억지로 빠짐" in lines
    assert "    Di가 공산 광으로 내는 사람마다 2칩씩 광값을 청함" in lines


def test_json_stays_facts_in_every_language() -> None:
    for record in (HAND, MATCH):
        en = gostop("replay", str(record), "--json", "--lang", "en").stdout
        assert json.loads(gostop("replay", str(record), "--json", "--lang", "ko").stdout) == json.loads(en)


def test_an_unknown_language_is_one_error_line() -> None:
    line = gostop("replay", str(HAND), "--lang", "xx").error_line()
    assert "unknown language 'xx'" in line and "en, ko" in line


def test_the_language_gostop_play_remembers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "prefs.json").write_text('{"lang": "ko"}\n', encoding="utf-8")
    assert "결과: 자리 1 (Joon)" in gostop("replay", str(HAND)).stdout
    assert "result: seat 1 (Joon)" in gostop("replay", str(HAND), "--lang", "en").stdout


def test_a_seat_named_you_is_quoted_not_addressed(tmp_path: Path) -> None:
    data = json.loads(HAND.read_text(encoding="utf-8"))
    data["seats"] = ["You", "나"]
    record = tmp_path / "you.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    en = gostop("replay", str(record)).stdout
    assert "\u201cYou\u201d plays peony animal." in en and "seat 0 (\u201cYou\u201d)" in en
    assert not re.search(r"\bYou (play|flip|capture|pay)\b", en) and "Your" not in en
    ko = gostop("replay", str(record), "--lang", "ko").stdout
    assert "\u201cYou\u201d: 모란 열끗 냄" in ko and "\u201cYou\u201d: 7칩 냅니다." in ko
    assert "자리 1 (\u201c나\u201d)의 먹은 패" in ko  # a name, not 내 (mine)


def test_a_bad_record_is_said_in_korean(tmp_path: Path) -> None:
    data = json.loads(HAND.read_text(encoding="utf-8"))
    data["actions"][2] = "play 01B"  # not in seat 0's hand
    record = tmp_path / "bad.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    run = gostop("replay", str(record), "--lang", "ko")
    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith("오류: 행동 2 ('play 01B')은(는) 자리 0 (Min-ji)가 둘 수 없는 수입니다.") and "참고" in line
    foreign = tmp_path / "other.json"
    foreign.write_text('{"format": "chess"}', encoding="utf-8")
    (line,) = gostop("replay", str(foreign), "--lang", "ko").stderr.splitlines()
    assert line.startswith("오류: gostop 기록이 아닙니다")
