"""The goo-stupe player list for more than 3 seated players (RULES.md GOO-17, DEC-2, X-35).

The head of the list (the oldest, GOO-18) fixes the order of the other names. The first three
names play. After a hand with a winner, the winner leaves and is replaced by the next waiting
name after the most recently brought-in one, cyclically (X-35), skipping the players who are
active and the winner who is leaving; the newcomer deals the next hand. After a nagari or a void
deal nobody is replaced.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Rotation"]


class Rotation:
    """The list (table seats in list order) and who is active."""

    def __init__(self, order: Sequence[int]) -> None:
        if len(order) < 4 or len(set(order)) != len(order):
            raise ValueError(f"a rotation list needs 4 or more distinct seats, got {list(order)}")
        self.order: tuple[int, ...] = tuple(order)
        self.active: set[int] = set(self.order[:3])
        #: List position of the most recently brought-in player (the third name at the start).
        self.last_in = 2

    def replace(self, winner: int) -> int:
        """GOO-17: ``winner`` leaves; returns the table seat of the newcomer (the next dealer)."""
        if winner not in self.active:
            raise ValueError(f"seat {winner} is not active")
        n = len(self.order)
        for step in range(1, n + 1):
            pos = (self.last_in + step) % n
            seat = self.order[pos]
            if seat not in self.active:
                self.active.remove(winner)
                self.active.add(seat)
                self.last_in = pos
                return seat
        raise AssertionError("no waiting player")  # unreachable with 4 or more seats
