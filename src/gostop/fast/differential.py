"""Differential check: the same seeded hand on the reference and the fast engine.

:func:`first_difference` plays hand ``seed`` on both engines with the same random choices
(index ``rng.randrange(len(legal))``, ``rng = random.Random(seed)``) and returns None, or a
message naming the seed and the first difference in the legal actions, the events (type, seat,
cards) or the result. Used by ``tests/fast`` and ``benchmarks/fast.py --soak``.
"""

from __future__ import annotations

import random

from gostop.engine import Event, Hand
from gostop.fast.hand import FastHand
from gostop.rules import Rules

__all__ = ["first_difference"]


def _ev(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, int | None, tuple[str, ...]]]:
    return [(e.type, e.seat, tuple(c.code for c in e.cards)) for e in events]


def first_difference(rules: Rules, players: int, seed: int, *, nagari_before: int = 0) -> str | None:
    """None when both engines play hand ``seed`` identically (action lists, events with their
    types, seats and cards, results); else a message naming the seed and the first difference."""
    a = Hand.new(rules, players, seed, nagari_before=nagari_before)
    b = FastHand.new(rules, players, seed, nagari_before=nagari_before)
    where = f"{rules.preset} {players}p seed {seed}"
    if _ev(a.events) != _ev(b.events):
        return f"{where}: deal events differ:\n  ref  {_ev(a.events)}\n  fast {_ev(b.events)}"
    rng = random.Random(seed)
    step = 0
    while not a.is_over:
        la, lb = a.legal_actions(), b.legal_actions()
        if la != lb or a.current_player != b.current_player:
            return (
                f"{where} step {step}: legal actions differ (seat {a.current_player} / "
                f"{b.current_player}):\n  ref  {la}\n  fast {lb}"
            )
        i = rng.randrange(len(la))
        ea, eb = a.apply(la[i]), b.apply(lb[i])
        if _ev(ea) != _ev(eb):
            return f"{where} step {step} ({la[i]}): events differ:\n  ref  {_ev(ea)}\n  fast {_ev(eb)}"
        step += 1
    if not b.is_over:
        return f"{where}: the fast hand is not over"
    ra, rb = a.result, b.result
    assert ra is not None and rb is not None
    ka = (ra.winner, ra.nagari, ra.void, ra.reason, ra.points, ra.stop_points, ra.chips, ra.shots,
          ra.pot_chips, ra.boar_pot, ra.boar_taker)
    kb = (rb.winner, rb.nagari, rb.void, rb.reason, rb.points, rb.stop_points, rb.chips, rb.shots,
          rb.pot_chips, rb.boar_pot, rb.boar_taker)
    if ka != kb:
        return f"{where}: results differ:\n  ref  {ka}\n  fast {kb}"
    if ra.settlement is not None and tuple(ra.settlement.payments) != rb.payments:
        return f"{where}: payments differ: ref {ra.settlement.payments} fast {rb.payments}"
    return None
