"""Shodang offers and answers by expected value (RULES.md LIAB-7..LIAB-12, DEC-9/DEC-10).

An accepted offer ends the hand as a nagari: nobody is paid (the next hand's stakes rise for
everyone alike), so accepting is worth 0 chips. Refusing lets the hand go on, worth what the
answerer expects to win minus what it expects to pay -- and while its refusal is active
(``shodang_window``: the three turns from the offer under ``one_round``, the rest of the hand
under ``rest_of_hand``) it pays *for both* losers if anyone else wins (LIAB-10). An answerer
therefore refuses when it is the one more likely to win, and accepts when the third player (or
the offerer) is about to win.

The offerer lays its whole hand face up (LIAB-8) and says it has no safe play, so its own
chance to win is discounted (:data:`OFFERER_FACTOR`). Continuing without an offer is worth the
same sum without the refusal term; a seat offers only when that is clearly negative (it expects
to pay), and only once a hand (LIAB-9 allows more; real tables see it rarely).

The chances come from :func:`~gostop.agents.evaluation.reach_probability` of each seat's gap
to the target within its turns left; every level uses the same arithmetic with its own gaps:
``greedy`` from the stop points alone, ``expert`` and ``search`` with the partial credit of
near-complete sets (:meth:`~gostop.agents.evaluation.Evaluator.opponent_gap`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gostop.agents.evaluation import reach_probability

__all__ = [
    "SeatOutlook",
    "win_shares",
    "continue_value",
    "refusal_value",
    "OFFERER_FACTOR",
    "OFFER_THRESHOLD",
]

#: The offerer's chance to win is multiplied by this: its hand is exposed and it has declared
#: that it has no safe play.
OFFERER_FACTOR = 0.5

#: A seat offers only when continuing is expected to cost it more than this many chips (the
#: exposed hand is a lasting disadvantage when the offer is refused).
OFFER_THRESHOLD = 2.0


@dataclass(frozen=True)
class SeatOutlook:
    """One seat's prospects: points still needed, own turns left, what a win by it is worth.

    ``collect`` is what the seat would collect in total if it won; ``owe`` what the deciding
    seat would pay it (its own share, before any refusal doubling).
    """

    gap: float
    turns: int
    collect: float
    owe: float


def win_shares(outlooks: Sequence[SeatOutlook], rate: float, weights: Sequence[float] | None = None) -> list[float]:
    """Each seat's rough chance to win the hand: its chance to reach the target in its turns,
    times the chance that no other seat gets there first (half of each other's chance)."""
    p = [reach_probability(o.gap, o.turns, rate) for o in outlooks]
    if weights is not None:
        p = [x * w for x, w in zip(p, weights, strict=True)]
    out = []
    for i, pi in enumerate(p):
        share = pi
        for j, pj in enumerate(p):
            if j != i:
                share *= 1.0 - 0.5 * pj
        out.append(share)
    return out


def continue_value(me: SeatOutlook, others: Sequence[SeatOutlook], rate: float) -> float:
    """Expected chips of the deciding seat if the hand simply goes on."""
    shares = win_shares([me, *others], rate)
    return shares[0] * me.collect - sum(s * o.owe for s, o in zip(shares[1:], others, strict=True))


def refusal_value(
    me: SeatOutlook,
    offerer: SeatOutlook,
    third: SeatOutlook,
    rate: float,
    *,
    whole_hand: bool,
) -> float:
    """Expected chips of refusing an offer (accepting is worth 0).

    ``whole_hand``: the refusal stays active for the rest of the hand (``rest_of_hand``);
    otherwise only a win within the next turn of the offerer and of the third player counts
    double (``one_round``).
    """
    shares = win_shares([me, offerer, third], rate, (1.0, OFFERER_FACTOR, 1.0))
    value = shares[0] * me.collect
    for share, o in ((shares[1], offerer), (shares[2], third)):
        if whole_hand:
            value -= share * 2.0 * o.owe
            continue
        # One turn each inside the window: that part of the share is paid double.
        soon = min(share, reach_probability(o.gap, 1, rate) * (OFFERER_FACTOR if o is offerer else 1.0))
        value -= soon * 2.0 * o.owe + (share - soon) * o.owe
    return value
