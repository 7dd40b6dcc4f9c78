"""Payments and the end of a hand (RULES.md 2.13 PAY, PAY-12 fixed payments, 2.16 GOO shots).

Fixed payments (chongtong, three ppuk, first-turn bonuses, boar, heodang: PAY-12) and shots are
booked as they happen; a stop (GOSTOP-4) is settled by :func:`gostop.settlement.settle` with the
context of :mod:`~gostop.engine.liability`; :meth:`Payments._finish` writes the
:class:`~gostop.engine.result.HandResult`.
"""

from __future__ import annotations

from gostop.cards import Card
from gostop.settlement import SettleContext, Settlement, nagari_factor, settle

from .events import Event
from .result import FixedPayment, HandResult
from .stages import (
    OVER,
)
from .state import HandState

__all__ = ["Payments"]


class Payments(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: fixed payments, shots, the stop, the end."""

    __slots__ = ()

    def _pay(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> None:
        """A PAY-12 fixed payment (chips, or shots taken by the payer in shots units)."""
        shots = self.rules.payment_unit == "shots"
        unit = "shots" if shots else "chips"
        if shots:
            self._shots[payer] += amount
        else:
            self._chips[payer] -= amount
            self._chips[payee] += amount
        self._fixed_payments.append(FixedPayment(reason, payer, payee, amount, unit))
        ev.append(Event("payment", payer, (), {"to": payee, "amount": amount, "unit": unit, "reason": reason}))

    def _fixed_win_factor(self) -> int:
        """PAY-16: the nagari carry on an instant win's payment (1 unless ``fixed_wins_carry``)."""
        rules = self.rules
        if not rules.fixed_wins_carry or rules.payment_unit == "shots":
            return 1
        return nagari_factor(rules, self._nagari_before)

    def _take_shot(self, taker: int, n: int, reason: str, cause: int | None, ev: list[Event]) -> None:
        """GOO shots: ``taker`` takes ``n`` shots (``cause``: the seat whose event caused them)."""
        self._shots[taker] += n
        self._fixed_payments.append(FixedPayment(reason, taker, cause, n, "shots"))
        ev.append(Event("shot", taker, (), {"n": n, "reason": reason}))

    def _do_stop(self, ev: list[Event]) -> None:
        """GOSTOP-4: the mover stops; the settlement of PAY-1 .. PAY-10 with the LIAB facts."""
        s = self._mover
        rules = self.rules
        points = self._stop_points(s)
        ev.append(Event("stop", s, (), {"points": points}))
        opps = self._opponents(s)
        ctx = self._settle_context(s, opps)
        caps = self._caps
        settlement = settle(rules, self.players, caps[s], [caps[o] for o in opps], ctx)
        shots = settlement.unit == "shots"
        for o, amount in zip(opps, settlement.payments, strict=True):
            if shots:
                self._shots[o] += amount
            else:
                self._chips[o] -= amount
                self._chips[s] += amount
        ev.append(
            Event("settlement", s, (), {"payments": list(settlement.payments), "points": settlement.points, "unit": settlement.unit})
        )
        self._finish(ev, s, "stop", settlement=settlement, context=ctx, opponents=opps)

    def _finish(
        self,
        ev: list[Event],
        winner: int | None,
        reason: str,
        *,
        nagari: bool = False,
        void: bool = False,
        settlement: Settlement | None = None,
        context: SettleContext | None = None,
        opponents: tuple[int, ...] = (),
        captures: tuple[tuple[Card, ...], ...] | None = None,
    ) -> None:
        """The hand ends: GOO-5 nagari shots, the closing event, the VAR-BOAR pot, the result."""
        n = self.players
        rules = self.rules
        if nagari and rules.nagari_shots:  # GOO-5
            for s in range(n):
                self._take_shot(s, rules.nagari_shots, "nagari", None, ev)
        if winner is not None:
            ev.append(Event("win", winner, (), {"reason": reason}))
        elif void:
            ev.append(Event("void", None, (), {"reason": reason}))
        else:
            ev.append(Event("nagari", None, (), {"reason": reason}))
        pot_chips = [0] * n
        pot_after = 0
        if rules.boar == "pot" and not void and self._turn_no == 0:
            self._ante(ev)  # our reading: a deal that ends at once but is not void antes too
        if rules.boar == "pot" and not void:
            total = self._pot_total()
            for s in range(n):
                pot_chips[s] -= rules.boar_ante
            if self._boar_taker is not None:
                pot_chips[self._boar_taker] += total
            else:
                pot_after = total
        elif rules.boar == "pot":
            pot_after = self._boar_pot_in
        t = self._t
        self._result = HandResult(
            winner=winner,
            nagari=nagari,
            void=void,
            reason=reason,
            points=settlement.points if settlement is not None else 0,
            stop_points=settlement.stop_points if settlement is not None else 0,
            chips=tuple(self._chips),
            shots=tuple(self._shots),
            settlement=settlement,
            context=context,
            opponents=opponents,
            captures=captures if captures is not None else tuple(t.cards(c) for c in self._caps),
            fixed_payments=tuple(self._fixed_payments),
            boar_taker=self._boar_taker,
            boar_pot=pot_after,
            pot_chips=tuple(pot_chips),
        )
        self._stage = OVER
        self._legal = []
