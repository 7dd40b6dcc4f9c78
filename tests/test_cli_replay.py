"""``gostop replay --json`` and ``--at N`` for record authors (issue 9, item 13): the layout per
action and at the end, stop points, liability, sake-cup class and multiplier breakdown, payments
so far in an unfinished record, the state after action N, and the facts up to a failing action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.record import dumps, load_record, replay, table_json

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "hand.json"
RECORDS = Path(__file__).parent / "records"


def _replay_json(*args: str) -> dict[str, Any]:
    run = gostop("replay", *args, "--json")
    assert run.exit_code == 0, run.stderr
    out: dict[str, Any] = json.loads(run.stdout)
    return out


def test_replay_json_gives_the_layout_after_each_action_and_at_the_end() -> None:
    record = load_record(EXAMPLE)
    out = _replay_json(str(EXAMPLE))
    assert [s["action"] for s in out["steps"]] == list(range(len(record.actions)))
    assert [s["text"] for s in out["steps"]] == record.actions
    assert out["steps"][0]["seat"] == 0 and out["steps"][1]["seat"] == 1
    # the layout after each action is the layout of the record cut just after it
    for i in (0, 5, len(record.actions) - 1):
        record.actions = load_record(EXAMPLE).actions[: i + 1]
        record.result = None
        hand, _ = replay(record)
        assert out["steps"][i]["layout"] == [c.code for c in hand.layout_cards()]
    assert out["state"]["layout"] == out["steps"][-1]["layout"]
    assert out["steps"][-1]["stop_points"] == out["state"]["stop_points"]
    assert out["over"] and out["state"]["current_player"] is None


def test_replay_json_explains_the_settlement() -> None:
    out = _replay_json(str(EXAMPLE))
    assert out["over"] and out["final"] and out["winner"] == 1
    assert out["stop_points"] == 7 and out["state"]["stop_points"][1] == 7
    settlement = out["settlement"]
    assert settlement["multiplier"] == 1 and settlement["factors"] == []
    assert settlement["opponents"] == [0] and settlement["payments"] == [7]
    assert "flex_class" in settlement and settlement["steps"][-1].startswith("opp1:")
    assert out["liability"] is None


def test_replay_json_names_the_liable_seat_and_the_kind() -> None:
    path = RECORDS / "LIAB-10_rest_of_hand_window.json"
    hand, _ = replay(load_record(path))
    assert hand.result is not None and hand.result.settlement is not None
    liable = hand.result.settlement.liable
    assert liable is not None
    out = _replay_json(str(path))
    assert out["liability"] == {"kind": "shodang-refusal", "seat": hand.result.opponents[liable]}


def test_unfinished_record_shows_the_fixed_payments_made_so_far(tmp_path: Path) -> None:
    # EVT-10: a ppuk on the first turn is paid at once, long before the hand ends
    path = RECORDS / "EVT-10_first_turn_ppuk_paid.json"
    record = load_record(path)
    hand, _ = replay(record, upto=0)
    so_far = list(hand.observation(0).chips)
    assert any(so_far)
    out = _replay_json(str(path), "--at", "0")
    assert out["over"] is False and out["final"] is False
    assert out["payments"] == so_far
    assert sum(out["payments"]) == 0


def test_at_gives_the_state_after_action_n() -> None:
    record = load_record(EXAMPLE)
    for n in (0, 3, len(record.actions) - 1):
        out = _replay_json(str(EXAMPLE), "--at", str(n))
        hand, steps = replay(load_record(EXAMPLE), upto=n)
        assert len(steps) == n + 1 == len(out["steps"])
        assert out["state"] == table_json(hand)
        assert max(e["action"] for e in out["events"] if e["action"] is not None) == n


def test_at_in_the_text_output() -> None:
    run = gostop("replay", str(EXAMPLE), "--at", "2")
    assert run.exit_code == 0, run.stderr
    assert "  2. seat 0" in run.stdout and "  3. " not in run.stdout
    assert "not finished: seat 1 (Joon) to act next" in run.stdout


@pytest.mark.parametrize(("n", "fragment"), [("99", "there is no action 99"), ("-1", "--at: -1 is out of range (at least 0)")])
def test_at_out_of_range(n: str, fragment: str) -> None:
    assert fragment in gostop("replay", str(EXAMPLE), "--at", n).error_line()


def test_at_with_a_match_record() -> None:
    match = Path(__file__).parent / "match" / "data" / "gwangpalli-7.json"
    assert "--at works with hand records" in gostop("replay", str(match), "--at", "1").error_line()


def test_replay_json_on_an_error_prints_the_facts_up_to_the_failing_action(tmp_path: Path) -> None:
    record = load_record(EXAMPLE)
    record.actions = [*record.actions[:4], "play 01B", *record.actions[5:]]  # 01B is in the stock
    record.result = None
    path = tmp_path / "bad.json"
    path.write_text(dumps(record), encoding="utf-8")
    run = gostop("replay", str(path), "--json")
    assert run.exit_code == 2
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: action 4 ('play 01B') is illegal")
    out = json.loads(run.stdout)
    assert out["error"]["action"] == 4 and "is illegal" in out["error"]["message"]
    assert [s["action"] for s in out["steps"]] == [0, 1, 2, 3]
    assert {e["action"] for e in out["events"]} == {None, 0, 1, 2, 3}
    assert out["state"]["current_player"] == 0


def test_replay_text_on_an_error_prints_the_moves_then_the_error(tmp_path: Path) -> None:
    record = load_record(EXAMPLE)
    record.actions = [*record.actions[:2], "go"]
    record.result = None
    path = tmp_path / "bad.json"
    path.write_text(dumps(record), encoding="utf-8")
    run = gostop("replay", str(path))
    assert run.exit_code == 2
    assert "  1. seat 1" in run.stdout and run.stderr.startswith("error: action 2 ('go')")
