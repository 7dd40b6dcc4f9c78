"""Aggregating deal results into the per-bot report, as JSON or as text tables.

Definitions (per bot; a bot that fills several seats of the lineup is one row):

* **points per hand**: the bot's net chips per hand (``HandResult.chips[seat]``, zero-sum;
  minus the shots taken under ``payment_unit = shots``). For each deal, the bot's results over
  all its seats and seatings are averaged first; the mean and its 95 % Student-t interval are
  then taken over deals (an interval clustered by deal).
* **win %**: hands won (stop or instant win) / hands played, with a 95 % Wilson interval.
* **nagari %**: hands played that ended without a winner.
* **go success**: hands in which the bot said go at least once and then won / such hands.
* **go-bak**: hands in which the bot said go and another player won / such hands.
* **events**: per hand played, how often each engine event named the bot's seat (the seat that
  made it: ppuk, chok, bomb, go...; for ``surrender`` and ``no-junk``, the debtor). Routine
  events of every turn (play, flip, capture...) are left out.
* **shodang**: per hand played, the bot's offers (``offer-shodang``), its answers ``accept``
  and ``refuse`` (an opponent deemed to accept after a refusal, LIAB-8, is ``accept-deemed``,
  not an answer); the report's ``shodang_nagari_rate`` is the share of hands ended by an
  accepted offer.
* **decision time**: p50 / p95 / max of the wall time of the bot's decisions that had more than
  one legal action.

``pairs`` gives, for each two bots A and B, the per-deal difference of their points per hand
(A - B), with the same clustered interval.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.sim.runner import DealResult, SimJob
from gostop.sim.stats import Interval, Sample, mean_ci, paired_cis, wilson

__all__ = ["BotReport", "PairReport", "Report", "ReportBuilder", "build_report", "EVENT_TYPES_SHOWN"]

#: Engine events that are part of every turn and say nothing about play style.
_ROUTINE_EVENTS = frozenset(
    {
        "deal",
        "layout",
        "layout-joker",
        "dealt-stack",
        "turn",
        "play",
        "draw",
        "flip",
        "capture",
        "pick",
        "substitute",
        "payment",
        "settlement",
        "win",
        "shot",
    }
)

#: Event types shown in the text table (all types are in the JSON).
EVENT_TYPES_SHOWN = (
    "ppuk",
    "ttadak",
    "chok",
    "sseul",
    "stack-capture",
    "ja-ppuk",
    "bomb",
    "shake",
    "skip",
    "surrender",
    "go",
    "stop",
    "chongtong",
)

#: Shodang events (DEC-9/DEC-10), shown in their own table.
SHODANG_EVENTS = ("offer-shodang", "accept", "refuse")


@dataclass
class BotReport:
    bot: str
    seats: int  # how many seats of the lineup it fills
    hands: int
    points: Interval
    wins: int
    win_low: float
    win_high: float
    nagari: int
    go_hands: int
    go_wins: int
    go_bak: int
    events: dict[str, float] = field(default_factory=dict)
    decisions: int = 0
    time_p50_ms: float = math.nan
    time_p95_ms: float = math.nan
    time_max_ms: float = math.nan

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else math.nan

    @property
    def nagari_rate(self) -> float:
        return self.nagari / self.hands if self.hands else math.nan

    @property
    def go_success(self) -> float:
        return self.go_wins / self.go_hands if self.go_hands else math.nan

    @property
    def go_bak_rate(self) -> float:
        return self.go_bak / self.go_hands if self.go_hands else math.nan

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "bot": self.bot,
            "seats": self.seats,
            "hands": self.hands,
            "points_per_hand": _num(self.points.value),
            "points_ci95": [_num(self.points.low), _num(self.points.high)],
            "win_rate": _num(self.win_rate),
            "win_ci95": [_num(self.win_low), _num(self.win_high)],
            "nagari_rate": _num(self.nagari_rate),
            "go_hands": self.go_hands,
            "go_success_rate": _num(self.go_success),
            "go_bak_rate": _num(self.go_bak_rate),
            "events_per_hand": {k: _num(v) for k, v in sorted(self.events.items())},
        }
        if timing:  # decisions are counted as they are timed: without timing there is no count
            out["decisions"] = self.decisions
            out["decision_ms"] = {
                "p50": _num(self.time_p50_ms),
                "p95": _num(self.time_p95_ms),
                "max": _num(self.time_max_ms),
            }
        return out


@dataclass
class PairReport:
    a: str
    b: str
    diff: Interval

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "points_diff_per_hand": _num(self.diff.value),
            "ci95": [_num(self.diff.low), _num(self.diff.high)],
        }


@dataclass
class Report:
    job: SimJob
    deals: int
    hands: int
    nagari: int
    redeals: int
    bots: list[BotReport]
    pairs: list[PairReport]
    reasons: dict[str, int]

    @property
    def shodang_nagari(self) -> int:
        """Hands ended as a nagari by an accepted shodang offer (LIAB-8)."""
        return self.reasons.get("shodang", 0)

    def bot(self, name: str) -> BotReport:
        for b in self.bots:
            if b.bot == name:
                return b
        raise KeyError(f"no bot {name!r} in this report; bots: {', '.join(b.bot for b in self.bots)}")

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        """The report as JSON-ready data, ``mode`` ``deals`` (the other reports say ``match``
        and ``ladder``); ``timing=False`` leaves out wall-clock figures."""
        return {
            "mode": "deals",
            "preset": self.job.rules.preset,
            "overrides": self.job.rules.overrides(),
            "unit": self.job.rules.payment_unit,
            "players": self.job.players,
            "lineup": list(self.job.lineup),
            "seed": self.job.seed,
            "deals": self.deals,
            "hands": self.hands,
            "seatings_per_deal": self.job.players,
            "nagari_rate": _num(self.nagari / self.hands if self.hands else math.nan),
            "shodang_nagari_rate": _num(self.shodang_nagari / self.hands if self.hands else math.nan),
            "void_redeals": self.redeals,
            "end_reasons": dict(sorted(self.reasons.items())),
            "bots": [b.to_json(timing) for b in self.bots],
            "pairs": [p.to_json() for p in self.pairs],
        }


def _num(x: float) -> float | None:
    """JSON has no NaN: undefined figures are null."""
    return None if math.isnan(x) else x


def entrants(lineup: Sequence[str]) -> list[str]:
    """Distinct bots of a lineup, in order of first appearance."""
    out: list[str] = []
    for spec in lineup:
        if spec not in out:
            out.append(spec)
    return out


class ReportBuilder:
    """Builds a :class:`Report` from deal results added as they are played, in any order,
    without keeping them: per deal only each bot's mean points (8 bytes a bot, for the
    intervals), counters, and the decision times in a bounded :class:`~gostop.sim.stats.Sample`.
    A run of millions of deals fits in memory; the figures do not depend on the order in which
    the deals arrive (sums are exact: :func:`math.fsum`)."""

    def __init__(self, job: SimJob) -> None:
        self.job = job
        self.names = entrants(job.lineup)
        self._per_deal: dict[str, array[float]] = {n: array("d") for n in self.names}
        self._hands: Counter[str] = Counter()
        self._wins: Counter[str] = Counter()
        self._nagari_by: Counter[str] = Counter()
        self._go_hands: Counter[str] = Counter()
        self._go_wins: Counter[str] = Counter()
        self._go_bak: Counter[str] = Counter()
        self._events: dict[str, Counter[str]] = defaultdict(Counter)
        self._times: dict[str, Sample] = {n: Sample() for n in self.names}
        self._deals = self._total_hands = self._nagari = self._redeals = 0
        self._reasons: Counter[str] = Counter()

    def add(self, results: Iterable[DealResult]) -> None:
        """Count these deals (each deal once: a deal added twice would count twice)."""
        job = self.job
        for deal in results:
            self._deals += 1
            sums: dict[str, float] = defaultdict(float)
            counts: Counter[str] = Counter()
            for sr in deal.seatings:
                self._total_hands += 1
                self._nagari += sr.nagari
                self._redeals += sr.redeals
                self._reasons[sr.reason] += 1
                for seat, out in enumerate(sr.seats):
                    name = job.lineup[sr.lineup_at[seat]]
                    sums[name] += out.points
                    counts[name] += 1
                    self._hands[name] += 1
                    self._wins[name] += out.won
                    self._nagari_by[name] += sr.nagari
                    if out.goes:
                        self._go_hands[name] += 1
                        self._go_wins[name] += out.won
                        self._go_bak[name] += (not out.won) and sr.winner is not None
                    for etype, k in out.events.items():
                        if etype not in _ROUTINE_EVENTS:
                            self._events[name][etype] += k
                    self._times[name].extend(out.times)
            for name in self.names:
                self._per_deal[name].append(sums[name] / counts[name])

    def build(self) -> Report:
        """The report of every deal added so far."""
        bots = []
        for name in self.names:
            hands = self._hands[name]
            lo, hi = wilson(self._wins[name], hands)
            ts = self._times[name]
            bots.append(
                BotReport(
                    bot=name,
                    seats=self.job.lineup.count(name),
                    hands=hands,
                    points=mean_ci(self._per_deal[name]),
                    wins=self._wins[name],
                    win_low=lo,
                    win_high=hi,
                    nagari=self._nagari_by[name],
                    go_hands=self._go_hands[name],
                    go_wins=self._go_wins[name],
                    go_bak=self._go_bak[name],
                    events={k: v / hands for k, v in self._events[name].items()},
                    decisions=ts.count,
                    time_p50_ms=ts.percentile(50) * 1000,
                    time_p95_ms=ts.percentile(95) * 1000,
                    time_max_ms=ts.max * 1000,
                )
            )
        pairs = [PairReport(a, b, ci) for a, b, ci in paired_cis(self.names, self._per_deal)]
        return Report(
            job=self.job,
            deals=self._deals,
            hands=self._total_hands,
            nagari=self._nagari,
            redeals=self._redeals,
            bots=bots,
            pairs=pairs,
            reasons=dict(self._reasons),
        )


def build_report(job: SimJob, results: Iterable[DealResult]) -> Report:
    """Aggregate deal results (any order): :class:`ReportBuilder` over all of them."""
    builder = ReportBuilder(job)
    builder.add(results)
    return builder.build()
