"""``simulate --engine fast``: the same deals, seats, results and event counts as the reference."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gostop.rules import PRESETS  # noqa: E402
from gostop.sim import simulate  # noqa: E402
from gostop.sim.fast_runner import play_deal_fast  # noqa: E402
from gostop.sim.runner import SimJob, play_deal  # noqa: E402


@pytest.mark.parametrize(("preset", "lineup"), [
    ("pagat", ("random", "greedy")),
    ("pagat", ("greedy", "random", "greedy")),
    ("fuda-wiki", ("greedy", "random")),
])
def test_fast_deals_equal_reference_deals(preset: str, lineup: tuple[str, ...]) -> None:
    ref = SimJob(PRESETS[preset], len(lineup), lineup, seed=5)
    fast = SimJob(PRESETS[preset], len(lineup), lineup, seed=5, engine="fast")
    for deal in range(25):
        a, b = play_deal(ref, deal, timing=False), play_deal_fast(fast, deal)
        for sa, sb in zip(a.seatings, b.seatings, strict=True):
            assert (sa.winner, sa.reason, sa.nagari, sa.redeals) == (sb.winner, sb.reason, sb.nagari, sb.redeals)
            for oa, ob in zip(sa.seats, sb.seats, strict=True):
                assert (oa.points, oa.won, oa.goes, oa.events) == (ob.points, ob.won, ob.goes, ob.events), deal


def test_fast_engine_refuses_other_bots_and_rules() -> None:
    with pytest.raises(ValueError, match="fast engine"):
        simulate(PRESETS["pagat"], ["search", "greedy"], 1, engine="fast")
    with pytest.raises(ValueError, match="jokers"):
        simulate(PRESETS["goo-stupe"], ["random", "greedy"], 1, engine="fast")


def test_simulate_report_fast() -> None:
    rep = simulate(PRESETS["pagat"], ["greedy", "random"], 40, engine="fast", timing=False)
    assert rep.hands == 80
