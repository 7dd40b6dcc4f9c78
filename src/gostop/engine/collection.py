"""Phase 3: collection, special events and junk debts (RULES.md 2.7 EVT, GOO-12 .. GOO-14).

The pending cards go to the mover's capture area; then the turn's events: EVT-1 sseul, the
first-turn bonuses (VAR-BAEKHWAJEOM, VAR-WEOLYAK-FIRST, VAR-FIRST-FOUR, VAR-BOAR), GOO-14 yells,
and the junk debts of EVT-6 paid by surrender (EVT-7), automatically when there is one way.
"""

from __future__ import annotations

from .events import NO_DATA, Event
from .stages import (
    SURRENDER,
    YELL,
)
from .state import HandState
from .tables import NIB1, bits, expand_months

__all__ = ["Collection", "QUEUE_YELL", "QUEUE_DEBT"]

# Builds an Event (a NamedTuple) from a ready tuple, skipping NamedTuple.__new__.
_new_tuple = tuple.__new__

# Special events that count for VAR-FIRST-FOUR (X-27: ttadak, stack capture, bomb, chok;
# our reading: a ja-ppuk is a stack capture, a grenade takes all four cards like a bomb).
_FOUR_EVENTS = frozenset({"ttadak", "stack-capture", "ja-ppuk", "bomb", "grenade", "chok"})

# Events whose debt disappears on the final turn under last_turn_exception (EVT-6).
_LAST_TURN_EXEMPT = frozenset({"chok", "ttadak", "sseul"})

# Kinds of the phase-3 queue items: (QUEUE_YELL, seat) and (QUEUE_DEBT, debtor, junk, event index).
QUEUE_YELL, QUEUE_DEBT = 0, 1


