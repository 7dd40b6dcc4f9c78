"""The facts of a hand that settlement needs besides the cards (RULES.md 2.14 LIAB, PAY-5).

Builds the :class:`~gostop.settlement.SettleContext` of a stop: goes, heundeum (SHAKE-2), bombs,
the nagari carry (MATCH-5), the liable loser's candidates (LIAB-3 go-bak, LIAB-10 shodang
refusal, LIAB-4 oe-myeon with LIAB-5 (b)), VAR-WEOLYAK and VAR-MISSION.
"""

from __future__ import annotations

from gostop.settlement import SettleContext

from .deal import MISSIONS
from .state import HandState
from .tables import expand_months

__all__ = ["LiabilityContext"]

# Month bits of November and December (SHAKE-2 heundeum_nov_dec_multiplier).
_NOV_DEC = (1 << 40) | (1 << 44)


class LiabilityContext(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: the SettleContext of a stop (LIAB, PAY-5)."""

    __slots__ = ()

    def _settle_context(self, s: int, opps: tuple[int, ...], public: bool = False) -> SettleContext:
        """The hand's facts for ``settle`` (PAY-5 factors and the LIAB facts).

        ``public``: judge LIAB-4 (B) only on the hand cards everybody knows the loser held
        (for :meth:`stop_preview`, which must not depend on hidden cards).
        """
        rules = self.rules
        caps = self._caps
        declared = self._declared_months[s]
        goer: int | None = None
        refuser: int | None = None
        oe: int | None = None
        if self.players == 2:
            if self._goes[opps[0]]:
                goer = 0
        else:
            # LIAB-3 / LIAB-12: the first loser who said go and was not released.
            stamps = [(self._first_go_turn[o], k) for k, o in enumerate(opps) if self._first_go_turn[o] >= 0]
            if stamps:
                goer = min(stamps)[1]
            # LIAB-10: the earliest refusal still active (the refuser is not the winner);
            # one_round (our reading): the offerer's turn and the next two turns of the hand.
            for r, _offerer, tn in self._refusals:
                if r != s and (rules.shodang_window == "rest_of_hand" or self._turn_no <= tn + 2):
                    refuser = opps.index(r)
                    break
            if self._oe_myeon_on:
                # LIAB-4: W stops on its first turn after X's most recent turn and captured
                # a card X left (A) or passed up (B); LIAB-5 (b) excused here.
                best: tuple[int, int] | None = None
                cap = self._turn_captured
                for k, o in enumerate(opps):
                    tx = self._oe_myeon_turn[o]
                    if tx <= self._mover_prev_turn_no:
                        continue
                    held = self._known_start_hand(o) if public else self._oe_myeon_start_hand[o]
                    passed = self._oe_myeon_kept_on_layout[o] & expand_months(held)
                    if not cap & (self._oe_myeon_left[o] | passed):
                        continue
                    if rules.oe_myeon_exceptions and self._oe_myeon_last_card[o]:
                        continue
                    if best is None or tx < best[0]:
                        best = (tx, k)
                if best is not None:
                    oe = best[1]
        weol = 0
        if rules.weol_yak_first_turn and self._weol_yak_first_turn[s]:
            weol += 1
        wm = self._weol_yak_month
        if wm and rules.weol_yak_month and caps[s] & (0xF << (4 * (wm - 1))) == 0xF << (4 * (wm - 1)):
            weol += 1
        mult = 1
        if self._mission_index >= 0 and rules.missions:
            need = self._t.card_mask(MISSIONS[self._mission_index][1])
            if caps[s] & need == need:
                mult = self._mission_multiplier
        return SettleContext(
            goes=self._goes[s],
            shakes=declared.bit_count(),
            shakes_nov_dec=(declared & _NOV_DEC).bit_count(),
            bombs=self._bomb_count[s],
            nagari_before=self._nagari_before,
            goer=goer,
            refuser=refuser,
            oe_myeon=oe,
            weol_yak=weol,
            mission_multiplier=mult,
            pushes=self._pushes,  # VAR-PUSH
        )
