"""``gostop simulate --ladder``: every pair on the same duplicate deals, ratings with CIs."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from gostop.cli import app
from gostop.rules import get_preset
from gostop.sim.ladder import bradley_terry, play_ladder, points_rating


def test_bradley_terry_recovers_a_known_strength_ratio() -> None:
    # 0 beats 1 three times in four; 1 beats 2 three times in four; 0 beats 2 nine in ten.
    elo = bradley_terry(3, [(0, 1, 7500, 2500), (1, 2, 7500, 2500), (0, 2, 9000, 1000)])
    assert elo[0] == 0.0
    step = 400 * math.log10(3)  # a 3:1 strength ratio
    assert elo[1] == pytest.approx(-step, abs=15)
    assert elo[2] == pytest.approx(-2 * step, abs=25)
    # equal records give equal ratings
    assert bradley_terry(2, [(0, 1, 50, 50)])[1] == pytest.approx(0.0, abs=1e-6)


def test_points_rating_is_the_least_squares_fit_of_the_pair_differences() -> None:
    # consistent differences are reproduced exactly
    r = points_rating(3, [(0, 1, 2.0, 10), (1, 2, 3.0, 10), (0, 2, 5.0, 10)])
    assert r == pytest.approx([0.0, -2.0, -5.0])
    # an inconsistent triangle: the heavier pair weighs more
    r = points_rating(3, [(0, 1, 2.0, 1000), (1, 2, 3.0, 1000), (0, 2, 8.0, 1)])
    assert r[1] == pytest.approx(-2.0, abs=0.01) and r[2] == pytest.approx(-5.0, abs=0.02)


def test_tiny_ladder_orders_greedy_above_random_on_the_same_deals() -> None:
    ladder = play_ladder(get_preset("pagat"), ["random", "greedy", "expert"], 12, seed=4)
    assert [(p.a, p.b) for p in ladder.pairs] == [("random", "greedy"), ("random", "expert"), ("greedy", "expert")]
    for p in ladder.pairs:
        assert p.hands == 24  # 12 deals x 2 seatings
        assert p.wins_a + p.wins_b == pytest.approx(24)
    by = {r.bot: r for r in ladder.ratings}
    assert by["random"].points == 0.0 and by["random"].elo == 0.0  # the anchor
    assert by["greedy"].points > 10 and by["greedy"].points_low > 0  # greedy crushes random
    assert by["greedy"].elo > 100 and by["greedy"].low > 0
    for r in ladder.ratings:
        assert r.points_low <= r.points <= r.points_high or r.bot == "random"
    # the same seed, the same ladder
    again = play_ladder(get_preset("pagat"), ["random", "greedy", "expert"], 12, seed=4)
    assert again.to_json(timing=False) == ladder.to_json(timing=False)  # decision times aside


def test_ladder_rejects_a_repeated_bot() -> None:
    with pytest.raises(ValueError, match="each bot once"):
        play_ladder(get_preset("pagat"), ["greedy", "greedy"], 2)


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_simulate_ladder_prints_ratings_and_pairs() -> None:
    code, out, err = _cli("simulate", "--ladder", "easy", "random", "-n", "4", "-w", "1", "--seed", "3")
    assert code == 0, err
    assert "Ratings" in out and "points/hand" in out and "Elo (wins)" in out
    assert "easy" in out and "random" in out and "Pairs" in out
    code, out, err = _cli("simulate", "--ladder", "easy", "random", "-n", "4", "-w", "1", "--json")
    data = json.loads(out)
    assert data["deals_per_pair"] == 4 and [r["bot"] for r in data["ratings"]] == ["easy", "random"]
    assert data["pairs"][0]["hands"] == 8


@pytest.mark.parametrize(
    "args, words",
    [
        (("--ladder", "greedy"), "two or more different bots"),
        (("--ladder", "greedy", "greedy"), "two or more different bots"),
        (("--ladder", "--match", "greedy", "random"), "two modes"),
        (("--ladder", "greedy", "nosuchbot"), "unknown bot"),
    ],
)
def test_simulate_ladder_bad_input_is_one_line(args: tuple[str, ...], words: str) -> None:
    code, _, err = _cli("simulate", *args)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], err


def test_ladder_json_has_the_decision_times_its_table_shows() -> None:
    code, out, err = _cli("simulate", "--ladder", "greedy", "random", "-n", "3", "-w", "1", "--json")
    assert code == 0, err
    (pair,) = json.loads(out)["pairs"]
    p95_a, p95_b = pair["decision_ms_p95"]
    assert p95_a > 0 and p95_b > 0  # the table's p95 A and p95 B, in milliseconds
    code, out, err = _cli("simulate", "--ladder", "greedy", "random", "-n", "3", "-w", "1", "--json", "--no-timing")
    assert code == 0, err
    assert "decision_ms_p95" not in json.loads(out)["pairs"][0]  # not measured: not reported
