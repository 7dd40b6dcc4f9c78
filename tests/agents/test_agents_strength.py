"""A seeded smoke match: ``search`` (small budget) beats ``greedy`` on mean points per hand.

Seeded deals and seeded agents with a step-budgeted (not timed) search: the figures are the
same on every run and every machine, so this cannot flake; it fails if the search stops paying
off. The budget is small and the search is limited to go/stop and the layout-card choices
(the main action is the expert's) so that the 400 hands take seconds, not minutes.
"""

from __future__ import annotations

from gostop.rules import get_preset
from gostop.sim import simulate

SMOKE_SEARCH = "search:steps=200:only=go-stop+pick-hand+pick-stock"


def test_search_beats_greedy_over_200_seeded_deals() -> None:
    report = simulate(get_preset("pagat"), [SMOKE_SEARCH, "greedy"], 200, seed=2026, workers=2, timing=False)
    search, greedy = report.bot(SMOKE_SEARCH), report.bot("greedy")
    assert report.hands == 400
    assert search.points.value > greedy.points.value
    assert search.points.value > 0
