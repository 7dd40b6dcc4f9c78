"""Engine soak test: N random hands across every preset, 2 and 3 players and the knob variants,
checking the invariants after every action.

    python benchmarks/soak.py 100000             # 100,000 hands on one core
    python benchmarks/soak.py 1000000 --jobs 2   # split over 2 processes

Hands go in blocks of 100 through every (preset, players, variant) combination
(``gostop.engine.check.VARIANTS``) in rotation; hand i uses seed i; random players choose uniformly among the legal actions. After every action
``gostop.engine.check.violations`` runs (every card in exactly one place, layout shape and stack
records, zero-sum chips, no negative shots, over <=> no current player <=> no legal action); at
the end ``result_violations`` (chips = fixed payments + settlement) and the action bound. Prints
progress and a summary; exit status 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter

from gostop.engine import Hand
from gostop.engine.check import VARIANTS, result_violations, violations
from gostop.rules import PRESET_NAMES, PRESETS, Rules, RulesError

BOUND = 1000  # actions per hand (the property tests use the same bound)
BLOCK = 100  # consecutive hands under the same rules


def _combos() -> list[tuple[str, int, int, Rules]]:
    out = []
    for v, over in enumerate(VARIANTS):
        for preset in PRESET_NAMES:
            try:
                rules = PRESETS[preset].with_overrides(over)
            except RulesError:
                continue
            for players in (2, 3):
                out.append((preset, players, v, rules))
    return out


def soak(start: int, stop: int, progress: bool) -> tuple[int, list[str], Counter[str], int, int]:
    """Play hands start..stop-1; (hands, violation messages, reasons, actions, max actions)."""
    combos = _combos()
    bad: list[str] = []
    reasons: Counter[str] = Counter()
    actions = 0
    longest = 0
    t0 = time.perf_counter()
    step = max(1, (stop - start) // 20)
    for i in range(start, stop):
        preset, players, v, rules = combos[(i // BLOCK) % len(combos)]
        where = f"hand {i} ({preset}, {players}p, variant {v}, seed {i})"
        rng = random.Random(i ^ 0x5EED)
        try:
            hand = Hand.new(rules, players, i)
            problems = violations(hand)
            n = 0
            while not hand.is_over and not problems:
                legal = hand.legal_actions()
                hand.apply(legal[rng.randrange(len(legal))])
                n += 1
                problems = violations(hand)
                if n > BOUND:
                    problems.append(f"no end within {BOUND} actions")
            if not problems:
                problems = result_violations(hand)
        except Exception as exc:  # a crash is a violation too
            problems = [f"{type(exc).__name__}: {exc}"]
            n = 0
        if problems:
            bad.append(f"{where}: {'; '.join(problems[:3])}")
            if len(bad) <= 5:
                print(f"VIOLATION {bad[-1]}", flush=True)
        else:
            result = hand.result
            assert result is not None
            reasons[result.reason] += 1
        actions += n
        longest = max(longest, n)
        if progress and (i - start + 1) % step == 0:
            done = i - start + 1
            rate = done / (time.perf_counter() - t0)
            print(f"  {done:,}/{stop - start:,} hands  {rate:,.0f} hands/s  violations {len(bad)}", flush=True)
    return stop - start, bad, reasons, actions, longest


def _worker(args: tuple[int, int, bool]) -> tuple[int, list[str], Counter[str], int, int]:
    return soak(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", type=int, nargs="?", default=10_000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    n, jobs = args.hands, max(1, args.jobs)
    combos = _combos()
    print(f"soak: {n:,} hands, {len(combos)} (preset, players, variant) combinations, {jobs} job(s)", flush=True)
    t0 = time.perf_counter()
    bounds = [(n * k // jobs, n * (k + 1) // jobs, k == 0) for k in range(jobs)]
    if jobs == 1:
        parts = [soak(*bounds[0])]
    else:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_worker, bounds)
    hands = sum(p[0] for p in parts)
    bad = [m for p in parts for m in p[1]]
    reasons: Counter[str] = Counter()
    for p in parts:
        reasons.update(p[2])
    actions = sum(p[3] for p in parts)
    longest = max(p[4] for p in parts)
    dt = time.perf_counter() - t0
    print()
    print(f"hands: {hands:,} in {dt:,.0f} s ({hands / dt:,.0f} hands/s with checks)")
    print(f"actions: {actions:,} (longest hand {longest} actions, bound {BOUND})")
    print("endings: " + ", ".join(f"{k} {v:,}" for k, v in reasons.most_common()))
    print(f"violations: {len(bad)}")
    for m in bad[:20]:
        print(f"  {m}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
