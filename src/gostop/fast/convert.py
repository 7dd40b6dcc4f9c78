"""A reference :class:`~gostop.engine.Hand` (any stage, mid-hand) -> the fast engine's state.

The fast engine keeps no Python objects, so a hand is not copied field by field: its *deal* is
rebuilt from what the hand holds and its action history is replayed by the compiled kernels.
Both engines play the same game (the differential tests), so the replay reaches the same state;
:func:`state_from_hand` then checks that it did (stage, seat to act, every hand, capture area,
the layout, the stock position, goes, chips and shots) and raises :class:`ConversionError`
otherwise, so that a caller falls back to the reference engine instead of playing a different
game.

The deal of a seat is its hand now plus the cards it has played from its hand (``play``,
``bomb``, ``grenade`` and joker ``reveal`` events, in order); the layout is the deal's ``layout`` event and the
stock is the hand's stock as dealt (``Hand._stock``, which a determinization re-deals below the
cards already turned). That is also right for a determinized world (``Hand.determinize``): its
re-dealt hidden cards are simply part of the rebuilt deal. Two facts of a determinized world
are not the replay's and are copied over: LIAB-4 (B) judges the other seats on the part of their
hand everybody knows (the oe-myeon "passed" months, three players), which the replay would see
in full.

Refused (:class:`ConversionError`): rules the fast engine does not cover
(:class:`~gostop.fast.UnsupportedRulesError`, a subclass), a hand whose deal cannot be rebuilt
that way (e.g. a ``keep-quad`` seat whose re-dealt hand holds another quad: the replay would ask
a different question) and a finished hand.
"""

# mypy: disable-error-code="no-any-return"
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gostop.engine import Action, Hand
from gostop.engine.deal import MISSIONS, deal_sizes

from . import kernels as k
from . import layout as L
from .config import FastConfig, UnsupportedRulesError, config_for
from .kernels import _jit, apply, legal
from .layout import OVER, STAGE
from .rollout import listed, replay_exclusions, replay_surprise

if TYPE_CHECKING:
    from .hand import FastHand

__all__ = ["ConversionError", "HistoryCodes", "action_code", "from_hand", "greedy_exclusions", "state_from_hand"]

#: Action kinds -> their code kind (``layout.ACTION_KINDS`` order).
_KIND = {name: i for i, name in enumerate(L.ACTION_KINDS)}
_CARD_ARG = frozenset({"play", "pick", "reveal"})
_MONTH_ARG = frozenset({"bomb", "grenade", "shake", "show-quad"})
_LEFT_HAND = frozenset({"play", "bomb", "grenade", "reveal"})
_NO_EVENTS = np.zeros(1, np.int64)


class ConversionError(UnsupportedRulesError):
    """The fast engine cannot take over this hand (the reference engine plays it on)."""


def action_code(cfg: FastConfig, action: Action) -> int:
    """The fast engine's code of ``action`` (``surrender`` has no fixed code: its argument is
    the option's index among the legal ones; returns -1 for it)."""
    kind = action.kind
    if kind in _CARD_ARG:
        return _KIND[kind] * L.ACT + cfg.tables.index[action.cards[0]]
    if kind in _MONTH_ARG:
        return _KIND[kind] * L.ACT + int(action.month or 0)
    if kind == "surrender":
        return -1
    return _KIND[kind] * L.ACT


def legal_codes(cfg: FastConfig, S: np.ndarray, buf: np.ndarray) -> np.ndarray:
    """The legal action codes of state S (a view of ``buf``)."""
    n = k.legal(S, cfg.knobs, cfg.table, buf)
    return buf[:n]


class HistoryCodes:
    """What every determinization of one hand shares, computed once: its action history as
    fast codes and its public deal facts (the layout dealt, the cards each seat played from
    its hand). Use one per hand (e.g. per decision of a search): it is keyed on the history
    only."""

    __slots__ = ("_key", "codes", "layout", "played")

    def __init__(self) -> None:
        self._key: tuple[Action, ...] | None = None
        self.codes: np.ndarray | None = None
        self.layout = -1
        self.played: list[int] = []

    def get(self, cfg: FastConfig, hand: Hand) -> HistoryCodes:
        hist = hand.history
        key = self._key
        if key is not None and len(hist) == len(key) and (not hist or hist[-1] == key[-1]):
            return self  # one hand's determinizations share the history (see the class)
        codes = [action_code(cfg, a) for a in hist]
        self.codes = None if -1 in codes else np.array(codes, np.int64)  # a surrender: see state_from_hand
        self.layout, self.played = _public_deal(cfg, hand)
        self._key = hist
        return self


