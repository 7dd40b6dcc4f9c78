"""Partial explicit deals from the command line (issue 9, item 15): ``gostop deal --fill``
completes a record's partial deal with ``fill_deal`` and writes it back into the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.cards import deck_cards
from gostop.record import RecordError, fill_deal, fill_record, load_record, replay
from gostop.rules import get_preset


def _partial(**deal: Any) -> dict[str, Any]:
    return {
        "format": "gostop-hand",
        "version": 1,
        "title": "pick, then the stock makes a ttadak",
        "rules": {"preset": "pagat"},
        "players": 2,
        "deal": deal or {"hands": [["03B"]], "layout": ["03J1", "03J2"], "stock": ["03R"]},
        "actions": ["play 03B", "pick 03J1"],
    }


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_of_a_partial_deal_says_how_to_complete_it(tmp_path: Path) -> None:
    line = gostop("replay", str(_write(tmp_path / "s.json", _partial()))).error_line()
    assert "the deal is partial (4 of 50 cards placed)" in line and "gostop deal --fill" in line


def test_fill_writes_the_whole_deal_back_into_the_record(tmp_path: Path) -> None:
    path = _write(tmp_path / "s.json", _partial())
    run = gostop("deal", "--fill", str(path))
    assert run.exit_code == 0, run.stderr
    assert "4 cards placed by you, 46 filled in" in run.stdout
    record = load_record(path)
    assert record.title == "pick, then the stock makes a ttadak" and record.actions == ["play 03B", "pick 03J1"]
    deal = record.get_deal()
    assert deal.hands[0][0] == "03B" and deal.layout[:2] == ("03J1", "03J2") and deal.stock[0] == "03R"
    assert sorted(deal.cards()) == sorted(c.code for c in deck_cards(get_preset("pagat").jokers))
    # exactly the deal of fill_deal, and the record now replays
    assert deal == fill_deal(get_preset("pagat"), 2, [["03B"]], ["03J1", "03J2"], ["03R"])
    hand, steps = replay(record)
    assert [e.type for e in steps[1][1]][:3] == ["pick", "flip", "ttadak"]
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


def test_fill_is_deterministic_and_a_complete_deal_stays_as_it_is(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.json", _partial())
    b = _write(tmp_path / "b.json", _partial())
    assert gostop("deal", "--fill", str(a)).exit_code == 0
    assert gostop("deal", "--fill", str(b)).exit_code == 0
    first = a.read_text(encoding="utf-8")
    assert first == b.read_text(encoding="utf-8")
    assert gostop("deal", "--fill", str(a)).exit_code == 0
    assert a.read_text(encoding="utf-8") == first


def test_fill_with_stock_bottom_and_output(tmp_path: Path) -> None:
    path = _write(tmp_path / "s.json", _partial(hands=[[], ["01B"]], layout=[], stock=["02J1"], stock_bottom=["12D"]))
    before = path.read_text(encoding="utf-8")
    run = gostop("deal", "--fill", str(path), "--output", "-")
    assert run.exit_code == 0, run.stderr
    assert path.read_text(encoding="utf-8") == before  # printed, not written
    data = json.loads(run.stdout)
    assert data["deal"]["hands"][1][0] == "01B" and data["deal"]["stock"][0] == "02J1"
    assert data["deal"]["stock"][-1] == "12D" and "stock_bottom" not in data["deal"]
    out = tmp_path / "full.json"
    assert gostop("deal", "--fill", str(path), "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["deal"] == data["deal"]


@pytest.mark.parametrize(
    ("deal", "extra", "fragment"),
    [
        ({"hands": [["03B"]], "layout": ["03B"], "stock": []}, {}, "cards placed twice: 03B"),
        ({"hands": [["03B"]], "layout": [], "stock": []}, {"seed": 4}, "without a 'seed'"),
        ({"hands": [["13B"]], "layout": [], "stock": []}, {}, "unknown card code '13B'"),
        ({"hands": [[], [], []], "layout": [], "stock": []}, {}, "3 hands, the record has 2 players"),
        ({"hands": [], "layout": [], "stock": [], "cards": []}, {}, "unknown key(s) in 'deal': 'cards'"),
    ],
)
def test_fill_errors_leave_the_file_alone(tmp_path: Path, deal: dict[str, Any], extra: dict[str, Any], fragment: str) -> None:
    path = _write(tmp_path / "s.json", {**_partial(**deal), **extra})
    before = path.read_text(encoding="utf-8")
    assert fragment in gostop("deal", "--fill", str(path)).error_line()
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["deal"], "give --seed N"),
        (["deal", "--fill", "x.json", "--seed", "3"], "do not combine it with --seed"),
        (["deal", "--seed", "3", "--output", "x.json"], "--output goes with --fill"),
        (["deal", "--fill", "missing.json"], "cannot read missing.json"),
    ],
)
def test_deal_usage_errors(args: list[str], fragment: str) -> None:
    assert fragment in gostop(*args).error_line()


def test_fill_record_in_python() -> None:
    record = fill_record(_partial())
    assert record.seed is None and record.deal is not None and record.deal.hands[0][0] == "03B"
    with pytest.raises(RecordError, match="no explicit 'deal'"):
        fill_record({**_partial(), "deal": None})


def test_fill_messages_list_a_few_cards_only() -> None:
    many = ["03B"] * 3 + [f"JK1-{i}" for i in range(2, 90)]
    with pytest.raises(RecordError) as info:
        fill_record(_partial(hands=[many], layout=many, stock=[]))
    assert len(str(info.value)) < 300
