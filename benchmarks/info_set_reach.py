"""Would an information-set tree search learn anything below its root? (issue 22, item 4)

Information-set MCTS (single-observer ISMCTS) keeps statistics for each information set of the
searching seat: every iteration samples a world, plays down the tree and rolls out. Below the
root, a node is the seat's *next* decision as the seat would see it: its hand, the floor, every
card played or flipped since. Such a node learns which card to play there only if many of the
search's worlds reach it.

This script measures that. At each card play of seat 0 in dealt pagat hands (seat 0 playing
``expert``, the others ``greedy``), it draws worlds as ``hard`` does (the world sampler; with 3
players the cards the others' plays exclude, ``exclude=0``), plays the card ``expert`` chooses,
lets the world go on (the others ``greedy``, seat 0's go/stop and other side decisions
``expert``) to seat 0's next card play, and counts the distinct information sets reached
(``Hand.observation(0)``: what the seat sees). A coarser key, the seat's hand and the floor
alone, is counted too.

    python benchmarks/info_set_reach.py --players 3 --hands 10 --worlds 1000
    python benchmarks/info_set_reach.py --players 2 --hands 10 --worlds 1000

Printed per decision: the turn, the cards in the seat's hand, the worlds that reached another
card play of the seat (the others ended the hand first), the distinct information sets among
them, the most worlds any one of them got, and the share of the worlds that fell in a set
reached by 10 worlds or more; then the same two for the coarse key; then the means.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import statistics

from gostop.agents import Agent, make_agent
from gostop.agents.protocol import WorldSampler
from gostop.agents.search import FastRollouts
from gostop.engine import Action, Hand
from gostop.rules import Rules, get_preset
from gostop.table.driver import begin_hand, decide

SEAT = 0
CROWDED = 10  # worlds in one node before its statistics could tell a few cards apart


Full = collections.Counter[str]
Coarse = collections.Counter[tuple[tuple[str, ...], tuple[str, ...]]]


def lineup(rules: Rules, players: int, seed: int) -> list[Agent]:
    bots = [make_agent("expert")] + [make_agent("greedy") for _ in range(players - 1)]
    for seat, bot in enumerate(bots):
        begin_hand(bot, rules, players, seat, seed + seat)
    return bots


def reach(
    hand: Hand, root: Action, fast: FastRollouts, players: int, worlds: int, seed: int
) -> tuple[Full, Coarse]:
    """Play ``root`` in ``worlds`` worlds of seat 0 and count where its next card play lands."""
    forbid = fast.exclusions(hand.clone(), SEAT, 0.0) if players == 3 else None
    sampler = WorldSampler.from_hand(hand, SEAT, seed)
    rng = random.Random(seed)
    bots = lineup(hand.rules, players, 0)
    full: Full = collections.Counter()
    coarse: Coarse = collections.Counter()
    for _ in range(worlds):
        world = sampler.sample(rng, forbid)
        world.apply(root)
        while not world.is_over and not (world.current_player == SEAT and world.stage == "main"):
            p = world.current_player
            assert p is not None
            world.apply(decide(bots[p], world, p, 1))
        if world.is_over:
            continue
        full[json.dumps(world.observation(SEAT).to_json(), sort_keys=True)] += 1
        coarse[
            (
                tuple(sorted(map(str, world.hand_cards(SEAT)))),
                tuple(sorted(map(str, world.layout_cards()))),
            )
        ] += 1
    return full, coarse


def crowded(counts: Full | Coarse, reached: int) -> float:
    return sum(c for c in counts.values() if c >= CROWDED) / reached


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--players", type=int, choices=(2, 3), default=3)
    ap.add_argument("--hands", type=int, default=10, help="dealt hands (seeds 1000, 1001, ...)")
    ap.add_argument("--worlds", type=int, default=1000, help="worlds per decision")
    args = ap.parse_args()
    rules = get_preset("pagat")
    fast = FastRollouts(rules, -6.0, infer=0.7)
    rows = []
    print("turn  cards  reached  distinct  largest  in>=10   coarse distinct  coarse in>=10")
    for h in range(args.hands):
        hand = Hand.new(rules, args.players, seed=1000 + h)
        bots = lineup(rules, args.players, 7 * h)
        while not hand.is_over:
            p = hand.current_player
            assert p is not None
            if p == SEAT and hand.stage == "main" and len(hand.legal_actions()) >= 2:
                root = decide(bots[0], hand, SEAT, 1)
                full, coarse = reach(hand, root, fast, args.players, args.worlds, h)
                n = sum(full.values())
                if n:
                    row = (
                        n,
                        len(full),
                        max(full.values()),
                        crowded(full, n),
                        len(coarse),
                        crowded(coarse, n),
                    )
                    rows.append(row)
                    print(
                        f"{hand.turn:4d}  {len(hand.hand_cards(SEAT)):5d}  {n:7d}  {row[1]:8d}  "
                        f"{row[2]:7d}  {row[3]:6.1%}   {row[4]:15d}  {row[5]:13.1%}"
                    )
            hand.apply(decide(bots[p], hand, p, 1))
    print(
        f"{len(rows)} decisions, {args.worlds} worlds each: distinct information sets per world "
        f"reached {statistics.mean(r[1] / r[0] for r in rows):.1%}, worlds in a set reached "
        f"{CROWDED}+ times {statistics.mean(r[3] for r in rows):.1%}; the coarse key (hand and "
        f"floor): {statistics.mean(r[4] / r[0] for r in rows):.1%} and "
        f"{statistics.mean(r[5] for r in rows):.1%}"
    )


if __name__ == "__main__":
    main()