def _public_deal(cfg: FastConfig, hand: Hand) -> tuple[int, list[int]]:
    """(the layout dealt, per seat the cards it has played from its hand), from the events."""
    index = cfg.tables.index
    layout = -1
    played = [0] * hand.players
    taken = 0
    for e in hand.events:
        etype = e.type
        if etype == "layout" and layout < 0:
            layout = 0
            for c in e.cards:
                layout |= 1 << index[c.code]
        elif etype in _LEFT_HAND and e.seat is not None:
            m = 0
            for c in e.cards:
                m |= 1 << index[c.code]
            m &= ~taken
            played[e.seat] |= m
            taken |= m
    if layout < 0:
        raise ConversionError("the hand has no layout event (cannot rebuild its deal)")
    return layout, played


def _deal_of(cfg: FastConfig, hand: Hand, layout: int, played: list[int]) -> np.ndarray:
    """The hand masks at the deal, rebuilt from ``hand`` and its public deal facts."""
    t = cfg.tables
    players = hand.players
    per_hand, _per_layout = deal_sizes(players)
    stock = 0
    for i in hand._stock:
        stock |= 1 << i
    dealt = t.all & ~layout & ~stock  # the cards dealt to the hands
    hm = np.zeros(3, np.int64)
    seen = 0
    for s in range(players):
        h = (hand._hands[s] | played[s]) & dealt
        if h.bit_count() != per_hand or h & seen:
            raise ConversionError(f"cannot rebuild the deal of seat {s}")
        seen |= h
        hm[s] = h
    if seen != dealt:
        raise ConversionError("cannot rebuild the deal (cards unaccounted for)")
    return hm


