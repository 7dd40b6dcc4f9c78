"""Bots compiled into the fast engine: ``random`` and ``greedy``, choice for choice the same as
:class:`gostop.agents.RandomAgent` and :class:`gostop.agents.GreedyAgent`.

A policy sees the legal action codes and the state, but reads only what its seat may know (its
own hand, the layout, public counts): the same facts the Python agents read from their
observation. ``random`` draws ``rng.randrange(len(legal))`` from an MT19937 state seeded like
the agent's ``random.Random(seed)``; ``greedy`` ranks actions with the same card weights and the
same ties (by action text, through precomputed code ranks).
"""

# ruff: noqa: SIM109
# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import numpy as np

from gostop.cards import Kind
from gostop.scoring import ScoreTable

from .kernels import _jit, _jit_inline, cached_stop_points, lowidx, popcount, surrender_options
from .layout import (
    A_ACCEPT,
    A_BOMB,
    A_CHONGTONG,
    A_CONTINUE,
    A_GO,
    A_GRENADE,
    A_NO_YELL,
    A_OFFER,
    A_PICK,
    A_PLAY,
    A_REFUSE,
    A_REVEAL,
    A_SHAKE,
    A_SHOW_QUAD,
    A_SKIP,
    A_STOP,
    A_SURRENDER,
    A_YELL,
    ACT,
    EXPOSED,
    GOES,
    HANDS,
    K_SHODANG_REST,
    LAST_GO_SP,
    LAYOUT,
    MOVER,
    PLAYERS,
    QHEAD,
    QUEUE,
    TARGET,
)
from .mt import randbelow

__all__ = ["POLICIES", "RANDOM", "GREEDY", "greedy_tables", "choose"]

RANDOM, GREEDY = 0, 1
#: Policy names by code.
POLICIES = ("random", "greedy")

_KIND_WEIGHT = {Kind.BRIGHT: 5.0, Kind.ANIMAL: 2.0, Kind.RIBBON: 2.0}


