"""Matgo (맞고, issue 19) in every face that is not the terminal (tests/play/test_play_matgo.py)
or the settlement (tests/test_settlement.py): the simulator (reference and fast engines), hand
records and their replay, the stop preview and the RL environment, each with small counts."""

from __future__ import annotations

import json
import random

import pytest

from cli_support import gostop
from gostop.engine import DealError, Hand
from gostop.record import dumps, loads_record, record_hand, replay
from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle

MATGO = get_preset("matgo")


def _random_hand(seed: int, until_go_stop: bool = False) -> Hand:
    hand = Hand.new(MATGO, 2, seed, nagari_before=seed % 4)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = {a.kind for a in legal}
        if until_go_stop and "go" in kinds:
            return hand
        # go whenever asked (several goes make PAY-15 visible), else a random choice
        go = [a for a in legal if a.kind == "go"]
        hand.apply(go[0] if go and rng.random() < 0.8 else legal[rng.randrange(len(legal))])
    return hand


def test_simulator_plays_matgo_with_two_bots() -> None:
    run = gostop("simulate", "expert", "greedy", "-n", "3", "-w", "1", "--json", "--no-timing",
                 "--preset", "matgo", "--seed", "4")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["preset"], data["players"], data["hands"]) == ("matgo", 2, 6)
    assert sum(b["points_per_hand"] for b in data["bots"]) == pytest.approx(0, abs=1e-9)


def test_simulator_refuses_a_three_player_matgo() -> None:
    run = gostop("simulate", "expert", "greedy", "easy", "-n", "1", "-w", "1", "--preset", "matgo")
    assert run.exit_code == 2
    assert "2 players only" in run.error_line()


def test_fast_simulator_plays_matgo() -> None:
    pytest.importorskip("numba")
    run = gostop("simulate", "greedy", "random", "-n", "20", "-w", "1", "--json", "--no-timing",
                 "--preset", "matgo", "--engine", "fast", "--seed", "3")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["preset"], data["players"], data["hands"]) == ("matgo", 2, 40)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_matgo_hand_record_round_trips_and_replays(seed: int) -> None:
    hand = _random_hand(seed)
    record = record_hand(hand, seed=seed)
    text = dumps(record)
    assert json.loads(text)["rules"] == {"preset": "matgo", "overrides": {}}
    again, steps = replay(loads_record(text))
    assert again.is_over and len(steps) == len(hand.history)
    assert again.result is not None and hand.result is not None
    assert again.result.to_json() == hand.result.to_json()


def test_stop_preview_pays_matgo_go_points() -> None:
    """At a go/stop decision the preview is the matgo settlement of a stop now, and the next
    go's chips and multiplier follow PAY-15 (+1 per go, doubling from the third)."""
    found = 0
    for seed in range(200):
        hand = _random_hand(seed, until_go_stop=True)
        if hand.is_over:
            continue
        sp = hand.stop_preview()
        assert sp.next_go_chips == sp.goes + 1
        assert sp.next_go_multiplier == (1 << (sp.goes - 1) if sp.goes + 1 >= 3 else 1)
        assert sp.settlement.go_chips == sp.goes
        s = sp.settlement
        assert s.base == s.points + sp.goes and sp.total == sum(a for _seat, a in sp.payments)
        found += 1
        if found >= 5:
            break
    assert found >= 5


def test_engine_refuses_three_players_and_settles_two() -> None:
    with pytest.raises(DealError, match="2 players only"):
        Hand.new(MATGO, 3, 1)
    s = settle(MATGO.with_overrides(stop_target_two_player=1, go_decision_trigger="improved"), 2,
               ["01B", "03B", "08B", "11B"], [["12B"]], SettleContext(goes=4))
    assert s.payments == ((4 + 4) * 4,)


def test_rl_env_plays_matgo() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from gostop.rl import env

    e = env(preset="matgo", players=2)
    e.reset(seed=7)
    rng = random.Random(7)
    steps = 0
    for agent in e.agent_iter(max_iter=2000):
        _obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        mask = e.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask)
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    assert steps > 10
    with pytest.raises(ValueError, match="2 players only"):  # refused when the env is made
        env(preset="matgo", players=3)
