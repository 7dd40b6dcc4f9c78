"""``gostop score``: the calculator for real cards, its JSON output and ``--cases`` batch mode."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop

HERE = Path(__file__).parent
EXAMPLES = HERE / "cases" / "examples.json"
MIXED = HERE / "data" / "score_cases_mixed.json"

E01 = ["01B", "03B", "08B", "01R", "02R", "05J1", "05J2", "06J1",
       "--opp", "12B 04J1 04J2 07J1 07J2 10J1", "--opp", "06R 09J1 09J2"]


def _json(*args: str) -> dict[str, Any]:
    run = gostop("score", *args, "--json")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert isinstance(data, dict)
    return data


def _lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


# -- the human output -----------------------------------------------------------------------


def test_score_e01_table_output() -> None:
    run = gostop("score", *E01)
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Preset pagat, 3 players, stop target 3" in out
    assert "3 brights" in out and "SCORE-1" in out and "01B 03B 08B" in out
    assert "hand points" in out
    assert "opp2: 3 x M 1 x Mi 2 (gwang-bak x2) = 6" in out
    payments = {line.split("│")[1].strip(): line.split("│")[3].strip()
                for line in out.splitlines() if line.startswith("│ opp") or line.startswith("│ total")}
    assert payments == {"opp1": "3", "opp2": "6", "total": "9"}
    assert "Pays (chips)" in out


def test_score_goo_stupe_pays_in_shots() -> None:  # E26 / PAY-2
    run = gostop(
        "score", "01B 03B 08B 11B 02A 04A 08A 05A 06A 12D JK1 JK1-2 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2",
        "--opp", "12B 05J1", "--opp", "07A", "--preset", "goo-stupe",
    )
    assert run.exit_code == 0, run.stderr
    assert "Takes (shots)" in run.stdout
    assert "shots = floor(11/5) = 2 per opponent" in run.stdout


def test_score_liability_is_explained() -> None:  # E18 / LIAB-3 go-bak
    run = gostop("score", "01B 03B 12B 04R 05R 07R 06J1", "--opp", "08B 10A 10J1",
                 "--opp", "02A 02J1", "--goer", "opp1")
    assert run.exit_code == 0, run.stderr
    assert "opp1 pays for both (go-bak)" in run.stdout


# -- --json -----------------------------------------------------------------------------------


def test_score_json_e01() -> None:
    data = _json(*E01)
    assert data["points"] == 3
    assert data["payments"] == [3, 6]
    assert data["total"] == 9
    assert data["unit"] == "chips"
    assert data["preset"] == "pagat" and data["players"] == 3 and data["overrides"] == {}
    assert any("gwang-bak" in step for step in data["steps"])
    assert data["breakdown"]["items"]


def test_score_friendly_names_and_commas() -> None:
    data = _json("jan-bright,mar-bright", "aug-bright", "jan-ribbon", "feb-ribbon",
                 "may-junk1", "may-junk2", "jun-junk", "--opp", "12B,04J1,04J2,07J1,07J2,10J1",
                 "--opp", "jun-ribbon sep-junk1 sep-junk2")
    assert data["payments"] == [3, 6]


@pytest.mark.parametrize(
    ("args", "points", "payments"),
    [
        # PAY-3 go chips, E12: one go = +1 chip
        (["01B 03B 08B 04R 05R 07R", "--opp", "11B", "--opp", "12B", "--goes", "1"], None, None),
        # E28 VAR-GO-LINEAR through --set
        (["06R 09R 10R 04R 05R 07R", "--opp", "01B", "--opp", "03B", "--goes", "3",
          "--set", "go_scheme=linear"], 8, [24, 24]),
        (["06R 09R 10R 04R 05R 07R", "--opp", "01B", "--opp", "03B", "--goes", "3",
          "--set", 'go_scheme="linear"'], 8, [24, 24]),
        # E23 blog go scheme through --preset
        (["06R 09R 10R 04R 05R 07R", "--opp", "01B", "--opp", "03B", "--goes", "3",
          "--preset", "blog"], 8, [11, 11]),
        # E18 LIAB-3 go-bak: --goer opp1 and --goer 1 are the same
        (["01B 03B 12B 04R 05R 07R 06J1", "--opp", "08B 10A 10J1", "--opp", "02A 02J1",
          "--goer", "opp1"], 5, [15, 0]),
        (["01B 03B 12B 04R 05R 07R 06J1", "--opp", "08B 10A 10J1", "--opp", "02A 02J1",
          "--goer", "1"], 5, [15, 0]),
        # E19 LIAB-7 shodang refusal
        (["06R 09R 10R 01J1 01J2", "--opp", "08B 07J1", "--opp", "03B 05J1", "--refuser", "opp1"],
         3, [6, 0]),
        # E21 LIAB-4 oe-myeon under pagat-classic
        (["11D 12D 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2", "--opp", "01B 05J1 05J2 06J1 06J2 07J1",
          "--opp", "03B 08J1 08J2 09J1 09J2 10J1", "--oe-myeon", "opp1", "--preset", "pagat-classic"],
         3, [6, 0]),
        # E16 SHAKE-2 two heundeum: x4
        (["04R 05R 07R 01J1", "--opp", "01B", "--opp", "03B", "--shakes", "2"], 3, [12, 12]),
        # E17b MATCH-5 one nagari before: x2
        (["04R 05R 07R 01J1", "--opp", "01B", "--opp", "03B", "--nagari-before", "1"], 3, [6, 6]),
        # E24 fuda-wiki bomb x2 and 2-player go-bak, --players checked
        (["01B 03B 08B 11B 06R 09R 10R 05A", "--opp", "12B 05J1", "--bombs", "1", "--goer", "opp1",
          "--preset", "fuda-wiki", "--players", "2"], 7, [28]),
        # E25 PAY-8: an empty capture pile
        (["04R 05R 07R 01J1", "--opp", "01B 02J1", "--opp", "", "--preset", "fuda-wiki"], 3, [3, 0]),
        (["04R 05R 07R 01J1", "--opp", "01B 02J1", "--opp", "-", "--preset", "fuda-wiki"], 3, [3, 0]),
    ],
    ids=["PAY-3-one-go", "VAR-GO-LINEAR-E28-set", "VAR-GO-LINEAR-E28-set-quoted", "PAY-3-blog-E23",
         "LIAB-3-go-bak-E18", "LIAB-3-go-bak-E18-number", "LIAB-7-shodang-E19",
         "LIAB-4-oe-myeon-E21", "SHAKE-2-E16", "MATCH-5-nagari-E17b", "PAY-5-PAY-6-fuda-E24",
         "PAY-8-empty-pile-E25", "PAY-8-empty-pile-dash"],
)
def test_score_context_options(args: list[str], points: int | None, payments: list[int] | None) -> None:
    data = _json(*args)
    if points is not None:
        assert data["points"] == points
    if payments is not None:
        assert data["payments"] == payments
    assert data["players"] == len(data["payments"]) + 1


def test_score_pay_3_one_go_adds_a_chip() -> None:
    without = _json("01B 03B 08B 04R 05R 07R", "--opp", "11B", "--opp", "12B")
    with_go = _json("01B 03B 08B 04R 05R 07R", "--opp", "11B", "--opp", "12B", "--goes", "1")
    assert [p + 1 for p in without["payments"]] == with_go["payments"]


def test_score_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "linear.toml"
    rules.write_text('preset = "pagat"\ngo_scheme = "linear"\n', encoding="utf-8")
    data = _json("06R 09R 10R 04R 05R 07R", "--opp", "01B", "--opp", "03B", "--goes", "3",
                 "--rules", str(rules))
    assert data["payments"] == [24, 24]
    assert data["overrides"] == {"go_scheme": "linear"}


# -- --cases ----------------------------------------------------------------------------------


@pytest.mark.skipif(not EXAMPLES.exists(), reason="tests/cases/examples.json not written yet")
def test_score_cases_reproduces_every_worked_example() -> None:
    cases = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    run = gostop("score", "--cases", str(EXAMPLES))
    assert run.exit_code == 0, run.stderr
    lines = _lines(run.stdout)
    assert [line["id"] for line in lines] == [case["id"] for case in cases]
    for case, line in zip(cases, lines, strict=True):
        assert "error" not in line, line
        assert set(line) == {"id", "points", "payments"}
        assert {"points": line["points"], "payments": line["payments"]} == case["expected"], case["id"]


def test_score_cases_bad_case_gives_an_error_line_and_the_others_run() -> None:
    run = gostop("score", "--cases", str(MIXED))
    assert run.exit_code == 0, run.stderr
    lines = _lines(run.stdout)
    cases = json.loads(MIXED.read_text(encoding="utf-8"))
    assert len(lines) == len(cases)
    by_id = {line["id"]: line for line in lines}
    assert by_id["good-E01"] == {"id": "good-E01", "points": 3, "payments": [3, 6]}
    assert by_id["good-E28-linear"] == {"id": "good-E28-linear", "points": 8, "payments": [24, 24]}
    expected_errors = {
        "bad-unknown-code": "13B",
        "bad-card-twice": "listed twice",
        "bad-card-in-two-piles": "in both",
        "bad-opponent-count": "3 players need 2",
        "bad-context": "shakes_nov_dec",
        "bad-goer-index": "goer",
        "bad-preset": "pagta",
        "bad-override": "go_schem",
        "bad-joker-not-in-deck": "JK1",
        "bad-no-players": "players",
        "bad-impossible-stop": "impossible stop",
        None: "must be a JSON object",
    }
    for case_id, fragment in expected_errors.items():
        line = by_id[case_id]
        assert set(line) == {"id", "error"}, line
        assert fragment in line["error"]
        assert "\n" not in line["error"]


def test_score_cases_accepts_an_empty_list(tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    path.write_text("[]", encoding="utf-8")
    run = gostop("score", "--cases", str(path))
    assert (run.exit_code, run.stdout, run.stderr) == (0, "", "")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"id": "E01"}', "expected a JSON list of cases, got a JSON object"),
        (b"3", "got a JSON number"),
        (b"[\xff]", "not UTF-8"),
    ],
)
def test_score_cases_unreadable_file(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "cases.json"
    path.write_bytes(content)
    assert fragment in gostop("score", "--cases", str(path)).error_line()


def test_score_cases_missing_file() -> None:
    assert "cannot read cases file 'missing.json'" in gostop("score", "--cases", "missing.json").error_line()


# -- errors: one line on stderr, exit status 2 ---------------------------------------------

_WIN = "01B 03B 08B 01R 02R 05J1 05J2 06J1"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ([_WIN, "13B", "--opp", "12B"], "unknown card code '13B'"),
        ([_WIN, "01b", "--opp", "12B"], "card 01B is listed twice"),  # lower case is read as 01B
        ([_WIN, "--opp", "12B 99Z"], "'99Z'"),
        ([_WIN, "01B", "--opp", "12B"], "card 01B is listed twice"),
        ([_WIN, "--opp", "12B 01B"], "card 01B is in both"),
        ([_WIN, "--opp", "12B", "--opp", "11B 12B"], "card 12B is in both"),
        ([_WIN, "JK1", "--opp", "12B"], "not in the pagat deck"),
        ([_WIN, "--opp", "12B", "--players", "3"], "wrong number of opponents"),
        ([_WIN, "--opp", "12B", "--opp", "11B", "--players", "2"], "wrong number of opponents"),
        ([_WIN, "--opp", "12B", "--opp", "11B", "--opp", "04A"], "wrong number of opponents"),
        ([_WIN, "--opp", "12B", "--players", "1"], "--players: 1 is out of range (2 to 3)"),
        ([_WIN], "--opp"),
        (["--opp", "12B"], "winner's captured cards"),
        ([_WIN, "--opp", "12B", "--goes", "-1"], "--goes: -1 is out of range (0 to 60)"),
        ([_WIN, "--opp", "12B", "--shakes-nov-dec", "1"], "exceeds 'shakes'"),
        ([_WIN, "--opp", "12B", "--mission-multiplier", "0"], "--mission-multiplier"),
        ([_WIN, "--opp", "12B", "--goer", "opp2"], "no opponent 2"),
        ([_WIN, "--opp", "12B", "--refuser", "0"], "no opponent 0"),
        ([_WIN, "--opp", "12B", "--oe-myeon", "me"], "expects an opponent such as opp1"),
        ([_WIN, "--opp", "12B", "--preset", "pagta"], "did you mean 'pagat'"),
        ([_WIN, "--opp", "12B", "--set", "go_schem=linear"], "did you mean 'go_scheme'"),
        ([_WIN, "--opp", "12B", "--set", "linear"], "--set expects knob=value"),
        ([_WIN, "--opp", "12B", "--set", "go_scheme=5"], "5 is not allowed"),
        ([_WIN, "--opp", "12B", "--set", "bomb_multiplier=two"], "wrong type str"),
        ([_WIN, "--opp", "12B", "--set", "score_cap=2"], "contradictory"),
        ([_WIN, "--opp", "12B", "--rules", "missing.toml"], "cannot read rules file"),
        ([_WIN, "--opp", "12B", "--rules", "x.toml", "--preset", "blog"], "either --preset or --rules"),
        (["--cases", "x.json", _WIN], "do not combine it with winner cards"),
        (["--cases", "x.json", "--preset", "blog", "--goes", "2"], "--preset, --goes"),
    ],
)
def test_score_errors_are_one_line(args: list[str], fragment: str) -> None:
    assert fragment in gostop("score", *args).error_line()


def test_score_GOSTOP_2_impossible_stop_is_one_error_line() -> None:
    # 01B alone scores 0 stop points; a 2-player pagat stop after 3 goes needs 7 + 3 = 10.
    line = gostop("score", "01B", "--opp", "12B", "--goes", "3").error_line()
    assert "impossible stop" in line and "GOSTOP-2" not in line
    assert "0 stop points" in line and "at least 10 after 3 goes (target 7" in line
    # Below the target without any go (3 brights = 3 < 7), and after one go in 3 players
    # (3 brights + cho-dan = 6 points, target 3: fine with 3 goes, not with 4).
    assert "at least 7 (target 7)" in gostop("score", "01B 03B 08B", "--opp", "12B").error_line()
    hand = ["01B 03B 08B 04R 05R 07R", "--opp", "11B", "--opp", "12B"]
    assert "at least 7 after 4 goes" in gostop("score", *hand, "--goes", "4").error_line()
    assert _json(*hand, "--goes", "3")["payments"] == [16, 16]  # (6 + 2) x 2


def test_score_GOSTOP_2_agreed_lower_target_through_set() -> None:
    # GOSTOP-1 allows any target >= 1: with 3 the 3-bright hand is a 2-player stop (3 chips).
    data = _json("01B 03B 08B", "--opp", "12B", "--set", "stop_target_two_player=3")
    assert data["points"] == 3 and data["payments"] == [3]
    assert data["overrides"] == {"stop_target_two_player": 3}


def test_score_bad_rules_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("go_scheme = [", encoding="utf-8")
    line = gostop("score", _WIN, "--opp", "12B", "--rules", str(path)).error_line()
    assert "not valid TOML" in line and "bad.toml" in line


def test_score_usage_errors_exit_2() -> None:
    # A valid stop without the bad option (3 points, 3 players, target 3), so that exit 2
    # comes from the usage error and not from GOSTOP-2.
    ok = [_WIN, "--opp", "12B", "--opp", "11B"]
    assert gostop("score", *ok).exit_code == 0
    assert gostop("score", *ok, "--goes", "x").exit_code == 2
    assert gostop("score", *ok, "--opp").exit_code == 2
    assert gostop("score", *ok, "--bogus").exit_code == 2


def test_score_console_script_end_to_end() -> None:
    ok = subprocess.run([sys.executable, "-m", "gostop", "score", "--json", *E01],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["payments"] == [3, 6]
    bad = subprocess.run([sys.executable, "-m", "gostop", "score", _WIN, "13B", "--opp", "12B"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: unknown card code '13B'") and bad.stderr.count("\n") == 1


# -- the README's examples work as shown ----------------------------------------------------

README = HERE.parent / "README.md"


def _blocks(kind: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    return [block.split("\n```", 1)[0] for block in text.split(f"```{kind}\n")[1:]]


def test_readme_score_example_output_is_current() -> None:
    command = next(b for b in _blocks("sh") if b.startswith(".venv/bin/gostop score 01B"))
    args = shlex.split(command.replace("\\\n", " "))[2:]  # drop ".venv/bin/gostop score"
    run = gostop("score", *args, width=100)
    assert run.exit_code == 0, run.stderr
    shown = _blocks("text")[0]
    actual = "\n".join(line.rstrip() for line in run.stdout.rstrip("\n").splitlines())
    assert actual == shown, "README.md's score example is stale: paste the new output"


def test_readme_cases_example_prints_what_it_says(tmp_path: Path) -> None:
    case_file = tmp_path / "mine.json"
    case_file.write_text(_blocks("json")[0], encoding="utf-8")
    run = gostop("score", "--cases", str(case_file))
    assert run.exit_code == 0, run.stderr
    text = README.read_text(encoding="utf-8")
    assert f"prints `{run.stdout.strip()}`" in text


# -- issue 9 item 5: one bad case never aborts the batch --------------------------------------

_GOOD_CASE = {"id": "good", "preset": "pagat", "players": 3,
              "winner_captures": ["01B", "03B", "08B"],
              "opponents": [{"captures": ["12B"]}, {"captures": []}]}


def test_score_cases_an_unprintable_settlement_gets_its_own_error_line(tmp_path: Path) -> None:
    # 2**100000 chips cannot even be printed as a number: once it stopped the whole batch.
    huge = dict(_GOOD_CASE, id="huge-carry", context={"nagari_before": 100000})
    deep: dict[str, Any] = dict(_GOOD_CASE, id="deep")
    deep["context"] = {"goes": json.loads("[" * 500 + "]" * 500)}
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([_GOOD_CASE, huge, deep, dict(_GOOD_CASE, id="good-2")]), encoding="utf-8")
    run = gostop("score", "--cases", str(path))
    assert run.exit_code == 0, run.stderr
    lines = _lines(run.stdout)
    assert [line["id"] for line in lines] == ["good", "huge-carry", "deep", "good-2"]
    assert lines[0] == lines[3] | {"id": "good"}
    assert set(lines[1]) == {"id", "error"} and "nagari_before" in lines[1]["error"]
    assert set(lines[2]) == {"id", "error"} and "nested" in lines[2]["error"]


def test_score_cases_guard_when_a_result_cannot_be_written(monkeypatch: pytest.MonkeyPatch) -> None:
    from gostop.cli import score as score_module

    class Huge:
        points = 10**5000
        payments = (1,)

    monkeypatch.setattr(score_module, "settle_case", lambda case: Huge())
    line = json.loads(score_module.case_text({"id": "x"}))
    assert line["id"] == "x" and "cannot be written as JSON" in line["error"]


def test_score_cases_long_ids_are_cut(tmp_path: Path) -> None:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([dict(_GOOD_CASE, id="i" * 5000)]), encoding="utf-8")
    run = gostop("score", "--cases", str(path))
    assert run.exit_code == 0 and len(run.stdout) < 300


# -- the matgo preset (issue 19) ---------------------------------------------------------------


def test_score_matgo_three_goes_pay_15() -> None:
    # Four brights, three goes: (4 + 3) x 2 = 14 (a table target of 1 lets 4 points say go 3 times).
    data = _json("01B 03B 08B 11B", "--opp", "02A 12B", "--preset", "matgo", "--goes", "3",
                 "--set", "stop_target_two_player=1", "--set", "go_decision_trigger=\"improved\"")
    assert data["preset"] == "matgo" and data["payments"] == [14]
    assert data["go_chips"] == 3 and ["go", 2] in data["factors"]


def _needs_missions(case: dict[str, Any]) -> bool:
    """A vector that pays a mission (hwatu's Matgo has missions; the matgo preset does not)."""
    return (case.get("context") or {}).get("mission_multiplier", 1) != 1


def test_score_cases_runs_the_matgo_vectors_file(tmp_path: Path) -> None:
    path = HERE / "cases" / "matgo_vectors.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    cases = doc["cases"]
    # A mission multiplier needs rules with missions (score refuses a context the rules do not
    # have): the vectors that pay one are settled with "missions": true added to their rules.
    raw = _lines(gostop("score", "--cases", str(path)).stdout)
    for case, line in zip(cases, raw, strict=True):
        if _needs_missions(case) and not case["context"]["overrides"].get("missions"):
            assert "needs the mission rule" in line["error"], line
    for case in cases:
        if _needs_missions(case):
            case["context"]["overrides"]["missions"] = True
    path = tmp_path / "matgo_vectors.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    run = gostop("score", "--cases", str(path))
    assert run.exit_code == 0, run.stderr
    lines = _lines(run.stdout)
    assert [line["id"] for line in lines] == [c["id"] for c in cases]
    for case, line in zip(cases, lines, strict=True):
        assert "error" not in line, line
        if case["kind"] == "settle":
            assert line["payments"] == case["expected"]["payments"], case["id"]
        else:
            assert line["points"] == case["expected"]["points"], case["id"]


def test_score_matgo_pushes_and_nagari_cap() -> None:
    # A W7-like stop (16 junk = 7 points) after two nagari and one push: 7 x 4 x 2 = 56.
    winner = "11D 12D 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2 06J1 JK2-2 05A 05J1"
    data = _json(winner, "--opp", "", "--preset", "matgo", "--nagari-before", "2", "--pushes", "1",
                 "--set", "push_limit=1")  # pushes need rules with pushes
    assert data["payments"] == [56]
    assert ["nagari carry", 4] in data["factors"] and ["push", 2] in data["factors"]
    capped = _json(winner, "--opp", "", "--preset", "matgo", "--nagari-before", "5")
    assert capped["payments"] == [7 * 8]  # MATCH-8: x8 at most
