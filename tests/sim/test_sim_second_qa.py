"""Fixes from a second QA pass of ``gostop simulate``.

1. ``--match`` progress moves after every match played (each rotation of the bots over the
   seats is one), with ``matches x seats`` as its total; it used to move once per match seed.
2. ``--engine fast`` compiles (or loads) its engine before the progress starts, with a line on
   stderr, and the workers forked later inherit it; the search bots' line and this one say
   "compiling ..., a minute or more" only when numba's cache lacks the code
   (:func:`gostop.agents.warm.is_cached`), "loading ..." otherwise.
3. "1st %" counts a tie for first between k seats as 1/k to each (by the match's standings):
   weighted by seats the rates add up to one; they used to count every tied bot as first.
4. Every JSON report names its mode: ``deals``, ``match`` or ``ladder``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import gostop
from gostop.cli import simulate as face
from gostop.rules import get_preset
from gostop.sim import MatchJob, simulate_matches
from gostop.sim.matches import MatchCluster, MatchOutcome, MatchReportBuilder, play_rotation

PAGAT = get_preset("pagat")


# -- 1. match progress per match -------------------------------------------------------------------


def test_match_progress_moves_after_every_match() -> None:
    calls: list[int] = []
    one = simulate_matches(PAGAT, ["random", "greedy", "random"], 2, hands=1, workers=1, progress=calls.append)
    assert calls == [1] * 6  # 2 match seeds x 3 rotations, one call each
    pooled: list[int] = []
    two = simulate_matches(PAGAT, ["random", "greedy", "random"], 2, hands=1, workers=2, progress=pooled.append)
    assert sum(pooled) == 6 and one.to_json(timing=False) == two.to_json(timing=False)
    assert one.clusters == 2 and one.matches == 6


def test_match_progress_lines_count_every_match() -> None:
    run = gostop("simulate", "--match", "random", "greedy", "random", "--matches", "2", "--hands", "1", "-w", "1")
    assert run.exit_code == 0, run.stderr
    lines = run.stderr.splitlines()
    assert lines[0] == "matches: 0 of 6 (0%)" and lines[-1] == "matches: 6 of 6 (100%)", run.stderr
    assert "matches: 1 of 6 (16%)" in lines  # after the first match, not after its three rotations
    assert "2 matches x 3 rotations = 6 matches" in run.stdout


def _outcome(rotation: int, chips: list[float], ranks: list[int]) -> MatchOutcome:
    n = len(chips)
    lineup_at = tuple((seat - rotation) % n for seat in range(n))
    return MatchOutcome(rotation, lineup_at, chips, hands=1, deals=1, end_reason="hands_limit", ranks=ranks)


def test_a_cluster_counts_once_all_its_rotations_are_in() -> None:
    job = MatchJob(PAGAT, ("random", "greedy"), seed=0, hands=1)
    builder = MatchReportBuilder(job)
    builder.add([MatchCluster(0, [_outcome(0, [2.0, -2.0], [1, 2])])])
    builder.add([MatchCluster(1, [_outcome(1, [4.0, -4.0], [1, 2])])])
    with pytest.raises(ValueError, match="match seed 0: 1 of its 2 rotations"):
        builder.build()
    with pytest.raises(ValueError, match="rotation 0 was counted already"):
        builder.add([MatchCluster(0, [_outcome(0, [2.0, -2.0], [1, 2])])])
    builder.add([MatchCluster(0, [_outcome(1, [6.0, -6.0], [1, 2])])])
    builder.add([MatchCluster(1, [_outcome(0, [0.0, 0.0], [1, 1])])])
    report = builder.build()
    assert report.clusters == 2 and report.matches == 4
    # seed 0: random +2 (rotation 0, seat 0), -6 (rotation 1, seat 1): -2; seed 1: -4 and 0: -2
    assert report.bot("random").chips.value == pytest.approx(-2.0)


# -- 3. first places: a tie shares it ---------------------------------------------------------------


def test_a_tie_for_first_is_shared_by_the_tied_seats() -> None:
    job = MatchJob(PAGAT, ("random", "greedy", "random"), seed=0, hands=1)
    builder = MatchReportBuilder(job)
    builder.add([MatchCluster(0, [
        _outcome(0, [3.0, 3.0, -6.0], [1, 1, 3]),  # random and greedy tie for first
        _outcome(1, [0.0, 0.0, 0.0], [1, 1, 1]),  # all three tie
        _outcome(2, [5.0, 5.0, -10.0], [1, 2, 3]),  # equal chips, the standings' shots decide
    ])])
    report = builder.build()
    greedy, random = report.bot("greedy"), report.bot("random")
    # greedy: 1/2 + 1/3 + 1 (rotation 2 seats it at seat 0) over 3 matches
    assert greedy.first == pytest.approx(1 / 2 + 1 / 3 + 1) and greedy.first_rate == pytest.approx(11 / 18)
    # random (two seats): 1/2 + 2/3 + 0 over 6 seat-matches
    assert random.first == pytest.approx(1 / 2 + 2 / 3) and random.first_rate == pytest.approx(7 / 36)
    assert greedy.first_rate * greedy.seats + random.first_rate * random.seats == pytest.approx(1.0)


def test_the_match_report_shares_a_real_tie_for_first() -> None:
    # Run seed 0, one hand: rotation 1 of match seed 0 is a nagari, the three seats tie on 0.
    job = MatchJob(PAGAT, ("greedy", "random", "random"), seed=0, hands=1)
    assert play_rotation(job, 0, 1, timing=False).ranks == [1, 1, 1]
    args = ("simulate", "--match", "greedy", "random", "random", "-m", "1", "--hands", "1", "--seed", "0", "-w", "1")
    data = json.loads(gostop(*args, "--json").stdout)
    rates = {b["bot"]: (b["first_place_rate"], b["seats"]) for b in data["bots"]}
    # greedy: first alone in rotations 0 and 2, a third of rotation 1; random: two thirds of it
    assert rates["greedy"][0] == pytest.approx(7 / 9) and rates["random"][0] == pytest.approx(1 / 9)
    assert sum(rate * seats for rate, seats in rates.values()) == pytest.approx(1.0)
    table = gostop(*args).stdout
    assert "77.8%" in table and "11.1%" in table
    assert "a tie for first between k seats counts 1/k to each" in table


# -- 4. the mode of every JSON report ------------------------------------------------------------------


def test_every_json_report_names_its_mode() -> None:
    for args, mode in (
        (("greedy", "random", "-n", "1"), "deals"),
        (("--match", "greedy", "random", "-m", "1", "--hands", "1"), "match"),
        (("--ladder", "greedy", "random", "-n", "1"), "ladder"),
    ):
        run = gostop("simulate", *args, "-w", "1", "--json", "--no-progress")
        assert run.exit_code == 0, run.stderr
        assert json.loads(run.stdout)["mode"] == mode, args


# -- 2. the compiled code: loaded first, and the line says whether it compiles -----------------------------


def _python(code: str, env: dict[str, str] | None = None) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, **(env or {})},
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def test_is_cached_reads_numbas_cache_without_compiling(tmp_path: Path) -> None:
    """On a cache directory of its own: empty, then holding one small kernel compiled (about a
    second), then with that kernel's index damaged."""
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    env = {"NUMBA_CACHE_DIR": str(tmp_path)}
    seed = "('gostop.fast.mt:seed',)"
    out = _python(
        "import numpy as np; from gostop.agents import warm; from gostop.fast import mt; "
        f"print(warm.is_cached({seed}), warm.is_cached(), mt.seed.signatures == []); "
        f"mt.seed(np.zeros(625, np.int64), 5); print(warm.is_cached({seed}))",
        env,
    )
    assert out == ["False False True", "True"]  # the query compiled nothing
    # A new process reads what the last one wrote (nothing is loaded by asking).
    out = _python(f"from gostop.agents import warm; from gostop.fast import mt; print(warm.is_cached({seed}), mt.seed.signatures)", env)
    assert out == ["True []"]
    (index,) = tmp_path.rglob("mt.seed-*.nbi")
    (data,) = tmp_path.rglob("mt.seed-*.nbc")
    data.unlink()  # the index names a compiled file that is gone
    assert _python(f"from gostop.agents import warm; print(warm.is_cached({seed}))", env) == ["False"]
    index.write_bytes(b"not an index")
    assert _python(f"from gostop.agents import warm; print(warm.is_cached({seed}), warm.is_cached(('gostop.fast.mt:nothing',)))", env) == ["False False"]


