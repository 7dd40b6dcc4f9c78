"""Fast engine benchmark: random-play hands per second, reference and fast engine side by side.

    python benchmarks/fast.py                     # median of 3 runs per row
    python benchmarks/fast.py --runs 5 --hands 200000

Rows (all in one run, so the ratios compare like with like on a shared machine):

* ``reference``: ``gostop.engine.Hand``, ``rng.choice(hand.legal_actions())`` until the end, then
  ``hand.result`` (as ``benchmarks/engine.py``);
* ``fast, FastHand``: the same loop on :class:`gostop.fast.FastHand` (Python drives every
  decision, events off);
* ``fast, batched``: :func:`gostop.fast.batch.play_hands` with the compiled random policy
  (deals and choices from one generator, ``exact=False``);
* ``fast, batched exact``: the same with ``exact=True`` (every hand dealt as ``Hand.new`` and
  every seat seeded like an agent: three CPython generators seeded per hand).

``--soak N`` runs the differential soak of ``benchmarks/soak.py --engine fast`` (the documented
entry; same code, :func:`gostop.fast.differential.soak`) on N hands, then plays 2 x N hands
with ``play_hands`` checking that chips are zero-sum and winners consistent.

The first call compiles (numba, cached in ``__pycache__``); the compile / cache-load time is
printed first and not counted in the rows. Wall-clock figures on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from gostop.engine import Hand
from gostop.rules import get_preset


def reference(preset: str, players: int, hands: int, run: int) -> float:
    rules = get_preset(preset)
    rng = random.Random(run)
    t0 = time.perf_counter()
    for i in range(hands):
        hand = Hand.new(rules, players, 1_000_003 * run + i)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert hand.result is not None
    return hands / (time.perf_counter() - t0)


def fast_hand(preset: str, players: int, hands: int, run: int) -> float:
    from gostop.fast import FastHand

    rules = get_preset(preset)
    rng = random.Random(run)
    t0 = time.perf_counter()
    for i in range(hands):
        hand = FastHand.new(rules, players, 1_000_003 * run + i, events=False)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply_index(rng.randrange(len(legal)))
        assert hand.result is not None
    return hands / (time.perf_counter() - t0)


def batched(preset: str, players: int, hands: int, run: int, exact: bool) -> float:
    from gostop.fast.batch import play_hands

    t0 = time.perf_counter()
    res = play_hands(get_preset(preset), hands, 1_000_003 * run, "random", players=players, exact=exact)
    dt = time.perf_counter() - t0
    assert len(res) == hands
    return hands / dt


def soak(n: int) -> None:
    from gostop.fast.batch import play_hands
    from gostop.fast.differential import soak as differential

    rep = differential(0, n)
    if rep.difference:
        raise SystemExit(f"difference after {rep.hands:,} identical hands: {rep.difference}")
    print(f"differential: {n:,} hands identical in {rep.seconds:.0f} s")
    t0 = time.perf_counter()
    for players in (2, 3):
        res = play_hands(get_preset("pagat"), n, 0, players=players)
        assert (res.chips.sum(axis=1) == 0).all(), "chips not zero-sum"
        assert ((res.winner < 0) == (res.nagari | res.void)).all(), "winner / nagari disagree"
    print(f"batched: 2 x {n:,} pagat hands zero-sum and consistent in {time.perf_counter() - t0:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--hands", type=int, default=100_000, help="hands per batched run")
    ap.add_argument("--ref-hands", type=int, default=2_000, help="hands per reference / FastHand run")
    ap.add_argument("--soak", type=int, default=0, metavar="N", help="run the differential soak on N hands")
    args = ap.parse_args()
    if args.soak:
        soak(args.soak)
        return
    t0 = time.perf_counter()
    from gostop.fast.batch import play_hands

    play_hands(get_preset("pagat"), 3, 0)
    play_hands(get_preset("pagat"), 3, 0, exact=True)
    print(f"# compile or cache load: {time.perf_counter() - t0:.1f} s")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"median of {args.runs} runs")
    print("| preset | players | engine | hands/s | x reference |")
    print("|---|---|---|---:|---:|")
    for preset, players in (("pagat", 2), ("pagat", 3), ("fuda-wiki", 2)):
        def med(f) -> float:  # type: ignore[no-untyped-def]
            return statistics.median(f(r) for r in range(1, args.runs + 1))

        p, n = preset, players
        ref = med(lambda r, p=p, n=n: reference(p, n, args.ref_hands, r))
        rows = [
            ("reference", ref),
            ("fast, FastHand", med(lambda r, p=p, n=n: fast_hand(p, n, args.ref_hands, r))),
            ("fast, batched", med(lambda r, p=p, n=n: batched(p, n, args.hands, r, False))),
            ("fast, batched exact", med(lambda r, p=p, n=n: batched(p, n, args.hands // 4, r, True))),
        ]
        for name, v in rows:
            print(f"| {preset} | {players} | {name} | {v:,.0f} | {v / ref:.1f} |", flush=True)


if __name__ == "__main__":
    main()
