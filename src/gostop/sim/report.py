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
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.sim.runner import DealResult, SimJob
from gostop.sim.stats import Interval, mean_ci, percentile, wilson

__all__ = ["BotReport", "PairReport", "Report", "build_report", "EVENT_TYPES_SHOWN"]

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
            "decisions": self.decisions,
        }
        if timing:
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
        """The report as JSON-ready data; ``timing=False`` leaves out wall-clock figures."""
        return {
            "preset": self.job.rules.preset,
            "overrides": self.job.rules.overrides(),
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


def build_report(job: SimJob, results: Sequence[DealResult]) -> Report:
    """Aggregate deal results (any order; they are sorted by deal first)."""
    results = sorted(results, key=lambda d: d.deal)
    names = entrants(job.lineup)
    per_deal: dict[str, list[float]] = {n: [] for n in names}
    hands: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    nagari_by: Counter[str] = Counter()
    go_hands: Counter[str] = Counter()
    go_wins: Counter[str] = Counter()
    go_bak: Counter[str] = Counter()
    events: dict[str, Counter[str]] = defaultdict(Counter)
    times: dict[str, list[float]] = defaultdict(list)
    total_hands = nagari = redeals = 0
    reasons: Counter[str] = Counter()
    for deal in results:
        sums: dict[str, float] = defaultdict(float)
        counts: Counter[str] = Counter()
        for sr in deal.seatings:
            total_hands += 1
            nagari += sr.nagari
            redeals += sr.redeals
            reasons[sr.reason] += 1
            for seat, out in enumerate(sr.seats):
                name = job.lineup[sr.lineup_at[seat]]
                sums[name] += out.points
                counts[name] += 1
                hands[name] += 1
                wins[name] += out.won
                nagari_by[name] += sr.nagari
                if out.goes:
                    go_hands[name] += 1
                    go_wins[name] += out.won
                    go_bak[name] += (not out.won) and sr.winner is not None
                for etype, k in out.events.items():
                    if etype not in _ROUTINE_EVENTS:
                        events[name][etype] += k
                times[name].extend(out.times)
        for name in names:
            per_deal[name].append(sums[name] / counts[name])
    bots = []
    for name in names:
        lo, hi = wilson(wins[name], hands[name])
        ts = times[name]
        bots.append(
            BotReport(
                bot=name,
                seats=job.lineup.count(name),
                hands=hands[name],
                points=mean_ci(per_deal[name]),
                wins=wins[name],
                win_low=lo,
                win_high=hi,
                nagari=nagari_by[name],
                go_hands=go_hands[name],
                go_wins=go_wins[name],
                go_bak=go_bak[name],
                events={k: v / hands[name] for k, v in events[name].items()},
                decisions=len(ts),
                time_p50_ms=percentile(ts, 50) * 1000 if ts else math.nan,
                time_p95_ms=percentile(ts, 95) * 1000 if ts else math.nan,
                time_max_ms=max(ts) * 1000 if ts else math.nan,
            )
        )
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diffs = [x - y for x, y in zip(per_deal[a], per_deal[b], strict=True)]
            pairs.append(PairReport(a, b, mean_ci(diffs)))
    return Report(
        job=job,
        deals=len(results),
        hands=total_hands,
        nagari=nagari,
        redeals=redeals,
        bots=bots,
        pairs=pairs,
        reasons=dict(reasons),
    )
