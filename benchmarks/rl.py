"""RL environment benchmark: environment steps per second with random masked actions.

    python benchmarks/rl.py                 # 2 and 3 players, pagat, median of 3 runs
    python benchmarks/rl.py --steps 20000 --runs 5 --preset fuda-wiki

A *step* is one decision: ``env.last()`` (the observation vector and the mask of the deciding
agent) then ``env.step(index)`` with a uniformly random legal index; resets (a new hand) are
included. Rows:

* ``AEC env``: the PettingZoo environment, every decision a step;
* ``AEC env, auto_forced``: single-option decisions applied by the environment;
* ``engine alone``: ``hand.apply(random legal action)`` with no observation (the ceiling);
* ``Gym wrapper vs greedy``: learner steps of :class:`~gostop.rl.wrappers.SingleSeatEnv`
  (the greedy bot's decisions included in the time).

The second table splits one observation: ``hand.observation(seat)``, of which
``rules.to_dict()`` (recomputed by the engine on every call), and ``encode_observation``.
Wall-clock figures on one core; compare ratios within one run.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from gostop.engine import Hand
from gostop.rl import encode_observation, env
from gostop.rl.wrappers import SingleSeatEnv
from gostop.rules import get_preset


def aec_steps(preset: str, players: int, steps: int, run: int, auto_forced: bool = False) -> float:
    e = env(preset=preset, players=players, auto_forced=auto_forced)
    rng = random.Random(run)
    done = 0
    episode = 0
    t0 = time.perf_counter()
    while done < steps:
        e.reset(seed=run * 100_000 + episode)
        episode += 1
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done += 1
    return done / (time.perf_counter() - t0)


def engine_steps(preset: str, players: int, steps: int, run: int) -> float:
    rules = get_preset(preset)
    rng = random.Random(run)
    done = 0
    seed = run * 100_000
    t0 = time.perf_counter()
    while done < steps:
        hand = Hand.new(rules, players, seed)
        seed += 1
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            done += 1
    return done / (time.perf_counter() - t0)


def wrapper_steps(preset: str, players: int, steps: int, run: int) -> float:
    e = SingleSeatEnv(preset=preset, players=players, opponents=["greedy"])
    rng = np.random.default_rng(run)
    done = 0
    episode = 0
    t0 = time.perf_counter()
    while done < steps:
        obs, _ = e.reset(seed=run * 100_000 + episode)
        episode += 1
        finished = False
        while not finished:
            obs, _, finished, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
    return done / (time.perf_counter() - t0)


def micro(preset: str, players: int, count: int) -> dict[str, float]:
    """Microseconds per call on states sampled from random hands."""
    rules = get_preset(preset)
    rng = random.Random(7)
    states: list[tuple[Hand, int]] = []
    seed = 0
    while len(states) < count:
        hand = Hand.new(rules, players, seed)
        seed += 1
        while not hand.is_over:
            if rng.random() < 0.2:
                states.append((hand.clone(), hand.current_player or 0))
            hand.apply(rng.choice(hand.legal_actions()))
    states = states[:count]
    obs = [h.observation(s) for h, s in states]

    def per_call(fn: Callable[[], None]) -> float:
        t0 = time.perf_counter()
        fn()
        return (time.perf_counter() - t0) / count * 1e6

    return {
        "hand.observation(seat)": per_call(lambda: [h.observation(s) for h, s in states] and None),
        "  of which rules.to_dict()": per_call(lambda: [rules.to_dict() for _ in states] and None),
        "encode_observation(obs)": per_call(lambda: [encode_observation(o, rules) for o in obs] and None),
        "hand.legal_actions()": per_call(lambda: [h.legal_actions() for h, _ in states] and None),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", default="pagat")
    p.add_argument("--steps", type=int, default=10_000, help="steps per run (default 10000)")
    p.add_argument("--runs", type=int, default=3, help="runs per row; the median is shown")
    args = p.parse_args()
    print(f"# RL environment, preset {args.preset}, {args.steps} steps x {args.runs} runs (median)")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    print()
    print("| players | what | steps/s |")
    print("|---|---|---:|")
    rows: list[tuple[str, Callable[[str, int, int, int], float]]] = [
        ("AEC env", aec_steps),
        ("AEC env, auto_forced", lambda pr, n, s, r: aec_steps(pr, n, s, r, auto_forced=True)),
        ("engine alone (no observation)", engine_steps),
        ("Gym wrapper vs greedy (learner steps)", wrapper_steps),
    ]
    for players in (2, 3):
        for name, fn in rows:
            rates = [fn(args.preset, players, args.steps, run) for run in range(args.runs)]
            print(f"| {players} | {name} | {statistics.median(rates):,.0f} |")
    print()
    print("| players | call | us/call |")
    print("|---|---|---:|")
    for players in (2, 3):
        for name, us in micro(args.preset, players, 2000).items():
            print(f"| {players} | {name} | {us:.1f} |")


if __name__ == "__main__":
    main()
