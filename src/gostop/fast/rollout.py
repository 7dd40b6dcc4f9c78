"""Compiled rollouts for the search bot (:mod:`gostop.agents.search`): finish a hand with a
compiled policy for every seat and score it for one seat.

The rollout policy (``expert-lite``) is the compiled ``greedy`` (:mod:`gostop.fast.policies`)
with two of the ``expert``'s choices ported:

* **go/stop** (DEC-16) by expected value, as ``ExpertPolicy.wants_go`` with the fast payment
  estimate (``Evaluator.stop_payment(fast=True)``): stop is worth the estimated settlement now;
  go is worth the chance of improving before an opponent reaches its target (Poisson model,
  rate 0.55) times the bigger payment, minus the chance an opponent wins first times what it
  would cost (gwang-bak, pi-bak and, with three players, go-bak). Greedy instead says one go
  whenever it holds three cards.
* **single and double matches** weigh the stock: a single match risks a ppuk (the stock card of
  the same month comes up, CAPT-S) and a double match may end in a ttadak, with the chance that
  the next stock card is of that month among the cards the seat cannot see.

Everything else (bombs, targets, surrenders, shodang, declarations) is greedy's. The policy
reads only what its seat may know (its hand, the layout, captures, counts).
"""

# ruff: noqa: SIM109, SIM110
# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import numpy as np

from .kernels import (
    M48,
    _jit,
    _jit_inline,
    apply,
    bright_points,
    current_player,
    go_chips,
    go_multiplier,
    junk_count,
    legal,
    lowidx,
    popcount,
    stop_points,
)
from .layout import (
    A_ACCEPT,
    A_BOMB,
    A_CHONGTONG,
    A_GO,
    A_GRENADE,
    A_OFFER,
    A_PICK,
    A_PLAY,
    A_REVEAL,
    A_SKIP,
    A_STOP,
    A_SURRENDER,
    A_YELL,
    ACT,
    BOMBS,
    CAPS,
    CHIPS,
    DECLARED,
    GOES,
    HANDS,
    K_BOMB_MULT,
    K_DOK_BAK,
    K_GWANG,
    K_H_MULT,
    K_MEONG,
    K_NAGARI_MULT,
    K_PI_BAK,
    K_PI_MIN,
    K_PI_MIN2,
    K_SHOTS_PER,
    K_SHOTS_UNIT,
    LAST_GO_SP,
    LAYOUT,
    NAGARI_BEFORE,
    OVER,
    PLAYERS,
    SHOTS,
    SKIP,
    STAGE,
    T_ALL,
    T_ANIMALS,
    T_BRIGHTS,
    TARGET,
)
from .policies import _capture_value, _reach, greedy

__all__ = [
    "GO_MARGIN",
    "NET_INPUTS",
    "NET_FILE",
    "listed",
    "load_net",
    "net_inputs",
    "net_play",
    "no_net",
    "replay_exclusions",
    "replay_surprise",
    "rollout",
    "rollout_all",
    "rollout_choose",
    "wants_go",
]

#: The expert's go/stop margin (``gostop.agents.expert.GO_MARGIN``).
GO_MARGIN = -6.0


@_jit
def listed(buf: np.ndarray, n: int, code: int) -> bool:
    """Whether ``code`` is among the first ``n`` codes of ``buf`` (the legal ones)."""
    for i in range(n):
        if buf[i] == code:
            return True
    return False


