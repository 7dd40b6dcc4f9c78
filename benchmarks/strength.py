"""Bot strength ladder on duplicate deals: random < greedy < expert < search.

Plays, under one preset (default ``pagat``):

* 2 players: greedy vs random, expert vs greedy, search vs greedy, search vs expert;
* 3 players: each of random, expert and search against two greedy seats.

Every deal is replayed in every seating (2 for 2 players, 3 for 3 players). The headline figure
is *points per hand*: the first bot's net chips per hand, averaged over a deal's seatings and
then over deals, with a 95 % Student-t interval clustered by deal; win % carries a Wilson
interval. Decision times are wall-clock per decision (only decisions with a choice).

Usage::

    python benchmarks/strength.py                      # the published run (long: see docs)
    python benchmarks/strength.py --deals2 200 --deals3 100 --workers 2   # a quick look
    python benchmarks/strength.py --only 2p:search,greedy --workers 1
    python benchmarks/strength.py --only 2p:search-fast,search --deals2 2000 --workers 2 \
        --search search:steps=0:ms=30:rollouts=reference --search-fast search:steps=0:ms=30:rollouts=fast

Decision times are only meaningful for runs with one process per free core; ``--workers``
defaults to all cores.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from datetime import date
from typing import Any

from gostop.agents import make_agent
from gostop.cli.simulate import duration_text
from gostop.rules import Rules, get_preset
from gostop.sim import Report, SimJob, build_report, default_workers, run_deals, simulate

LADDER_2P = [("greedy", "random"), ("expert", "greedy"), ("search", "greedy"), ("search", "expert")]
#: Not in the published ladder: the search with fast rollouts against the search with reference
#: rollouts (``--search-fast`` and ``--search``), run with ``--only 2p:search-fast,search``.
EXTRA_2P = [("search-fast", "search")]
LADDER_3P = [("random", "greedy", "greedy"), ("expert", "greedy", "greedy"), ("search", "greedy", "greedy")]


class Progress:
    """Prints ``label: done/total deals (elapsed)`` on stderr at every twentieth of the run."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.step = max(1, total // 20)
        self.start = time.perf_counter()

    def __call__(self, n: int) -> None:
        before = self.done // self.step
        self.done += n
        if self.done // self.step != before:
            elapsed = time.perf_counter() - self.start
            print(f"  {self.label}: {self.done}/{self.total} deals ({elapsed:.0f} s)", file=sys.stderr, flush=True)


def _fmt_ci(lo: float, hi: float) -> str:
    return f"[{lo:+.2f}, {hi:+.2f}]"


