"""VAR-PUSH (milgi 밀기) in a match: the winner of a stop pushes or collects.

Whole Matgo matches on the real engine: a push forgoes the hand's settlement (the fixed
payments made during it stand), the next hand's settlement is doubled once per push in a row,
a nagari between keeps the pushes (the carry doubles on its own), at most ``push_limit`` in a
row, never on the last hand, and records replay exactly.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gostop.agents import make_agent
from gostop.agents.protocol import TableDecision
from gostop.agents.table import push_value, pushes_pay, table_decision
from gostop.match import (
    IllegalMatchActionError,
    Match,
    MatchAction,
    audit,
    dumps_match,
    loads_match_record,
    replay_match,
)
from gostop.rules import make_rules
from gostop.settlement import nagari_factor, settle

MATGO_PUSH = make_rules("matgo", {"push_limit": 2})


def _play(seed: int, rules: Any = MATGO_PUSH, hands: int = 8, push: Callable[[Match], bool] = lambda m: True) -> Match:
    """A whole match: every hand action drawn at random from the legal ones (seeded), the push
    decision by ``push``."""
    m = Match(rules, ["Ann", "Bo"], seed, hands_limit=hands)
    rng = random.Random(seed)
    while not m.is_over:
        if m.phase == "push":
            m.apply("push" if push(m) else "collect")
        else:
            m.apply(rng.choice(m.legal_actions()))
    return m


def _find(pred: Callable[[Match], bool], **kw: Any) -> Match:
    for seed in range(300):
        m = _play(seed, **kw)
        if pred(m):
            return m
    raise AssertionError("no seed in 0..299 gives the situation")  # pragma: no cover


def _base_payments(m: Match, deal: int) -> tuple[int, ...]:
    """The settlement of a deal's hand recomputed without the carry and the pushes."""
    hand = _hand_of(m, deal)
    r = hand.result
    assert r is not None and r.settlement is not None and r.context is not None and r.winner is not None
    plain = replace(r.context, nagari_before=0, pushes=0)
    opps = [r.captures[o] for o in r.opponents]
    return settle(m.rules, 2, r.captures[r.winner], opps, plain).payments


def _hand_of(m: Match, deal: int) -> Any:
    from gostop.record import build_hand

    rec = m.deals[deal].hand_record
    assert rec is not None
    hand = build_hand(rec)
    for a in rec.actions:
        hand.apply(a)
    return hand


def test_VAR_PUSH_push_nagari_carry_and_doubled_settlement() -> None:
    """Push, then a nagari, then a win: the pushes survive the nagari and the winning hand's
    settlement is doubled by the carry and by the push."""

    def wanted(m: Match) -> bool:
        e = m.entries
        return any(
            a.pushed and b.outcome == "nagari" and c.outcome == "win" and not c.pushed and c.pushes == 1 and c.carry == 1
            and _hand_of(m, c.deal).result.settlement is not None
            for a, b, c in zip(e, e[1:], e[2:], strict=False)
        )

    m = _find(wanted, push=lambda m: m.pushes == 0)  # push once, then collect
    assert audit(m) == []
    e = m.entries
    i = next(
        i for i in range(len(e) - 2)
        if e[i].pushed and e[i + 1].outcome == "nagari" and e[i + 2].pushes == 1 and e[i + 2].carry == 1
    )
    pushed, nagari, won = e[i], e[i + 1], e[i + 2]
    # The pushed hand: no settlement chips moved, only what was paid during the hand.
    hand = _hand_of(m, pushed.deal)
    assert hand.result.settlement.total == pushed.pushed > 0
    fixed = [0, 0]
    for fp in hand.result.fixed_payments:
        fixed[pushed.active[fp.payer]] -= fp.amount
        if fp.payee is not None:
            fixed[pushed.active[fp.payee]] += fp.amount
    assert list(pushed.chips) == fixed
    # The nagari keeps the push; the carry counts on.
    assert nagari.pushes == 1 and nagari.carry == pushed.carry + 0
    assert m.deals[won.deal].hand_record.pushes == 1
    # The won hand: settlement = plain settlement x carry x 2 (one push).
    r = _hand_of(m, won.deal).result
    assert r.context.pushes == 1 and r.context.nagari_before == 1
    factor = nagari_factor(m.rules, 1) * 2
    assert factor == 4
    assert r.settlement.payments == tuple(p * factor for p in _base_payments(m, won.deal))
    assert ("push", 2) in r.settlement.factors


def test_VAR_PUSH_two_in_a_row_then_the_cap() -> None:
    """push_limit 2: two pushes in a row make x4; the winner after them is not offered a third."""
    offered_at_cap: list[int] = []

    def push(m: Match) -> bool:
        if m.pushes >= 2:
            offered_at_cap.append(m.pushes)
        return True

    m = _find(lambda m: any(x.pushes == 2 and x.outcome == "win" for x in m.entries), push=push)
    assert offered_at_cap == []
    assert audit(m) == []
    won = next(x for x in m.entries if x.pushes == 2 and x.outcome == "win")
    assert not won.pushed
    r = _hand_of(m, won.deal).result
    if r.settlement is not None:
        carry = nagari_factor(m.rules, won.carry)
        assert r.settlement.payments == tuple(p * carry * 4 for p in _base_payments(m, won.deal))
    after = m.entries[m.entries.index(won) + 1 :]
    if after:
        assert after[0].pushes == 0  # the win consumed the pushes


