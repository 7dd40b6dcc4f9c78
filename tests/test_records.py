"""Hand records (gostop.record), `gostop replay` / `gostop deal`, and the scenario records.

Every file ``tests/records/<RULE-ID>_<what>.json`` is a hand record with an explicit deal and an
``expect`` block (vocabulary: tests/records/README.md). The expectations were written from the
text of RULES.md section 2, not copied from the engine's output.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gostop.cards import deck_cards, parse_cards
from gostop.record import (
    FORMAT,
    VERSION,
    HandRecord,
    RecordError,
    build_hand,
    deal_from_seed,
    dumps,
    fill_deal,
    load_record,
    loads_record,
    parse_record,
    record_hand,
    replay,
    result_json,
    result_summary,
)
from gostop.rules import make_rules

HERE = Path(__file__).parent
RECORDS_DIR = HERE / "records"
RULES_COPY = HERE / "data" / "RULES.md"
RECORD_FILES = sorted(RECORDS_DIR.glob("*.json"))
FAMILIES = ("CAPT", "EVT", "BOMB", "SHAKE", "JOKER", "GOSTOP", "LIAB")
ID_RE = re.compile(r"^((?:CAPT-[HS]\d+)|(?:[A-Z]+-\d+))_")


# -- engine state seen through the public API --------------------------------------------------


def _codes(cards: Any) -> list[str]:
    return [c if isinstance(c, str) else str(c) for c in cards]


def state_of(hand: Any) -> dict[str, Any]:
    """Captures per seat, the layout cards (jokers inside stacks included) and the stacks."""
    obs = hand.observation(0).to_json()
    captures = [list(cs) for cs in obs["captures"]]
    stacks = [list(s["cards"]) for s in obs["stacks"]]
    layout = list(obs["layout"]) + [c for s in stacks for c in s if c.startswith("JK")]
    return {"captures": captures, "layout": layout, "stacks": stacks}


def event_dict(ev: Any) -> dict[str, Any]:
    data = ev.to_json()
    assert isinstance(data, dict)
    return data


# -- the scenario runner -----------------------------------------------------------------------


def _marks(path: Path) -> list[Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    reason = (data.get("expect") or {}).get("xfail")
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


def _check_cards(what: str, got: Sequence[str], spec: Mapping[str, Any]) -> None:
    for card in spec.get("include", []):
        assert card in got, f"{what}: expected {card} in {got}"
    for card in spec.get("exclude", []):
        assert card not in got, f"{what}: expected no {card} in {got}"
    if "exact" in spec:
        assert sorted(got) == sorted(spec["exact"]), f"{what}: expected exactly {spec['exact']}, got {got}"


def _event_matches(ev: Mapping[str, Any], spec: Mapping[str, Any]) -> bool:
    if ev.get("type") != spec["type"]:
        return False
    if "seat" in spec and ev.get("seat") != spec["seat"]:
        return False
    if "cards" in spec and not set(spec["cards"]) <= set(_codes(ev.get("cards") or [])):
        return False
    data = ev.get("data") or {}
    return all(data.get(k) == v for k, v in (spec.get("data") or {}).items())


def run_scenario(record: HandRecord) -> None:
    expect = record.expect or {}
    hand = build_hand(record)
    n = len(record.actions)
    events: dict[Any, list[dict[str, Any]]] = {"deal": [event_dict(e) for e in getattr(hand, "deal_events", ())]}
    before: dict[int, dict[str, Any]] = {}
    after: dict[int, dict[str, Any]] = {}

    def snap_before(i: int) -> None:
        before[i] = {
            "legal": [str(a) for a in hand.legal_actions()],
            "to_act": hand.current_player,
        }

    for i, text in enumerate(record.actions):
        snap_before(i)
        legal = before[i]["legal"]
        assert text in legal, f"action {i} {text!r} is not legal; legal: {legal}"
        events[i] = [event_dict(e) for e in hand.apply(text)]
        after[i] = state_of(hand)
    if not hand.is_over:
        snap_before(n)

    for spec in expect.get("events", []):
        where = spec["action"]
        found = [e for e in events.get(where, []) if _event_matches(e, spec)]
        count = spec.get("count")
        if count is None:
            assert found, f"no {spec} among the events of action {where}: {events.get(where)}"
        else:
            assert len(found) == count, f"{len(found)} events {spec} at action {where}, want {count}: {events.get(where)}"
    for spec in expect.get("no_events", []):
        where = spec.get("action")
        pool = [e for k, evs in events.items() if where is None or k == where for e in evs]
        bad = [e for e in pool if _event_matches(e, spec)]
        assert not bad, f"unexpected events {bad} (spec {spec})"
    for spec in expect.get("legal", []):
        i = spec["before"]
        assert i in before, f"legal check before action {i}: the hand is over by then"
        _check_cards(f"legal actions before action {i}", before[i]["legal"], spec)
    for spec in expect.get("to_act", []):
        i = spec["before"]
        got = before[i]["to_act"] if i in before else None
        assert got == spec["seat"], f"before action {i}: seat {got} to act, want {spec['seat']}"
    for spec in expect.get("captures", []):
        i = spec["after"]
        _check_cards(f"captures of seat {spec['seat']} after action {i}", after[i]["captures"][spec["seat"]], spec)
    for spec in expect.get("layout", []):
        i = spec["after"]
        _check_cards(f"layout after action {i}", after[i]["layout"], spec)
        for stack in spec.get("stacks", []):
            assert sorted(stack) in [sorted(s) for s in after[i]["stacks"]], (
                f"layout after action {i}: expected the stack {stack}, stacks are {after[i]['stacks']}"
            )
    if "liability" in expect:
        # PAY-9 / LIAB-2: the seat that pays for both (null: nobody) and the kind of liability
        want = expect["liability"]
        result = hand.result
        assert result is not None and result.settlement is not None, "liability needs a settled stop"
        index = result.settlement.liable
        seat = None if index is None else result.opponents[index]
        assert seat == want["seat"], f"liable seat {seat} ({result.settlement.liability}), want {want}"
        if "kind" in want:
            assert result.settlement.liability == want["kind"], f"liability {result.settlement.liability}, want {want}"
    if "result" in expect:
        want = dict(expect["result"])
        over = want.pop("over", True)
        assert hand.is_over == over, f"hand over: {hand.is_over}, want {over}"
        if over:
            got = result_summary(hand.result)
            for key, value in want.items():
                assert got[key] == value, f"result {key}: got {got[key]!r}, want {value!r} (result {got})"


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=p.stem, marks=_marks(p)) for p in RECORD_FILES]
)
def test_scenario_record(path: Path) -> None:
    record = load_record(path)
    assert record.deal is not None, "scenario records use explicit deals"
    assert record.expect, "a scenario record needs an expect block"
    run_scenario(record)
    # the record API replays it the same way (and checks a stored result summary)
    hand, steps = replay(record)
    assert len(steps) == len(record.actions)


def rule_ids(text: str) -> list[str]:
    """Rule IDs of the scenario families defined in RULES.md section 2 (bold IDs and CAPT rows)."""
    section = text.split("\n## 2. Rules", 1)[1].split("\n## 3.", 1)[0]
    ids = re.findall(r"\*\*((?:" + "|".join(FAMILIES) + r")-\d+)", section)
    ids += re.findall(r"^\| (CAPT-[HS]\d+) \|", section, flags=re.M)
    return sorted(set(ids))


def test_every_rule_id_has_a_scenario() -> None:
    ids = rule_ids(RULES_COPY.read_text(encoding="utf-8"))
    assert len(ids) == 63
    covered = {m.group(1) for p in RECORD_FILES if (m := ID_RE.match(p.stem + "_"))}
    missing = [i for i in ids if i not in covered]
    assert not missing, f"rule IDs without a scenario record in tests/records: {missing}"


def test_scenario_files_are_named_by_rule_id() -> None:
    for p in RECORD_FILES:
        assert ID_RE.match(p.stem + "_"), f"{p.name}: name it <RULE-ID>_<what>.json"


# -- the record module: round trip ---------------------------------------------------------------


def _play_random(hand: Any, rng: random.Random) -> None:
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("pagat", 2, 11), ("pagat", 3, 12), ("fuda-wiki", 3, 13), ("goo-stupe", 2, 14), ("blog", 2, 15)],
)
def test_round_trip_random_hand(preset: str, players: int, seed: int) -> None:
    """Record a seeded random hand -> JSON -> replay: identical actions, events and result."""
    from gostop.engine import Hand

    rules = make_rules(preset)
    hand = Hand.new(rules, players, seed)
    _play_random(hand, random.Random(seed))
    record = record_hand(hand, seed=seed)
    text = dumps(record)
    again = loads_record(text)
    assert again.to_json() == record.to_json()
    replayed, steps = replay(again)
    assert [str(a) for a, _ in steps] == [str(a) for a in hand.history]
    assert [e.to_json() for e in replayed.events] == [e.to_json() for e in hand.events]
    assert replayed.result is not None and hand.result is not None
    assert replayed.result.to_json() == hand.result.to_json()
    assert result_json(replayed, steps) == result_json(hand, steps)


def test_round_trip_explicit_deal_and_seed_agree() -> None:
    from gostop.engine import Hand

    rules = make_rules("pagat")
    deal = deal_from_seed(rules, 2, 5, cut=17)
    hand = Hand.from_deal(rules, deal.hands, deal.layout, deal.stock)
    seeded = Hand.new(rules, 2, 5, cut=17)
    assert [e.to_json() for e in hand.deal_events] == [e.to_json() for e in seeded.deal_events]
    _play_random(hand, random.Random(5))
    record = record_hand(hand, seed=5, cut=17, deal=deal, seats=["A", "B"])
    assert record.result is not None
    replayed, _ = replay(loads_record(dumps(record)))
    assert replayed.result is not None and replayed.result.to_json() == hand.result.to_json()  # type: ignore[union-attr]


def test_deal_from_seed_matches_engine() -> None:
    """DEAL-1/DEAL-2: the documented derivation gives the engine's deal (both deal orders)."""
    from gostop.engine import Hand

    for preset, players in (("pagat", 2), ("pagat", 3), ("fuda-wiki", 2), ("fuda-wiki", 3)):
        rules = make_rules(preset, {"jokers": []})
        for seed in range(5):
            deal = deal_from_seed(rules, players, seed)
            hand = Hand.new(rules, players, seed)
            for seat in range(players):
                assert sorted(hand.hand_cards(seat)) == sorted(parse_cards(deal.hands[seat]))
            assert [c.code for c in hand.stock_cards()] == list(deal.stock)


