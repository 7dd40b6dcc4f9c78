"""``simulate --engine fast``: the same deals, seats, results and event counts as the reference."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numba")

from typer.testing import CliRunner  # noqa: E402

from gostop.cli import app  # noqa: E402
from gostop.rules import PRESETS  # noqa: E402
from gostop.sim import simulate  # noqa: E402
from gostop.sim.fast_runner import play_deal_fast  # noqa: E402
from gostop.sim.runner import SimJob, play_deal  # noqa: E402


def _error_line(*args: str) -> str:
    """The single ``error: ...`` line of ``gostop ARGS`` (exit status 2, nothing on stdout)."""
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    assert res.exit_code == 2 and res.stdout == "", (res.exit_code, res.stdout, res.stderr)
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in res.stderr
    return lines[0]


@pytest.mark.parametrize(("preset", "lineup"), [
    ("pagat", ("random", "greedy")),
    ("pagat", ("greedy", "random", "greedy")),
    ("fuda-wiki", ("greedy", "random")),
])
def test_fast_deals_equal_reference_deals(preset: str, lineup: tuple[str, ...]) -> None:
    ref = SimJob(PRESETS[preset], len(lineup), lineup, seed=5)
    fast = SimJob(PRESETS[preset], len(lineup), lineup, seed=5, engine="fast")
    for deal in range(25):
        a, b = play_deal(ref, deal, timing=False), play_deal_fast(fast, deal)
        for sa, sb in zip(a.seatings, b.seatings, strict=True):
            assert (sa.winner, sa.reason, sa.nagari, sa.redeals) == (sb.winner, sb.reason, sb.nagari, sb.redeals)
            for oa, ob in zip(sa.seats, sb.seats, strict=True):
                assert (oa.points, oa.won, oa.goes, oa.events) == (ob.points, ob.won, ob.goes, ob.events), deal


def test_fast_engine_refuses_other_bots_and_rules() -> None:
    with pytest.raises(ValueError, match="fast engine"):
        simulate(PRESETS["pagat"], ["search", "greedy"], 1, engine="fast")
    with pytest.raises(ValueError, match="jokers"):
        simulate(PRESETS["goo-stupe"], ["random", "greedy"], 1, engine="fast")


def test_simulate_report_fast() -> None:
    rep = simulate(PRESETS["pagat"], ["greedy", "random"], 40, engine="fast", timing=False)
    assert rep.hands == 80


def test_cli_refuses_uncovered_rules_in_one_line_naming_the_knob() -> None:
    line = _error_line("simulate", "random", "greedy", "--preset", "goo-stupe", "--engine", "fast",
                       "--deals", "5", "--workers", "1")
    assert "does not cover jokers" in line and "22 jokers" in line and "leave out --engine fast" in line
    jokers = "[" + ", ".join(f'"{c}"' for c in ["JK1"] + [f"JK1-{n}" for n in range(2, 17)]) + "]"
    line = _error_line("simulate", "random", "greedy", "--set", f"jokers={jokers}", "--engine", "fast", "--deals", "5")
    assert "does not cover jokers" in line and "16 jokers" in line


def test_cli_without_numba_says_so_in_one_line() -> None:
    # a Python where numba cannot be imported (as when the extra is not installed)
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from gostop.cli import main\n"
        "sys.argv = ['gostop', 'simulate', 'random', 'greedy', '--engine', 'fast', '--deals', '5', '--workers', '1']\n"
        "main()\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in run.stderr
    assert "numba" in lines[0] and "gostop[fast]" in lines[0]
    # the reference engine still runs in that Python
    code = code.replace("'--engine', 'fast', ", "").replace("main()", "main()  # reference")
    ok = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
