"""The chip ledger of a match: per deal and cumulative, always balanced (GEN-5, MATCH-7, GOO-1).

One :class:`LedgerEntry` per deal of the match, void deals included (they do not count as hands,
MATCH-2, but gwangpalli compensation paid before one stands, GWANG-11). Chips are zero-sum: in
every entry the seats' deltas plus the change of the boar pot (VAR-BOAR ``pot``) add up to 0, and
so do the cumulative totals plus the pot. Shots (``goo-stupe``, GOO-1) are not transferred but
taken: a separate per-seat tally that only grows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.errors import GostopError

__all__ = ["LedgerEntry", "Ledger", "LedgerImbalance", "Standing", "standings"]


class LedgerImbalance(GostopError, AssertionError):
    """The ledger does not balance: a bug, never a player's mistake."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """What one deal changed, per table seat.

    ``hand`` is the 1-based number of the counted hand, ``None`` for a void deal. ``active`` lists
    the table seats that played, in hand-seat order (hand seat 0 = the dealer). ``outcome`` is
    ``"win"``, ``"nagari"`` or ``"void"``. ``carry`` is k, the consecutive nagari before the deal
    (MATCH-5). ``chips`` is the sum of ``parts`` (``"hand"``: the engine's HandResult.chips;
    ``"compensation"``: GWANG-6/7; ``"pot"``: VAR-BOAR antes and takings; ``"refund"``: the pot
    given back at the end). ``pot`` is the boar pot after the deal. VAR-PUSH: ``pushes`` is the
    count of consecutive pushes before the deal (its settlement doubled once per push) and
    ``pushed`` the settlement the winner forwent by pushing this hand (0: not pushed); both are
    written only when not 0, so that older records read back unchanged.
    """

    deal: int
    hand: int | None
    dealer: int
    active: tuple[int, ...]
    outcome: str
    winner: int | None
    reason: str | None
    carry: int
    chips: tuple[int, ...]
    shots: tuple[int, ...]
    totals: tuple[int, ...]
    shot_totals: tuple[int, ...]
    pot: int = 0
    parts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    pushes: int = 0
    pushed: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.deal,
            "hand": self.hand,
            "dealer": self.dealer,
            "active": list(self.active),
            "outcome": self.outcome,
            "winner": self.winner,
            "reason": self.reason,
            "carry": self.carry,
            "chips": list(self.chips),
            "shots": list(self.shots),
            "totals": list(self.totals),
            "shot_totals": list(self.shot_totals),
            "pot": self.pot,
            "parts": {k: list(v) for k, v in self.parts.items()},
        }
        if self.pushes:
            out["pushes"] = self.pushes  # VAR-PUSH
        if self.pushed:
            out["pushed"] = self.pushed
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LedgerEntry:
        return cls(
            deal=int(data["deal"]),
            hand=None if data.get("hand") is None else int(data["hand"]),
            dealer=int(data["dealer"]),
            active=tuple(int(x) for x in data["active"]),
            outcome=str(data["outcome"]),
            winner=None if data.get("winner") is None else int(data["winner"]),
            reason=None if data.get("reason") is None else str(data["reason"]),
            carry=int(data["carry"]),
            chips=tuple(int(x) for x in data["chips"]),
            shots=tuple(int(x) for x in data["shots"]),
            totals=tuple(int(x) for x in data["totals"]),
            shot_totals=tuple(int(x) for x in data["shot_totals"]),
            pot=int(data.get("pot", 0)),
            parts={str(k): tuple(int(x) for x in v) for k, v in dict(data.get("parts", {})).items()},
            pushes=int(data.get("pushes", 0)),
            pushed=int(data.get("pushed", 0)),
        )


class Ledger:
    """Per-deal entries and running totals for ``seats`` table seats."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.entries: list[LedgerEntry] = []
        self.totals: tuple[int, ...] = (0,) * seats
        self.shot_totals: tuple[int, ...] = (0,) * seats
        self.pot = 0

    def add(
        self,
        *,
        deal: int,
        hand: int | None,
        dealer: int,
        active: Sequence[int],
        outcome: str,
        winner: int | None,
        reason: str | None,
        carry: int,
        parts: Mapping[str, Sequence[int]],
        shots: Sequence[int],
        pot: int | None = None,
        pushes: int = 0,
        pushed: int = 0,
    ) -> LedgerEntry:
        """Record one deal; raises :class:`LedgerImbalance` if chips do not balance."""
        n = self.seats
        clean = {k: tuple(v) for k, v in parts.items() if any(v)}
        for name, vec in clean.items():
            if len(vec) != n:
                raise LedgerImbalance(f"ledger part {name!r} has {len(vec)} seats, the table {n}")
        chips = tuple(sum(vec[i] for vec in clean.values()) for i in range(n))
        shots_t = tuple(shots)
        if len(shots_t) != n or any(s < 0 for s in shots_t):
            raise LedgerImbalance(f"shots must be {n} non-negative counts, got {shots_t}")
        new_pot = self.pot if pot is None else pot
        if sum(chips) + (new_pot - self.pot) != 0:
            raise LedgerImbalance(
                f"deal {deal}: chips {chips} and pot {self.pot} -> {new_pot} do not balance (GEN-5)"
            )
        self.totals = tuple(a + b for a, b in zip(self.totals, chips, strict=True))
        self.shot_totals = tuple(a + b for a, b in zip(self.shot_totals, shots_t, strict=True))
        self.pot = new_pot
        entry = LedgerEntry(
            deal=deal,
            hand=hand,
            dealer=dealer,
            active=tuple(active),
            outcome=outcome,
            winner=winner,
            reason=reason,
            carry=carry,
            chips=chips,
            shots=shots_t,
            totals=self.totals,
            shot_totals=self.shot_totals,
            pot=new_pot,
            parts=clean,
            pushes=pushes,
            pushed=pushed,
        )
        self.entries.append(entry)
        self.check()
        return entry

    def check(self) -> None:
        """Raise :class:`LedgerImbalance` unless every entry and the totals balance."""
        totals = [0] * self.seats
        shots = [0] * self.seats
        pot = 0
        for e in self.entries:
            if sum(e.chips) + (e.pot - pot) != 0:
                raise LedgerImbalance(f"deal {e.deal}: chips {e.chips} do not balance (GEN-5)")
            pot = e.pot
            for i in range(self.seats):
                totals[i] += e.chips[i]
                shots[i] += e.shots[i]
            if tuple(totals) != e.totals or tuple(shots) != e.shot_totals:
                raise LedgerImbalance(f"deal {e.deal}: running totals are wrong")
        if tuple(totals) != self.totals or sum(totals) + pot != 0 or pot != self.pot:
            raise LedgerImbalance(f"totals {self.totals} and pot {self.pot} do not balance")

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entries]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the final standings."""

    rank: int
    seat: int
    name: str
    chips: int
    shots: int

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "seat": self.seat, "name": self.name, "chips": self.chips, "shots": self.shots}


def standings(names: Sequence[str], ledger: Ledger, by_shots: bool) -> tuple[Standing, ...]:
    """MATCH-7: highest net chips first; in a shots match (GOO-1) fewest shots first.

    Equal results share a rank; ties keep seat order.
    """
    def key(seat: int) -> tuple[int, int]:
        chips, shots = ledger.totals[seat], ledger.shot_totals[seat]
        return (shots, -chips) if by_shots else (-chips, shots)

    order = sorted(range(len(names)), key=lambda s: (key(s), s))
    out: list[Standing] = []
    for pos, seat in enumerate(order):
        rank = out[-1].rank if out and key(order[pos - 1]) == key(seat) else pos + 1
        out.append(Standing(rank, seat, names[seat], ledger.totals[seat], ledger.shot_totals[seat]))
    return tuple(out)