def test_example_record_in_docs_replays() -> None:
    path = HERE.parent / "docs" / "examples" / "hand.json"
    record = load_record(path)
    hand, _ = replay(record)  # checks the stored result summary too
    assert hand.is_over
    assert str(path.relative_to(HERE.parent)) in (HERE.parent / "docs" / "record-format.md").read_text()


def test_unfinished_record_replays_partially() -> None:
    record = load_record(HERE.parent / "docs" / "examples" / "hand.json")
    record.actions = record.actions[:3]
    record.result = None
    hand, steps = replay(record)
    assert not hand.is_over and len(steps) == 3
    out = result_json(hand, steps)
    assert out["over"] is False and out["winner"] is None


def test_fill_deal_places_cards_and_fills_the_rest() -> None:
    rules = make_rules("pagat")
    deal = fill_deal(rules, 3, {1: ["01B", "01R"]}, layout=["02J1"], stock=["JK2"], stock_bottom=["12D"])
    assert deal.hands[1][:2] == ("01B", "01R") and deal.layout[0] == "02J1"
    assert deal.stock[0] == "JK2" and deal.stock[-1] == "12D"
    assert sorted(deal.cards()) == sorted(c.code for c in deck_cards(rules.jokers))
    assert [len(h) for h in deal.hands] == [7, 7, 7] and len(deal.layout) == 6
    with pytest.raises(RecordError, match="placed twice"):
        fill_deal(rules, 2, {0: ["01B"]}, layout=["01B"])
    with pytest.raises(RecordError, match="chongtong"):
        fill_deal(rules, 2, {0: ["01R", "01J1", "01J2"]})  # the first filler card, 01B, goes to seat 0


