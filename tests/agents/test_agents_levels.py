"""Levels for people (issue 22, item 3): one place maps each level to one bot; names in both
languages; the search guided by the learned policy (``search:guide=learned``)."""

from __future__ import annotations

import random

import pytest

from gostop.agents import LEVEL_NAMES, LEVELS, SearchAgent, level_name, make_agent, parse_spec
from gostop.agents.knowledge import View
from gostop.agents.protocol import Decision, HandContext, WorldSampler
from gostop.engine import Hand
from gostop.rules import get_preset

pytest.importorskip("numpy")


def test_every_level_is_one_buildable_bot_easiest_first() -> None:
    assert list(LEVELS) == ["easy", "normal", "instinct", "hard"]
    bots = {level: parse_spec(level) for level in LEVELS}
    assert bots["easy"] == ("greedy", {})
    assert bots["normal"] == ("expert", {})
    assert bots["instinct"] == ("learned", {})
    assert bots["hard"] == ("search", {"infer": 0.7, "infer_players": 3, "exclude": 0.0, "opponents": "greedy", "model_prune": 0.0})  # the greedy model: weights, exclusions, rollouts; no pruning with 3 players
    for level in LEVELS:
        make_agent(level)
    assert len(set(LEVELS.values())) == len(LEVELS)


def test_level_names_in_english_and_korean() -> None:
    for lang in ("en", "ko"):
        assert set(LEVEL_NAMES[lang]) == set(LEVELS)
    assert level_name("instinct", "ko") == "직감"
    assert level_name("hard", "ko") == "어려움"
    assert level_name("instinct") == "instinct"
    assert level_name("hard", "xx") == "hard"  # an unknown language: English


def test_unknown_guide_is_refused() -> None:
    with pytest.raises(ValueError, match="guide"):
        make_agent("search:guide=greedy")


def _main_decisions(players: int, seeds: range, least: int = 3):
    rules = get_preset("pagat")
    for seed in seeds:
        h = Hand.new(rules, players, seed)
        rng = random.Random(seed)
        n = 0
        while not h.is_over:
            legal = h.legal_actions()
            s = h.current_player
            assert s is not None
            if len(legal) >= least:
                yield rules, s, seed, Decision(h.observation(s), tuple(legal), WorldSampler.from_hand(h, s, seed * 50 + n))
                n += 1
            h.apply(legal[rng.randrange(len(legal))])


def test_guided_search_always_searches_the_learned_policys_choice() -> None:
    search = make_agent("search:guide=learned:iters=2")
    hard = make_agent("hard:iters=2")
    learned = make_agent("learned")
    assert isinstance(search, SearchAgent) and isinstance(hard, SearchAgent)
    checked = 0
    for rules, seat, seed, d in _main_decisions(2, range(6)):
        for agent in (search, hard, learned):
            agent.begin_hand(HandContext(rules, 2, seat, seed))
        v = View.from_observation(d.observation, rules)
        if v.stage != "main":
            continue
        guided = learned.choose(d)
        texts = [a.text for a in search.searched_candidates(d)]
        plain = [a.text for a in hard.searched_candidates(d)]
        checked += 1
        # the learned choice is searched (itself, or an equivalent card of the same month)
        assert guided.text in texts or any(
            a.kind == "play" and guided.kind == "play" and a.cards[0].month == guided.cards[0].month for a in search.searched_candidates(d)
        )
        assert texts[0] == plain[0]  # the expert's choice stays the baseline
        chosen = search.choose(d)
        assert chosen in d.legal
    assert checked >= 20


def test_the_guide_sometimes_widens_the_search() -> None:
    # (rare: the learned choice is the expert's in about 4 main decisions of 5 and nearly always
    # among its 4 best cards; 3 widened of 872 main decisions, 2 and 3 players, 30 seeds each)
    guided = make_agent("search:guide=learned:iters=2")
    hard = make_agent("hard:iters=2")
    assert isinstance(guided, SearchAgent) and isinstance(hard, SearchAgent)
    widened = 0
    for players in (2, 3):
        for rules, seat, seed, d in _main_decisions(players, range(30)):
            for agent in (guided, hard):
                agent.begin_hand(HandContext(rules, players, seat, seed))
            if View.from_observation(d.observation, rules).stage == "main":
                widened += len(guided.searched_candidates(d)) > len(hard.searched_candidates(d))
    assert widened >= 1


def test_level_edges_are_measured_neighbours() -> None:
    from gostop.agents.registry import LEVEL_EDGES

    order = list(LEVELS)
    for edge in LEVEL_EDGES:
        assert order.index(edge.level) == order.index(edge.below) + 1
        assert edge.low <= edge.points <= edge.high and edge.low > 0  # a gap the CI confirms
        assert edge.deals >= 1000


def test_the_games_offer_the_levels_of_the_registry() -> None:
    from gostop.play.names import LEVEL_NAMES as OFFERED

    assert tuple(LEVELS) == OFFERED


def test_anchored_search_defends_the_learned_policys_choice() -> None:
    # ``anchor=learned``: the learned choice is the baseline (first candidate) at the anchored
    # stages, so a search that can never be confident (prior=1000) plays it; elsewhere the expert's.
    anchored = make_agent("search:anchor=learned:iters=2:prior=1000")
    both = make_agent("search:anchor=learned:anchor_stages=main+go-stop:iters=2:prior=1000")
    expert = make_agent("search:iters=2:prior=1000")
    learned = make_agent("learned")
    assert isinstance(anchored, SearchAgent) and isinstance(both, SearchAgent)
    differs = {"main": 0, "go-stop": 0}
    seen = {"main": 0, "go-stop": 0}
    for players in (2, 3):
        for rules, seat, seed, d in _main_decisions(players, range(12), least=2):
            for agent in (anchored, both, expert, learned):
                agent.begin_hand(HandContext(rules, players, seat, seed))
            stage = View.from_observation(d.observation, rules).stage
            if stage not in seen:
                continue
            seen[stage] += 1
            mine = learned.choose(d)
            theirs = expert.choose(d)
            differs[stage] += mine.text != theirs.text
            assert anchored.searched_candidates(d)[0].text == (mine.text if stage == "main" else theirs.text)
            assert anchored.choose(d).text == (mine.text if stage == "main" else theirs.text)
            assert both.choose(d).text == mine.text
    assert seen["main"] >= 40 and differs["main"] >= 1  # the anchor changes some main choices
    assert seen["go-stop"] >= 3


def test_bad_anchor_options_are_refused() -> None:
    with pytest.raises(ValueError, match="anchor= takes"):
        make_agent("search:anchor=greedy")
    with pytest.raises(ValueError, match="anchor_stages= takes"):
        make_agent("search:anchor=learned:anchor_stages=main+deal")
