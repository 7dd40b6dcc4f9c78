"""Phases 1 and 2: the hand card and the stock cards (RULES.md 2.6 CAPT-H, CAPT-S, 2.8 JOKER).

The hand card is resolved by table CAPT-H (H0 laid down, H1 pair, H2 pick, H3 stack), then each
stock card of the turn by table CAPT-S (S5 chok, S6 ppuk, S7 ttadak when it matches the hand
card's month; else S1 .. S4). Jokers: JOKER-1 (played from hand, a stock card stands in),
JOKER-2 (turned from the stock), JOKER-3 (stays with a ppuk), GOO-10 joker shots, EVT-9 JKB.
Matched cards are only *pending* until phase 3 (:mod:`~gostop.engine.collection`).
"""

from __future__ import annotations

from .events import NO_DATA, Event
from .stages import (
    GOSTOP,
    H0,
    H1,
    H2,
    H3,
    PICK_HAND,
    PICK_STOCK,
)
from .state import HandState
from .tables import bits

__all__ = ["CaptureRules"]

# Builds an Event (a NamedTuple) from a ready tuple, skipping NamedTuple.__new__.
_new_tuple = tuple.__new__


class CaptureRules(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: phases 1 and 2 (CAPT-H, CAPT-S, JOKER)."""

    __slots__ = ()

    def _play_card(self, i: int, ev: list[Event]) -> None:
        """TURN-3 (a): play hand card i (CAPT-H, or JOKER-1 for a joker), then the stock phase
        and collection unless a pick is needed.

        A fast path handles the common turn (CAPT-H0/H1, one plain stock card by CAPT-S1/S2, no
        special event) with exactly the effects of the general path.
        """
        s = self._mover
        self._hands[s] ^= 1 << i
        plays = self._plays[s]
        if plays is not None:  # drop the card's action from the seat's cached list
            k = plays.index(self._t.play[i])
            self._plays[s] = plays[:k] + plays[k + 1 :]
        left = self._moves_left = self._moves_left - 1
        self._final_turn = left == 0  # TURN-6: known once the main action is taken
        self._stock_to_turn = 1
        if i < 48:
            self._played_from_hand = True
            p = i & ~3
            layout = self._layout
            on_layout = layout & (0xF << p)
            if on_layout & (on_layout - 1):  # CAPT-H2 / H3
                if self._resolve_hand_card(i, "play", ev) and self._turn_stock(ev):
                    self._collect(ev)
                return
            # Fast path (same rules as _resolve_hand_card + _turn_stock): CAPT-H0 / H1, then one
            # stock card that is no joker, not of month m and finds 0 or 1 card (CAPT-S1/S2).
            t = self._t
            bit = 1 << i
            self._hand_card = i
            self._hand_month_pos = p
            if on_layout:  # CAPT-H1
                layout ^= on_layout
                pending = bit | on_layout
                self._hand_case = H1
                self._hand_partner = on_layout
                ev.append(_new_tuple(Event, ("play", s, (t.deck[i],), {"onto": t.codes[on_layout.bit_length() - 1]})))
            else:  # CAPT-H0
                layout |= bit
                pending = 0
                self._hand_case = H0
                ev.append(_new_tuple(Event, ("play", s, (t.deck[i],), NO_DATA)))
            pos = self._stock_pos
            c = self._stock[pos]
            q = c & ~3
            stock_partner = layout & (0xF << q)
            if c >= 48 or q == p or stock_partner & (stock_partner - 1):
                self._layout = layout
                self._pending = pending
                if self._turn_stock(ev):
                    self._collect(ev)
                return
            self._stock_pos = pos + 1
            self._stock_to_turn = 0
            self._first_stock_card = False
            cbit = 1 << c
            if stock_partner:  # CAPT-S2
                layout ^= stock_partner
                pending |= cbit | stock_partner
                ev.append(_new_tuple(Event, ("flip", s, (t.deck[c],), {"onto": t.codes[stock_partner.bit_length() - 1]})))
            else:  # CAPT-S1
                layout |= cbit
                ev.append(_new_tuple(Event, ("flip", s, (t.deck[c],), NO_DATA)))
            self._layout = layout
            if self._turn_events or not layout or t.collect_any:
                self._pending = pending
                self._collect(ev)
                return
            # Phase 3 with no special event (as _collect), phases 4-5 (as _instant_end_or_go_stop: no ppuk
            # this turn, no heodang rule).
            self._turn_captured = pending
            caps = self._caps
            if pending:
                captured = caps[s] = caps[s] | pending
                ev.append(_new_tuple(Event, ("capture", s, t.cards(pending), NO_DATA)))
            else:
                captured = caps[s]
            if captured.bit_count() < self._min_cards:
                points = 0
            elif captured == self._score_cache_mask[s]:
                points = self._score_cache_points[s]
            else:
                points = self._score_cache_points[s] = t.score.stop_points(captured)
                self._score_cache_mask[s] = captured
            if points >= self._target and (
                (self._goes[s] == 0 or points > self._last_go_points[s])
                if self._above_last_go
                else points > self._prev_turn_points[s]
            ):
                self._stage = GOSTOP
                return
            self._end_turn(ev, points)
            return
        # JOKER-1: the joker goes to the capture area (pending); the top stock card is played
        # as if it were the hand card (repeat while jokers come).
        t = self._t
        jbit = 1 << i
        self._pending |= jbit
        ev.append(Event("play", s, (t.deck[i],)))
        self._joker_shot(True, ev)
        self._boss_joker_debt(jbit, ev)
        stock = self._stock
        c = stock[self._stock_pos]
        self._stock_pos += 1
        while c >= 48:
            self._pending |= 1 << c
            ev.append(Event("substitute", s, (t.deck[c],)))
            self._joker_shot(False, ev)
            self._boss_joker_debt(1 << c, ev)
            c = stock[self._stock_pos]
            self._stock_pos += 1
        self._played_from_hand = False
        if self._resolve_hand_card(c, "substitute", ev):
            self._turn_stock_then_collect(ev)

    def _resolve_hand_card(self, i: int, etype: str, ev: list[Event]) -> bool:
        """CAPT-H: resolve the hand card i; False when the player must pick (CAPT-H2)."""
        t = self._t
        p = i & ~3
        layout = self._layout
        on_layout = layout & (0xF << p)
        bit = 1 << i
        self._hand_card = i
        self._hand_month_pos = p
        s = self._mover
        if not on_layout:  # CAPT-H0
            self._layout = layout | bit
            self._hand_case = H0
            ev.append(_new_tuple(Event, (etype, s, (t.deck[i],), NO_DATA)))
            return True
        if not on_layout & (on_layout - 1):  # CAPT-H1
            self._layout = layout ^ on_layout
            self._pending |= bit | on_layout
            self._hand_case = H1
            self._hand_partner = on_layout
            ev.append(_new_tuple(Event, (etype, s, (t.deck[i],), {"onto": t.codes[on_layout.bit_length() - 1]})))
            return True
        if on_layout.bit_count() == 2:  # CAPT-H2: the player chooses
            self._stage = PICK_HAND
            self._pick_card = i
            self._pick_options = on_layout
            ev.append(Event(etype, s, (t.deck[i],), {"choice": [t.codes[j] for j in bits(on_layout)]}))
            return False
        # CAPT-H3: the stack.
        ev.append(Event(etype, s, (t.deck[i],), {"onto": [t.codes[j] for j in bits(on_layout)]}))
        self._hand_case = H3
        self._take_stack(p, on_layout, bit, ev)
        return True

    def _is_ja_ppuk(self, owner: int, made: int, s: int) -> bool:
        """EVT-5: seat s taking back a stack it made (``made``: its own turn number then) is a
        ja-ppuk, one that costs more junk (``ja_ppuk_junk``), in the turns ``ja_ppuk_window``
        allows."""
        rules = self.rules
        if owner != s or rules.ja_ppuk_junk <= 1:
            return False
        own = self._own_turns[s]
        return made < own if rules.ja_ppuk_window == "any_previous" else made == own - 1

    def _take_stack(self, p: int, on_layout: int, extra: int, ev: list[Event]) -> None:
        """EVT-4 / EVT-5: the stack of month nibble p is captured (with its jokers)."""
        stacks = dict(self._stacks)
        owner, made, jokers = stacks.pop(p >> 2)
        self._stacks = stacks
        self._layout ^= on_layout
        self._pending |= extra | on_layout | jokers
        s = self._mover
        ja = self._is_ja_ppuk(owner, made, s)
        cards = self._t.cards(on_layout | jokers | extra)
        if ja:
            self._turn_events.append("ja-ppuk")
            ev.append(Event("ja-ppuk", s, cards, {"owner": owner}))
        else:
            self._turn_events.append("stack-capture")
            ev.append(Event("stack-capture", s, cards, {"owner": None if owner < 0 else owner}))
        if jokers:
            self._boss_joker_debt(jokers, ev)

    def _turn_stock_then_collect(self, ev: list[Event]) -> None:
        """Phase 2 (CAPT-S) then phase 3 (collection), unless a pick (CAPT-S3) stops it."""
        if self._turn_stock(ev):
            self._collect(ev)

    def _turn_stock(self, ev: list[Event]) -> bool:
        """CAPT-S for every stock card of the turn; False when the player must pick (S3)."""
        t = self._t
        deck = t.deck
        stock = self._stock
        s = self._mover
        pos = self._stock_pos
        while self._stock_to_turn:
            c = stock[pos]
            pos += 1
            bit = 1 << c
            if c >= 48:
                # JOKER-2 (and JOKER-3: it joins a pending pair).
                self._stock_pos = pos
                ev.append(Event("flip", s, (deck[c],)))
                self._joker_shot(False, ev)
                if self._first_stock_card and self._hand_case in (H1, H2) and self.rules.joker_stays_with_ppuk:
                    self._pair_jokers |= bit
                else:
                    self._pending |= bit
                    self._boss_joker_debt(bit, ev)
                continue
            self._stock_to_turn -= 1
            p = c & ~3
            if self._first_stock_card:
                self._first_stock_card = False
                hc = self._hand_case
                if H0 <= hc <= H2 and p == self._hand_month_pos:
                    self._stock_pos = pos
                    ev.append(_new_tuple(Event, ("flip", s, (deck[c],), NO_DATA)))
                    self._stock_matches_hand_card(c, ev)
                    continue
                pair_jokers = self._pair_jokers
                if pair_jokers:  # JOKER-3 without a ppuk: captured with the pair
                    self._pair_jokers = 0
                    self._pending |= pair_jokers
                    self._boss_joker_debt(pair_jokers, ev)
            layout = self._layout
            on_layout = layout & (0xF << p)
            if not on_layout:  # CAPT-S1
                self._layout = layout | bit
                ev.append(_new_tuple(Event, ("flip", s, (deck[c],), NO_DATA)))
            elif not on_layout & (on_layout - 1):  # CAPT-S2
                self._layout = layout ^ on_layout
                self._pending |= bit | on_layout
                ev.append(_new_tuple(Event, ("flip", s, (deck[c],), {"onto": t.codes[on_layout.bit_length() - 1]})))
            elif on_layout.bit_count() == 2:  # CAPT-S3: the player chooses
                self._stock_pos = pos
                self._stage = PICK_STOCK
                self._pick_card = c
                self._pick_options = on_layout
                ev.append(Event("flip", s, (deck[c],), {"choice": [t.codes[j] for j in bits(on_layout)]}))
                return False
            else:  # CAPT-S4
                self._stock_pos = pos
                ev.append(Event("flip", s, (deck[c],), {"onto": [t.codes[j] for j in bits(on_layout)]}))
                self._take_stack(p, on_layout, bit, ev)
        self._stock_pos = pos
        return True

    def _stock_matches_hand_card(self, c: int, ev: list[Event]) -> None:
        """CAPT-S5 chok, CAPT-S6 ppuk, CAPT-S7 ttadak (the stock card matches the hand card)."""
        s = self._mover
        t = self._t
        bit = 1 << c
        hbit = 1 << self._hand_card
        hc = self._hand_case
        if hc == H0:  # S5 chok
            self._layout ^= hbit
            self._pending |= hbit | bit
            self._turn_events.append("chok")
            ev.append(Event("chok", s, t.cards(hbit | bit)))
        elif hc == H1 and self.rules.final_turn_no_ppuk and not self._hands[s] and not self._skip_allowance[s]:
            # VAR-FINAL-NO-PPUK: no ppuk on one's own last turn (no hand card and no stock-only
            # turn left after this one); the three cards are captured
            pair_jokers = self._pair_jokers
            self._pair_jokers = 0
            self._pending |= bit | pair_jokers
            if pair_jokers:
                self._boss_joker_debt(pair_jokers, ev)
        elif hc == H1:  # S6 ppuk: H, L and S stay as a stack owned by this player
            pair = hbit | self._hand_partner
            self._pending &= ~pair
            self._layout |= pair | bit
            pair_jokers = self._pair_jokers
            self._pair_jokers = 0
            stacks = dict(self._stacks)
            stacks[c >> 2] = (s, self._own_turns[s], pair_jokers)
            self._stacks = stacks
            self._ppuk_count[s] += 1
            self._ppuk_this_turn = True
            self._turn_flags_set = True
            ev.append(Event("ppuk", s, t.cards(pair | bit | pair_jokers), {"count": self._ppuk_count[s]}))
            turn = self._own_turns[s]
            if turn == 1:
                # EVT-10 first-turn ppuk (GOO-14: the yell is asked in phase 3).
                amount = self.rules.first_turn_ppuk_payment
                ev.append(Event("first-turn-ppuk", s))
                if amount:
                    for o in self._opponents(s):
                        self._pay(o, s, amount, "first-turn-ppuk", ev)
            elif turn <= 3 and self.rules.ppuk_streak_payments and self._ppuk_count[s] == turn:
                # VAR-PPUK-STREAK: a ppuk on every own turn so far (one ppuk a turn at most)
                amount = self.rules.first_turn_ppuk_payment * turn
                ev.append(Event("ppuk-streak", s, (), {"turn": turn}))
                if amount:
                    for o in self._opponents(s):
                        self._pay(o, s, amount, "ppuk-streak", ev)
        else:  # S7 ttadak
            other = self._hand_left_single
            pair_jokers = self._pair_jokers
            self._pair_jokers = 0
            self._layout ^= other
            self._pending |= bit | other | pair_jokers
            self._turn_events.append("ttadak")
            ev.append(Event("ttadak", s, t.cards(hbit | self._hand_partner | other | bit | pair_jokers)))
            amount = self.rules.first_turn_ttadak_payment
            if amount and self._own_turns[s] == 1 and not self._final_turn:  # VAR-FIRST-TTADAK
                for o in self._opponents(s):
                    self._pay(o, s, amount, "first-turn-ttadak", ev)
            if pair_jokers:
                self._boss_joker_debt(pair_jokers, ev)

    def _joker_shot(self, from_hand: bool, ev: list[Event]) -> None:
        """GOO-10: a joker played from hand / turned from the stock costs shots."""
        mode = self.rules.joker_shot
        if mode is None:
            return
        s = self._mover
        opponents_drink = from_hand == (mode == "hand_opponents_stock_self")
        takers = self._opponents(s) if opponents_drink else (s,)
        for o in takers:
            self._take_shot(o, 1, "joker", s, ev)

    def _boss_joker_debt(self, mask: int, ev: list[Event]) -> None:
        """EVT-9: capturing JKB creates a debt of one junk per opponent."""
        boss = mask & self._t.boss
        while boss:
            low = boss & -boss
            boss ^= low
            self._turn_events.append("boss-joker")
            ev.append(Event("boss-joker", self._mover, (self._t.deck[low.bit_length() - 1],)))
