"""Bounded input (issue 9, items 4, 6 and 7): every count has a sane range, deep nesting and
huge numbers are refused with one sentence, and every usage error of the command line -- the
parser's own included -- is one ``error: ...`` line with a hint to ``--help``, exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.limits import (
    ECHO_LIMIT,
    MAX_BOMBS,
    MAX_GOES,
    MAX_MISSION_MULTIPLIER,
    MAX_NAGARI_BEFORE,
    MAX_NESTING,
    MAX_SEED,
    NestingError,
    check_nesting,
    clip,
)
from gostop.record import RecordError, deal_from_seed, loads_record, parse_record
from gostop.rules import KNOBS, RulesError, get_preset, rules_from_toml
from gostop.settlement import SettleContext, SettlementError, settle_case

_WIN = "01B 03B 08B 01R 02R 05J1 05J2 06J1"
_LONG = 2000  # characters of junk input: no error line may repeat them all


# -- item 4: every count has a range ---------------------------------------------------------


@pytest.mark.parametrize("value", ["10000000000", "99999999999999999999", "100000", str(MAX_NAGARI_BEFORE + 1)])
def test_score_nagari_before_out_of_range_is_one_line(value: str) -> None:
    line = gostop("score", _WIN, "--opp", "12B", "--nagari-before", value).error_line()
    assert f"--nagari-before: {value} is out of range (0 to {MAX_NAGARI_BEFORE})" in line
    assert "4300" not in line and "MemoryError" not in line


def test_score_nagari_before_at_the_bound_still_settles() -> None:
    run = gostop("score", "--json", "01B 03B 08B 11B 12B", "--opp", "05J1", "--nagari-before", str(MAX_NAGARI_BEFORE))
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert ["nagari carry", 2**MAX_NAGARI_BEFORE] in data["factors"]


def test_score_bombs_out_of_range_with_a_bomb_multiplier() -> None:
    line = gostop("score", _WIN, "--opp", "12B", "--set", "bomb_multiplier=2", "--bombs", "10000000000").error_line()
    assert "--bombs" in line and str(MAX_BOMBS) in line


@pytest.mark.parametrize(
    ("knob", "value"),
    [("bomb_multiplier", 10**12), ("heundeum_multiplier", 101), ("chongtong_payment", 10**9), ("match_hands", 10**6)],
)
def test_score_knob_out_of_range(knob: str, value: int) -> None:
    line = gostop("score", _WIN, "--opp", "12B", "--set", f"{knob}={value}").error_line()
    assert f"knob {knob!r}" in line and "out of range" in line and "from" in line


def test_every_integer_knob_has_a_documented_maximum() -> None:
    for knob in KNOBS.values():
        if knob.kind in ("int", "int_or_target", "int_pair"):
            assert knob.maximum is not None, knob.name
            assert str(knob.maximum) in knob.allowed, knob.name
            with pytest.raises(RulesError, match="out of range"):
                value: Any = [1, knob.maximum + 1] if knob.kind == "int_pair" else knob.maximum + 1
                get_preset("pagat").with_overrides({knob.name: value})


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("nagari_before", 10_000_000_000, "'nagari_before'"),
        ("nagari_before", "huge", "digits"),
        ("goes", MAX_GOES + 1, "'goes'"),
        ("bombs", 10_000_000_000, "'bombs'"),
        ("mission_multiplier", MAX_MISSION_MULTIPLIER + 1, "'mission_multiplier'"),
    ],
)
def test_settle_context_ranges(field: str, value: int | str, fragment: str) -> None:
    if value == "huge":
        value = 10**5000  # str() of it would raise: the message must not try
    with pytest.raises(SettlementError) as info:
        SettleContext(**{field: value})
    message = str(info.value)
    assert fragment in message and len(message) < 200


def test_settle_case_with_a_huge_nagari_count_is_an_error_not_a_hang() -> None:
    case = {"preset": "pagat", "players": 2, "winner_captures": ["01B", "03B", "08B", "11B", "12B"],
            "opponents": [{"captures": []}], "context": {"nagari_before": 10_000_000_000}}
    with pytest.raises(SettlementError, match="nagari_before"):
        settle_case(case)


def _hand_record(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "gostop-hand", "version": 1, "rules": {"preset": "pagat"},
                            "players": 2, "seed": 7, "actions": []}
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"nagari_before": 10_000_000_000}, "'nagari_before' must be at most 100"),
        ({"seed": -1}, "'seed' must be at least 0"),
        ({"seed": MAX_SEED + 1}, "'seed' must be at most"),
        ({"boar_pot": 10**30}, "'boar_pot' must be at most"),
        ({"seed": None, "deal": None}, "needs a seed"),
        ({"mission": {"name": "x", "multiplier": 10**9}}, "'multiplier' must be at most"),
        ({"weol_yak_month": 13}, "'weol_yak_month' must be at most 12"),
    ],
)
def test_hand_record_counts_have_ranges(changes: dict[str, Any], fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(_hand_record(**changes))
    assert fragment in str(info.value)


def test_hand_record_nagari_before_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_hand_record(nagari_before=10_000_000_000)), encoding="utf-8")
    assert "'nagari_before' must be at most 100" in gostop("replay", str(path)).error_line()


def test_seeds_are_non_negative_in_python_too() -> None:
    with pytest.raises(RecordError, match="'seed' must be from 0"):
        deal_from_seed(get_preset("pagat"), 2, -1)


# -- item 6: nesting and echoed input ---------------------------------------------------------


def test_deeply_nested_json_record_is_a_clear_error() -> None:
    for depth in (MAX_NESTING + 5, 100_000):
        text = json.dumps(_hand_record())[:-1] + ', "expect": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(RecordError, match="nested more than"):
            loads_record(text)


def test_json_number_with_too_many_digits_is_a_clear_error() -> None:
    text = json.dumps(_hand_record())[:-1] + ', "nagari_before": ' + "9" * 5000 + "}"
    with pytest.raises(RecordError, match="more than 4300 digits"):
        loads_record(text)


def test_deeply_nested_toml_rules() -> None:
    for depth in (MAX_NESTING + 5, 5000):
        with pytest.raises(RulesError, match="nested more than"):
            rules_from_toml("jokers = " + "[" * depth + "]" * depth)


@pytest.mark.parametrize("depth", [MAX_NESTING + 5, 5000])
def test_deeply_nested_set_value(depth: int) -> None:
    line = gostop("rules", "show", "--set", "jokers=" + "[" * depth + "]" * depth).error_line()
    assert "nested more than" in line and "internal error" not in line


def test_set_number_with_too_many_digits() -> None:
    line = gostop("rules", "show", "--set", "bomb_multiplier=" + "9" * 5000).error_line()
    assert "not a number gostop can read" in line and len(line) < 300


def test_check_nesting_and_clip() -> None:
    check_nesting([[1]], "x")
    with pytest.raises(NestingError):
        check_nesting([[[1]]], "x", limit=2)
    assert len(clip("x" * 10_000)) < ECHO_LIMIT + 30
    assert "digits" in clip(10**5000)


@pytest.mark.parametrize(
    "args",
    [
        ["score", "x" * _LONG, "--opp", "12B"],
        ["score", _WIN, "--opp", "12B", "--set", "y" * _LONG],
        ["score", _WIN, "--opp", "12B", "--goer", "z" * _LONG],
        ["score", _WIN, "--opp", "12B", "--goes", "9" * _LONG],
        ["score", _WIN, "--opp", "12B", "--preset", "p" * _LONG],
        ["score", _WIN, "--opp", "12B", "--set", "q" * _LONG + "=1"],
    ],
)
def test_error_lines_cap_the_echoed_input(args: list[str]) -> None:
    line = gostop(*args).error_line()
    assert len(line) < 400, line


def test_a_bad_record_does_not_echo_its_deal(tmp_path: Path) -> None:
    data = _hand_record(deal={"hands": [["X" * 3000], []], "layout": [], "stock": []})
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = gostop("replay", str(path)).error_line()
    assert len(line) < 400, line


# -- item 7: the parser's usage errors are one line with a --help hint, exit 2 ---------------


@pytest.mark.parametrize(
    ("args", "fragment", "hint"),
    [
        (["score", _WIN, "--opp", "12B", "--goes", "x"], '--goes: "x" is not a whole number', "gostop score --help"),
        (["score", _WIN, "--opp"], "'--opp' requires an argument", "gostop score --help"),
        (["nope"], "No such command 'nope'", "gostop --help"),
        (["score", _WIN, "--opp", "12B", "--bogus"], "No such option: --bogus", "gostop score --help"),
        (["rules", "nope"], "No such command 'nope'", "gostop rules --help"),
        (["rules", "show", "--set"], "'--set' requires an argument", "gostop rules show --help"),
        (["deal", "--seed"], "'--seed' requires an argument", "gostop deal --help"),
        (["deal", "--seed", "-1"], "'--seed'", "gostop deal --help"),
        (["deal", "--seed", str(MAX_SEED + 1)], "'--seed'", "gostop deal --help"),
        (["deal", "--seed", "1", "--players", "4"], "--players: 4 is out of range (2 to 3)", "gostop deal --help"),
        (["play", "--seed", "-1"], "'--seed'", "gostop play --help"),
        (["replay"], "Missing argument", "gostop replay --help"),
        (["score", _WIN, "--opp", "12B", "--players", "3"], "wrong number of opponents", "gostop score --help"),
    ],
)
def test_usage_errors_are_one_line_with_a_help_hint(args: list[str], fragment: str, hint: str) -> None:
    line = gostop(*args).error_line()
    assert fragment in line, line
    # the test runner calls the program "root" instead of "gostop"
    assert line.endswith(hint.replace("gostop", "", 1) + "')"), line
    assert "(see '" in line, line


def test_negative_seed_is_refused_not_folded_onto_its_absolute_value() -> None:
    assert gostop("deal", "--seed", "1").exit_code == 0
    assert "a seed is 0 to 2**64-1, got -1" in gostop("deal", "--seed", "-1").error_line()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "9" * 60], "--players: 999"),
        (["--goer", "opp" + "9" * 5000], "--goer expects an opponent"),
    ],
)
def test_score_huge_numbers_in_other_options(args: list[str], fragment: str) -> None:
    line = gostop("score", _WIN, "--opp", "12B", *args).error_line()
    assert fragment in line and "4300" not in line and len(line) < 400, line


# -- a bounded fuzz of the whole contract: exit 0, or one error line and exit 2 ---------------

_EXAMPLE = str(Path(__file__).parent.parent / "docs" / "examples" / "hand.json")
_WORDS = [
    "score", "deal", "rules", "show", "list", "diff", "replay", "version", "nope",
    "--goes", "--opp", "--seed", "--players", "-p", "--set", "--json", "--at", "--bombs",
    "--nagari-before", "--preset", "--bogus", "--cut", "--goer", "--toml", "--help-me",
    "x", "-1", "0", "3", "7", "99999999999999999999", "01B", "12B 04J1", "", "pagat", "fuda-wiki",
    "bomb_multiplier=2", "jokers=[[[[", "go_scheme=linear", "opp1", "JK2", "1.5", _EXAMPLE,
]


def test_fuzzed_command_lines_keep_the_error_contract() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=100, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7))
    def run(words: list[str]) -> None:
        result = gostop(*words)
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr, (words, result.stderr)
        assert result.exit_code in (0, 2), (words, result.exit_code, result.stderr)
        if result.exit_code == 2 and result.stderr:
            lines = result.stderr.splitlines()
            assert all(line.startswith("error: ") for line in lines), (words, result.stderr)
            # one line; replay of several records: one line for each record that fails
            assert len(lines) == 1 or (words[0] == "replay" and len(lines) <= len(words) - 1), (words, result.stderr)

    run()
