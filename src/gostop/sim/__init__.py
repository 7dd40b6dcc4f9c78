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
from gostop.limits import MAX_SEED
from gostop.rules import Rules
from gostop.sim.backends import (
    BACKENDS,
    BackendUnavailable,
    Progress,
    check_backend,
    default_workers,
    run_deals,
)
from gostop.sim.matches import (
    MatchJob,
    MatchReport,
    MatchReportBuilder,
    check_table_size,
    play_match,
    play_rotations,
)
from gostop.sim.report import BotReport, PairReport, Report, ReportBuilder, build_report
from gostop.sim.runner import DealResult, SimJob, play_deal, play_hand

__all__ = [
    "simulate",
    "simulate_matches",
    "check_lineup",
    "check_match_lineup",
    "check_backend",
    "MatchJob",
    "MatchReport",
    "play_match",
    "LIMITS",
    "SimJob",
    "Report",
    "BotReport",
    "PairReport",
    "DealResult",
    "play_deal",
    "play_hand",
    "run_deals",
    "build_report",
    "ReportBuilder",
    "default_workers",
    "BACKENDS",
    "BackendUnavailable",
]


#: Sane ranges (inclusive) of a simulation's counts; the command line rejects anything else.
#: The run seed is any seed of :mod:`gostop.limits` (0 to 2**64-1), as for ``deal`` and
#: ``play``: it only enters :func:`~gostop.sim.schedule.derive_seed` (as text, hashed), which
#: derives the 63-bit seeds of every deal, seat and match.
LIMITS: dict[str, tuple[int, int]] = {
    "deals": (1, 10_000_000),
    "matches": (1, 1_000_000),
    "hands": (1, 1_000),
    "workers": (1, 1_024),
    "seed": (0, MAX_SEED),
}


def check_lineup(rules: Rules, lineup: Sequence[str], *, engine: str = "reference") -> None:
    """Raise ``ValueError`` (a message for people) if :func:`simulate` cannot play ``lineup``:
    a bad bot spec (each bot is built once), a table that is not 2 or 3 players, or a lineup or
    rules that ``engine`` does not play. Nothing is played; :func:`simulate` checks the same
    first, and a caller that shows progress checks before it starts showing it."""
    for spec in lineup:
        make_agent(spec)
    SimJob(rules=rules, players=len(lineup), lineup=tuple(lineup), seed=0, engine=engine)
    if engine == "fast":  # the compiled engine: random / greedy bots, covered rules only
        from gostop.sim.fast_runner import check_fast_lineup

        check_fast_lineup(rules, lineup)
    elif engine != "reference":
        raise ValueError(f"unknown engine {engine!r}; engines: reference, fast")


def check_match_lineup(rules: Rules, lineup: Sequence[str], *, hands: int | None = None) -> None:
    """Raise ``ValueError`` (a message for people) if :func:`simulate_matches` cannot seat
    ``lineup`` under ``rules`` (a bad bot spec, too few or too many seats for the rules)."""
    for spec in lineup:
        make_agent(spec)
    check_table_size(MatchJob(rules=rules, lineup=tuple(lineup), seed=0, hands=hands))


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
    engine: str = "reference",
) -> Report:
    """Play ``deals`` duplicate deals between the bots of ``lineup`` (one bot spec per seat).

    Each deal is played once per rotation of the lineup over the seats. Bot specs are checked
    (by building each bot once) before any deal is played. ``engine="fast"`` plays on the
    compiled engine (:mod:`gostop.sim.fast_runner`: ``random`` and ``greedy`` bots only, the
    same results; ValueError for other bots or rules it does not cover).
    """
    if deals < 1:
        raise ValueError(f"the number of deals must be at least 1, got {deals}")
    check_lineup(rules, lineup, engine=engine)
    job = SimJob(rules=rules, players=len(lineup), lineup=tuple(lineup), seed=seed, engine=engine)
    builder = ReportBuilder(job)  # the deals are counted as they finish, not kept
    run_deals(
        job,
        range(deals),
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        timing=timing,
        consume=builder.add,
    )
    return builder.build()


def simulate_matches(
    rules: Rules,
    lineup: Sequence[str],
    matches: int,
    *,
    seed: int = 0,
    hands: int | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    timing: bool = True,
) -> MatchReport:
    """Play ``matches`` duplicate matches between the bots of ``lineup`` (2 to 7, one per
    table seat; gwangpalli from 4 seated under presets that use it): each match seed once per
    rotation of the lineup. ``hands`` caps the counted hands of a match
    (:meth:`MatchJob.hands_limit`). ``progress`` is called with the number of matches just
    played, every rotation counting one: ``matches * len(lineup)`` in all."""
    if matches < 1:
        raise ValueError(f"the number of matches must be at least 1, got {matches}")
    check_match_lineup(rules, lineup, hands=hands)
    job = MatchJob(rules=rules, lineup=tuple(lineup), seed=seed, hands=hands)
    builder = MatchReportBuilder(job)  # the matches are counted as they finish, not kept
    run_deals(
        job,
        range(matches * job.rotations),  # one match each (play_rotations): a lively progress
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        timing=timing,
        work=play_rotations,
        consume=builder.add,
    )
    return builder.build()
