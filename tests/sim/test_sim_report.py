"""Aggregation of deal results into the per-bot report (synthetic results, exact figures)."""

from __future__ import annotations

import math

import pytest

from gostop.rules import get_preset
from gostop.sim.report import build_report
from gostop.sim.runner import DealResult, SeatingResult, SeatOutcome, SimJob
from gostop.sim.stats import mean_ci

JOB = SimJob(rules=get_preset("pagat"), players=2, lineup=("A", "B"), seed=0)


def seating(r: int, chips: tuple[float, float], winner: int | None, goes: tuple[int, int] = (0, 0)) -> SeatingResult:
    lineup_at = (0, 1) if r == 0 else (1, 0)
    seats = [
        SeatOutcome(points=chips[s], won=winner == s, goes=goes[s], events={"go": goes[s]} if goes[s] else {}, times=[0.001 * (s + 1)])
        for s in range(2)
    ]
    return SeatingResult(r, lineup_at, seats, nagari=winner is None, reason="stop" if winner is not None else "exhaustion", winner=winner, redeals=0)


def test_points_are_averaged_over_seatings_then_over_deals() -> None:
    # deal 0: A wins 10 as dealer, loses 4 as seat 1 -> A's deal mean (10 - 4) / 2 = 3
    # deal 1: nagari in one seating, A wins 6 in the other -> 3
    # deal 2: A loses 8 and loses 2 -> -5
    results = [
        DealResult(0, [seating(0, (10, -10), 0), seating(1, (4, -4), 0)]),
        DealResult(1, [seating(0, (0, 0), None), seating(1, (-6, 6), 1, goes=(0, 1))]),
        DealResult(2, [seating(0, (-8, 8), 1, goes=(1, 0)), seating(1, (2, -2), 0)]),
    ]
    report = build_report(JOB, list(reversed(results)))
    a, b = report.bot("A"), report.bot("B")
    assert a.points == mean_ci([3.0, 3.0, -5.0])
    assert b.points.value == pytest.approx(-a.points.value)
    assert (a.hands, a.wins) == (6, 2)  # A won deal 0 seating 0 and deal 1 seating 1
    assert (b.hands, b.wins) == (6, 3)
    assert a.nagari == 1 and report.nagari == 1 and report.hands == 6
    # A said go twice: deal 1 seating 1 (as seat 1), then won; deal 2 seating 0 (as the dealer),
    # then B won: one success, one go-bak. B never said go.
    assert (a.go_hands, a.go_wins, a.go_bak) == (2, 1, 1)
    assert (b.go_hands, b.go_wins, b.go_bak) == (0, 0, 0)
    assert a.events == {"go": pytest.approx(2 / 6)}
    assert b.events == {}
    assert a.decisions == 6
    assert a.time_p50_ms == pytest.approx(1.5)
    assert report.pairs[0].diff == mean_ci([6.0, 6.0, -10.0])
    data = report.to_json()
    assert data["bots"][0]["points_per_hand"] == pytest.approx(1 / 3)
    assert data["end_reasons"] == {"exhaustion": 1, "stop": 5}
    assert "decision_ms" not in report.to_json(timing=False)["bots"][0]


def test_a_bot_in_several_seats_is_one_row() -> None:
    job = SimJob(rules=get_preset("pagat"), players=3, lineup=("S", "G", "G"), seed=0)
    rots = [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    seatings = []
    for r, lineup_at in enumerate(rots):
        chips = [6.0 if job.lineup[i] == "S" else -3.0 for i in lineup_at]
        seats = [SeatOutcome(points=c, won=c > 0, goes=0) for c in chips]
        seatings.append(SeatingResult(r, lineup_at, seats, nagari=False, reason="stop", winner=chips.index(6.0), redeals=0))
    report = build_report(job, [DealResult(0, seatings)])
    assert [b.bot for b in report.bots] == ["S", "G"]
    assert report.bot("S").points.value == 6.0
    assert report.bot("G").points.value == -3.0
    assert report.bot("G").hands == 6 and report.bot("G").seats == 2
    assert math.isnan(report.bot("S").go_success)
    assert report.to_json()["bots"][0]["go_success_rate"] is None
