"""Compare the engine speed of git revisions in one run: ``benchmarks/engine.py`` alternately.

    python benchmarks/engine_compare.py abcb5c8 HEAD          # 7 rounds x 2000 hands per row
    python benchmarks/engine_compare.py OLD NEW --rounds 9 --hands 3000 --cpu
    python benchmarks/engine_compare.py OLD NEW --ops     # clone, legal_actions, ... too
    python benchmarks/engine_compare.py OLD NEW --instructions   # valgrind instruction counts

Each revision's ``src`` is exported with ``git archive`` to a temporary directory (``WORKTREE``
stands for the working tree as it is); every round runs ``benchmarks/engine.py --rates-only
--runs 1`` (this checkout's script) once per revision, in turn, in a fresh process with that
``src`` first on ``PYTHONPATH``. The table gives the median hands per second of each revision
and the median of the round-by-round ratios to the first one. Machine load changes during a run: alternating rounds and
medians keep the comparison fair; compare ratios, not absolute figures.

``--instructions`` measures instead what does not depend on the machine's load: the
instructions executed per random hand (``valgrind --tool=callgrind``, ``PYTHONHASHSEED=0``),
from two runs of 50 and 250 hands of the same random play as ``benchmarks/engine.py`` (their
difference / 200, so start-up and one-time table building cancel out). Slow: about a minute
per revision and row.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| (\S+) \| (\d) \| ([\d,]+) \|")
OP = re.compile(r"^\| ([a-z_]+\(.*?\)[^|]*?) \| ([\d.]+) \| ([\d.]+) \|")


def export(rev: str, into: Path) -> Path:
    """The ``src`` directory of ``rev`` (or of the working tree for ``WORKTREE``)."""
    if rev == "WORKTREE":
        return ROOT / "src"
    dest = into / rev.replace("/", "_")
    dest.mkdir()
    archive = dest / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")
    return dest / "src"


def one_round(src: Path, hands: int, cpu: bool, ops: bool) -> dict[tuple[str, str], float]:
    """One run of benchmarks/engine.py on ``src``: hands/s per (preset, players) and, with
    ``ops``, microseconds per (operation, players)."""
    cmd = [sys.executable, str(ROOT / "benchmarks" / "engine.py"), "--runs", "1", "--hands", str(hands)]
    if not ops:
        cmd.append("--rates-only")
    if cpu:
        cmd.append("--cpu")
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout
    rates: dict[tuple[str, str], float] = {}
    for line in out.splitlines():
        m = ROW.match(line)
        if m:
            rates[(m.group(1), m.group(2))] = float(m.group(3).replace(",", ""))
        o = OP.match(line)
        if o:
            rates[(o.group(1), "2")] = float(o.group(2))
            rates[(o.group(1), "3")] = float(o.group(3))
    if not rates:
        raise SystemExit(f"error: no rates in the output of {' '.join(cmd)}:\n{out}")
    return rates


ROWS = (("pagat", 2), ("pagat", 3), ("fuda-wiki", 2), ("fuda-wiki", 3))
_PLAY = (
    "import sys, time; sys.path.insert(0, {bench!r}); from engine import hands_per_second; "
    "hands_per_second({preset!r}, {players}, {hands}, 0, time.perf_counter)"
)


def instructions(src: Path, preset: str, players: int, hands: int) -> int:
    """Instructions (callgrind's Ir) of a process playing ``hands`` random hands."""
    code = _PLAY.format(bench=str(ROOT / "benchmarks"), preset=preset, players=players, hands=hands)
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code]
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    res = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    m = re.search(r"Collected : (\d+)", res.stderr)
    if res.returncode or m is None:
        raise SystemExit(f"error: valgrind failed ({res.returncode}):\n{res.stderr[-2000:]}")
    return int(m.group(1))


def instruction_table(revs: list[str], srcs: list[Path]) -> None:
    print("instructions per random hand (valgrind callgrind, (I(250 hands) - I(50 hands)) / 200)")
    print()
    head = " | ".join(revs)
    ratios = " | ".join(f"{rev} / {revs[0]}" for rev in revs[1:])
    print(f"| preset | players | {head} | {ratios} |")
    print("|---|---:|" + "---:|" * (len(revs) * 2 - 1))
    for preset, players in ROWS:
        per: list[float] = []
        for src in srcs:
            per.append((instructions(src, preset, players, 250) - instructions(src, preset, players, 50)) / 200)
            print(f"{preset} {players}p done for {src}", file=sys.stderr, flush=True)
        cells = " | ".join(f"{x / 1e6:.3f} M" for x in per)
        rel = " | ".join(f"{x / per[0]:.4f}" for x in per[1:])
        print(f"| {preset} | {players} | {cells} | {rel} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revs", nargs="+", help="git revisions (WORKTREE: the working tree)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--cpu", action="store_true", help="time with process_time (CPU time)")
    parser.add_argument("--ops", action="store_true", help="also the per-operation table (us per call)")
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead of timing")
    args = parser.parse_args()
    if len(args.revs) < 2:
        parser.error("give at least two revisions")
    with tempfile.TemporaryDirectory() as tmp:
        srcs = [export(rev, Path(tmp)) for rev in args.revs]
        if args.instructions:
            instruction_table(args.revs, srcs)
            return
        results: list[list[dict[tuple[str, str], float]]] = [[] for _ in srcs]
        for r in range(args.rounds):
            order = range(len(srcs)) if r % 2 == 0 else reversed(range(len(srcs)))
            for k in order:
                results[k].append(one_round(srcs[k], args.hands, args.cpu, args.ops))
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    rows = list(results[0][0])
    clock = "process_time (CPU)" if args.cpu else "perf_counter (wall)"
    print(f"{args.rounds} alternating rounds x {args.hands} hands per row; clock: {clock}; medians")
    print("(hands/s for the preset rows: higher is faster; microseconds per call for the operations:")
    print("lower is faster); ratios: the median over the rounds of each round's ratio")
    print()
    head = " | ".join(args.revs)
    ratios = " | ".join(f"{rev} / {args.revs[0]}" for rev in args.revs[1:])
    print(f"| preset or operation | players | {head} | {ratios} |")
    print("|---|---:|" + "---:|" * (len(args.revs) * 2 - 1))
    for key in rows:
        meds = [statistics.median(run[key] for run in res) for res in results]
        cells = " | ".join(f"{m:,.0f}" if m >= 100 else f"{m:.1f}" for m in meds)
        # The median of the round-by-round ratios (each round runs every revision back to
        # back, so slow changes of the machine's load cancel out).
        paired = [
            statistics.median(res[r][key] / results[0][r][key] for r in range(args.rounds))
            for res in results[1:]
        ]
        rel = " | ".join(f"{x:.3f}" for x in paired)
        print(f"| {key[0]} | {key[1]} | {cells} | {rel} |")


if __name__ == "__main__":
    main()
