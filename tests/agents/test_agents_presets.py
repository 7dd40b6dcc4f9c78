"""Every bot finishes every preset (2 and 3 players, and the decision-heavy variants) with
legal actions only; the driver raises IllegalAgentAction otherwise."""

from __future__ import annotations

import pytest

from gostop.agents import TableDecision, make_agent
from gostop.agents.expert import hand_strength
from gostop.cards import parse_cards
from gostop.match.actions import MatchAction
from gostop.rules import PRESET_NAMES, get_preset, make_rules
from gostop.sim import simulate

BOTS = ["random", "greedy", "expert", "search:steps=40"]

# Knobs that add decisions or change their shape (DEC-5..DEC-16).
VARIANTS = {
    "jokers": ["JK1", "JK2", "JK3", "JKB", "JKX", "JKP"],
    "heundeum_must_play": True,
    "bomb_after_heundeum": True,
    "bomb_compensation": "draw_three",
    "grenade": "as_bomb",
    "bomb_steals_junk": True,
    "chongtong": "optional",
    "joker_hand_mode": "reveal_replace",
    "joker_stays_with_ppuk": True,
    "shodang_eligibility": "no_safe_play",
    "shodang_window": "rest_of_hand",
    "go_decision_trigger": "improved",
    "go_bak_two_player": "double",
    "four_on_table": "dealer_chongtong",
    "ja_ppuk_junk": 3,
}


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_finishes_every_preset(preset: str, players: int) -> None:
    rules = get_preset(preset)
    if players == 3 and rules.two_player_only:
        pytest.skip("GEN-7: matgo is played by 2 players (tests/test_rules.py checks the refusal)")
    for first in range(0, len(BOTS), players):
        lineup = [BOTS[(first + k) % len(BOTS)] for k in range(players)]
        report = simulate(rules, lineup, 4, seed=10 * PRESET_NAMES.index(preset) + players)
        assert report.hands == 4 * players


@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_handles_the_variant_decisions(players: int) -> None:
    rules = make_rules("pagat", VARIANTS)
    for first in range(0, len(BOTS), players):
        lineup = [BOTS[(first + k) % len(BOTS)] for k in range(players)]
        report = simulate(rules, lineup, 6, seed=players + first)
        assert report.hands == 6 * players


def test_table_decisions() -> None:
    rules = get_preset("pagat")
    strong = tuple(parse_cards("01B 03B 08B 05A 05R 05J1 11D"))
    weak = tuple(parse_cards("02J1 04J2 06J1 07J2 09J1 10J2 12R"))
    assert hand_strength(strong) > hand_strength(weak)
    legal = (MatchAction("stay"), MatchAction("drop"))
    expert = make_agent("expert")
    assert str(expert.choose_table(TableDecision(legal, strong, rules, seated=5))) == "stay"
    assert str(expert.choose_table(TableDecision(legal, weak, rules, seated=5))) == "drop"
    claims = (MatchAction("claim"), MatchAction("claim-triple"), MatchAction("no-claim"))
    for spec in ("greedy", "expert", "search"):
        assert str(make_agent(spec).choose_table(TableDecision(claims, strong, rules))) == "claim-triple"
    cut = (MatchAction("no-cut"), *(MatchAction("cut", c) for c in range(1, 50)))
    for spec in ("greedy", "expert"):
        chosen = make_agent(spec).choose_table(TableDecision(cut, (), rules, kind="cut", deck_size=50, seed=4))
        assert isinstance(chosen, MatchAction) and chosen.kind == "cut" and 16 <= (chosen.value or 0) <= 33
    rnd = make_agent("random")
    assert rnd.choose_table(TableDecision(claims, strong, rules)) in claims