def row(report: Report, seconds: float) -> dict[str, Any]:
    a = report.bots[0]
    others = report.bots[1:]
    return {
        "players": report.job.players,
        "lineup": " vs ".join(report.job.lineup),
        "deals": report.deals,
        "hands": report.hands,
        "points": a.points.value,
        "points_ci": (a.points.low, a.points.high),
        "win": a.win_rate,
        "win_ci": (a.win_low, a.win_high),
        "others_win": [o.win_rate for o in others],
        "nagari": report.nagari / report.hands,
        "shodang_nagari": report.shodang_nagari / report.hands,
        "offers": [b.events.get("offer-shodang", 0.0) for b in report.bots],
        "go_hands": a.go_hands,
        "go_success": a.go_success,
        "go_bak": a.go_bak_rate,
        "p50_ms": a.time_p50_ms,
        "p95_ms": a.time_p95_ms,
        "max_ms": a.time_max_ms,
        "others_p50_ms": [o.time_p50_ms for o in others],
        "others_p95_ms": [o.time_p95_ms for o in others],
        "seconds": seconds,
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| players | first bot vs | deals (hands) | points/hand of the first bot [95% CI] "
        "| its win % [95% CI] | nagari (by shodang) | its go hands, won, go-bak | its p50 / p95 | run s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lo, hi = r["win_ci"]
        lines.append(
            f"| {r['players']} | {r['lineup']} | {r['deals']} ({r['hands']}) "
            f"| **{r['points']:+.2f}** {_fmt_ci(*r['points_ci'])} "
            f"| {100 * r['win']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
            f"| {100 * r['nagari']:.1f}% ({100 * r['shodang_nagari']:.1f}%) "
            f"| {r['go_hands']}, {100 * r['go_success']:.0f}%, {100 * r['go_bak']:.0f}% "
            f"| {duration_text(r['p50_ms'])} / {duration_text(r['p95_ms'])} | {r['seconds']:.0f} |"
        )
    return "\n".join(lines)


def _in_blocks(
    rules: Rules, lineup: list[str], deals: int, args: argparse.Namespace, progress: Progress, t0: float
) -> Report:
    """``simulate`` in blocks of ``--checkpoint`` deals, with the running figures after each."""
    for spec in lineup:
        make_agent(spec)
    job = SimJob(rules=rules, players=len(lineup), lineup=tuple(lineup), seed=args.seed, engine="reference")
    results: list[Any] = []
    for start in range(0, deals, args.checkpoint):
        block = range(start, min(deals, start + args.checkpoint))
        results += run_deals(job, block, workers=args.workers, progress=progress)
        r = row(build_report(job, results), time.perf_counter() - t0)
        others = " / ".join(duration_text(x) for x in r["others_p95_ms"])
        print(
            f"  after {r['deals']} deals: {r['points']:+.2f} {_fmt_ci(*r['points_ci'])} points/hand, "
            f"p95 {duration_text(r['p95_ms'])} vs {others}",
            file=sys.stderr,
            flush=True,
        )
    return build_report(job, results)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="pagat")
    ap.add_argument("--deals2", type=int, default=2000, help="deals per 2-player matchup")
    ap.add_argument("--deals3", type=int, default=1000, help="deals per 3-player matchup")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--search", default="search", help="bot spec used for 'search'")
    ap.add_argument("--expert", default="expert", help="bot spec used for 'expert'")
    ap.add_argument(
        "--search-fast",
        default="search:rollouts=fast",
        help="bot spec used for 'search-fast' (matchup 2p:search-fast,search, only with --only)",
    )
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        help="run only these matchups, e.g. 2p:search,greedy (repeatable)",
    )
    ap.add_argument(
        "--checkpoint",
        type=int,
        default=0,
        help="play the deals in blocks of this many and print the running figures after each "
        "block (an interrupted run still has its figures)",
    )
    ap.add_argument("--json", action="store_true", help="print the rows as JSON too")
    args = ap.parse_args(argv)

    rules = get_preset(args.preset)
    names = {"search": args.search, "expert": args.expert, "search-fast": args.search_fast}
    plan = [(2, m, args.deals2) for m in LADDER_2P] + [(3, m, args.deals3) for m in LADDER_3P]
    if args.only:
        wanted = {tuple(o.split(":", 1)) for o in args.only}
        plan += [(2, m, args.deals2) for m in EXTRA_2P]
        plan = [p for p in plan if (f"{p[0]}p", ",".join(p[1])) in wanted]
    rows = []
    print(
        f"# {date.today()} {platform.machine()}, Python {platform.python_version()}, "
        f"preset {args.preset}, seed {args.seed}, {args.workers} worker(s); "
        f"search = {args.search!r}, expert = {args.expert!r}, search-fast = {args.search_fast!r}",
        flush=True,
    )
    for players, matchup, deals in plan:
        lineup = [names.get(b, b) for b in matchup]
        t0 = time.perf_counter()
        progress = Progress(f"{players}p {','.join(matchup)}", deals)
        if args.checkpoint > 0:
            report = _in_blocks(rules, lineup, deals, args, progress, t0)
        else:
            report = simulate(rules, lineup, deals, seed=args.seed, workers=args.workers, progress=progress)
        r = row(report, time.perf_counter() - t0)
        r["lineup"] = " vs ".join(matchup)
        rows.append(r)
        print(
            f"{players}p {r['lineup']:28s} {r['points']:+6.2f} {_fmt_ci(*r['points_ci'])} "
            f"win {100 * r['win']:.1f}% p95 {duration_text(r['p95_ms'])}, the others' p95 "
            f"{' / '.join(duration_text(x) for x in r['others_p95_ms'])} ({r['seconds']:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    print(markdown(rows))
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
