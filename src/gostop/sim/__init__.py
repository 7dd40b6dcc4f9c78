"""The tournament simulator: duplicate deals between bots, statistics, parallel backends.

>>> from gostop.rules import get_preset
>>> report = simulate(get_preset("pagat"), ["greedy", "random"], deals=4, seed=1)  # doctest: +SKIP
>>> report.bot("greedy").points.value  # doctest: +SKIP

See :mod:`gostop.sim.schedule` (duplicate deals, seeds), :mod:`gostop.sim.runner` (playing
hands), :mod:`gostop.sim.backends` (process pool, Ray) and :mod:`gostop.sim.report` (figures).
"""

from __future__ import annotations

from collections.abc import Sequence

from gostop.agents import make_agent
from gostop.rules import Rules
from gostop.sim.backends import BACKENDS, BackendUnavailable, Progress, default_workers, run_deals
from gostop.sim.report import BotReport, PairReport, Report, build_report
from gostop.sim.runner import DealResult, SimJob, play_deal, play_hand

__all__ = [
    "simulate",
    "SimJob",
    "Report",
    "BotReport",
    "PairReport",
    "DealResult",
    "play_deal",
    "play_hand",
    "run_deals",
    "build_report",
    "default_workers",
    "BACKENDS",
    "BackendUnavailable",
]


def simulate(
    rules: Rules,
    lineup: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    timing: bool = True,
) -> Report:
    """Play ``deals`` duplicate deals between the bots of ``lineup`` (one bot spec per seat).

    Each deal is played once per rotation of the lineup over the seats. Bot specs are checked
    (by building each bot once) before any deal is played.
    """
    if deals < 1:
        raise ValueError(f"the number of deals must be at least 1, got {deals}")
    for spec in lineup:
        make_agent(spec)
    job = SimJob(rules=rules, players=len(lineup), lineup=tuple(lineup), seed=seed)
    results = run_deals(
        job,
        range(deals),
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        timing=timing,
    )
    return build_report(job, results)
