"""Whole matches between bots: 2 to 7 seats, gwangpalli from 4 (RULES.md 2.3 MATCH, 2.15 GWANG).

:func:`play_match` drives a :class:`~gostop.match.Match` with one agent per table seat: table
decisions (cut, stay/drop, claims, the goo-stupe list) through
:func:`gostop.agents.table.choose_table_action`, the hands' decisions as
:func:`gostop.sim.runner.play_hand` asks them (observation, legal actions, a world sampler
for agents that search).

Duplicate matches: match ``i`` of a run is played once per rotation of the lineup over the
seats with the same match seed (the same deals, draws and dealer), so every bot meets the
same cards from every seat. The rotations of one match are one *cluster*
(:class:`MatchCluster`): a bot's chips are averaged over its seats in the cluster first, and
the 95 % interval is taken over clusters (:func:`build_match_report`). Each rotation is
played on its own (:func:`play_rotations`, the unit of work of the backends), so the progress
moves after every match, and the report counts a cluster once all of its rotations are in.

First places follow the match's final standings (MATCH-7: most chips, or fewest shots in a
shots match, the other figure breaking a tie): a tie for first between ``k`` seats counts
``1/k`` to each, so the seats' first places add up to one per match.
"""

from __future__ import annotations

import math
import time
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gostop.agents import Agent, make_agent
from gostop.match import Match, Player
from gostop.rules import Rules
from gostop.sim.report import entrants
from gostop.sim.schedule import derive_seed, seatings
from gostop.sim.stats import Interval, Sample, mean_ci, paired_cis
from gostop.table import begin_hand, decide, decide_table

__all__ = [
    "MatchJob",
    "MatchOutcome",
    "MatchCluster",
    "MatchBotReport",
    "MatchReport",
    "play_match",
    "hands_played",
    "check_table_size",
    "play_cluster",
    "play_clusters",
    "play_rotation",
    "play_rotations",
    "build_match_report",
    "MatchReportBuilder",
    "DEFAULT_MATCH_HANDS",
    "MIN_SEATS",
    "MAX_SEATS",
]

#: Length of a simulated match when the rules set none (open-ended matches, GOO-21).
DEFAULT_MATCH_HANDS = 12
MIN_SEATS = 2
MAX_SEATS = 7


@dataclass(frozen=True)
class MatchJob:
    """Everything a worker needs to play matches: picklable, no live objects.

    ``hands``: a cap on counted hands (``None``: the rules' ``match_hands``, or
    :data:`DEFAULT_MATCH_HANDS` for an open-ended match).
    """

    rules: Rules
    lineup: tuple[str, ...]
    seed: int
    hands: int | None = None

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.lineup) <= MAX_SEATS:
            raise ValueError(f"a match seats {MIN_SEATS} to {MAX_SEATS} bots, got {len(self.lineup)}")

    @property
    def seats(self) -> int:
        return len(self.lineup)

    @property
    def rotations(self) -> int:
        """Rotations of the lineup, each played with every match seed (one per seat)."""
        return len(seatings(self.seats))

    def hands_limit(self) -> int | None:
        if self.hands is not None:
            return self.hands
        open_ended = self.rules.match_hands is None and self.rules.match_target_chips is None
        return DEFAULT_MATCH_HANDS if open_ended else None


@dataclass
class MatchOutcome:
    """One match: ``lineup_at[seat]`` is the lineup index at that table seat."""

    rotation: int
    lineup_at: tuple[int, ...]
    chips: list[float]  # per table seat: net chips (minus shots under payment_unit = shots)
    hands: int
    deals: int
    end_reason: str
    played: list[int] = field(default_factory=list)  # per seat: hands it played in
    times: list[list[float]] = field(default_factory=list)  # per seat: decision seconds
    ranks: list[int] = field(default_factory=list)  # per seat: its rank in the final standings


@dataclass
class MatchCluster:
    """Rotations of match ``deal``: every one (:func:`play_cluster`), or one
    (:func:`play_rotations`). Named like :class:`~gostop.sim.runner.DealResult`'s field so that
    the backends sort both alike."""

    deal: int
    matches: list[MatchOutcome]


