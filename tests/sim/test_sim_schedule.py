"""Duplicate-deal scheduling: rotations and seeds."""

from __future__ import annotations

import os
import subprocess
import sys

from gostop.sim.schedule import agent_seed, chunk_deals, deal_seed, derive_seed, seatings


def test_two_players_have_two_seatings_that_swap_the_bots() -> None:
    assert seatings(2) == [(0, 1), (1, 0)]


def test_three_players_every_rotation_puts_every_bot_in_every_seat() -> None:
    rots = seatings(3)
    assert len(rots) == 3
    for seat in range(3):
        assert sorted(r[seat] for r in rots) == [0, 1, 2]
    for r in rots:
        assert sorted(r) == [0, 1, 2]
        # a rotation keeps the playing order of the lineup
        start = r.index(0)
        assert [r[(start + k) % 3] for k in range(3)] == [0, 1, 2]


def test_seeds_are_distinct_per_coordinate() -> None:
    seeds = {deal_seed(1, d, a) for d in range(50) for a in range(3)}
    assert len(seeds) == 150
    agents = {agent_seed(1, d, r, s) for d in range(20) for r in range(3) for s in range(3)}
    assert len(agents) == 180
    assert deal_seed(1, 0) != deal_seed(2, 0)
    assert 0 <= derive_seed(5, "x") < 2**63


def test_seeds_do_not_depend_on_the_process_hash_seed() -> None:
    code = "from gostop.sim.schedule import deal_seed, agent_seed; print(deal_seed(3, 7, 1), agent_seed(3, 7, 1, 2))"
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)
    assert outs == {f"{deal_seed(3, 7, 1)} {agent_seed(3, 7, 1, 2)}\n"}


def test_chunks_cover_the_deals_in_order() -> None:
    assert chunk_deals(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert chunk_deals([], 4) == []
