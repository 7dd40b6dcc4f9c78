"""Table decisions of a match through the agents protocol (DEC-1..DEC-4, GWANG-3..GWANG-7)."""

from __future__ import annotations

import pytest

from gostop.agents import Agent, Decision, IllegalAgentAction, TableDecision, make_agent
from gostop.agents.table import (
    best_claim,
    choose_table_action,
    compensation_cost,
    hand_strength,
    stay_value,
    table_decision,
)
from gostop.cards import parse_cards
from gostop.engine import Action
from gostop.match import Match, MatchAction
from gostop.rules import get_preset, make_rules

RULES = get_preset("pagat")
STAY_DROP = (MatchAction("stay"), MatchAction("drop"))
CLAIMS = (MatchAction("claim"), MatchAction("claim-triple"), MatchAction("no-claim"))


def _to_drop_phase(seated: int, seed: int) -> Match:
    m = Match(RULES, [f"P{i}" for i in range(seated)], seed)
    while m.phase == "cut":
        m.apply("no-cut")
    return m


def test_table_decision_holds_only_the_seats_own_cards() -> None:
    for seed in range(6):
        m = _to_drop_phase(5, seed)
        if m.phase != "drop":
            continue
        seat = m.current_seat
        assert seat is not None
        d = table_decision(m)
        assert d.kind == "drop" and d.seat == seat and d.seated == 5
        assert tuple(c.code for c in d.hand) == m.dealt_cards(seat)
        others = {code for s in range(5) if s != seat for code in m._seated_hands[(s - m.dealer) % 5]}
        seen = {c.code for c in d.hand}
        assert not seen & others
        assert others.isdisjoint(repr(d).replace("'", " ").replace(",", " ").split())
        return
    pytest.fail("no drop phase reached")


def test_table_decision_is_refused_during_a_hand_and_for_another_seat() -> None:
    m = Match(RULES, ["A", "B", "C"], 3)
    seat = m.current_seat
    assert m.phase == "cut" and seat is not None
    with pytest.raises(ValueError, match="seat"):
        table_decision(m, (seat + 1) % 3)
    d = table_decision(m)
    assert d.kind == "cut" and d.hand == () and d.deck_size == m.deck_size
    m.apply("no-cut")
    with pytest.raises(ValueError, match="no table decision now"):
        table_decision(m)


class _Cheater(Agent):
    name = "cheater"

    def choose(self, decision: Decision) -> Action:
        return decision.legal[0]

    def choose_table(self, decision: TableDecision) -> object:
        return "stay-forever"


def test_an_illegal_table_answer_is_caught() -> None:
    m = Match(RULES, ["A", "B", "C"], 3)
    with pytest.raises(IllegalAgentAction, match="stay-forever"):
        choose_table_action(_Cheater(), m)


def test_cut_is_in_the_middle_of_the_deck_and_reproducible() -> None:
    m = Match(RULES, ["A", "B", "C"], 11)
    for spec in ("easy", "normal", "hard"):
        a = choose_table_action(make_agent(spec), m)
        assert a.kind == "cut" and m.deck_size // 3 <= (a.value or 0) <= 2 * m.deck_size // 3
        assert choose_table_action(make_agent(spec), m) == a


def test_best_claim_takes_the_doubled_amount_and_skips_nothing_to_claim() -> None:
    triple = tuple(parse_cards("01B 03B 05A 05R 05J1 02J1 04J2"))
    d = TableDecision(CLAIMS, triple, RULES, seated=5, kind="claim")
    assert str(best_claim(d)) == "claim-triple"
    no_triple = tuple(parse_cards("01B 03B 05A 06R 07J1 02J1 04J2"))
    d = TableDecision(CLAIMS[::2], no_triple, RULES, seated=5, kind="claim")
    assert str(best_claim(d)) == "claim"
    # GWANG-6: in a 4-seat game 12B alone is worth nothing.
    only_12b = tuple(parse_cards("12B 02J1 04J2 06J1 07J2 09J1 10J2"))
    d = TableDecision(CLAIMS[::2], only_12b, RULES, seated=4, kind="claim")
    assert str(best_claim(d)) == "no-claim"


def test_staying_as_the_second_stayer_costs_the_compensation_of_the_forced_out() -> None:
    hand = tuple(parse_cards("01B 03B 08B 05A 05R 06J1 11D"))
    first = TableDecision(STAY_DROP, hand, RULES, seated=7, kind="drop", stayed=0, undecided=0)
    second = TableDecision(STAY_DROP, hand, RULES, seated=7, kind="drop", stayed=1, undecided=4)
    assert compensation_cost(first) == 0.0
    assert compensation_cost(second) > 4 * RULES.compensation_per_card
    assert stay_value(first) > 0 > stay_value(second)
    expert = make_agent("normal")
    assert str(expert.choose_table(first)) == "stay"
    assert str(expert.choose_table(second)) == "drop"


@pytest.mark.parametrize("spec", ["easy", "normal", "search:steps=300"])
def test_strong_hands_stay_and_weak_hands_drop(spec: str) -> None:
    strong = tuple(parse_cards("01B 03B 08B 05A 05R 05J1 11D"))
    weak = tuple(parse_cards("02J1 04J2 06J1 07J2 09J1 10J2 12R"))
    assert hand_strength(strong) > hand_strength(weak)
    agent = make_agent(spec)
    for cards, want in ((strong, "stay"), (weak, "drop")):
        d = TableDecision(STAY_DROP, cards, RULES, seated=5, kind="drop", undecided=1, seed=5)
        assert str(agent.choose_table(d)) == want, (spec, want)


@pytest.mark.parametrize("seated", [2, 3, 4, 5, 6, 7])
def test_every_level_plays_whole_matches_through_the_driver(seated: int) -> None:
    from gostop.match import audit
    from gostop.sim.matches import play_match

    rules = make_rules("pagat", {"match_hands": 2})
    specs = ["easy", "normal", "search:steps=60"]
    agents = [make_agent(specs[s % 3]) for s in range(seated)]
    match, times, played = play_match(rules, agents, seed=seated, agent_seed=1)
    assert match.is_over and audit(match) == []
    assert sum(played) == 3 * match.hands_played or seated == 2
    assert all(times)


def test_the_terminal_game_asks_its_bots_for_table_decisions() -> None:
    """The terminal game's bots cut, stay or drop through the agents protocol (before: a rule
    of thumb in the game that never cut)."""
    from gostop.play.session import Session, Settings

    for seed in range(10):
        m = Match(RULES, ["You", "Bo", "Cy", "Di", "Ed"], seed)
        cutter = m.current_seat
        assert m.phase == "cut" and cutter is not None
        if cutter == 0:
            continue
        s = Session(Settings(players=5, level="normal", seed=seed, ask_cut=True), m, {k: "normal" for k in range(1, 5)})
        action = s._bot_action(cutter, m.legal_actions())
        assert action == choose_table_action(make_agent("normal"), m)
        assert action.kind == "cut"
        return
    pytest.fail("no bot cutter found")