# -- errors -------------------------------------------------------------------------------------


def _base() -> dict[str, Any]:
    data = json.loads((HERE.parent / "docs" / "examples" / "hand.json").read_text())
    assert isinstance(data, dict)
    return data


def _error(data: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay(parse_record(data))
    return str(info.value)


def test_error_unknown_card() -> None:
    data = _base()
    data["deal"]["hands"][1][3] = "13B"
    assert "deal.hands[1][3]" in _error(data) and "13B" in _error(data)


def test_error_not_a_permutation() -> None:
    data = _base()
    data["deal"]["stock"][0] = data["deal"]["stock"][1]
    message = _error(data)
    assert "not a permutation" in message and "dealt twice" in message and "missing" in message


def test_error_wrong_sizes_and_jokers() -> None:
    data = _base()
    data["deal"]["layout"].append(data["deal"]["stock"].pop())
    assert "layout" in _error(data)
    data = _base()
    data["rules"]["overrides"] = {"jokers": []}
    data.pop("seed")
    assert "not in the deck" in _error(data)


def test_error_illegal_action_names_its_index() -> None:
    data = _base()
    k = 4
    data["actions"][k] = "play 01B"  # not in seat 0's hand
    data.pop("result")
    message = _error(data)
    assert message.startswith(f"action {k} ('play 01B') is illegal")
    assert "legal: play" in message


def test_error_unreadable_action_and_after_the_end() -> None:
    data = _base()
    data["actions"][2] = "dance"
    assert _error(data).startswith("action 2 ('dance') cannot be read")
    data = _base()
    data["actions"].append("go")
    assert _error(data).startswith(f"action {len(data['actions']) - 1} ('go'): the hand is already over")


def test_error_result_mismatch() -> None:
    data = _base()
    data["result"]["chips"] = [7, -7]
    assert "chips" in _error(data)


def test_error_seed_and_deal_disagree() -> None:
    data = _base()
    data["seed"] += 1
    assert "not the deal of seed" in _error(data)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"format": "gostop-match"}, "match record"),
        ({"format": "chess"}, "not a hand record"),
        ({"version": VERSION + 1}, "newer"),
        ({"version": "1"}, "'version' must be an integer"),
        ({"colour": "red"}, "unknown key"),
        ({"rules": {"preset": "pagatt"}}, "unknown preset"),
        ({"rules": {"preset": "pagat", "overrides": {"jokerz": []}}}, "unknown knob"),
        ({"players": 4}, "players"),
        ({"actions": "play 01B"}, "'actions' must be a list"),
        ({"seed": None, "deal": None}, "needs a seed"),
    ],
)
def test_error_malformed(change: dict[str, Any], needle: str) -> None:
    data = {**_base(), **change}
    data.pop("result", None)
    assert needle in _error(data)


