"""Many hands at once: batched play with a compiled policy, and a batched step API.

* :func:`play_hands` plays n hands from their deal to their end inside one compiled loop and
  returns per-hand results as numpy arrays (:class:`BatchResult`). With ``exact=True`` hand i is
  dealt exactly as
  ``Hand.new(rules, players, seed + i)`` (the MT19937 of :mod:`gostop.fast.mt`); with ``exact=True``,
  seat s of hand i is played by the policy seeded like an agent with
  ``random.Random((seed + i) * 4 + s + 1)``; a decision with a single legal action is applied without asking (as the simulator does).
* :class:`HandBatch` holds n hands for an RL environment: ``legal()`` gives the legal action
  codes and counts, ``step(indices)`` applies one action index per unfinished hand.
"""

# mypy: disable-error-code="no-any-return"
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gostop.engine.deal import MISSIONS, DealError, deal_sizes, packets
from gostop.rules import Rules, RulesError

from . import layout as L
from .config import FastConfig, config_for
from .kernels import _jit, _jit_inline, apply, current_player, init_state, legal
from .mt import randbelow, seed, shuffle
from .policies import POLICIES, choose, greedy_tables

__all__ = ["BatchResult", "HandBatch", "play_hands", "DealPlan", "deal_plan"]

_LEGAL_BUF = 8192


@dataclass(frozen=True, eq=False)
class DealPlan:
    """Arrays that tell the compiled deal where each card goes (DEAL-2 packets) and what the
    draws after the shuffle are (VAR-WEOLYAK-MONTH, VAR-MISSION)."""

    players: int
    hand_pos: np.ndarray  # (3, 10) positions in the top-first order, -1 padded
    hand_n: int
    lay_pos: np.ndarray
    dealt: int
    n_cards: int
    mission_masks: np.ndarray
    mission_lo: int
    mission_hi: int
    target: int
    min_cards: int


def deal_plan(cfg: FastConfig, players: int) -> DealPlan:
    """The :class:`DealPlan` of ``players`` under ``cfg``'s rules."""
    rules = cfg.rules
    deal_sizes(players)
    try:
        rules.check_players(players)  # GEN-7
    except RulesError as exc:
        raise DealError(str(exc)) from None
    hands: list[list[int]] = [[] for _ in range(players)]
    layout: list[int] = []
    dealt = 0
    for seat, k in packets(rules.deal_order, players):
        (layout if seat < 0 else hands[seat]).extend(range(dealt, dealt + k))
        dealt += k
    hp = np.full((3, 10), -1, np.int64)
    for s, pos in enumerate(hands):
        hp[s, : len(pos)] = pos
    mm = np.array([cfg.tables.card_mask(codes) for _name, codes in MISSIONS], np.int64)
    lo, hi = rules.mission_multiplier_range
    return DealPlan(
        players, hp, len(hands[0]), np.array(layout, np.int64), dealt, cfg.tables.n, mm, lo, hi,
        rules.stop_target(players), cfg.tables.min_cards[players],
    )


@_jit
def deal_hand(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, mt: np.ndarray, hand_seed: int,
    players: int, hand_pos: np.ndarray, hand_n: int, lay_pos: np.ndarray, dealt: int,
    n_cards: int, mission_masks: np.ndarray, mlo: int, mhi: int, target: int, min_cards: int,
    nagari_before: int, order: np.ndarray,
) -> None:
    """``Hand.new(rules, players, hand_seed)`` into S (no cut)."""
    seed(mt, hand_seed)
    for i in range(n_cards):
        order[i] = i
    shuffle(mt, order, n_cards)
    hands = np.zeros(3, np.int64)
    for s in range(players):
        for k in range(hand_n):
            hands[s] |= 1 << order[hand_pos[s, k]]
    layout = 0
    for k in range(lay_pos.shape[0]):
        layout |= 1 << order[lay_pos[k]]
    month = 0
    if K[L.K_WEOL_MONTH]:
        month = 1 + randbelow(mt, 12)
    mission_mask = 0
    mult = 1
    if K[L.K_MISSIONS]:
        mission_mask = mission_masks[randbelow(mt, mission_masks.shape[0])]
        mult = mlo + randbelow(mt, mhi - mlo + 1)
    init_state(
        S, K, T, E, players, hands, layout, order[dealt:], n_cards - dealt, target, min_cards,
        nagari_before, 0, month, mission_mask, mult,
    )


