"""The compiled hand engine: numba kernels over fixed-size int64 arrays.

A line-by-line port of :mod:`gostop.engine.hand` (and of ``ScoreTable.stop_points`` and
``settle``) with the same rule IDs in the comments. Every function takes the state ``S``
(:data:`gostop.fast.layout.STATE_SIZE` int64 slots), the knob values ``K``, the per-rules
tables ``T`` and the event log ``E`` (``E[0]`` = number of events, then triples
``type, seat, cards``; an array of length 1 logs nothing). No Python object is touched.
"""

# Explicit `a == X or a == Y` tests and if/else blocks compile to plain integer code in numba.
# ruff: noqa: SIM108, SIM109
# mypy: disable-error-code="no-any-return"

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit, types
from numba.core import sigutils

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
    ANSWER,
    BOAR_POT_IN,
    BOAR_TAKER,
    BOMBS,
    CAPS,
    CHIPS,
    CHONGTONG,
    CT_DECL,
    CT_QUEUE,
    CTQ_HEAD,
    CTQ_LEN,
    DECIDER,
    DECLARED,
    E_ACCEPT,
    E_BAEK,
    E_BOAR,
    E_BOAR_ANTE,
    E_BOMB,
    E_BOSS,
    E_CAPTURE,
    E_CHOK,
    E_CHONGTONG,
    E_DEAL,
    E_DEALT_STACK,
    E_DRAW,
    E_FLIP,
    E_FOUR,
    E_FT_PPUK,
    E_GO,
    E_GRENADE,
    E_HEODANG,
    E_JA_PPUK,
    E_KEEP_QUAD,
    E_LAYOUT,
    E_LAYOUT_JOKER,
    E_NAGARI,
    E_NO_JUNK,
    E_NO_YELL,
    E_OFFER,
    E_PAYMENT,
    E_PICK,
    E_PLAY,
    E_PPUK,
    E_REFUSE,
    E_REVEAL,
    E_SETTLEMENT,
    E_SHAKE,
    E_SHOT,
    E_SHOW_QUAD,
    E_SKIP,
    E_SSEUL,
    E_STACK_CAPTURE,
    E_STOP,
    E_SUBSTITUTE,
    E_SURRENDER,
    E_THREE_PPUK,
    E_TTADAK,
    E_TURN,
    E_VOID,
    E_WEOL_YAK,
    E_WIN,
    E_YELL,
    EV_WIDTH,
    EXPOSED,
    FINAL,
    GO_STAMP,
    GOES,
    GOSTOP,
    H0,
    H1,
    H2,
    H3,
    HANDS,
    HBOMB,
    HCARD,
    HCASE,
    HEODANG,
    HFROM_HAND,
    HMONTH,
    HOTHER,
    HPAIR,
    HSKIP,
    K_ABOVE_LAST_GO,
    K_BAEK,
    K_BOAR,
    K_BOAR_ANTE,
    K_BOAR_FT_PAY,
    K_BOMB_AFTER_H,
    K_BOMB_ALLOWED,
    K_BOMB_MULT,
    K_BOMB_STEALS,
    K_CANCEL_GO_BAK,
    K_CT_OPTIONAL,
    K_CT_PAY,
    K_CT_TIE,
    K_DOK_BAK,
    K_DRAW_THREE,
    K_FINAL_AUTO_STOP,
    K_FIRST_FOUR,
    K_FIXED_CARRY,
    K_FLEX_JUNK_VALUE,
    K_FOUR_BIRDS,
    K_FOUR_ON_TABLE,
    K_FOUR_RAIN,
    K_FT_PPUK_PAY,
    K_GO3_DROP,
    K_GO_BAK2,
    K_GO_SCHEME,
    K_GODORI_PTS,
    K_GRENADE,
    K_GWANG,
    K_GWANG_ALL,
    K_H_MULT,
    K_H_MUST,
    K_H_ND_MULT,
    K_HEODANG,
    K_HEODANG_PAY,
    K_JA_ANY,
    K_JA_JUNK,
    K_JA_SHOT,
    K_JOKER_SHOT,
    K_JOKER_STAYS,
    K_LAST_STACKS,
    K_LAST_TURN_EXC,
    K_MEONG,
    K_MISSIONS,
    K_NAGARI_CAP,
    K_NAGARI_MULT,
    K_NAGARI_SHOTS,
    K_NO_CAP_NO_PAY,
    K_NO_JUNK_SHOT,
    K_OE,
    K_OE_EXC,
    K_PALSSARI,
    K_PI_BAK,
    K_PI_MIN,
    K_PI_MIN2,
    K_PI_ZERO_EXEMPT,
    K_REVEAL_MODE,
    K_SAKE_MAX_POINTS,
    K_SCORE_CAP,
    K_SHODANG,
    K_SHODANG_ELIG,
    K_SHODANG_REST,
    K_SHOTS_PER,
    K_SHOTS_UNIT,
    K_SKIP_ANY_LATER,
    K_THREE_PPUK,
    K_TTI,
    K_VIP,
    K_WEOL_FIRST,
    K_WEOL_MONTH,
    K_YELL,
    LAST_GO_SP,
    LAST_TURN,
    LAYOUT,
    LEFT,
    LIABLE,
    MAIN,
    MAX_EVENTS,
    MAX_QUEUE,
    MAX_REFUSALS,
    MAX_TEV,
    MIN_CARDS,
    MISSION_MASK,
    MISSION_MULT,
    MOVER,
    MUST_PLAY,
    NACTIONS,
    NAGARI,
    NAGARI_BEFORE,
    NCT_DECL,
    NEXT_TURN,
    NREF,
    NSTOCK,
    NTEV,
    OE_LAST,
    OE_LEFT,
    OE_ON,
    OE_PASSED,
    OE_TURN,
    OFFERED,
    OVER,
    OVERFLOW,
    PAIR_JOKERS,
    PAYMENTS,
    PENDING,
    PICK_CARD,
    PICK_H,
    PICK_OPTS,
    PICK_S,
    PLAYERS,
    POINTS,
    POT_AFTER,
    POT_CHIPS,
    PPUK,
    PPUK_NOW,
    PREV_SP,
    PREV_TURN,
    QHEAD,
    QLEN,
    QUADS,
    QUEUE,
    R_CHONGTONG,
    R_CT_TIE,
    R_EXHAUSTION,
    R_FOUR,
    R_HEODANG,
    R_SHODANG,
    R_STOP,
    R_THREE_PPUK,
    REASON,
    REFUSALS,
    REVEALED_NOW,
    S_FIRST,
    SETTLED,
    SHODANG_ON,
    SHOTS,
    SKIP,
    SKIP_WIN,
    SP,
    SP_MASK,
    SP_VAL,
    STACK_JOKERS,
    STACK_MADE,
    STACK_ON,
    STACK_OWNER,
    STAGE,
    START_HAND,
    START_LAYOUT,
    STOCK,
    STOCK_LEFT,
    STOP_POINTS,
    SURRENDER,
    T_ANIMALS,
    T_BIRDS,
    T_BOAR_BIT,
    T_BOAR_POT,
    T_BOSS,
    T_BRIGHTS,
    T_FIRST_TURN_ANY,
    T_FIXED_ANIMALS,
    T_FLEX_BIT,
    T_GODORI,
    T_HEODANG_ON,
    T_J1,
    T_J2,
    T_J3,
    T_JKP,
    T_JKX,
    T_JOKERS,
    T_JUNK,
    T_JUNK_VALUE,
    T_PALSSARI_MASK,
    T_RAIN,
    T_RAIN_BIRD,
    T_RIBBONS,
    T_RIBSET0,
    T_SURR,
    T_SURR_LOWEST,
    T_VIP_MASK,
    T_YELL_ON,
    TARGET,
    TDIRTY,
    TEV,
    TURN_CAP,
    TURN_NO,
    TURNS,
    VOID,
    WEOL_FIRST,
    WEOL_MONTH,
    WINNER,
    YELL,
)

M48 = (1 << 48) - 1
NIB1 = 0x111111111111
NIB3 = 0x333333333333
NIB5 = 0x555555555555
NOV_DEC = (1 << 40) | (1 << 44)
Q_YELL = 0
Q_DEBT = 1

_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(fn: _F, *, cache: bool = True) -> _F:
    """Compile with numba, cached on disk (``__pycache__``; ``cache=False``: not), without the
    GIL; once per type signature, not once per constant.

    numba compiles a kernel called from another with a constant argument (``ev(E, EV_GO, -1,
    0)``, ``finish(..., R_STOP, False, False)``) once for each constant value (its ``Literal``
    types): 48 copies of ``ev``, 10 of ``finish``, about 85 of the 195 compiled on a fresh
    cache. Here a kernel is compiled for the plain types only (``int64``, ``bool``) and every
    call converts to them: the same code, compiled once."""
    dispatcher: Any = njit(cache=cache, nogil=True)(fn)
    compile_typed = dispatcher.compile
    normalize: Any = sigutils.normalize_signature
    unliteral: Any = types.unliteral

    def compile_plain(sig: Any) -> Any:
        args, ret = normalize(sig)
        plain = tuple(unliteral(a) for a in args)
        return compile_typed(plain if ret is None else ret(*plain))

    dispatcher.compile = compile_plain  # (numba's typing of a call asks the callee's compile)
    return cast(_F, dispatcher)