def test_error_malformed_json_and_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gostop-hand", ')
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(bad)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="JSON object"):
        parse_record([FORMAT])


# -- command line -------------------------------------------------------------------------------


def _cli(*args: str) -> Any:
    from gostop.cli import app

    return CliRunner().invoke(app, list(args))


def test_cli_replay_prints_moves_and_json() -> None:
    path = str(HERE.parent / "docs" / "examples" / "hand.json")
    res = _cli("replay", path)
    assert res.exit_code == 0, res.output
    assert " 0. seat 0" in res.output and "layout:" in res.output and "wins by stop" in res.output
    res = _cli("replay", path, "--json")
    assert res.exit_code == 0
    out = json.loads(res.output)
    assert set(out) >= {"winner", "points", "payments", "captures", "events"}
    assert out["winner"] == 1 and sum(out["payments"]) == 0
    assert all("action" in e and "type" in e for e in out["events"])


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda d: d["actions"].__setitem__(5, "play 01B"), "action 5 ('play 01B') is illegal"),
        (lambda d: d["deal"]["layout"].__setitem__(0, "01X"), "unknown card"),
        (lambda d: d["deal"]["layout"].__setitem__(0, d["deal"]["layout"][1]), "not a permutation"),
    ],
)
def test_cli_replay_errors_exit_2(tmp_path: Path, mutate: Any, needle: str) -> None:
    data = _base()
    data.pop("result")
    data.pop("seed")
    mutate(data)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    res = _cli("replay", str(path))
    assert res.exit_code == 2
    # the moves before a failing action are printed (stdout), then one error line (stderr)
    lines = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], res.output
    assert "Traceback" not in res.output


def test_cli_replay_malformed_json_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("{nope")
    res = _cli("replay", str(path))
    assert res.exit_code == 2 and res.output.startswith("error: not valid JSON")


def test_cli_deal() -> None:
    res = _cli("deal", "--seed", "7", "--players", "2")
    assert res.exit_code == 0
    deal = deal_from_seed(make_rules("pagat"), 2, 7)
    assert " ".join(deal.hands[0]) in res.output and " ".join(deal.layout) in res.output
    res = _cli("deal", "--seed", "7", "--players", "3", "--json")
    record = loads_record(res.output)
    assert record.deal == deal_from_seed(make_rules("pagat"), 3, 7) and record.actions == []
    res = _cli("deal", "--seed", "7", "--players", "5")
    assert res.exit_code == 2 and res.output.startswith("error: ")


def test_optional_hand_inputs_round_trip() -> None:
    """boar_pot, weol_yak_month and mission (explicit deals) survive JSON and reach the engine."""
    rules = make_rules("pagat", {"weol_yak_month": True, "missions": True, "boar": "pot"})
    deal = deal_from_seed(rules, 2, 3)
    record = HandRecord(rules=rules, players=2, deal=deal, boar_pot=4, weol_yak_month=7, mission=("godori", 5))
    again = loads_record(dumps(record))
    assert (again.boar_pot, again.weol_yak_month, again.mission) == (4, 7, ("godori", 5))
    hand, _ = replay(again)
    obs = hand.observation(0)
    assert obs.weol_yak_month == 7 and obs.mission is not None and obs.mission[0] == "godori"
    with pytest.raises(RecordError, match="explicit deal only"):
        HandRecord(rules=rules, players=2, seed=3, weol_yak_month=7)
    with pytest.raises(RecordError, match="mission"):
        parse_record({**again.to_json(), "mission": {"name": "nothing", "multiplier": 2}})
