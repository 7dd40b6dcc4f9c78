"""Duplicate-deal scheduling and seed derivation.

A simulation plays N *deals*. Each deal is one shuffled deck (``Hand.new(rules, players,
deal_seed)``) that is replayed once per *seating*: the lineup of bots rotated over the seats, so
that every bot sits in every seat of the same cards (2 seatings with 2 players, 3 with 3). Luck
of the deal then cancels out of the comparison, which is what makes a few thousand deals enough.

Every random number of a run comes from :func:`derive_seed` applied to the run seed and the
coordinates of what it seeds (deal, attempt, seating, seat): a deal's result does not depend on
which worker plays it, in which order, or on the backend.

>>> seatings(2)
[(0, 1), (1, 0)]
>>> seatings(3)
[(0, 1, 2), (2, 0, 1), (1, 2, 0)]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

__all__ = ["derive_seed", "seatings", "deal_seed", "agent_seed", "chunk_deals"]


def derive_seed(run_seed: int, *parts: object) -> int:
    """A 63-bit seed derived from the run seed and the given coordinates (stable everywhere).

    Uses BLAKE2b over a text form, so it does not depend on Python's per-process hash
    randomisation, the platform or the worker that asks.
    """
    text = ":".join(str(p) for p in (run_seed, *parts))
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seatings(players: int) -> list[tuple[int, ...]]:
    """Every rotation of a lineup over the seats: ``result[r][seat]`` is the lineup index.

    Rotation ``r`` seats lineup entry ``i`` at seat ``(i + r) % players``; rotation 0 is the
    lineup as given (entry 0 deals).
    """
    if players < 1:
        raise ValueError(f"players must be positive, got {players}")
    out = []
    for r in range(players):
        out.append(tuple((seat - r) % players for seat in range(players)))
    return out


def deal_seed(run_seed: int, deal: int, attempt: int = 0) -> int:
    """Seed of ``Hand.new`` for deal ``deal``; ``attempt`` > 0 re-deals after a void deal."""
    return derive_seed(run_seed, "deal", deal, attempt)


def agent_seed(run_seed: int, deal: int, seating: int, seat: int) -> int:
    """Seed given to the agent sitting at ``seat`` in ``seating`` of ``deal``."""
    return derive_seed(run_seed, "agent", deal, seating, seat)


def chunk_deals(deals: Sequence[int], chunk_size: int) -> list[list[int]]:
    """Split deal indices into consecutive chunks of at most ``chunk_size``."""
    if chunk_size < 1:
        raise ValueError(f"chunk size must be positive, got {chunk_size}")
    return [list(deals[i : i + chunk_size]) for i in range(0, len(deals), chunk_size)]