def test_VAR_PUSH_collect_consumes_nothing_and_pays() -> None:
    m = _play(3, push=lambda m: False)
    assert audit(m) == []
    assert all(not e.pushed and not e.pushes for e in m.entries)
    assert "collect" in m.history and "push" not in m.history


def test_VAR_PUSH_off_in_matgo_by_default_and_never_on_the_last_hand() -> None:
    plain = make_rules("matgo")
    assert plain.push_limit == 0
    m = _play(5, rules=plain)
    assert "push" not in m.history and "collect" not in m.history
    # One hand only: the forgone chips could never be won back, so no push is offered.
    one = _play(5, hands=1)
    assert one.entries[-1].outcome != "win" or "collect" not in one.history
    assert "push" not in one.history


def test_VAR_PUSH_decision_is_the_winners_and_checked() -> None:
    m = Match(MATGO_PUSH, ["Ann", "Bo"], 0, hands_limit=8)
    rng = random.Random(0)
    while m.phase != "push":
        with pytest.raises(IllegalMatchActionError):
            m.apply(MatchAction("push"))
        m.apply(rng.choice(m.legal_actions()))
    assert m.legal_actions() == [MatchAction("push"), MatchAction("collect")]
    assert m.hand is not None and m.hand.is_over
    winner = m.hand_seats[m.hand.result.winner]
    assert m.current_seat == winner
    assert m.push_stake == m.hand.result.settlement.total
    with pytest.raises(IllegalMatchActionError):
        m.apply("play 01B")
    with pytest.raises(IllegalMatchActionError):
        m.close()
    d = table_decision(m)
    assert d.kind == "push" and d.stake == m.push_stake and d.seat == winner and d.pushes == 0
    entries = len(m.entries)
    events = m.apply("push")
    assert [ev.type for ev in events][:2] == ["push", "hand-end"]
    assert len(m.entries) == entries + 1 and m.entries[-1].pushed == d.stake
    assert m.pushes == 1


def test_VAR_PUSH_record_replays_exactly_and_old_records_have_no_push_keys(tmp_path: Path) -> None:
    m = _find(lambda m: "push" in m.history and any(e.pushes for e in m.entries if not e.pushed))
    text = dumps_match(m)
    data = loads_match_record(text)
    again = replay_match(data)
    assert dumps_match(again) == text
    assert any(line.get("pushed") for line in data["ledger"])
    assert any(d["hand"] and d["hand"].get("pushes") for d in data["deals"])
    path = tmp_path / "push.json"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "gostop", "replay", str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    # A match without pushes writes exactly the keys it always did.
    plain = dumps_match(_play(3, push=lambda m: False))
    assert '"pushes"' not in plain and '"pushed"' not in plain
    # A tampered push is named.
    bad = json.loads(text)
    k = bad["actions"].index("push")
    bad["actions"][k] = "collect"
    with pytest.raises(Exception, match="replay differs|illegal"):
        replay_match(bad)


def _decision(**kw: Any) -> TableDecision:
    from gostop.match.actions import MatchAction as MA

    base: dict[str, Any] = dict(legal=(MA("push"), MA("collect")), hand=(), rules=MATGO_PUSH, seated=2, kind="push")
    base.update(kw)
    return TableDecision(**base)


def test_VAR_PUSH_bots_collect_by_expected_value_and_push_to_catch_up() -> None:
    ahead = _decision(stake=7, pushes=0, hands_left=5, behind=0)
    assert push_value(ahead) < 0 and not pushes_pay(ahead)
    assert push_value(ahead, edge=10.0) > 0  # were the next dealer's edge big, pushing would pay
    late_behind = _decision(stake=7, pushes=0, hands_left=1, behind=30)
    early_behind = _decision(stake=7, pushes=0, hands_left=9, behind=30)
    assert pushes_pay(late_behind) and not pushes_pay(early_behind)
    for level in ("greedy", "expert"):
        agent = make_agent(level)
        assert str(agent.choose_table(late_behind)) == "push"
        assert str(agent.choose_table(ahead)) == "collect"
    assert str(make_agent("random").choose_table(ahead)) in ("push", "collect")


def test_VAR_PUSH_bots_decide_through_the_seat_driver_in_whole_matches() -> None:
    """Bots get the push decision through the driver like any table decision; every push they
    make is the catch-up rule's (they trail the leader after collecting, few hands left)."""
    from gostop.table.driver import begin_hand, decide, decide_table

    pushes = collects = 0
    for seed in range(6):
        m = Match(MATGO_PUSH, ["Ann", "Bo"], seed, hands_limit=4)
        bots = [make_agent("greedy"), make_agent("greedy")]
        told = None
        while not m.is_over:
            seat = m.current_seat
            assert seat is not None
            if m.phase != "hand":
                if m.phase == "push":
                    d = table_decision(m)
                    choice = str(decide_table(bots[seat], m))
                    assert choice == ("push" if pushes_pay(d) else "collect")
                    assert choice == "collect" or (d.behind > 0 and d.hands_left is not None and d.hands_left <= 2)
                    pushes += choice == "push"
                    collects += choice == "collect"
                    m.apply(choice)
                    continue
                m.apply(decide_table(bots[seat], m))
                continue
            if m.hand is not told:
                told = m.hand
                for t in range(2):
                    begin_hand(bots[t], MATGO_PUSH, 2, m.hand_seat(t), seed)
            m.apply(decide(bots[seat], m.hand, m.hand_seat(seat), seed))
        assert audit(m) == []
    assert pushes and collects
