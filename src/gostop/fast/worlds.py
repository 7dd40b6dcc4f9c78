"""Sampled worlds in compiled code: ``Hand.determinize`` and ``convert.state_from_hand`` in one
kernel, for the search bot (:mod:`gostop.agents.search`).

A search draws hundreds of worlds a decision. In Python each costs a reference-engine copy, a
shuffle and a deal (``Hand.determinize``), then a rebuilt deal and a replay of the history
(:func:`~gostop.fast.convert.state_from_hand`): about ten times a rollout. Here the deal of a
world is drawn and replayed by one compiled call, :func:`draw_world`, straight into the fast
engine's state.

It deals **exactly** as ``determinize`` does: the same plan (:meth:`Hand.determinize_plan`),
the same draws of CPython's ``random.Random`` (:mod:`gostop.fast.mt` holds its state in an
array: :meth:`CompiledWorlds.load` copies it from the search's generator and
:meth:`CompiledWorlds.store` copies it back), the same shuffle, the same first-fit deal that
avoids the beliefs and the same random swaps after it, the same retries when a seat would hold
a quad it cannot have held. And it checks the state as ``state_from_hand`` does (the deal
rebuilt, the replay complete, every public field and every hand as in the world). So a search
plays the same moves with either path (``tests/fast/test_worlds.py`` compares them decision by
decision); this one is only faster.

A world this kernel cannot take over (the replay departs, say) is reported, and the generator
is left as it was before that world, so that the caller draws the same world in Python and
goes on as ``determinize`` would. It also deals again, as ``determinize`` does, the cards
other seats drew into their hands (JOKER-4) and the quads they kept (DEC-5). Not covered at all
(:class:`CompiledWorlds` raises ``ConversionError``, and the search keeps the Python path): a
pending DEC-5 quad, a kept world the fast engine cannot take over, decks over 63 cards.
"""

# ruff: noqa: SIM110
# mypy: disable-error-code="no-any-return"
from __future__ import annotations

import random

import numpy as np

from gostop.engine import Hand
from gostop.engine.deal import MISSIONS, deal_sizes
from gostop.engine.information import DETERMINIZE_TRIES, MIX_SWAPS, REDEAL_TRIES, DrawFacts

from . import kernels as k
from .config import FastConfig
from .convert import ConversionError, HistoryCodes, replay, state_from_hand
from .kernels import _jit, _jit_inline, current_player, init_state
from .layout import CAPS, CHIPS, GOES, HANDS, LAYOUT, OE_PASSED, SHOTS, SP, STAGE
from .mt import _next, randbelow
from .rollout import replay_surprise

__all__ = ["CompiledWorlds", "draw_world", "random01"]

#: Fields of the reference vector checked after the replay (as ``convert._check_same``).
_REF_STAGE, _REF_PLAYER, _REF_LAYOUT, _REF_SP = 0, 1, 2, 3
_REF_SEATS = 4  # then per seat: caps, goes, chips, shots (4 x 3)
_REF_SIZE = _REF_SEATS + 12


