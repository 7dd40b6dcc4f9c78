"""Applying a decision (RULES.md 2.18 DEC-5 .. DEC-16).

:meth:`Decisions.apply` checks the action, records it, dispatches it to the rule that handles it
and runs everything automatic that follows up to the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .events import Event
from .stages import (
    ANSWER,
    GOSTOP,
    H2,
    H_BOMB,
    MAIN,
    PICK_HAND,
    PICK_STOCK,
    SURRENDER,
    YELL,
)
from .state import HandState
from .tables import NIB1, expand_months, nibble_counts

__all__ = ["Decisions"]


class Decisions(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: applying the decisions of DEC-5 .. DEC-16."""

    __slots__ = ()

    def apply(self, action: Action | str) -> list[Event]:
        """Apply ``action`` for :attr:`current_player`; return the events it caused.

        Everything automatic that follows (the stock phase, collection, automatic surrenders,
        forced stock-only turns, the next turn's start) runs before this returns, up to the
        next decision or the end of the hand.

        Raises:
            IllegalActionError: (a ValueError) the action cannot be read or is not legal now;
                the message names it and the legal actions. The hand is left untouched.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:  # actions are interned: this is an identity test
            action = self._coerce(action, legal)
        if TYPE_CHECKING:
            assert isinstance(action, Action)
        self._legal = None
        self._history.append(action)
        ev: list[Event] = []
        st = self._stage
        kind = action.kind
        if st == MAIN:
            if kind == "play":
                i = action.index
                self._play_card(i if i >= 0 else self._t.index[action.cards[0]], ev)
            elif kind == "bomb" or kind == "grenade":
                self._do_bomb(action.month, kind, ev)
            elif kind == "skip":
                self._skip_turn(ev, False)
            elif kind == "shake" or kind == "show-quad":
                self._do_shake(action.month, kind, ev)
            elif kind == "reveal":
                self._do_reveal(self._t.index[action.cards[0]], ev)
            else:
                self._do_offer(ev)
        elif st == GOSTOP:
            if kind == "go":
                self._do_go(ev)
            else:
                self._do_stop(ev)
        elif st in (PICK_HAND, PICK_STOCK):
            self._do_pick(self._t.index[action.cards[0]], ev)
        elif st == SURRENDER:
            self._do_surrender(self._t.card_mask(action.cards), ev)
        elif st == ANSWER:
            self._do_answer(kind == "accept", ev)
        elif st == YELL:
            self._do_yell(kind == "yell", ev)
        else:
            self._do_chongtong(kind == "chongtong", ev)
        self._events.extend(ev)
        return ev

    def _do_pick(self, x: int, ev: list[Event]) -> None:
        """DEC-12 / DEC-13: the card being resolved takes layout card x (CAPT-H2 / CAPT-S3)."""
        s = self._mover
        t = self._t
        xb = 1 << x
        c = self._pick_card
        self._layout ^= xb
        self._pending |= (1 << c) | xb
        ev.append(Event("pick", s, (t.deck[x],), {"for": t.codes[c]}))
        if self._stage == PICK_HAND:
            self._hand_case = H2
            self._hand_partner = xb
            self._hand_left_single = self._pick_options ^ xb
        self._stage = MAIN
        self._turn_stock_then_collect(ev)

    def _do_bomb(self, month: int, kind: str, ev: list[Event]) -> None:
        """BOMB-1..3 and VAR-GRENADE: the cards of the month in hand take those on the layout."""
        s = self._mover
        rules = self.rules
        p = 4 * (month - 1)
        month_cards = 0xF << p
        in_hand = self._hands[s] & month_cards
        on_layout = self._layout & month_cards
        self._hands[s] ^= in_hand
        self._plays[s] = None
        self._moves_left -= in_hand.bit_count()
        self._layout ^= on_layout
        self._pending |= in_hand | on_layout
        self._hand_case = H_BOMB
        self._played_from_hand = False
        self._hand_month_pos = p
        self._turn_events.append(kind)
        ev.append(Event(kind, s, self._t.cards(in_hand | on_layout), {"month": month}))
        three = rules.bomb_compensation == "draw_three"
        if kind == "bomb":
            self._bomb_count[s] += 1
            extra = 2
        else:
            if rules.grenade == "as_bomb":
                self._bomb_count[s] += 1
            extra = 1
        if three:
            self._stock_to_turn = 1 + extra
        else:
            self._stock_to_turn = 1
            self._skip_allowance[s] += extra
            self._moves_left += extra
            # next_two (our reading: renewed by each bomb): this turn and the next two
            self._skip_window[s] = 3
        self._final_turn = self._moves_left == 0
        self._turn_stock_then_collect(ev)

    def _do_shake(self, month: int, kind: str, ev: list[Event]) -> None:
        """DEC-6 / DEC-7: declare heundeum (SHAKE-1) or show a kept quad (SHAKE-5); SHAKE-3 must-play."""
        s = self._mover
        p = 4 * (month - 1)
        low = 1 << p
        self._declared_months[s] |= low
        if kind == "show-quad":
            self._shown_quads[s] |= low
        # SHAKE-1 / SHAKE-5: exactly the cards shown now are public (a card of the month that
        # joins the hand later, by a JOKER-4 draw, stays private).
        self._shown_cards[s] |= self._hands[s] & (0xF << p)
        if self.rules.heundeum_must_play:  # SHAKE-3
            self._must_play |= low
            self._turn_flags_set = True
        ev.append(Event(kind, s, self._t.cards(self._hands[s] & (0xF << p)), {"month": month}))

    def _do_reveal(self, j: int, ev: list[Event]) -> None:
        """JOKER-4: the joker goes to the capture area, the top stock card joins the hand."""
        s = self._mover
        t = self._t
        jb = 1 << j
        self._hands[s] ^= jb
        self._plays[s] = None
        self._caps[s] |= jb
        self._revealed_this_turn = True
        self._turn_flags_set = True
        ev.append(Event("reveal", s, (t.deck[j],)))
        self._joker_shot(True, ev)  # our reading: revealing is playing a joker from hand
        self._boss_joker_debt(jb, ev)
        c = self._stock[self._stock_pos]
        self._draw_slots += ((s, self._stock_pos),)
        self._stock_pos += 1
        self._hands[s] |= 1 << c
        ev.append(Event("draw", s, (t.deck[c],)))

    def _do_offer(self, ev: list[Event]) -> None:
        """LIAB-7: the hand is exposed and offered as a nagari; LIAB-8 answers follow."""
        s = self._mover
        self._offered = True
        self._turn_flags_set = True
        self._exposed[s] = True
        if self.rules.nagari_offer_cancels_go_bak:  # LIAB-12
            self._first_go_turn[s] = -1
        ev.append(Event("offer-shodang", s, self._t.cards(self._hands[s])))
        self._stage = ANSWER
        self._decider = (s + 1) % 3

    def _do_answer(self, accept: bool, ev: list[Event]) -> None:
        """DEC-10 (LIAB-8): accept or refuse the shodang offer; a first refusal makes the other
        opponent accept; a refusal is tracked for LIAB-10.
        """
        s = self._mover
        d = self._decider
        first = d == (s + 1) % 3
        if accept:
            ev.append(Event("accept", d, (), {"offerer": s}))
            if first:
                self._decider = (s + 2) % 3
                return
            self._finish(ev, None, "shodang", nagari=True)
            return
        ev.append(Event("refuse", d, (), {"offerer": s}))
        self._refusals = (*self._refusals, (d, s, self._turn_no))
        if first:  # LIAB-8: the other opponent is deemed to accept
            ev.append(Event("accept", (s + 2) % 3, (), {"offerer": s, "auto": True}))
        self._stage = MAIN

    def _do_yell(self, yell: bool, ev: list[Event]) -> None:
        """DEC-15 (GOO-14): yell after an opponent's first-turn ppuk, or take a shot."""
        d = self._decider
        self._debt_queue.pop(0)
        ev.append(Event("yell" if yell else "no-yell", d))
        if not yell:  # GOO-14
            self._take_shot(d, 1, "yell", self._mover, ev)
        self._stage = MAIN
        self._work_debt_queue(ev)

    def _do_surrender(self, mask: int, ev: list[Event]) -> None:
        """DEC-14 (EVT-7): the debtor's chosen junk for the debt at the head of the queue."""
        item = self._debt_queue.pop(0)
        self._hand_over_junk(item[1], mask, self._turn_events[item[3]], False, ev)
        self._stage = MAIN
        self._work_debt_queue(ev)

    def _do_go(self, ev: list[Event]) -> None:
        """DEC-16 go (GOSTOP-5); GOSTOP-6: a go on the final turn ends the hand in nagari."""
        s = self._mover
        points = self._score_cache_points[s]
        self._goes[s] += 1
        self._last_go_points[s] = points
        if self._first_go_turn[s] < 0:
            self._first_go_turn[s] = self._turn_no
        ev.append(Event("go", s, (), {"goes": self._goes[s], "points": points}))
        self._stage = MAIN
        self._end_turn(ev, points)  # GOSTOP-6: a go on the final turn ends in nagari

    def _do_chongtong(self, declare: bool, ev: list[Event]) -> None:
        """DEC-5: a quad holder declares chongtong (DEAL-7) or keeps playing."""
        d = self._decider
        if declare:
            self._chongtong_declared = (*self._chongtong_declared, d)
            quad = expand_months((nibble_counts(self._hands[d]) >> 2) & NIB1) & self._hands[d]
            ev.append(Event("chongtong", d, self._t.cards(quad)))
        else:
            # DEC-5 (our reading): keeping the quad is public, without its cards.
            ev.append(Event("keep-quad", d))
        queue = self._chongtong_queue[1:]
        self._chongtong_queue = queue
        if queue:
            self._decider = queue[0]
            return
        self._stage = MAIN
        self._resolve_chongtong(ev)
