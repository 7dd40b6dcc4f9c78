"""Duplicate deals, and the same numbers whatever the worker count, backend or hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from gostop.engine import Hand
from gostop.rules import get_preset
from gostop.sim import simulate
from gostop.sim.backends import MAX_CHUNK, RAY_MISSING, BackendUnavailable, run_deals
from gostop.sim.runner import SimJob, play_deal
from gostop.sim.schedule import deal_seed

PAGAT = get_preset("pagat")
LINEUP = ["search:steps=50", "expert"]


def test_every_seating_replays_the_same_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[tuple[int, dict[str, int]]] = []
    original = Hand.new.__func__  # type: ignore[attr-defined]

    def recording_new(cls: type[Hand], rules: Any, players: int, seed: int, **kw: Any) -> Hand:
        hand = original(cls, rules, players, seed, **kw)
        dealt.append((seed, hand.zones()))
        return hand

    monkeypatch.setattr(Hand, "new", classmethod(recording_new))
    for players, lineup in ((2, ("greedy", "expert")), (3, ("greedy", "expert", "random"))):
        dealt.clear()
        job = SimJob(PAGAT, players, lineup, seed=4)
        result = play_deal(job, 7)
        assert len(result.seatings) == players
        assert len(dealt) == players  # no void deal for this seed
        assert {seed for seed, _ in dealt} == {deal_seed(4, 7)}
        assert all(zones == dealt[0][1] for _, zones in dealt)
        # every bot sits in every seat once
        for seat in range(players):
            assert sorted(sr.lineup_at[seat] for sr in result.seatings) == list(range(players))


def _numbers(bots: list[str] = LINEUP, **kw: Any) -> dict[str, Any]:
    return simulate(PAGAT, bots, 6, seed=3, timing=False, **kw).to_json(timing=False)


def test_worker_count_does_not_change_the_numbers() -> None:
    one = _numbers(workers=1)
    assert one == _numbers(workers=2)
    assert one["hands"] == 12


def test_numbers_do_not_depend_on_the_string_hash_seed() -> None:
    code = (
        "import json; from gostop.rules import get_preset; from gostop.sim import simulate; "
        f"print(json.dumps(simulate(get_preset('pagat'), {LINEUP!r}, 3, seed=5, timing=False)"
        ".to_json(timing=False), sort_keys=True))"
    )
    outs = set()
    for hash_seed in ("11", "12"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.add(proc.stdout)
    assert len(outs) == 1
    assert json.loads(outs.pop())["hands"] == 6


def test_ray_backend_gives_the_same_numbers() -> None:
    pytest.importorskip("ray", reason="Ray is not installed (optional extra: pip install 'gostop[ray]')")
    # Bots that need no compiled code: each of Ray's workers would otherwise import numba and
    # load the search's kernels (about a fifth of this test's CPU, for nothing Ray-specific;
    # test_worker_count_does_not_change_the_numbers checks the search's numbers across workers).
    lineup = ["expert", "greedy"]
    assert _numbers(workers=2, backend="ray", bots=lineup) == _numbers(workers=1, bots=lineup)


def test_ray_backend_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed: import fails
    with pytest.raises(BackendUnavailable, match=r"gostop\[ray\]"):
        run_deals(SimJob(PAGAT, 2, ("greedy", "greedy"), 0), [0], backend="ray")
    assert "pip install" in RAY_MISSING


def test_bad_backend_and_workers_are_refused() -> None:
    job = SimJob(PAGAT, 2, ("greedy", "greedy"), 0)
    with pytest.raises(ValueError, match="unknown backend"):
        run_deals(job, [0], backend="dask")
    with pytest.raises(ValueError, match="at least 1"):
        run_deals(job, [0], workers=0)
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        SimJob(PAGAT, 2, ("greedy",), 0)


class _Enough(Exception):
    """Raised by a test's consumer to stop a run after its first deals."""


@pytest.mark.parametrize("workers", [1, 2])
def test_the_deal_numbers_of_a_huge_run_are_not_copied(workers: int) -> None:
    """``-n 10000000``: the deals are taken from the range as they are played; a list (or a
    queue) of ten million numbers cost 400 MB before the first deal was played."""
    import tracemalloc

    job = SimJob(PAGAT, 2, ("random", "random"), seed=1)
    seen: list[int] = []

    def consume(part: list[Any]) -> None:
        seen.extend(r.deal for r in part)
        if len(seen) >= 3:
            raise _Enough

    tracemalloc.start()
    try:
        with pytest.raises(_Enough):
            run_deals(job, range(10_000_000), workers=workers, consume=consume, timing=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000, f"{peak / 1e6:.0f} MB"
    # The first deals handed out, each once. (Not necessarily 0, 1 and 2: a pool hands out four
    # single deals at first, and on a busy machine deal 3 may finish before deal 2; before the
    # third result at most two more chunks, of MAX_CHUNK deals at most, were handed out.)
    assert len(seen) == len(set(seen)) >= 3
    assert max(seen) < (3 if workers == 1 else 4 + 2 * MAX_CHUNK), seen
