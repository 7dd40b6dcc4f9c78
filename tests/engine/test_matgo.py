"""The engine under the matgo preset (issue 19): the rules it adds after RULES.md, on played
hands: EVT-13 (bonus cards take junk), EVT-14 (no junk for a stack taken on the final turn),
PAY-16 (the nagari carry on instant wins) and GEN-7 (2 players only)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import make_hand, rules_of

from gostop.engine import DealError, Event, Hand
from gostop.engine.check import result_violations, violations
from gostop.rules import get_preset

MATGO = get_preset("matgo")


def _play(hand: Hand, seed: int) -> Hand:
    """Random play that says go whenever it can (long hands, final turns reached)."""
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        go = [a for a in legal if a.kind == "go"]
        hand.apply(go[0] if go else legal[rng.randrange(len(legal))])
        assert violations(hand) == []
    assert result_violations(hand) == []
    return hand


def _final_turn(hand: Hand) -> list[Event]:
    events = list(hand.events)
    starts = [i for i, e in enumerate(events) if e.type == "turn"]
    return events[starts[-1]:]


@pytest.mark.parametrize(("knob", "debts"), [(True, False), (False, True)])
def test_EVT_14_no_junk_for_a_stack_taken_on_the_final_turn(knob: bool, debts: bool) -> None:
    rules = MATGO.with_overrides(last_turn_exception_stacks=knob)
    found = 0
    for seed in range(250):
        hand = _play(Hand.new(rules, 2, seed), seed)
        assert hand.result is not None
        # _play says go whenever asked, so a stop is GOSTOP-9's automatic stop on the final turn
        if hand.result.reason not in ("exhaustion", "stop"):
            continue
        kinds = {e.type for e in _final_turn(hand)}
        if "stack-capture" not in kinds or kinds & {"boss-joker", "bomb", "ja-ppuk"}:
            continue
        found += 1
        # a debt shows as a surrender (given or chosen) or as a debtor without junk
        assert bool(kinds & {"surrender", "no-junk"}) == debts, (seed, sorted(kinds))
    assert found >= 3


@pytest.mark.parametrize("knob", [True, False])
def test_EVT_14_the_preview_of_a_stack_on_the_final_turn_says_no_junk(knob: bool) -> None:
    """``Preview.steals`` as the collection charges it: junk for a stack taken (EVT-4 to EVT-6),
    none on the final turn under ``last_turn_exception_stacks`` (EVT-14)."""
    rules = MATGO.with_overrides(last_turn_exception_stacks=knob)
    final_seen = 0
    for seed in range(150):
        hand = Hand.new(rules, 2, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.stage == "main":
                obs = hand.observation(hand.current_player)
                final = sum(obs.hand_sizes) + sum(obs.skip_allowance) == 1
                for a in legal:
                    pv = hand.preview(a)
                    if pv.kind == "stack":
                        final_seen += final
                        # (1, or matgo's ja_ppuk_junk for a ja-ppuk: EVT-5)
                        assert (pv.steals == 0) if final and knob else pv.steals in (1, rules.ja_ppuk_junk), (seed, a.text, final)
                    else:
                        assert pv.steals == 0, (seed, a.text, pv.kind)
            hand.apply(legal[rng.randrange(len(legal))])
    assert final_seen >= 2


def test_EVT_13_captured_bonus_cards_take_junk() -> None:
    seen = 0
    for seed in range(60):
        hand = _play(Hand.new(MATGO, 2, seed), seed)
        events = list(hand.events)
        for e in events:
            if e.type == "boss-joker":  # EVT-9 machinery: each bonus card is a debt of 1 junk
                assert e.cards[0].code in MATGO.jokers
                seen += 1
        assert not [e for e in events if e.type == "boss-joker"] or any(
            e.type in ("surrender", "no-junk") for e in events
        )
    assert seen >= 20
    off = MATGO.with_overrides(joker_steals_junk=False)
    for seed in range(20):
        assert not [e for e in _play(Hand.new(off, 2, seed), seed).events if e.type == "boss-joker"]


@pytest.mark.parametrize(("carry_on", "nagari_before", "each"), [
    (True, 0, 10), (True, 1, 20), (True, 2, 40), (True, 4, 80), (False, 2, 10),
])
def test_PAY_16_nagari_carry_on_a_chongtong(carry_on: bool, nagari_before: int, each: int) -> None:
    rules = MATGO.with_overrides(fixed_wins_carry=carry_on)
    hand = make_hand(rules, 2, hands={0: ["01B", "01R", "01J1", "01J2"]}, nagari_before=nagari_before)
    kinds = {a.kind for a in hand.legal_actions()}
    assert {"chongtong", "continue"} <= kinds  # DEAL-7 optional in matgo
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "chongtong"))
    res = hand.result
    assert res is not None and res.reason == "chongtong" and res.winner == 0
    assert res.chips == (each, -each)  # 10 x the carry, capped at x8 (MATCH-8)


def test_PAY_16_off_in_pagat() -> None:
    hand = make_hand(rules_of("pagat"), 2, hands={0: ["01B", "01R", "01J1", "01J2"]}, nagari_before=2)
    res = hand.result
    assert res is not None and res.reason == "chongtong" and res.chips == (5, -5)  # mandatory, flat


def test_GEN_7_matgo_hands_are_two_player_only() -> None:
    with pytest.raises(DealError, match="2 players only"):
        Hand.new(MATGO, 3, 1)
    with pytest.raises(DealError, match="2 players only"):
        Hand.from_deal(MATGO, [[], [], []], [], [])


@pytest.mark.parametrize("auto", [True, False])
def test_GOSTOP_9_the_final_turn_stops_at_once(auto: bool) -> None:
    """Under final_turn_auto_stop no go/stop decision is offered on the final turn: a player
    reaching the target there has stopped (won) without a decision; without the knob the
    decision is offered and a go there would end the hand as a nagari (GOSTOP-6)."""
    rules = MATGO.with_overrides(final_turn_auto_stop=auto)
    offered_on_final = auto_stops = 0
    for seed in range(300):
        hand = Hand.new(rules, 2, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.stage == "go-stop" and hand.stop_preview().final_turn_nagari:
                offered_on_final += 1
            go = [a for a in legal if a.kind == "go"]
            action = go[0] if go else legal[rng.randrange(len(legal))]
            hand.apply(action)
            res = hand.result
            if res is not None and res.reason == "stop" and action.kind != "stop":
                auto_stops += 1
    if auto:
        assert offered_on_final == 0 and auto_stops >= 3
    else:
        assert offered_on_final >= 3 and auto_stops == 0


@pytest.mark.parametrize("lowest", [True, False])
def test_EVT_15_debts_are_paid_lowest_junk_first_without_a_question(lowest: bool) -> None:
    rules = MATGO.with_overrides(surrender_lowest_first=lowest)
    asked = given = 0
    for seed in range(80):
        hand = Hand.new(rules, 2, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            if hand.stage == "surrender":
                asked += 1
            before = [hand.observation(0).captures[s] for s in range(2)]
            legal = hand.legal_actions()
            for e in hand.apply(legal[rng.randrange(len(legal))]):
                if e.type != "surrender" or not lowest:
                    continue
                given += 1
                values = {c.code: rules_value(c.code) for c in before[e.seat] if rules_value(c.code) is not None}
                kept = sorted(values[c] for c in values if c not in {x.code for x in e.cards})
                gave = sorted(values[c.code] for c in e.cards)
                # lowest first: nothing kept is worth less than the dearest card given, unless
                # the debt was met before it (then the kept ones are at least as dear)
                assert not kept or not gave or gave[:-1] == [] or max(gave[:-1]) <= min(kept), (seed, gave, kept)
                assert not kept or min(gave) <= min(kept), (seed, gave, kept)
    if lowest:
        assert asked == 0 and given >= 20
    else:
        assert asked >= 5


def rules_value(code: str) -> int | None:
    """The junk value of a surrenderable card under matgo (None: not a junk card)."""
    if code[2:3] == "J":
        return 1
    if code in ("11D", "12D", "JK2", "JK2-2"):
        return 2
    return 3 if code == "JK3" else None