@_jit_inline
def random01(mt: np.ndarray) -> float:
    """``Random.random()``: a float in [0, 1) from two 32-bit draws (53 bits)."""
    a = _next(mt) >> 5
    b = _next(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@_jit
def _popcount(x: int) -> int:
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@_jit
def _has_quad(mask: int) -> bool:
    """Whether ``mask`` holds the four cards of a month (month cards: deck indices 0..47)."""
    for m in range(12):
        if (mask >> (4 * m)) & 0xF == 0xF:
            return True
    return False


@_jit_inline
def _deal_avoiding(pool: np.ndarray, n: int, counts: np.ndarray, avoid: np.ndarray, players: int, seat: int, front: np.ndarray, keep: np.ndarray) -> bool:
    """``information._deal_avoiding`` in place on ``pool[:n]``; False (pool unchanged) when a
    seat cannot be served."""
    nf = 0
    nr = n
    for i in range(n):
        keep[i] = pool[i]
    for s in range(players):
        if s == seat:
            continue
        kk = counts[s]
        no = avoid[s]
        taken = 0
        nk = 0
        for j in range(nr):
            c = keep[j]
            if taken < kk and not (no >> c) & 1:
                front[nf] = c
                nf += 1
                taken += 1
            else:
                keep[nk] = c
                nk += 1
        if taken < kk:
            return False
        nr = nk
    for j in range(nr):
        front[nf + j] = keep[j]
    for i in range(n):
        pool[i] = front[i]
    return True


@_jit_inline
def _mix_avoiding(mt: np.ndarray, pool: np.ndarray, n: int, counts: np.ndarray, avoid: np.ndarray, players: int, seat: int, owner: np.ndarray) -> None:
    """``information._mix_avoiding`` with the same draws."""
    if n < 2:
        return
    for i in range(n):
        owner[i] = -1
    at = 0
    for s in range(players):
        if s == seat:
            continue
        for _ in range(counts[s]):
            owner[at] = s
            at += 1
    for _ in range(MIX_SWAPS * n):
        j = int(random01(mt) * n)
        kk = int(random01(mt) * n)
        a = owner[j]
        b = owner[kk]
        if a == b:
            continue
        x = pool[j]
        y = pool[kk]
        if (a >= 0 and (avoid[a] >> y) & 1) or (b >= 0 and (avoid[b] >> x) & 1):
            continue
        pool[j] = y
        pool[kk] = x


@_jit_inline
def _nth_bit(mask: int, r: int) -> int:
    """The position of the ``r``-th set bit of ``mask``, lowest first."""
    for i in range(64):
        if (mask >> i) & 1:
            if r == 0:
                return i
            r -= 1
    return -1


@_jit_inline
def _redeal(
    mt: np.ndarray, hands: np.ndarray, dg: np.ndarray, dr: np.ndarray, sh: np.ndarray, quadless: bool,
    turned: np.ndarray, picks: np.ndarray,
) -> bool:
    """``information._redeal_draws`` with the same draws, into ``turned`` (the stock cards
    already turned, as dealt). ``dg`` per seat that drew (rows of its :class:`DrawFacts`): seat,
    mode (0: a chongtong, no check; 1: no quad at the deal; 2: a kept quad), month cards played,
    first and end row of its draws in ``dr`` and of its shakes in ``sh``; ``dr`` per draw: stock
    position, cards played since, cards shown before; ``sh`` per shake: month, cards shown,
    draws before it, cards played before it. False when no choice of a seat's draws meets the
    checks (``quadless``)."""
    used = 0
    for g in range(dg.shape[0]):
        s = dg[g, 0]
        mode = dg[g, 1]
        d0 = dg[g, 3]
        d1 = dg[g, 4]
        check = quadless and mode != 0
        full = (hands[s] | dg[g, 2]) & k.M48
        tries = REDEAL_TRIES if check else 1
        found = False
        taken = used
        for _ in range(tries):
            taken = used
            for j in range(d0, d1):
                free = (hands[s] | dr[j, 1]) & ~dr[j, 2] & ~taken
                cnt = _popcount(free)
                if cnt:
                    card = _nth_bit(free, randbelow(mt, cnt))
                    taken |= 1 << card
                    picks[j] = card
                else:
                    picks[j] = -1
            if not check:
                found = True
                break
            deal = full
            for j in range(d0, d1):
                if picks[j] >= 0:
                    deal &= ~(1 << picks[j])
            if _has_quad(deal) != (mode == 2):
                continue
            holds = True
            for q in range(dg[g, 5], dg[g, 6]):
                later = 0
                for j in range(d0 + sh[q, 2], d1):
                    if picks[j] >= 0:
                        later |= 1 << picks[j]
                if full & sh[q, 0] & ~sh[q, 1] & ~sh[q, 3] & ~later:
                    holds = False
                    break
            if holds:
                found = True
                break
        if not found:
            return False
        used = taken
        for j in range(d0, d1):
            if picks[j] >= 0:
                turned[dr[j, 0]] = picks[j]
    return True


@_jit
def draw_world(
    mt: np.ndarray, base: np.ndarray, counts: np.ndarray, known: np.ndarray, avoid: np.ndarray, no_quad: np.ndarray,
    seat: int, players: int, prefix: np.ndarray, played: np.ndarray, layout: int, all_cards: int, per_hand: int,
    init: np.ndarray, codes: np.ndarray, infer: bool, w: np.ndarray, rank: np.ndarray, pos: np.ndarray,
    oe: np.ndarray, ref: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, buf: np.ndarray,
    pool: np.ndarray, scratch: np.ndarray, hands: np.ndarray, stock: np.ndarray, S: np.ndarray, out: np.ndarray,
    kept: np.ndarray, dg: np.ndarray, dr: np.ndarray, sh: np.ndarray, turned: np.ndarray, work: np.ndarray,
    picks: np.ndarray,
) -> bool:
    """Draw one world as ``Hand.determinize`` would with the generator ``mt`` (its plan:
    ``base`` the pool in order, ``counts`` the hidden cards per seat, ``known`` the cards of each
    hand that stay, ``avoid`` the beliefs (all 0: none), ``no_quad[s]`` the month cards seat s
    played since a deal known to be quadless, or -1), then take it over as
    ``convert.state_from_hand`` would into ``S`` (``init``: the deal's public numbers, ``codes``
    the history, ``oe`` the LIAB-4 (B) facts to copy or -1, ``ref`` the public fields to check).
    ``kept[s]``: the cards everybody knows of a seat that kept a quad (DEC-5), or -1; ``dg``,
    ``dr``, ``sh``: the other seats' JOKER-4 draws (see :func:`_redeal`; no rows: none), whose
    cards are dealt again into ``turned`` (``work``, ``picks``: scratch).
    ``out[0]``: with ``infer``, the surprise of the world (``rollout.replay_surprise``).
    False when the state does not check (the caller then draws this world in Python again)."""
    n = base.shape[0]
    front = scratch[:n]
    keep = scratch[n : 2 * n]
    owner = scratch[2 * n : 3 * n]
    use_avoid = False
    for s in range(players):
        if avoid[s] != 0:
            use_avoid = True
    rest = 0
    size = n  # the pool's length (a kept quad dealt takes cards out of it)
    npre = prefix.shape[0]
    for i in range(npre):
        turned[i] = prefix[i]
    for attempt in range(DETERMINIZE_TRIES):
        size = n
        for i in range(n):
            pool[i] = base[i]
        for i in range(n - 1, 0, -1):  # Random.shuffle
            j = randbelow(mt, i + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        consistent = True
        if use_avoid:
            if attempt == DETERMINIZE_TRIES - 1:
                use_avoid = False  # the belief and the other facts never met: the facts win
            else:
                consistent = _deal_avoiding(pool, n, counts, avoid, players, seat, front, keep)
                if consistent:
                    _mix_avoiding(mt, pool, n, counts, avoid, players, seat, owner)
        at = 0
        for s in range(players):
            if s == seat:
                hands[s] = known[s]
                continue
            new = 0
            take = counts[s]
            if kept[s] >= 0:
                # a kept quad (DEC-5): the unseen cards of a month it can have held, at random
                seen = kept[s]
                pool_mask = 0
                for i in range(at, size):
                    pool_mask |= 1 << pool[i]
                months = 0
                for m in range(12):
                    need = (0xF << (4 * m)) & ~seen
                    if not need & ~pool_mask and _popcount(need) <= take:
                        months += 1
                if months:
                    r = randbelow(mt, months)
                    quad = 0
                    for m in range(12):
                        need = (0xF << (4 * m)) & ~seen
                        if not need & ~pool_mask and _popcount(need) <= take:
                            if r == 0:
                                quad = need
                                break
                            r -= 1
                    new = quad
                    kk = at
                    for i in range(at, size):
                        if not (quad >> pool[i]) & 1:
                            pool[kk] = pool[i]
                            kk += 1
                    size = kk
                    take -= _popcount(quad)
                else:
                    consistent = False
            for j in range(take):
                new |= 1 << pool[at + j]
            at += take
            hands[s] = known[s] | new
            if no_quad[s] >= 0 and _has_quad(hands[s] | no_quad[s]):
                consistent = False
        rest = at
        last = attempt == DETERMINIZE_TRIES - 1
        if dg.shape[0] > 0 and (consistent or last):
            for i in range(npre):
                work[i] = prefix[i]
            redealt = _redeal(mt, hands, dg, dr, sh, True, work, picks)
            if not redealt and last:
                redealt = _redeal(mt, hands, dg, dr, sh, False, work, picks)
            if not redealt:
                consistent = False
            else:
                for i in range(npre):
                    turned[i] = work[i]
        if consistent:
            break
    # the world's stock as dealt: the cards already turned, then the rest of the pool
    nstock = npre + size - rest
    for i in range(npre):
        stock[i] = turned[i]
    for i in range(rest, size):
        stock[npre + i - rest] = pool[i]
    # convert._deal_of
    smask = 0
    for i in range(nstock):
        smask |= 1 << stock[i]
    dealt = all_cards & ~layout & ~smask
    seen = 0
    hm = scratch[3 * n : 3 * n + 3]
    hm[:] = 0
    for s in range(players):
        h = (hands[s] | played[s]) & dealt
        if _popcount(h) != per_hand or h & seen:
            return False
        seen |= h
        hm[s] = h
    if seen != dealt:
        return False
    init_state(S, K, T, E, players, hm, layout, stock, nstock, init[0], init[1], init[2], init[3], init[4], init[5], init[6])
    if infer:
        done, surprise = replay_surprise(S, K, T, E, codes, buf, seat, w, rank, pos)
        out[0] = surprise
    else:
        done = replay(S, K, T, E, codes, buf)
    if done != codes.shape[0]:
        return False
    for s in range(players):
        if oe[s] >= 0:
            S[OE_PASSED + s] = oe[s]
    # convert._check_same
    if S[STAGE] != ref[_REF_STAGE] or current_player(S) != ref[_REF_PLAYER]:
        return False
    if S[LAYOUT] != ref[_REF_LAYOUT] or S[SP] != ref[_REF_SP]:
        return False
    for s in range(players):
        r = _REF_SEATS + 4 * s
        if S[HANDS + s] != hands[s] or S[CAPS + s] != ref[r] or S[GOES + s] != ref[r + 1]:
            return False
        if S[CHIPS + s] != ref[r + 2] or S[SHOTS + s] != ref[r + 3]:
            return False
    return True


_QUAD_MODES = {"chongtong": 0, "": 1, "keep-quad": 2}


def _draw_tables(facts: tuple[DrawFacts, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows of :func:`_redeal` for the plan's :class:`DrawFacts`."""
    dg = np.zeros((len(facts), 7), np.int64)
    drs: list[tuple[int, int, int]] = []
    shs: list[tuple[int, int, int, int]] = []
    for g, f in enumerate(facts):
        dg[g] = (f.seat, _QUAD_MODES[f.quad], f.played, len(drs), len(drs) + len(f.slots), len(shs), len(shs) + len(f.shakes))
        drs.extend(f.slots)
        shs.extend(f.shakes)
    dr = np.array(drs, np.int64).reshape(len(drs), 3)
    sh = np.array(shs, np.int64).reshape(len(shs), 4)
    return dg, dr, sh


def _load_state(rng: random.Random, mt: np.ndarray) -> object:
    version, internal, gauss = rng.getstate()
    if version != 3 or len(internal) != 625:  # pragma: no cover - CPython's format since 2.3
        raise ConversionError("an unknown random.Random state")
    mt[:] = internal
    return gauss


class CompiledWorlds:
    """The worlds of one decision of ``seat``, drawn in compiled code (see the module docstring).

    ``kept`` is the sampler's determinization (``WorldSampler.base``: what the seat may know,
    its other hidden cards dealt once at random); ``forbid`` the search's beliefs as for
    ``determinize``; ``history`` the decision's :class:`~gostop.fast.convert.HistoryCodes`;
    ``infer``: greedy's tables ``(weights, ranks, positions)`` to measure each world's surprise
    with, or None.

    Raises ``ConversionError`` when the decision is not covered (then draw in Python)."""

    def __init__(
        self, kept: Hand, seat: int, forbid: list[int] | None, cfg: FastConfig, history: HistoryCodes,
        buf: np.ndarray, tables: tuple[np.ndarray, np.ndarray, np.ndarray], infer: bool = False,
    ) -> None:
        if kept.is_over:
            raise ConversionError("the hand is over")
        t = cfg.tables
        if t.all >> 63:
            raise ConversionError("more than 63 cards")
        plan = kept.determinize_plan(seat, forbid)
        if plan.need_quad:
            raise ConversionError("a quad to deal (DEC-5 pending)")
        shared = history.get(cfg, kept)
        if shared.codes is None:  # a surrender: its codes are found by a replay of the kept world
            state_from_hand(kept, cfg, history, buf)
        if shared.codes is None:  # pragma: no cover - state_from_hand sets them or raises
            raise ConversionError("the history has no codes")
        players = kept.players
        self.cfg = cfg
        self.seat = seat
        self.buf = buf
        self.codes = shared.codes
        self.mt = np.zeros(625, np.int64)
        self._before = np.zeros(625, np.int64)
        self._gauss: object = None
        self.base = np.array(plan.pool, np.int64)
        self.counts = np.zeros(3, np.int64)
        self.known = np.zeros(3, np.int64)
        self.avoid = np.zeros(3, np.int64)
        self.no_quad = np.full(3, -1, np.int64)
        for s in range(players):
            self.counts[s] = plan.hidden[s].bit_count()
            self.known[s] = kept._hands[s] & ~plan.hidden[s]
            self.avoid[s] = plan.avoid[s]
            if s in plan.no_quad:
                self.no_quad[s] = plan.no_quad[s] & k.M48
        self.players = players
        self.prefix = np.array(kept._stock[: kept._stock_pos], np.int64)
        self.played = np.zeros(3, np.int64)
        for s in range(players):
            self.played[s] = shared.played[s]
        self.layout = shared.layout
        self.per_hand = deal_sizes(players)[0]
        mission = kept._mission_index
        self.init = np.array(
            [
                kept.rules.stop_target(players), t.min_cards[players], kept._nagari_before, kept._boar_pot_in,
                kept._weol_yak_month, t.card_mask(MISSIONS[mission][1]) if mission >= 0 else 0, kept._mission_multiplier,
            ],
            np.int64,
        )
        self.infer = bool(infer)
        self.tables = tables
        self.oe = np.full(3, -1, np.int64)
        if players == 3 and kept.rules.oe_myeon:
            for s in range(players):
                held = kept._oe_myeon_start_hand[s]
                self.oe[s] = kept._oe_myeon_kept_on_layout[s] & int(k.expand_months(held))
        p = kept.current_player
        ref = [kept._stage, -1 if p is None else p, kept._layout, kept._stock_pos]
        for s in range(3):
            if s < players:
                ref += [kept._caps[s], kept._goes[s], kept._chips[s], kept._shots[s]]
            else:
                ref += [0, 0, 0, 0]
        self.ref = np.array(ref, np.int64)
        n = len(plan.pool)
        self.pool = np.zeros(max(n, 1), np.int64)
        self.scratch = np.zeros(3 * n + 3, np.int64)
        self.hands = np.zeros(3, np.int64)
        self.stock = np.zeros(len(kept._stock), np.int64)
        self.events = np.zeros(1, np.int64)
        self.out = np.zeros(1, np.int64)
        self.kept = np.full(3, -1, np.int64)
        for s, seen in plan.kept_quad.items():
            self.kept[s] = seen
        self.dg, self.dr, self.sh = _draw_tables(plan.draw_facts)
        self.turned = np.zeros(max(len(self.prefix), 1), np.int64)
        self.work = np.zeros(max(len(self.prefix), 1), np.int64)
        self.picks = np.zeros(max(self.dr.shape[0], 1), np.int64)

    def load(self, rng: random.Random) -> None:
        """Take over the state of ``rng`` (the search's generator)."""
        self._gauss = _load_state(rng, self.mt)

    def store(self, rng: random.Random) -> None:
        """Give ``rng`` the state reached (as if ``determinize`` had drawn with it)."""
        rng.setstate((3, tuple(self.mt.tolist()), self._gauss))

    def draw(self, S: np.ndarray) -> bool:
        """Draw the next world into ``S`` (and its surprise into :attr:`surprise`). False when it
        does not check: the generator is then as it was before, and the caller should draw
        this world in Python (``store`` first)."""
        self._before[:] = self.mt
        w, rank, pos = self.tables
        cfg = self.cfg
        ok = draw_world(
            self.mt, self.base, self.counts, self.known, self.avoid, self.no_quad, self.seat, self.players,
            self.prefix, self.played, self.layout, cfg.tables.all, self.per_hand, self.init, self.codes,
            self.infer, w, rank, pos, self.oe, self.ref, cfg.knobs, cfg.table, self.events, self.buf,
            self.pool, self.scratch, self.hands, self.stock, S, self.out,
            self.kept, self.dg, self.dr, self.sh, self.turned, self.work, self.picks,
        )
        if not ok:
            self.mt[:] = self._before
        return bool(ok)

    def undo(self) -> None:
        """Put the generator back as it was before the last :meth:`draw`."""
        self.mt[:] = self._before

    @property
    def surprise(self) -> int:
        """The last world's surprise (with ``infer``)."""
        return int(self.out[0])

    @property
    def history_length(self) -> int:
        return int(self.codes.shape[0])