def greedy_tables(score: ScoreTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(card weights, code ranks, card-order positions) of a deck, for the greedy policy:
    ``gostop.agents.greedy.card_weight``, the rank of each code in text order (action texts
    compare as their codes) and each card's place in card order (``Card.sort_key``)."""
    deck = score.deck
    w = np.zeros(64, np.float64)
    for i, card in enumerate(deck):
        if (1 << i) & score.flex_bit:
            w[i] = 2.5
        else:
            kw = _KIND_WEIGHT.get(card.kind)
            w[i] = kw if kw is not None else float(score.junk_value_of(i))
    codes = [c.code for c in deck]
    rank = np.zeros(64, np.int64)
    for r, i in enumerate(sorted(range(len(deck)), key=lambda i: codes[i])):
        rank[i] = r
    pos = np.zeros(64, np.int64)
    for r, i in enumerate(sorted(range(len(deck)), key=lambda i: deck[i].sort_key)):
        pos[i] = r
    return w, rank, pos


@_jit
def _mask_weight(w: np.ndarray, mask: int) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += w[lowidx(low)]
        mask ^= low
    return total


@_jit_inline
def _text_less(rank: np.ndarray, pos: np.ndarray, a: int, b: int) -> bool:
    """Whether ``surrender`` of mask a is written before that of mask b (text order)."""
    na = popcount(a)
    nb = popcount(b)
    ca = np.empty(na, np.int64)
    cb = np.empty(nb, np.int64)
    k = 0
    x = a
    while x:
        low = x & -x
        ca[k] = lowidx(low)
        x ^= low
        k += 1
    k = 0
    x = b
    while x:
        low = x & -x
        cb[k] = lowidx(low)
        x ^= low
        k += 1
    # card order (sort_key), as the action text writes them
    oa = np.argsort(pos[ca])
    ob = np.argsort(pos[cb])
    for k in range(min(na, nb)):
        ra = rank[ca[oa[k]]]
        rb = rank[cb[ob[k]]]
        if ra != rb:
            return ra < rb
    return na < nb


@_jit
def _capture_value(S: np.ndarray, w: np.ndarray, i: int, seat: int) -> float:
    own = w[i]
    if i >= 48:
        return own
    layout = S[LAYOUT] & (0xF << (i & ~3))
    n = popcount(layout)
    if n == 0:
        return -0.01 * own
    if n == 2:
        a = layout & -layout
        b = layout ^ a
        wa = w[lowidx(a)]
        wb = w[lowidx(b)]
        return own + (wa if wa >= wb else wb)
    return own + _mask_weight(w, layout)


# -- shodang by expected value: gostop.agents.shodang with greedy's outlooks, same float order --
_RATE = 0.55
_OFFERER_FACTOR = 0.5
_OFFER_THRESHOLD = 2.0


@_jit
def _reach(gap: float, turns: int) -> float:
    """``gostop.agents.evaluation.reach_probability`` at rate 0.55."""
    if gap <= 0:
        return 1.0
    if turns <= 0:
        return 0.0
    mu = np.rint(_RATE * turns * 100) / 100.0  # Python round(): half to even
    k = int(np.ceil(gap))
    if k <= 0:
        return 1.0
    term = np.exp(-mu)
    cdf = term
    for i in range(1, k):
        term *= mu / i
        cdf += term
    return max(0.0, 1.0 - cdf)


@_jit
def _outlook(S: np.ndarray, K: np.ndarray, T: np.ndarray, s: int) -> tuple[float, int, float, float]:
    """``greedy._outlook``: (gap, turns, collect, owe) of seat s."""
    sp = cached_stop_points(S, K, T, s)
    need = S[TARGET] - sp
    if S[GOES + s]:
        need = max(need, S[LAST_GO_SP + s] + 1 - sp)
    pay = float(S[TARGET] + 1)
    return float(need), popcount(S[HANDS + s]), pay * (S[PLAYERS] - 1), pay


@_jit
def _shares3(p0: float, p1: float, p2: float) -> tuple[float, float, float]:
    a = p0 * (1.0 - 0.5 * p1)
    a *= 1.0 - 0.5 * p2
    b = p1 * (1.0 - 0.5 * p0)
    b *= 1.0 - 0.5 * p2
    c = p2 * (1.0 - 0.5 * p0)
    c *= 1.0 - 0.5 * p1
    return a, b, c


@_jit_inline
def greedy_refuses(S: np.ndarray, K: np.ndarray, T: np.ndarray, seat: int) -> bool:
    """``refusal_value_of(view) >= 0`` (three players: the offerer and the third seat)."""
    mover = S[MOVER]
    third = (seat + 1) % 3
    if third == mover:
        third = (seat + 2) % 3
    g0, t0, c0, _o0 = _outlook(S, K, T, seat)
    g1, t1, _c1, o1 = _outlook(S, K, T, mover)
    g2, t2, _c2, o2 = _outlook(S, K, T, third)
    sh0, sh1, sh2 = _shares3(_reach(g0, t0), _reach(g1, t1) * _OFFERER_FACTOR, _reach(g2, t2))
    value = sh0 * c0
    if K[K_SHODANG_REST]:
        value -= sh1 * 2.0 * o1
        value -= sh2 * 2.0 * o2
    else:
        soon = min(sh1, _reach(g1, 1) * _OFFERER_FACTOR)
        value -= soon * 2.0 * o1 + (sh1 - soon) * o1
        soon = min(sh2, _reach(g2, 1) * 1.0)
        value -= soon * 2.0 * o2 + (sh2 - soon) * o2
    return not value < 0.0


@_jit_inline
def greedy_offers(S: np.ndarray, K: np.ndarray, T: np.ndarray, seat: int) -> bool:
    """``greedy.wants_offer``: once a hand, when continuing is worth less than -threshold."""
    if S[PLAYERS] != 3 or S[EXPOSED + seat]:
        return False
    a = (seat + 1) % 3
    b = (seat + 2) % 3
    g0, t0, c0, _o0 = _outlook(S, K, T, seat)
    g1, t1, _c1, o1 = _outlook(S, K, T, a)
    g2, t2, _c2, o2 = _outlook(S, K, T, b)
    sh0, sh1, sh2 = _shares3(_reach(g0, t0), _reach(g1, t1), _reach(g2, t2))
    value = sh0 * c0 - (sh1 * o1 + sh2 * o2)
    return value < -_OFFER_THRESHOLD


@_jit
def greedy(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, buf: np.ndarray, n: int, seat: int, w: np.ndarray,
    rank: np.ndarray, pos: np.ndarray, go_cards: int, max_goes: int,
) -> int:
    """``GreedyAgent.choose`` on action codes: the index of the chosen action."""
    for kind in (A_CHONGTONG, A_REVEAL, A_YELL):
        for i in range(n):
            if buf[i] // ACT == kind:
                return i
    for i in range(n):
        if buf[i] // ACT == A_ACCEPT:
            refuse = greedy_refuses(S, K, T, seat)
            for j in range(n):
                if buf[j] // ACT == (A_REFUSE if refuse else A_ACCEPT):
                    return j
    igo = -1
    istop = -1
    for i in range(n):
        kd = buf[i] // ACT
        if kd == A_GO and igo < 0:
            igo = i
        elif kd == A_STOP and istop < 0:
            istop = i
    if igo >= 0 or istop >= 0:
        if igo >= 0 and S[GOES + seat] < max_goes and popcount(S[HANDS + seat]) >= go_cards:
            return igo
        if istop >= 0:
            return istop
        return igo
    if buf[0] // ACT == A_SURRENDER:
        b = QUEUE + 4 * S[QHEAD]
        opts = surrender_options(S, T, S[b + 1], S[b + 2])
        best = 0
        bw = _mask_weight(w, opts[0])
        for i in range(1, n):
            wi = _mask_weight(w, opts[i])
            if wi < bw or (wi == bw and _text_less(rank, pos, opts[i], opts[best])):
                best = i
                bw = wi
        return best
    if buf[0] // ACT == A_PICK:
        best = 0
        bw = w[buf[0] % ACT]
        for i in range(1, n):
            c = buf[i] % ACT
            if w[c] > bw or (w[c] == bw and rank[c] > rank[buf[best] % ACT]):
                best = i
                bw = w[c]
        return best
    best = -1
    bw = 0.0
    for i in range(n):
        kd = buf[i] // ACT
        if kd == A_BOMB or kd == A_GRENADE:
            m = buf[i] % ACT
            wi = _mask_weight(w, 0xF << (4 * (m - 1)))
            if best < 0 or wi > bw:
                best = i
                bw = wi
            elif wi == bw:
                kb = buf[best] // ACT
                # text order: "bomb MM" < "grenade MM"; then the month
                if (kd == A_GRENADE and kb == A_BOMB) or (kd == kb and m > buf[best] % ACT):
                    best = i
    if best >= 0:
        return best
    iskip = -1
    for i in range(n):
        if buf[i] // ACT == A_SKIP:
            iskip = i
            break
    for i in range(n):
        if buf[i] // ACT == A_PLAY:
            c = buf[i] % ACT
            v = _capture_value(S, w, c, seat)
            if best < 0 or v > bw or (v == bw and rank[c] > rank[buf[best] % ACT]):
                best = i
                bw = v
    if best >= 0:
        if bw > 0:
            return best
        for i in range(n):
            if buf[i] // ACT == A_OFFER:
                if greedy_offers(S, K, T, seat):
                    return i
                break
        if iskip >= 0:
            return iskip
        return best
    for kind in (A_SKIP, A_CONTINUE, A_NO_YELL, A_REFUSE, A_STOP):
        for i in range(n):
            if buf[i] // ACT == kind:
                return i
    for i in range(n):
        kd = buf[i] // ACT
        if kd != A_SHAKE and kd != A_SHOW_QUAD and kd != A_OFFER:
            return i
    return 0


@_jit_inline
def choose(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, buf: np.ndarray, n: int, seat: int, policy: int,
    mt: np.ndarray, w: np.ndarray, rank: np.ndarray, pos: np.ndarray, go_cards: int,
    max_goes: int,
) -> int:
    """The index of the action ``policy`` chooses among the n legal codes in buf."""
    if policy == RANDOM:
        return randbelow(mt, n)
    return greedy(S, K, T, buf, n, seat, w, rank, pos, go_cards, max_goes)

