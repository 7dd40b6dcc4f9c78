"""``gostop rules list/show/diff`` and the shared command-line error contract."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import gostop
from gostop.rules import (
    KNOBS,
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    make_rules,
    rules_from_toml,
)


def test_rules_list_names_every_preset_with_its_description() -> None:
    run = gostop("rules", "list")
    assert run.exit_code == 0
    for name in PRESET_NAMES:
        assert name in run.stdout
        assert PRESET_DESCRIPTIONS[name] in run.stdout


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_show_lists_every_knob_value_and_rule(name: str) -> None:
    run = gostop("rules", "show", name)
    assert run.exit_code == 0, run.stderr
    assert f"preset {name}" in run.stdout
    for knob in KNOBS.values():
        assert knob.name in run.stdout
        for rule in knob.rule.split(", "):
            assert rule in run.stdout
    assert "*" not in run.stdout.split("\n", 1)[0]


def test_rules_show_marks_set_knobs() -> None:
    run = gostop("rules", "show", "pagat", "--set", "go_scheme=linear", "--set", "score_cap=20")
    assert run.exit_code == 0, run.stderr
    assert "2 knob(s) changed" in run.stdout
    assert "go_scheme *" in run.stdout and "score_cap *" in run.stdout
    assert "linear" in run.stdout


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_show_toml_loads_back(name: str) -> None:
    run = gostop("rules", "show", name, "--toml")
    assert run.exit_code == 0, run.stderr
    rules = rules_from_toml(run.stdout)
    assert rules == PRESETS[name] and rules.preset == name


@pytest.mark.parametrize(
    ("assignment", "knob", "value"),
    [
        ("go_scheme=linear", "go_scheme", "linear"),
        ('go_scheme="blog"', "go_scheme", "blog"),
        ("stop_target_two_player=5", "stop_target_two_player", 5),
        ("tti_bak=true", "tti_bak", True),
        ("mission_multiplier_range=[2,8]", "mission_multiplier_range", [2, 8]),
        ("jokers=[]", "jokers", []),
        ('jokers=["JK1", "JKB"]', "jokers", ["JK1", "JKB"]),
        ("flex_card=null", "flex_card", None),
        ("max_players = 5", "max_players", 5),
    ],
)
def test_rules_show_set_values_are_toml(assignment: str, knob: str, value: object) -> None:
    run = gostop("rules", "show", "pagat", "--set", assignment, "--toml")
    assert run.exit_code == 0, run.stderr
    rules = rules_from_toml(run.stdout)
    assert rules.knobs()[knob] == value
    assert rules.overrides() == {knob: value}


def test_rules_show_and_diff_accept_toml_files(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    run = gostop("rules", "show", "blog", "--set", "go_scheme=linear", "--toml")
    path.write_text(run.stdout, encoding="utf-8")
    shown = gostop("rules", "show", str(path))
    assert shown.exit_code == 0 and "preset blog with 1 knob(s) changed" in shown.stdout
    diff = gostop("rules", "diff", "blog", str(path))
    assert diff.exit_code == 0
    assert "1 knob(s) differ" in diff.stdout
    assert "go_scheme" in diff.stdout and "linear" in diff.stdout


def test_rules_diff_lists_exactly_the_differing_knobs() -> None:
    run = gostop("rules", "diff", "pagat", "blog")
    assert run.exit_code == 0
    assert "6 knob(s) differ" in run.stdout
    for knob in ("first_dealer", "ja_ppuk_window", "bomb_skip_timing", "go_scheme",
                 "gwang_bak_scope", "pi_bak_protect_min"):
        assert knob in run.stdout
    assert "draw_night" in run.stdout and "previous_turn" in run.stdout
    assert "stop_target_two_player" not in run.stdout


def test_rules_diff_of_identical_rules() -> None:
    run = gostop("rules", "diff", "pagat", "pagat")
    assert run.exit_code == 0
    assert "same value for every knob" in run.stdout


def test_rules_diff_shows_long_values_compactly() -> None:
    run = gostop("rules", "diff", "pagat", "goo-stupe")
    assert run.exit_code == 0
    assert "JK1, JK1-2 ... JK1-22 (22)" in run.stdout
    assert "34 knob(s) differ" in run.stdout


# -- errors: one line on stderr, exit status 2 ---------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rules", "show", "pagta"], "unknown preset 'pagta' (did you mean 'pagat'?)"),
        (["rules", "show", "pagat", "--set", "go_scheme"], "--set expects knob=value"),
        (["rules", "show", "pagat", "--set", "=5"], "--set expects knob=value"),
        (["rules", "show", "pagat", "--set", "go_schem=linear"], "did you mean 'go_scheme'"),
        (["rules", "show", "pagat", "--set", "go_scheme=linaer"], "did you mean 'linear'"),
        (["rules", "show", "pagat", "--set", "pi_bak=yes"], "wrong type"),
        (["rules", "show", "pagat", "--set", "junk_value_11D=9"], "out of range"),
        (["rules", "show", "pagat", "--set", "payment_unit=shots"], "contradictory rules"),
        (["rules", "show", "missing.toml"], "cannot read rules file 'missing.toml'"),
        (["rules", "diff", "pagat", "nope"], "unknown preset 'nope'"),
        (["rules", "diff", "pagat", "missing.toml"], "cannot read rules file"),
    ],
)
def test_rules_errors_are_one_line(args: list[str], fragment: str) -> None:
    assert fragment in gostop(*args).error_line()


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("preset = \n", "not valid TOML"),
        ('preset = "pagat"\ngo_schem = "linear"\n', "unknown knob 'go_schem'"),
        ('preset = "pagta"\n', "unknown preset 'pagta'"),
        ("go_scheme = 3\n", "knob 'go_scheme'"),
    ],
)
def test_rules_errors_in_toml_files(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    line = gostop("rules", "show", str(path)).error_line()
    assert fragment in line and "bad.toml" in line


def test_rules_toml_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'preset = "pagat"\n# caf\xe9\n')
    assert "latin1.toml" in gostop("rules", "show", str(path)).error_line()


def test_usage_errors_exit_2() -> None:
    assert gostop("rules", "bogus").exit_code == 2
    assert gostop("rules", "diff", "pagat").exit_code == 2
    assert gostop("--bogus").exit_code == 2


@pytest.mark.parametrize(
    "args",
    [[], ["rules"], ["rules", "list"], ["rules", "show"], ["rules", "diff"], ["score"], ["docs", "rules"]],
)
def test_help_texts_have_an_example(args: list[str]) -> None:
    run = gostop(*args, "--help")
    assert run.exit_code == 0
    assert "Example" in run.stdout
    assert "gostop" in run.stdout


def test_console_script_reports_errors_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "gostop", "rules", "show", "pagat", "--set", "nope=1"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: unknown knob 'nope'")
    assert proc.stderr.count("\n") == 1


def test_rules_show_default_is_pagat() -> None:
    run = gostop("rules", "show", "--toml")
    assert run.exit_code == 0
    assert rules_from_toml(run.stdout) == make_rules("pagat")


# -- the matgo preset (issue 19) ---------------------------------------------------------------


def test_rules_diff_pagat_matgo_lists_the_matgo_knobs_with_their_rules() -> None:
    run = gostop("rules", "diff", "pagat", "matgo")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    for knob, rule in [("go_scheme", "PAY-3"), ("pi_bak_zero_exempt", "PAY-14"),
                       ("pi_bak_protect_min_two_player", "PAY-6"), ("two_player_only", "GEN-7"),
                       ("nagari_multiplier_cap", "MATCH-8"), ("joker_steals_junk", "EVT-13")]:
        line = next(line for line in out.splitlines() if f" {knob} " in line)
        assert rule in line, line
    assert "push_limit" not in out  # push is off in both


def test_rules_show_matgo_and_its_korean_name() -> None:
    run = gostop("rules", "show", "matgo")
    assert run.exit_code == 0, run.stderr
    assert "preset matgo" in run.stdout
    listed = gostop("rules", "list")
    assert "맞고" in listed.stdout


def test_matgo_three_players_is_refused_in_one_line() -> None:
    run = gostop("score", "01B 03B 08B 11B", "--opp", "12B", "--opp", "02A", "--preset", "matgo")
    assert run.exit_code == 2
    assert "2 players only" in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
