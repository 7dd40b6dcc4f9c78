"""A ladder: every pair of bots on the same duplicate deals, and one rating per bot.

Each pair plays the same ``deals`` 2-player deals (the run's seed, both seatings of each deal:
:mod:`gostop.sim.schedule`), so every pair meets the same cards. From the hands:

* **points**: the mean net points per hand of the first bot over the second, with its 95 % CI
  clustered by deal (:class:`~gostop.sim.report.PairReport`);
* **rating** (the ladder's order), fitted on **points**: one number per bot, the first bot of
  the ladder at 0, such that rating(A) - rating(B) is as close as possible (least squares,
  each pair weighted by its hands) to A's mean net points per hand when it plays B (half the
  pair's A - B difference: two players, zero sum) -- "A beats B by x points a hand", the figure
  every strength goal is stated in;
* **Elo**, fitted on **wins**: a Bradley--Terry model -- each hand one win for its winner, a
  nagari half a win to each -- by the MM algorithm (Hunter 2004), on the Elo scale (400 x
  log10 of the strength ratio: +100 is a 64 % chance to win a decided hand), the first bot at
  0. Wins and points can disagree: a bot that stops early wins many small hands.

The 95 % CI of both is the 2.5 / 97.5 percentiles of a bootstrap over deals (each pair's
deals resampled with both their seatings, :data:`BOOTSTRAP` times, a fixed seed).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gostop.agents import make_agent
from gostop.agents.registry import bot_defaults, parse_spec
from gostop.rules import Rules
from gostop.sim.backends import Progress, run_deals
from gostop.sim.report import PairReport, Report, ReportBuilder
from gostop.sim.runner import DealResult, SimJob
from gostop.sim.schedule import derive_seed

__all__ = [
    "BOOTSTRAP",
    "Ladder",
    "LadderPair",
    "Rating",
    "bot_identity",
    "bradley_terry",
    "play_ladder",
    "points_rating",
    "same_bots",
]

#: Bootstrap resamples for the rating CIs.
BOOTSTRAP = 200


@dataclass(frozen=True)
class Rating:
    """A bot's points rating (points per hand over the first bot) and Elo (wins), with CIs."""

    bot: str
    points: float
    points_low: float
    points_high: float
    elo: float
    low: float
    high: float


@dataclass(frozen=True)
class LadderPair:
    """One pair's duplicate deals: wins of each side (a nagari half each) and the points."""

    a: str
    b: str
    hands: int
    wins_a: float
    wins_b: float
    points: PairReport
    p95_ms: tuple[float, float]


@dataclass(frozen=True)
class Ladder:
    rules: Rules
    bots: tuple[str, ...]
    deals: int
    seed: int
    pairs: list[LadderPair]
    ratings: list[Rating]

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        """The ladder as JSON-ready data, ``mode`` ``ladder`` (the other reports say ``deals`` and
        ``match``). ``preset`` and ``overrides`` name the rules as the
        plain simulation's report does; ``rules`` (the preset's name) is kept for older readers.
        Each pair has the p95 of both bots' decision times in milliseconds (``decision_ms_p95``,
        ``[A, B]``, as the table shows them) unless ``timing=False``: wall-clock figures, the
        only part of a ladder that a second run with the same seed does not repeat."""

        def pair(p: LadderPair) -> dict[str, Any]:
            out = {"a": p.a, "b": p.b, "hands": p.hands, "wins_a": p.wins_a, "wins_b": p.wins_b, **p.points.to_json()}
            if timing:
                out["decision_ms_p95"] = [None if math.isnan(ms) else ms for ms in p.p95_ms]
            return out

        return {
            "mode": "ladder",
            "preset": self.rules.preset,
            "overrides": self.rules.overrides(),
            "unit": self.rules.payment_unit,
            "rules": self.rules.preset,
            "deals_per_pair": self.deals,
            "seed": self.seed,
            "rating": "points: least squares on each pair's points per hand, first bot = 0; elo: Bradley-Terry on hand "
            "wins (nagari half), first bot = 0; 95% bootstrap CIs over deals",
            "ratings": [
                {
                    "bot": r.bot,
                    "points": round(r.points, 2),
                    "points_ci95": [_rounded(r.points_low, 2), _rounded(r.points_high, 2)],
                    "elo": round(r.elo, 1),
                    "elo_ci95": [_rounded(r.low, 1), _rounded(r.high, 1)],
                }
                for r in self.ratings
            ],
            "pairs": [pair(p) for p in self.pairs],
        }


