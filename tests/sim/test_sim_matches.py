"""Whole-match simulation: duplicate matches, chips per match, intervals clustered by match seed."""

from __future__ import annotations

import pytest

from gostop.rules import get_preset, make_rules
from gostop.sim import MatchJob, simulate_matches
from gostop.sim.matches import DEFAULT_MATCH_HANDS, build_match_report, play_clusters


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
