"""Fixes from a QA pass of the command-line tools (items 1-12 of its report).

1. ``score`` refuses a context the rules do not have (weol-yak, missions, pushes, bombs, a
   shodang refusal or oe-myeon where they cannot be), on the command line and per ``--cases``
   entry; ``--cases`` exits 1 when every case is an error; ``--shakes`` states its range.
2. ``deal`` refuses what ``replay`` would refuse (matgo with 3 players), a cut out of range
   (0 included), and options ``--fill`` does not use (``--players`` included).
3. ``simulate --ladder`` names the rule changes, honours ``--no-timing`` and refuses one bot
   under two names.
4. Off a terminal, lines are never broken; tables are wide (``COLUMNS`` when set).
5. Bot names are never cut with an ellipsis.
6. Shell completion works from the root command (and is offered there only).
7. A file that cannot be written is named by the path given; ``docs rules -o`` does not create
   directories and writes atomically.
8. ``simulate --seed`` takes 0 to 2**64-1, as ``deal`` and ``play``.
9. ``--progress`` off a terminal writes plain lines; no interval from a single deal; ctrl-c
   says that nothing was written.
10. ``serve`` names the wrong option; ``--level`` cannot replace a built-in level.
11. ``play`` exits 1 when its last save failed.
12. Every error line ends with the ``--help`` hint; plurals; one ellipsis in usage lines;
    ``gostop --version``.
"""

from __future__ import annotations

import json
import math
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli_support import Run, gostop
from gostop import __version__
from gostop.cli import app
from gostop.limits import MAX_SEED
from gostop.rules import get_preset
from gostop.settlement import SettleContext, SettlementError

#: A rule ID of RULES.md (``GEN-7``, ``DEAL-1``, ``VAR-WEOLYAK-FIRST``): never shown to users.
RULE_ID = re.compile(r"\b[A-Z]{2,8}(-[A-Z0-9*]+)+\b")

FIVE_BRIGHTS = ["01B", "03B", "08B", "11B", "12B"]
HERE = Path(__file__).parent


def _piped(*args: str, columns: str | None = None, stdin: str | None = None) -> Run:
    """``gostop ARGS`` with stdout not a terminal and ``COLUMNS`` as given (unset by default),
    as ``gostop ... | grep`` or ``> file`` runs it."""
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": columns}, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)


def _plain_error(run: Run, *fragments: str) -> str:
    line = run.error_line()
    for fragment in fragments:
        assert fragment in line, line
    assert not RULE_ID.search(line), line
    assert line.endswith(" --help')"), line
    return line


def _score_json(*args: str) -> dict[str, Any]:
    run = gostop("score", *args, "--json")
    assert run.exit_code == 0, run.stderr
    data: dict[str, Any] = json.loads(run.stdout)
    return data


