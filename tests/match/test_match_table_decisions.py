"""The match layer driven by bots' table decisions (DEC-1, DEC-3, DEC-4 through the agents
protocol, :mod:`gostop.agents.table`): gwangpalli tables of 4 to 7 seated stay sound."""

from __future__ import annotations

import json

import pytest

from gostop.agents import make_agent
from gostop.agents.table import choose_table_action, table_decision
from gostop.match import Match, audit, dumps_match, replay_match
from gostop.rules import make_rules


@pytest.mark.parametrize("seated", [4, 5, 6, 7])
def test_bot_table_decisions_keep_gwangpalli_matches_sound(seated: int) -> None:
    rules = make_rules("pagat", {"match_hands": 3, "compensation_timing": "immediate"})
    bots = [make_agent(["easy", "normal"][s % 2]) for s in range(seated)]
    m = Match(rules, [f"P{s}" for s in range(seated)], seed=100 + seated)
    kinds: set[str] = set()
    while not m.is_over:
        seat = m.current_seat
        assert seat is not None
        if m.phase == "hand":
            m.apply(m.legal_actions()[0])
            continue
        d = table_decision(m)
        assert d.seat == seat and d.seated == seated
        action = choose_table_action(bots[seat], m)
        kinds.add(action.kind)
        m.apply(action)
    assert audit(m) == []
    assert "cut" in kinds and kinds & {"stay", "drop"}
    text = dumps_match(m)
    assert dumps_match(replay_match(json.loads(text))) == text
    for log in m.deals:
        stays = sum(1 for _, what in log.announcements if what in ("stay", "forced-in"))
        if log.full:
            assert stays == 2  # GWANG-3: the dealer and two others play
