"""Match records: save, load, exact replay, and the errors of a record that does not replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gostop.match import (
    Match,
    MatchRecordError,
    audit,
    dumps_match,
    load_match_record,
    loads_match_record,
    replay_match,
    save_match,
)
from gostop.rules import make_rules

OUTCOMES = [("win", 1), ("nagari",), ("void",), ("win", 2), ("win", 0)]


def _play(scripted: Any) -> Match:
    scripted.script[:] = list(OUTCOMES)
    m = Match(make_rules("pagat", {"match_hands": 4, "compensation_timing": "end_by_losers"}), [f"P{i}" for i in range(6)], seed=9)
    cut = 5
    while not m.is_over:
        acts = [str(a) for a in m.legal_actions()]
        if m.phase == "cut":
            m.apply(f"cut {cut}")
            cut += 3
        elif m.phase == "drop":
            m.apply("stay" if len(m.deals) % 2 else "drop")
        elif m.phase == "claim":
            m.apply(acts[0])
        else:
            m.apply("end")
    return m


def test_match_record_round_trip_and_exact_replay(scripted: Any, tmp_path: Path) -> None:
    m = _play(scripted)
    assert audit(m) == []
    path = tmp_path / "m.json"
    save_match(m, path)
    data = load_match_record(path)
    assert data["format"] == "gostop-match" and data["end_reason"] == "match_hands"
    scripted.script[:] = list(OUTCOMES)
    again = replay_match(data)
    assert again.ledger.to_json() == m.ledger.to_json()
    assert dumps_match(again) == dumps_match(m)


def test_match_record_that_does_not_replay_names_the_difference(scripted: Any) -> None:
    m = _play(scripted)
    data = json.loads(dumps_match(m))
    data["ledger"][1]["chips"][0] += 1
    scripted.script[:] = list(OUTCOMES)
    with pytest.raises(MatchRecordError, match=r"ledger\[1\]"):
        replay_match(data)
    data = json.loads(dumps_match(m))
    data["actions"][0] = "stay"
    scripted.script[:] = list(OUTCOMES)
    with pytest.raises(MatchRecordError, match="action 0"):
        replay_match(data)


def test_match_record_outline_errors() -> None:
    with pytest.raises(MatchRecordError, match="JSON"):
        loads_match_record("{")
    with pytest.raises(MatchRecordError, match="format"):
        loads_match_record('{"format": "gostop-hand"}')
    with pytest.raises(MatchRecordError, match="newer"):
        loads_match_record('{"format": "gostop-match", "version": 99}')
    with pytest.raises(MatchRecordError, match="unknown key"):
        loads_match_record('{"format": "gostop-match", "version": 1, "colour": 1}')