# -- 1. score: a context the rules do not have ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--weol-yak", "2"), ("--weol-yak needs the weol-yak rule", "--set weol_yak_first_turn=true")),
        (("--weol-yak", "2", "--set", "weol_yak_first_turn=true"),
         ("--weol-yak 2 needs both weol-yak rules", "--set weol_yak_month=true")),
        (("--mission-multiplier", "9"), ("--mission-multiplier needs the mission rule", "--set missions=true")),
        (("--mission-multiplier", "10", "--set", "missions=true"),
         ("--mission-multiplier 10 is not a mission multiplier of these rules: they draw 2 to 9",)),
        (("--pushes", "3"), ("--pushes needs the push rule", "--set push_limit=3")),
        (("--pushes", "3", "--set", "push_limit=2"), ("--pushes 3 is more pushes in a row than these rules allow (2)",)),
        (("--bombs", "1", "--preset", "goo-stupe"), ("--bombs needs bombs to be allowed", "--set bomb_allowed=true")),
        (("--refuser", "opp1"), ("--refuser opp1 is for 3-player hands",)),
        (("--oe-myeon", "opp1"), ("--oe-myeon opp1 is for 3-player hands",)),
    ],
)
def test_score_refuses_a_context_the_two_player_rules_do_not_have(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    # pagat has no weol-yak, no missions, no pushes: 480, 270 and 240 chips were charged before
    _plain_error(gostop("score", *FIVE_BRIGHTS, "--opp", "", *args), *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--oe-myeon", "opp1", "--preset", "fuda-wiki"), ("--oe-myeon opp1 needs the oe-myeon rule", "--set oe_myeon=true")),
        (("--refuser", "opp2", "--preset", "goo-stupe"), ("--refuser opp2 needs the shodang rule", "--set shodang=true")),
        (("--refuser", "opp1", "--set", "dok_bak=false"), ("--refuser opp1 needs dok-bak", "--set dok_bak=true")),
        (("--oe-myeon", "opp2", "--set", "dok_bak=false"), ("--oe-myeon opp2 needs dok-bak",)),
    ],
)
def test_score_refuses_a_liability_the_three_player_rules_do_not_have(
    args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    winner = ["01B", "03B", "08B", "01R", "02R", "05J1", "05J2", "06J1"]
    _plain_error(gostop("score", *winner, "--opp", "12B 04J1", "--opp", "06R 09J1", *args), *fragments)


def test_score_applies_the_context_when_the_rules_have_it() -> None:
    base = [*FIVE_BRIGHTS, "--opp", ""]
    plain = _score_json(*base)["payments"][0]  # 15 x 2 (gwang-bak)
    both = ["--set", "weol_yak_first_turn=true", "--set", "weol_yak_month=true"]
    assert _score_json(*base, "--weol-yak", "2", *both)["payments"] == [plain * 16]
    assert _score_json(*base, "--mission-multiplier", "9", "--set", "missions=true")["payments"] == [plain * 9]
    assert _score_json(*base, "--pushes", "3", "--set", "push_limit=3")["payments"] == [plain * 8]
    assert _score_json(*base, "--bombs", "1")["points"] == 15  # pagat allows bombs
    winner = ["01B", "03B", "08B", "01R", "02R", "05J1", "05J2", "06J1"]
    three = _score_json(*winner, "--opp", "12B 04J1 04J2 07J1 07J2 10J1", "--opp", "06R 09J1 09J2", "--refuser", "opp1")
    assert three["liability"] == "shodang-refusal" and three["payments"][1] == 0


def test_score_shakes_state_their_real_range() -> None:
    help_text = gostop("score", "--help", width=120).stdout
    assert re.search(r"--shakes +N \[0<=x<=4\]", help_text), help_text
    assert re.search(r"--shakes-nov-dec +N \[0<=x<=2\]", help_text)
    line = gostop("score", *FIVE_BRIGHTS, "--opp", "", "--shakes", "5").error_line()
    assert "--shakes: 5 is out of range (0 to 4)" in line
    # the settlement's own bounds, which the options state
    SettleContext(shakes=4, shakes_nov_dec=2)
    with pytest.raises(SettlementError):
        SettleContext(shakes=5)
    with pytest.raises(SettlementError):
        SettleContext(shakes=3, shakes_nov_dec=3)


def _case(case_id: str, context: dict[str, Any], players: int = 2) -> dict[str, Any]:
    opponents: list[list[str]] = [[]] if players == 2 else [["12B", "04J1"], ["06R", "09J1"]]
    return {"id": case_id, "preset": "pagat", "players": players, "winner_captures": FIVE_BRIGHTS,
            "opponents": opponents, "context": context}


def test_score_cases_refuse_a_context_per_case_and_exit_1_when_nothing_settles(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps([
        _case("weol", {"weol_yak": 2}),
        _case("push", {"pushes": 1, "overrides": {"push_limit": 1}}),
        _case("refuser", {"refuser": 0}),
        _case("mission", {"mission_multiplier": 4}),
    ]), encoding="utf-8")
    run = gostop("score", "--cases", str(mixed))
    assert run.exit_code == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["id"] for line in lines] == ["weol", "push", "refuser", "mission"]
    assert "context 'weol_yak' = 2 needs the weol-yak rule" in lines[0]["error"]
    assert '"weol_yak_first_turn": true' in lines[0]["error"] and "overrides" in lines[0]["error"]
    assert lines[1]["payments"] == [60]
    assert "context 'refuser' = 0 is for 3-player hands" in lines[2]["error"]
    assert "needs the mission rule" in lines[3]["error"]
    assert not any(RULE_ID.search(line.get("error", "")) for line in lines)

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([_case("weol", {"weol_yak": 1}), _case("refuser", {"refuser": 0})]), encoding="utf-8")
    run = gostop("score", "--cases", str(bad))
    assert run.exit_code == 1
    assert len(run.stdout.splitlines()) == 2 and "none of the 2 case(s) could be settled" in run.stderr
    empty = tmp_path / "empty.json"
    empty.write_text("[]", encoding="utf-8")
    assert gostop("score", "--cases", str(empty)).exit_code == 0
    help_text = _help("score")
    assert "Exit status: 0 when at least one case is settled" in help_text and "1 when every case is an error" in help_text


