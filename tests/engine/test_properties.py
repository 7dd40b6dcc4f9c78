"""Hypothesis properties over random hands of every preset, 2 and 3 players, with knob variants.

* every card is in exactly one place at every step (and the other invariants of
  ``gostop.engine.check``);
* every hand ends within a fixed bound of actions;
* payments balance, and the chips are exactly the fixed payments plus the settlement;
* ``observation(seat)`` never holds another seat's hidden card nor any stock card;
* ``determinize(seat)`` agrees with the observation;
* a clone is independent of its original;
* the settlement context agrees with what the public events show.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gostop.engine import Hand
from gostop.engine.check import VARIANTS, result_violations, violations
from gostop.rules import PRESETS, Rules, RulesError

BOUND = 1000  # actions; random hands take fewer than 60 (benchmarks/soak.py reports the max)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

presets = st.sampled_from(sorted(PRESETS))
variants = st.sampled_from(range(len(VARIANTS)))


def _rules(preset: str, variant: int) -> Rules:
    try:
        return PRESETS[preset].with_overrides(VARIANTS[variant])
    except RulesError:  # pragma: no cover - every variant fits every preset today
        assume(False)
        raise


def _tokens(value: Any, skip: frozenset[str] = frozenset({"rules", "mission"})) -> set[str]:
    """Every string in a JSON value (split on spaces), except under the ``skip`` keys."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out |= _tokens(v, skip)
    elif isinstance(value, list):
        for v in value:
            out |= _tokens(v, skip)
    elif isinstance(value, str):
        out.update(value.split())
    return out


def _hidden_from(hand: Hand, seat: int) -> set[str]:
    """Cards ``seat`` must not see: other hands minus the cards their owners showed (the cards
    of ``shake``, ``show-quad`` and ``chongtong`` events, exposed hands; read from the events),
    and the stock. (Cards, not months: a card of a shaken month drawn later stays hidden.)"""
    shown: dict[int, set[str]] = {s: set() for s in range(hand.players)}
    exposed: set[int] = set()
    for e in hand.events:
        if e.type in ("shake", "show-quad", "chongtong") and e.seat is not None:
            shown[e.seat] |= {c.code for c in e.cards}
        if e.type == "offer-shodang" and e.seat is not None:
            exposed.add(e.seat)
    hidden = {c.code for c in hand.stock_cards()}
    for s in range(hand.players):
        if s == seat or s in exposed:
            continue
        hidden |= {c.code for c in hand.hand_cards(s)} - shown[s]
    return hidden


