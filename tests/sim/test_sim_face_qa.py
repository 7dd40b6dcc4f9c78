"""Fixes from a QA pass of ``gostop simulate`` (the simulator's face).

1. Everything that can be refused (bots, their parameters, the table size, the fast engine,
   a missing Ray) is refused before the progress starts: the error is the one line on stderr.
2. Progress shows off a terminal too (plain lines), unless ``--no-progress``.
3. Without timing there is no decision count (it used to read 0), nor a decision table.
4. The command's module loads without the bots and the simulator, and ctrl-c is handled from
   the start of the command: ``interrupted`` and exit status 130, never a traceback (a pool
   stopped by ctrl-c waits for its manager thread, which raced the interpreter's exit: an
   ``OSError`` traceback about one run in ten).
5. The progress moves after every deal in one process, and after single deals first in a pool
   (slow bots' chunks are sized on their measured pace).
6. A run keeps no deal results: the reports are counted as the deals finish (10,000,000 deals
   used to need tens of gigabytes); decision times are kept in a bounded sample.
7. The ladder names its anchor; the help puts each example under its mode.
"""

from __future__ import annotations

import contextlib
import gc
import json
import multiprocessing
import os
import select
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from cli_support import gostop
from gostop.rules import get_preset
from gostop.sim import MatchJob, SimJob, simulate, simulate_matches
from gostop.sim.backends import _ignore_ctrl_c, _stop_now, run_deals
from gostop.sim.matches import MatchCluster
from gostop.sim.runner import DealResult
from gostop.sim.stats import Sample, percentile

PAGAT = get_preset("pagat")


# -- 1. refused before the progress starts ---------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("greedy", "gready", "-n", "5"), "unknown bot 'gready'"),
        (("greedy", "search:steps=abc", "-n", "5"), "steps must be a whole number"),
        (("--ladder", "greedy", "search:stepz=3", "-n", "5"), "no parameter 'stepz'"),
        (("--ladder", "greedy", "search:steps=abc", "-n", "5"), "steps must be a whole number"),
        (("--match", "greedy", "gready", "--matches", "2"), "unknown bot 'gready'"),
        (("--match", *["greedy"] * 5, "--set", "max_players=4", "--matches", "2"), "got 5"),
    ],
)
def test_errors_come_before_the_progress(args: tuple[str, ...], needle: str) -> None:
    # error_line: stderr holds the error line only, no progress line before it
    assert needle in gostop("simulate", *args, "-w", "1", "--progress").error_line()


def test_fast_engine_refusals_come_before_the_progress() -> None:
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    run = gostop("simulate", "greedy", "expert", "--engine", "fast", "-w", "1", "--progress")
    assert "does not run inside the fast engine" in run.error_line()


def test_a_missing_ray_is_refused_before_the_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed: import fails
    for mode in ((), ("--ladder",)):
        run = gostop("simulate", *mode, "greedy", "random", "-n", "2", "--backend", "ray", "--progress")
        assert "gostop[ray]" in run.error_line()


# -- 2. progress off a terminal by default -------------------------------------------------------


def test_progress_lines_show_off_a_terminal_by_default() -> None:
    run = gostop("simulate", "greedy", "random", "-n", "4", "-w", "1")
    assert run.exit_code == 0, run.stderr
    lines = run.stderr.splitlines()
    assert lines[0] == "deals: 0 of 4 (0%)" and lines[-1] == "deals: 4 of 4 (100%)", run.stderr
    assert "4 deals x 2 seatings" in run.stdout
    quiet = gostop("simulate", "greedy", "random", "-n", "4", "-w", "1", "--no-progress")
    assert quiet.exit_code == 0 and quiet.stderr == "" and "4 deals x 2 seatings" in quiet.stdout
    ladder = gostop("simulate", "--ladder", "greedy", "random", "-n", "2", "-w", "1", "--json")
    assert ladder.stderr.splitlines()[-1] == "deals: 2 of 2 (100%)"
    json.loads(ladder.stdout)  # the progress never mixes with the JSON


# -- 3. no decision count without timing ----------------------------------------------------------


def test_no_timing_gives_no_decision_count() -> None:
    timed = json.loads(gostop("simulate", "greedy", "random", "-n", "2", "-w", "1", "--json").stdout)
    assert all(b["decisions"] > 0 for b in timed["bots"])
    untimed = json.loads(gostop("simulate", "greedy", "random", "-n", "2", "-w", "1", "--json", "--no-timing").stdout)
    assert all("decisions" not in b and "decision_ms" not in b for b in untimed["bots"])
    match_args = ("simulate", "--match", "greedy", "random", "--matches", "1", "--hands", "2", "-w", "1")
    match = json.loads(gostop(*match_args, "--json", "--no-timing").stdout)
    assert all("decisions" not in b for b in match["bots"])
    assert "Decision time" not in gostop(*match_args, "--no-timing").stdout
    assert "Decision time" in gostop(*match_args).stdout


def test_the_fast_engine_reports_no_decision_figures() -> None:
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    data = json.loads(gostop("simulate", "greedy", "random", "-n", "2", "-w", "1", "--engine", "fast", "--json").stdout)
    assert all("decisions" not in b and "decision_ms" not in b for b in data["bots"])


# -- 4. a light module, ctrl-c from the start -------------------------------------------------------


