"""The search's worlds drawn and its candidates pruned in compiled code (``gostop.fast.worlds``,
``gostop.fast.stats``) against the same work in Python (``Hand.determinize``,
``convert.state_from_hand``, the search's own statistics): decision times of ``hard`` against
``greedy`` bots, on the same hands, one process.

Both ways draw the same worlds and compute the same figures, so ``hard`` makes the same moves:
the script checks that (every move and every world count) and reports the decision times of
each. The two runs of a hand go
one after the other, compiled first or Python first in turn, so that a change in the machine's
load touches both alike.

Usage::

    python benchmarks/search_worlds.py                 # 2 and 3 players, 12 hands each
    python benchmarks/search_worlds.py --hands 30 --players 3 --spec hard
    python benchmarks/search_worlds.py --preset matgo --hands 30   # JOKER-4 draws, kept quads
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from datetime import date

from gostop.agents import make_agent
from gostop.rules import get_preset
from gostop.sim.runner import play_hand


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(spec: str, players: int, hands: int, seed: int, preset: str = "pagat") -> dict[str, object]:
    rules = get_preset(preset)
    modes = {"compiled": True, "python": False}
    agents = {m: [make_agent(spec)] + [make_agent("greedy") for _ in range(players - 1)] for m in modes}
    times: dict[str, list[float]] = {m: [] for m in modes}
    moves: dict[str, list[tuple[str, int]]] = {m: [] for m in modes}
    for m, flag in modes.items():
        agent = agents[m][0]
        agent.compiled_search = flag  # type: ignore[attr-defined]
        choose = agent.choose

        def timed(decision, choose=choose, agent=agent, m=m):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            action = choose(decision)
            if agent.last_worlds:  # type: ignore[attr-defined]
                times[m].append((time.perf_counter() - t) * 1000)
            moves[m].append((str(action), agent.last_worlds))  # type: ignore[attr-defined]
            return action

        agent.choose = timed  # type: ignore[method-assign]
        play_hand(rules, players, seed - 1, agents[m], [1, 2, 3], timing=False)  # compile / load first
        times[m].clear()
        moves[m].clear()
    for n in range(seed, seed + hands):
        order = list(modes) if n % 2 else list(reversed(modes))
        for m in order:
            play_hand(rules, players, n, agents[m], [n, n + 1, n + 2], timing=False)
        print(f"  {players}p: hand {n - seed + 1}/{hands}", file=sys.stderr, flush=True)
    out: dict[str, object] = {"preset": preset, "players": players, "spec": spec, "hands": hands, "same_moves": moves["compiled"] == moves["python"]}
    for m in modes:
        xs = times[m]
        out[m] = {"searched": len(xs), "p50_ms": round(statistics.median(xs), 1), "p95_ms": round(_quantile(xs, 0.95), 1),
                  "mean_ms": round(statistics.fmean(xs), 1)}
    out["speedup_mean"] = round(out["python"]["mean_ms"] / out["compiled"]["mean_ms"], 2)  # type: ignore[index]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="hard", help="the searching bot (default: hard)")
    ap.add_argument("--players", type=int, choices=(2, 3), action="append", help="2 or 3 (default: both)")
    ap.add_argument("--hands", type=int, default=12, help="hands per table (default: 12)")
    ap.add_argument("--seed", type=int, default=1000, help="first hand's seed (default: 1000)")
    ap.add_argument("--preset", default="pagat", help="the rules (default: pagat; matgo: 2 players)")
    a = ap.parse_args()
    if a.hands < 1:
        ap.error("--hands must be at least 1")
    try:
        rules = get_preset(a.preset)
    except (KeyError, ValueError) as exc:
        ap.error(str(exc))
    tables = a.players or ([2] if rules.two_player_only else [2, 3])
    if rules.two_player_only and 3 in tables:
        ap.error(f"{a.preset} is played by 2 players")
    rows = [run(a.spec, p, a.hands, a.seed, a.preset) for p in tables]
    print(json.dumps({"date": date.today().isoformat(), "machine": platform.processor() or platform.machine(), "rows": rows}, indent=2))
    return 0 if all(r["same_moves"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
