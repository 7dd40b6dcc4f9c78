"""Knobs for readings of the public Matgo sources our engine had no knob for (issue 19):
VAR-PPUK-STREAK, VAR-FIRST-TTADAK, VAR-FINAL-NO-PPUK, VAR-SHAKE-CLEAR.

Each is off in every preset (the fast engine refuses it by name, so the presets it plays keep
it off). The hands are found by playing seeded random hands; each test then replays the same
actions with the knob off and checks that exactly the knob's effect differs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from gostop.engine import Hand
from gostop.fast.config import REFUSED_WHEN_ON, UnsupportedRulesError, check_supported
from gostop.rules import PRESET_NAMES, get_preset, make_rules


def _random_hand(rules: Any, seed: int) -> tuple[Hand, list[Any], list[str]]:
    hand = Hand.new(rules, 2, seed)
    rng = random.Random(seed)
    events: list[Any] = []
    actions: list[str] = []
    while not hand.is_over:
        a = rng.choice(hand.legal_actions())
        actions.append(str(a))
        events += hand.apply(a)
    return hand, events, actions


def _replay(rules: Any, seed: int, actions: list[str]) -> tuple[Hand, list[Any]]:
    hand = Hand.new(rules, 2, seed)
    events: list[Any] = []
    for a in actions:
        events += hand.apply(a)
    return hand, events


def _find(rules: Any, wanted: Callable[[Hand, list[Any]], bool], tries: int = 4000) -> tuple[int, Hand, list[Any], list[str]]:
    for seed in range(tries):
        hand, events, actions = _random_hand(rules, seed)
        if wanted(hand, events):
            return seed, hand, events, actions
    raise AssertionError("no hand found")  # pragma: no cover


def test_the_knobs_are_off_in_every_preset_and_refused_by_the_fast_engine() -> None:
    for preset in PRESET_NAMES:
        rules = get_preset(preset)
        assert not any(getattr(rules, k) for k in REFUSED_WHEN_ON), preset
    for knob, value in (("ppuk_streak_payments", True), ("first_turn_ttadak_payment", 7),
                        ("final_turn_no_ppuk", True), ("heundeum_needs_clear_month", True)):
        with pytest.raises(UnsupportedRulesError, match=knob) as info:
            check_supported(make_rules("matgo", {knob: value}))
        assert info.value.knob == knob


def test_VAR_PPUK_STREAK_second_turn_ppuk_pays_twice_the_first_turn_payment() -> None:
    on = make_rules("matgo", {"ppuk_streak_payments": True})
    seed, hand, events, actions = _find(on, lambda h, evs: any(e.type == "ppuk-streak" for e in evs))
    streak = [e for e in events if e.type == "ppuk-streak"]
    first = next(e for e in events if e.type == "first-turn-ppuk")
    assert streak[0].seat == first.seat and streak[0].data["turn"] in (2, 3)
    pays = [fp for fp in hand.result.fixed_payments if fp.reason == "ppuk-streak"]
    assert [fp.amount for fp in pays] == [on.first_turn_ppuk_payment * e.data["turn"] for e in streak]
    assert all(fp.payee == first.seat for fp in pays)
    off, off_events = _replay(make_rules("matgo"), seed, actions)
    assert not any(e.type == "ppuk-streak" for e in off_events)
    assert [fp for fp in off.result.fixed_payments if fp.reason == "ppuk-streak"] == []


def test_VAR_FIRST_TTADAK_first_turn_ttadak_is_paid() -> None:
    on = make_rules("matgo", {"first_turn_ttadak_payment": 7})

    def wanted(h: Hand, evs: list[Any]) -> bool:
        return any(fp.reason == "first-turn-ttadak" for fp in h.result.fixed_payments)

    seed, hand, events, actions = _find(on, wanted)
    ttadak = next(e for e in events if e.type == "ttadak")
    pays = [fp for fp in hand.result.fixed_payments if fp.reason == "first-turn-ttadak"]
    assert [(fp.payer, fp.payee, fp.amount) for fp in pays] == [(1 - ttadak.seat, ttadak.seat, 7)]
    off, _ = _replay(make_rules("matgo"), seed, actions)
    assert not any(fp.reason == "first-turn-ttadak" for fp in off.result.fixed_payments)


def test_VAR_FINAL_NO_PPUK_ones_own_last_turn_takes_the_three_cards() -> None:
    """A ppuk on the mover's own last turn (the knob off) is, with the knob on, a capture of
    the three cards; every turn before it is the same."""
    plain = make_rules("matgo")
    on_rules = make_rules("matgo", {"final_turn_no_ppuk": True})
    for seed, policy in ((s, p) for s in range(600) for p in range(4)):
        hand = Hand.new(plain, 2, seed)
        rng = random.Random(policy)
        actions: list[str] = []
        found = None
        while not hand.is_over and found is None:
            acts = [a for a in hand.legal_actions() if a.kind != "stop"] or hand.legal_actions()
            a = rng.choice(acts)
            actions.append(str(a))
            for e in hand.apply(a):
                obs = hand.observation(e.seat) if e.type == "ppuk" else None
                if obs is not None and obs.hand_sizes[e.seat] == 0 and obs.skip_allowance[e.seat] == 0:
                    found = e
        if found is not None:
            break
    else:  # pragma: no cover
        raise AssertionError("no ppuk on an own last turn found")
    on, events = _replay(on_rules, seed, actions)
    assert not any(e.type == "ppuk" and e.seat == found.seat and e.data["count"] == found.data["count"] for e in events)
    while not on.is_over and on.current_player == found.seat and on.stage != "main":
        events += on.apply(on.legal_actions()[0])  # a pick or go/stop of the same turn
    caught = {c.code for c in on.observation(found.seat).captures[found.seat]}
    assert {c.code for c in found.cards} <= caught


def test_VAR_SHAKE_CLEAR_no_shake_while_the_month_is_on_the_layout() -> None:
    on = make_rules("matgo", {"heundeum_needs_clear_month": True})
    plain = make_rules("matgo")
    seen = {"refused": 0, "kept": 0}
    for seed in range(400):
        a, b = Hand.new(plain, 2, seed), Hand.new(on, 2, seed)
        if a.is_over or a.stage != "main":
            continue
        shakes = [x for x in a.legal_actions() if x.kind == "shake"]
        layout = {c.month for c in a.observation(a.current_player).layout}
        for x in shakes:
            if x.month in layout:
                assert x not in b.legal_actions()
                seen["refused"] += 1
            else:
                assert x in b.legal_actions()
                seen["kept"] += 1
    assert seen["refused"] and seen["kept"], seen