@_jit_inline
def deal_hand_fast(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, players: int,
    hand_pos: np.ndarray, hand_n: int, lay_pos: np.ndarray, dealt: int, n_cards: int,
    mission_masks: np.ndarray, mlo: int, mhi: int, target: int, min_cards: int,
    order: np.ndarray,
) -> None:
    """A deal from numba's own generator (``np.random``, seeded once per batch)."""
    for i in range(n_cards):
        order[i] = i
    for i in range(n_cards - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        t = order[i]
        order[i] = order[j]
        order[j] = t
    hands = np.zeros(3, np.int64)
    for s in range(players):
        for k in range(hand_n):
            hands[s] |= 1 << order[hand_pos[s, k]]
    layout = 0
    for k in range(lay_pos.shape[0]):
        layout |= 1 << order[lay_pos[k]]
    month = 0
    if K[L.K_WEOL_MONTH]:
        month = np.random.randint(1, 13)
    mission_mask = 0
    mult = 1
    if K[L.K_MISSIONS]:
        mission_mask = mission_masks[np.random.randint(0, mission_masks.shape[0])]
        mult = np.random.randint(mlo, mhi + 1)
    init_state(
        S, K, T, E, players, hands, layout, order[dealt:], n_cards - dealt, target, min_cards,
        0, 0, month, mission_mask, mult,
    )


@_jit_inline
def play_out(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, policies: np.ndarray,
    mts: np.ndarray, buf: np.ndarray, w: np.ndarray, rank: np.ndarray, pos: np.ndarray,
    go_cards: int, max_goes: int,
) -> None:
    """Play the hand in S to its end; seat s uses ``policies[s]`` with RNG state ``mts[s]``."""
    while S[L.STAGE] != L.OVER:
        n = legal(S, K, T, buf)
        if n == 1:
            idx = 0
        else:
            seat = current_player(S)
            if policies[seat] == 0 and mts.shape[0] == 0:  # batch generator (exact=False)
                idx = np.random.randint(0, n)
            else:
                idx = choose(S, K, T, buf, n, seat, policies[seat], mts[seat], w, rank, pos, go_cards, max_goes)
        apply(S, K, T, E, buf[idx])


@_jit
def _play_batch(
    K: np.ndarray, T: np.ndarray, players: int, first_seed: int, n: int, policies: np.ndarray,
    hand_pos: np.ndarray, hand_n: int, lay_pos: np.ndarray, dealt: int, n_cards: int,
    mission_masks: np.ndarray, mlo: int, mhi: int, target: int, min_cards: int,
    w: np.ndarray, rank: np.ndarray, pos: np.ndarray, go_cards: int, max_goes: int,
    out: np.ndarray, exact: bool,
) -> None:
    S = np.zeros(L.STATE_SIZE, np.int64)
    E = np.zeros(1, np.int64)
    mt = np.zeros(625, np.int64)
    mts = np.zeros((3 if exact else 0, 625), np.int64)
    order = np.zeros(64, np.int64)
    buf = np.zeros(_LEGAL_BUF, np.int64)
    if not exact:
        np.random.seed(first_seed % 4294967296)
    for h in range(n):
        hs = first_seed + h
        if exact:
            deal_hand(
                S, K, T, E, mt, hs, players, hand_pos, hand_n, lay_pos, dealt, n_cards,
                mission_masks, mlo, mhi, target, min_cards, 0, order,
            )
            for s in range(players):
                seed(mts[s], hs * 4 + s + 1)
        else:
            deal_hand_fast(
                S, K, T, E, players, hand_pos, hand_n, lay_pos, dealt, n_cards,
                mission_masks, mlo, mhi, target, min_cards, order,
            )
        play_out(S, K, T, E, policies, mts, buf, w, rank, pos, go_cards, max_goes)
        out[h, 0] = S[L.WINNER]
        out[h, 1] = S[L.REASON]
        out[h, 2] = S[L.NAGARI]
        out[h, 3] = S[L.VOID]
        out[h, 4] = S[L.POINTS]
        out[h, 5] = S[L.STOP_POINTS]
        out[h, 6] = S[L.NACTIONS]
        out[h, 7] = S[L.TURN_NO]
        for s in range(players):
            out[h, 8 + s] = S[L.CHIPS + s]
            out[h, 11 + s] = S[L.SHOTS + s]
            out[h, 14 + s] = S[L.GOES + s]


@dataclass(frozen=True, eq=False)
class BatchResult:
    """Per-hand results of :func:`play_hands` (arrays of length n, or n x players).

    ``winner`` is -1 for a nagari or void hand; ``reason`` indexes :attr:`reasons`
    (``stop``, ``exhaustion``, ...); ``points`` / ``stop_points`` are those of the settlement
    after a stop (0 otherwise); ``chips`` and ``shots`` are per seat; ``actions`` counts the
    actions applied, ``turns`` the turns played, ``goes`` the goes per seat.
    """

    seeds: np.ndarray
    winner: np.ndarray
    reason: np.ndarray
    nagari: np.ndarray
    void: np.ndarray
    points: np.ndarray
    stop_points: np.ndarray
    actions: np.ndarray
    turns: np.ndarray
    chips: np.ndarray
    shots: np.ndarray
    goes: np.ndarray
    reasons: tuple[str, ...] = L.REASONS

    def __len__(self) -> int:
        return int(self.winner.shape[0])


def _policy_codes(policy: str | tuple[str, ...] | list[str], players: int) -> np.ndarray:
    names = [policy] * players if isinstance(policy, str) else list(policy)
    if len(names) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(names)}")
    codes = np.zeros(3, np.int64)
    for s, name in enumerate(names):
        if name not in POLICIES:
            raise ValueError(f"unknown fast policy {name!r}; fast policies: {', '.join(POLICIES)}")
        codes[s] = POLICIES.index(name)
    return codes


