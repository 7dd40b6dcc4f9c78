"""The rollout net (``search:rollout_policy=net``): its compiled forward pass is the network's,
its inputs are what the deciding seat may know, the shipped weights learned their teacher, and
the trainer (``python -m gostop.rl.rollnet``) fits and refuses bad input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402

import gostop.agents  # noqa: E402, F401  (before gostop.rl: the agents register first)
from gostop.agents import AgentSpecError, make_agent  # noqa: E402
from gostop.engine import DealError, Hand  # noqa: E402
from gostop.fast.config import config_for  # noqa: E402
from gostop.fast.convert import ConversionError, state_from_hand  # noqa: E402
from gostop.fast.kernels import legal  # noqa: E402
from gostop.fast.layout import A_PLAY, ACT  # noqa: E402
from gostop.fast.rollout import NET_INPUTS, load_net, net_inputs, net_play  # noqa: E402
from gostop.rl import rollnet  # noqa: E402
from gostop.rules import PRESETS, Rules  # noqa: E402
from gostop.sim import simulate  # noqa: E402


def _main_states(rules: Rules, players: int, seeds: range) -> list[tuple[Hand, int]]:
    """Hands played at random to a main action where two or more month cards may be played."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        try:
            h = Hand.new(rules, players, seed)
        except DealError:
            continue
        for _ in range(rng.randrange(40)):
            if h.is_over:
                break
            acts = h.legal_actions()
            h.apply(acts[rng.randrange(len(acts))])
        if h.is_over or h.stage != "main":
            continue
        if sum(a.kind == "play" for a in h.legal_actions()) >= 2:
            seat = h.current_player
            assert seat is not None
            found.append((h, seat))
    return found


def _random_weights(seed: int, hidden: int = 16) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    r = np.random.default_rng(seed)
    return (
        r.standard_normal((NET_INPUTS, hidden)).astype(np.float32),
        r.standard_normal(hidden).astype(np.float32),
        r.standard_normal((48, hidden)).astype(np.float32),
        r.standard_normal(48).astype(np.float32),
    )


@pytest.mark.parametrize("players", [2, 3])
def test_the_compiled_net_plays_the_networks_card(players: int) -> None:
    rules = PRESETS["pagat"]
    cfg = config_for(rules)
    buf = np.empty(8192, np.int64)
    checked = 0
    for k, (h, seat) in enumerate(_main_states(rules, players, range(150))):
        try:
            S = state_from_hand(h, cfg, buf=buf)
        except ConversionError:
            continue
        weights = _random_weights(k)
        n = legal(S, cfg.knobs, cfg.table, buf)
        codes = buf[:n].copy()
        plays = [int(c % ACT) for c in codes if c // ACT == A_PLAY]
        if max(plays) >= 48:
            continue
        x = np.empty(NET_INPUTS, np.float32)
        net_inputs(S, cfg.knobs, cfg.table, seat, x)
        W1, b1, W2, b2 = weights
        logits = np.maximum(x @ W1 + b1, 0.0) @ W2.T + b2
        want = max(plays, key=lambda c: logits[c])
        got = net_play(S, cfg.knobs, cfg.table, codes, n, seat, *weights)
        assert got >= 0 and codes[got] // ACT == A_PLAY
        assert int(codes[got] % ACT) == want
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("players", [2, 3])
def test_the_nets_inputs_are_what_the_seat_may_know(players: int) -> None:
    """A world drawn for the seat (its hidden cards re-dealt) gives the same inputs; the real
    hand of another seat gives different ones."""
    rules = PRESETS["pagat"]
    cfg = config_for(rules)
    checked = 0
    for h, seat in _main_states(rules, players, range(60)):
        try:
            real = state_from_hand(h, cfg)
            world = state_from_hand(h.determinize(seat, random.Random(7)), cfg)
        except ConversionError:
            continue
        a = np.empty(NET_INPUTS, np.float32)
        b = np.empty(NET_INPUTS, np.float32)
        net_inputs(real, cfg.knobs, cfg.table, seat, a)
        net_inputs(world, cfg.knobs, cfg.table, seat, b)
        assert np.array_equal(a, b)
        other = (seat + 1) % players
        net_inputs(real, cfg.knobs, cfg.table, other, b)
        assert not np.array_equal(a, b)
        # own hand plane: exactly the seat's month cards
        assert int(a[:48].sum()) == sum(1 for c in h.observation(seat).hand if c.index is not None)
        checked += 1
    assert checked >= 10


def test_the_shipped_net_learned_its_teacher() -> None:
    """On fresh hands the shipped net plays the learned policy's card more often than the
    compiled heuristic it replaces in the rollouts."""
    data = rollnet.collect(PRESETS["pagat"], 3, 25, seed=987)
    assert len(data) >= 200
    weights = load_net()
    net = rollnet.agreement(weights, data)
    lite = float(np.mean(data.lite == data.y))
    assert net > lite + 0.08, (net, lite)


def test_a_short_fit_learns_the_teacher(tmp_path: Path) -> None:
    data = rollnet.collect(PRESETS["pagat"], 2, 30, seed=5)
    rng = np.random.default_rng(0)
    before = rollnet.agreement(_random_weights(1, 32), data)
    weights = rollnet.fit(data, hidden=32, epochs=30, seed=rng.integers(100).item())
    after = rollnet.agreement(weights, data)
    assert after > before + 0.2 and after > 0.7, (before, after)
    path = tmp_path / "net.npz"
    np.savez(path, W1=weights[0], b1=weights[1], W2=weights[2], b2=weights[3])
    assert all(np.array_equal(a, b) for a, b in zip(load_net(str(path)), weights, strict=True))


def test_the_trainer_writes_weights_and_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "small.npz"
    assert rollnet.main(["--hands", "10", "--epochs", "2", "--hidden", "8", "--out", str(out)]) == 0
    W1, b1, W2, b2 = load_net(str(out))
    assert W1.shape == (NET_INPUTS, 8) and W2.shape == (48, 8)
    assert "held out" in capsys.readouterr().out
    for bad in (["--hands", "3"], ["--teacher", "nobody"], ["--preset", "nowhere"]):
        with pytest.raises(SystemExit) as e:
            rollnet.main(bad)
        assert e.value.code == 2
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, W1=np.zeros((3, 2), np.float32), b1=np.zeros(2), W2=np.zeros((48, 2)), b2=np.zeros(48))
    with pytest.raises(ValueError, match="not rollout-net weights"):
        load_net(str(wrong))


def test_the_search_with_the_net_in_its_rollouts_plays_whole_hands() -> None:
    with pytest.raises(AgentSpecError, match="rollout_policy"):
        make_agent("search:rollout_policy=bogus")
    report = simulate(PRESETS["pagat"], ["search:steps=200:rollout_policy=net", "greedy", "greedy"], 2, seed=3, timing=False)
    assert report.hands == 6
    assert make_agent("search:rollout_policy=net").params() == {"rollout_policy": "net"}
