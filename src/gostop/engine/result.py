"""The result of a hand: :class:`HandResult` (and the fixed payments made during the hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gostop.cards import Card
from gostop.settlement import SettleContext, Settlement

__all__ = ["HandResult", "FixedPayment"]


@dataclass(frozen=True, slots=True)
class FixedPayment:
    """One flat payment of PAY-12 made during the hand (or a shot taken in ``goo-stupe``).

    ``payer`` pays ``amount`` to ``payee`` in ``unit`` ``"chips"``; with ``unit == "shots"``
    the payer takes ``amount`` shots and ``payee`` is the seat whose event caused them (or None).
    ``reason`` names the rule: ``chongtong``, ``three-ppuk``, ``heodang``, ``first-turn-ppuk``,
    ``ppuk-streak``, ``first-turn-ttadak``,
    ``first-turn-four``, ``boar``, ``nagari``, ``joker``, ``no-junk``, ``ja-ppuk``, ``yell``.
    """

    reason: str
    payer: int
    payee: int | None
    amount: int
    unit: str

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "unit": self.unit,
        }


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what it paid.

    Attributes:
        winner: the winning seat, or None (nagari or void deal).
        nagari: the hand is a nagari (GOSTOP-7): counts for MATCH-5.
        void: the deal is void (DEAL-6 ``redeal``, DEAL-8 ``void``): the match re-deals.
        reason: ``stop``, ``chongtong``, ``three-ppuk``, ``heodang`` (wins); ``exhaustion``,
            ``shodang``, ``four-on-table``, ``chongtong-tie`` (nagari / void).
        points: the winner's hand points of PAY-1 after a stop (0 otherwise).
        stop_points: the winner's stop points (SCORE-10) after a stop (0 otherwise).
        chips: net chips per seat for this hand, zero-sum: the settlement plus every fixed
            payment made during the hand (PAY-12). All zero in ``goo-stupe``.
        shots: shots each seat takes (``goo-stupe``: settlement, nagari, joker, no-junk,
            ja-ppuk, yell and fixed-payment shots); zeros otherwise.
        settlement: the :class:`~gostop.settlement.Settlement` of a stop (with its
            explanation ``steps``), else None.
        context: the :class:`~gostop.settlement.SettleContext` given to ``settle``, or None.
        opponents: the seats of ``settlement.payments``, in order (GEN-6 from the winner).
        captures: every seat's capture area at the end, in deck order.
        fixed_payments: the flat payments and shots of the hand, in order.
        boar_taker: the seat that caught the boar with ``boar = pot``, else None.
        boar_pot: the pot carried to the next deal (``boar = pot``; 0 when taken).
        pot_chips: net chips per seat that went into or out of the boar pot (antes and the
            pot won); kept apart from ``chips`` so that ``chips`` stays zero-sum.
    """

    winner: int | None
    nagari: bool
    void: bool
    reason: str
    points: int
    stop_points: int
    chips: tuple[int, ...]
    shots: tuple[int, ...]
    settlement: Settlement | None
    context: SettleContext | None
    opponents: tuple[int, ...]
    captures: tuple[tuple[Card, ...], ...]
    fixed_payments: tuple[FixedPayment, ...]
    boar_taker: int | None
    boar_pot: int
    pot_chips: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes)."""
        return {
            "winner": self.winner,
            "nagari": self.nagari,
            "void": self.void,
            "reason": self.reason,
            "points": self.points,
            "stop_points": self.stop_points,
            "chips": list(self.chips),
            "shots": list(self.shots),
            "settlement": None if self.settlement is None else self.settlement.to_json(),
            "context": None if self.context is None else self.context.to_json(),
            "opponents": list(self.opponents),
            "captures": [[c.code for c in cs] for cs in self.captures],
            "fixed_payments": [p.to_json() for p in self.fixed_payments],
            "boar_taker": self.boar_taker,
            "boar_pot": self.boar_pot,
            "pot_chips": list(self.pot_chips),
        }