_CALLED_FROM_PYTHON = """
import sys
from numba.core.registry import CPUDispatcher
{load}
print(sorted(
    f"{{name}}:{{attr}}" for name, mod in list(sys.modules.items()) if name.startswith("gostop.fast")
    for attr, v in vars(mod).items()
    if isinstance(v, CPUDispatcher) and v.__module__ == name and (v._cache_hits or v._cache_misses)
))
"""


@pytest.mark.parametrize(
    ("load", "kernels"),
    [
        ("from gostop.agents import warm; warm.compile_here()", "ROLLOUT_KERNELS"),
        (
            "from gostop.rules import get_preset; from gostop.sim.fast_runner import load_fast_engine\n"
            "for lineup in (('greedy', 'random'), ('random', 'greedy', 'greedy')): load_fast_engine(get_preset('pagat'), lineup)",
            "FAST_KERNELS",
        ),
    ],
)
def test_the_kernel_lists_name_every_compiled_function_called_from_python(load: str, kernels: str) -> None:
    """What :func:`gostop.agents.warm.is_cached` is asked about is what the loading runs from
    Python (the compiled functions they call come inside them): a kernel missing from the list
    would make the "loading" line promise a second where a compile takes minutes."""
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    from gostop.agents.warm import ROLLOUT_KERNELS
    from gostop.sim.fast_runner import FAST_KERNELS

    (called,) = _python(_CALLED_FROM_PYTHON.format(load=load))
    listed = {"ROLLOUT_KERNELS": ROLLOUT_KERNELS, "FAST_KERNELS": FAST_KERNELS}[kernels]
    assert sorted(eval(called)) == sorted(listed)  # noqa: S307 - a list of names this test printed


