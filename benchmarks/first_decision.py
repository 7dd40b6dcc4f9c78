"""Time from a game's start to the first decision of the ``hard`` bot (issue 22, item 1).

Run in a fresh process, as a game does: ``gostop.agents.warm.start()`` (the background compile)
then the ``hard`` bot's first decisions on a 2-player pagat hand, each timed, with the state of
the background compile at that moment; then it waits for the compile and times one more
decision with the compiled rollouts, and the first decision at a 3-player table.

    python benchmarks/first_decision.py               # the cache as it is
    NUMBA_CACHE_DIR=$(mktemp -d) python benchmarks/first_decision.py   # an empty cache

``--no-warm`` times the plain behaviour instead (``rollouts=auto`` compiles in the caller).
"""

from __future__ import annotations

import random
import sys
import time

T0 = time.perf_counter()

from gostop.agents import make_agent, warm  # noqa: E402
from gostop.agents.protocol import Decision, HandContext, WorldSampler  # noqa: E402
from gostop.engine import Hand  # noqa: E402
from gostop.rules import get_preset  # noqa: E402


def main() -> None:
    background = "--no-warm" not in sys.argv
    if background:
        warm.start()
    rules = get_preset("pagat")
    agent = make_agent("hard")
    rows = []
    seed = 7
    h = Hand.new(rules, 2, seed)
    agent.begin_hand(HandContext(rules, 2, 0, seed))
    rng = random.Random(seed)
    n = 0
    while not h.is_over and n < 3:
        legal = h.legal_actions()
        if h.current_player == 0 and len(legal) > 1:
            d = Decision(h.observation(0), tuple(legal), WorldSampler.from_hand(h, 0, n))
            t = time.perf_counter()
            a = agent.choose(d)
            rows.append((n, time.perf_counter() - t, time.perf_counter() - T0, warm.state(), agent.last_worlds, agent.last_fast_worlds))
            n += 1
        else:
            a = legal[rng.randrange(len(legal))]
        h.apply(a)
    if background:
        warm.wait()
        h = Hand.new(rules, 2, seed)
        d = Decision(h.observation(h.current_player or 0), tuple(h.legal_actions()), WorldSampler.from_hand(h, h.current_player or 0, 99))
        agent.begin_hand(HandContext(rules, 2, h.current_player or 0, seed))
        t = time.perf_counter()
        agent.choose(d)
        rows.append(("after", time.perf_counter() - t, time.perf_counter() - T0, warm.state(), agent.last_worlds, agent.last_fast_worlds))
        # the first decision at a 3-player table (where hard infers: exclusions and weights)
        h = Hand.new(rules, 3, seed)
        s3 = h.current_player or 0
        d = Decision(h.observation(s3), tuple(h.legal_actions()), WorldSampler.from_hand(h, s3, 98))
        agent.begin_hand(HandContext(rules, 3, s3, seed))
        t = time.perf_counter()
        agent.choose(d)
        rows.append(("after 3p", time.perf_counter() - t, time.perf_counter() - T0, warm.state(), agent.last_worlds, agent.last_fast_worlds))
    print(f"{'decision':>8} {'seconds':>8} {'since start':>11} {'compile':>10} {'worlds':>6} {'fast':>5}")
    for r in rows:
        print(f"{r[0]!s:>8} {r[1]:8.3f} {r[2]:11.1f} {r[3]:>10} {r[4]:6d} {r[5]:5d}")
    print("background compile:", dict(warm.status()))


if __name__ == "__main__":
    main()
