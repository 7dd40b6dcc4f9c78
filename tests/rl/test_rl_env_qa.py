"""The RL environment and the training command as a researcher uses them: hidden cards and the
stock order never reach an observation (a property over random games), single-index decisions
under ``auto_forced``, the reward unit of every preset, and two defects of
``python -m gostop.rl.train`` (3-player hands asked of a 2-player preset, a learning curve that
was not standard JSON)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_rl_env import random_episode  # noqa: E402

import gostop.rl.train as train  # noqa: E402
from gostop.engine import Hand  # noqa: E402
from gostop.rl import ACTION_NAMES, env  # noqa: E402
from gostop.rl.aec import GoStopEnv  # noqa: E402
from gostop.rl.learned import PolicyNet  # noqa: E402
from gostop.rules import PRESET_NAMES, get_preset  # noqa: E402

CASES = [(p, n) for p in PRESET_NAMES for n in (2, 3) if n == 2 or not get_preset(p).two_player_only]
OFFER_SHODANG = ACTION_NAMES.index("offer-shodang")


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _other_world(hand: Hand, seat: int, rng: random.Random, kind: str) -> Hand:
    """A copy of ``hand`` that differs only in what ``seat`` may not see (GEN-4): two
    opponents' hidden hand cards swapped, or an opponent's hidden card swapped with a stock card;
    then the rest of the stock shuffled. ``kind="own"`` swaps a card of ``seat``'s own hand
    with the stock instead (a world the seat can tell apart: the check that checks the test)."""
    world = hand.clone()
    world._legal = None  # noqa: SLF001 - a world built by hand, not by play
    stock = list(world._stock[world._stock_pos :])  # noqa: SLF001
    hidden = {s: _bits(world._hands[s] & ~world._shown_in_hand(s)) for s in range(hand.players)}  # noqa: SLF001
    # kind "own": a month card of its hand for one of the stock (joker copies look alike)
    hidden[seat] = [i for i in _bits(world._hands[seat]) if i < 48]  # noqa: SLF001
    opponents = [s for s in range(hand.players) if s != seat and hidden[s]]

    def swap_with_stock(s: int) -> None:
        a = rng.choice(hidden[s])
        j = rng.choice([j for j, i in enumerate(stock) if i < 48]) if s == seat else rng.randrange(len(stock))
        world._hands[s] ^= (1 << a) | (1 << stock[j])  # noqa: SLF001
        stock[j] = a

    if kind == "own":
        swap_with_stock(seat)
        return _with_stock(world, stock)
    if kind == "opponents" and len(opponents) == 2:
        a, b = rng.choice(hidden[opponents[0]]), rng.choice(hidden[opponents[1]])
        for s in opponents:
            world._hands[s] ^= (1 << a) | (1 << b)  # noqa: SLF001
    elif opponents and stock:
        swap_with_stock(rng.choice(opponents))
    rng.shuffle(stock)
    return _with_stock(world, stock)


def _with_stock(world: Hand, stock: list[int]) -> Hand:
    world._stock = world._stock[: world._stock_pos] + tuple(stock)  # noqa: SLF001
    return world


def _observe_in(e: GoStopEnv, world: Hand, agent: str) -> dict[str, np.ndarray]:
    """What ``agent`` observes through the environment if the hand were ``world`` instead."""
    real = e.hand
    e.hand = world
    e._advance()  # noqa: SLF001 - the mask and the observation cache of that world
    try:
        return e.observe(agent)
    finally:
        e.hand = real
        e._advance()  # noqa: SLF001


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 50),
    kind=st.sampled_from(["opponents", "opponent-stock"]),
)
def test_no_observation_tells_the_other_hands_or_the_stock_order(
    case: tuple[str, int], seed: int, steps: int, kind: str
) -> None:
    """GEN-4 (hands are secret) and DEAL-1 (the stock is shuffled face down): moving hidden cards
    between opponents or into the stock, and reshuffling the stock, changes no agent's
    observation; the mask only where the rules make a legal action depend on hidden cards
    (``offer-shodang`` under ``shodang_eligibility = no_safe_play``, docs/rl.md)."""
    preset, players = case
    e = env(preset=preset, players=players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        hand = e.hand
        assert hand is not None
        if hand.is_over:
            break
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()))
    hand = e.hand
    assert hand is not None
    for agent in e.agents:
        seat = e.agent_name_mapping[agent]
        seen = e.observe(agent)
        other = _observe_in(e, _other_world(hand, seat, rng, kind), agent)
        assert np.array_equal(other["observation"], seen["observation"])
        keep = np.arange(len(ACTION_NAMES)) != OFFER_SHODANG
        assert np.array_equal(other["action_mask"][keep], seen["action_mask"][keep])
        if any(c.index is not None for c in hand.hand_cards(seat)) and any(c.index is not None for c in hand.stock_cards()):
            own = _observe_in(e, _other_world(hand, seat, rng, "own"), agent)
            assert not np.array_equal(own["observation"], seen["observation"])  # the test can see a change


def _single_index_decisions(auto_forced: bool, episodes: int) -> tuple[int, int]:
    """(decisions asked whose mask has a single index, of them those with several engine actions)."""
    e = env(preset="goo-stupe", players=3, auto_forced=auto_forced)
    rng = random.Random(4)
    single = several = 0
    for ep in range(episodes):
        e.reset(seed=ep)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            if len(legal) == 1:
                single += 1
                assert e.hand is not None
                several += len(e.hand.legal_actions()) > 1
            e.step(rng.choice(legal))
    return single, several


def test_auto_forced_plays_every_decision_of_a_single_index() -> None:
    """docs/rl.md: with ``auto_forced=True`` the environment plays the decisions that have a
    single legal action. Copies of one joker type (GOO-10: goo-stupe's many jokers) and
    surrenders of one junk-value class (EVT-7) are several engine actions but one index: the
    agent was still asked to choose among one."""
    assert _single_index_decisions(auto_forced=False, episodes=12)[1] > 0  # they do come up
    assert _single_index_decisions(auto_forced=True, episodes=12) == (0, 0)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_rewards_are_in_the_documented_unit(preset: str, players: int) -> None:
    """``chips``: the net chips, zero-sum (GEN-5), or minus the shots taken under the shots unit
    (PAY-2, goo-stupe); ``points``: the winner's points, the others pay them evenly (zero-sum).
    The rewards are summed as an agent loop sees them, from ``last()``."""
    rules = get_preset(preset)
    for reward in ("chips", "points"):
        e = env(preset=preset, players=players, reward=reward)
        rng = random.Random(6)
        for ep in range(6):
            total = random_episode(e, ep, rng)
            result = e.hand.result if e.hand else None
            assert result is not None
            got = [total[a] for a in e.possible_agents]
            if reward == "points":
                assert sum(got) == pytest.approx(0.0)
                assert max(got) == (result.points if result.winner is not None else 0)
            elif rules.payment_unit == "shots":
                assert got == [-float(s) for s in result.shots]
            else:
                assert got == [float(c) for c in result.chips] and sum(got) == 0


# -- python -m gostop.rl.train ---------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--hands3", "--search3-hands", "--dagger3-hands"])
def test_train_asks_no_3_player_hands_of_a_2_player_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    """GEN-7 (docs/rules.md): matgo is for 2 players only. ``--preset matgo --hands3 5`` used to
    collect the 2-player parts, then stop with the engine's DealError traceback (status 1)."""
    data = tmp_path / "data"
    args = ["--seed", "1", "--preset", "matgo", "--hands", "2", "--hands3", "0", "--search-hands", "0",
            flag, "2", "--data-dir", str(data), "--out", str(tmp_path / "w.npz")]
    if flag == "--dagger3-hands":
        driver = tmp_path / "driver.npz"
        PolicyNet.random(seed=1).save(driver)
        args += ["--dagger3-driver", str(driver)]
    assert train.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {flag}: the matgo rules are for 2 players only") and err.count("\n") == 1, err
    assert not data.exists()


def test_train_writes_its_learning_curve_as_standard_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An accuracy with nothing to measure (no go/stop decision held out, as in a small run) was
    written as ``NaN``, which JSON readers other than Python's refuse; it is ``null`` now. The
    fit (torch) is replaced by a stand-in: the file around it is what is checked."""

    def fit(args: Any, data: Any, weights: Any) -> tuple[PolicyNet, list[dict[str, float]]]:
        return PolicyNet.random(seed=0), [{"epoch": 1, "val_acc": 0.5, "val_acc_go_stop": math.nan}]

    monkeypatch.setattr(train, "_torch", lambda: None)
    monkeypatch.setattr(train, "_fit", fit)
    out = tmp_path / "w.npz"
    args = ["--seed", "1", "--hands", "2", "--search-hands", "0", "--data-dir", str(tmp_path / "data"),
            "--out", str(out)]
    assert train.main(args) == 0
    capsys.readouterr()

    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    report = json.loads(out.with_suffix(".json").read_text(), parse_constant=refuse)
    assert report["curve"] == [{"epoch": 1, "val_acc": 0.5, "val_acc_go_stop": None}]
    assert PolicyNet.load(out).layers[0][0].shape[1] == PolicyNet.random().layers[0][0].shape[1]
