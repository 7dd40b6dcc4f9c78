"""Engine benchmark: random-play hands per second and the cost of the search primitives.

    python benchmarks/engine.py                  # median of 5 runs x 2000 hands per row
    python benchmarks/engine.py --runs 5 --hands 5000
    python benchmarks/engine.py --rates-only      # the first table only

To compare two versions of the engine in one run (alternating, medians), see
``benchmarks/engine_compare.py``.

Random play is ``rng.choice(hand.legal_actions())`` until the hand is over, then
``hand.result`` (whose chips need the settlement, computed at the stop). Every row times complete
hands: ``Hand.new`` (shuffle, deal, DEAL checks) included. The second table gives the cost of one
``clone()``, ``observation(seat)``, ``observation(seat).to_json()``, ``legal_actions()`` (fresh,
not the cached list) and ``determinize()`` on states sampled from random hands.

Wall-clock figures (``time.perf_counter``); they vary by machine and with other load: compare
ratios within one run. ``--cpu`` times with ``time.process_time`` instead.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

from gostop.engine import Hand
from gostop.rules import get_preset


def hands_per_second(preset: str, players: int, hands: int, run: int, clock: Callable[[], float]) -> float:
    rules = get_preset(preset)
    rng = random.Random(run)
    base = 1_000_003 * run
    t0 = clock()
    for i in range(hands):
        hand = Hand.new(rules, players, base + i)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        result = hand.result
        assert result is not None
    return hands / (clock() - t0)


def sample_states(preset: str, players: int, count: int) -> list[Hand]:
    rng = random.Random(42)
    rules = get_preset(preset)
    out: list[Hand] = []
    seed = 0
    while len(out) < count:
        hand = Hand.new(rules, players, seed)
        seed += 1
        while not hand.is_over:
            if rng.random() < 0.3:
                out.append(hand.clone())
            hand.apply(rng.choice(hand.legal_actions()))
    return out[:count]


def micro(states: list[Hand], fn: Callable[[Hand], object], repeat: int, clock: Callable[[], float]) -> float:
    """Microseconds per call (best of ``repeat`` passes over the states)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        for h in states:
            fn(h)
        best = min(best, clock() - t0)
    return best / len(states) * 1e6


def _fresh_legal(h: Hand) -> object:
    h._legal = None  # drop the cache: time the computation itself
    return h.legal_actions()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--cpu", action="store_true", help="time with process_time (CPU time)")
    parser.add_argument("--rates-only", action="store_true", help="only the hands-per-second table")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    print(f"clock: {'process_time (CPU)' if args.cpu else 'perf_counter (wall)'}; {args.runs} runs x {args.hands} hands")
    print()
    print("| preset | players | hands/s (median) | min | max | us per hand |")
    print("|---|---:|---:|---:|---:|---:|")
    for preset in ("pagat", "fuda-wiki"):
        for players in (2, 3):
            rates = [hands_per_second(preset, players, args.hands, r, clock) for r in range(args.runs)]
            med = statistics.median(rates)
            print(f"| {preset} | {players} | {med:,.0f} | {min(rates):,.0f} | {max(rates):,.0f} | {1e6 / med:.0f} |")
    if args.rates_only:
        return
    print()
    print("| operation (pagat, states from random hands) | 2 players, us | 3 players, us |")
    print("|---|---:|---:|")
    states = {p: sample_states("pagat", p, 2000) for p in (2, 3)}
    rng = random.Random(1)
    ops: list[tuple[str, Callable[[Hand], object]]] = [
        ("clone()", lambda h: h.clone()),
        ("legal_actions() (not cached)", _fresh_legal),
        ("observation(seat)", lambda h: h.observation(h.current_player or 0)),
        ("observation(seat).to_json()", lambda h: h.observation(h.current_player or 0).to_json()),
        ("determinize(seat, rng)", lambda h: h.determinize(h.current_player or 0, rng)),
    ]
    for name, fn in ops:
        costs = [micro(states[p], fn, 3, clock) for p in (2, 3)]
        print(f"| {name} | {costs[0]:.1f} | {costs[1]:.1f} |")


if __name__ == "__main__":
    main()