def _rounded(x: float, digits: int) -> float | None:
    """A bound for JSON: rounded, or null when there is no interval (NaN)."""
    return None if math.isnan(x) else round(x, digits)


def bot_identity(spec: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The bot a spec builds: its kind and every parameter, defaults filled in, so that two
    names of one bot (``easy`` and ``greedy``; ``search`` and ``search:steps=1000``) compare
    equal. Raises :class:`~gostop.agents.AgentSpecError` for an unknown bot."""
    name, params = parse_spec(spec)
    defaults = bot_defaults(name)

    def plain(value: object) -> str:  # 0 and 0.0 are one value
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return repr(float(value)) if number else repr(value)  # type: ignore[arg-type]

    merged = {**defaults, **params}
    return name, tuple(sorted((k, plain(v)) for k, v in merged.items()))


def same_bots(bots: Sequence[str]) -> tuple[str, str] | None:
    """The first two specs of ``bots`` that build the same bot (``("easy", "greedy")``), or None."""
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
    for spec in bots:
        key = bot_identity(spec)
        if key in seen:
            return seen[key], spec
        seen[key] = spec
    return None


def _per_deal(results: Sequence[DealResult]) -> list[tuple[float, float, float, int]]:
    """Per deal: (wins of lineup 0, wins of lineup 1, points of 0 minus points of 1, hands)
    over its seatings; a nagari is half a win each."""
    out = []
    for d in results:
        w = [0.0, 0.0]
        diff = 0.0
        for s in d.seatings:
            if s.nagari or s.winner is None:
                w[0] += 0.5
                w[1] += 0.5
            else:
                w[s.lineup_at[s.winner]] += 1.0
            for seat, outcome in enumerate(s.seats):
                diff += outcome.points if s.lineup_at[seat] == 0 else -outcome.points
        out.append((w[0], w[1], diff, len(d.seatings)))
    return out


def _play_pair(
    job: SimJob, deals: int, *, workers: int, backend: str, address: str | None, progress: Progress | None, timing: bool
) -> tuple[Report, list[tuple[float, float, float, int]]]:
    """One pair's deals: its report, and :func:`_per_deal` in deal order (the bootstrap's
    order); the deals' results are counted as they finish, not kept."""
    builder = ReportBuilder(job)
    rows: list[tuple[int, tuple[float, float, float, int]]] = []

    def take(part: list[DealResult]) -> None:
        builder.add(part)
        rows.extend(zip((d.deal for d in part), _per_deal(part), strict=True))

    run_deals(
        job, range(deals), workers=workers, backend=backend, address=address, progress=progress, timing=timing,
        consume=take,
    )
    rows.sort(key=lambda r: r[0])
    return builder.build(), [row for _, row in rows]


def points_rating(n: int, pairs: Sequence[tuple[int, int, float, float]]) -> list[float]:
    """Least-squares ratings (player 0 = 0) from ``(i, j, mean points per hand of i over j,
    hands)``: minimise the sum over pairs of hands x (r_i - r_j - diff)^2."""
    a = np.zeros((len(pairs), n - 1))
    y = np.zeros(len(pairs))
    for row, (i, j, diff, hands) in enumerate(pairs):
        w = math.sqrt(hands)
        if i:
            a[row, i - 1] += w
        if j:
            a[row, j - 1] -= w
        y[row] = w * diff
    r, *_ = np.linalg.lstsq(a, y, rcond=None)
    return [0.0, *(float(x) for x in r)]


def _fit(n: int, per_pair: Sequence[tuple[int, int, Sequence[tuple[float, float, float, int]]]], iterations: int) -> tuple[list[float], list[float]]:
    games = []
    diffs = []
    for i, j, ds in per_pair:
        games.append((i, j, sum(d[0] for d in ds), sum(d[1] for d in ds)))
        hands = sum(d[3] for d in ds)
        diffs.append((i, j, sum(d[2] for d in ds) / hands / 2, float(hands)))  # A's net = (A - B) / 2
    return points_rating(n, diffs), bradley_terry(n, games, iterations)