def _check_observations(hand: Hand) -> None:
    for seat in range(hand.players):
        obs = hand.observation(seat).to_json()
        leaked = _tokens(obs) & _hidden_from(hand, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        assert json.loads(json.dumps(obs)) == obs


def _check_result(hand: Hand) -> None:
    res = hand.result
    assert res is not None
    assert result_violations(hand) == []
    assert sum(res.chips) == 0
    net = [0] * hand.players
    for p in res.fixed_payments:
        if p.unit == "chips":
            net[p.payer] -= p.amount
            assert p.payee is not None
            net[p.payee] += p.amount
    if res.settlement is not None and res.settlement.unit == "chips":
        assert res.winner is not None
        for seat, amount in zip(res.opponents, res.settlement.payments, strict=True):
            net[seat] -= amount
            net[res.winner] += amount
    assert tuple(net) == res.chips
    if res.reason == "stop":
        _check_context(hand)


def _check_context(hand: Hand) -> None:
    """The SettleContext of a stop, re-derived from the public events (LIAB-3/12, SHAKE-2...)."""
    res = hand.result
    assert res is not None and res.context is not None and res.winner is not None
    w = res.winner
    ctx = res.context
    rules = hand.rules
    goes = shakes = nov_dec = bombs = 0
    liable_go: dict[int, int] = {}
    order = 0
    for e in hand.events:
        order += 1
        if e.seat is None:
            continue
        if e.type == "go":
            if e.seat == w:
                goes += 1
            liable_go.setdefault(e.seat, order)
        if e.type == "offer-shodang" and rules.nagari_offer_cancels_go_bak:
            liable_go.pop(e.seat, None)
        if e.seat == w and e.type in ("shake", "show-quad"):
            shakes += 1
            nov_dec += e.data["month"] in (11, 12)
        if e.seat == w and (e.type == "bomb" or (e.type == "grenade" and rules.grenade == "as_bomb")):
            bombs += 1
    assert (ctx.goes, ctx.shakes, ctx.shakes_nov_dec, ctx.bombs) == (goes, shakes, nov_dec, bombs)
    assert ctx.nagari_before == 0
    # VAR-WEOLYAK-FIRST (from the events) and VAR-WEOLYAK-MONTH / VAR-MISSION (public draws).
    obs = hand.observation(w)
    won = {c.code for c in res.captures[w]}
    weol = int(rules.weol_yak_first_turn and any(e.type == "weol-yak" and e.seat == w for e in hand.events))
    month = obs.weol_yak_month
    weol += int(bool(month) and sum(1 for c in res.captures[w] if c.month == month) == 4)
    assert ctx.weol_yak == weol
    mult = obs.mission[2] if obs.mission is not None and set(obs.mission[1]) <= won else 1
    assert ctx.mission_multiplier == mult
    opps = list(res.opponents)
    if hand.players == 2:
        assert ctx.goer == (0 if hand.goes(opps[0]) else None)
    else:
        candidates = [(stamp, opps.index(s)) for s, stamp in liable_go.items() if s != w]
        assert ctx.goer == (min(candidates)[1] if candidates else None)


def _play(hand: Hand, rng: random.Random, deep: bool) -> int:
    n = 0
    assert violations(hand) == []
    if deep:
        _check_observations(hand)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal and hand.current_player is not None
        hand.apply(legal[rng.randrange(len(legal))])
        n += 1
        assert n <= BOUND
        assert violations(hand) == []
        if deep and rng.random() < 0.2:
            _check_observations(hand)
    _check_result(hand)
    return n


@SETTINGS
@given(preset=presets, players=st.sampled_from([2, 3]), variant=variants, seed=st.integers(0, 2**31))
def test_random_hands_keep_every_invariant(preset: str, players: int, variant: int, seed: int) -> None:
    rules = _rules(preset, variant)
    players = 2 if rules.two_player_only else players  # GEN-7 (matgo)
    hand = Hand.new(rules, players, seed)
    _play(hand, random.Random(seed), deep=False)


@SETTINGS
@given(preset=presets, players=st.sampled_from([2, 3]), variant=variants, seed=st.integers(0, 2**31))
def test_observation_never_shows_hidden_cards(preset: str, players: int, variant: int, seed: int) -> None:
    rules = _rules(preset, variant)
    players = 2 if rules.two_player_only else players  # GEN-7 (matgo)
    hand = Hand.new(rules, players, seed)
    _play(hand, random.Random(seed), deep=True)


@settings(max_examples=40, deadline=None)
@given(
    preset=presets,
    players=st.sampled_from([2, 3]),
    variant=variants,
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 40),
)
def test_determinize_agrees_and_clone_is_independent(preset: str, players: int, variant: int, seed: int, steps: int) -> None:
    rules = _rules(preset, variant)
    players = 2 if rules.two_player_only else players  # GEN-7 (matgo)
    hand = Hand.new(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    views = [json.dumps(hand.observation(s).to_json()) for s in range(players)]
    for seat in range(players):
        det = hand.determinize(seat, random.Random(seed + seat))
        assert json.dumps(det.observation(seat).to_json()) == views[seat]
        assert violations(det) == []
        _play(det, random.Random(seed), deep=False)
    clone = hand.clone()
    _play(clone, random.Random(seed + 7), deep=False)
    assert [json.dumps(hand.observation(s).to_json()) for s in range(players)] == views
