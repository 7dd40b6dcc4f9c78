"""Match benchmark and soak test.

    python benchmarks/match.py                 # 12-hand 3-player random matches per second
    python benchmarks/match.py --soak 10000    # random matches over 2-7 seated x every preset

Random players choose uniformly among the legal actions (cuts, stay/drop, claims, the goo-stupe
list and every hand decision) with a seeded RNG, so a run is reproducible. The soak test checks
every match with :func:`gostop.match.audit` (ledger balance after every deal, dealer rotation and
carry, every forced stay/drop, compensation only to forced drop-outs, the match's end), replays
every ``--replay-every``-th match from its JSON record and checks the replay is exact; it prints
progress and a summary and exits 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from gostop.match import Match, Player, audit, dumps_match, replay_match
from gostop.rules import PRESET_NAMES, Rules, make_rules

#: Cap for open-ended presets (match_hands = null) in the soak test.
OPEN_ENDED_HANDS = 6


def play_random(rules: Rules, players: list[Player], seed: int, hands_limit: int | None = None) -> Match:
    """A match between random players (seeded)."""
    rng = random.Random(seed ^ 0x5EED)
    match = Match(rules, players, seed, hands_limit=hands_limit)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def seated(n: int) -> list[Player]:
    return [Player(f"P{i}", 20 + 7 * i % 50) for i in range(n)]


def bench(runs: int, matches: int) -> None:
    rules = make_rules("pagat", {"match_hands": 12, "first_dealer": "lot"})
    rates = []
    hands = 0
    for run in range(runs):
        t0 = time.perf_counter()
        for i in range(matches):
            m = play_random(rules, seated(3), run * 100_000 + i)
            hands += m.hands_played
        rates.append(matches / (time.perf_counter() - t0))
    med = statistics.median(rates)
    print(f"machine: {platform.machine()} {platform.python_implementation()} {platform.python_version()}")
    print("| what | matches/s (median of runs) | ms per match | runs x matches |")
    print("|---|---:|---:|---:|")
    print(f"| 12-hand 3-player pagat, random players | {med:.1f} | {1000 / med:.1f} | {runs} x {matches} |")


def soak(total: int, seed: int, replay_every: int) -> int:
    combos = [(p, n) for p in PRESET_NAMES for n in range(2, 8)]
    rng = random.Random(seed)
    violations = 0
    replays = 0
    hands = deals = 0
    by_preset: dict[str, int] = {}
    seen: dict[str, int] = {}
    t0 = time.perf_counter()
    for i in range(total):
        preset, n = combos[i % len(combos)]
        over: dict[str, object] = {}
        # every other match also turns on match-level variants (VAR-NAGARI-LIMIT, VAR-COMP-END,
        # VAR-COMP-THREE, VAR-NAGARI-ALL, VAR-IRIS-7, VAR-DAY-DRAW, VAR-MATCH-50)
        if rng.random() < 0.5:
            over = {
                "nagari_limit": rng.choice([None, 2, 5]),
                "nagari_limit_action": rng.choice(["end_match", "reset_carry"]),
                "compensation_timing": rng.choice(["immediate", "end_by_losers"]),
                "compensation_per_card": rng.choice([2, 3]),
                "nagari_redeal": rng.choice(["same_three", "all_players"]),
                "seven_player_iris_out": rng.random() < 0.5,
            }
            if preset != "goo-stupe":
                over["first_dealer"] = rng.choice(["lot", "draw_night", "draw_day"])
                if rng.random() < 0.2:
                    over["match_target_chips"] = 50
        rules = make_rules(preset, over)
        open_ended = rules.match_hands is None or rules.match_target_chips is not None
        limit = OPEN_ENDED_HANDS if open_ended else None
        match_seed = rng.getrandbits(40)
        m: Match | None = None
        try:
            m = play_random(rules, seated(n), match_seed, limit)
            problems = audit(m)
            if replay_every and i % replay_every == 0:
                replays += 1
                text = dumps_match(m)
                again = replay_match(json.loads(text))
                if dumps_match(again) != text:
                    problems.append("replay is not exact")
        except Exception as exc:  # noqa: BLE001 - a crash is a violation to report
            problems = [f"crash: {type(exc).__name__}: {exc}"]
        if m is not None:
            hands += m.hands_played
            deals += len(m.deals)
            for e in m.ledger.entries:
                seen[e.outcome] = seen.get(e.outcome, 0) + 1
            for d in m.deals:
                for _, what in d.announcements:
                    seen[what] = seen.get(what, 0) + 1
                seen["claim"] = seen.get("claim", 0) + len(d.claims)
            seen[f"end:{m.end_reason}"] = seen.get(f"end:{m.end_reason}", 0) + 1
        by_preset[preset] = by_preset.get(preset, 0) + 1
        if problems:
            violations += 1
            print(f"VIOLATION preset={preset} seated={n} seed={match_seed} overrides={over}:")
            for p in problems[:5]:
                print(f"    {p}")
        if (i + 1) % max(1, total // 20) == 0:
            el = time.perf_counter() - t0
            print(f"  {i + 1}/{total} matches, {violations} with violations, {el:.1f}s", flush=True)
    el = time.perf_counter() - t0
    print(
        f"soak: {total} matches ({', '.join(f'{k} {v}' for k, v in by_preset.items())}) over 2-7 seated, "
        f"{deals} deals, {hands} counted hands, {replays} exact replays checked, "
        f"{violations} matches with violations, {el:.1f}s"
    )
    print("seen: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    return 1 if violations else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--soak", type=int, metavar="N", help="run N random matches with invariant checks")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay-every", type=int, default=10, help="replay every k-th soak match (0: never)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--matches", type=int, default=20)
    args = ap.parse_args()
    if args.soak:
        return soak(args.soak, args.seed, args.replay_every)
    bench(args.runs, args.matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
