"""One hand of Go Stop as an exact, fast state machine (RULES.md 2.4 .. 2.18).

Build a hand with :meth:`Hand.new` (seeded shuffle, see :mod:`gostop.engine.deal`) or
:meth:`Hand.from_deal` (an explicit deal), then loop::

    while not hand.is_over:
        seat = hand.current_player          # who must decide now
        action = choose(hand.legal_actions())
        events = hand.apply(action)         # what happened, up to the next decision
    hand.result                             # HandResult: winner, chips, settlement ...

Every decision of RULES.md 2.18 that is taken inside a hand is an :class:`Action` of
``legal_actions()`` (DEC-1 the cut is the ``cut`` argument of :meth:`Hand.new`; DEC-2..4 belong
to the match). Phase-0 declarations (shake, show-quad, reveal, offer-shodang) are offered
together with the main actions of the turn; taking a main action ends phase 0.

Automatic decisions (applied by the engine, with their events, because there is exactly one
option): a stock-only turn of a player whose hand is empty and who has skip allowance left
(BOMB-3), a surrender when the debtor has exactly one way to pay (or nothing to pay with, EVT-7),
and the second answer to a shodang offer after the first opponent refused (LIAB-8: deemed to
accept). Every other decision, also one with a single option such as the last card in hand, goes
to :attr:`Hand.current_player`.

Readings where RULES.md leaves a point open (each marked "our reading" here and in the code):

* DEAL-6 ``dealer_chongtong``: the four layout cards are always declared for the dealer (no DEC-5
  choice, also with ``chongtong = optional``); for DEAL-8 the dealer is a holder of that month.
* DEC-5: quad holders answer in seat order from the dealer; ``chongtong`` shows the quad,
  ``continue`` is a public ``keep-quad`` event without cards. A quad held under ``optional`` is
  shown with ``show-quad`` (not ``shake``); a quad that forms in hand later under ``mandatory``
  (JOKER-4 draws) is shaken like a triple.
* JOKER-4: a held joker may be played as the hand card (JOKER-1) at any time; revealing counts as
  playing a joker from hand for ``joker_shot``; a revealed JKB owes its EVT-9 debt in phase 3.
* GOO-14 yells are asked at the start of phase 3, before the debts, in GEN-6 order; EVT-10 is
  paid at the moment of the ppuk.
* EVT-7 options: debt 2 = any two junk cards or one worth >= 2; debt 3 = any three, one worth
  >= 3, or one worth exactly 2 plus any other; a debtor who cannot meet it gives all.
* VAR-FIRST-FOUR is paid once per qualifying event of the first turn (ttadak, stack capture or
  ja-ppuk, bomb, chok, and a grenade in every grenade mode: it takes all four cards);
  VAR-WEOLYAK-FIRST counts once per hand; VAR-BAEKHWAJEOM, VAR-WEOLYAK-FIRST and the boar count
  the cards collected in phase 3, not received junk.
* VAR-BOAR ``pot``: every deal that is not void antes (also one ending at the deal); antes and
  the pot won are reported in ``HandResult.pot_chips``/``boar_pot``, outside the zero-sum chips.
* VAR-HEODANG: a turn captures when phase 3 collects a card (jokers included) or a joker was
  revealed that turn; stock-only turns count as turns.
* LIAB-7: at most one offer per turn, only with cards in hand; the exposed hand stays public for
  the rest of the hand (also cards that join it later); LIAB-12 releases the go-bak at the offer.
* LIAB-10 ``one_round``: the refusal counts for a stop on the offerer's turn or the next two turns
  of the hand (the third player's and the refuser's); turns not taken (TURN-4) are not counted.
* LIAB-4: (B) looks at the hand at the start of X's turn (before phase 0); LIAB-5 (b) applies when
  X's hand was emptied by playing on t_X (not on a stock-only turn). In 2-player hands
  ``SettleContext.goer`` marks that the opponent said go at all.
* BOMB-3 ``next_two``: each bomb (or grenade) opens voluntary skips on the bomber's next two
  turns.

Representation (for speed): card sets are int bitmasks over deck indices (see
:mod:`gostop.engine.tables`); the stock is a shared tuple plus a position; stacks are a small
copy-on-write dict ``month -> (owner, owner's turn number, jokers inside)``. ``clone()`` copies a
few ints and short lists. Stop points are computed (``ScoreTable.stop_points``) only in phase 5
of the mover's turn, only when the mover's capture area changed since the last computation and
holds at least as many cards as reaching the target can need (``Tables.min_cards``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any

from gostop.cards import Card, CardCodeError, parse_card
from gostop.rules import Rules
from gostop.settlement import SettleContext, Settlement, settle

from .actions import Action, IllegalActionError
from .deal import MISSIONS, DealError, deal_sizes, shuffled_order, split_deal, start_draws
from .events import NO_DATA, PRIVATE_EVENT_TYPES, Event
from .observation import Observation, StackInfo
from .result import FixedPayment, HandResult
from .tables import M48, NIB1, NIB3, NIB5, Tables, bits, expand_months, nibble_counts

__all__ = ["Hand", "STAGES"]

# Stages: who decides what.
_MAIN, _PICK_H, _PICK_S, _ANSWER, _YELL, _SURRENDER, _GOSTOP, _CHONGTONG, _OVER = range(9)
#: Stage names, indexed by the internal stage number (``Hand.stage``).
STAGES = (
    "main",
    "pick-hand",
    "pick-stock",
    "answer-shodang",
    "yell",
    "surrender",
    "go-stop",
    "chongtong",
    "over",
)

# What the hand card did this turn (CAPT-H rows; bomb/grenade; stock-only turn).
_HNONE, _H0, _H1, _H2, _H3, _HBOMB, _HSKIP = range(7)

_tnew = tuple.__new__
_ONE = 1

_GO = Action("go")
_STOP = Action("stop")
_ACCEPT = Action("accept")
_REFUSE = Action("refuse")
_YELL_A = Action("yell")
_NO_YELL = Action("no-yell")
_CHONGTONG_A = Action("chongtong")
_CONTINUE = Action("continue")
_SKIP = Action("skip")
_OFFER = Action("offer-shodang")

# Special events that count for VAR-FIRST-FOUR (X-27: ttadak, stack capture, bomb, chok;
# our reading: a ja-ppuk is a stack capture, a grenade takes all four cards like a bomb).
_FOUR_EVENTS = frozenset({"ttadak", "stack-capture", "ja-ppuk", "bomb", "grenade", "chok"})
# Events whose debt disappears on the final turn under last_turn_exception (EVT-6).
_LAST_TURN_EXEMPT = frozenset({"chok", "ttadak", "sseul"})
# Nibble bits of November and December (SHAKE-2 heundeum_nov_dec_multiplier).
_NOV_DEC = (1 << 40) | (1 << 44)

_Q_YELL, _Q_DEBT = 0, 1


def _month_of_nib(p: int) -> int:
    return (p >> 2) + 1


class Hand:
    """One hand for 2 or 3 active players (see the module docstring).

    Public attributes: :attr:`rules`, :attr:`players`. Everything else is read through
    properties and methods.
    """

    __slots__ = (
        "rules",
        "players",
        "_t",
        "_stock",
        "_nagari_before",
        "_target",
        "_weol_month",
        "_mission",
        "_mission_mult",
        "_boar_pot_in",
        "_oe_on",
        "_shodang_on",
        "_min_cards",
        "_above_last_go",
        # dynamic state
        "_sp",
        "_layout",
        "_stacks",
        "_hands",
        "_plays",
        "_caps",
        "_stage",
        "_mover",
        "_decider",
        "_turn_no",
        "_turns",
        "_last_turn",
        "_prev_turn",
        "_pending",
        "_hcase",
        "_hcard",
        "_hmonth",
        "_hfrom_hand",
        "_hpair",
        "_hother",
        "_stock_left",
        "_s_first",
        "_pair_jokers",
        "_pick_card",
        "_pick_opts",
        "_left",
        "_offered",
        "_tdirty",
        "_must_play",
        "_final",
        "_start_layout",
        "_start_hand",
        "_tev",
        "_queue",
        "_sur_opts",
        "_turn_cap",
        "_ppuk_now",
        "_revealed_now",
        "_skip",
        "_skip_win",
        "_declared",
        "_quads",
        "_exposed",
        "_goes",
        "_last_go_sp",
        "_prev_sp",
        "_go_stamp",
        "_ppuk",
        "_bombs",
        "_heodang",
        "_chips",
        "_shots",
        "_weol_first",
        "_oe_left",
        "_oe_passed",
        "_oe_turn",
        "_oe_last",
        "_sp_mask",
        "_sp_val",
        "_refusals",
        "_ct_queue",
        "_ct_declared",
        "_fixed",
        "_boar_taker",
        "_history",
        "_log",
        "_n_deal",
        "_result",
        "_legal",
    )

    rules: Rules
    players: int
    _t: Tables
    _stock: tuple[int, ...]
    _nagari_before: int
    _target: int
    _weol_month: int
    _mission: int
    _mission_mult: int
    _boar_pot_in: int
    _oe_on: bool
    _shodang_on: bool
    _above_last_go: bool
    _sp: int
    _layout: int
    _stacks: dict[int, tuple[int, int, int]]
    _hands: list[int]
    _plays: list[tuple[Action, ...] | None]
    _caps: list[int]
    _stage: int
    _mover: int
    _decider: int
    _turn_no: int
    _turns: list[int]
    _last_turn: list[int]
    _prev_turn: int
    _pending: int
    _hcase: int
    _hcard: int
    _hmonth: int
    _hfrom_hand: bool
    _hpair: int
    _hother: int
    _stock_left: int
    _s_first: bool
    _pair_jokers: int
    _pick_card: int
    _pick_opts: int
    _offered: bool
    _tdirty: bool
    _must_play: int
    _final: bool
    _start_layout: int
    _start_hand: int
    _tev: list[str]
    _queue: list[tuple[int, ...]]
    _sur_opts: list[int]
    _turn_cap: int
    _ppuk_now: bool
    _revealed_now: bool
    _skip: list[int]
    _skip_win: list[int]
    _declared: list[int]
    _quads: list[int]
    _exposed: list[bool]
    _goes: list[int]
    _last_go_sp: list[int]
    _prev_sp: list[int]
    _go_stamp: list[int]
    _ppuk: list[int]
    _bombs: list[int]
    _heodang: list[int]
    _chips: list[int]
    _shots: list[int]
    _weol_first: list[int]
    _oe_left: list[int]
    _oe_passed: list[int]
    _oe_turn: list[int]
    _oe_last: list[bool]
    _sp_mask: list[int]
    _sp_val: list[int]
    _refusals: tuple[tuple[int, int, int], ...]
    _ct_queue: tuple[int, ...]
    _ct_declared: tuple[int, ...]
    _fixed: list[FixedPayment]
    _boar_taker: int | None
    _history: list[Action]
    _log: list[Event]
    _n_deal: int
    _result: HandResult | None
    _legal: list[Action] | None

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        seed: int,
        *,
        nagari_before: int = 0,
        cut: int | None = None,
        boar_pot: int = 0,
    ) -> Hand:
        """Shuffle with ``seed``, cut, deal (DEAL-1, DEAL-2) and run the DEAL checks.

        The exact procedure (so anyone can re-derive a deal from its seed) is in
        :mod:`gostop.engine.deal`. ``nagari_before`` is k of MATCH-5; ``cut`` the cut depth
        (None or 0: no cut); ``boar_pot`` the VAR-BOAR pot carried into this deal.

        Raises:
            DealError: ``players`` is not 2 or 3, or the cut depth is out of range.
        """
        t = Tables.for_rules(rules)
        deal_sizes(players)
        rng = random.Random(seed)
        order = shuffled_order(t.n, rng, cut)
        hands, layout, stock = split_deal(order, players, rules.deal_order)
        month, mission, mult = start_draws(rules, rng)
        return cls._build(t, players, hands, layout, stock, nagari_before, boar_pot, month, mission, mult)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        layout: Sequence[Card | str],
        stock: Sequence[Card | str],
        *,
        nagari_before: int = 0,
        boar_pot: int = 0,
        weol_yak_month: int | None = None,
        mission: tuple[str, int] | None = None,
    ) -> Hand:
        """A hand from an explicit deal (before the DEAL checks, which run here).

        ``hands`` per seat (seat 0 = the dealer), ``layout``, ``stock`` top first; cards as
        codes or :class:`Card`. Together they must be exactly the rules' deck, with the DEAL-2
        sizes (2 players: 10 per hand, 8 on the layout; 3 players: 7 and 6).
        ``weol_yak_month`` (1..12) and ``mission`` (``(name, multiplier)``, a name of
        :data:`gostop.engine.deal.MISSIONS`) stand for the draws of ``Hand.new``; they count
        only when the ``weol_yak_month`` / ``missions`` knob is on (no month / no mission when
        omitted).

        Raises:
            DealError: wrong sizes, unknown cards, cards not in the deck, duplicates or missing
                cards, a bad month or mission.
        """
        t = Tables.for_rules(rules)
        players = len(hands)
        per_hand, per_layout = deal_sizes(players)

        def indices(cards: Sequence[Card | str], where: str) -> list[int]:
            out = []
            for card in cards:
                try:
                    code = card.code if isinstance(card, Card) else parse_card(card).code
                except CardCodeError as exc:
                    raise DealError(f"{where}: {exc}") from None
                i = t.index.get(code)
                if i is None:
                    raise DealError(
                        f"{where}: card {code} is not in the deck of these rules "
                        f"(jokers: {' '.join(rules.jokers) or 'none'})"
                    )
                out.append(i)
            return out

        hand_lists = [indices(h, f"hand of seat {s}") for s, h in enumerate(hands)]
        lay = indices(layout, "layout")
        stk = indices(stock, "stock")
        for s, h in enumerate(hand_lists):
            if len(h) != per_hand:
                raise DealError(f"seat {s} holds {len(h)} cards; with {players} players a hand holds {per_hand} (DEAL-2)")
        if len(lay) != per_layout:
            raise DealError(f"the layout holds {len(lay)} cards; with {players} players it holds {per_layout} (DEAL-2)")
        every = [i for h in hand_lists for i in h] + lay + stk
        seen: set[int] = set()
        dupes = sorted({t.codes[i] for i in every if i in seen or seen.add(i)})  # type: ignore[func-returns-value]
        if dupes:
            raise DealError(f"cards dealt twice: {' '.join(dupes)}")
        missing = [t.codes[i] for i in range(t.n) if i not in seen]
        if missing:
            raise DealError(f"cards missing from the deal: {' '.join(missing)}")
        month = 0
        if weol_yak_month is not None:
            if not isinstance(weol_yak_month, int) or not 1 <= weol_yak_month <= 12:
                raise DealError(f"weol_yak_month must be 1..12, got {weol_yak_month!r}")
            month = weol_yak_month
        mission_index, mult = -1, 1
        if mission is not None:
            names = [name for name, _ in MISSIONS]
            if (
                not isinstance(mission, tuple | list)
                or len(mission) != 2
                or mission[0] not in names
                or not isinstance(mission[1], int)
                or mission[1] < 1
            ):
                raise DealError(f"mission must be (name, multiplier >= 1) with a name among {', '.join(names)}")
            mission_index, mult = names.index(mission[0]), mission[1]
        return cls._build(t, players, hand_lists, lay, stk, nagari_before, boar_pot, month, mission_index, mult)

    @classmethod
    def _build(
        cls,
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
    ) -> Hand:
        for name, value in (("nagari_before", nagari_before), ("boar_pot", boar_pot)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise DealError(f"{name} must be a whole number >= 0, got {value!r}")
        self = object.__new__(cls)
        self._init(t, players, hands, layout, stock, nagari_before, boar_pot, month, mission, mult)
        return self

    def _init(
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
        self._target = rules.stop_target(n)
        self._weol_month = month
        self._mission = mission
        self._mission_mult = mult
        self._boar_pot_in = boar_pot
        self._oe_on = n == 3 and rules.oe_myeon
        self._shodang_on = n == 3 and rules.shodang
        self._min_cards = t.min_cards[n]
        self._above_last_go = rules.go_decision_trigger == "above_last_go"
        self._sp = 0
        self._layout = reduce(or_, map(_ONE.__lshift__, layout), 0)
        self._stacks = {}
        hm = [reduce(or_, map(_ONE.__lshift__, h), 0) for h in hands]
        self._hands = hm
        self._plays = [None] * n
        self._caps = [0] * n
        self._stage = _MAIN
        self._mover = 0
        self._decider = 0
        self._turn_no = 0
        self._turns = [0] * n
        self._last_turn = [0] * n
        self._prev_turn = 0
        self._pending = 0
        self._hcase = _HNONE
        self._hcard = -1
        self._hmonth = -1
        self._hfrom_hand = False
        self._hpair = 0
        self._hother = 0
        self._stock_left = 0
        self._s_first = True
        self._pair_jokers = 0
        self._pick_card = -1
        self._pick_opts = 0
        self._left = sum(h.bit_count() for h in hm)
        self._offered = False
        self._tdirty = False
        self._must_play = 0
        self._final = False
        self._start_layout = 0
        self._start_hand = 0
        self._tev = []
        self._queue = []
        self._sur_opts = []
        self._turn_cap = 0
        self._ppuk_now = False
        self._revealed_now = False
        self._skip = [0] * n
        self._skip_win = [0] * n
        self._declared = [0] * n
        self._quads = [0] * n
        self._exposed = [False] * n
        self._goes = [0] * n
        self._last_go_sp = [0] * n
        self._prev_sp = [0] * n
        self._go_stamp = [-1] * n
        self._ppuk = [0] * n
        self._bombs = [0] * n
        self._heodang = [0] * n
        self._chips = [0] * n
        self._shots = [0] * n
        self._weol_first = [0] * n
        self._oe_left = [0] * n
        self._oe_passed = [0] * n
        self._oe_turn = [0] * n
        self._oe_last = [False] * n
        self._sp_mask = [-1] * n
        self._sp_val = [0] * n
        self._refusals = ()
        self._ct_queue = ()
        self._ct_declared = ()
        self._fixed = []
        self._boar_taker = None
        self._history = []
        self._result = None
        self._legal = None
        ev: list[Event] = []
        self._log = ev
        self._setup(ev, hands, layout)
        self._n_deal = len(ev)

    # -- DEAL checks ------------------------------------------------------------------------

    def _setup(self, ev: list[Event], hands: list[list[int]], layout: list[int]) -> None:
        t = self._t
        rules = self.rules
        n = self.players
        deck = t.deck.__getitem__
        for s, h in enumerate(hands):
            ev.append(Event("deal", s, tuple(map(deck, sorted(h)))))
        ev.append(Event("layout", None, tuple(map(deck, sorted(layout)))))
        # DEAL-5: layout jokers go to the dealer, replaced from the stock (repeat on jokers).
        jm = self._layout & t.jokers
        while jm:
            low = jm & -jm
            jm ^= low
            self._layout ^= low
            self._caps[0] |= low
            c = self._stock[self._sp]
            self._sp += 1
            self._layout |= 1 << c
            if c >= 48:
                jm |= 1 << c
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
            forced_month = _month_of_nib(four.bit_length() - 1)  # dealer_chongtong
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
            self._ct_declared = (0,) if forced_month else ()
            if forced_month:
                ev.append(Event("chongtong", 0, t.cards(expand_months(four) & self._layout)))
            if queue:
                self._ct_queue = queue
                self._stage = _CHONGTONG
                self._decider = queue[0]
                return
        else:
            declared = sorted(set(holders) | ({0} if forced_month else set()))
            for s in declared:
                quad = expand_months((nibble_counts(self._hands[s]) >> 2) & NIB1) & self._hands[s]
                if s == 0 and forced_month and not quad:
                    quad = expand_months(four) & self._layout
                ev.append(Event("chongtong", s, t.cards(quad)))
            self._ct_declared = tuple(declared)
        self._resolve_chongtong(ev)

    def _quad_month(self, s: int) -> int:
        """Highest month of a quad of seat s (in hand, or on the layout for the dealer)."""
        q = (nibble_counts(self._hands[s]) >> 2) & NIB1
        if s == 0:
            q |= (nibble_counts(self._layout) >> 2) & NIB1
        return _month_of_nib(q.bit_length() - 1) if q else 0

    def _resolve_chongtong(self, ev: list[Event]) -> None:
        declared = sorted(self._ct_declared)
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
        for o in self._opponents(winner):
            self._pay(o, winner, amount, "chongtong", ev)
        self._finish(ev, winner, "chongtong")

    def _begin_play(self, ev: list[Event]) -> None:
        self._ante(ev)
        self._mover = 0
        self._start_turn(ev)

    def _ante(self, ev: list[Event]) -> None:
        if self.rules.boar == "pot":
            ev.append(
                Event("boar-ante", None, (), {"each": self.rules.boar_ante, "pot": self._pot_total()})
            )

    def _pot_total(self) -> int:
        return self._boar_pot_in + self.rules.boar_ante * self.players

    # -- turn structure (TURN-2) -------------------------------------------------------------

    def _start_turn(self, ev: list[Event]) -> None:
        s = self._mover
        tn = self._turn_no = self._turn_no + 1
        self._turns[s] += 1
        if self._oe_on:  # LIAB-4 needs the mover's previous turn number
            last = self._last_turn
            self._prev_turn = last[s]
            last[s] = tn
        self._start_layout = self._layout
        h = self._start_hand = self._hands[s]
        # Per-turn scratch state (the main action sets the rest).
        self._s_first = True
        if self._tev:
            self._tev = []
        if self._tdirty:
            self._tdirty = False
            self._offered = False
            self._must_play = 0
            self._ppuk_now = False
            self._revealed_now = False
        ev.append(_tnew(Event, ("turn", s, (), {"turn": tn})))
        if h:
            self._stage = _MAIN
        else:
            # BOMB-3: allowance left with an empty hand is used automatically.
            self._skip_turn(ev, True)

    def _skip_turn(self, ev: list[Event], forced: bool) -> None:
        s = self._mover
        self._skip[s] -= 1
        self._left -= 1
        self._hcase = _HSKIP
        self._hfrom_hand = False
        ev.append(_tnew(Event, ("skip", s, (), {"forced": forced})))
        self._stock_left = 1
        self._final = self._left == 0  # TURN-6
        self._continue_stock(ev)

    def _joker_shot(self, from_hand: bool, ev: list[Event]) -> None:
        """GOO-10: a joker played from hand / turned from the stock costs shots."""
        mode = self.rules.joker_shot
        if mode is None:
            return
        s = self._mover
        opponents_drink = from_hand == (mode == "hand_opponents_stock_self")
        takers = self._opponents(s) if opponents_drink else (s,)
        for o in takers:
            self._shot(o, 1, "joker", s, ev)

    def _boss(self, mask: int, ev: list[Event]) -> None:
        """EVT-9: capturing JKB creates a debt of one junk per opponent."""
        boss = mask & self._t.boss
        while boss:
            low = boss & -boss
            boss ^= low
            self._tev.append("boss-joker")
            ev.append(Event("boss-joker", self._mover, (self._t.deck[low.bit_length() - 1],)))

    def _do_play(self, i: int, ev: list[Event]) -> None:
        s = self._mover
        self._hands[s] ^= 1 << i
        plays = self._plays[s]
        if plays is not None:  # drop the card's action from the seat's cached list
            k = plays.index(self._t.play[i])
            self._plays[s] = plays[:k] + plays[k + 1 :]
        left = self._left = self._left - 1
        self._final = left == 0  # TURN-6: known once the main action is taken
        self._stock_left = 1
        if i < 48:
            self._hfrom_hand = True
            p = i & ~3
            layout = self._layout
            lm = layout & (0xF << p)
            if lm & (lm - 1):  # CAPT-H2 / H3
                if self._place_hand(i, "play", ev) and self._stock_phase(ev):
                    self._collect(ev)
                return
            # Fast path (same rules as _place_hand + _stock_phase): CAPT-H0 / H1, then one
            # stock card that is no joker, not of month m and finds 0 or 1 card (CAPT-S1/S2).
            t = self._t
            bit = 1 << i
            self._hcard = i
            self._hmonth = p
            if lm:  # CAPT-H1
                layout ^= lm
                pending = bit | lm
                self._hcase = _H1
                self._hpair = lm
                ev.append(_tnew(Event, ("play", s, (t.deck[i],), {"onto": t.codes[lm.bit_length() - 1]})))
            else:  # CAPT-H0
                layout |= bit
                pending = 0
                self._hcase = _H0
                ev.append(_tnew(Event, ("play", s, (t.deck[i],), NO_DATA)))
            sp = self._sp
            c = self._stock[sp]
            q = c & ~3
            lm2 = layout & (0xF << q)
            if c >= 48 or q == p or lm2 & (lm2 - 1):
                self._layout = layout
                self._pending = pending
                if self._stock_phase(ev):
                    self._collect(ev)
                return
            self._sp = sp + 1
            self._stock_left = 0
            self._s_first = False
            cbit = 1 << c
            if lm2:  # CAPT-S2
                layout ^= lm2
                pending |= cbit | lm2
                ev.append(_tnew(Event, ("flip", s, (t.deck[c],), {"onto": t.codes[lm2.bit_length() - 1]})))
            else:  # CAPT-S1
                layout |= cbit
                ev.append(_tnew(Event, ("flip", s, (t.deck[c],), NO_DATA)))
            self._layout = layout
            if self._tev or not layout or t.collect_any:
                self._pending = pending
                self._collect(ev)
                return
            # Phase 3 with no special event (as _collect), phases 4-5 (as _phase45: no ppuk
            # this turn, no heodang rule).
            self._turn_cap = pending
            caps = self._caps
            if pending:
                cm = caps[s] = caps[s] | pending
                ev.append(_tnew(Event, ("capture", s, t.cards(pending), NO_DATA)))
            else:
                cm = caps[s]
            if cm.bit_count() < self._min_cards:
                sp = 0
            elif cm == self._sp_mask[s]:
                sp = self._sp_val[s]
            else:
                sp = self._sp_val[s] = t.score.stop_points(cm)
                self._sp_mask[s] = cm
            if sp >= self._target and (
                (self._goes[s] == 0 or sp > self._last_go_sp[s])
                if self._above_last_go
                else sp > self._prev_sp[s]
            ):
                self._stage = _GOSTOP
                return
            self._end_turn(ev, sp)
            return
        # JOKER-1: the joker goes to the capture area (pending); the top stock card is played
        # as if it were the hand card (repeat while jokers come).
        t = self._t
        jbit = 1 << i
        self._pending |= jbit
        ev.append(Event("play", s, (t.deck[i],)))
        self._joker_shot(True, ev)
        self._boss(jbit, ev)
        stock = self._stock
        c = stock[self._sp]
        self._sp += 1
        while c >= 48:
            self._pending |= 1 << c
            ev.append(Event("substitute", s, (t.deck[c],)))
            self._joker_shot(False, ev)
            self._boss(1 << c, ev)
            c = stock[self._sp]
            self._sp += 1
        self._hfrom_hand = False
        if self._place_hand(c, "substitute", ev):
            self._continue_stock(ev)

    def _place_hand(self, i: int, etype: str, ev: list[Event]) -> bool:
        """CAPT-H: resolve the hand card i; False when the player must pick (CAPT-H2)."""
        t = self._t
        p = i & ~3
        layout = self._layout
        lm = layout & (0xF << p)
        bit = 1 << i
        self._hcard = i
        self._hmonth = p
        s = self._mover
        if not lm:  # CAPT-H0
            self._layout = layout | bit
            self._hcase = _H0
            ev.append(_tnew(Event, (etype, s, (t.deck[i],), NO_DATA)))
            return True
        if not lm & (lm - 1):  # CAPT-H1
            self._layout = layout ^ lm
            self._pending |= bit | lm
            self._hcase = _H1
            self._hpair = lm
            ev.append(_tnew(Event, (etype, s, (t.deck[i],), {"onto": t.codes[lm.bit_length() - 1]})))
            return True
        if lm.bit_count() == 2:  # CAPT-H2: the player chooses
            self._stage = _PICK_H
            self._pick_card = i
            self._pick_opts = lm
            ev.append(Event(etype, s, (t.deck[i],), {"choice": [t.codes[j] for j in bits(lm)]}))
            return False
        # CAPT-H3: the stack.
        ev.append(Event(etype, s, (t.deck[i],), {"onto": [t.codes[j] for j in bits(lm)]}))
        self._hcase = _H3
        self._take_stack(p, lm, bit, ev)
        return True

    def _take_stack(self, p: int, lm: int, extra: int, ev: list[Event]) -> None:
        """EVT-4 / EVT-5: the stack of month nibble p is captured (with its jokers)."""
        stacks = dict(self._stacks)
        owner, made, jokers = stacks.pop(p >> 2)
        self._stacks = stacks
        self._layout ^= lm
        self._pending |= extra | lm | jokers
        s = self._mover
        rules = self.rules
        ja = False
        if owner == s and rules.ja_ppuk_junk > 1:
            own = self._turns[s]
            ja = made < own if rules.ja_ppuk_window == "any_previous" else made == own - 1
        cards = self._t.cards(lm | jokers | extra)
        if ja:
            self._tev.append("ja-ppuk")
            ev.append(Event("ja-ppuk", s, cards, {"owner": owner}))
        else:
            self._tev.append("stack-capture")
            ev.append(Event("stack-capture", s, cards, {"owner": None if owner < 0 else owner}))
        if jokers:
            self._boss(jokers, ev)

    def _continue_stock(self, ev: list[Event]) -> None:
        if self._stock_phase(ev):
            self._collect(ev)

    def _stock_phase(self, ev: list[Event]) -> bool:
        """CAPT-S for every stock card of the turn; False when the player must pick (S3)."""
        t = self._t
        deck = t.deck
        stock = self._stock
        s = self._mover
        sp = self._sp
        while self._stock_left:
            c = stock[sp]
            sp += 1
            bit = 1 << c
            if c >= 48:
                # JOKER-2 (and JOKER-3: it joins a pending pair).
                self._sp = sp
                ev.append(Event("flip", s, (deck[c],)))
                self._joker_shot(False, ev)
                if self._s_first and self._hcase in (_H1, _H2) and self.rules.joker_stays_with_ppuk:
                    self._pair_jokers |= bit
                else:
                    self._pending |= bit
                    self._boss(bit, ev)
                continue
            self._stock_left -= 1
            p = c & ~3
            if self._s_first:
                self._s_first = False
                hc = self._hcase
                if _H0 <= hc <= _H2 and p == self._hmonth:
                    self._sp = sp
                    ev.append(_tnew(Event, ("flip", s, (deck[c],), NO_DATA)))
                    self._same_month(c, ev)
                    continue
                pj = self._pair_jokers
                if pj:  # JOKER-3 without a ppuk: captured with the pair
                    self._pair_jokers = 0
                    self._pending |= pj
                    self._boss(pj, ev)
            layout = self._layout
            lm = layout & (0xF << p)
            if not lm:  # CAPT-S1
                self._layout = layout | bit
                ev.append(_tnew(Event, ("flip", s, (deck[c],), NO_DATA)))
            elif not lm & (lm - 1):  # CAPT-S2
                self._layout = layout ^ lm
                self._pending |= bit | lm
                ev.append(_tnew(Event, ("flip", s, (deck[c],), {"onto": t.codes[lm.bit_length() - 1]})))
            elif lm.bit_count() == 2:  # CAPT-S3: the player chooses
                self._sp = sp
                self._stage = _PICK_S
                self._pick_card = c
                self._pick_opts = lm
                ev.append(Event("flip", s, (deck[c],), {"choice": [t.codes[j] for j in bits(lm)]}))
                return False
            else:  # CAPT-S4
                self._sp = sp
                ev.append(Event("flip", s, (deck[c],), {"onto": [t.codes[j] for j in bits(lm)]}))
                self._take_stack(p, lm, bit, ev)
        self._sp = sp
        return True

    def _same_month(self, c: int, ev: list[Event]) -> None:
        """CAPT-S5 chok, CAPT-S6 ppuk, CAPT-S7 ttadak (the stock card matches the hand card)."""
        s = self._mover
        t = self._t
        bit = 1 << c
        hbit = 1 << self._hcard
        hc = self._hcase
        if hc == _H0:  # S5 chok
            self._layout ^= hbit
            self._pending |= hbit | bit
            self._tev.append("chok")
            ev.append(Event("chok", s, t.cards(hbit | bit)))
        elif hc == _H1:  # S6 ppuk: H, L and S stay as a stack owned by this player
            pair = hbit | self._hpair
            self._pending &= ~pair
            self._layout |= pair | bit
            pj = self._pair_jokers
            self._pair_jokers = 0
            stacks = dict(self._stacks)
            stacks[c >> 2] = (s, self._turns[s], pj)
            self._stacks = stacks
            self._ppuk[s] += 1
            self._ppuk_now = True
            self._tdirty = True
            ev.append(Event("ppuk", s, t.cards(pair | bit | pj), {"count": self._ppuk[s]}))
            if self._turns[s] == 1:
                # EVT-10 first-turn ppuk (GOO-14: the yell is asked in phase 3).
                amount = self.rules.first_turn_ppuk_payment
                ev.append(Event("first-turn-ppuk", s))
                if amount:
                    for o in self._opponents(s):
                        self._pay(o, s, amount, "first-turn-ppuk", ev)
        else:  # S7 ttadak
            other = self._hother
            pj = self._pair_jokers
            self._pair_jokers = 0
            self._layout ^= other
            self._pending |= bit | other | pj
            self._tev.append("ttadak")
            ev.append(Event("ttadak", s, t.cards(hbit | self._hpair | other | bit | pj)))
            if pj:
                self._boss(pj, ev)

    # -- phase 3: collection, events, surrenders ----------------------------------------------

    def _collect(self, ev: list[Event]) -> None:
        """Phase 3: the pending cards go to the capture area, then the turn's events."""
        s = self._mover
        t = self._t
        cap = self._pending
        self._turn_cap = cap
        if cap:
            self._pending = 0
            self._caps[s] |= cap
            ev.append(_tnew(Event, ("capture", s, t.cards(cap), NO_DATA)))
        if (
            self._tev
            or not self._layout
            or t.heodang_on
            or (t.first_turn_any and self._turns[s] == 1)
            or (t.boar_pot and cap & t.boar_bit)
            or (t.yell and self._ppuk_now)
        ):
            self._collect_events(cap, ev)
        else:
            self._phase45(ev)

    def _collect_events(self, cap: int, ev: list[Event]) -> None:
        """Phase 3 events: EVT-1 sseul, first-turn bonuses, the boar, yells, debts."""
        s = self._mover
        t = self._t
        rules = self.rules
        if rules.heodang_turns is not None:
            # VAR-HEODANG: captured (or revealed, our reading) jokers count, received junk not.
            self._heodang[s] = 0 if cap or self._revealed_now else self._heodang[s] + 1
        tev = self._tev
        if not self._layout and self._sseul_start():  # EVT-1
            tev.append("sseul")
            ev.append(Event("sseul", s))
        if self._turns[s] == 1:
            self._first_turn_bonuses(cap, ev)
        if cap & t.boar_bit and rules.boar == "pot" and self._boar_taker is None:
            self._boar_taker = s  # VAR-BOAR pot: taken at once
            ev.append(Event("boar", s, (t.deck[t.boar_bit.bit_length() - 1],), {"pot": self._pot_total()}))
        queue: list[tuple[int, ...]] = []
        # GOO-14 (our reading): the yells come first in phase 3, in GEN-6 order.
        if self._ppuk_now and rules.first_turn_ppuk_yell and self._turns[s] == 1:
            for o in self._opponents(s):
                queue.append((_Q_YELL, o))
        if tev:
            # EVT-6 / EVT-7: debts event by event, opponents in GEN-6 order.
            final_exempt = self._final and rules.last_turn_exception
            for k, name in enumerate(tev):
                amount = self._debt_of(name, final_exempt)
                if name == "ja-ppuk" and rules.ja_ppuk_shot:  # GOO-13
                    for o in self._opponents(s):
                        self._shot(o, 1, "ja-ppuk", s, ev)
                if amount:
                    for o in self._opponents(s):
                        queue.append((_Q_DEBT, o, amount, k))
        if queue:
            self._queue = queue
            self._run_queue(ev)
        else:
            self._phase45(ev)

    def _sseul_start(self) -> bool:
        """EVT-1: at the start of the turn the layout was exactly two singles of different
        months."""
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
            self._tev.append("baek-hwa-jeom")
            ev.append(Event("baek-hwa-jeom", s))
        if rules.weol_yak_first_turn:
            full = cap & (cap >> 1) & (cap >> 2) & (cap >> 3) & NIB1
            if full:
                self._weol_first[s] = 1  # our reading: counted once (SettleContext.weol_yak <= 2)
                ev.append(Event("weol-yak", s, t.cards(expand_months(full) & cap)))
        bonus = rules.first_turn_four_bonus
        if bonus:  # our reading: paid once per qualifying event
            for name in self._tev:
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

    def _run_queue(self, ev: list[Event]) -> None:
        """Work through yells and debts; stop at a decision with several options."""
        queue = self._queue
        while queue:
            item = queue[0]
            if item[0] == _Q_YELL:
                self._stage = _YELL
                self._decider = item[1]
                return
            debtor, amount = item[1], item[2]
            opts = self._surrender_options(debtor, amount)
            if len(opts) > 1:
                self._stage = _SURRENDER
                self._decider = debtor
                self._sur_opts = opts
                return
            queue.pop(0)
            name = self._tev[item[3]]
            if opts:
                self._give(debtor, opts[0], name, True, ev)
            else:
                ev.append(Event("no-junk", debtor, (), {"to": self._mover, "for": name}))
                if self.rules.no_junk_shot:  # GOO-12
                    self._shot(debtor, 1, "no-junk", self._mover, ev)
        self._phase45(ev)

    def _give(self, debtor: int, mask: int, name: str, auto: bool, ev: list[Event]) -> None:
        s = self._mover
        self._caps[debtor] ^= mask
        self._caps[s] |= mask
        ev.append(Event("surrender", debtor, self._t.cards(mask), {"to": s, "for": name, "auto": auto}))

    # -- phases 4 and 5 ------------------------------------------------------------------------

    def _phase45(self, ev: list[Event]) -> None:
        """Phase 4 (instant ends) and phase 5 (the go/stop check, GOSTOP-2)."""
        s = self._mover
        if (self._ppuk_now or self._t.heodang_on) and self._instant_end(ev):
            return
        # A capture area with fewer cards than any area reaching the target needs is not
        # scored: sp then stands for "some value below the target", all GOSTOP-2 needs.
        cm = self._caps[s]
        if cm.bit_count() < self._min_cards:
            sp = 0
        elif cm == self._sp_mask[s]:
            sp = self._sp_val[s]
        else:
            sp = self._sp_val[s] = self._t.score.stop_points(cm)
            self._sp_mask[s] = cm
        if sp >= self._target:
            if self._above_last_go:
                ask = self._goes[s] == 0 or sp > self._last_go_sp[s]
            else:  # improved
                ask = sp > self._prev_sp[s]
            if ask:
                self._stage = _GOSTOP
                return
        self._end_turn(ev, sp)

    def _instant_end(self, ev: list[Event]) -> bool:
        """EVT-11 three ppuk, then VAR-HEODANG; True if the hand ended."""
        s = self._mover
        rules = self.rules
        if self._ppuk_now and rules.three_ppuk_payment and self._ppuk[s] >= 3:
            ev.append(Event("three-ppuk", s))
            for o in self._opponents(s):
                self._pay(o, s, rules.three_ppuk_payment, "three-ppuk", ev)
            self._finish(ev, s, "three-ppuk")
            return True
        ht = rules.heodang_turns
        if ht is not None and self._heodang[s] >= ht:
            ev.append(Event("heodang", s, (), {"turns": self._heodang[s]}))
            pay = rules.heodang_payment
            amount = self._target if pay == "target" else int(pay)
            for o in self._opponents(s):
                self._pay(o, s, amount, "heodang", ev)
            self._finish(ev, s, "heodang")
            return True
        return False

    def _stop_points(self, s: int) -> int:
        cm = self._caps[s]
        if cm == self._sp_mask[s]:
            return self._sp_val[s]
        sp = self._t.score.stop_points(cm)
        self._sp_mask[s] = cm
        self._sp_val[s] = sp
        return sp

    def _end_turn(self, ev: list[Event], sp: int) -> None:
        s = self._mover
        self._prev_sp[s] = sp
        if self._oe_on:
            self._record_oe_myeon(s)
        if self._skip_win[s]:
            self._skip_win[s] -= 1
        if not self._left:
            # TURN-5: exhaustion; jokers left in the stock are discarded.
            self._finish(ev, None, "exhaustion", nagari=True)
            return
        hands = self._hands
        skip = self._skip
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
        if self._hfrom_hand and self._hcase in (_H0, _H1) and layout >> self._hcard & 1:
            left = 1 << self._hcard
        self._oe_left[s] = left
        # (B) on the layout at the start and the end of the turn, of a month held at the start.
        self._oe_passed[s] = self._start_layout & layout & expand_months(self._start_hand)
        self._oe_turn[s] = self._turn_no
        # LIAB-5 (b) (our reading): the hand was emptied by playing on this turn.
        self._oe_last[s] = bool(self._start_hand) and not self._hands[s] and self._hcase != _HSKIP

    # -- payments and the end ---------------------------------------------------------------

    def _opponents(self, s: int) -> tuple[int, ...]:
        """The other seats in GEN-6 order (starting after s)."""
        n = self.players
        if n == 2:
            return (1 - s,)
        return ((s + 1) % 3, (s + 2) % 3)

    def _pay(self, payer: int, payee: int, amount: int, reason: str, ev: list[Event]) -> None:
        """A PAY-12 fixed payment (chips, or shots taken by the payer in shots units)."""
        shots = self.rules.payment_unit == "shots"
        unit = "shots" if shots else "chips"
        if shots:
            self._shots[payer] += amount
        else:
            self._chips[payer] -= amount
            self._chips[payee] += amount
        self._fixed.append(FixedPayment(reason, payer, payee, amount, unit))
        ev.append(Event("payment", payer, (), {"to": payee, "amount": amount, "unit": unit, "reason": reason}))

    def _shot(self, taker: int, n: int, reason: str, cause: int | None, ev: list[Event]) -> None:
        self._shots[taker] += n
        self._fixed.append(FixedPayment(reason, taker, cause, n, "shots"))
        ev.append(Event("shot", taker, (), {"n": n, "reason": reason}))

    def _do_stop(self, ev: list[Event]) -> None:
        s = self._mover
        rules = self.rules
        sp = self._stop_points(s)
        ev.append(Event("stop", s, (), {"points": sp}))
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

    def _settle_context(self, s: int, opps: tuple[int, ...]) -> SettleContext:
        """The hand's facts for ``settle`` (PAY-5 factors and the LIAB facts)."""
        rules = self.rules
        caps = self._caps
        declared = self._declared[s]
        goer: int | None = None
        refuser: int | None = None
        oe: int | None = None
        if self.players == 2:
            if self._goes[opps[0]]:
                goer = 0
        else:
            # LIAB-3 / LIAB-12: the first loser who said go and was not released.
            stamps = [(self._go_stamp[o], k) for k, o in enumerate(opps) if self._go_stamp[o] >= 0]
            if stamps:
                goer = min(stamps)[1]
            # LIAB-10: the earliest refusal still active (the refuser is not the winner);
            # one_round (our reading): the offerer's turn and the next two turns of the hand.
            for r, _offerer, tn in self._refusals:
                if r != s and (rules.shodang_window == "rest_of_hand" or self._turn_no <= tn + 2):
                    refuser = opps.index(r)
                    break
            if self._oe_on:
                # LIAB-4: W stops on its first turn after X's most recent turn and captured
                # a card X left (A) or passed up (B); LIAB-5 (b) excused here.
                best: tuple[int, int] | None = None
                cap = self._turn_cap
                for k, o in enumerate(opps):
                    tx = self._oe_turn[o]
                    if tx <= self._prev_turn or not cap & (self._oe_left[o] | self._oe_passed[o]):
                        continue
                    if rules.oe_myeon_exceptions and self._oe_last[o]:
                        continue
                    if best is None or tx < best[0]:
                        best = (tx, k)
                if best is not None:
                    oe = best[1]
        weol = 0
        if rules.weol_yak_first_turn and self._weol_first[s]:
            weol += 1
        wm = self._weol_month
        if wm and rules.weol_yak_month and caps[s] & (0xF << (4 * (wm - 1))) == 0xF << (4 * (wm - 1)):
            weol += 1
        mult = 1
        if self._mission >= 0 and rules.missions:
            need = self._t.card_mask(MISSIONS[self._mission][1])
            if caps[s] & need == need:
                mult = self._mission_mult
        return SettleContext(
            goes=self._goes[s],
            shakes=declared.bit_count(),
            shakes_nov_dec=(declared & _NOV_DEC).bit_count(),
            bombs=self._bombs[s],
            nagari_before=self._nagari_before,
            goer=goer,
            refuser=refuser,
            oe_myeon=oe,
            weol_yak=weol,
            mission_multiplier=mult,
        )

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
        n = self.players
        rules = self.rules
        if nagari and rules.nagari_shots:  # GOO-5
            for s in range(n):
                self._shot(s, rules.nagari_shots, "nagari", None, ev)
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
            fixed_payments=tuple(self._fixed),
            boar_taker=self._boar_taker,
            boar_pot=pot_after,
            pot_chips=tuple(pot_chips),
        )
        self._stage = _OVER
        self._legal = []

    # -- legal actions -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now: the mover, a debtor choosing a surrender, an
        opponent answering shodang or yelling, a quad holder (DEC-5); None when over."""
        st = self._stage
        if st in (_MAIN, _PICK_H, _PICK_S, _GOSTOP):
            return self._mover
        if st == _OVER:
            return None
        return self._decider

    @property
    def is_over(self) -> bool:
        """True once the hand has ended (then :attr:`result` is set)."""
        return self._result is not None

    @property
    def result(self) -> HandResult | None:
        """The :class:`HandResult`, or None while the hand is being played."""
        return self._result

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`current_player` now (exact; empty when over).

        The list is a fresh copy; its actions are interned :class:`Action` values.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._main_actions() if self._stage == _MAIN else self._compute_legal()
        return legal[:]

    def _compute_legal(self) -> list[Action]:
        st = self._stage
        t = self._t
        if st == _MAIN:
            return self._main_actions()
        if st in (_PICK_H, _PICK_S):
            pick = t.pick
            return [pick[i] for i in bits(self._pick_opts)]
        if st == _GOSTOP:
            return [_GO, _STOP]
        if st == _SURRENDER:
            return [t.surrender_action(m) for m in self._sur_opts]
        if st == _ANSWER:
            return [_ACCEPT, _REFUSE]
        if st == _YELL:
            return [_YELL_A, _NO_YELL]
        if st == _CHONGTONG:
            return [_CHONGTONG_A, _CONTINUE]
        return []

    def _main_actions(self) -> list[Action]:
        s = self._mover
        t = self._t
        h = self._hands[s]
        must = self._must_play
        if must:
            acts = t.plays(h & (must * 15))
        else:
            plays = self._plays[s]
            if plays is None:
                plays = self._plays[s] = tuple(t.plays(h))
            acts = list(plays)
        # BOMB-1 / VAR-GRENADE need all four cards of the month in hand + layout.
        x = (h | self._layout) & M48
        full = x & (x >> 1) & (x >> 2) & (x >> 3) & NIB1
        if must:
            full &= must
        declared = self._declared[s]
        rules = self.rules
        while full:
            low = full & -full
            full ^= low
            p = low.bit_length() - 1
            hc = (h & (0xF << p)).bit_count()
            if hc == 3:
                if rules.bomb_allowed and (not declared & low or rules.bomb_after_heundeum):
                    bomb = t.bomb[(p >> 2) + 1]
                    assert bomb is not None
                    acts.append(bomb)
            elif hc == 2 and rules.grenade != "off":
                grenade = t.grenade[(p >> 2) + 1]
                assert grenade is not None
                acts.append(grenade)
        if self._skip[s] and not must and (rules.bomb_skip_timing == "any_later" or self._skip_win[s]):
            acts.append(_SKIP)
        # Phase 0 declarations: months with three (or four) cards in hand, not yet declared.
        x = h & M48
        x = x - ((x >> 1) & NIB5)
        x = (x & NIB3) + ((x >> 2) & NIB3)
        triples = (x & (x >> 1) | (x >> 2)) & NIB1
        if triples:
            triples &= ~declared
            while triples:
                low = triples & -triples
                triples ^= low
                p = low.bit_length() - 1
                m = (p >> 2) + 1
                # SHAKE-5 a kept quad; SHAKE-1 a triple (our reading: a quad that forms in
                # hand after the deal under mandatory chongtong is shaken like a triple).
                quad = (x >> p) & 4 and rules.chongtong == "optional"
                a = t.show_quad[m] if quad else t.shake[m]
                assert a is not None
                acts.append(a)
        if t.reveal_mode and h & t.jokers:
            reveal = t.reveal
            for i in bits(h & t.jokers):
                acts.append(reveal[i])
        # LIAB-7 (our reading): one offer per turn.
        if self._shodang_on and not self._offered and self._may_offer(s):
            acts.append(_OFFER)
        return acts

    def _may_offer(self, s: int) -> bool:
        """LIAB-7 shodang eligibility."""
        rules = self.rules
        mode = rules.shodang_eligibility
        if mode == "any":
            return True
        h = self._hands[s]
        if not h & (h - 1):
            return False  # fewer than 2 cards
        if h & self._t.jokers or expand_months(h) & self._layout:
            return False  # a card matches the layout (a joker is never a winning card)
        cards = bits(h)
        score = self._t.score
        opps = self._opponents(s)
        covered: set[int] = set()
        for i in cards:
            winners = set()
            mm = 0xF << (i & ~3)
            for o in opps:
                theirs = self._hands[o] & mm
                for j in bits(theirs):
                    pts = score.stop_points(self._caps[o] | 1 << i | 1 << j)
                    if pts >= self._target and (not self._goes[o] or pts > self._last_go_sp[o]):
                        winners.add(o)
                        break
            if not winners:
                return False
            covered |= winners
        if mode == "no_safe_play_each":
            return covered == set(opps)
        return True

    # -- apply ---------------------------------------------------------------------------------

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
        if st == _MAIN:
            if kind == "play":
                i = action.index
                self._do_play(i if i >= 0 else self._t.index[action.cards[0]], ev)
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
        elif st == _GOSTOP:
            if kind == "go":
                self._do_go(ev)
            else:
                self._do_stop(ev)
        elif st in (_PICK_H, _PICK_S):
            self._do_pick(self._t.index[action.cards[0]], ev)
        elif st == _SURRENDER:
            self._do_surrender(self._t.card_mask(action.cards), ev)
        elif st == _ANSWER:
            self._do_answer(kind == "accept", ev)
        elif st == _YELL:
            self._do_yell(kind == "yell", ev)
        else:
            self._do_chongtong(kind == "chongtong", ev)
        self._log.extend(ev)
        return ev

    def _coerce(self, action: object, legal: list[Action]) -> Action:
        """``action`` as a legal Action, or IllegalActionError (the hand is not touched)."""
        if isinstance(action, str):
            try:
                parsed = Action.parse(action)
            except ValueError as exc:
                raise IllegalActionError(
                    f"cannot read action {action!r}: {exc}; legal: {_fmt_legal(legal)}", action, legal
                ) from None
            if parsed in legal:
                return parsed
            raise IllegalActionError(self._illegal_message(parsed, legal), parsed, legal)
        if isinstance(action, Action):
            raise IllegalActionError(self._illegal_message(action, legal), action, legal)
        raise IllegalActionError(
            f"an action is an Action or its text, got {action!r}; legal: {_fmt_legal(legal)}", action, legal
        )

    def _illegal_message(self, action: Action, legal: list[Action]) -> str:
        if self._result is not None:
            return f"illegal action {action.text!r}: the hand is over"
        who = self.current_player
        return f"illegal action {action.text!r} for seat {who} ({STAGES[self._stage]}); legal: {_fmt_legal(legal)}"

    def _do_pick(self, x: int, ev: list[Event]) -> None:
        s = self._mover
        t = self._t
        xb = 1 << x
        c = self._pick_card
        self._layout ^= xb
        self._pending |= (1 << c) | xb
        ev.append(Event("pick", s, (t.deck[x],), {"for": t.codes[c]}))
        if self._stage == _PICK_H:
            self._hcase = _H2
            self._hpair = xb
            self._hother = self._pick_opts ^ xb
        self._stage = _MAIN
        self._continue_stock(ev)

    def _do_bomb(self, month: int, kind: str, ev: list[Event]) -> None:
        """BOMB-1..3 and VAR-GRENADE: the cards of the month in hand take those on the layout."""
        s = self._mover
        rules = self.rules
        p = 4 * (month - 1)
        mm = 0xF << p
        hm = self._hands[s] & mm
        lm = self._layout & mm
        self._hands[s] ^= hm
        self._plays[s] = None
        self._left -= hm.bit_count()
        self._layout ^= lm
        self._pending |= hm | lm
        self._hcase = _HBOMB
        self._hfrom_hand = False
        self._hmonth = p
        self._tev.append(kind)
        ev.append(Event(kind, s, self._t.cards(hm | lm), {"month": month}))
        three = rules.bomb_compensation == "draw_three"
        if kind == "bomb":
            self._bombs[s] += 1
            extra = 2
        else:
            if rules.grenade == "as_bomb":
                self._bombs[s] += 1
            extra = 1
        if three:
            self._stock_left = 1 + extra
        else:
            self._stock_left = 1
            self._skip[s] += extra
            self._left += extra
            # next_two (our reading: renewed by each bomb): this turn and the next two
            self._skip_win[s] = 3
        self._final = self._left == 0
        self._continue_stock(ev)

    def _do_shake(self, month: int, kind: str, ev: list[Event]) -> None:
        s = self._mover
        p = 4 * (month - 1)
        low = 1 << p
        self._declared[s] |= low
        if kind == "show-quad":
            self._quads[s] |= low
        if self.rules.heundeum_must_play:  # SHAKE-3
            self._must_play |= low
            self._tdirty = True
        ev.append(Event(kind, s, self._t.cards(self._hands[s] & (0xF << p)), {"month": month}))

    def _do_reveal(self, j: int, ev: list[Event]) -> None:
        """JOKER-4: the joker goes to the capture area, the top stock card joins the hand."""
        s = self._mover
        t = self._t
        jb = 1 << j
        self._hands[s] ^= jb
        self._plays[s] = None
        self._caps[s] |= jb
        self._revealed_now = True
        self._tdirty = True
        ev.append(Event("reveal", s, (t.deck[j],)))
        self._joker_shot(True, ev)  # our reading: revealing is playing a joker from hand
        self._boss(jb, ev)
        c = self._stock[self._sp]
        self._sp += 1
        self._hands[s] |= 1 << c
        ev.append(Event("draw", s, (t.deck[c],)))

    def _do_offer(self, ev: list[Event]) -> None:
        """LIAB-7: the hand is exposed and offered as a nagari; LIAB-8 answers follow."""
        s = self._mover
        self._offered = True
        self._tdirty = True
        self._exposed[s] = True
        if self.rules.nagari_offer_cancels_go_bak:  # LIAB-12
            self._go_stamp[s] = -1
        ev.append(Event("offer-shodang", s, self._t.cards(self._hands[s])))
        self._stage = _ANSWER
        self._decider = (s + 1) % 3

    def _do_answer(self, accept: bool, ev: list[Event]) -> None:
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
        self._stage = _MAIN

    def _do_yell(self, yell: bool, ev: list[Event]) -> None:
        d = self._decider
        self._queue.pop(0)
        ev.append(Event("yell" if yell else "no-yell", d))
        if not yell:  # GOO-14
            self._shot(d, 1, "yell", self._mover, ev)
        self._stage = _MAIN
        self._run_queue(ev)

    def _do_surrender(self, mask: int, ev: list[Event]) -> None:
        item = self._queue.pop(0)
        self._give(item[1], mask, self._tev[item[3]], False, ev)
        self._stage = _MAIN
        self._run_queue(ev)

    def _do_go(self, ev: list[Event]) -> None:
        s = self._mover
        sp = self._sp_val[s]
        self._goes[s] += 1
        self._last_go_sp[s] = sp
        if self._go_stamp[s] < 0:
            self._go_stamp[s] = self._turn_no
        ev.append(Event("go", s, (), {"goes": self._goes[s], "points": sp}))
        self._stage = _MAIN
        self._end_turn(ev, sp)  # GOSTOP-6: a go on the final turn ends in nagari

    def _do_chongtong(self, declare: bool, ev: list[Event]) -> None:
        d = self._decider
        if declare:
            self._ct_declared = (*self._ct_declared, d)
            quad = expand_months((nibble_counts(self._hands[d]) >> 2) & NIB1) & self._hands[d]
            ev.append(Event("chongtong", d, self._t.cards(quad)))
        else:
            # DEC-5 (our reading): keeping the quad is public, without its cards.
            ev.append(Event("keep-quad", d))
        queue = self._ct_queue[1:]
        self._ct_queue = queue
        if queue:
            self._decider = queue[0]
            return
        self._stage = _MAIN
        self._resolve_chongtong(ev)

    # -- copies -------------------------------------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy (cheap: shared immutable parts, copied small lists)."""
        c = object.__new__(Hand)
        c.rules = self.rules
        c.players = self.players
        c._t = self._t
        c._stock = self._stock
        c._nagari_before = self._nagari_before
        c._target = self._target
        c._weol_month = self._weol_month
        c._mission = self._mission
        c._mission_mult = self._mission_mult
        c._boar_pot_in = self._boar_pot_in
        c._oe_on = self._oe_on
        c._shodang_on = self._shodang_on
        c._min_cards = self._min_cards
        c._above_last_go = self._above_last_go
        c._sp = self._sp
        c._layout = self._layout
        c._stacks = self._stacks
        c._hands = self._hands[:]
        c._plays = self._plays[:]
        c._caps = self._caps[:]
        c._stage = self._stage
        c._mover = self._mover
        c._decider = self._decider
        c._turn_no = self._turn_no
        c._turns = self._turns[:]
        c._last_turn = self._last_turn[:]
        c._prev_turn = self._prev_turn
        c._pending = self._pending
        c._hcase = self._hcase
        c._hcard = self._hcard
        c._hmonth = self._hmonth
        c._hfrom_hand = self._hfrom_hand
        c._hpair = self._hpair
        c._hother = self._hother
        c._stock_left = self._stock_left
        c._s_first = self._s_first
        c._pair_jokers = self._pair_jokers
        c._pick_card = self._pick_card
        c._pick_opts = self._pick_opts
        c._left = self._left
        c._offered = self._offered
        c._tdirty = self._tdirty
        c._must_play = self._must_play
        c._final = self._final
        c._start_layout = self._start_layout
        c._start_hand = self._start_hand
        c._tev = self._tev[:]
        c._queue = self._queue[:]
        c._sur_opts = self._sur_opts
        c._turn_cap = self._turn_cap
        c._ppuk_now = self._ppuk_now
        c._revealed_now = self._revealed_now
        c._skip = self._skip[:]
        c._skip_win = self._skip_win[:]
        c._declared = self._declared[:]
        c._quads = self._quads[:]
        c._exposed = self._exposed[:]
        c._goes = self._goes[:]
        c._last_go_sp = self._last_go_sp[:]
        c._prev_sp = self._prev_sp[:]
        c._go_stamp = self._go_stamp[:]
        c._ppuk = self._ppuk[:]
        c._bombs = self._bombs[:]
        c._heodang = self._heodang[:]
        c._chips = self._chips[:]
        c._shots = self._shots[:]
        c._weol_first = self._weol_first[:]
        c._oe_left = self._oe_left[:]
        c._oe_passed = self._oe_passed[:]
        c._oe_turn = self._oe_turn[:]
        c._oe_last = self._oe_last[:]
        c._sp_mask = self._sp_mask[:]
        c._sp_val = self._sp_val[:]
        c._refusals = self._refusals
        c._ct_queue = self._ct_queue
        c._ct_declared = self._ct_declared
        c._fixed = self._fixed[:]
        c._boar_taker = self._boar_taker
        c._history = self._history[:]
        c._log = self._log[:]
        c._n_deal = self._n_deal
        c._result = self._result
        c._legal = self._legal
        return c

    def __copy__(self) -> Hand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.clone()

    # -- information ----------------------------------------------------------------------------

    def _shown_in_hand(self, s: int) -> int:
        """Hand cards of seat s that everybody may see (declared months, exposed hand)."""
        h = self._hands[s]
        if self._exposed[s]:
            return h
        return h & (self._declared[s] * 15)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :class:`Observation`)."""
        n = self.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        t = self._t
        cards = t.cards
        st = self._stage
        choosing: Card | None = None
        choice: tuple[Card, ...] = ()
        if st in (_PICK_H, _PICK_S):
            choosing = t.deck[self._pick_card]
            choice = cards(self._pick_opts)
        debt: dict[str, Any] | None = None
        if st == _SURRENDER:
            item = self._queue[0]
            debt = {"debtor": item[1], "creditor": self._mover, "junk": item[2], "for": self._tev[item[3]]}
        private = PRIVATE_EVENT_TYPES
        history = [e if e.seat == seat or e.type not in private else e.redacted() for e in self._log]
        stacks = tuple(
            StackInfo(
                month=m + 1,
                owner=None if owner < 0 else owner,
                made_on_turn=made,
                cards=cards((self._layout & (0xF << (4 * m))) | jk),
            )
            for m, (owner, made, jk) in sorted(self._stacks.items())
        )
        shown = tuple(
            cards(self._hands[s]) if s == seat else cards(self._shown_in_hand(s)) for s in range(n)
        )
        mission = None
        if self._mission >= 0:
            name, codes = MISSIONS[self._mission]
            mission = (name, codes, self._mission_mult)
        result = self._result
        return Observation(
            seat=seat,
            players=n,
            preset=self.rules.preset,
            rules=self.rules.to_dict(),
            stage=STAGES[st],
            current_player=self.current_player,
            mover=self._mover,
            turn=self._turn_no,
            own_turns=tuple(self._turns),
            hand=cards(self._hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            shown_hand_cards=shown,
            exposed=tuple(self._exposed),
            declared_months=tuple(tuple(_month_of_nib(p) for p in bits(d)) for d in self._declared),
            shown_quads=tuple(tuple(_month_of_nib(p) for p in bits(q)) for q in self._quads),
            layout=cards(self._layout),
            stacks=stacks,
            pending=cards(self._pending | self._pair_jokers),
            choosing_for=choosing,
            choice=choice,
            debt=debt,
            captures=tuple(cards(c) for c in self._caps),
            stock_size=len(self._stock) - self._sp,
            skip_allowance=tuple(self._skip),
            goes=tuple(self._goes),
            last_go_points=tuple(self._last_go_sp),
            stop_points=tuple(self.stop_points(s) for s in range(n)),
            ppuk=tuple(self._ppuk),
            bombs=tuple(self._bombs),
            refusals=self._refusals,
            weol_yak_month=self._weol_month,
            mission=mission,
            nagari_before=self._nagari_before,
            boar_pot=self._boar_pot_in,
            chips=result.chips if result is not None else tuple(self._chips),
            shots=result.shots if result is not None else tuple(self._shots),
            history=tuple(history),
            result=result,
        )

    def determinize(self, seat: int, rng: random.Random) -> Hand:
        """A full copy consistent with ``observation(seat)``: every card ``seat`` cannot see
        (other seats' unshown hand cards and the stock) is re-dealt at random with ``rng``.

        Hand sizes, shown cards and everything public stay as they are, so
        ``det.observation(seat) == hand.observation(seat)``. While quad holders still decide
        DEC-5 (``chongtong = optional``), the deciding seat keeps a quad (chosen at random
        among the months the observer cannot see).
        """
        n = self.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        c = self.clone()
        c._legal = None
        hidden = [0] * n
        pool: list[int] = list(self._stock[self._sp :])
        for s in range(n):
            if s != seat:
                hidden[s] = self._hands[s] & ~self._shown_in_hand(s)
                pool.extend(bits(hidden[s]))
        rng.shuffle(pool)
        need_quad = [s for s in self._ct_queue if s != seat] if self._stage == _CHONGTONG else []
        for s in range(n):
            if s == seat:
                continue
            k = hidden[s].bit_count()
            new = 0
            if s in need_quad:
                # DEC-5 pending: give this seat a quad of a month wholly in the pool.
                pool_mask = 0
                for i in pool:
                    pool_mask |= 1 << i
                cnt = nibble_counts(pool_mask)
                months = bits((cnt >> 2) & NIB1)
                if months:
                    p = months[rng.randrange(len(months))]
                    quad = 0xF << p
                    new = quad
                    pool = [i for i in pool if not quad >> i & 1]
                    k -= 4
            take, pool = pool[:k], pool[k:]
            for i in take:
                new |= 1 << i
            c._hands[s] = (self._hands[s] & ~hidden[s]) | new
            c._plays[s] = None
        c._stock = self._stock[: self._sp] + tuple(pool)
        # Nothing of the real hidden cards may survive in the copy: other seats' private
        # events (their dealt cards, their draws) are redacted, and the LIAB-4 (B) facts of
        # other seats (months they held at the start of their turn) are dropped, since the
        # sampled world cannot know them (our reading: no oe-myeon (B) for them in samples).
        c._log = [e if e.seat == seat else e.redacted() for e in self._log]
        for s in range(n):
            if s != seat:
                c._oe_passed[s] = 0
        m = self._mover
        if m != seat:  # the mover's hand at the start of the turn, as far as it is re-dealt
            played = self._start_hand & ~self._hands[m]
            c._start_hand = c._hands[m] | played
        return c

    # -- read-only views -------------------------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far, in order (what a record stores)."""
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far: the deal events, then those of each action."""
        return tuple(self._log)

    @property
    def deal_events(self) -> tuple[Event, ...]:
        """The events of the deal and the DEAL checks (before the first action)."""
        return tuple(self._log[: self._n_deal])

    @property
    def stage(self) -> str:
        """The name of the current decision (see :data:`STAGES`)."""
        return STAGES[self._stage]

    @property
    def mover(self) -> int:
        """The seat whose turn it is."""
        return self._mover

    @property
    def turn(self) -> int:
        """Number of the current turn in the hand (1 = the dealer's first turn)."""
        return self._turn_no

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._sp

    @property
    def target(self) -> int:
        """The stop target of the hand (GOSTOP-1)."""
        return self._target

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat`` (hidden information: not for agents)."""
        return self._t.cards(self._hands[seat])

    def layout_cards(self) -> tuple[Card, ...]:
        """The layout's month cards (stack cards included)."""
        return self._t.cards(self._layout)

    def capture_cards(self, seat: int) -> tuple[Card, ...]:
        """The capture area of ``seat``."""
        return self._t.cards(self._caps[seat])

    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first (hidden information: not for agents)."""
        deck = self._t.deck
        return tuple(deck[i] for i in self._stock[self._sp :])

    def stop_points(self, seat: int) -> int:
        """SCORE-10 stop points of ``seat``'s capture area."""
        return self._stop_points(seat)

    def goes(self, seat: int) -> int:
        """How many times ``seat`` said go."""
        return self._goes[seat]

    def zones(self) -> dict[str, int]:
        """Where every card is, as deck-index masks (for invariant checks).

        Keys: ``hand0``.., ``capture0``.., ``layout`` (month cards), ``stack-jokers``,
        ``pending`` (matched this turn, incl. jokers held with a pair under JOKER-3),
        ``resolving`` (a card waiting for its pick), ``stock`` (not yet turned). The masks are
        disjoint and together hold the whole deck.
        """
        out: dict[str, int] = {}
        for s in range(self.players):
            out[f"hand{s}"] = self._hands[s]
        for s in range(self.players):
            out[f"capture{s}"] = self._caps[s]
        out["layout"] = self._layout
        sj = 0
        for _owner, _made, jk in self._stacks.values():
            sj |= jk
        out["stack-jokers"] = sj
        out["pending"] = self._pending | self._pair_jokers
        out["resolving"] = (1 << self._pick_card) if self._stage in (_PICK_H, _PICK_S) else 0
        st = 0
        for i in self._stock[self._sp :]:
            st |= 1 << i
        out["stock"] = st
        return out

    def deck_mask(self) -> int:
        """The mask of the whole deck."""
        return self._t.all

    def __repr__(self) -> str:
        state = STAGES[self._stage]
        return f"<Hand {self.rules.preset} {self.players}p turn {self._turn_no} seat {self.current_player} {state}>"


def _fmt_legal(legal: Sequence[Action]) -> str:
    if not legal:
        return "none (the hand is over)"
    return ", ".join(a.text for a in legal)