def _names(n: int) -> list[Player]:
    # Ages for the ``oldest`` first dealer and the goo-stupe list head (MATCH-3, GOO-17).
    return [Player(f"Seat {s + 1}", 30 + 3 * s) for s in range(n)]


def check_table_size(job: MatchJob) -> None:
    """Raise ``ValueError`` (a :class:`~gostop.match.MatchError`) if the rules cannot seat the
    lineup (e.g. more players than ``max_players``)."""
    Match(job.rules, _names(job.seats), job.seed, hands_limit=1)


def play_match(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int,
    *,
    hands_limit: int | None = None,
    agent_seed: int = 0,
    timing: bool = True,
) -> tuple[Match, list[list[float]], list[int]]:
    """Play a whole match, ``agents[seat]`` at each table seat.

    Returns the finished match, the decision times per seat (seconds, decisions with more than
    one legal action) and the number of counted hands each seat played in (from the ledger: a
    hand ended at the deal, such as a chongtong, counts; a void deal does not).
    """
    n = len(agents)
    match = Match(rules, _names(n), seed, hands_limit=hands_limit)
    times: list[list[float]] = [[] for _ in range(n)]
    hand = None
    asked = [0] * n
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        if match.phase != "hand":
            agent = agents[seat]
            t0 = time.perf_counter()
            action: Any = decide_table(agent, match)
            if timing:
                times[seat].append(time.perf_counter() - t0)
            match.apply(action)
            continue
        if match.hand is not hand:  # a new hand: tell the agents who play it
            hand = match.hand
            assert hand is not None
            for hs, ts in enumerate(match.hand_seats):
                ctx_seed = derive_seed(agent_seed, "hand", len(match.deals), ts)
                begin_hand(agents[ts], rules, hand.players, hs, ctx_seed)
        assert hand is not None
        legal = tuple(match.legal_actions())
        if len(legal) == 1:
            match.apply(legal[0])
            continue
        mover = match.hand_seat(seat)
        assert mover is not None
        world = derive_seed(agent_seed, "world", seat, asked[seat])
        asked[seat] += 1
        choice = decide(agents[seat], hand, mover, world, times[seat] if timing else None)
        match.apply(choice)
    return match, times, hands_played(match)


def hands_played(match: Match) -> list[int]:
    """Per table seat, the counted hands it played in (MATCH-2: void deals are not counted).

    Read from the ledger, not from the decisions: a hand that ends at the deal (a chongtong)
    asks nobody anything, and its players played it all the same."""
    played = [0] * match.n
    for entry in match.ledger.entries:
        if entry.hand is not None:
            for seat in entry.active:
                played[seat] += 1
    return played


def _chips(match: Match) -> list[float]:
    out = [0.0] * match.n
    for st in match.standings:
        out[st.seat] = -float(st.shots) if match.shots_unit else float(st.chips)
    return out


def _ranks(match: Match) -> list[int]:
    """Per table seat, its rank in the final standings (MATCH-7; equal results share one)."""
    out = [0] * match.n
    for st in match.standings:
        out[st.seat] = st.rank
    return out


def play_rotation(job: MatchJob, index: int, rotation: int, *, timing: bool = True) -> MatchOutcome:
    """Match ``index`` of ``job`` in one rotation of the lineup (fresh agents). Its result
    depends on the run seed, ``index`` and ``rotation`` only."""
    lineup_at = seatings(job.seats)[rotation]
    agents = [make_agent(job.lineup[i]) for i in lineup_at]
    match, times, played = play_match(
        job.rules,
        agents,
        derive_seed(job.seed, "match", index),
        hands_limit=job.hands_limit(),
        agent_seed=derive_seed(job.seed, "agents", index, rotation),
        timing=timing,
    )
    return MatchOutcome(
        rotation=rotation,
        lineup_at=lineup_at,
        chips=_chips(match),
        hands=match.hands_played,
        deals=len(match.deals),
        end_reason=str(match.end_reason),
        played=played,
        times=times,
        ranks=_ranks(match),
    )


