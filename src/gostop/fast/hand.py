"""``FastHand``: the reference engine's decision API over the compiled kernels.

``FastHand.new(rules, players, seed)`` deals exactly as ``Hand.new`` (same seeded shuffle, cut
and draws), and ``legal_actions()`` lists the same interned :class:`~gostop.engine.Action`
values in the same order, so any agent that only uses ``legal_actions``, ``apply``,
``current_player``, ``is_over`` and ``result`` plays on either engine and gets the same game.
``FastHand.from_deal`` plays an explicit deal as ``Hand.from_deal`` (a gwangpalli match's three
active players, a record's deal).

Events carry the reference engine's ``type``, ``seat`` and ``cards`` (compared by the
differential tests). The fast engine's event log keeps three integers per event (type, seat,
card mask); ``data`` is filled, as in :mod:`gostop.engine` (and compared by the differential
tests), for the event types of :data:`DATA_TYPES` only: ``go`` (``goes``, ``points``),
``stop`` (``points``), ``settlement`` (``payments``, ``points``, ``unit``) and ``win``,
``nagari``, ``void`` (``reason``). Every other event has ``data == {}``; what
:mod:`gostop.engine` puts there is missing here:

* ``play``, ``bomb``, ``flip``: ``choice`` / ``onto`` (the same-month layout cards);
  ``pick``: ``for`` (the card the pick was made for);
* ``ja-ppuk``, ``stack-capture``: ``owner`` (who made the stack); ``ppuk``: ``count``;
* ``shake``, ``show-quad``, ``grenade``: ``month``; ``layout-joker``: ``replacement``;
* ``boar-ante``: ``each``, ``pot``; ``boar`` (pot variant): ``pot``;
* ``accept``, ``refuse``: ``offerer`` (and ``auto``); ``heodang``: ``turns``;
* ``no-junk``, ``surrender``: ``to``, ``for`` (and ``auto``);
* ``payment``: ``to``, ``amount``, ``unit``, ``reason``; ``shot``: ``n``, ``reason``.

The hand's outcome (points, chips, shots, payments, reason) is in :attr:`FastHand.result`;
for the full event data replay the actions on :class:`gostop.engine.Hand`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gostop.cards import Card, parse_card
from gostop.engine import Action, DealError, Event, Hand, IllegalActionError
from gostop.engine.deal import MISSIONS, deal_sizes, shuffled_order, split_deal, start_draws
from gostop.engine.tables import Tables
from gostop.rules import Rules, RulesError

from . import kernels as k
from . import layout as L
from .config import FastConfig, config_for

__all__ = ["FastHand", "FastResult", "DATA_TYPES"]

#: Event types whose ``data`` the fast engine fills as the reference engine does.
DATA_TYPES = frozenset({"go", "stop", "settlement", "win", "nagari", "void"})

_ONE_WORD = {
    L.A_SKIP: Action("skip"),
    L.A_OFFER: Action("offer-shodang"),
    L.A_ACCEPT: Action("accept"),
    L.A_REFUSE: Action("refuse"),
    L.A_GO: Action("go"),
    L.A_STOP: Action("stop"),
    L.A_CHONGTONG: Action("chongtong"),
    L.A_CONTINUE: Action("continue"),
    L.A_YELL: Action("yell"),
    L.A_NO_YELL: Action("no-yell"),
}


@dataclass(frozen=True, slots=True)
class FastResult:
    """How a fast hand ended (the numbers of :class:`gostop.engine.HandResult`).

    ``payments`` are the settlement's payments per opponent (GEN-6 order from the winner)
    after a stop, else ``()``; ``liable`` the index of the opponent who paid for both (PAY-9).
    """

    winner: int | None
    nagari: bool
    void: bool
    reason: str
    points: int
    stop_points: int
    chips: tuple[int, ...]
    shots: tuple[int, ...]
    pot_chips: tuple[int, ...]
    boar_pot: int
    boar_taker: int | None
    payments: tuple[int, ...]
    liable: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "nagari": self.nagari,
            "void": self.void,
            "reason": self.reason,
            "points": self.points,
            "stop_points": self.stop_points,
            "chips": list(self.chips),
            "shots": list(self.shots),
            "pot_chips": list(self.pot_chips),
            "boar_pot": self.boar_pot,
            "boar_taker": self.boar_taker,
            "payments": list(self.payments),
            "liable": self.liable,
        }


def deal_arrays(
    cfg: FastConfig, players: int, seed: int, cut: int | None
) -> tuple[np.ndarray, int, np.ndarray, int, int, int]:
    """The deal of ``Hand.new(rules, players, seed, cut=cut)`` as arrays: hand masks, layout
    mask, stock (top first), weol-yak month, mission mask, mission multiplier."""
    rules = cfg.rules
    t = cfg.tables
    deal_sizes(players)
    try:
        rules.check_players(players)  # GEN-7
    except RulesError as exc:
        raise DealError(str(exc)) from None
    rng = random.Random(seed)
    order = shuffled_order(t.n, rng, cut)
    hands, layout, stock = split_deal(order, players, rules.deal_order)
    month, mission, mult = start_draws(rules, rng)
    hm = np.zeros(3, np.int64)
    for s, h in enumerate(hands):
        m = 0
        for i in h:
            m |= 1 << i
        hm[s] = m
    lay = 0
    for i in layout:
        lay |= 1 << i
    mission_mask = t.card_mask(MISSIONS[mission][1]) if mission >= 0 else 0
    return hm, lay, np.array(stock, np.int64), month, mission_mask, mult


def _indices(t: Tables, cards: Sequence[Card | str]) -> list[int]:
    return [t.index[c.code if isinstance(c, Card) else parse_card(c).code] for c in cards]


class FastHand:
    """One hand on the compiled engine, with the decision API of :class:`gostop.engine.Hand`."""

    __slots__ = ("rules", "players", "_cfg", "_s", "_e", "_history", "_legal", "_data")

    rules: Rules
    players: int
    _cfg: FastConfig
    _s: np.ndarray
    _e: np.ndarray
    _history: list[Action]
    _legal: list[Action] | None
    _data: dict[int, dict[str, Any]]  # event index -> data, for the event types of DATA_TYPES

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
        events: bool = True,
    ) -> FastHand:
        """Deal as ``Hand.new`` and run the DEAL checks. ``events=False`` keeps no event log
        (faster). Raises :class:`~gostop.fast.UnsupportedRulesError` for rules the fast
        engine does not cover, :class:`~gostop.engine.DealError` as ``Hand.new``."""
        cfg = config_for(rules)
        for name, value in (("nagari_before", nagari_before), ("boar_pot", boar_pot)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise DealError(f"{name} must be a whole number >= 0, got {value!r}")
        hm, lay, stock, month, mission_mask, mult = deal_arrays(cfg, players, seed, cut)
        return cls._start(cfg, players, hm, lay, stock, month, mission_mask, mult, nagari_before, boar_pot, events)

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
        events: bool = True,
    ) -> FastHand:
        """A hand from an explicit deal, as :meth:`gostop.engine.Hand.from_deal` (same
        arguments, same checks and :class:`~gostop.engine.DealError` messages: the deal is
        checked by the reference engine's own code)."""
        cfg = config_for(rules)
        Hand.from_deal(  # the reference checks (sizes, deck, duplicates, month, mission)
            rules, hands, layout, stock, nagari_before=nagari_before, boar_pot=boar_pot,
            weol_yak_month=weol_yak_month, mission=mission,
        )
        t = cfg.tables

        def mask(cards: Sequence[Card | str]) -> int:
            m = 0
            for i in _indices(t, cards):
                m |= 1 << i
            return m

        hm = np.zeros(3, np.int64)
        for seat, h in enumerate(hands):
            hm[seat] = mask(h)
        mission_mask, mult = 0, 1
        if mission is not None:
            names = [name for name, _ in MISSIONS]
            mission_mask, mult = t.card_mask(MISSIONS[names.index(mission[0])][1]), mission[1]
        return cls._start(
            cfg, len(hands), hm, mask(layout), np.array(_indices(t, stock), np.int64),
            weol_yak_month or 0, mission_mask, mult, nagari_before, boar_pot, events,
        )

    @classmethod
    def _start(
        cls, cfg: FastConfig, players: int, hm: np.ndarray, lay: int, stock: np.ndarray, month: int,
        mission_mask: int, mult: int, nagari_before: int, boar_pot: int, events: bool,
    ) -> FastHand:
        self = object.__new__(cls)
        self.rules = cfg.rules
        self.players = players
        self._cfg = cfg
        self._s = np.zeros(L.STATE_SIZE, np.int64)
        self._e = np.zeros(1 + L.EV_WIDTH * L.MAX_EVENTS if events else 1, np.int64)
        self._history = []
        self._legal = None
        self._data = {}
        target = cfg.rules.stop_target(players)
        k.init_state(
            self._s, cfg.knobs, cfg.table, self._e, players, hm, lay, stock, len(stock), target,
            cfg.tables.min_cards[players], nagari_before, boar_pot, month, mission_mask, mult,
        )
        if events:
            self._fill_data(0)  # a hand that ends at the deal (chongtong, nagari)
        return self

    # -- the decision API ------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        p = int(k.current_player(self._s))
        return None if p < 0 else p

    @property
    def is_over(self) -> bool:
        return int(self._s[L.STAGE]) == L.OVER

    @property
    def stage(self) -> str:
        from gostop.engine import STAGES

        return STAGES[int(self._s[L.STAGE])]

    def _codes(self) -> np.ndarray:
        out = np.empty(8192, np.int64)
        n = k.legal(self._s, self._cfg.knobs, self._cfg.table, out)
        return out[:n]

    def legal_actions(self) -> list[Action]:
        """The legal actions, as the reference engine lists them (a fresh list)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._decode(self._codes())
        return legal[:]

    def _decode(self, codes: np.ndarray) -> list[Action]:
        t = self._cfg.tables
        out: list[Action] = []
        opts: np.ndarray | None = None
        for code in codes.tolist():
            kind, arg = divmod(code, L.ACT)
            if kind == L.A_PLAY:
                out.append(t.play[arg])
            elif kind == L.A_PICK:
                out.append(t.pick[arg])
            elif kind == L.A_SURRENDER:
                if opts is None:
                    s = self._s
                    b = L.QUEUE + 4 * int(s[L.QHEAD])
                    opts = k.surrender_options(s, self._cfg.table, int(s[b + 1]), int(s[b + 2]))
                out.append(t.surrender_action(int(opts[arg])))
            elif kind == L.A_REVEAL:
                out.append(t.reveal[arg])
            elif kind in _ONE_WORD:
                out.append(_ONE_WORD[kind])
            else:
                name = L.ACTION_KINDS[kind]
                out.append(Action(name, month=arg))
        return out

    def apply(self, action: Action | str) -> list[Event]:
        """Apply ``action`` for :attr:`current_player`; return the events it caused.

        Raises:
            IllegalActionError: the action is not legal now (the hand is left untouched).
        """
        legal = self.legal_actions()
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as exc:
                raise IllegalActionError(f"cannot read action {action!r}: {exc}", action, legal) from None
        try:
            idx = legal.index(action)
        except ValueError:
            raise IllegalActionError(
                f"illegal action {action}; legal: {', '.join(a.text for a in legal) or 'none'}",
                action,
                legal,
            ) from None
        return self.apply_index(idx)

    def apply_index(self, idx: int) -> list[Event]:
        """Apply the ``idx``-th legal action (fast path for agents that pick by index)."""
        codes = self._codes()
        if not 0 <= idx < len(codes):
            raise IllegalActionError(f"no legal action number {idx}", idx, self.legal_actions())
        action = self._legal[idx] if self._legal is not None else self._decode(codes[idx : idx + 1])[0]
        e = self._e
        before = int(e[0]) if e.shape[0] > 1 else 0
        k.apply(self._s, self._cfg.knobs, self._cfg.table, e, int(codes[idx]))
        self._legal = None
        self._history.append(action)
        if e.shape[0] > 1:
            self._fill_data(before)
        return self._events_from(before)

    def _fill_data(self, start: int) -> None:
        """The ``data`` of the new events of :data:`DATA_TYPES`, read from the state right
        after the action (a go's count and points; the closing events' numbers)."""
        e, s = self._e, self._s
        over = int(s[L.STAGE]) == L.OVER
        for j in range(start, int(e[0])):
            b = 1 + L.EV_WIDTH * j
            etype, seat = int(e[b]), int(e[b + 1])
            if etype == L.E_GO:
                self._data[j] = {"goes": int(s[L.GOES + seat]), "points": int(s[L.LAST_GO_SP + seat])}
            elif over and etype in (L.E_WIN, L.E_NAGARI, L.E_VOID):
                self._data[j] = {"reason": L.REASONS[int(s[L.REASON])]}
            elif over and etype == L.E_STOP:
                self._data[j] = {"points": int(s[L.STOP_POINTS])}
            elif over and etype == L.E_SETTLEMENT:
                n = self.players
                self._data[j] = {
                    "payments": [int(s[L.PAYMENTS + i]) for i in range(n - 1)],
                    "points": int(s[L.POINTS]),
                    "unit": "shots" if self.rules.payment_unit == "shots" else "chips",
                }

    # -- information -----------------------------------------------------------------------

    def _events_from(self, start: int) -> list[Event]:
        e = self._e
        if e.shape[0] <= 1:
            return []
        deck = self._cfg.tables.deck
        out = []
        n = int(e[0])
        for j in range(start, n):
            b = 1 + L.EV_WIDTH * j
            etype, seat, mask = int(e[b]), int(e[b + 1]), int(e[b + 2])
            cards: list[Card] = []
            while mask:
                low = mask & -mask
                cards.append(deck[low.bit_length() - 1])
                mask ^= low
            data = self._data.get(j)
            if data is None:
                out.append(Event(L.EVENT_TYPES[etype], None if seat < 0 else seat, tuple(cards)))
            else:
                out.append(Event(L.EVENT_TYPES[etype], None if seat < 0 else seat, tuple(cards), dict(data)))
        return out

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far (type, seat and cards; ``data`` only for :data:`DATA_TYPES`)."""
        return tuple(self._events_from(0))

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._history)

    @property
    def result(self) -> FastResult | None:
        s = self._s
        if int(s[L.STAGE]) != L.OVER:
            return None
        n = self.players
        w = int(s[L.WINNER])
        settled = bool(s[L.SETTLED])
        liable = int(s[L.LIABLE])
        return FastResult(
            winner=None if w < 0 else w,
            nagari=bool(s[L.NAGARI]),
            void=bool(s[L.VOID]),
            reason=L.REASONS[int(s[L.REASON])],
            points=int(s[L.POINTS]),
            stop_points=int(s[L.STOP_POINTS]),
            chips=tuple(int(s[L.CHIPS + i]) for i in range(n)),
            shots=tuple(int(s[L.SHOTS + i]) for i in range(n)),
            pot_chips=tuple(int(s[L.POT_CHIPS + i]) for i in range(n)),
            boar_pot=int(s[L.POT_AFTER]),
            boar_taker=None if int(s[L.BOAR_TAKER]) < 0 else int(s[L.BOAR_TAKER]),
            payments=tuple(int(s[L.PAYMENTS + i]) for i in range(n - 1)) if settled else (),
            liable=None if liable < 0 else liable,
        )

    @property
    def turn(self) -> int:
        return int(self._s[L.TURN_NO])

    @property
    def mover(self) -> int:
        return int(self._s[L.MOVER])

    def _cards(self, mask: int) -> tuple[Card, ...]:
        return self._cfg.tables.cards(mask)

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat`` (hidden information: not for agents)."""
        return self._cards(int(self._s[L.HANDS + seat]))

    def capture_cards(self, seat: int) -> tuple[Card, ...]:
        return self._cards(int(self._s[L.CAPS + seat]))

    def layout_cards(self) -> tuple[Card, ...]:
        return self._cards(int(self._s[L.LAYOUT]))

    @property
    def stock_size(self) -> int:
        return int(self._s[L.NSTOCK] - self._s[L.SP])

    def stop_points(self, seat: int) -> int:
        return int(k.stop_points(self._cfg.knobs, self._cfg.table, int(self._s[L.CAPS + seat])))

    def zones(self) -> dict[str, int]:
        """Where every card is, as deck-index masks (the keys of ``Hand.zones``)."""
        s = self._s
        out: dict[str, int] = {}
        for i in range(self.players):
            out[f"hand{i}"] = int(s[L.HANDS + i])
        for i in range(self.players):
            out[f"capture{i}"] = int(s[L.CAPS + i])
        out["layout"] = int(s[L.LAYOUT])
        sj = 0
        for m in range(12):
            if s[L.STACK_ON + m]:
                sj |= int(s[L.STACK_JOKERS + m])
        out["stack-jokers"] = sj
        out["pending"] = int(s[L.PENDING] | s[L.PAIR_JOKERS])
        st = int(s[L.STAGE])
        out["resolving"] = (1 << int(s[L.PICK_CARD])) if st in (L.PICK_H, L.PICK_S) else 0
        stock = 0
        for j in range(int(s[L.SP]), int(s[L.NSTOCK])):
            stock |= 1 << int(s[L.STOCK + j])
        out["stock"] = stock
        return out

    def deck_mask(self) -> int:
        return int(self._cfg.tables.all)

    def clone(self) -> FastHand:
        """An independent copy."""
        c = object.__new__(FastHand)
        c.rules = self.rules
        c.players = self.players
        c._cfg = self._cfg
        c._s = self._s.copy()
        c._e = self._e.copy()
        c._history = self._history[:]
        c._legal = self._legal
        c._data = dict(self._data)
        return c

    def __copy__(self) -> FastHand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> FastHand:
        return self.clone()

    def __repr__(self) -> str:
        return f"<FastHand {self.rules.preset} {self.players}p turn {self.turn} seat {self.current_player} {self.stage}>"