@pytest.mark.parametrize("cached", [True, False])
def test_the_loading_line_says_whether_numba_compiles(monkeypatch: pytest.MonkeyPatch, cached: bool) -> None:
    """The line before the progress says "compiling ..., a minute or more" only when numba's
    cache lacks the code (the query itself is tested above, on a real cache directory)."""
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    from gostop.agents import warm
    from gostop.sim.fast_runner import FAST_KERNELS

    asked: list[tuple[str, ...]] = []

    def is_cached(kernels: tuple[str, ...] = warm.ROLLOUT_KERNELS) -> bool:
        asked.append(tuple(kernels))
        return cached

    monkeypatch.setattr(warm, "is_cached", is_cached)
    fast = gostop("simulate", "greedy", "random", "--engine", "fast", "-n", "1", "-w", "1")
    assert fast.exit_code == 0, fast.stderr
    lines = fast.stderr.splitlines()
    assert lines[:2] == [face.LOADING_FAST_ENGINE if cached else face.COMPILING_FAST_ENGINE, "deals: 0 of 1 (0%)"]
    search = gostop("simulate", "search:steps=20", "greedy", "-n", "1", "-w", "1")
    assert search.exit_code == 0, search.stderr
    lines = search.stderr.splitlines()
    assert lines[:2] == [face.LOADING_ROLLOUTS if cached else face.COMPILING_ROLLOUTS, "deals: 0 of 1 (0%)"]
    assert asked == [FAST_KERNELS, warm.ROLLOUT_KERNELS]
    assert ("a minute or more" in face.COMPILING_FAST_ENGINE) and ("minute" not in face.LOADING_FAST_ENGINE)
    quiet = gostop("simulate", "greedy", "random", "--engine", "fast", "-n", "1", "-w", "1", "--no-progress")
    assert quiet.exit_code == 0 and quiet.stderr == "", quiet.stderr


def test_the_fast_engine_is_loaded_before_the_progress_and_the_pool() -> None:
    """A fresh process: when the progress starts (and the pool's workers are forked after it),
    the fast engine's kernels are compiled in this process already, so the workers inherit
    them instead of each compiling them under a bar at 0."""
    pytest.importorskip("numba", reason="numba (extra gostop[fast]) is not installed")
    code = """
import contextlib
from typer.testing import CliRunner
from gostop.cli import app, simulate as face
from gostop.fast import batch, mt

bar = face._progress_bar
seen = []

@contextlib.contextmanager
def watched(*args, **kwargs):
    seen.append(all(k.signatures for k in (batch.deal_hand, batch.play_out, mt.seed)))
    with bar(*args, **kwargs) as advance:
        yield advance

face._progress_bar = watched
run = CliRunner().invoke(app, ["simulate", "greedy", "random", "--engine", "fast", "-n", "4", "-w", "2", "--json"])
print("at the progress:", *seen)
print("exit", run.exit_code)
"""
    assert _python(code) == ["at the progress: True", "exit 0"]
