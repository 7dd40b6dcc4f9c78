"""The deal checks and chongtong (RULES.md 2.4 DEAL-5 .. DEAL-9, DEC-5, VAR-BOAR ante).

Run once when a hand is built: layout jokers go to the dealer (DEAL-5), four of a month on the
layout (DEAL-6), quads in hand (DEAL-7 chongtong, DEAL-8 several holders, DEC-5 under
``chongtong = optional``), three of a month on the layout form a dealt stack (DEAL-9).
"""

from __future__ import annotations

from .events import Event
from .stages import (
    CHONGTONG,
)
from .state import HandState, month_of_pos
from .tables import NIB1, bits, expand_months, nibble_counts

__all__ = ["DealChecks"]


class DealChecks(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: DEAL-5 .. DEAL-9 and DEC-5 (see the module docstring)."""

    __slots__ = ()

    def _deal_checks(self, ev: list[Event], hands: list[list[int]], layout: list[int]) -> None:
        t = self._t
        rules = self.rules
        n = self.players
        deck = t.deck.__getitem__
        for s, h in enumerate(hands):
            ev.append(Event("deal", s, tuple(map(deck, sorted(h)))))
        ev.append(Event("layout", None, tuple(map(deck, sorted(layout)))))
        # DEAL-5: layout jokers go to the dealer, replaced from the stock (repeat on jokers).
        layout_jokers = self._layout & t.jokers
        while layout_jokers:
            low = layout_jokers & -layout_jokers
            layout_jokers ^= low
            self._layout ^= low
            self._caps[0] |= low
            c = self._stock[self._stock_pos]
            self._stock_pos += 1
            self._layout |= 1 << c
            if c >= 48:
                layout_jokers |= 1 << c
            ev.append(Event("layout-joker", 0, (t.deck[low.bit_length() - 1],), {"replacement": t.codes[c]}))
        # DEAL-6: four of a month on the layout.
        counts = nibble_counts(self._layout)
        four = (counts >> 2) & NIB1
        forced_month = 0
        if four:
            ev.append(Event("four-on-table", None, t.cards(expand_months(four) & self._layout)))
            mode = rules.four_on_table
            if mode == "redeal":
                self._finish(ev, None, "four-on-table", void=True)
                return
            if mode == "nagari":
                self._finish(ev, None, "four-on-table", nagari=True)
                return
            forced_month = month_of_pos(four.bit_length() - 1)  # dealer_chongtong
        # DEAL-9: three of a month on the layout form a dealt stack (no owner). (Recorded
        # here, before the DEC-5 decisions; it does not interact with DEAL-7/8.)
        three = counts & (counts >> 1) & NIB1 & ~(counts >> 2)
        if three:
            stacks = dict(self._stacks)
            for p in bits(three):
                stacks[p >> 2] = (-1, 0, 0)
                ev.append(Event("dealt-stack", None, t.cards(self._layout & (0xF << p))))
            self._stacks = stacks
        # DEAL-7 / DEAL-8: quads in hand.
        holders = [s for s in range(n) if (nibble_counts(self._hands[s]) >> 2) & NIB1]
        if rules.chongtong == "optional":
            queue = tuple(s for s in holders if not (s == 0 and forced_month))
            # Our reading: four on the layout under dealer_chongtong is always declared.
            self._chongtong_declared = (0,) if forced_month else ()
            if forced_month:
                ev.append(Event("chongtong", 0, t.cards(expand_months(four) & self._layout)))
            if queue:
                self._chongtong_queue = queue
                self._stage = CHONGTONG
                self._decider = queue[0]
                return
        else:
            declared = sorted(set(holders) | ({0} if forced_month else set()))
            for s in declared:
                quad = expand_months((nibble_counts(self._hands[s]) >> 2) & NIB1) & self._hands[s]
                if s == 0 and forced_month and not quad:
                    quad = expand_months(four) & self._layout
                ev.append(Event("chongtong", s, t.cards(quad)))
            self._chongtong_declared = tuple(declared)
        self._resolve_chongtong(ev)

    def _quad_month(self, s: int) -> int:
        """Highest month of a quad of seat s (in hand, or on the layout for the dealer)."""
        q = (nibble_counts(self._hands[s]) >> 2) & NIB1
        if s == 0:
            q |= (nibble_counts(self._layout) >> 2) & NIB1
        return month_of_pos(q.bit_length() - 1) if q else 0

    def _resolve_chongtong(self, ev: list[Event]) -> None:
        declared = sorted(self._chongtong_declared)
        rules = self.rules
        if not declared:
            self._begin_play(ev)
            return
        if len(declared) == 1:
            winner = declared[0]
        else:
            # DEAL-8: several holders.
            tie = rules.chongtong_tie
            if len(declared) == self.players or tie in ("void", "nagari"):
                if tie == "void":
                    self._finish(ev, None, "chongtong-tie", void=True)
                else:
                    self._finish(ev, None, "chongtong-tie", nagari=True)
                return
            # dealer_first: seat order from the dealer; higher_month: the highest quad month.
            winner = declared[0] if tie == "dealer_first" else max(declared, key=self._quad_month)
        pay = rules.chongtong_payment
        amount = self._target if pay == "target" else int(pay)
        amount *= self._fixed_win_factor()  # PAY-16
        for o in self._opponents(winner):
            self._pay(o, winner, amount, "chongtong", ev)
        self._finish(ev, winner, "chongtong")

    def _begin_play(self, ev: list[Event]) -> None:
        """After the DEAL checks: the VAR-BOAR ante, then the dealer's first turn (TURN-7)."""
        self._ante(ev)
        self._mover = 0
        self._start_turn(ev)

    def _ante(self, ev: list[Event]) -> None:
        """VAR-BOAR ``pot``: every player antes into the pot (announced once per deal)."""
        if self.rules.boar == "pot":
            ev.append(
                Event("boar-ante", None, (), {"each": self.rules.boar_ante, "pot": self._pot_total()})
            )

    def _pot_total(self) -> int:
        """VAR-BOAR: the pot carried in plus this deal's antes."""
        return self._boar_pot_in + self.rules.boar_ante * self.players