class Collection(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: phase 3 (EVT, surrenders, yells)."""

    __slots__ = ()

    def _collect(self, ev: list[Event]) -> None:
        """Phase 3: the pending cards go to the capture area, then the turn's events."""
        s = self._mover
        t = self._t
        cap = self._pending
        self._turn_captured = cap
        if cap:
            self._pending = 0
            self._caps[s] |= cap
            ev.append(_new_tuple(Event, ("capture", s, t.cards(cap), NO_DATA)))
        if (
            self._turn_events
            or not self._layout
            or t.heodang_on
            or (t.first_turn_any and self._own_turns[s] == 1)
            or (t.boar_pot and cap & t.boar_bit)
            or (t.yell and self._ppuk_this_turn)
        ):
            self._phase3_events(cap, ev)
        else:
            self._instant_end_or_go_stop(ev)

    def _phase3_events(self, cap: int, ev: list[Event]) -> None:
        """Phase 3 events: EVT-1 sseul, first-turn bonuses, the boar, yells, debts."""
        s = self._mover
        t = self._t
        rules = self.rules
        if rules.heodang_turns is not None:
            # VAR-HEODANG: captured (or revealed, our reading) jokers count, received junk not.
            self._turns_without_capture[s] = 0 if cap or self._revealed_this_turn else self._turns_without_capture[s] + 1
        tev = self._turn_events
        if not self._layout and self._sseul_start():  # EVT-1
            tev.append("sseul")
            ev.append(Event("sseul", s))
        if self._own_turns[s] == 1:
            self._first_turn_bonuses(cap, ev)
        if cap & t.boar_bit and rules.boar == "pot" and self._boar_taker is None:
            self._boar_taker = s  # VAR-BOAR pot: taken at once
            ev.append(Event("boar", s, (t.deck[t.boar_bit.bit_length() - 1],), {"pot": self._pot_total()}))
        queue: list[tuple[int, ...]] = []
        # GOO-14 (our reading): the yells come first in phase 3, in GEN-6 order.
        if self._ppuk_this_turn and rules.first_turn_ppuk_yell and self._own_turns[s] == 1:
            for o in self._opponents(s):
                queue.append((QUEUE_YELL, o))
        if tev:
            # EVT-6 / EVT-7: debts event by event, opponents in GEN-6 order.
            final_exempt = self._final_turn and rules.last_turn_exception
            for k, name in enumerate(tev):
                amount = self._debt_of(name, final_exempt)
                if name == "ja-ppuk" and rules.ja_ppuk_shot:  # GOO-13
                    for o in self._opponents(s):
                        self._take_shot(o, 1, "ja-ppuk", s, ev)
                if amount:
                    for o in self._opponents(s):
                        queue.append((QUEUE_DEBT, o, amount, k))
        if queue:
            self._debt_queue = queue
            self._work_debt_queue(ev)
        else:
            self._instant_end_or_go_stop(ev)

    def _sseul_start(self) -> bool:
        """EVT-1: at the start of the turn the layout was exactly two singles of different
        months.
        """
        layout = self._start_layout
        if layout.bit_count() != 2:
            return False
        low = layout & -layout
        return (low.bit_length() - 1) >> 2 != ((layout ^ low).bit_length() - 1) >> 2

    def _debt_of(self, name: str, final_exempt: bool) -> int:
        """EVT-6 junk owed by each opponent for one special event of this turn."""
        rules = self.rules
        if name in _LAST_TURN_EXEMPT:
            return 0 if final_exempt else 1
        if final_exempt and rules.last_turn_exception_stacks and name in ("stack-capture", "ja-ppuk"):
            return 0  # EVT-14 (matgo): no junk for a stack taken on the final turn
        if name == "ja-ppuk":
            return rules.ja_ppuk_junk
        if name == "bomb":
            return 1 if rules.bomb_steals_junk else 0  # EVT-8
        if name == "grenade":
            mode = rules.grenade
            if mode == "steal":
                return 1
            return 1 if mode == "as_bomb" and rules.bomb_steals_junk else 0
        return 1  # stack-capture, boss-joker, baek-hwa-jeom

    def _first_turn_bonuses(self, cap: int, ev: list[Event]) -> None:
        """VAR-BAEKHWAJEOM, VAR-WEOLYAK-FIRST, VAR-FIRST-FOUR, VAR-BOAR first_turn."""
        rules = self.rules
        t = self._t
        s = self._mover
        if rules.baek_hwa_jeom and cap & t.brights and cap & t.animals and cap & t.ribbons and cap & t.junk:
            self._turn_events.append("baek-hwa-jeom")
            ev.append(Event("baek-hwa-jeom", s))
        if rules.weol_yak_first_turn:
            full = cap & (cap >> 1) & (cap >> 2) & (cap >> 3) & NIB1
            if full:
                self._weol_yak_first_turn[s] = 1  # our reading: counted once (SettleContext.weol_yak <= 2)
                ev.append(Event("weol-yak", s, t.cards(expand_months(full) & cap)))
        bonus = rules.first_turn_four_bonus
        if bonus:  # our reading: paid once per qualifying event
            for name in self._turn_events:
                if name in _FOUR_EVENTS:
                    for o in self._opponents(s):
                        self._pay(o, s, bonus, "first-turn-four", ev)
        if rules.boar == "first_turn" and cap & t.boar_bit and rules.boar_first_turn_payment:
            ev.append(Event("boar", s, (t.deck[t.boar_bit.bit_length() - 1],)))
            for o in self._opponents(s):
                self._pay(o, s, rules.boar_first_turn_payment, "boar", ev)

    def _surrender_options(self, debtor: int, amount: int) -> list[int]:
        """EVT-7: the ways (card masks) a debtor can pay ``amount`` junk.

        Our reading of the options: debt 2 = any two junk cards or one worth >= 2; debt 3 = any
        three, one worth >= 3, or one worth exactly 2 plus any other; else all of them.
        """
        t = self._t
        cards = bits(self._caps[debtor] & t.surrenderable)
        if not cards:
            return []
        if t.surrender_lowest:
            # EVT-15 (matgo): the lowest junk values first (then deck order) until the debt is
            # met or the junk runs out; one option, so nobody is asked.
            mask = paid = 0
            for i in sorted(cards, key=lambda i: (t.junk_value[i], i)):
                if paid >= amount:
                    break
                mask |= 1 << i
                paid += t.junk_value[i]
            return [mask]
        if amount == 1 or len(cards) == 1:
            return [1 << i for i in cards]
        values = t.junk_value
        k = len(cards)
        if amount == 2:
            out = [1 << i for i in cards if values[i] >= 2]
            for a in range(k):
                ba = 1 << cards[a]
                for b in range(a + 1, k):
                    out.append(ba | 1 << cards[b])
            return out
        # amount 3: three cards, one card of value >= 3, or a card of value 2 plus one more.
        twos = [i for i in cards if values[i] == 2]
        if k < 3 and not any(values[i] >= 3 for i in cards) and not (twos and k >= 2):
            m = 0
            for i in cards:
                m |= 1 << i
            return [m]  # cannot meet the debt: all of them
        opts: set[int] = {1 << i for i in cards if values[i] >= 3}
        for i in twos:
            for j in cards:
                if j != i:
                    opts.add(1 << i | 1 << j)
        for a in range(k):
            for b in range(a + 1, k):
                for c in range(b + 1, k):
                    opts.add(1 << cards[a] | 1 << cards[b] | 1 << cards[c])
        return sorted(opts)

    def _work_debt_queue(self, ev: list[Event]) -> None:
        """Work through yells and debts; stop at a decision with several options."""
        queue = self._debt_queue
        while queue:
            item = queue[0]
            if item[0] == QUEUE_YELL:
                self._stage = YELL
                self._decider = item[1]
                return
            debtor, amount = item[1], item[2]
            opts = self._surrender_options(debtor, amount)
            if len(opts) > 1:
                self._stage = SURRENDER
                self._decider = debtor
                self._surrender_masks = opts
                return
            queue.pop(0)
            name = self._turn_events[item[3]]
            if opts:
                self._hand_over_junk(debtor, opts[0], name, True, ev)
            else:
                ev.append(Event("no-junk", debtor, (), {"to": self._mover, "for": name}))
                if self.rules.no_junk_shot:  # GOO-12
                    self._take_shot(debtor, 1, "no-junk", self._mover, ev)
        self._instant_end_or_go_stop(ev)

    def _hand_over_junk(self, debtor: int, mask: int, name: str, auto: bool, ev: list[Event]) -> None:
        """EVT-7: the debtor gives the junk cards of ``mask`` to the mover."""
        s = self._mover
        self._caps[debtor] ^= mask
        self._caps[s] |= mask
        ev.append(Event("surrender", debtor, self._t.cards(mask), {"to": s, "for": name, "auto": auto}))