def play_cluster(job: MatchJob, index: int, *, timing: bool = True) -> MatchCluster:
    """Match ``index`` of ``job`` once per rotation of the lineup (fresh agents each time)."""
    return MatchCluster(deal=index, matches=[play_rotation(job, index, r, timing=timing) for r in range(job.rotations)])


def play_clusters(job: MatchJob, indices: list[int], timing: bool = True) -> list[MatchCluster]:
    """Several matches in order, every rotation of each."""
    return [play_cluster(job, i, timing=timing) for i in indices]


def play_rotations(job: MatchJob, units: list[int], timing: bool = True) -> list[MatchCluster]:
    """Single matches, the unit of work of every backend in :func:`gostop.sim.simulate_matches`
    (so that the progress moves after every match, not once per match seed after all of its
    rotations: with slow bots and seven seats that took minutes). Unit ``u`` is rotation
    ``u % job.rotations`` of match seed ``u // job.rotations``; each comes back as a
    :class:`MatchCluster` holding that one match, and :class:`MatchReportBuilder` counts a
    cluster once all of its rotations are in."""
    out = []
    for u in units:
        index, rotation = divmod(u, job.rotations)
        out.append(MatchCluster(deal=index, matches=[play_rotation(job, index, rotation, timing=timing)]))
    return out


# -- the report --------------------------------------------------------------------------------


@dataclass
class MatchBotReport:
    bot: str
    seats: int
    matches: int
    chips: Interval  # per match, clustered by match seed
    first: float  # first places (a tie for first between k seats counts 1/k to each)
    hands_played: float  # per match
    decisions: int = 0
    time_p50_ms: float = math.nan
    time_p95_ms: float = math.nan

    @property
    def first_rate(self) -> float:
        """First places per match a seat of this bot played (a tie for first between ``k``
        seats counts ``1/k`` to each): weighted by the bots' seats the rates add up to one."""
        return self.first / self.matches if self.matches else math.nan

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "bot": self.bot,
            "seats": self.seats,
            "matches": self.matches,
            "chips_per_match": _num(self.chips.value),
            "chips_ci95": [_num(self.chips.low), _num(self.chips.high)],
            "first_place_rate": _num(self.first_rate),
            "hands_played_per_match": _num(self.hands_played),
        }
        if timing:  # decisions are counted as they are timed: without timing there is no count
            out["decisions"] = self.decisions
            out["decision_ms"] = {"p50": _num(self.time_p50_ms), "p95": _num(self.time_p95_ms)}
        return out


@dataclass
class MatchReport:
    job: MatchJob
    clusters: int
    matches: int
    hands: int
    bots: list[MatchBotReport]
    pairs: list[tuple[str, str, Interval]]
    end_reasons: dict[str, int]

    def bot(self, name: str) -> MatchBotReport:
        for b in self.bots:
            if b.bot == name:
                return b
        raise KeyError(f"no bot {name!r} in this report; bots: {', '.join(b.bot for b in self.bots)}")

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        return {
            "mode": "match",
            "preset": self.job.rules.preset,
            "overrides": self.job.rules.overrides(),
            "unit": self.job.rules.payment_unit,
            "seats": self.job.seats,
            "lineup": list(self.job.lineup),
            "seed": self.job.seed,
            "match_seeds": self.clusters,
            "matches": self.matches,
            "hands": self.hands,
            "hands_limit": self.job.hands_limit(),
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "bots": [b.to_json(timing) for b in self.bots],
            "pairs": [
                {"a": a, "b": b, "chips_diff_per_match": _num(d.value), "ci95": [_num(d.low), _num(d.high)]}
                for a, b, d in self.pairs
            ],
        }


def _num(x: float) -> float | None:
    return None if math.isnan(x) else x