@_jit_inline
def approx_payment(S: np.ndarray, K: np.ndarray, T: np.ndarray, me: int, goes_delta: int, points_delta: int) -> float:
    """``Evaluator._approx_payment``: about what seat ``me`` collects by stopping now."""
    caps = S[CAPS + me]
    points = stop_points(K, T, caps) + points_delta
    n = S[PLAYERS]
    if K[K_SHOTS_UNIT]:
        return float((points // K[K_SHOTS_PER]) * (n - 1))
    goes = S[GOES + me] + goes_delta
    base = points + go_chips(K, goes)
    mult = go_multiplier(K, goes)
    for _ in range(S[BOMBS + me]):
        mult *= K[K_BOMB_MULT]
    for _ in range(popcount(S[DECLARED + me])):
        mult *= K[K_H_MULT]
    if (K[K_MEONG] == 0 or K[K_MEONG] == 2) and popcount(caps & T[T_ANIMALS]) >= 7:
        mult *= 2
    nb = S[NAGARI_BEFORE]
    if nb and K[K_NAGARI_MULT] != 2:
        mult *= (1 << nb) if K[K_NAGARI_MULT] == 0 else 2
    brights = bright_points(K, T, caps) > 0
    junk10 = K[K_PI_BAK] and junk_count(T, caps) >= 10
    protect = K[K_PI_MIN]
    if n == 2 and K[K_PI_MIN2] >= 0:
        protect = K[K_PI_MIN2]
    total = 0.0
    for k in range(1, n):
        o = (me + k) % n
        oc = S[CAPS + o]
        amount = float(base * mult)
        if brights and not oc & T[T_BRIGHTS]:
            if K[K_GWANG] == 0:
                amount *= 2
            elif K[K_GWANG] == 1:
                amount += 2
        if junk10 and junk_count(T, oc) < protect:
            amount *= 2
        total += amount
    return total


@_jit_inline
def wants_go(S: np.ndarray, K: np.ndarray, T: np.ndarray, me: int, margin: float) -> bool:
    """``ExpertPolicy.wants_go`` with the fast payment estimate (see the module docstring)."""
    turns = popcount(S[HANDS + me]) + S[SKIP + me]
    if turns <= 0:
        return False  # GOSTOP-6: a go on the final turn is a nagari
    stop_now = approx_payment(S, K, T, me, 0, 0)
    p_me = _reach(1.0, turns)
    n = S[PLAYERS]
    mine = S[CAPS + me]
    p_none = 1.0
    opp_cost = 0.0
    for k in range(1, n):
        o = (me + k) % n
        sp = stop_points(K, T, S[CAPS + o])
        need = S[TARGET]
        if S[GOES + o]:
            need = max(need, S[LAST_GO_SP + o] + 1)
        p = _reach(float(need - sp), popcount(S[HANDS + o]) + S[SKIP + o])
        p_none *= 1.0 - p
        pay = float(max(S[TARGET], sp) + 1)
        if not mine & T[T_BRIGHTS] and K[K_GWANG] != 2 and bright_points(K, T, S[CAPS + o]):
            pay *= 2
        if K[K_PI_BAK] and junk_count(T, mine) < K[K_PI_MIN]:
            pay *= 1.5
        if n == 3 and K[K_DOK_BAK]:
            pay *= 2
        opp_cost += p * pay
    p_opp = 1.0 - p_none
    p_first = p_me * (1.0 - 0.5 * p_opp)
    gain = approx_payment(S, K, T, me, 1, 2)
    ev_go = p_first * gain - (1.0 - 0.5 * p_me) * opp_cost
    return ev_go > stop_now + margin


@_jit_inline
def _play_score(S: np.ndarray, w: np.ndarray, i: int, me: int, unseen: int, n_unseen: int) -> float:
    """Greedy's capture value, with the stock's answer: a ppuk risk on a single match, a
    ttadak chance on a double match."""
    own = w[i]
    if i >= 48:
        return own
    mm = 0xF << (i & ~3)
    lay = S[LAYOUT] & mm
    n = popcount(lay)
    p_flip = popcount(unseen & mm) / n_unseen if n_unseen > 0 else 0.0
    if n == 0:
        return -0.01 * own
    if n == 1:
        take = own + w[lowidx(lay)]
        return take * (1.0 - p_flip)
    if n == 2:
        a = lay & -lay
        b = lay ^ a
        wa = w[lowidx(a)]
        wb = w[lowidx(b)]
        hi = wa if wa >= wb else wb
        lo = wb if wa >= wb else wa
        return own + hi + p_flip * lo
    total = own
    x = lay
    while x:
        low = x & -x
        total += w[lowidx(low)]
        x ^= low
    return total + 0.5



#: The rollout net's inputs: six planes of the 48 month cards as the deciding seat sees them
#: (its hand, the layout, its captures, the next seat's, the one after's, the cards it has not
#: seen), then :data:`NET_SCALARS` numbers (see :func:`net_inputs`).
NET_PLANES = 6
NET_SCALARS = 10
NET_INPUTS = NET_PLANES * 48 + NET_SCALARS


#: The shipped rollout net (package data, trained by ``python -m gostop.rl.rollnet``).
NET_FILE = "rollnet.npz"
NetWeights = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def load_net(path: str = "") -> NetWeights:
    """The rollout net's weights (W1, b1, W2, b2 as contiguous float32) from ``path``, by
    default the shipped file next to this module."""
    from importlib import resources
    from typing import IO

    source: IO[bytes] = open(path, "rb") if path else resources.files("gostop.fast").joinpath(NET_FILE).open("rb")  # noqa: SIM115
    with source, np.load(source) as z:
        W1, b1, W2, b2 = (np.ascontiguousarray(z[k], np.float32) for k in ("W1", "b1", "W2", "b2"))
    if W1.shape != (NET_INPUTS, b1.shape[0]) or W2.shape != (48, b1.shape[0]) or b2.shape != (48,):
        raise ValueError(f"{path or NET_FILE}: not rollout-net weights (W1 {W1.shape}, W2 {W2.shape})")
    return W1, b1, W2, b2


def no_net() -> NetWeights:
    """Empty net weights: the rollouts play ``expert-lite`` (the module docstring)."""
    return (np.zeros((0, 1), np.float32), np.zeros(1, np.float32), np.zeros((0, 1), np.float32), np.zeros(0, np.float32))


@_jit
def _net_planes(S: np.ndarray, T: np.ndarray, seat: int) -> tuple[int, int, int, int, int, int]:
    n = S[PLAYERS]
    seen = S[HANDS + seat] | S[LAYOUT]
    for s in range(n):
        seen |= S[CAPS + s]
    nxt = S[CAPS + (seat + 1) % n] if n > 1 else 0
    nxt2 = S[CAPS + (seat + 2) % n] if n > 2 else 0
    return (
        S[HANDS + seat] & M48, S[LAYOUT] & M48, S[CAPS + seat] & M48, nxt & M48, nxt2 & M48,
        T[T_ALL] & ~seen & M48,
    )


@_jit
def _net_scalars(S: np.ndarray, K: np.ndarray, T: np.ndarray, seat: int, unseen: int, x: np.ndarray) -> None:
    n = S[PLAYERS]
    x[0] = 1.0 if n == 3 else 0.0
    for r in range(3):
        if r < n:
            o = (seat + r) % n
            x[1 + r] = S[GOES + o] / 5.0
            x[4 + r] = min(stop_points(K, T, S[CAPS + o]), 30) / 10.0
        else:
            x[1 + r] = 0.0
            x[4 + r] = 0.0
    x[7] = popcount(S[HANDS + seat] & M48) / 10.0
    x[8] = popcount(unseen) / 30.0
    x[9] = S[TARGET] / 10.0


@_jit
def net_inputs(S: np.ndarray, K: np.ndarray, T: np.ndarray, seat: int, x: np.ndarray) -> None:
    """The rollout net's input vector (float32, :data:`NET_INPUTS`) for ``seat`` in S: only
    what the seat may know (the training data of :mod:`gostop.rl.rollnet` is made of these)."""
    planes = _net_planes(S, T, seat)
    x[:] = 0.0
    for p in range(NET_PLANES):
        m = planes[p]
        while m:
            low = m & -m
            x[p * 48 + lowidx(low)] = 1.0
            m ^= low
    scal = np.empty(NET_SCALARS, np.float32)
    _net_scalars(S, K, T, seat, planes[5], scal)
    x[NET_PLANES * 48 :] = scal


@_jit_inline
def net_play(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, buf: np.ndarray, n: int, seat: int,
    W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray,
) -> int:
    """The index (in buf) of the legal month-card play with the highest logit of the rollout
    net (one hidden ReLU layer: ``relu(x W1 + b1) W2^T + b2``, the input being sparse, rows of
    W1 are summed), or -1 when no legal play is of a month card."""
    hidden = b1.shape[0]
    h = b1.copy()
    planes = _net_planes(S, T, seat)
    for p in range(NET_PLANES):
        m = planes[p]
        while m:
            low = m & -m
            row = p * 48 + lowidx(low)
            for j in range(hidden):
                h[j] += W1[row, j]
            m ^= low
    scal = np.empty(NET_SCALARS, np.float32)
    _net_scalars(S, K, T, seat, planes[5], scal)
    for i in range(NET_SCALARS):
        v = scal[i]
        if v != 0.0:
            row = NET_PLANES * 48 + i
            for j in range(hidden):
                h[j] += v * W1[row, j]
    for j in range(hidden):
        if h[j] < 0.0:
            h[j] = 0.0
    best = -1
    bv = 0.0
    for i in range(n):
        if buf[i] // ACT != A_PLAY:
            continue
        c = buf[i] % ACT
        if c >= 48:
            return -1
        v = b2[c]
        for j in range(hidden):
            v += W2[c, j] * h[j]
        if best < 0 or v > bv:
            best = i
            bv = v
    return best


@_jit_inline
def rollout_choose(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, buf: np.ndarray, n: int, seat: int, w: np.ndarray,
    rank: np.ndarray, pos: np.ndarray, margin: float,
    W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray,
) -> int:
    """The index of the rollout policy's choice among the n legal codes in buf: with net
    weights (``W1`` not empty), the net's card where expert-lite would play a card from its
    hand (:func:`net_play`)."""
    igo = -1
    istop = -1
    special = False
    for i in range(n):
        kd = buf[i] // ACT
        if kd == A_GO and igo < 0:
            igo = i
        elif kd == A_STOP and istop < 0:
            istop = i
        elif (
            kd == A_CHONGTONG or kd == A_REVEAL or kd == A_YELL or kd == A_ACCEPT or kd == A_SURRENDER
            or kd == A_PICK or kd == A_BOMB or kd == A_GRENADE
        ):
            special = True
    if igo >= 0 and istop >= 0 and not special:
        return igo if wants_go(S, K, T, seat, margin) else istop
    if not special and W1.shape[0] > 0:
        best = net_play(S, K, T, buf, n, seat, W1, b1, W2, b2)
        if best >= 0:
            return best
    if not special:
        seen = S[HANDS + seat] | S[LAYOUT]
        for s in range(S[PLAYERS]):
            seen |= S[CAPS + s]
        unseen = T[T_ALL] & ~seen
        n_unseen = popcount(unseen)
        best = -1
        bv = 0.0
        for i in range(n):
            if buf[i] // ACT == A_PLAY:
                c = buf[i] % ACT
                v = _play_score(S, w, c, seat, unseen, n_unseen)
                if best < 0 or v > bv or (v == bv and rank[c] > rank[buf[best] % ACT]):
                    best = i
                    bv = v
        if best >= 0 and bv > 0:
            return best
    return greedy(S, K, T, buf, n, seat, w, rank, pos, 3, 1)


@_jit_inline
def rollout(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, buf: np.ndarray, seat: int,
    w: np.ndarray, rank: np.ndarray, pos: np.ndarray, margin: float,
    W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray, greedy_others: bool = False,
) -> tuple[float, int]:
    """Finish the hand in S (in place) with the rollout policy for every seat (with
    ``greedy_others``, the compiled ``greedy`` for every seat but ``seat``): (the seat's net
    chips, or minus its shots when the unit is shots; the number of actions applied)."""
    steps = 0
    while S[STAGE] != OVER:
        n = legal(S, K, T, buf)
        p = current_player(S)
        if n == 1:
            idx = 0
        elif greedy_others and p != seat:
            idx = greedy(S, K, T, buf, n, p, w, rank, pos, 3, 1)
        else:
            idx = rollout_choose(S, K, T, buf, n, p, w, rank, pos, margin, W1, b1, W2, b2)
        apply(S, K, T, E, buf[idx])
        steps += 1
    if K[K_SHOTS_UNIT]:
        return -float(S[SHOTS + seat]), steps
    return float(S[CHIPS + seat]), steps


@_jit
def rollout_all(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, buf: np.ndarray, codes: np.ndarray,
    seat: int, w: np.ndarray, rank: np.ndarray, pos: np.ndarray, margin: float,
    W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray, out: np.ndarray, greedy_others: bool = False,
) -> int:
    """One world, every candidate: for each action code, a copy of S with it applied and then
    :func:`rollout` (``greedy_others``: see there); the values in ``out``. Returns the actions applied in all, or -1 (nothing
    done) if a code is not legal in S."""
    n = legal(S, K, T, buf)
    for j in range(codes.shape[0]):
        if not listed(buf, n, codes[j]):
            return -1
    steps = 0
    S2 = np.empty_like(S)
    for j in range(codes.shape[0]):
        S2[:] = S
        apply(S2, K, T, E, codes[j])
        value, used = rollout(S2, K, T, E, buf, seat, w, rank, pos, margin, W1, b1, W2, b2, greedy_others)
        out[j] = value
        steps += 1 + used
    return steps



@_jit
def replay_surprise(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, codes: np.ndarray, buf: np.ndarray,
    observer: int, w: np.ndarray, rank: np.ndarray, pos: np.ndarray,
) -> tuple[int, int]:
    """``convert.replay`` (apply ``codes`` in order, each only if legal; the number applied),
    and how many of the other seats' plays in this deal the compiled ``greedy`` would not have
    made: at each decision of a seat other than ``observer`` that played a card from its hand
    while it could do something else, greedy's choice in that seat's (sampled) hand is
    compared with the card played (the same month and card weight count as the same card).

    A deal in which an opponent passed up the capture greedy would have made is less likely:
    the search weighs such deals down (``search:infer``)."""
    surprise = 0
    for j in range(codes.shape[0]):
        if S[STAGE] == OVER:
            return j, surprise
        n = legal(S, K, T, buf)
        if not listed(buf, n, codes[j]):
            return j, surprise
        code = codes[j]
        p = current_player(S)
        if p != observer and n > 1 and code // ACT == A_PLAY:
            g = buf[greedy(S, K, T, buf, n, p, w, rank, pos, 3, 1)]
            c = code % ACT
            same = g // ACT == A_PLAY and (g % ACT) >> 2 == c >> 2 and w[g % ACT] == w[c]
            if g != code and not same:
                surprise += 1
        apply(S, K, T, E, code)
    return codes.shape[0], surprise


@_jit
def replay_exclusions(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, codes: np.ndarray, buf: np.ndarray,
    observer: int, w: np.ndarray, rank: np.ndarray, margin: float, out: np.ndarray,
) -> int:
    """``convert.replay`` (the number of codes applied), and the cards the other seats cannot
    hold if they play like ``greedy``: at each card another seat played from its hand, every
    card whose capture (greedy's value, from the layout of that moment: public facts only) was
    worth more than ``margin`` above the played card's was not in that hand, so it is not in it
    now (hands only shrink); with ``margin`` 0 also every card of the same value that greedy's
    tie-break (text order) puts first. A seat that skipped a turn or offered shodang held no
    card capturing more than ``margin``. ``out[seat]`` collects those cards as a deck mask
    (``search:exclude``; cards that are no longer hidden are ignored by whoever uses the masks).
    A seat that draws into its hand (JOKER-4) may break "hands only shrink": a belief no deal
    can meet is dropped by ``Hand.determinize``."""
    for j in range(codes.shape[0]):
        if S[STAGE] == OVER:
            return j
        n = legal(S, K, T, buf)
        if not listed(buf, n, codes[j]):
            return j
        code = codes[j]
        p = current_player(S)
        kind = code // ACT
        if p != observer and kind == A_PLAY:
            c = code % ACT
            vc = _capture_value(S, w, c, p)
            for x in range(64):
                if w[x] > 0.0:
                    vx = _capture_value(S, w, x, p)
                    if vx > vc + margin or (margin == 0.0 and vx == vc and rank[x] > rank[c]):
                        out[p] |= 1 << x
        elif p != observer and (kind == A_SKIP or kind == A_OFFER):
            # greedy skips a turn or offers shodang only when no card of its hand captures
            for x in range(64):
                if w[x] > 0.0 and _capture_value(S, w, x, p) > margin:
                    out[p] |= 1 << x
        apply(S, K, T, E, code)
    return codes.shape[0]