def play_hands(
    rules: Rules,
    n: int,
    seed: int = 0,
    policy: str | tuple[str, ...] | list[str] = "random",
    *,
    players: int = 2,
    go_cards: int = 3,
    max_goes: int = 1,
    exact: bool = False,
) -> BatchResult:
    """Play n hands (seeds ``seed .. seed + n - 1``) with a compiled policy per seat.

    ``policy`` is ``"random"`` or ``"greedy"`` (every seat), or one name per seat; ``go_cards``
    and ``max_goes`` are the greedy bot's parameters.

    ``exact=False`` (the default, fastest): the deals and the random choices come from one
    generator seeded with ``seed`` modulo 2**32 (numba's ``np.random``), reproducible from the seed but not
    the deals of ``Hand.new``. ``exact=True``: hand i is dealt exactly as
    ``Hand.new(rules, players, seed + i)`` and seat s plays like a ``random`` / ``greedy`` agent
    seeded ``(seed + i) * 4 + s + 1``, choice for choice (so the reference engine with the same
    agents gives the same results), at the cost of seeding CPython's generator 3 times a hand.

    Raises
    :class:`~gostop.fast.UnsupportedRulesError` for rules the fast engine does not cover.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if seed < 0 or seed + n >= 2**62:
        raise ValueError(f"seeds must be between 0 and 2**62, got {seed}")
    cfg = config_for(rules)
    plan = deal_plan(cfg, players)
    pol = _policy_codes(policy, players)
    w, rank, pos = greedy_tables(cfg.tables.score)
    out = np.zeros((n, 17), np.int64)
    _play_batch(
        cfg.knobs, cfg.table, players, seed, n, pol, plan.hand_pos, plan.hand_n, plan.lay_pos,
        plan.dealt, plan.n_cards, plan.mission_masks, plan.mission_lo, plan.mission_hi,
        plan.target, plan.min_cards, w, rank, pos, go_cards, max_goes, out, exact,
    )
    return BatchResult(
        seeds=np.arange(seed, seed + n, dtype=np.int64),
        winner=out[:, 0].copy(),
        reason=out[:, 1].copy(),
        nagari=out[:, 2].astype(bool),
        void=out[:, 3].astype(bool),
        points=out[:, 4].copy(),
        stop_points=out[:, 5].copy(),
        actions=out[:, 6].copy(),
        turns=out[:, 7].copy(),
        chips=out[:, 8 : 8 + players].copy(),
        shots=out[:, 11 : 11 + players].copy(),
        goes=out[:, 14 : 14 + players].copy(),
    )


# -- the batched step API ------------------------------------------------------------------------


@_jit_inline
def _legal_all(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, codes: np.ndarray, counts: np.ndarray,
    players: np.ndarray, buf: np.ndarray,
) -> None:
    for h in range(S.shape[0]):
        n = legal(S[h], K, T, buf)
        counts[h] = n
        players[h] = current_player(S[h])
        width = codes.shape[1]
        for k in range(width):
            codes[h, k] = buf[k] if k < n else -1


@_jit
def _step_all(
    S: np.ndarray, K: np.ndarray, T: np.ndarray, E: np.ndarray, actions: np.ndarray,
    buf: np.ndarray, bad: np.ndarray,
) -> None:
    for h in range(S.shape[0]):
        if S[h, L.STAGE] == L.OVER:
            continue
        n = legal(S[h], K, T, buf)
        a = actions[h]
        if a < 0 or a >= n:
            bad[h] = 1
            continue
        apply(S[h], K, T, E, buf[a])


class HandBatch:
    """n hands stepped together (for an RL environment); hand i starts as
    ``Hand.new(rules, players, seed + i)``.

    ``legal()`` returns ``(codes, counts, current)``: the first ``width`` legal action codes per
    hand (-1 padded; decode one with :meth:`action`), the true number of legal actions, and the
    seat to move (-1 when the hand is over). ``step(indices)`` applies, for every unfinished
    hand, the legal action of that index (finished hands are left alone); indices out of range
    raise ``ValueError`` (no hand is changed then... except those before it: check ``counts``).
    """

    def __init__(self, rules: Rules, n: int, players: int = 2, seed: int = 0, width: int = 64) -> None:
        self.rules = rules
        self.players = players
        self.n = n
        self.width = width
        self._cfg = config_for(rules)
        self._plan = deal_plan(self._cfg, players)
        self.states = np.zeros((n, L.STATE_SIZE), np.int64)
        self._e = np.zeros(1, np.int64)
        self._mt = np.zeros(625, np.int64)
        self._order = np.zeros(64, np.int64)
        self._buf = np.zeros(_LEGAL_BUF, np.int64)
        self.seeds = np.arange(seed, seed + n, dtype=np.int64)
        for i in range(n):
            self.reset(i, int(self.seeds[i]))

    def reset(self, i: int, hand_seed: int) -> None:
        """Deal hand i afresh as ``Hand.new(rules, players, hand_seed)``."""
        p = self._plan
        cfg = self._cfg
        deal_hand(
            self.states[i], cfg.knobs, cfg.table, self._e, self._mt, hand_seed, self.players,
            p.hand_pos, p.hand_n, p.lay_pos, p.dealt, p.n_cards, p.mission_masks, p.mission_lo,
            p.mission_hi, p.target, p.min_cards, 0, self._order,
        )
        self.seeds[i] = hand_seed

    def legal(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        codes = np.empty((self.n, self.width), np.int64)
        counts = np.empty(self.n, np.int64)
        current = np.empty(self.n, np.int64)
        _legal_all(self.states, self._cfg.knobs, self._cfg.table, codes, counts, current, self._buf)
        return codes, counts, current

    def step(self, indices: np.ndarray) -> np.ndarray:
        """Apply one legal action index per unfinished hand; returns the ``done`` flags."""
        idx = np.asarray(indices, np.int64)
        if idx.shape != (self.n,):
            raise ValueError(f"step needs {self.n} action indices, got shape {idx.shape}")
        bad = np.zeros(self.n, np.int64)
        _step_all(self.states, self._cfg.knobs, self._cfg.table, self._e, idx, self._buf, bad)
        if bad.any():
            raise ValueError(f"illegal action index for hands {np.flatnonzero(bad)[:10].tolist()}")
        return self.done()

    def done(self) -> np.ndarray:
        return self.states[:, L.STAGE] == L.OVER

    def chips(self) -> np.ndarray:
        """Net chips per hand and seat (final once the hand is done)."""
        return self.states[:, L.CHIPS : L.CHIPS + self.players].copy()

    def winner(self) -> np.ndarray:
        return self.states[:, L.WINNER].copy()

    def action(self, code: int) -> str:
        """The text of an action code (surrender options as ``surrender #k``)."""
        kind, arg = divmod(int(code), L.ACT)
        name = L.ACTION_KINDS[kind]
        if kind in (L.A_PLAY, L.A_PICK, L.A_REVEAL):
            return f"{name} {self._cfg.tables.codes[arg]}"
        if kind in (L.A_BOMB, L.A_GRENADE, L.A_SHAKE, L.A_SHOW_QUAD):
            return f"{name} {arg:02d}"
        if kind == L.A_SURRENDER:
            return f"surrender #{arg}"
        return name