def test_the_command_module_loads_without_the_bots_and_the_simulator() -> None:
    code = (
        "import sys, gostop.cli.simulate as s; "
        "print(sorted(m for m in ('gostop.agents', 'gostop.sim', 'numpy') if m in sys.modules)); "
        "from gostop.sim import BACKENDS; print(s._BACKENDS == BACKENDS)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "True"]


def test_ctrl_c_while_the_rules_load_says_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    from gostop.cli import simulate as face

    def ctrl_c(*_args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(face, "select_rules", ctrl_c)
    run = gostop("simulate", "greedy", "random", "-n", "2")
    assert run.exit_code == 130
    assert run.stderr.splitlines() == ["interrupted: no results written"]


def _default_ctrl_c() -> None:  # in the child, before exec
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_a_pool_ladder_stops_without_a_traceback() -> None:
    cmd = [sys.executable, "-m", "gostop", "simulate", "--ladder", "expert", "greedy", "random",
           "-n", "100000", "-w", "2"]
    env = {**os.environ, "GOSTOP_WARM": "off"}
    # (its own group: ctrl-c reaches the workers; ctrl-c as the default, for a run started where
    # SIGINT is ignored, as a background job of a script is, whose children inherit that)
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          start_new_session=True, preexec_fn=_default_ctrl_c) as proc:  # noqa: PLW1509
        assert proc.stderr is not None
        try:
            ready, _, _ = select.select([proc.stderr], [], [], 60)
            first = proc.stderr.readline() if ready else ""
            assert first.startswith("deals: 0 of 300,000"), first
            select.select([proc.stderr], [], [], 2)  # the pool starts and plays
            os.killpg(proc.pid, signal.SIGINT)  # as a terminal's ctrl-c: the whole group
            out, err = proc.communicate(timeout=60)
        finally:  # whatever happened, no worker of the group outlives the test
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert out == "" and err.splitlines()[-1] == "interrupted: no results written", err
    assert "Traceback" not in err


def test_a_stopped_pool_leaves_no_thread_running() -> None:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(method), initializer=_ignore_ctrl_c)
    pool.submit(time.sleep, 30)
    time.sleep(0.2)  # the worker is sleeping
    manager: Any = pool._executor_manager_thread  # a thread (typeshed names it otherwise)
    assert manager is not None and manager.is_alive()
    _stop_now(pool)
    assert not manager.is_alive()


# -- 5. lively progress -----------------------------------------------------------------------------


def test_progress_moves_after_every_deal_in_one_process() -> None:
    calls: list[int] = []
    run_deals(SimJob(PAGAT, 2, ("random", "random"), 1), range(40), workers=1, progress=calls.append)
    assert calls == [1] * 40


def test_a_pool_starts_with_single_deals_and_gives_the_same_numbers() -> None:
    job = SimJob(PAGAT, 2, ("random", "greedy"), 2)
    calls: list[int] = []
    pooled = run_deals(job, range(30), workers=2, progress=calls.append, timing=False)
    assert sum(calls) == 30 and calls.count(1) >= 4  # the first four chunks: one deal each
    alone = run_deals(job, range(30), workers=1, timing=False)
    assert [d.deal for d in pooled] == list(range(30))
    assert pooled == alone


# -- 6. no results kept -------------------------------------------------------------------------------


def _alive(kind: type) -> int:
    # type(), not isinstance(): a dead weak proxy among the objects raises on isinstance()
    return sum(issubclass(type(o), kind) for o in gc.get_objects())


def test_a_simulation_keeps_no_deal_results() -> None:
    alive: list[int] = []
    # (12 deals: kept results would count up to 12; each count walks every object of the process)
    report = simulate(PAGAT, ["random", "random"], 12, workers=1, progress=lambda n: alive.append(_alive(DealResult)))
    assert report.deals == 12 and report.hands == 24
    assert max(alive) <= 2, alive  # the deal just played, not all of them


def test_a_match_run_keeps_no_match_results() -> None:
    alive: list[int] = []
    report = simulate_matches(
        PAGAT, ["random", "random"], 6, hands=1, workers=1, progress=lambda n: alive.append(_alive(MatchCluster))
    )
    assert report.clusters == 6 and isinstance(report.job, MatchJob)
    assert max(alive) <= 2, alive


def test_a_sample_keeps_every_value_up_to_its_limit_then_a_bounded_sample() -> None:
    values = [float((7 * i) % 101) for i in range(101)]
    whole = Sample(limit=1000)
    whole.extend(values)
    assert whole.count == 101 and whole.max == 100.0
    assert whole.percentile(50) == percentile(values, 50) and whole.percentile(95) == percentile(values, 95)
    small = Sample(limit=10)
    small.extend(float(i) for i in range(10_000))
    assert len(small.values) == 10 and small.count == 10_000 and small.max == 9999.0
    assert max(small.values) > 100  # later values replace earlier ones: a sample of all
    assert Sample().percentile(50) != Sample().percentile(50)  # NaN: nothing measured
    with pytest.raises(ValueError):
        Sample(limit=0)


# -- 7. ladder anchor, help ----------------------------------------------------------------------------


def test_the_ladder_names_the_bot_its_ratings_are_measured_from() -> None:
    out = gostop("simulate", "--ladder", "random", "greedy", "-n", "2", "-w", "1", "--no-progress").stdout
    assert "Ratings (random = 0, the first bot listed;" in out


def test_each_example_of_the_help_follows_its_mode() -> None:
    text = " ".join(gostop("simulate", "--help", width=400).stdout.split())
    match_text = text.index("With --match, whole matches")
    match_example = text.index("Example: gostop simulate --match")
    ladder_text = text.index("With --ladder, every pair")
    ladder_example = text.index("Example: gostop simulate --ladder")
    assert match_text < match_example < ladder_text < ladder_example
    assert "whatever --workers" in text and "search:ms=200" in text