def bradley_terry(n: int, games: Sequence[tuple[int, int, float, float]], iterations: int = 500) -> list[float]:
    """Bradley--Terry strengths on the Elo scale (player 0 = 0) from ``(i, j, wins_i, wins_j)``.

    MM updates ``p_i = W_i / sum_j n_ij / (p_i + p_j)``; half a win is added to each side of
    every pair played (a weak prior that keeps a bot that never won or never lost finite)."""
    wins = [0.0] * n
    count: dict[tuple[int, int], float] = {}
    for i, j, wi, wj in games:
        wins[i] += wi + 0.5
        wins[j] += wj + 0.5
        key = (min(i, j), max(i, j))
        count[key] = count.get(key, 0.0) + wi + wj + 1.0
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = 0.0
            for (a, b), c in count.items():
                if i in (a, b):
                    other = b if i == a else a
                    denom += c / (p[i] + p[other])
            new.append(wins[i] / denom if denom > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / n)
        change = max(abs(x / g - y) for x, y in zip(new, p, strict=True))
        p = [x / g for x in new]
        if change < 1e-10:
            break
    return [400.0 * math.log10(x / p[0]) for x in p]


def play_ladder(
    rules: Rules,
    bots: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    timing: bool = True,
) -> Ladder:
    """Play every pair of ``bots`` (2 players) on the same ``deals`` duplicate deals.

    ``timing=False`` does not measure decision times (the pairs' p95 are NaN). With a single
    deal there is no spread over deals: the rating intervals are NaN (no interval)."""
    if len(bots) < 2:
        raise ValueError(f"a ladder needs at least two bots, got {len(bots)}")
    if len(set(bots)) != len(bots):
        raise ValueError("a ladder lists each bot once: " + ", ".join(bots))
    if deals < 1:
        raise ValueError(f"the number of deals must be at least 1, got {deals}")
    for spec in bots:
        make_agent(spec)
    twins = same_bots(bots)
    if twins is not None:
        raise ValueError(f"a ladder lists each bot once: {twins[0]} and {twins[1]} are the same bot")
    per_pair: list[tuple[int, int, list[tuple[float, float, float, int]]]] = []
    pairs: list[LadderPair] = []
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            job = SimJob(rules=rules, players=2, lineup=(bots[i], bots[j]), seed=seed)
            report, wins = _play_pair(
                job, deals, workers=workers, backend=backend, address=address, progress=progress, timing=timing
            )
            per_pair.append((i, j, wins))
            pairs.append(
                LadderPair(
                    a=bots[i],
                    b=bots[j],
                    hands=report.hands,
                    wins_a=sum(w[0] for w in wins),
                    wins_b=sum(w[1] for w in wins),
                    points=report.pairs[0],
                    p95_ms=(report.bots[0].time_p95_ms, report.bots[1].time_p95_ms),
                )
            )
    n = len(bots)
    points, elo = _fit(n, per_pair, 500)
    rng = random.Random(derive_seed(seed, "ladder-bootstrap"))
    samples: list[tuple[list[float], list[float]]] = []
    for _ in range(BOOTSTRAP):
        resampled = [(i, j, [ws[rng.randrange(len(ws))] for _ in ws]) for i, j, ws in per_pair]
        samples.append(_fit(n, resampled, 200))

    def interval(values: list[float]) -> tuple[float, float]:
        if deals < 2:  # every resample is the one deal: a zero-width interval would mislead
            return math.nan, math.nan
        col = sorted(values)
        return col[int(0.025 * (len(col) - 1))], col[int(math.ceil(0.975 * (len(col) - 1)))]

    ratings = []
    for k in range(n):
        plo, phi = interval([s[0][k] for s in samples])
        lo, hi = interval([s[1][k] for s in samples])
        ratings.append(Rating(bots[k], points[k], plo, phi, elo[k], lo, hi))
    return Ladder(rules=rules, bots=tuple(bots), deals=deals, seed=seed, pairs=pairs, ratings=ratings)