class MatchReportBuilder:
    """Builds a :class:`MatchReport` from match clusters added as they are played, in any order,
    without keeping them (per match seed only each bot's mean chips; decision times in a
    bounded :class:`~gostop.sim.stats.Sample`). A cluster may come whole or a rotation at a
    time (:func:`play_rotations`): its chips count once all of its rotations are in (until
    then only their chips are kept)."""

    def __init__(self, job: MatchJob) -> None:
        self.job = job
        self.names = entrants(job.lineup)
        self._per_cluster: dict[str, array[float]] = {n: array("d") for n in self.names}
        self._matches: Counter[str] = Counter()
        self._first: dict[str, Fraction] = {n: Fraction(0) for n in self.names}
        self._open: dict[int, dict[int, list[float]]] = {}  # match seed -> rotation -> chips by lineup entry
        self._played: Counter[str] = Counter()
        self._times: dict[str, Sample] = {n: Sample() for n in self.names}
        self._reasons: Counter[str] = Counter()
        self._clusters = self._total_matches = self._total_hands = 0

    def add(self, clusters: Iterable[MatchCluster]) -> None:
        """Count these matches: whole clusters or parts of them, each rotation of a match seed
        once (ValueError for a rotation given twice)."""
        job = self.job
        for cl in clusters:
            rotations = self._open.setdefault(cl.deal, {})
            for m in cl.matches:
                if m.rotation in rotations:
                    raise ValueError(f"match seed {cl.deal}: rotation {m.rotation} was counted already")
                self._total_matches += 1
                self._total_hands += m.hands
                self._reasons[m.end_reason] += 1
                by_entry = [0.0] * job.seats
                firsts = _first_seats(m)
                for seat, chips in enumerate(m.chips):
                    name = job.lineup[m.lineup_at[seat]]
                    by_entry[m.lineup_at[seat]] = chips
                    self._matches[name] += 1
                    if seat in firsts:
                        self._first[name] += Fraction(1, len(firsts))
                    self._played[name] += m.played[seat] if m.played else 0
                    if m.times:
                        self._times[name].extend(m.times[seat])
                rotations[m.rotation] = by_entry
            if len(rotations) == job.rotations:  # the cluster is complete: its means count
                del self._open[cl.deal]
                self._close(rotations)

    def _close(self, rotations: dict[int, list[float]]) -> None:
        """Each bot's mean chips over its seats in every rotation of one match seed."""
        sums: dict[str, float] = defaultdict(float)
        counts: Counter[str] = Counter()
        for r in sorted(rotations):
            for entry, chips in enumerate(rotations[r]):
                name = self.job.lineup[entry]
                sums[name] += chips
                counts[name] += 1
        for name in self.names:
            self._per_cluster[name].append(sums[name] / counts[name])
        self._clusters += 1

    def build(self) -> MatchReport:
        """Chips per match per bot: each cluster's rotations averaged first (one value per
        match seed and bot), then the mean and its Student-t 95 % interval over match seeds.
        ValueError if a match seed misses some of its rotations."""
        if self._open:
            index, rotations = min(self._open.items())
            raise ValueError(
                f"match seed {index}: {len(rotations)} of its {self.job.rotations} rotations were counted"
            )
        bots = []
        for name in self.names:
            ts = self._times[name]
            matches = self._matches[name]
            bots.append(
                MatchBotReport(
                    bot=name,
                    seats=self.job.lineup.count(name),
                    matches=matches,
                    chips=mean_ci(self._per_cluster[name]),
                    first=float(self._first[name]),
                    hands_played=self._played[name] / matches if matches else math.nan,
                    decisions=ts.count,
                    time_p50_ms=ts.percentile(50) * 1000,
                    time_p95_ms=ts.percentile(95) * 1000,
                )
            )
        pairs = paired_cis(self.names, self._per_cluster)
        return MatchReport(
            job=self.job,
            clusters=self._clusters,
            matches=self._total_matches,
            hands=self._total_hands,
            bots=bots,
            pairs=pairs,
            end_reasons=dict(self._reasons),
        )


def _first_seats(m: MatchOutcome) -> set[int]:
    """The seats that finished first (several when tied), by the match's standings; by chips
    alone for an outcome without them."""
    if m.ranks:
        return {seat for seat, rank in enumerate(m.ranks) if rank == 1}
    top = max(m.chips)
    return {seat for seat, chips in enumerate(m.chips) if chips == top}


def build_match_report(job: MatchJob, clusters: Iterable[MatchCluster]) -> MatchReport:
    """The report of these clusters (any order): :class:`MatchReportBuilder` over all of them."""
    builder = MatchReportBuilder(job)
    builder.add(clusters)
    return builder.build()
