"""The state of one hand: every field, what it holds, and the helpers every rule family uses.

:class:`HandState` declares the fields of a hand (``__slots__``: plain attributes, fast to read),
builds them (:meth:`HandState._init_state`) and copies them (:meth:`HandState.clone`). The rules
live in the mixins that :class:`gostop.engine.hand.Hand` combines, one module per rule family:

* :mod:`~gostop.engine.dealing` -- the deal checks (DEAL-5 .. DEAL-9) and chongtong;
* :mod:`~gostop.engine.turn` -- the turn cycle (TURN-2 .. TURN-7, phases 4 and 5, GOSTOP-2);
* :mod:`~gostop.engine.capture` -- phases 1 and 2, the hand card and the stock (CAPT-H, CAPT-S,
  JOKER-1 .. JOKER-3);
* :mod:`~gostop.engine.collection` -- phase 3, special events and junk debts (EVT);
* :mod:`~gostop.engine.payments` -- fixed payments, shots, the stop and the end (PAY, GOO);
* :mod:`~gostop.engine.liability` -- the settlement context (LIAB, PAY-5 factors);
* :mod:`~gostop.engine.legal` -- who decides and the legal actions (DEC);
* :mod:`~gostop.engine.decisions` -- applying a decision (DEC-5 .. DEC-16);
* :mod:`~gostop.engine.information` -- observations, determinization, read-only views.

Card sets are int bitmasks over deck indices (:mod:`gostop.engine.tables`); a "month position"
is the bit of a month's first card, ``4 * (month - 1)``.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any, Self

from gostop.cards import Card
from gostop.rules import Rules
from gostop.settlement import SettleContext, Settlement

from .actions import Action
from .events import Event
from .result import FixedPayment, HandResult
from .stages import H_NONE, MAIN
from .tables import Tables

__all__ = ["HandState", "month_of_pos"]

_ONE = 1


def month_of_pos(pos: int) -> int:
    """The month (1..12) of a month position (the bit of its first card, 4 * (month - 1))."""
    return (pos >> 2) + 1


class HandState:
    """The fields of one hand (see the field comments) and the helpers of every rule family."""

    __slots__ = (
        "rules",
        "players",
        "_t",
        "_stock",
        "_nagari_before",
        "_pushes",
        "_target",
        "_weol_yak_month",
        "_mission_index",
        "_mission_multiplier",
        "_boar_pot_in",
        "_oe_myeon_on",
        "_shodang_on",
        "_min_cards",
        "_above_last_go",
        "_stock_pos",
        "_layout",
        "_stacks",
        "_hands",
        "_plays",
        "_caps",
        "_stage",
        "_mover",
        "_decider",
        "_turn_no",
        "_own_turns",
        "_last_turn_no",
        "_mover_prev_turn_no",
        "_pending",
        "_hand_case",
        "_hand_card",
        "_hand_month_pos",
        "_played_from_hand",
        "_hand_partner",
        "_hand_left_single",
        "_stock_to_turn",
        "_first_stock_card",
        "_pair_jokers",
        "_pick_card",
        "_pick_options",
        "_moves_left",
        "_offered",
        "_turn_flags_set",
        "_must_play",
        "_final_turn",
        "_start_layout",
        "_start_hand",
        "_turn_events",
        "_debt_queue",
        "_surrender_masks",
        "_turn_captured",
        "_ppuk_this_turn",
        "_revealed_this_turn",
        "_draw_slots",
        "_skip_allowance",
        "_skip_window",
        "_declared_months",
        "_shown_quads",
        "_shown_cards",
        "_exposed",
        "_goes",
        "_last_go_points",
        "_prev_turn_points",
        "_first_go_turn",
        "_ppuk_count",
        "_bomb_count",
        "_turns_without_capture",
        "_chips",
        "_shots",
        "_weol_yak_first_turn",
        "_oe_myeon_left",
        "_oe_myeon_kept_on_layout",
        "_oe_myeon_start_hand",
        "_oe_myeon_turn",
        "_oe_myeon_last_card",
        "_score_cache_mask",
        "_score_cache_points",
        "_refusals",
        "_chongtong_queue",
        "_chongtong_declared",
        "_fixed_payments",
        "_boar_taker",
        "_history",
        "_events",
        "_deal_event_count",
        "_result",
        "_legal",
    )

    # -- fixed for the whole hand --------------------------------------------------------------
    rules: Rules  # the hand's rules (public)
    players: int  # active players, 2 or 3 (public)
    _t: Tables  # the precomputed tables of the rules (masks, actions, scoring)
    _stock: tuple[int, ...]  # the stock as dealt, top first (deck indices); read from _stock_pos
    _nagari_before: int  # k of MATCH-5
    _pushes: int  # VAR-PUSH: consecutive pushes right before this hand (set by Hand.new/from_deal)
    _target: int  # the stop target (GOSTOP-1)
    _weol_yak_month: int  # VAR-WEOLYAK-MONTH drawn month (0: none)
    _mission_index: int  # VAR-MISSION: index into MISSIONS (-1: none)
    _mission_multiplier: int  # VAR-MISSION multiplier
    _boar_pot_in: int  # VAR-BOAR pot carried into this deal
    _oe_myeon_on: bool  # LIAB-4 applies (3 players and the knob)
    _shodang_on: bool  # LIAB-7 applies (3 players and the knob)
    _min_cards: int  # fewest captured cards that can reach the target (skips scoring below)
    _above_last_go: bool  # GOSTOP-2 go_decision_trigger = above_last_go
    # -- where the cards are ---------------------------------------------------------------------
    _stock_pos: int  # cards already taken from the stock
    _layout: int  # month cards on the layout (stack cards included)
    _stacks: dict[int, tuple[int, int, int]]  # month - 1 -> (owner or -1, owner's turn made, jokers inside); copy on write
    _hands: list[int]  # per seat, the hand
    _plays: list[tuple[Action, ...] | None]  # per seat, cached "play" actions of its hand
    _caps: list[int]  # per seat, the capture area
    # -- whose decision ------------------------------------------------------------------------------
    _stage: int  # the stage (stages.py)
    _mover: int  # the seat whose turn it is
    _decider: int  # the deciding seat in the stages decided by another seat (answers, yells, debts, DEC-5)
    _turn_no: int  # turns of the hand so far (the current one included)
    _own_turns: list[int]  # per seat, own turns started (TURN-7)
    _last_turn_no: list[int]  # per seat, hand turn number of its latest turn (LIAB-4)
    _mover_prev_turn_no: int  # the mover's previous turn number (LIAB-4)
    # -- the current turn ---------------------------------------------------------------------------------
    _pending: int  # cards matched this turn, not yet collected (TURN-2)
    _hand_case: int  # what the hand card did: H_NONE, H0..H3, H_BOMB, H_SKIP (stages.py)
    _hand_card: int  # the hand card (or its joker substitute) of this turn
    _hand_month_pos: int  # its month position
    _played_from_hand: bool  # it came from the hand (not a joker substitute or a skip): LIAB-4 (A)
    _hand_partner: int  # CAPT-H1 / H2: the layout card it was put on
    _hand_left_single: int  # CAPT-H2: the other single it left
    _stock_to_turn: int  # stock cards still to turn this turn (jokers not counted)
    _first_stock_card: bool  # the next stock card is the first of the turn (CAPT-S5..S7 apply)
    _pair_jokers: int  # JOKER-3: stock jokers held with the pending pair
    _pick_card: int  # the card whose target is being chosen (DEC-12 / DEC-13)
    _pick_options: int  # the two layout cards it may take
    _moves_left: int  # hand cards plus skip allowance left in all hands (TURN-5, TURN-6)
    _offered: bool  # a shodang offer was made this turn (LIAB-7, our reading: one per turn)
    _turn_flags_set: bool  # one of the rare per-turn flags below was set (reset at the next turn)
    _must_play: int  # SHAKE-3: months (first-card bits) the mover must play from this turn
    _final_turn: bool  # this is the final turn (TURN-6)
    _start_layout: int  # the layout at the start of the turn (EVT-1, LIAB-4)
    _start_hand: int  # the mover's hand at the start of the turn (LIAB-4)
    _turn_events: list[str]  # the special events of the turn, in order (EVT-6 debts)
    _debt_queue: list[tuple[int, ...]]  # phase-3 yells and debts still to settle (collection.py)
    _surrender_masks: list[int]  # EVT-7: the debtor's ways to pay the current debt
    _turn_captured: int  # cards collected in phase 3 of this turn (LIAB-4)
    _ppuk_this_turn: bool  # a ppuk was made this turn (EVT-10, EVT-11, GOO-14)
    _revealed_this_turn: bool  # a joker was revealed this turn (VAR-HEODANG, our reading)
    _draw_slots: tuple[tuple[int, int], ...]  # JOKER-4 draws into a hand: (seat, stock position); public
    # -- per seat counters and declarations ------------------------------------------------------------
    _skip_allowance: list[int]  # BOMB-3 stock-only turns left
    _skip_window: list[int]  # BOMB-3 next_two: turns left in which a voluntary skip is allowed
    _declared_months: list[int]  # SHAKE-1 / SHAKE-5 declared months (first-card bits)
    _shown_quads: list[int]  # SHAKE-5 shown quads (first-card bits)
    _shown_cards: list[int]  # the hand cards shown by those declarations (public while in hand)
    _exposed: list[bool]  # the hand is exposed by a shodang offer (LIAB-8)
    _goes: list[int]  # goes said (GOSTOP-5)
    _last_go_points: list[int]  # stop points at the last go (GOSTOP-2 above_last_go)
    _prev_turn_points: list[int]  # stop points at the end of the previous own turn (GOSTOP-2 improved)
    _first_go_turn: list[int]  # turn number of the first go still liable (LIAB-3, LIAB-12), -1: none
    _ppuk_count: list[int]  # ppuk made (EVT-11)
    _bomb_count: list[int]  # bombs (and grenades counted as bombs) for PAY-5
    _turns_without_capture: list[int]  # VAR-HEODANG
    _chips: list[int]  # fixed payments so far, net
    _shots: list[int]  # shots taken so far (GOO)
    _weol_yak_first_turn: list[int]  # VAR-WEOLYAK-FIRST achieved
    _oe_myeon_left: list[int]  # LIAB-4 (A): the card the seat left on its latest turn
    _oe_myeon_kept_on_layout: list[int]  # LIAB-4 (B): on the layout at the start and end of that turn
    _oe_myeon_start_hand: list[int]  # LIAB-4 (B): its hand at the start of that turn (hidden)
    _oe_myeon_turn: list[int]  # turn number of its latest turn
    _oe_myeon_last_card: list[bool]  # LIAB-5 (b): that turn played its last hand card
    _score_cache_mask: list[int]  # capture area whose stop points are cached
    _score_cache_points: list[int]  # those stop points
    # -- the hand's record ------------------------------------------------------------------------------
    _refusals: tuple[tuple[int, int, int], ...]  # (refuser, offerer, turn) of LIAB-10
    _chongtong_queue: tuple[int, ...]  # DEC-5: quad holders still to answer
    _chongtong_declared: tuple[int, ...]  # seats that declared chongtong
    _fixed_payments: list[FixedPayment]  # PAY-12 payments and shots, in order
    _boar_taker: int | None  # VAR-BOAR pot: the seat that caught the boar
    _history: list[Action]  # the actions applied
    _events: list[Event]  # every event (deal events first)
    _deal_event_count: int  # how many of them belong to the deal
    _result: HandResult | None  # set when the hand is over
    _legal: list[Action] | None  # cached legal actions (None: to compute)

    def _init_state(
        self,
        t: Tables,
        players: int,
        hands: list[list[int]],
        layout: list[int],
        stock: list[int],
        nagari_before: int,
        boar_pot: int,
        month: int,
        mission: int,
        mult: int,
    ) -> None:
        rules = t.rules
        n = players
        self.rules = rules
        self.players = n
        self._t = t
        self._stock = tuple(stock)
        self._nagari_before = nagari_before
        self._pushes = 0
        self._target = rules.stop_target(n)
        self._weol_yak_month = month
        self._mission_index = mission
        self._mission_multiplier = mult
        self._boar_pot_in = boar_pot
        self._oe_myeon_on = n == 3 and rules.oe_myeon
        self._shodang_on = n == 3 and rules.shodang
        self._min_cards = t.min_cards[n]
        self._above_last_go = rules.go_decision_trigger == "above_last_go"
        self._stock_pos = 0
        self._layout = reduce(or_, map(_ONE.__lshift__, layout), 0)
        self._stacks = {}
        hand_masks = [reduce(or_, map(_ONE.__lshift__, h), 0) for h in hands]
        self._hands = hand_masks
        self._plays = [None] * n
        self._caps = [0] * n
        self._stage = MAIN
        self._mover = 0
        self._decider = 0
        self._turn_no = 0
        self._own_turns = [0] * n
        self._last_turn_no = [0] * n
        self._mover_prev_turn_no = 0
        self._pending = 0
        self._hand_case = H_NONE
        self._hand_card = -1
        self._hand_month_pos = -1
        self._played_from_hand = False
        self._hand_partner = 0
        self._hand_left_single = 0
        self._stock_to_turn = 0
        self._first_stock_card = True
        self._pair_jokers = 0
        self._pick_card = -1
        self._pick_options = 0
        self._moves_left = sum(h.bit_count() for h in hand_masks)
        self._offered = False
        self._turn_flags_set = False
        self._must_play = 0
        self._final_turn = False
        self._start_layout = 0
        self._start_hand = 0
        self._turn_events = []
        self._debt_queue = []
        self._surrender_masks = []
        self._turn_captured = 0
        self._ppuk_this_turn = False
        self._revealed_this_turn = False
        self._draw_slots = ()
        self._skip_allowance = [0] * n
        self._skip_window = [0] * n
        self._declared_months = [0] * n
        self._shown_quads = [0] * n
        self._shown_cards = [0] * n
        self._exposed = [False] * n
        self._goes = [0] * n
        self._last_go_points = [0] * n
        self._prev_turn_points = [0] * n
        self._first_go_turn = [-1] * n
        self._ppuk_count = [0] * n
        self._bomb_count = [0] * n
        self._turns_without_capture = [0] * n
        self._chips = [0] * n
        self._shots = [0] * n
        self._weol_yak_first_turn = [0] * n
        self._oe_myeon_left = [0] * n
        self._oe_myeon_kept_on_layout = [0] * n
        self._oe_myeon_start_hand = [0] * n
        self._oe_myeon_turn = [0] * n
        self._oe_myeon_last_card = [False] * n
        self._score_cache_mask = [-1] * n
        self._score_cache_points = [0] * n
        self._refusals = ()
        self._chongtong_queue = ()
        self._chongtong_declared = ()
        self._fixed_payments = []
        self._boar_taker = None
        self._history = []
        self._result = None
        self._legal = None
        ev: list[Event] = []
        self._events = ev
        self._deal_checks(ev, hands, layout)
        self._deal_event_count = len(ev)

    def clone(self) -> Self:
        """An independent copy (cheap: shared immutable parts, copied small lists)."""
        c = object.__new__(type(self))
        c.rules = self.rules
        c.players = self.players
        c._t = self._t
        c._stock = self._stock
        c._nagari_before = self._nagari_before
        c._pushes = self._pushes
        c._target = self._target
        c._weol_yak_month = self._weol_yak_month
        c._mission_index = self._mission_index
        c._mission_multiplier = self._mission_multiplier
        c._boar_pot_in = self._boar_pot_in
        c._oe_myeon_on = self._oe_myeon_on
        c._shodang_on = self._shodang_on
        c._min_cards = self._min_cards
        c._above_last_go = self._above_last_go
        c._stock_pos = self._stock_pos
        c._layout = self._layout
        c._stacks = self._stacks
        c._hands = self._hands[:]
        c._plays = self._plays[:]
        c._caps = self._caps[:]
        c._stage = self._stage
        c._mover = self._mover
        c._decider = self._decider
        c._turn_no = self._turn_no
        c._own_turns = self._own_turns[:]
        c._last_turn_no = self._last_turn_no[:]
        c._mover_prev_turn_no = self._mover_prev_turn_no
        c._pending = self._pending
        c._hand_case = self._hand_case
        c._hand_card = self._hand_card
        c._hand_month_pos = self._hand_month_pos
        c._played_from_hand = self._played_from_hand
        c._hand_partner = self._hand_partner
        c._hand_left_single = self._hand_left_single
        c._stock_to_turn = self._stock_to_turn
        c._first_stock_card = self._first_stock_card
        c._pair_jokers = self._pair_jokers
        c._pick_card = self._pick_card
        c._pick_options = self._pick_options
        c._moves_left = self._moves_left
        c._offered = self._offered
        c._turn_flags_set = self._turn_flags_set
        c._must_play = self._must_play
        c._final_turn = self._final_turn
        c._start_layout = self._start_layout
        c._start_hand = self._start_hand
        c._turn_events = self._turn_events[:]
        c._debt_queue = self._debt_queue[:]
        c._surrender_masks = self._surrender_masks
        c._turn_captured = self._turn_captured
        c._ppuk_this_turn = self._ppuk_this_turn
        c._revealed_this_turn = self._revealed_this_turn
        c._draw_slots = self._draw_slots
        c._skip_allowance = self._skip_allowance[:]
        c._skip_window = self._skip_window[:]
        c._declared_months = self._declared_months[:]
        c._shown_quads = self._shown_quads[:]
        c._shown_cards = self._shown_cards[:]
        c._exposed = self._exposed[:]
        c._goes = self._goes[:]
        c._last_go_points = self._last_go_points[:]
        c._prev_turn_points = self._prev_turn_points[:]
        c._first_go_turn = self._first_go_turn[:]
        c._ppuk_count = self._ppuk_count[:]
        c._bomb_count = self._bomb_count[:]
        c._turns_without_capture = self._turns_without_capture[:]
        c._chips = self._chips[:]
        c._shots = self._shots[:]
        c._weol_yak_first_turn = self._weol_yak_first_turn[:]
        c._oe_myeon_left = self._oe_myeon_left[:]
        c._oe_myeon_kept_on_layout = self._oe_myeon_kept_on_layout[:]
        c._oe_myeon_start_hand = self._oe_myeon_start_hand[:]
        c._oe_myeon_turn = self._oe_myeon_turn[:]
        c._oe_myeon_last_card = self._oe_myeon_last_card[:]
        c._score_cache_mask = self._score_cache_mask[:]
        c._score_cache_points = self._score_cache_points[:]
        c._refusals = self._refusals
        c._chongtong_queue = self._chongtong_queue
        c._chongtong_declared = self._chongtong_declared
        c._fixed_payments = self._fixed_payments[:]
        c._boar_taker = self._boar_taker
        c._history = self._history[:]
        c._events = self._events[:]
        c._deal_event_count = self._deal_event_count
        c._result = self._result
        c._legal = self._legal
        return c

    def __copy__(self) -> Self:
        """``copy.copy``: a clone."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy``: a clone (every part is immutable or copied)."""
        return self.clone()

    def _opponents(self, s: int) -> tuple[int, ...]:
        """The other seats in GEN-6 order (starting after s)."""
        n = self.players
        if n == 2:
            return (1 - s,)
        return ((s + 1) % 3, (s + 2) % 3)

    def _stop_points(self, s: int) -> int:
        """SCORE-10 stop points of seat s (cached per capture area)."""
        captured = self._caps[s]
        if captured == self._score_cache_mask[s]:
            return self._score_cache_points[s]
        points = self._t.score.stop_points(captured)
        self._score_cache_mask[s] = captured
        self._score_cache_points[s] = points
        return points

    def _known_start_hand(self, s: int) -> int:
        """The cards of seat s's hand at the start of its latest turn that everybody knows:
        those that left the hand on that turn and those still shown (LIAB-4 (B) on public
        facts). Its hand and shown cards have not changed since (only its own turns do that)."""
        start = self._oe_myeon_start_hand[s]
        if self._exposed[s]:
            return start
        return start & (~self._hands[s] | self._shown_cards[s])

    def _shown_in_hand(self, s: int) -> int:
        """Hand cards of seat s that everybody may see: the cards shown by a heundeum or a
        kept quad (SHAKE-1, SHAKE-5) still in hand, or the whole hand once exposed (LIAB-8)."""
        h = self._hands[s]
        if self._exposed[s]:
            return h
        return h & self._shown_cards[s]

    if TYPE_CHECKING:  # the steps the rule families provide (see the module docstring)

        def _deal_checks(self, ev: list[Event], hands: list[list[int]], layout: list[int]) -> None:
            ...

        def _resolve_chongtong(self, ev: list[Event]) -> None:
            ...

        def _ante(self, ev: list[Event]) -> None:
            ...

        def _pot_total(self) -> int:
            ...

        def _start_turn(self, ev: list[Event]) -> None:
            ...

        def _skip_turn(self, ev: list[Event], forced: bool) -> None:
            ...

        def _joker_shot(self, from_hand: bool, ev: list[Event]) -> None:
            ...

        def _boss_joker_debt(self, mask: int, ev: list[Event]) -> None:
            ...

        def _play_card(self, i: int, ev: list[Event]) -> None:
            ...

        def _turn_stock_then_collect(self, ev: list[Event]) -> None:
            ...

        def _collect(self, ev: list[Event]) -> None:
            ...

        def _work_debt_queue(self, ev: list[Event]) -> None:
            ...

        def _hand_over_junk(self, debtor: int, mask: int, name: str, auto: bool, ev: list[Event]) -> None:
            ...

        def _instant_end_or_go_stop(self, ev: list[Event]) -> None:
            ...

        def _end_turn(self, ev: list[Event], points: int) -> None:
            ...

        def _pay(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> None:
            ...

        def _take_shot(self, taker: int, n: int, reason: str, cause: int | None, ev: list[Event]) -> None:
            ...

        def _fixed_win_factor(self) -> int:
            ...

        def _do_stop(self, ev: list[Event]) -> None:
            ...

        def _settle_context(self, s: int, opps: tuple[int, ...], public: bool=False) -> SettleContext:
            ...

        def _finish(self, ev: list[Event], winner: int | None, reason: str, *, nagari: bool=False, void: bool=False, settlement: Settlement | None=None, context: SettleContext | None=None, opponents: tuple[int, ...]=(), captures: tuple[tuple[Card, ...], ...] | None=None) -> None:
            ...

        @property
        def current_player(self) -> int | None:
            ...

        def _compute_legal(self) -> list[Action]:
            ...

        def _coerce(self, action: object, legal: list[Action]) -> Action:
            ...