# -- 2. deal: what replay refuses, the cut, --fill -------------------------------------------


def test_deal_refuses_a_matgo_deal_for_three_players_and_replay_says_why_in_plain_words(tmp_path: Path) -> None:
    run = gostop("deal", "--seed", "1", "--preset", "matgo", "--players", "3", "--json")
    _plain_error(run, "the matgo rules are for 2 players only, not 3", "--players 2")
    record = json.loads(gostop("deal", "--seed", "1", "--json").stdout)
    record["rules"] = {"preset": "matgo"}
    record["players"] = 3
    path = tmp_path / "m3.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    _plain_error(gostop("replay", str(path)), "the matgo rules are for 2 players only, not 3")
    assert gostop("deal", "--seed", "1", "--preset", "matgo", "--json").exit_code == 0


@pytest.mark.parametrize("cut", ["0", "-3", "50"])
def test_deal_cut_has_one_range_in_plain_words(cut: str) -> None:
    _plain_error(gostop("deal", "--seed", "1", "--cut", cut),
                 f"--cut must be 1 to 49 (the cards moved from the top of the 50-card deck to the bottom), got {cut}")


def test_deal_cut_range_follows_the_deck() -> None:
    assert "cut 49" in gostop("deal", "--seed", "1", "--cut", "49").stdout
    assert "cut 50" in gostop("deal", "--seed", "1", "--cut", "50", "--preset", "matgo").stdout  # 51 cards
    help_text = _help("deal")
    assert "1 to the deck's size - 1" in help_text


def _partial(tmp_path: Path) -> Path:
    path = tmp_path / "part.json"
    path.write_text(json.dumps({"format": "gostop-hand", "version": 1, "rules": {"preset": "pagat"}, "players": 2,
                                "deal": {"hands": [["01B"]], "layout": [], "stock": []}}), encoding="utf-8")
    return path


@pytest.mark.parametrize(("args", "named"), [(("--players", "3"), "--players"), (("--seed", "0"), "--seed"),
                                             (("--cut", "0"), "--cut"), (("--players", "2"), "--players")])
def test_deal_fill_refuses_the_options_it_does_not_use(tmp_path: Path, args: tuple[str, ...], named: str) -> None:
    run = gostop("deal", "--fill", str(_partial(tmp_path)), "-o", "-", *args)
    _plain_error(run, f"--fill takes everything from the record; do not combine it with {named}")


# -- 3. the ladder --------------------------------------------------------------------------


def test_ladder_reports_the_rule_changes_like_plain_simulate() -> None:
    args = ("simulate", "--ladder", "easy", "random", "-n", "2", "-w", "1", "--set", "go_scheme=linear")
    assert "rules pagat + go_scheme=linear, seed 0" in gostop(*args).stdout
    plain = gostop("simulate", "easy", "random", "-n", "1", "-w", "1", "--set", "go_scheme=linear")
    assert "rules pagat + go_scheme=linear, seed 0" in plain.stdout
    data = json.loads(gostop(*args, "--json").stdout)
    assert data["preset"] == "pagat" and data["overrides"] == {"go_scheme": "linear"}
    assert data["rules"] == "pagat"  # the older key, kept for scripts that read it


def test_ladder_no_timing_measures_no_decision_time() -> None:
    from gostop.sim.ladder import play_ladder

    ladder = play_ladder(get_preset("pagat"), ["random", "greedy"], 2, timing=False)
    assert all(math.isnan(ms) for pr in ladder.pairs for ms in pr.p95_ms)
    timed = gostop("simulate", "--ladder", "random", "greedy", "-n", "2", "-w", "1").stdout
    untimed = gostop("simulate", "--ladder", "random", "greedy", "-n", "2", "-w", "1", "--no-timing").stdout
    assert "p95 A" in timed and "p95 A" not in untimed and "Pairs" in untimed


