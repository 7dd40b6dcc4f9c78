"""Playing deals: one hand between agents, and one deal in every seating.

This is the driver that stands between the engine and the agents: it owns the
:class:`~gostop.engine.Hand`, asks the seat to move for a :class:`~gostop.agents.Decision`
(observation + legal actions, plus a :class:`~gostop.agents.WorldSampler` for agents that
search), checks the answer, applies it, and records what the report needs.

Results are plain picklable dataclasses so that worker processes and Ray tasks can return them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from gostop.agents import Agent, make_agent
from gostop.engine import Hand, HandResult
from gostop.rules import Rules
from gostop.sim.schedule import agent_seed, deal_seed, derive_seed, seatings
from gostop.table import begin_hand, decide

__all__ = [
    "SimJob",
    "SeatOutcome",
    "SeatingResult",
    "DealResult",
    "play_hand",
    "play_deal",
    "play_deals",
    "MAX_REDEALS",
]

#: A deal that is void (DEAL-6 ``redeal``, DEAL-8 ``void``) is re-dealt with the next attempt seed;
#: this many void deals in a row is treated as a bug.
MAX_REDEALS = 50


@dataclass(frozen=True)
class SimJob:
    """Everything a worker needs to play deals: picklable, no live objects."""

    rules: Rules
    players: int
    lineup: tuple[str, ...]  # bot spec per lineup position (len == players)
    seed: int
    engine: str = "reference"  # "fast": gostop.sim.fast_runner (random / greedy bots only)

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ValueError(f"the simulator plays 2- or 3-player hands, got players={self.players}")
        if len(self.lineup) != self.players:
            raise ValueError(
                f"{self.players} players need {self.players} bots, got {len(self.lineup)}: "
                + ", ".join(self.lineup)
            )


@dataclass
class SeatOutcome:
    """What happened to one seat in one hand."""

    points: float  # net chips (negated shots under payment_unit = shots)
    won: bool
    goes: int
    events: dict[str, int] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)  # seconds per decision with > 1 choice


@dataclass
class SeatingResult:
    """One hand: the deal played in one seating. ``lineup_at[seat]`` is the lineup index there."""

    seating: int
    lineup_at: tuple[int, ...]
    seats: list[SeatOutcome]
    nagari: bool
    reason: str
    winner: int | None
    redeals: int


@dataclass
class DealResult:
    deal: int
    seatings: list[SeatingResult]


def _points(rules: Rules, result: HandResult, seat: int) -> float:
    if rules.payment_unit == "shots":
        return -float(result.shots[seat])
    return float(result.chips[seat])


def play_hand(
    rules: Rules,
    players: int,
    hand_seed: int,
    agents: list[Agent],
    seeds: list[int],
    *,
    timing: bool = True,
) -> tuple[Hand, list[SeatOutcome]]:
    """Play one hand from ``Hand.new(rules, players, hand_seed)`` to its end.

    ``agents[seat]`` plays ``seat`` and is seeded with ``seeds[seat]``. Decisions with a single
    legal action are applied without asking the agent (and are not timed).
    """
    hand = Hand.new(rules, players, hand_seed)
    for i, agent in enumerate(agents):
        begin_hand(agent, rules, players, i, seeds[i])
    events: list[Counter[str]] = [Counter() for _ in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    asked = [0] * players
    goes = [0] * players
    while not hand.is_over:
        mover = hand.current_player
        assert mover is not None
        seat = mover
        legal = tuple(hand.legal_actions())
        if len(legal) == 1:
            action = legal[0]
        else:
            world = derive_seed(seeds[seat], "world", asked[seat])
            asked[seat] += 1
            action = decide(agents[seat], hand, seat, world, times[seat] if timing else None)
        for ev in hand.apply(action):
            if ev.seat is not None and 0 <= ev.seat < players:
                # LIAB-8: after a refusal the other opponent is deemed to accept (no decision).
                deemed = ev.type == "accept" and ev.data.get("auto")
                events[ev.seat]["accept-deemed" if deemed else ev.type] += 1
                if ev.type == "go":
                    goes[ev.seat] += 1
    result = hand.result
    assert result is not None
    outcomes = [
        SeatOutcome(
            points=_points(rules, result, seat),
            won=result.winner == seat,
            goes=goes[seat],
            events=dict(sorted(events[seat].items())),
            times=times[seat],
        )
        for seat in range(players)
    ]
    return hand, outcomes


def play_deal(job: SimJob, deal: int, *, timing: bool = True) -> DealResult:
    """Play deal ``deal`` of ``job`` once per seating (fresh agents for every hand)."""
    if job.engine == "fast":
        from gostop.sim.fast_runner import play_deal_fast

        return play_deal_fast(job, deal)
    out = []
    for r, lineup_at in enumerate(seatings(job.players)):
        for attempt in range(MAX_REDEALS + 1):
            agents = [make_agent(job.lineup[i]) for i in lineup_at]
            seeds = [agent_seed(job.seed, deal, r, seat) + attempt for seat in range(job.players)]
            hand, outcomes = play_hand(
                job.rules, job.players, deal_seed(job.seed, deal, attempt), agents, seeds,
                timing=timing,
            )
            result = hand.result
            assert result is not None
            if not result.void:
                break
        else:  # pragma: no cover - only a broken engine gets here
            raise RuntimeError(f"deal {deal}: {MAX_REDEALS} void deals in a row")
        out.append(
            SeatingResult(
                seating=r,
                lineup_at=lineup_at,
                seats=outcomes,
                nagari=bool(result.nagari),
                reason=str(result.reason),
                winner=result.winner,
                redeals=attempt,
            )
        )
    return DealResult(deal=deal, seatings=out)


def play_deals(job: SimJob, deals: list[int], timing: bool = True) -> list[DealResult]:
    """Play several deals in order (the unit of work of every backend)."""
    return [play_deal(job, d, timing=timing) for d in deals]