def state_from_hand(
    hand: Hand,
    cfg: FastConfig | None = None,
    history: HistoryCodes | None = None,
    buf: np.ndarray | None = None,
    surprise: tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """The fast state array (``layout.STATE_SIZE`` int64) of ``hand``, reached by replaying its
    history from its rebuilt deal, without an event log.

    ``surprise=(observer, weights, ranks, positions, out)``: ``out[0]`` is set to the number of
    the other seats' plays in this deal that the compiled ``greedy`` would not have made
    (:func:`gostop.fast.rollout.replay_surprise`; the next three are greedy's tables).

    ``history`` caches the encoded history between calls (determinizations of one hand);
    ``buf`` is a scratch array for legal codes (8192 int64).

    Raises:
        ConversionError: see the module docstring (``UnsupportedRulesError`` for the rules).
    """
    if cfg is None:
        cfg = config_for(hand.rules)
    if hand.is_over:
        raise ConversionError("the hand is over")
    if buf is None:
        buf = np.empty(8192, np.int64)
    rules = hand.rules
    players = hand.players
    shared = (history if history is not None else HistoryCodes()).get(cfg, hand)
    S = _initial_state(cfg, hand, shared)
    K, T = cfg.knobs, cfg.table
    codes = shared.codes
    if codes is not None and surprise is not None:
        observer, weights, rank, pos, out = surprise
        done, out[0] = replay_surprise(S, K, T, _NO_EVENTS, codes, buf, observer, weights, rank, pos)
        if done != len(codes):
            raise ConversionError(f"the replay departs from the hand at action {done + 1} ({hand.history[done]})")
    elif codes is not None:
        done = int(replay(S, K, T, _NO_EVENTS, codes, buf))
        if done != len(codes):
            raise ConversionError(f"the replay departs from the hand at action {done + 1} ({hand.history[done]})")
    else:
        shared.codes = _replay_slow(cfg, S, hand.history, buf)
        if surprise is not None:  # once a decision: measure it on the codes just found
            return state_from_hand(hand, cfg, shared, buf, surprise)
    if players == 3 and rules.oe_myeon:
        for s in range(players):
            held = hand._oe_myeon_start_hand[s]
            S[L.OE_PASSED + s] = hand._oe_myeon_kept_on_layout[s] & int(k.expand_months(held))
    _check_same(S, hand)
    return S


def _initial_state(cfg: FastConfig, hand: Hand, shared: HistoryCodes) -> np.ndarray:
    """The fast state of ``hand`` as dealt (its history not yet replayed)."""
    t = cfg.tables
    rules = hand.rules
    players = hand.players
    lay = shared.layout
    hm = _deal_of(cfg, hand, lay, shared.played)
    stock = np.array(hand._stock, np.int64)
    mission = hand._mission_index
    mission_mask = t.card_mask(MISSIONS[mission][1]) if mission >= 0 else 0
    S = np.zeros(L.STATE_SIZE, np.int64)
    k.init_state(
        S, cfg.knobs, cfg.table, _NO_EVENTS, players, hm, lay, stock, len(stock), rules.stop_target(players),
        t.min_cards[players], hand._nagari_before, hand._boar_pot_in, hand._weol_yak_month,
        mission_mask, hand._mission_multiplier,
    )
    return S


def greedy_exclusions(
    hand: Hand, observer: int, weights: np.ndarray, rank: np.ndarray, margin: float, cfg: FastConfig | None = None,
    history: HistoryCodes | None = None, buf: np.ndarray | None = None,
) -> list[int]:
    """Per seat, the cards it cannot hold now if it has played like ``greedy``
    (:func:`gostop.fast.rollout.replay_exclusions`; ``weights``: greedy's card weights). The
    facts used are public, so any determinization of one hand for ``observer`` gives the same
    masks; ``observer``'s own mask stays 0.

    Raises:
        ConversionError: as :func:`state_from_hand`.
    """
    if cfg is None:
        cfg = config_for(hand.rules)
    if buf is None:
        buf = np.empty(8192, np.int64)
    shared = (history if history is not None else HistoryCodes()).get(cfg, hand)
    state_from_hand(hand, cfg, shared, buf)  # checks the replay (and caches its codes)
    codes = shared.codes
    assert codes is not None
    S = _initial_state(cfg, hand, shared)
    out = np.zeros(3, np.int64)
    replay_exclusions(S, cfg.knobs, cfg.table, _NO_EVENTS, codes, buf, observer, weights, rank, float(margin), out)
    return [int(m) for m in out[: hand.players]]


def _replay_slow(cfg: FastConfig, S: np.ndarray, history: tuple[Action, ...], buf: np.ndarray) -> np.ndarray:
    """Replay by matching each action among the decoded legal ones (any action kind); the
    codes applied."""
    from .hand import FastHand

    probe = object.__new__(FastHand)
    probe._cfg = cfg
    probe._s = S
    applied = []
    for j, a in enumerate(history):
        if S[L.STAGE] == L.OVER:
            raise ConversionError(f"the replay ended the hand before action {j + 1} ({a})")
        codes = legal_codes(cfg, S, buf)
        code = action_code(cfg, a)
        if code < 0:
            decoded = probe._decode(codes)
            if a not in decoded:
                raise ConversionError(f"the replay departs from the hand at action {j + 1} ({a})")
            code = int(codes[decoded.index(a)])
        elif code not in codes:
            raise ConversionError(f"the replay departs from the hand at action {j + 1} ({a})")
        k.apply(S, cfg.knobs, cfg.table, _NO_EVENTS, code)
        applied.append(code)
    return np.array(applied, np.int64)


def _check_same(S: np.ndarray, hand: Hand) -> None:
    n = hand.players
    p = hand.current_player
    same = (
        int(S[L.STAGE]) == hand._stage
        and int(k.current_player(S)) == (-1 if p is None else p)
        and int(S[L.LAYOUT]) == hand._layout
        and int(S[L.SP]) == hand._stock_pos
        and all(
            int(S[L.HANDS + s]) == hand._hands[s]
            and int(S[L.CAPS + s]) == hand._caps[s]
            and int(S[L.GOES + s]) == hand._goes[s]
            and int(S[L.CHIPS + s]) == hand._chips[s]
            and int(S[L.SHOTS + s]) == hand._shots[s]
            for s in range(n)
        )
    )
    if not same:
        raise ConversionError("the replayed hand differs from the hand (refused)")


@_jit
def replay(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, codes: np.ndarray, buf: np.ndarray) -> int:
    """Apply ``codes`` in order, each only if legal; the number applied."""
    for j in range(codes.shape[0]):
        if S[STAGE] == OVER:
            return j
        if not listed(buf, legal(S, K, T, buf), codes[j]):
            return j
        apply(S, K, T, E, codes[j])
    return codes.shape[0]


def from_hand(hand: Hand) -> FastHand:
    """A :class:`~gostop.fast.FastHand` in the state of ``hand`` (no event log; ``history`` is
    the hand's). Raises :class:`ConversionError` (see the module docstring)."""
    from .hand import FastHand

    cfg = config_for(hand.rules)
    S = state_from_hand(hand, cfg)
    fh = object.__new__(FastHand)
    fh.rules = hand.rules
    fh.players = hand.players
    fh._cfg = cfg
    fh._s = S
    fh._e = np.zeros(1, np.int64)
    fh._history = list(hand.history)
    fh._legal = None
    return fh