@pytest.mark.parametrize(("bots", "twins"), [(("easy", "greedy"), "easy and greedy"),
                                             (("random", "search", "search:steps=1000"), "search and search:steps=1000"),
                                             (("normal", "greedy", "expert"), "normal and expert")])
def test_ladder_refuses_one_bot_under_two_names(bots: tuple[str, ...], twins: str) -> None:
    _plain_error(gostop("simulate", "--ladder", *bots, "-n", "1"), f"{twins} are the same bot")
    from gostop.sim.ladder import play_ladder, same_bots

    assert same_bots(list(bots)) == tuple(twins.split(" and "))
    with pytest.raises(ValueError, match="same bot"):
        play_ladder(get_preset("pagat"), list(bots), 1)
    assert same_bots(["easy", "hard", "search", "greedy:go_cards=2"]) is None


# -- 4. / 5. output off a terminal, bot names ---------------------------------------------------


def test_deal_piped_keeps_the_stock_on_one_line() -> None:
    out = _piped("deal", "--seed", "1").stdout
    stock = [line for line in out.splitlines() if line.startswith("stock")]
    assert len(stock) == 1 and len(stock[0].split()) == 3 + 22, out  # "stock (top first):" + 22 cards
    assert not any(line.endswith(" ") for line in out.splitlines())
    assert len(out.splitlines()) == 5


def test_replay_piped_never_breaks_a_line(tmp_path: Path) -> None:
    record = HERE.parent / "docs" / "examples" / "hand.json"
    out = _piped("replay", str(record)).stdout
    wrapped = gostop("replay", str(record), width=60).stdout  # what an 80-column pipe gave before
    assert any(len(line) > 80 for line in out.splitlines())
    assert len(out.splitlines()) == len(_piped("replay", str(record), columns="40").stdout.splitlines())
    assert len(out.splitlines()) <= len(wrapped.splitlines())
    for line in out.splitlines():
        assert not line.endswith(" "), line


def test_piped_tables_take_columns_when_set() -> None:
    wide = _piped("rules", "show", "pagat").stdout  # no COLUMNS: a wide table
    assert "┃ Knob" in wide and "Meaning" in wide
    narrow = _piped("rules", "show", "pagat", columns="100").stdout  # COLUMNS respected
    assert "┃ Knob" not in narrow and "go_scheme = standard" in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 100
    # prose is never broken off a terminal, even at 40 columns
    head = _piped("simulate", "greedy", "random", "-n", "1", "-w", "1", columns="40").stdout.splitlines()[0]
    assert head.startswith("1 deal x 2 seatings = 2 hands, 2 players, rules pagat, seed 0; nagari")


LONG_A = "search:steps=20:infer=0.7:exclude=0.1"
LONG_B = "search:steps=20:infer=0.7:exclude=0.9"


def _columns(out: str) -> list[str]:
    """The text of every column of every table (body and header), its lines joined without a
    space: a name folded over several lines reads whole again."""
    columns: list[str] = []
    block: list[list[str]] = []
    for line in [*out.splitlines(), ""]:
        bar = line[:1]
        if bar in ("│", "┃") and line.endswith(bar):
            block.append(line.split(bar)[1:-1])
            continue
        if block:
            columns += ["".join(cell.strip() for cell in column) for column in zip(*block, strict=False)]
            block = []
    return columns