def _jit_inline(fn: _F) -> _F:
    """:func:`_jit` for a kernel that one other kernel calls: numba copies its code into that
    caller (``inline="always"``, at numba's IR level) instead of compiling it on its own. Each
    kernel compiled on its own is typed, lowered and optimised by itself, and again as a part of
    every caller's module (its code is linked into each); a kernel with one caller only costs
    that twice. Called from Python (a test), it is compiled on its own as any other."""
    dispatcher: Any = njit(cache=True, nogil=True, inline="always")(fn)
    return cast(_F, dispatcher)

# -- bit helpers ------------------------------------------------------------------------------


@_jit
def popcount(x: int) -> int:
    """The number of set bits of a mask x >= 0 (card masks are 63-bit).

    The byte counts are summed by shifts, not by the usual ``x * 0x0101010101010101 >> 56``:
    that product overflows int64 for any x >= 256, and numba multiplies signed integers with
    LLVM's ``nsw`` flag, so the overflow is undefined behaviour (LLVM may assume it does not
    happen; at ``NUMBA_OPT=1`` it made ``bright_points`` of a single bright 15)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


@_jit
def hibit(x: int) -> int:
    """``x.bit_length() - 1`` for x > 0."""
    n = 0
    if x >> 32:
        x >>= 32
        n += 32
    if x >> 16:
        x >>= 16
        n += 16
    if x >> 8:
        x >>= 8
        n += 8
    if x >> 4:
        x >>= 4
        n += 4
    if x >> 2:
        x >>= 2
        n += 2
    if x >> 1:
        n += 1
    return n


@_jit
def lowidx(x: int) -> int:
    return popcount((x & -x) - 1)


@_jit
def nibble_counts(mask: int) -> int:
    x = mask & M48
    x = x - ((x >> 1) & NIB5)
    return (x & NIB3) + ((x >> 2) & NIB3)


@_jit
def expand_months(mask: int) -> int:
    x = mask & M48
    x = (x | (x >> 1) | (x >> 2) | (x >> 3)) & NIB1
    return x * 15


# -- events and payments ----------------------------------------------------------------------


@_jit
def ev(E: np.ndarray, etype: int, seat: int, cards: int) -> None:
    if E.shape[0] > 1:
        n = E[0]
        if n < MAX_EVENTS:
            b = 1 + EV_WIDTH * n
            E[b] = etype
            E[b + 1] = seat
            E[b + 2] = cards
            E[0] = n + 1


@_jit
def nopp(S: np.ndarray) -> int:
    return S[PLAYERS] - 1


@_jit
def opp(S: np.ndarray, s: int, k: int) -> int:
    """The k-th other seat of s in GEN-6 order."""
    if S[PLAYERS] == 2:
        return 1 - s
    return (s + 1 + k) % 3


@_jit
def pay(S: np.ndarray, K: np.ndarray, E: np.ndarray, payer: int, payee: int, amount: int) -> None:
    """PAY-12 fixed payment."""
    if K[K_SHOTS_UNIT]:
        S[SHOTS + payer] += amount
    else:
        S[CHIPS + payer] -= amount
        S[CHIPS + payee] += amount
    ev(E, E_PAYMENT, payer, 0)


@_jit
def shot(S: np.ndarray, E: np.ndarray, taker: int, n: int) -> None:
    S[SHOTS + taker] += n
    ev(E, E_SHOT, taker, 0)


# -- scoring (ScoreTable) ---------------------------------------------------------------------


@_jit
def bright_points(K: np.ndarray, T: np.ndarray, mask: int) -> int:
    nb = popcount(mask & T[T_BRIGHTS])
    if nb == 3:
        return 2 if mask & T[T_RAIN] else 3
    if nb == 4:
        return K[K_FOUR_RAIN] if mask & T[T_RAIN] else 4
    if nb >= 5:
        return 15
    return 0


@_jit_inline
def bird_points(K: np.ndarray, T: np.ndarray, mask: int) -> int:
    birds = mask & T[T_BIRDS]
    if K[K_FOUR_BIRDS] and birds & T[T_RAIN_BIRD]:
        n = popcount(birds)
        if n == 4:
            return 6
        if n == 3:
            return 4
        return 0
    if birds & T[T_GODORI] == T[T_GODORI]:
        return K[K_GODORI_PTS]
    return 0


@_jit
def ribbon_points(T: np.ndarray, mask: int) -> int:
    r = popcount(mask & T[T_RIBBONS])
    pts = r - 4 if r >= 5 else 0
    for k in range(3):
        s = T[T_RIBSET0 + k]
        if mask & s == s:
            pts += 3
    return pts


@_jit
def fixed_points(K: np.ndarray, T: np.ndarray, mask: int) -> int:
    return bright_points(K, T, mask) + bird_points(K, T, mask) + ribbon_points(T, mask)


@_jit
def junk_count(T: np.ndarray, mask: int) -> int:
    return popcount(mask & T[T_J1]) + 2 * popcount(mask & T[T_J2]) + 3 * popcount(mask & T[T_J3])


@_jit
def raw_stop_points(K: np.ndarray, T: np.ndarray, mask: int, as_junk: bool) -> int:
    a = popcount(mask & T[T_FIXED_ANIMALS])
    j = junk_count(T, mask)
    if mask & T[T_FLEX_BIT]:
        if as_junk:
            j += K[K_FLEX_JUNK_VALUE]
        else:
            a += 1
    pts = fixed_points(K, T, mask)
    if a >= 5:
        pts += a - 4
    if j >= 10:
        pts += j - 9
    return pts


@_jit
def capped(K: np.ndarray, pts: int) -> int:
    cap = K[K_SCORE_CAP]
    if cap >= 0 and pts > cap:
        return cap
    return pts


@_jit_inline
def stop_flex_as_junk(K: np.ndarray, T: np.ndarray, mask: int) -> bool:
    if not mask & T[T_FLEX_BIT]:
        return False
    as_junk = capped(K, raw_stop_points(K, T, mask, True))
    as_animal = capped(K, raw_stop_points(K, T, mask, False))
    return as_junk > as_animal


@_jit
def stop_points(K: np.ndarray, T: np.ndarray, mask: int) -> int:
    """SCORE-10 (ScoreTable.stop_points)."""
    a = popcount(mask & T[T_FIXED_ANIMALS])
    j = junk_count(T, mask)
    pts = fixed_points(K, T, mask)
    if mask & T[T_FLEX_BIT]:
        as_animal = (a - 3 if a >= 4 else 0) + (j - 9 if j >= 10 else 0)
        jj = j + K[K_FLEX_JUNK_VALUE]
        as_junk = (a - 4 if a >= 5 else 0) + (jj - 9 if jj >= 10 else 0)
        pts += as_animal if as_animal >= as_junk else as_junk
    else:
        if a >= 5:
            pts += a - 4
        if j >= 10:
            pts += j - 9
    return capped(K, pts)


@_jit_inline
def bonus_points(K: np.ndarray, T: np.ndarray, mask: int) -> int:
    pts = 0
    if K[K_VIP] and mask & T[T_VIP_MASK] == T[T_VIP_MASK]:
        pts += K[K_VIP]
    if K[K_PALSSARI] and mask & T[T_PALSSARI_MASK] == T[T_PALSSARI_MASK]:
        pts += K[K_PALSSARI]
    return pts


@_jit_inline
def only_junk_scores(K: np.ndarray, T: np.ndarray, mask: int) -> bool:
    as_junk = stop_flex_as_junk(K, T, mask)
    j = junk_count(T, mask)
    a = popcount(mask & T[T_ANIMALS])
    if as_junk and mask & T[T_FLEX_BIT]:
        j += K[K_FLEX_JUNK_VALUE]
        a -= 1
    if j < 10:
        return False
    return a < 5 and fixed_points(K, T, mask) == 0


# -- settlement (gostop.settlement.settle) ------------------------------------------------------


@_jit
def go_chips(K: np.ndarray, goes: int) -> int:
    scheme = K[K_GO_SCHEME]
    if goes <= 0 or scheme == 3:
        return 0
    if scheme == 0:
        if goes >= 3 and K[K_GO3_DROP]:
            return 0
        return 1 if goes == 1 else 2
    if scheme == 1:
        return 1 if goes == 1 else 0
    return goes


@_jit
def go_multiplier(K: np.ndarray, goes: int) -> int:
    scheme = K[K_GO_SCHEME]
    if scheme == 0 or scheme == 4:  # standard, matgo (PAY-15)
        return 1 << (goes - 2) if goes >= 3 else 1
    if scheme == 1:
        return goes if goes >= 2 else 1
    if scheme == 2:
        return 2 if goes >= 4 else 1
    return 1


@_jit
def nagari_factor(K: np.ndarray, nagari_before: int) -> int:
    """MATCH-5 with the MATCH-8 cap (gostop.settlement.nagari_factor)."""
    if nagari_before == 0 or K[K_NAGARI_MULT] == 2:
        return 1
    if K[K_NAGARI_MULT] == 1:
        return 2
    carry = 1 << nagari_before
    if K[K_NAGARI_CAP] >= 0 and carry > K[K_NAGARI_CAP]:
        carry = K[K_NAGARI_CAP]
    return carry


@_jit
def fixed_win_factor(S: np.ndarray, K: np.ndarray) -> int:
    """PAY-16: the nagari carry on an instant win (1 unless fixed_wins_carry; never for shots)."""
    if not K[K_FIXED_CARRY] or K[K_SHOTS_UNIT]:
        return 1
    return nagari_factor(K, S[NAGARI_BEFORE])


@_jit_inline
def ipow(b: int, e: int) -> int:
    r = 1
    for _ in range(e):
        r *= b
    return r


@_jit_inline
def settle(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, wmask: int, m0: int, m1: int,
    goes: int, shakes: int, shakes_nd: int, bombs: int, nagari_before: int,
    goer: int, refuser: int, oe: int, weol: int, mission_mult: int, out: np.ndarray,
) -> None:
    """PAY-1 .. PAY-10: out = [points, stop_points, pay0, pay1, liable]."""
    players = S[PLAYERS]
    n = players - 1
    masks = np.empty(2, np.int64)
    masks[0] = m0
    masks[1] = m1
    has_flex = (wmask & T[T_FLEX_BIT]) != 0
    nclass = 2 if has_flex else 1
    bonus = bonus_points(K, T, wmask)
    r_points = np.zeros(2, np.int64)
    r_total = np.zeros(2, np.int64)
    r_pay = np.zeros((2, 2), np.int64)
    liable = -1
    if K[K_SHOTS_UNIT]:
        per = K[K_SHOTS_PER]
        for c in range(nclass):
            points = capped(K, raw_stop_points(K, T, wmask, c == 1) + bonus)
            each = points // per
            r_points[c] = points
            for i in range(n):
                r_pay[c, i] = each
            r_total[c] = each * n
    else:
        g = go_chips(K, goes)
        m_common = go_multiplier(K, goes)
        if shakes:
            m_common *= ipow(K[K_H_MULT], shakes - shakes_nd) * ipow(K[K_H_ND_MULT], shakes_nd)
        if bombs and K[K_BOMB_MULT] != 1:
            m_common *= ipow(K[K_BOMB_MULT], bombs)
        m_common *= nagari_factor(K, nagari_before)
        jkx = popcount(wmask & T[T_JKX])
        if jkx:
            m_common *= 1 << jkx
        if weol:
            m_common *= ipow(4, weol)
        m_common *= mission_mult
        meong = K[K_MEONG]
        dda = meong == 0 or meong == 2
        meong_bak = meong == 1 or meong == 2
        gwang = K[K_GWANG]
        gwang_live = gwang != 2 and bright_points(K, T, wmask) > 0
        if gwang_live and K[K_GWANG_ALL]:
            for i in range(n):
                if masks[i] & T[T_BRIGHTS]:
                    gwang_live = False
        threshold = K[K_PI_MIN]
        if players == 2 and K[K_PI_MIN2] >= 0:
            threshold = K[K_PI_MIN2]
        tti_live = K[K_TTI] and ribbon_points(T, wmask) > 0
        go_bak_2p = players == 2 and K[K_GO_BAK2] and goer >= 0
        shield = T[T_BRIGHTS] | T[T_JKP]
        fixed = np.ones(2, np.int64)
        plus = np.zeros(2, np.int64)
        o_n = np.ones(2, np.int64)
        o_an = np.zeros((2, 2), np.int64)
        o_jk = np.zeros((2, 2), np.int64)
        for i in range(n):
            om = masks[i]
            if gwang_live and not om & shield:
                if gwang == 0:
                    fixed[i] = 2
                else:
                    plus[i] = 2
            if tti_live and not om & T[T_RIBBONS]:
                fixed[i] *= 2
            if go_bak_2p and goer == i:
                fixed[i] *= 2
            an = popcount(om & T[T_FIXED_ANIMALS])
            jk = junk_count(T, om)
            if om & T[T_FLEX_BIT]:
                o_n[i] = 2
                o_an[i, 0] = an + 1
                o_jk[i, 0] = jk
                o_an[i, 1] = an
                o_jk[i, 1] = jk + K[K_FLEX_JUNK_VALUE]
            else:
                o_an[i, 0] = an
                o_jk[i, 0] = jk
        exempt = np.zeros(2, np.int64)
        if K[K_NO_CAP_NO_PAY]:
            for i in range(n):
                if masks[i] == 0:
                    exempt[i] = 1
        # PAY-9 / LIAB-2
        if players == 3 and K[K_DOK_BAK]:
            cand = -1
            if goer >= 0:
                cand = goer
            elif refuser >= 0 and K[K_SHODANG]:
                cand = refuser
            elif oe >= 0 and K[K_OE]:
                if K[K_OE_EXC] and goes == 0 and only_junk_scores(K, T, wmask):
                    cand = -1
                else:
                    cand = oe
            if cand >= 0 and not exempt[cand]:
                liable = cand
        w_an = popcount(wmask & T[T_FIXED_ANIMALS])
        w_jk = junk_count(T, wmask)
        for c in range(nclass):
            as_junk = c == 1
            points = capped(K, raw_stop_points(K, T, wmask, as_junk) + bonus)
            base = points + g
            if as_junk:
                animals = w_an
                junk = w_jk + K[K_FLEX_JUNK_VALUE]
            elif has_flex:
                animals = w_an + 1
                junk = w_jk
            else:
                animals = w_an
                junk = w_jk
            m = m_common * 2 if dda and animals >= 7 else m_common
            pi_live = K[K_PI_BAK] and junk >= 10
            mb_live = meong_bak and animals >= 7
            bm = base * m
            for i in range(n):
                best = 0
                for k in range(o_n[i]):
                    mi = fixed[i]
                    if pi_live and o_jk[i, k] < threshold and (o_jk[i, k] or not K[K_PI_ZERO_EXEMPT]):
                        mi *= 2  # pi-bak (PAY-14: no junk at all exempts)
                    if mb_live and o_an[i, k] == 0:
                        mi *= 2
                    amount = bm * mi + plus[i]
                    if k == 0 or amount < best:
                        best = amount
                r_pay[c, i] = 0 if exempt[i] else best
            if liable >= 0:
                other = 1 - liable
                r_pay[c, liable] += r_pay[c, other]
                r_pay[c, other] = 0
            r_points[c] = points
            tot = 0
            for i in range(n):
                tot += r_pay[c, i]
            r_total[c] = tot
    chosen = 0
    if has_flex:
        if K[K_SAKE_MAX_POINTS]:
            if r_points[1] > r_points[0] or (r_points[1] == r_points[0] and r_total[1] > r_total[0]):
                chosen = 1
        else:
            if r_total[1] > r_total[0] or (r_total[1] == r_total[0] and r_points[1] > r_points[0]):
                chosen = 1
    out[0] = r_points[chosen]
    out[1] = stop_points(K, T, wmask)
    out[2] = r_pay[chosen, 0]
    out[3] = r_pay[chosen, 1]
    out[4] = liable


# -- the end of a hand --------------------------------------------------------------------------


@_jit
def ante(S: np.ndarray, K: np.ndarray, E: np.ndarray) -> None:
    if K[K_BOAR] == 1:
        ev(E, E_BOAR_ANTE, -1, 0)


@_jit_inline
def pot_total(S: np.ndarray, K: np.ndarray) -> int:
    return S[BOAR_POT_IN] + K[K_BOAR_ANTE] * S[PLAYERS]


@_jit
def finish(
    S: np.ndarray, K: np.ndarray, E: np.ndarray, winner: int, reason: int, nagari: bool, void: bool
) -> None:
    n = S[PLAYERS]
    if nagari and K[K_NAGARI_SHOTS]:  # GOO-5
        for s in range(n):
            shot(S, E, s, K[K_NAGARI_SHOTS])
    if winner >= 0:
        ev(E, E_WIN, winner, 0)
    elif void:
        ev(E, E_VOID, -1, 0)
    else:
        ev(E, E_NAGARI, -1, 0)
    if K[K_BOAR] == 1 and not void and S[TURN_NO] == 0:
        ante(S, K, E)
    if K[K_BOAR] == 1 and not void:
        total = pot_total(S, K)
        for s in range(n):
            S[POT_CHIPS + s] -= K[K_BOAR_ANTE]
        if S[BOAR_TAKER] >= 0:
            S[POT_CHIPS + S[BOAR_TAKER]] += total
        else:
            S[POT_AFTER] = total
    elif K[K_BOAR] == 1:
        S[POT_AFTER] = S[BOAR_POT_IN]
    S[WINNER] = winner
    S[NAGARI] = 1 if nagari else 0
    S[VOID] = 1 if void else 0
    S[REASON] = reason
    S[STAGE] = OVER


# -- the deal checks ---------------------------------------------------------------------------


@_jit_inline
def setup(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    """DEAL-5 .. DEAL-9 after the hands, layout and stock are in S."""
    n = S[PLAYERS]
    for s in range(n):
        ev(E, E_DEAL, s, S[HANDS + s])
    ev(E, E_LAYOUT, -1, S[LAYOUT])
    # DEAL-5
    jm = S[LAYOUT] & T[T_JOKERS]
    while jm:
        low = jm & -jm
        jm ^= low
        S[LAYOUT] ^= low
        S[CAPS] |= low
        c = S[STOCK + S[SP]]
        S[SP] += 1
        S[LAYOUT] |= 1 << c
        if c >= 48:
            jm |= 1 << c
        ev(E, E_LAYOUT_JOKER, 0, low)
    # DEAL-6
    counts = nibble_counts(S[LAYOUT])
    four = (counts >> 2) & NIB1
    forced = False
    if four:
        ev(E, E_FOUR, -1, expand_months(four) & S[LAYOUT])
        mode = K[K_FOUR_ON_TABLE]
        if mode == 0:
            finish(S, K, E, -1, R_FOUR, False, True)
            return
        if mode == 2:
            finish(S, K, E, -1, R_FOUR, True, False)
            return
        forced = True
    # DEAL-9
    three = counts & (counts >> 1) & NIB1 & ~(counts >> 2)
    while three:
        low = three & -three
        three ^= low
        p = lowidx(low)
        m = p >> 2
        S[STACK_ON + m] = 1
        S[STACK_OWNER + m] = -1
        S[STACK_MADE + m] = 0
        S[STACK_JOKERS + m] = 0
        ev(E, E_DEALT_STACK, -1, S[LAYOUT] & (0xF << p))
    # DEAL-7 / DEAL-8
    if K[K_CT_OPTIONAL]:
        S[NCT_DECL] = 0
        if forced:
            S[CT_DECL] = 0
            S[NCT_DECL] = 1
            ev(E, E_CHONGTONG, 0, expand_months(four) & S[LAYOUT])
        q = 0
        for s in range(n):
            if (nibble_counts(S[HANDS + s]) >> 2) & NIB1 and not (s == 0 and forced):
                S[CT_QUEUE + q] = s
                q += 1
        if q:
            S[CTQ_HEAD] = 0
            S[CTQ_LEN] = q
            S[STAGE] = CHONGTONG
            S[DECIDER] = S[CT_QUEUE]
            return
    else:
        d = 0
        for s in range(n):
            h = S[HANDS + s]
            q4 = (nibble_counts(h) >> 2) & NIB1
            if q4 or (s == 0 and forced):
                quad = expand_months(q4) & h
                if s == 0 and forced and not quad:
                    quad = expand_months(four) & S[LAYOUT]
                ev(E, E_CHONGTONG, s, quad)
                S[CT_DECL + d] = s
                d += 1
        S[NCT_DECL] = d
    resolve_chongtong(S, K, T, E)


@_jit_inline
def quad_month(S: np.ndarray, s: int) -> int:
    q = (nibble_counts(S[HANDS + s]) >> 2) & NIB1
    if s == 0:
        q |= (nibble_counts(S[LAYOUT]) >> 2) & NIB1
    return (hibit(q) >> 2) + 1 if q else 0


@_jit
def resolve_chongtong(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    d = S[NCT_DECL]
    if d == 0:
        ante(S, K, E)
        S[MOVER] = 0
        S[NEXT_TURN] = 1  # start_turn, run by drive() (no recursion in compiled code)
        return
    # sorted declared seats
    seats = np.empty(d, np.int64)
    for k in range(d):
        seats[k] = S[CT_DECL + k]
    seats.sort()
    if d == 1:
        winner = seats[0]
    else:
        tie = K[K_CT_TIE]
        if d == S[PLAYERS] or tie == 0 or tie == 1:
            if tie == 0:
                finish(S, K, E, -1, R_CT_TIE, False, True)
            else:
                finish(S, K, E, -1, R_CT_TIE, True, False)
            return
        if tie == 2:
            winner = seats[0]
        else:
            winner = seats[0]
            best = quad_month(S, winner)
            for k in range(1, d):
                qm = quad_month(S, seats[k])
                if qm > best:
                    best = qm
                    winner = seats[k]
    amount = (S[TARGET] if K[K_CT_PAY] < 0 else K[K_CT_PAY]) * fixed_win_factor(S, K)
    for k in range(nopp(S)):
        pay(S, K, E, opp(S, winner, k), winner, amount)
    finish(S, K, E, winner, R_CHONGTONG, False, False)


# -- turns (TURN-2) -----------------------------------------------------------------------------


@_jit_inline
def start_turn(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    s = S[MOVER]
    tn = S[TURN_NO] + 1
    S[TURN_NO] = tn
    S[TURNS + s] += 1
    if S[OE_ON]:
        S[PREV_TURN] = S[LAST_TURN + s]
        S[LAST_TURN + s] = tn
    S[START_LAYOUT] = S[LAYOUT]
    h = S[HANDS + s]
    S[START_HAND] = h
    S[S_FIRST] = 1
    S[NTEV] = 0
    if S[TDIRTY]:
        S[TDIRTY] = 0
        S[OFFERED] = 0
        S[MUST_PLAY] = 0
        S[PPUK_NOW] = 0
        S[REVEALED_NOW] = 0
    ev(E, E_TURN, s, 0)
    if h:
        S[STAGE] = MAIN
    else:
        skip_turn(S, K, T, E, True)


@_jit
def skip_turn(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, forced: bool) -> None:
    s = S[MOVER]
    S[SKIP + s] -= 1
    S[LEFT] -= 1
    S[HCASE] = HSKIP
    S[HFROM_HAND] = 0
    ev(E, E_SKIP, s, 0)
    S[STOCK_LEFT] = 1
    S[FINAL] = 1 if S[LEFT] == 0 else 0
    continue_stock(S, K, T, E)


@_jit
def joker_shot(S: np.ndarray, K: np.ndarray, E: np.ndarray, from_hand: bool) -> None:
    """GOO-10."""
    mode = K[K_JOKER_SHOT]
    if mode == 0:
        return
    s = S[MOVER]
    if from_hand == (mode == 1):
        for k in range(nopp(S)):
            shot(S, E, opp(S, s, k), 1)
    else:
        shot(S, E, s, 1)


@_jit
def tev_add(S: np.ndarray, code: int) -> None:
    n = S[NTEV]
    if n < MAX_TEV:
        S[TEV + n] = code
        S[NTEV] = n + 1
    else:
        S[OVERFLOW] += 1


@_jit
def boss(S: np.ndarray, T: np.ndarray, E: np.ndarray, mask: int) -> None:
    """EVT-9."""
    b = mask & T[T_BOSS]
    while b:
        low = b & -b
        b ^= low
        tev_add(S, E_BOSS)
        ev(E, E_BOSS, S[MOVER], low)


@_jit_inline
def do_play(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, i: int) -> None:
    s = S[MOVER]
    S[HANDS + s] ^= 1 << i
    S[LEFT] -= 1
    S[FINAL] = 1 if S[LEFT] == 0 else 0
    S[STOCK_LEFT] = 1
    if i < 48:
        S[HFROM_HAND] = 1
        if place_hand(S, K, T, E, i, E_PLAY) and stock_phase(S, K, T, E):
            collect(S, K, T, E)
        return
    # JOKER-1
    jbit = 1 << i
    S[PENDING] |= jbit
    ev(E, E_PLAY, s, jbit)
    joker_shot(S, K, E, True)
    boss(S, T, E, jbit)
    c = S[STOCK + S[SP]]
    S[SP] += 1
    while c >= 48:
        S[PENDING] |= 1 << c
        ev(E, E_SUBSTITUTE, s, 1 << c)
        joker_shot(S, K, E, False)
        boss(S, T, E, 1 << c)
        c = S[STOCK + S[SP]]
        S[SP] += 1
    S[HFROM_HAND] = 0
    if place_hand(S, K, T, E, c, E_SUBSTITUTE):
        continue_stock(S, K, T, E)


@_jit_inline
def place_hand(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, i: int, etype: int) -> bool:
    """CAPT-H."""
    p = i & ~3
    layout = S[LAYOUT]
    lm = layout & (0xF << p)
    bit = 1 << i
    S[HCARD] = i
    S[HMONTH] = p
    s = S[MOVER]
    if not lm:  # H0
        S[LAYOUT] = layout | bit
        S[HCASE] = H0
        ev(E, etype, s, bit)
        return True
    if not lm & (lm - 1):  # H1
        S[LAYOUT] = layout ^ lm
        S[PENDING] |= bit | lm
        S[HCASE] = H1
        S[HPAIR] = lm
        ev(E, etype, s, bit)
        return True
    if popcount(lm) == 2:  # H2
        S[STAGE] = PICK_H
        S[PICK_CARD] = i
        S[PICK_OPTS] = lm
        ev(E, etype, s, bit)
        return False
    ev(E, etype, s, bit)  # H3
    S[HCASE] = H3
    take_stack(S, K, T, E, p, lm, bit)
    return True


@_jit
def take_stack(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, p: int, lm: int, extra: int) -> None:
    """EVT-4 / EVT-5."""
    m = p >> 2
    owner = S[STACK_OWNER + m]
    made = S[STACK_MADE + m]
    jokers = S[STACK_JOKERS + m]
    S[STACK_ON + m] = 0
    S[STACK_JOKERS + m] = 0
    S[LAYOUT] ^= lm
    S[PENDING] |= extra | lm | jokers
    s = S[MOVER]
    ja = False
    if owner == s and K[K_JA_JUNK] > 1:
        own = S[TURNS + s]
        ja = made < own if K[K_JA_ANY] else made == own - 1
    cards = lm | jokers | extra
    if ja:
        tev_add(S, E_JA_PPUK)
        ev(E, E_JA_PPUK, s, cards)
    else:
        tev_add(S, E_STACK_CAPTURE)
        ev(E, E_STACK_CAPTURE, s, cards)
    if jokers:
        boss(S, T, E, jokers)


@_jit
def continue_stock(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    if stock_phase(S, K, T, E):
        collect(S, K, T, E)


@_jit
def stock_phase(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> bool:
    """CAPT-S for every stock card of the turn; False when the player must pick (S3)."""
    s = S[MOVER]
    sp = S[SP]
    while S[STOCK_LEFT]:
        c = S[STOCK + sp]
        sp += 1
        bit = 1 << c
        if c >= 48:  # JOKER-2 / JOKER-3
            S[SP] = sp
            ev(E, E_FLIP, s, bit)
            joker_shot(S, K, E, False)
            hc = S[HCASE]
            if S[S_FIRST] and (hc == H1 or hc == H2) and K[K_JOKER_STAYS]:
                S[PAIR_JOKERS] |= bit
            else:
                S[PENDING] |= bit
                boss(S, T, E, bit)
            continue
        S[STOCK_LEFT] -= 1
        p = c & ~3
        if S[S_FIRST]:
            S[S_FIRST] = 0
            hc = S[HCASE]
            if H0 <= hc <= H2 and p == S[HMONTH]:
                S[SP] = sp
                ev(E, E_FLIP, s, bit)
                same_month(S, K, T, E, c)
                continue
            pj = S[PAIR_JOKERS]
            if pj:
                S[PAIR_JOKERS] = 0
                S[PENDING] |= pj
                boss(S, T, E, pj)
        layout = S[LAYOUT]
        lm = layout & (0xF << p)
        if not lm:  # S1
            S[LAYOUT] = layout | bit
            ev(E, E_FLIP, s, bit)
        elif not lm & (lm - 1):  # S2
            S[LAYOUT] = layout ^ lm
            S[PENDING] |= bit | lm
            ev(E, E_FLIP, s, bit)
        elif popcount(lm) == 2:  # S3
            S[SP] = sp
            S[STAGE] = PICK_S
            S[PICK_CARD] = c
            S[PICK_OPTS] = lm
            ev(E, E_FLIP, s, bit)
            return False
        else:  # S4
            S[SP] = sp
            ev(E, E_FLIP, s, bit)
            take_stack(S, K, T, E, p, lm, bit)
    S[SP] = sp
    return True


@_jit_inline
def same_month(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, c: int) -> None:
    """CAPT-S5 chok, S6 ppuk, S7 ttadak."""
    s = S[MOVER]
    bit = 1 << c
    hbit = 1 << S[HCARD]
    hc = S[HCASE]
    if hc == H0:
        S[LAYOUT] ^= hbit
        S[PENDING] |= hbit | bit
        tev_add(S, E_CHOK)
        ev(E, E_CHOK, s, hbit | bit)
    elif hc == H1:
        pair = hbit | S[HPAIR]
        S[PENDING] &= ~pair
        S[LAYOUT] |= pair | bit
        pj = S[PAIR_JOKERS]
        S[PAIR_JOKERS] = 0
        m = c >> 2
        S[STACK_ON + m] = 1
        S[STACK_OWNER + m] = s
        S[STACK_MADE + m] = S[TURNS + s]
        S[STACK_JOKERS + m] = pj
        S[PPUK + s] += 1
        S[PPUK_NOW] = 1
        S[TDIRTY] = 1
        ev(E, E_PPUK, s, pair | bit | pj)
        if S[TURNS + s] == 1:  # EVT-10
            amount = K[K_FT_PPUK_PAY]
            ev(E, E_FT_PPUK, s, 0)
            if amount:
                for k in range(nopp(S)):
                    pay(S, K, E, opp(S, s, k), s, amount)
    else:
        other = S[HOTHER]
        pj = S[PAIR_JOKERS]
        S[PAIR_JOKERS] = 0
        S[LAYOUT] ^= other
        S[PENDING] |= bit | other | pj
        tev_add(S, E_TTADAK)
        ev(E, E_TTADAK, s, hbit | S[HPAIR] | other | bit | pj)
        if pj:
            boss(S, T, E, pj)


# -- phase 3 --------------------------------------------------------------------------------------


@_jit
def collect(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    s = S[MOVER]
    cap = S[PENDING]
    S[TURN_CAP] = cap
    if cap:
        S[PENDING] = 0
        S[CAPS + s] |= cap
        ev(E, E_CAPTURE, s, cap)
    if (
        S[NTEV]
        or not S[LAYOUT]
        or T[T_HEODANG_ON]
        or (T[T_FIRST_TURN_ANY] and S[TURNS + s] == 1)
        or (T[T_BOAR_POT] and cap & T[T_BOAR_BIT])
        or (T[T_YELL_ON] and S[PPUK_NOW])
    ):
        collect_events(S, K, T, E, cap)
    else:
        phase45(S, K, T, E)


@_jit_inline
def sseul_start(S: np.ndarray) -> bool:
    layout = S[START_LAYOUT]
    if popcount(layout) != 2:
        return False
    low = layout & -layout
    return (lowidx(low) >> 2) != (hibit(layout ^ low) >> 2)


@_jit_inline
def debt_of(K: np.ndarray, name: int, final_exempt: bool) -> int:
    """EVT-6 (EVT-14: the final-turn exception for stacks too)."""
    if name == E_CHOK or name == E_TTADAK or name == E_SSEUL:
        return 0 if final_exempt else 1
    if final_exempt and K[K_LAST_STACKS] and (name == E_STACK_CAPTURE or name == E_JA_PPUK):
        return 0
    if name == E_JA_PPUK:
        return K[K_JA_JUNK]
    if name == E_BOMB:
        return 1 if K[K_BOMB_STEALS] else 0
    if name == E_GRENADE:
        mode = K[K_GRENADE]
        if mode == 2:
            return 1
        return 1 if mode == 3 and K[K_BOMB_STEALS] else 0
    return 1


@_jit_inline
def queue_push(S: np.ndarray, kind: int, seat: int, amount: int, k: int) -> None:
    n = S[QLEN]
    if n < MAX_QUEUE:
        b = QUEUE + 4 * n
        S[b] = kind
        S[b + 1] = seat
        S[b + 2] = amount
        S[b + 3] = k
        S[QLEN] = n + 1
    else:
        S[OVERFLOW] += 1


@_jit_inline
def collect_events(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, cap: int) -> None:
    s = S[MOVER]
    if K[K_HEODANG] >= 0:
        S[HEODANG + s] = 0 if (cap or S[REVEALED_NOW]) else S[HEODANG + s] + 1
    if not S[LAYOUT] and sseul_start(S):  # EVT-1
        tev_add(S, E_SSEUL)
        ev(E, E_SSEUL, s, 0)
    if S[TURNS + s] == 1:
        first_turn_bonuses(S, K, T, E, cap)
    if cap & T[T_BOAR_BIT] and K[K_BOAR] == 1 and S[BOAR_TAKER] < 0:
        S[BOAR_TAKER] = s
        ev(E, E_BOAR, s, T[T_BOAR_BIT])
    S[QHEAD] = 0
    S[QLEN] = 0
    if S[PPUK_NOW] and K[K_YELL] and S[TURNS + s] == 1:
        for k in range(nopp(S)):
            queue_push(S, Q_YELL, opp(S, s, k), 0, 0)
    ntev = S[NTEV]
    if ntev:
        final_exempt = S[FINAL] and K[K_LAST_TURN_EXC]
        for k in range(ntev):
            name = S[TEV + k]
            amount = debt_of(K, name, final_exempt)
            if name == E_JA_PPUK and K[K_JA_SHOT]:
                for o in range(nopp(S)):
                    shot(S, E, opp(S, s, o), 1)
            if amount:
                for o in range(nopp(S)):
                    queue_push(S, Q_DEBT, opp(S, s, o), amount, k)
    if S[QLEN]:
        run_queue(S, K, T, E)
    else:
        phase45(S, K, T, E)


@_jit_inline
def first_turn_bonuses(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, cap: int) -> None:
    s = S[MOVER]
    if K[K_BAEK] and cap & T[T_BRIGHTS] and cap & T[T_ANIMALS] and cap & T[T_RIBBONS] and cap & T[T_JUNK]:
        tev_add(S, E_BAEK)
        ev(E, E_BAEK, s, 0)
    if K[K_WEOL_FIRST]:
        full = cap & (cap >> 1) & (cap >> 2) & (cap >> 3) & NIB1
        if full:
            S[WEOL_FIRST + s] = 1
            ev(E, E_WEOL_YAK, s, expand_months(full) & cap)
    bonus = K[K_FIRST_FOUR]
    if bonus:
        for k in range(S[NTEV]):
            name = S[TEV + k]
            if (
                name == E_TTADAK or name == E_STACK_CAPTURE or name == E_JA_PPUK
                or name == E_BOMB or name == E_GRENADE or name == E_CHOK
            ):
                for o in range(nopp(S)):
                    pay(S, K, E, opp(S, s, o), s, bonus)
    if K[K_BOAR] == 2 and cap & T[T_BOAR_BIT] and K[K_BOAR_FT_PAY]:
        ev(E, E_BOAR, s, T[T_BOAR_BIT])
        for o in range(nopp(S)):
            pay(S, K, E, opp(S, s, o), s, K[K_BOAR_FT_PAY])


@_jit
def surrender_options(S: np.ndarray, T: np.ndarray, debtor: int, amount: int) -> np.ndarray:
    """EVT-7: the ways (card masks) a debtor can pay, in the reference engine's order."""
    m = S[CAPS + debtor] & T[T_SURR]
    k = popcount(m)
    cards = np.empty(k, np.int64)
    j = 0
    x = m
    while x:
        low = x & -x
        cards[j] = lowidx(low)
        x ^= low
        j += 1
    if k == 0:
        return np.empty(0, np.int64)
    if T[T_SURR_LOWEST]:  # EVT-15: lowest junk values first, then deck order; one option
        mask = 0
        paid = 0
        for v in range(4):
            for a in range(k):
                if paid < amount and T[T_JUNK_VALUE + cards[a]] == v:
                    mask |= 1 << cards[a]
                    paid += v
        one = np.empty(1, np.int64)
        one[0] = mask
        return one
    if amount == 1 or k == 1:
        out = np.empty(k, np.int64)
        for a in range(k):
            out[a] = 1 << cards[a]
        return out
    if amount == 2:
        nv = 0
        for a in range(k):
            if T[T_JUNK_VALUE + cards[a]] >= 2:
                nv += 1
        out = np.empty(nv + k * (k - 1) // 2, np.int64)
        j = 0
        for a in range(k):
            if T[T_JUNK_VALUE + cards[a]] >= 2:
                out[j] = 1 << cards[a]
                j += 1
        for a in range(k):
            ba = 1 << cards[a]
            for b in range(a + 1, k):
                out[j] = ba | (1 << cards[b])
                j += 1
        return out
    ntwo = 0
    any3 = False
    for a in range(k):
        v = T[T_JUNK_VALUE + cards[a]]
        if v == 2:
            ntwo += 1
        if v >= 3:
            any3 = True
    if k < 3 and not any3 and not (ntwo and k >= 2):
        out = np.empty(1, np.int64)
        out[0] = m
        return out
    tmp = np.empty(k + ntwo * k + k * (k - 1) * (k - 2) // 6, np.int64)
    j = 0
    for a in range(k):
        if T[T_JUNK_VALUE + cards[a]] >= 3:
            tmp[j] = 1 << cards[a]
            j += 1
    for a in range(k):
        if T[T_JUNK_VALUE + cards[a]] == 2:
            for b in range(k):
                if b != a:
                    tmp[j] = (1 << cards[a]) | (1 << cards[b])
                    j += 1
    for a in range(k):
        for b in range(a + 1, k):
            for c in range(b + 1, k):
                tmp[j] = (1 << cards[a]) | (1 << cards[b]) | (1 << cards[c])
                j += 1
    srt = np.sort(tmp[:j])
    out = np.empty(j, np.int64)
    n = 0
    for a in range(j):
        if n == 0 or srt[a] != out[n - 1]:
            out[n] = srt[a]
            n += 1
    return out[:n]


@_jit
def run_queue(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    while S[QHEAD] < S[QLEN]:
        b = QUEUE + 4 * S[QHEAD]
        if S[b] == Q_YELL:
            S[STAGE] = YELL
            S[DECIDER] = S[b + 1]
            return
        debtor = S[b + 1]
        amount = S[b + 2]
        opts = surrender_options(S, T, debtor, amount)
        if opts.shape[0] > 1:
            S[STAGE] = SURRENDER
            S[DECIDER] = debtor
            return
        S[QHEAD] += 1
        if opts.shape[0] == 1:
            give(S, E, debtor, opts[0])
        else:
            ev(E, E_NO_JUNK, debtor, 0)
            if K[K_NO_JUNK_SHOT]:
                shot(S, E, debtor, 1)
    phase45(S, K, T, E)


@_jit
def give(S: np.ndarray, E: np.ndarray, debtor: int, mask: int) -> None:
    s = S[MOVER]
    S[CAPS + debtor] ^= mask
    S[CAPS + s] |= mask
    ev(E, E_SURRENDER, debtor, mask)


# -- phases 4 and 5 -------------------------------------------------------------------------------


@_jit
def cached_stop_points(S: np.ndarray, K: np.ndarray, T: np.ndarray, s: int) -> int:
    cm = S[CAPS + s]
    if cm == S[SP_MASK + s]:
        return S[SP_VAL + s]
    sp = stop_points(K, T, cm)
    S[SP_MASK + s] = cm
    S[SP_VAL + s] = sp
    return sp


@_jit
def phase45(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    s = S[MOVER]
    if (S[PPUK_NOW] or T[T_HEODANG_ON]) and instant_end(S, K, E):
        return
    cm = S[CAPS + s]
    if popcount(cm) < S[MIN_CARDS]:
        sp = 0
    else:
        sp = cached_stop_points(S, K, T, s)
    if sp >= S[TARGET]:
        if K[K_ABOVE_LAST_GO]:
            ask = S[GOES + s] == 0 or sp > S[LAST_GO_SP + s]
        else:
            ask = sp > S[PREV_SP + s]
        if ask:
            if S[FINAL] and K[K_FINAL_AUTO_STOP]:  # GOSTOP-9
                do_stop(S, K, T, E)
                return
            S[STAGE] = GOSTOP
            return
    end_turn(S, K, T, E, sp)


@_jit_inline
def instant_end(S: np.ndarray, K: np.ndarray, E: np.ndarray) -> bool:
    s = S[MOVER]
    if S[PPUK_NOW] and K[K_THREE_PPUK] and S[PPUK + s] >= 3:  # EVT-11
        ev(E, E_THREE_PPUK, s, 0)
        amount = K[K_THREE_PPUK] * fixed_win_factor(S, K)  # PAY-16
        for k in range(nopp(S)):
            pay(S, K, E, opp(S, s, k), s, amount)
        finish(S, K, E, s, R_THREE_PPUK, False, False)
        return True
    ht = K[K_HEODANG]
    if ht >= 0 and S[HEODANG + s] >= ht:  # VAR-HEODANG
        ev(E, E_HEODANG, s, 0)
        amount = (S[TARGET] if K[K_HEODANG_PAY] < 0 else K[K_HEODANG_PAY]) * fixed_win_factor(S, K)
        for k in range(nopp(S)):
            pay(S, K, E, opp(S, s, k), s, amount)
        finish(S, K, E, s, R_HEODANG, False, False)
        return True
    return False


@_jit
def end_turn(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, sp: int) -> None:
    s = S[MOVER]
    S[PREV_SP + s] = sp
    if S[OE_ON]:
        record_oe_myeon(S, s)
    if S[SKIP_WIN + s]:
        S[SKIP_WIN + s] -= 1
    if not S[LEFT]:
        finish(S, K, E, -1, R_EXHAUSTION, True, False)
        return
    n = S[PLAYERS]
    nxt = s
    while True:
        nxt = nxt + 1 if nxt + 1 < n else 0
        if S[HANDS + nxt] or S[SKIP + nxt]:
            S[MOVER] = nxt
            S[NEXT_TURN] = 1
            return


@_jit_inline
def record_oe_myeon(S: np.ndarray, s: int) -> None:
    layout = S[LAYOUT]
    left = 0
    hc = S[HCASE]
    if S[HFROM_HAND] and (hc == H0 or hc == H1) and (layout >> S[HCARD]) & 1:
        left = 1 << S[HCARD]
    S[OE_LEFT + s] = left
    S[OE_PASSED + s] = S[START_LAYOUT] & layout & expand_months(S[START_HAND])
    S[OE_TURN + s] = S[TURN_NO]
    S[OE_LAST + s] = 1 if (S[START_HAND] and not S[HANDS + s] and hc != HSKIP) else 0


# -- decisions ------------------------------------------------------------------------------------


@_jit
def current_player(S: np.ndarray) -> int:
    st = S[STAGE]
    if st == MAIN or st == PICK_H or st == PICK_S or st == GOSTOP:
        return S[MOVER]
    if st == OVER:
        return -1
    return S[DECIDER]


@_jit_inline
def may_offer(S: np.ndarray, K: np.ndarray, T: np.ndarray, s: int) -> bool:
    """LIAB-7 shodang eligibility."""
    mode = K[K_SHODANG_ELIG]
    if mode == 0:
        return True
    h = S[HANDS + s]
    if not h & (h - 1):
        return False
    if h & T[T_JOKERS] or expand_months(h) & S[LAYOUT]:
        return False
    covered = 0
    x = h
    while x:
        low = x & -x
        x ^= low
        i = lowidx(low)
        winners = 0
        mm = 0xF << (i & ~3)
        for k in range(nopp(S)):
            o = opp(S, s, k)
            theirs = S[HANDS + o] & mm
            while theirs:
                lj = theirs & -theirs
                theirs ^= lj
                pts = stop_points(K, T, S[CAPS + o] | low | lj)
                if pts >= S[TARGET] and (not S[GOES + o] or pts > S[LAST_GO_SP + o]):
                    winners |= 1 << o
                    break
        if not winners:
            return False
        covered |= winners
    if mode == 2:
        allm = 0
        for k in range(nopp(S)):
            allm |= 1 << opp(S, s, k)
        return covered == allm
    return True


@_jit
def legal(S: np.ndarray, K: np.ndarray, T: np.ndarray, out: np.ndarray) -> int:
    """The legal actions (codes) in the reference order; returns how many."""
    st = S[STAGE]
    if st == MAIN:
        return main_actions(S, K, T, out)
    if st == PICK_H or st == PICK_S:
        n = 0
        x = S[PICK_OPTS]
        while x:
            low = x & -x
            x ^= low
            out[n] = A_PICK * ACT + lowidx(low)
            n += 1
        return n
    if st == GOSTOP:
        out[0] = A_GO * ACT
        out[1] = A_STOP * ACT
        return 2
    if st == SURRENDER:
        b = QUEUE + 4 * S[QHEAD]
        opts = surrender_options(S, T, S[b + 1], S[b + 2])
        n = min(opts.shape[0], out.shape[0])
        for k in range(n):
            out[k] = A_SURRENDER * ACT + k
        return n
    if st == ANSWER:
        out[0] = A_ACCEPT * ACT
        out[1] = A_REFUSE * ACT
        return 2
    if st == YELL:
        out[0] = A_YELL * ACT
        out[1] = A_NO_YELL * ACT
        return 2
    if st == CHONGTONG:
        out[0] = A_CHONGTONG * ACT
        out[1] = A_CONTINUE * ACT
        return 2
    return 0


@_jit_inline
def main_actions(S: np.ndarray, K: np.ndarray, T: np.ndarray, out: np.ndarray) -> int:
    s = S[MOVER]
    h = S[HANDS + s]
    must = S[MUST_PLAY]
    n = 0
    x = h & (must * 15) if must else h
    while x:
        low = x & -x
        x ^= low
        out[n] = A_PLAY * ACT + lowidx(low)
        n += 1
    x = (h | S[LAYOUT]) & M48
    full = x & (x >> 1) & (x >> 2) & (x >> 3) & NIB1
    if must:
        full &= must
    declared = S[DECLARED + s]
    while full:
        low = full & -full
        full ^= low
        p = lowidx(low)
        hc = popcount(h & (0xF << p))
        if hc == 3:
            if K[K_BOMB_ALLOWED] and (not declared & low or K[K_BOMB_AFTER_H]):
                out[n] = A_BOMB * ACT + (p >> 2) + 1
                n += 1
        elif hc == 2 and K[K_GRENADE] != 0:
            out[n] = A_GRENADE * ACT + (p >> 2) + 1
            n += 1
    if S[SKIP + s] and not must and (K[K_SKIP_ANY_LATER] or S[SKIP_WIN + s]):
        out[n] = A_SKIP * ACT
        n += 1
    x = nibble_counts(h)
    triples = ((x & (x >> 1)) | (x >> 2)) & NIB1
    if triples:
        triples &= ~declared
        while triples:
            low = triples & -triples
            triples ^= low
            p = lowidx(low)
            m = (p >> 2) + 1
            if (x >> p) & 4 and K[K_CT_OPTIONAL]:
                out[n] = A_SHOW_QUAD * ACT + m
            else:
                out[n] = A_SHAKE * ACT + m
            n += 1
    if K[K_REVEAL_MODE] and h & T[T_JOKERS]:
        x = h & T[T_JOKERS]
        while x:
            low = x & -x
            x ^= low
            out[n] = A_REVEAL * ACT + lowidx(low)
            n += 1
    if S[SHODANG_ON] and not S[OFFERED] and may_offer(S, K, T, s):
        out[n] = A_OFFER * ACT
        n += 1
    return n


@_jit
def apply(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, code: int) -> None:
    """Apply a legal action code (the caller checks legality)."""
    st = S[STAGE]
    kind = code // ACT
    arg = code % ACT
    S[NACTIONS] += 1
    if st == MAIN:
        if kind == A_PLAY:
            do_play(S, K, T, E, arg)
        elif kind == A_BOMB or kind == A_GRENADE:
            do_bomb(S, K, T, E, arg, kind == A_BOMB)
        elif kind == A_SKIP:
            skip_turn(S, K, T, E, False)
        elif kind == A_SHAKE or kind == A_SHOW_QUAD:
            do_shake(S, K, E, arg, kind == A_SHOW_QUAD)
        elif kind == A_REVEAL:
            do_reveal(S, K, T, E, arg)
        else:
            do_offer(S, K, E)
    elif st == GOSTOP:
        if kind == A_GO:
            do_go(S, K, T, E)
        else:
            do_stop(S, K, T, E)
    elif st == PICK_H or st == PICK_S:
        do_pick(S, K, T, E, arg)
    elif st == SURRENDER:
        b = QUEUE + 4 * S[QHEAD]
        opts = surrender_options(S, T, S[b + 1], S[b + 2])
        S[QHEAD] += 1
        give(S, E, S[b + 1], opts[arg])
        S[STAGE] = MAIN
        run_queue(S, K, T, E)
    elif st == ANSWER:
        do_answer(S, K, T, E, kind == A_ACCEPT)
    elif st == YELL:
        d = S[DECIDER]
        S[QHEAD] += 1
        if kind == A_YELL:
            ev(E, E_YELL, d, 0)
        else:
            ev(E, E_NO_YELL, d, 0)
            shot(S, E, d, 1)
        S[STAGE] = MAIN
        run_queue(S, K, T, E)
    else:
        do_chongtong(S, K, T, E, kind == A_CHONGTONG)
    drive(S, K, T, E)


@_jit
def drive(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    """Start the next turns (a loop instead of the reference's recursion end_turn ->
    start_turn, which compiled code cannot type)."""
    while S[NEXT_TURN]:
        S[NEXT_TURN] = 0
        start_turn(S, K, T, E)


@_jit_inline
def do_pick(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, x: int) -> None:
    s = S[MOVER]
    xb = 1 << x
    c = S[PICK_CARD]
    S[LAYOUT] ^= xb
    S[PENDING] |= (1 << c) | xb
    ev(E, E_PICK, s, xb)
    if S[STAGE] == PICK_H:
        S[HCASE] = H2
        S[HPAIR] = xb
        S[HOTHER] = S[PICK_OPTS] ^ xb
    S[STAGE] = MAIN
    continue_stock(S, K, T, E)


@_jit_inline
def do_bomb(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, month: int, is_bomb: bool) -> None:
    """BOMB-1..3 and VAR-GRENADE."""
    s = S[MOVER]
    p = 4 * (month - 1)
    mm = 0xF << p
    hm = S[HANDS + s] & mm
    lm = S[LAYOUT] & mm
    S[HANDS + s] ^= hm
    S[LEFT] -= popcount(hm)
    S[LAYOUT] ^= lm
    S[PENDING] |= hm | lm
    S[HCASE] = HBOMB
    S[HFROM_HAND] = 0
    S[HMONTH] = p
    kind = E_BOMB if is_bomb else E_GRENADE
    tev_add(S, kind)
    ev(E, kind, s, hm | lm)
    if is_bomb:
        S[BOMBS + s] += 1
        extra = 2
    else:
        if K[K_GRENADE] == 3:
            S[BOMBS + s] += 1
        extra = 1
    if K[K_DRAW_THREE]:
        S[STOCK_LEFT] = 1 + extra
    else:
        S[STOCK_LEFT] = 1
        S[SKIP + s] += extra
        S[LEFT] += extra
        S[SKIP_WIN + s] = 3
    S[FINAL] = 1 if S[LEFT] == 0 else 0
    continue_stock(S, K, T, E)


@_jit_inline
def do_shake(S: np.ndarray, K: np.ndarray, E: np.ndarray, month: int, show_quad: bool) -> None:
    s = S[MOVER]
    p = 4 * (month - 1)
    low = 1 << p
    S[DECLARED + s] |= low
    if show_quad:
        S[QUADS + s] |= low
    if K[K_H_MUST]:  # SHAKE-3
        S[MUST_PLAY] |= low
        S[TDIRTY] = 1
    ev(E, E_SHOW_QUAD if show_quad else E_SHAKE, s, S[HANDS + s] & (0xF << p))


@_jit_inline
def do_reveal(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, j: int) -> None:
    """JOKER-4."""
    s = S[MOVER]
    jb = 1 << j
    S[HANDS + s] ^= jb
    S[CAPS + s] |= jb
    S[REVEALED_NOW] = 1
    S[TDIRTY] = 1
    ev(E, E_REVEAL, s, jb)
    joker_shot(S, K, E, True)
    boss(S, T, E, jb)
    c = S[STOCK + S[SP]]
    S[SP] += 1
    S[HANDS + s] |= 1 << c
    ev(E, E_DRAW, s, 1 << c)


@_jit_inline
def do_offer(S: np.ndarray, K: np.ndarray, E: np.ndarray) -> None:
    """LIAB-7."""
    s = S[MOVER]
    S[OFFERED] = 1
    S[TDIRTY] = 1
    S[EXPOSED + s] = 1
    if K[K_CANCEL_GO_BAK]:
        S[GO_STAMP + s] = -1
    ev(E, E_OFFER, s, S[HANDS + s])
    S[STAGE] = ANSWER
    S[DECIDER] = (s + 1) % 3


@_jit_inline
def do_answer(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, accept: bool) -> None:
    """LIAB-8."""
    s = S[MOVER]
    d = S[DECIDER]
    first = d == (s + 1) % 3
    if accept:
        ev(E, E_ACCEPT, d, 0)
        if first:
            S[DECIDER] = (s + 2) % 3
            return
        finish(S, K, E, -1, R_SHODANG, True, False)
        return
    ev(E, E_REFUSE, d, 0)
    n = S[NREF]
    if n < MAX_REFUSALS:
        b = REFUSALS + 3 * n
        S[b] = d
        S[b + 1] = s
        S[b + 2] = S[TURN_NO]
        S[NREF] = n + 1
    else:
        S[OVERFLOW] += 1
    if first:
        ev(E, E_ACCEPT, (s + 2) % 3, 0)
    S[STAGE] = MAIN


@_jit_inline
def do_go(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    s = S[MOVER]
    sp = S[SP_VAL + s]
    S[GOES + s] += 1
    S[LAST_GO_SP + s] = sp
    if S[GO_STAMP + s] < 0:
        S[GO_STAMP + s] = S[TURN_NO]
    ev(E, E_GO, s, 0)
    S[STAGE] = MAIN
    end_turn(S, K, T, E, sp)


@_jit_inline
def do_chongtong(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, declare: bool) -> None:
    d = S[DECIDER]
    if declare:
        S[CT_DECL + S[NCT_DECL]] = d
        S[NCT_DECL] += 1
        h = S[HANDS + d]
        ev(E, E_CHONGTONG, d, expand_months((nibble_counts(h) >> 2) & NIB1) & h)
    else:
        ev(E, E_KEEP_QUAD, d, 0)
    S[CTQ_HEAD] += 1
    if S[CTQ_HEAD] < S[CTQ_LEN]:
        S[DECIDER] = S[CT_QUEUE + S[CTQ_HEAD]]
        return
    S[STAGE] = MAIN
    resolve_chongtong(S, K, T, E)


@_jit
def do_stop(S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray) -> None:
    s = S[MOVER]
    cached_stop_points(S, K, T, s)
    ev(E, E_STOP, s, 0)
    players = S[PLAYERS]
    n = players - 1
    o0 = opp(S, s, 0)
    o1 = opp(S, s, 1) if n == 2 else -1
    # SettleContext
    goer = -1
    refuser = -1
    oe = -1
    if players == 2:
        if S[GOES + o0]:
            goer = 0
    else:
        best_stamp = -1
        for k in range(2):
            o = o0 if k == 0 else o1
            st = S[GO_STAMP + o]
            if st >= 0 and (best_stamp < 0 or st < best_stamp):
                best_stamp = st
                goer = k
        for r in range(S[NREF]):
            b = REFUSALS + 3 * r
            rs = S[b]
            if rs != s and (K[K_SHODANG_REST] or S[TURN_NO] <= S[b + 2] + 2):
                refuser = 0 if rs == o0 else 1
                break
        if S[OE_ON]:
            best_tx = -1
            cap = S[TURN_CAP]
            for k in range(2):
                o = o0 if k == 0 else o1
                tx = S[OE_TURN + o]
                if tx <= S[PREV_TURN] or not cap & (S[OE_LEFT + o] | S[OE_PASSED + o]):
                    continue
                if K[K_OE_EXC] and S[OE_LAST + o]:
                    continue
                if best_tx < 0 or tx < best_tx:
                    best_tx = tx
                    oe = k
    weol = 0
    if K[K_WEOL_FIRST] and S[WEOL_FIRST + s]:
        weol += 1
    wm = S[WEOL_MONTH]
    if wm and K[K_WEOL_MONTH]:
        mm = 0xF << (4 * (wm - 1))
        if S[CAPS + s] & mm == mm:
            weol += 1
    mult = 1
    need = S[MISSION_MASK]
    if need and K[K_MISSIONS] and S[CAPS + s] & need == need:
        mult = S[MISSION_MULT]
    declared = S[DECLARED + s]
    out = np.zeros(5, np.int64)
    settle(
        S, K, T, S[CAPS + s], S[CAPS + o0], S[CAPS + o1] if o1 >= 0 else 0,
        S[GOES + s], popcount(declared), popcount(declared & NOV_DEC), S[BOMBS + s],
        S[NAGARI_BEFORE], goer, refuser, oe, weol, mult, out,
    )
    S[POINTS] = out[0]
    S[STOP_POINTS] = out[1]
    S[LIABLE] = out[4]
    S[SETTLED] = 1
    for k in range(n):
        o = o0 if k == 0 else o1
        amount = out[2 + k]
        S[PAYMENTS + k] = amount
        if K[K_SHOTS_UNIT]:
            S[SHOTS + o] += amount
        else:
            S[CHIPS + o] -= amount
            S[CHIPS + s] += amount
    ev(E, E_SETTLEMENT, s, 0)
    finish(S, K, E, s, R_STOP, False, False)


# -- whole hands ----------------------------------------------------------------------------------


@_jit
def init_state(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, players: int, hands: np.ndarray,
    layout: int, stock: np.ndarray, nstock: int, target: int, min_cards: int,
    nagari_before: int, boar_pot: int, weol_month: int, mission_mask: int, mission_mult: int,
) -> None:
    """A fresh hand from a deal (hand masks, layout mask, stock top first), DEAL checks run."""
    S[:] = 0
    S[PLAYERS] = players
    for s in range(players):
        S[HANDS + s] = hands[s]
        S[GO_STAMP + s] = -1
        S[SP_MASK + s] = -1
    S[LAYOUT] = layout
    for k in range(nstock):
        S[STOCK + k] = stock[k]
    S[NSTOCK] = nstock
    S[TARGET] = target
    S[MIN_CARDS] = min_cards
    S[NAGARI_BEFORE] = nagari_before
    S[BOAR_POT_IN] = boar_pot
    S[WEOL_MONTH] = weol_month
    S[MISSION_MASK] = mission_mask
    S[MISSION_MULT] = mission_mult
    S[OE_ON] = 1 if players == 3 and K[K_OE] else 0
    S[SHODANG_ON] = 1 if players == 3 and K[K_SHODANG] else 0
    S[BOAR_TAKER] = -1
    S[WINNER] = -1
    S[LIABLE] = -1
    S[STAGE] = MAIN
    left = 0
    for s in range(players):
        left += popcount(hands[s])
    S[LEFT] = left
    if E.shape[0] > 1:
        E[0] = 0
    setup(S, K, T, E)
    drive(S, K, T, E)
