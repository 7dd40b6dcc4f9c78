"""The turn cycle (RULES.md 2.5 TURN, 2.12 GOSTOP-2, 2.7 EVT-11, VAR-HEODANG, LIAB-4 facts).

A turn starts (TURN-2, TURN-7; an empty hand with skip allowance turns the stock only, BOMB-3),
its main action and phases 1-3 run in :mod:`~gostop.engine.capture` and
:mod:`~gostop.engine.collection`, then phase 4 (instant ends) and phase 5 (the go/stop check)
run here, and the turn ends: exhaustion (TURN-5) or the next seat that can move (TURN-4).
"""

from __future__ import annotations

from .events import Event
from .stages import (
    GOSTOP,
    H0,
    H1,
    H_SKIP,
    MAIN,
)
from .state import HandState

__all__ = ["TurnCycle"]

# Builds an Event (a NamedTuple) from a ready tuple, skipping NamedTuple.__new__.
_new_tuple = tuple.__new__


class TurnCycle(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: the turn cycle, phases 4 and 5."""

    __slots__ = ()

    def _start_turn(self, ev: list[Event]) -> None:
        """TURN-2: a new turn of the mover (phase 0 offers come with the main actions);
        BOMB-3: an empty hand with skip allowance left turns the stock only.
        """
        s = self._mover
        tn = self._turn_no = self._turn_no + 1
        self._own_turns[s] += 1
        if self._oe_myeon_on:  # LIAB-4 needs the mover's previous turn number
            last = self._last_turn_no
            self._mover_prev_turn_no = last[s]
            last[s] = tn
        self._start_layout = self._layout
        h = self._start_hand = self._hands[s]
        # Per-turn scratch state (the main action sets the rest).
        self._first_stock_card = True
        if self._turn_events:
            self._turn_events = []
        if self._turn_flags_set:
            self._turn_flags_set = False
            self._offered = False
            self._must_play = 0
            self._ppuk_this_turn = False
            self._revealed_this_turn = False
        ev.append(_new_tuple(Event, ("turn", s, (), {"turn": tn})))
        if h:
            self._stage = MAIN
        else:
            # BOMB-3: allowance left with an empty hand is used automatically.
            self._skip_turn(ev, True)

    def _skip_turn(self, ev: list[Event], forced: bool) -> None:
        """TURN-3 (d): a stock-only turn (BOMB-3 skip allowance); ``forced`` when the hand is empty."""
        s = self._mover
        self._skip_allowance[s] -= 1
        self._moves_left -= 1
        self._hand_case = H_SKIP
        self._played_from_hand = False
        ev.append(_new_tuple(Event, ("skip", s, (), {"forced": forced})))
        self._stock_to_turn = 1
        self._final_turn = self._moves_left == 0  # TURN-6
        self._turn_stock_then_collect(ev)

    def _instant_end_or_go_stop(self, ev: list[Event]) -> None:
        """Phase 4 (instant ends) and phase 5 (the go/stop check, GOSTOP-2)."""
        s = self._mover
        if (self._ppuk_this_turn or self._t.heodang_on) and self._instant_end(ev):
            return
        # A capture area with fewer cards than any area reaching the target needs is not
        # scored: points then stands for "some value below the target", all GOSTOP-2 needs.
        captured = self._caps[s]
        if captured.bit_count() < self._min_cards:
            points = 0
        elif captured == self._score_cache_mask[s]:
            points = self._score_cache_points[s]
        else:
            points = self._score_cache_points[s] = self._t.score.stop_points(captured)
            self._score_cache_mask[s] = captured
        if points >= self._target:
            if self._above_last_go:
                ask = self._goes[s] == 0 or points > self._last_go_points[s]
            else:  # improved
                ask = points > self._prev_turn_points[s]
            if ask:
                if self._final_turn and self.rules.final_turn_auto_stop:
                    self._do_stop(ev)  # GOSTOP-9 (matgo): nothing left to go on for
                    return
                self._stage = GOSTOP
                return
        self._end_turn(ev, points)

    def _instant_end(self, ev: list[Event]) -> bool:
        """EVT-11 three ppuk, then VAR-HEODANG; True if the hand ended."""
        s = self._mover
        rules = self.rules
        if self._ppuk_this_turn and rules.three_ppuk_payment and self._ppuk_count[s] >= 3:
            ev.append(Event("three-ppuk", s))
            amount = rules.three_ppuk_payment * self._fixed_win_factor()  # PAY-16
            for o in self._opponents(s):
                self._pay(o, s, amount, "three-ppuk", ev)
            self._finish(ev, s, "three-ppuk")
            return True
        ht = rules.heodang_turns
        if ht is not None and self._turns_without_capture[s] >= ht:
            ev.append(Event("heodang", s, (), {"turns": self._turns_without_capture[s]}))
            pay = rules.heodang_payment
            amount = (self._target if pay == "target" else int(pay)) * self._fixed_win_factor()  # PAY-16
            for o in self._opponents(s):
                self._pay(o, s, amount, "heodang", ev)
            self._finish(ev, s, "heodang")
            return True
        return False

    def _end_turn(self, ev: list[Event], points: int) -> None:
        """End of the mover's turn: LIAB-4 facts, BOMB-3 window, TURN-5 exhaustion, then the
        next seat that can move (TURN-4).
        """
        s = self._mover
        self._prev_turn_points[s] = points
        if self._oe_myeon_on:
            self._record_oe_myeon(s)
        if self._skip_window[s]:
            self._skip_window[s] -= 1
        if not self._moves_left:
            # TURN-5: exhaustion; jokers left in the stock are discarded.
            self._finish(ev, None, "exhaustion", nagari=True)
            return
        hands = self._hands
        skip = self._skip_allowance
        n = self.players
        nxt = s
        while True:
            nxt = nxt + 1 if nxt + 1 < n else 0
            if hands[nxt] or skip[nxt]:  # TURN-4: a player with nothing left takes no turn
                self._mover = nxt
                self._start_turn(ev)
                return

    def _record_oe_myeon(self, s: int) -> None:
        """LIAB-4 facts of seat s's turn that just ended."""
        layout = self._layout
        left = 0
        # (A) the hand card played from hand, capturing nothing, left on the layout (also
        # inside the ppuk stack this player made).
        if self._played_from_hand and self._hand_case in (H0, H1) and layout >> self._hand_card & 1:
            left = 1 << self._hand_card
        self._oe_myeon_left[s] = left
        # (B) on the layout at the start and the end of the turn, of a month held at the start
        # (the months are matched at a stop: LiabilityContext._settle_context).
        self._oe_myeon_kept_on_layout[s] = self._start_layout & layout
        self._oe_myeon_start_hand[s] = self._start_hand
        self._oe_myeon_turn[s] = self._turn_no
        # LIAB-5 (b) (our reading): the hand was emptied by playing on this turn.
        self._oe_myeon_last_card[s] = bool(self._start_hand) and not self._hands[s] and self._hand_case != H_SKIP
