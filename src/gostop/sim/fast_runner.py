"""Deals played on the fast engine (``simulate --engine fast``): the same deals, seatings,
seeds and counts as :func:`gostop.sim.runner.play_deal`, for bots compiled into the fast engine.

The ``random`` and ``greedy`` bots run inside :mod:`gostop.fast` (``gostop.fast.policies``),
choice for choice as their Python agents, so a fast simulation reports the same points, wins
and events as the reference one, only faster. Decision times are not measured (there is no
per-decision Python call to time).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gostop.agents.registry import parse_spec
from gostop.rules import Rules
from gostop.sim.runner import MAX_REDEALS, DealResult, SeatingResult, SeatOutcome, SimJob
from gostop.sim.schedule import agent_seed, deal_seed, seatings

__all__ = ["FAST_BOTS", "FAST_KERNELS", "check_fast_lineup", "load_fast_engine", "play_deal_fast"]

#: Bots the fast engine plays (with their parameters).
FAST_BOTS = ("random", "greedy")

#: The compiled functions :func:`play_deal_fast` calls from Python, as ``module:function``
#: (what :func:`gostop.agents.warm.is_cached` is asked about before they are loaded).
FAST_KERNELS = ("gostop.fast.batch:deal_hand", "gostop.fast.batch:play_out", "gostop.fast.mt:seed")


def _policy(spec: str) -> tuple[str, int, int]:
    name, params = parse_spec(spec)
    if name not in FAST_BOTS:
        hint = (
            " (the search bot already rolls its worlds out on the fast engine without --engine fast)"
            if name == "search"
            else ""
        )
        raise ValueError(
            f"bot {spec!r} does not run inside the fast engine; with --engine fast use "
            + " or ".join(FAST_BOTS)
            + hint
        )
    allowed = {"go_cards", "max_goes"} if name == "greedy" else set()
    for key in params:
        if key not in allowed:
            raise ValueError(f"bot {name!r} has no parameter {key!r} in the fast engine")
    go_cards = int(params.get("go_cards", 3))  # type: ignore[call-overload]
    max_goes = int(params.get("max_goes", 1))  # type: ignore[call-overload]
    return name, go_cards, max_goes


def check_fast_lineup(rules: Rules, lineup: Sequence[str]) -> None:
    """Raise ValueError (a message for people) if the fast engine cannot play this lineup."""
    from gostop.fast import check_supported

    check_supported(rules)
    greedy = {(g, m) for name, g, m in map(_policy, lineup) if name == "greedy"}
    if len(greedy) > 1:
        raise ValueError("with --engine fast every greedy bot must have the same parameters")


def load_fast_engine(rules: Rules, lineup: Sequence[str]) -> None:
    """Compile (or load from numba's cache) everything :func:`play_deal_fast` runs for this
    lineup, in this process, by playing one deal and dropping its result: before a process pool
    is forked, so that its workers inherit the compiled code instead of each compiling it
    (a minute or more on an empty cache) under a progress bar that sits at 0."""
    play_deal_fast(SimJob(rules=rules, players=len(lineup), lineup=tuple(lineup), seed=0, engine="fast"), 0)


_SETUP: dict[tuple[Rules, int], tuple[Any, ...]] = {}


def _setup(rules: Rules, players: int) -> tuple[Any, ...]:
    """Per (rules, players): the kernels' arrays and scratch buffers (built once per process)."""
    found = _SETUP.get((rules, players))
    if found is None:
        import numpy as np

        from gostop.fast import config_for
        from gostop.fast import layout as L
        from gostop.fast.batch import deal_plan
        from gostop.fast.policies import greedy_tables

        cfg = config_for(rules)
        found = (
            cfg,
            deal_plan(cfg, players),
            greedy_tables(cfg.tables.score),
            np.zeros(L.STATE_SIZE, np.int64),
            np.zeros(1 + L.EV_WIDTH * L.MAX_EVENTS, np.int64),
            np.zeros(625, np.int64),
            np.zeros((3, 625), np.int64),
            np.zeros(64, np.int64),
            np.zeros(8192, np.int64),
        )
        if len(_SETUP) > 32:
            _SETUP.clear()
        _SETUP[(rules, players)] = found
    return found


def play_deal_fast(job: SimJob, deal: int) -> DealResult:
    """:func:`gostop.sim.runner.play_deal` on the fast engine."""
    import numpy as np

    from gostop.fast import layout as L
    from gostop.fast.batch import deal_hand, play_out
    from gostop.fast.mt import seed as mt_seed
    from gostop.fast.policies import POLICIES

    players = job.players
    cfg, plan, (w, rank, pos), S, E, mt, mts, order, buf = _setup(job.rules, players)
    specs = [_policy(s) for s in job.lineup]
    go_cards, max_goes = next(((g, m) for name, g, m in specs if name == "greedy"), (3, 1))
    out = []
    for r, lineup_at in enumerate(seatings(players)):
        policies = np.zeros(3, np.int64)
        for seat, i in enumerate(lineup_at):
            policies[seat] = POLICIES.index(specs[i][0])
        for attempt in range(MAX_REDEALS + 1):
            deal_hand(
                S, cfg.knobs, cfg.table, E, mt, deal_seed(job.seed, deal, attempt), players,
                plan.hand_pos, plan.hand_n, plan.lay_pos, plan.dealt, plan.n_cards,
                plan.mission_masks, plan.mission_lo, plan.mission_hi, plan.target, plan.min_cards,
                0, order,
            )
            n_deal = int(E[0])  # the deal's events are not counted (as in play_hand)
            for seat in range(players):
                mt_seed(mts[seat], agent_seed(job.seed, deal, r, seat) + attempt)
            play_out(S, cfg.knobs, cfg.table, E, policies, mts, buf, w, rank, pos, go_cards, max_goes)
            if not S[L.VOID]:
                break
        else:  # pragma: no cover - only a broken engine gets here
            raise RuntimeError(f"deal {deal}: {MAX_REDEALS} void deals in a row")
        counts: list[Counter[str]] = [Counter() for _ in range(players)]
        n_ev = int(E[0])
        log = E[1 : 1 + L.EV_WIDTH * n_ev].reshape(n_ev, L.EV_WIDTH)[n_deal:]
        prev = -1
        for etype, seat in zip(log[:, 0].tolist(), log[:, 1].tolist(), strict=True):
            if 0 <= seat < players:
                # LIAB-8: the accept logged right after a refusal is the other opponent's
                # deemed acceptance (counted apart, as the reference runner does).
                deemed = etype == L.E_ACCEPT and prev == L.E_REFUSE
                counts[seat]["accept-deemed" if deemed else L.EVENT_TYPES[etype]] += 1
            prev = etype
        winner = int(S[L.WINNER])
        shots = job.rules.payment_unit == "shots"
        seats = [
            SeatOutcome(
                points=-float(S[L.SHOTS + s]) if shots else float(S[L.CHIPS + s]),
                won=winner == s,
                goes=int(S[L.GOES + s]),
                events=dict(sorted(counts[s].items())),
                times=[],
            )
            for s in range(players)
        ]
        out.append(
            SeatingResult(
                seating=r,
                lineup_at=lineup_at,
                seats=seats,
                nagari=bool(S[L.NAGARI]),
                reason=L.REASONS[int(S[L.REASON])],
                winner=None if winner < 0 else winner,
                redeals=attempt,
            )
        )
    return DealResult(deal=deal, seatings=out)