def _help(*args: str) -> str:
    """A command's help as one line of words (boxes and line breaks taken out)."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", gostop(*args, "--help", width=200).stdout).split())


@pytest.mark.parametrize("columns", [None, "80", "60"])
def test_bot_names_are_never_cut(columns: str | None) -> None:
    out = _piped("simulate", LONG_A, LONG_B, "-n", "1", "-w", "1", columns=columns).stdout
    assert "…" not in out
    found = _columns(out)
    # the points and the go/stop tables, the events header, the differences table
    assert sum(c.count(LONG_A) for c in found) >= 4 and sum(c.count(LONG_B) for c in found) >= 4, out
    if columns is None:
        assert LONG_A in out and LONG_B in out  # whole, on one line


def test_ladder_bot_names_are_never_cut_at_80_columns() -> None:
    out = _piped("simulate", "--ladder", "greedy", "random", "expert", "-n", "2", "-w", "1", columns="80").stdout
    assert "…" not in out
    pairs = out[out.index("Pairs"):]
    for a, b in (("greedy", "random"), ("greedy", "expert"), ("random", "expert")):
        assert re.search(rf"│ {a} +│ {b} +│", pairs), pairs


# -- 6. shell completion --------------------------------------------------------------------


def _complete(words: str, cword: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "_GOSTOP_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    return subprocess.run([sys.executable, "-m", "gostop"], env=env, capture_output=True, text=True, timeout=120)


def test_completion_works_from_the_root_command() -> None:
    done = _complete("gostop sc", 1)
    assert done.returncode == 0 and done.stdout.split() == ["score"], done.stderr
    assert _complete("gostop rules s", 2).stdout.split() == ["show"]
    assert "--preset" in _complete("gostop score --pre", 2).stdout.split()
    env = {**os.environ, "_GOSTOP_COMPLETE": "source_bash"}
    script = subprocess.run([sys.executable, "-m", "gostop"], env=env, capture_output=True, text=True, timeout=120)
    assert "_GOSTOP_COMPLETE=complete_bash" in script.stdout and "complete " in script.stdout


def test_completion_is_offered_by_the_root_command_only() -> None:
    root = gostop("--help").stdout
    assert "--install-completion" in root and "--show-completion" in root and "<bool>" not in root
    for name in ("score", "deal", "replay", "simulate", "play", "serve"):
        assert "completion" not in gostop(name, "--help").stdout, name
    assert "No such option: --show-completion" in gostop("score", "--show-completion").error_line()


# -- 7. writing files -----------------------------------------------------------------------


def test_fill_names_the_path_it_cannot_write(tmp_path: Path) -> None:
    part = _partial(tmp_path)
    folder = tmp_path / "adir"
    folder.mkdir()
    line = _plain_error(gostop("deal", "--fill", str(part), "-o", str(folder)), f"cannot write '{folder}': it is a directory")
    assert ".tmp" not in line
    missing = tmp_path / "nope" / "x.json"
    line = _plain_error(gostop("deal", "--fill", str(part), "-o", str(missing)),
                        f"cannot write '{missing}': there is no directory '{missing.parent}'")
    assert not missing.parent.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "part.json"]  # no temporary file left


def test_docs_rules_refuses_a_missing_directory_and_writes_atomically(tmp_path: Path) -> None:
    from gostop.rules_doc import render_rules_markdown

    target = tmp_path / "missing" / "rules.md"
    _plain_error(gostop("docs", "rules", "--output", str(target)), f"cannot write '{target}'", "there is no directory")
    assert not target.parent.exists()
    target = tmp_path / "rules.md"
    target.write_text("old", encoding="utf-8")
    assert gostop("docs", "rules", "--output", str(target)).exit_code == 0
    assert target.read_text(encoding="utf-8") == render_rules_markdown()
    assert [p.name for p in tmp_path.iterdir()] == ["rules.md"]
    _plain_error(gostop("docs", "rules", "--output", str(tmp_path)), "it is a directory")


def test_write_atomically_keeps_the_old_file_when_the_write_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gostop import record

    target = tmp_path / "r.json"
    target.write_text("old", encoding="utf-8")

    def broken(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record.os, "replace", broken)
    with pytest.raises(OSError) as info:
        record.write_atomically(target, "new")
    assert info.value.filename == str(target) and info.value.strerror == "No space left on device"
    assert target.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["r.json"]


# -- 8. the simulator's seed ----------------------------------------------------------------


def test_simulate_takes_every_seed_deal_and_play_take() -> None:
    from gostop.sim import LIMITS

    assert LIMITS["seed"] == (0, MAX_SEED)
    for seed in (2**63, MAX_SEED):
        run = gostop("simulate", "greedy", "random", "-n", "1", "-w", "1", "--seed", str(seed), "--json")
        assert run.exit_code == 0, run.stderr
        assert json.loads(run.stdout)["seed"] == seed
    assert gostop("deal", "--seed", str(MAX_SEED)).exit_code == 0
    _plain_error(gostop("simulate", "greedy", "random", "--seed", str(MAX_SEED + 1)), "--seed must be between 0 and 2**64-1")
    assert "Run seed, 0 to 2**64-1" in _help("simulate")


# -- 9. progress, intervals, ctrl-c -----------------------------------------------------------


def test_progress_off_a_terminal_writes_plain_lines() -> None:
    run = gostop("simulate", "greedy", "random", "-n", "20", "-w", "1", "--progress")
    assert run.exit_code == 0
    lines = run.stderr.splitlines()
    assert lines[0] == "deals: 0 of 20 (0%)" and lines[-1] == "deals: 20 of 20 (100%)", run.stderr
    assert all(re.fullmatch(r"deals: \d+ of 20 \(\d+%\)", line) for line in lines), run.stderr
    assert "" not in lines and len(lines) <= 12


def test_plain_progress_writes_a_line_per_tenth_or_every_ten_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    from gostop.cli import simulate as sim_cli

    clock = [0.0]
    monkeypatch.setattr(sim_cli.time, "monotonic", lambda: clock[0])
    lines: list[str] = []
    advance = sim_cli.plain_progress(1000, "deals", lines.append)
    for _ in range(1000):
        advance(1)
    assert lines == [f"deals: {n:,} of 1,000 ({n // 10}%)" for n in range(0, 1001, 100)]
    lines.clear()
    advance = sim_cli.plain_progress(1000, "matches", lines.append)
    advance(1)
    clock[0] = 10.0
    advance(1)  # no new tenth, but ten seconds passed
    assert lines == ["matches: 0 of 1,000 (0%)", "matches: 2 of 1,000 (0%)"]


def test_one_deal_gives_no_interval() -> None:
    run = gostop("simulate", "greedy", "random", "-n", "1", "-w", "1")
    table = run.stdout[run.stdout.index("Points per hand"):run.stdout.index("Go/stop")]
    assert "n/a" in table and "[+0.50, +0.50]" not in table and "[-0.50, -0.50]" not in table
    data = json.loads(gostop("simulate", "greedy", "random", "-n", "1", "-w", "1", "--json").stdout)
    assert all(b["points_ci95"] == [None, None] for b in data["bots"])
    assert data["pairs"][0]["ci95"] == [None, None]
    two = json.loads(gostop("simulate", "greedy", "random", "-n", "2", "-w", "1", "--json").stdout)
    assert all(None not in b["points_ci95"] for b in two["bots"])
    ladder = gostop("simulate", "--ladder", "greedy", "random", "-n", "1", "-w", "1").stdout
    assert "n/a" in ladder


def test_ctrl_c_says_nothing_was_written() -> None:
    def default_ctrl_c() -> None:  # the child handles ctrl-c as in a shell (not ignored)
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    cmd = [sys.executable, "-m", "gostop", "simulate", "greedy", "random", "-n", "1000000", "-w", "1", "--progress"]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=default_ctrl_c) as proc:  # noqa: PLW1509
        assert proc.stderr is not None
        try:  # the first progress line says that the deals are being played
            ready, _, _ = select.select([proc.stderr], [], [], 60)
            first = proc.stderr.readline() if ready else ""
            assert first.startswith("deals: 0 of 1,000,000"), first
        except BaseException:
            proc.kill()
            raise
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert out == "" and err.splitlines()[-1] == "interrupted: no results written", err
    assert "Traceback" not in err


# -- 10. serve ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named", "not_named"),
    [
        (("--grace", "-5"), "--grace must be a number of at least 0, got -5", "--bot-delay"),
        (("--lobby-rate", "-1"), "--lobby-rate must be a number of at least 0, got -1", "--idle-seconds"),
        (("--grace", "nan"), "--grace must be a number of at least 0, got nan", "--bot-delay"),
        (("--idle-seconds", "0"), "--idle-seconds must be a number of seconds above 0, got 0", "--bot-seconds"),
        (("--max-live-rooms", "0"), "--max-live-rooms must be at least 1, got 0", "--lobby-burst"),
        (("--bot-processes", "-1"), "--bot-processes must be at least 0, got -1", "--max"),
        (("--level", "easy=greedy"), "--level easy: easy is a built-in level", "SPEC"),
        (("--level", "HARD=random"), "--level HARD: hard is a built-in level", "SPEC"),
        (("--level", "x=random", "--level", "x=greedy"), "--level x is given twice", "built-in"),
    ],
)
def test_serve_names_the_wrong_option(args: tuple[str, ...], named: str, not_named: str) -> None:
    # an unusable --db (checked after these) so that no server starts even if a check is missed
    line = _plain_error(gostop("serve", "--port", "1", "--db", "mysql://x", *args), named)
    assert not_named not in line, line


def test_serve_lease_warning_and_help() -> None:
    from gostop.cli.serve import lease_warning

    assert lease_warning(None, 1.0, 10.0) is None  # one process takes no lease
    assert lease_warning("redis://x", 15.0, 10.0) is None
    warning = lease_warning("redis://x", 1.0, 10.0)
    assert warning is not None and "--lease-seconds 1 is not above --bot-seconds 10" in warning
    help_text = _help("serve")
    assert "a warning says so" in help_text and "a new name, not a built-in level" in help_text


# -- 11. play: a failed last save ------------------------------------------------------------


def test_play_exits_1_when_the_last_save_failed(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"  # a data directory whose current/ is a file: no save works
    blocked.mkdir()
    (blocked / "current").write_text("x", encoding="utf-8")
    base = ["play", "--plain", "-y", "--seed", "1", "--level", "easy"]
    failed = _piped(*base, "--data-dir", str(blocked), stdin="quit\n")
    assert failed.exit_code == 1 and "Not saved: could not write" in failed.stdout + failed.stderr
    eof = _piped(*base, "--data-dir", str(blocked), stdin="")
    assert eof.exit_code == 1
    saved = _piped(*base, "--data-dir", str(tmp_path / "data"), stdin="quit\n")
    assert saved.exit_code == 0 and "Saved." in saved.stdout


# -- 12. hints, words, usage lines, --version --------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment", "command"),
    [
        (("simulate", "greedy", "nosuch", "-n", "1"), "unknown bot 'nosuch'", "simulate"),
        (("deal", "--seed", "1", "--preset", "nope"), "unknown preset 'nope'", "deal"),
        (("deal", "--seed", "1", "--cut", "0"), "--cut must be 1 to 49", "deal"),
        (("play", "--players", "8"), "--players: 8 is out of range (2 to 7)", "play"),
        (("score",), "give the winner's captured cards", "score"),
        (("replay", "no-such-record.json"), "cannot read no-such-record.json", "replay"),
        (("score", "--cases", "no-such-cases.json"), "cannot read cases file", "score"),
    ],
)
def test_every_error_line_ends_with_one_help_hint(args: tuple[str, ...], fragment: str, command: str) -> None:
    line = gostop(*args).error_line()
    assert fragment in line and line.endswith(f" {command} --help')"), line
    assert line.count("--help") == 1 and "(see gostop" not in line, line


def test_plurals_in_the_reports() -> None:
    plain = gostop("simulate", "greedy", "random", "-n", "1", "-w", "1").stdout
    assert plain.startswith("1 deal x 2 seatings = 2 hands,")
    match = gostop("simulate", "--match", "greedy", "random", "--matches", "1", "--hands", "1", "-w", "1").stdout
    assert match.startswith("1 match x 2 rotations = 2 matches, 2 seats, 2 hands,") and "1 hand at most" in match
    assert "1 matches" not in match and "1 hands" not in match
    ladder = gostop("simulate", "--ladder", "greedy", "random", "-n", "1", "-w", "1").stdout
    assert "the same 1 duplicate deal (x 2 seatings)" in ladder


@pytest.mark.parametrize(("command", "usage"), [("simulate", "{BOT}..."), ("replay", "{RECORD.json}..."),
                                                ("score", "[WINNER_CARDS]...")])
def test_usage_lines_have_one_ellipsis(command: str, usage: str) -> None:
    text = gostop(command, "--help").stdout
    assert f"[OPTIONS] {usage}" in text, text
    assert "...}..." not in text and "...]..." not in text


def test_version_option_is_an_alias_of_the_version_command() -> None:
    run = gostop("--version")
    assert run.exit_code == 0 and run.stdout == f"{__version__}\n" == gostop("version").stdout
    assert "--version" in gostop("--help").stdout


def test_serve_takes_the_waiting_room_lifetime_and_the_redis_wait() -> None:
    """The server settings of a waiting room's lifetime and of a stalled Redis's wait are options,
    checked like the other periods (the error names the option)."""
    out = gostop("serve", "--help")
    assert "--waiting-seconds" in out.stdout and "--redis-wait" in out.stdout and "--quiet-seconds" in out.stdout
    for option in ("--waiting-seconds", "--redis-wait", "--quiet-seconds"):
        bad = gostop("serve", option, "0")
        assert bad.exit_code == 2 and f"{option} must be a number of seconds above 0" in bad.error_line(), bad.stderr
