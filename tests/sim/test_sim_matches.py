"""Whole-match simulation: duplicate matches, chips per match, intervals clustered by match seed."""

from __future__ import annotations

import pytest

from gostop.agents import make_agent
from gostop.rules import get_preset, make_rules
from gostop.sim import MatchJob, simulate_matches
from gostop.sim.matches import DEFAULT_MATCH_HANDS, build_match_report, play_clusters, play_match
from gostop.sim.schedule import derive_seed


def test_every_rotation_of_a_match_is_zero_sum_and_seeds_the_same_deals() -> None:
    job = MatchJob(make_rules("pagat", {"match_hands": 3}), ("easy", "normal", "easy", "random", "normal"), seed=4)
    (cluster,) = play_clusters(job, [0])
    assert len(cluster.matches) == 5
    for m in cluster.matches:
        assert sum(m.chips) == 0
        assert sorted(m.lineup_at) == list(range(5))
        assert m.hands == 3 and sum(m.played) == 9  # gwangpalli: three play each hand
    assert {m.lineup_at for m in cluster.matches} == {tuple((s - r) % 5 for s in range(5)) for r in range(5)}


def test_interval_is_taken_over_match_seeds_not_matches() -> None:
    job = MatchJob(make_rules("pagat", {"match_hands": 2}), ("easy", "random", "easy"), seed=9)
    clusters = play_clusters(job, [0, 1, 2, 3])
    report = build_match_report(job, clusters)
    assert report.clusters == 4 and report.matches == 12
    easy = report.bot("easy")
    assert easy.chips.n == 4 and easy.matches == 24  # two seats x 12 matches
    # The per-seed means are what the interval is built from.
    per_seed = []
    for cl in clusters:
        vals = [m.chips[s] for m in cl.matches for s in range(3) if job.lineup[m.lineup_at[s]] == "easy"]
        per_seed.append(sum(vals) / len(vals))
    assert easy.chips.value == pytest.approx(sum(per_seed) / 4)
    assert easy.chips.low < easy.chips.value < easy.chips.high


def test_same_numbers_with_one_or_two_workers() -> None:
    rules = make_rules("pagat", {"match_hands": 2})
    one = simulate_matches(rules, ["easy", "normal", "random", "easy"], 3, seed=2, workers=1)
    two = simulate_matches(rules, ["easy", "normal", "random", "easy"], 3, seed=2, workers=2)
    assert one.to_json(timing=False) == two.to_json(timing=False)


def test_open_ended_rules_get_a_default_length() -> None:
    job = MatchJob(get_preset("pagat-classic"), ("easy", "easy"), seed=0)
    assert job.hands_limit() == DEFAULT_MATCH_HANDS
    assert MatchJob(get_preset("pagat"), ("easy", "easy"), seed=0).hands_limit() is None
    with pytest.raises(ValueError, match="2 to 7"):
        MatchJob(get_preset("pagat"), ("easy",) * 8, seed=0)


def test_a_hand_ended_at_the_deal_counts_as_played() -> None:
    # Match seed 8 (2 hands, two random bots): the first hand is a chongtong, decided at the
    # deal before anyone is asked anything; both seats still played it, in both rotations.
    rules = make_rules("pagat", {"match_hands": 2})
    match, _, _ = play_match(rules, [make_agent("random"), make_agent("greedy")], derive_seed(8, "match", 0))
    assert [e.reason for e in match.ledger.entries][0] == "chongtong"
    job = MatchJob(rules, ("random", "greedy"), seed=8)
    (cluster,) = play_clusters(job, [0], timing=False)
    for m in cluster.matches:
        assert m.hands == 2
        assert m.played == [2, 2]
    report = build_match_report(job, [cluster])
    assert [b.hands_played for b in report.bots] == [2.0, 2.0]


def test_a_seat_that_sits_out_a_gwangpalli_hand_did_not_play_it() -> None:
    # 4 seated, three play each hand: every hand counts once for each of its three players.
    job = MatchJob(make_rules("pagat", {"match_hands": 4}), ("random", "greedy", "random", "greedy"), seed=3)
    for cluster in play_clusters(job, [0, 1], timing=False):
        for m in cluster.matches:
            assert m.hands == 4 and sum(m.played) == 3 * 4
            assert all(0 <= p <= 4 for p in m.played)
