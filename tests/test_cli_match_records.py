"""Match records read as an attacker would write them (issue 9, item 6): ``options`` checked for
type and range, deep nesting refused, and no error message repeats more than a few dozen
characters of the record."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.limits import MAX_MATCH_HANDS, MAX_NESTING
from gostop.match.record import MatchRecordError, loads_match_record, replay_match

_RECORD = Path(__file__).parent / "match" / "data" / "gwangpalli-7.json"


def _record(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_RECORD.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def test_the_unchanged_record_replays() -> None:
    replay_match(_record())


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"hands_limit": 1.5, "ask_cut": True}, "options.hands_limit must be null or a whole number"),
        ({"hands_limit": "x"}, "options.hands_limit"),
        ({"hands_limit": True}, "options.hands_limit"),
        ({"hands_limit": 0}, "from 1 to"),
        ({"hands_limit": MAX_MATCH_HANDS + 1}, f"from 1 to {MAX_MATCH_HANDS}"),
        ({"ask_cut": "no"}, "options.ask_cut must be true or false"),
        ("zz", "'options' must be an object"),
        ({"hand_limit": 3}, "unknown option(s): 'hand_limit'"),
    ],
)
def test_options_are_checked(options: Any, fragment: str) -> None:
    with pytest.raises(MatchRecordError) as info:
        replay_match(_record(options=options))
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"seed": -5}, "'seed' must be an integer from 0"),
        ({"seed": 2**64}, "'seed' must be an integer from 0"),
        ({"players": [{"name": "x" * 5000}]}, "a name has 1 to 100 characters"),
        ({"players": [{"name": "Ann", "age": 10**9}]}, "'age'"),
    ],
)
def test_seed_and_players_are_checked(changes: dict[str, Any], fragment: str) -> None:
    with pytest.raises(MatchRecordError) as info:
        replay_match(_record(**changes))
    assert fragment in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 50_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    text = json.dumps(_record())[:-1] + ', "title": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(MatchRecordError, match="nested more than"):
        loads_match_record(text)


def test_a_difference_names_its_place_without_printing_the_deal() -> None:
    data = _record()
    tampered = copy.deepcopy(data)
    hands = tampered["deals"][0]["hand"]["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(MatchRecordError) as info:
        replay_match(tampered)
    message = str(info.value)
    assert "deals[0].hand.deal.hands[0]" in message, message
    assert len(message) < 400, message


def test_cli_replay_of_a_bad_options_record_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_record(options={"hands_limit": "x"})), encoding="utf-8")
    line = gostop("replay", str(path)).error_line()
    assert "options.hands_limit" in line and "internal error" not in line


@pytest.mark.parametrize(
    "tail",
    [', "ledger": ' + "[" * 100_000 + "]" * 100_000, ', "seed2": ' + "9" * 5000],
)
def test_cli_replay_of_a_hostile_match_file_is_one_line(tmp_path: Path, tail: str) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_record())[:-1] + tail + "}", encoding="utf-8")
    line = gostop("replay", str(path)).error_line()
    assert "internal error" not in line and "Exceeds the limit" not in line, line
    assert len(line) < 300
