"""Engine soak test: N random hands across every preset, 2 and 3 players and the knob variants,
checking the invariants after every action.

    python benchmarks/soak.py 100000             # 100,000 hands on one core
    python benchmarks/soak.py 1000000 --jobs 2   # split over 2 processes
    python benchmarks/soak.py 20000 --hidden 0.2 --gwangpalli 200   # the leak properties too

Hands go in blocks of 100 through every (preset, players, variant) combination
(``gostop.engine.check.VARIANTS``) in rotation; hand i uses seed i; random players choose uniformly among the legal actions. After every action
``gostop.engine.check.violations`` runs (every card in exactly one place, layout shape and stack
records, zero-sum chips, no negative shots, over <=> no current player <=> no legal action); at
the end ``result_violations`` (chips = fixed payments + settlement) and the action bound. Prints
progress and a summary; exit status 1 if any violation was found.

``--hidden RATE`` adds the hidden-information properties (issue 9) on that fraction of the
states: ``gostop.engine.check.hidden_violations`` (no observation shows a card its seat must not
see; a determinized world agrees with the seat's observation, holds no undeclared deal-time
quad and gives the decider the same previews). The random players then favour declarations
(shake, show-quad, reveal, offer-shodang: half of the time when one is legal), which make shown
cards and private draws. ``--gwangpalli N`` also plays N gwangpalli matches (4 to 7 seated,
two hands each) through ``gostop.match.Match`` with the same checks on their hands.

``--engine fast`` runs the differential soak of the fast engine (issue 13) instead:

    python benchmarks/soak.py 1000000 --engine fast     # 10^6 hands, progress bar, one core

Hand i (seed i, ``nagari_before = i % 3``) is played on the reference engine and on
``gostop.fast`` with the same random choices (``random.Random(i)``), through every preset x
knob variant x 2/3 players in blocks of 100 (goo-stupe with its jokers cut to the fast engine's
15; see ``gostop.fast.differential``). The legal action lists, the events (type, seat, cards)
and the results (winner, points, chips, shots, payments) must be identical: the soak stops at
the first difference, prints it with its seed and exits with status 1. ``--start S`` begins at
hand S (to re-check a reported seed: ``--start SEED`` with N = 1).

``--preset NAME``, ``--players N`` and ``--variant K`` restrict either soak to those
combinations, e.g. the Matgo differential soak of issue 19:

    python benchmarks/soak.py 100000 --engine fast --preset matgo --players 2 --variant 0
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from typing import Any

from gostop.engine import Action, Hand
from gostop.engine.check import VARIANTS, hidden_violations, result_violations, violations
from gostop.match import Match, Player
from gostop.rules import PRESET_NAMES, PRESETS, Rules, RulesError

BOUND = 1000  # actions per hand (the property tests use the same bound)
BLOCK = 100  # consecutive hands under the same rules
DECLARATIONS = frozenset({"shake", "show-quad", "reveal", "offer-shodang"})


def choose(legal: list[Action], rng: random.Random, favour_declarations: bool) -> Action:
    """A random legal action; with ``favour_declarations``, a declaration half of the time."""
    if favour_declarations:
        special = [a for a in legal if a.kind in DECLARATIONS]
        if special and rng.random() < 0.5:
            return special[rng.randrange(len(special))]
    return legal[rng.randrange(len(legal))]


Only = tuple[str | None, int | None, int | None]  # (preset, players, variant); None: all
_ALL: Only = (None, None, None)


def _combos(only: Only = _ALL) -> list[tuple[str, int, int, Rules]]:
    out = []
    for v, over in enumerate(VARIANTS):
        for preset in PRESET_NAMES:
            try:
                rules = PRESETS[preset].with_overrides(over)
            except RulesError:
                continue
            for players in (2, 3):
                if players == 3 and rules.two_player_only:  # GEN-7: matgo is 2-player only
                    continue
                out.append((preset, players, v, rules))
    preset_only, players_only, variant_only = only
    return [c for c in out if preset_only in (None, c[0]) and players_only in (None, c[1]) and variant_only in (None, c[2])]


def soak(
    start: int, stop: int, progress: bool, hidden: float = 0.0, only: Only = _ALL
) -> tuple[int, list[str], Counter[str], int, int]:
    """Play hands start..stop-1; (hands, violation messages, reasons, actions, max actions)."""
    combos = _combos(only)
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
                hand.apply(choose(hand.legal_actions(), rng, hidden > 0))
                n += 1
                problems = violations(hand)
                if hidden and not problems and rng.random() < hidden:
                    problems = hidden_violations(hand, rng)
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


def _worker(args: tuple[int, int, bool, float, Only]) -> tuple[int, list[str], Counter[str], int, int]:
    return soak(*args)


def soak_gwangpalli(matches: int, hidden: float) -> tuple[int, list[str]]:
    """Play gwangpalli matches (4 to 7 seated, two hands each) with the hidden-information
    checks on their hands; (hands checked, violation messages)."""
    presets = [p for p in PRESET_NAMES if PRESETS[p].multi_player_mode == "gwangpalli" and not PRESETS[p].two_player_only]
    bad: list[str] = []
    hands = 0
    for k in range(matches):
        preset = presets[k % len(presets)]
        seated = 4 + k % 4
        rng = random.Random(k ^ 0x6A7)
        where = f"gwangpalli match {k} ({preset}, {seated} seated, seed {k})"
        try:
            m = Match(PRESETS[preset], [Player(f"P{i}", 30 + i) for i in range(seated)], k, hands_limit=2)
            while not m.is_over:
                legal = m.legal_actions()
                if m.phase == "hand" and m.hand is not None:
                    hand = m.hand
                    if rng.random() < max(hidden, 0.05):
                        problems = hidden_violations(hand, rng) + violations(hand)
                        if problems:
                            bad.append(f"{where}, turn {hand.turn}: {'; '.join(problems[:3])}")
                            break
                    m.apply(choose(legal, rng, True))
                    if m.phase != "hand":
                        hands += 1
                else:
                    m.apply(legal[rng.randrange(len(legal))])
        except Exception as exc:  # a crash is a violation too
            bad.append(f"{where}: {type(exc).__name__}: {exc}")
    return hands, bad


def _selected(combos: list[Any], only: Only) -> list[Any]:
    """The soak combinations of one preset / player count / variant (None: all)."""
    preset, players, variant = only
    return [c for c in combos
            if (preset is None or c.preset == preset) and (players is None or c.players == players)
            and (variant is None or c.variant == variant)]


def _fast_worker(
    bounds: tuple[int, int, bool, Only],
) -> tuple[int, float, str | None]:
    from gostop.fast.differential import soak as differential
    from gostop.fast.differential import soak_combos

    rep = differential(bounds[0], bounds[1], progress=bounds[2], combos=_selected(soak_combos(), bounds[3]))
    return rep.hands, rep.seconds, rep.difference


def soak_fast(start: int, n: int, jobs: int, only: Only = _ALL) -> int:
    """The differential soak of the fast engine on hands start..start+n-1; the exit status."""
    try:
        import numba  # noqa: F401
    except ImportError:
        print("--engine fast needs the extra gostop[fast] (numba): pip install 'gostop[fast]'", file=sys.stderr)
        return 2
    from gostop.fast.differential import soak_combos

    combos = _selected(soak_combos(), only)
    if not combos:
        print(f"no soak combination for --preset/--players/--variant {only}", file=sys.stderr)
        return 2
    capped = sorted({c.preset for c in combos if c.capped})
    print(f"differential soak: hands {start:,}..{start + n - 1:,} on the reference and the fast engine, "
          f"{len(combos)} (preset, variant, players) combinations, {jobs} job(s)", flush=True)
    if capped:
        print(f"  jokers cut to the fast engine's limit for: {', '.join(capped)}", flush=True)
    t0 = time.perf_counter()
    from gostop.fast.batch import play_hands  # compile (or load the numba cache) before timing
    from gostop.rules import get_preset

    play_hands(get_preset("pagat"), 1, 0)
    print(f"  compile or cache load: {time.perf_counter() - t0:.1f} s", flush=True)
    t0 = time.perf_counter()
    bounds = [(start + n * k // jobs, start + n * (k + 1) // jobs, k == 0, only) for k in range(jobs)]
    if jobs == 1:
        parts = [_fast_worker(bounds[0])]
    else:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_fast_worker, bounds)
    dt = time.perf_counter() - t0
    same = sum(p[0] for p in parts)
    diffs = [p[2] for p in parts if p[2]]
    print()
    print(f"hands identical: {same:,} of {n:,} in {dt:,.0f} s ({same / max(dt, 1e-9):,.0f} hands/s)")
    if diffs:
        print(f"DIFFERENCE at {diffs[0]}")
        return 1
    print("differences: 0")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", type=int, nargs="?", default=10_000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--hidden", type=float, default=0.0, metavar="RATE",
                        help="check the hidden-information properties on this fraction of states (0..1)")
    parser.add_argument("--gwangpalli", type=int, default=0, metavar="N",
                        help="also play N gwangpalli matches with the hidden-information checks")
    parser.add_argument("--engine", choices=("reference", "fast"), default="reference",
                        help="reference: the invariant soak (default); fast: the differential soak of gostop.fast")
    parser.add_argument("--start", type=int, default=0, metavar="S", help="first hand (seed) of the run")
    parser.add_argument("--preset", default=None, help="soak only this preset (e.g. matgo)")
    parser.add_argument("--players", type=int, choices=(2, 3), default=None, help="soak only this player count")
    parser.add_argument("--variant", type=int, default=None, metavar="K",
                        help="soak only knob variant K of gostop.engine.check.VARIANTS (0: the preset as is)")
    args = parser.parse_args()
    only = (args.preset, args.players, args.variant)
    if not 0.0 <= args.hidden <= 1.0:
        parser.error("--hidden is a fraction between 0 and 1")
    if args.engine == "fast":
        if args.hidden or args.gwangpalli:
            parser.error("--hidden and --gwangpalli check the reference engine; not with --engine fast")
        sys.exit(soak_fast(args.start, args.hands, max(1, args.jobs), only))
    n, jobs = args.hands, max(1, args.jobs)
    combos = _combos(only)
    if not combos:
        parser.error(f"no soak combination for --preset/--players/--variant {only}")
    print(f"soak: {n:,} hands, {len(combos)} (preset, players, variant) combinations, {jobs} job(s)", flush=True)
    t0 = time.perf_counter()
    if args.hidden:
        print(f"hidden-information checks on {args.hidden:.0%} of the states", flush=True)
    bounds = [(n * k // jobs, n * (k + 1) // jobs, k == 0, args.hidden, only) for k in range(jobs)]
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
    if args.gwangpalli:
        print(f"gwangpalli: {args.gwangpalli:,} matches ...", flush=True)
        g_hands, g_bad = soak_gwangpalli(args.gwangpalli, args.hidden)
        bad += g_bad
        print(f"gwangpalli: {g_hands:,} hands finished, violations {len(g_bad)}", flush=True)
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
