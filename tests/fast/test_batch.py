"""Batched play (``play_hands``) and the batched step API (``HandBatch``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from gostop.agents import Decision, HandContext, make_agent  # noqa: E402
from gostop.engine import Hand  # noqa: E402
from gostop.fast import mt  # noqa: E402
from gostop.fast.batch import HandBatch, play_hands  # noqa: E402
from gostop.rules import PRESETS  # noqa: E402


def test_compiled_mersenne_twister_is_cpythons() -> None:
    for s in (0, 1, 12345, 2**40 + 3, 2**62 + 5):
        state = mt.new_state()
        mt.seed(state, s)
        r = random.Random(s)
        ns = [12, 16, 3, 48, 100, 2**31 - 1, 7] * 20
        assert [mt.randbelow(state, n) for n in ns] == [r._randbelow(n) for n in ns]
        x = np.arange(50)
        mt.shuffle(state, x, 50)
        y = list(range(50))
        r.shuffle(y)
        assert x.tolist() == y


def _reference(rules, players: int, hand_seed: int, bot: str) -> tuple[int, tuple[int, ...]]:
    hand = Hand.new(rules, players, hand_seed)
    agents = [make_agent(bot) for _ in range(players)]
    for s, a in enumerate(agents):
        a.begin_hand(HandContext(rules, players, s, hand_seed * 4 + s + 1))
    while not hand.is_over:
        legal = tuple(hand.legal_actions())
        seat = hand.current_player
        assert seat is not None
        act = legal[0] if len(legal) == 1 else agents[seat].choose(Decision(hand.observation(seat), legal, None))
        hand.apply(act)
    res = hand.result
    assert res is not None
    return (-1 if res.winner is None else res.winner), res.chips


@pytest.mark.parametrize(("preset", "players", "bot"), [
    ("pagat", 2, "random"), ("pagat", 3, "random"), ("fuda-wiki", 2, "random"),
    ("pagat", 2, "greedy"), ("pagat", 3, "greedy"), ("blog", 2, "greedy"), ("fuda-wiki", 3, "greedy"),
])
def test_exact_batches_match_the_reference_agents(preset: str, players: int, bot: str) -> None:
    rules = PRESETS[preset]
    res = play_hands(rules, 120, 500, bot, players=players, exact=True)
    for h in range(120):
        winner, chips = _reference(rules, players, 500 + h, bot)
        assert (int(res.winner[h]), tuple(res.chips[h].tolist())) == (winner, chips), f"seed {500 + h}"


def test_fast_batches_are_reproducible_and_zero_sum() -> None:
    a = play_hands(PRESETS["pagat"], 2000, 9)
    b = play_hands(PRESETS["pagat"], 2000, 9)
    assert np.array_equal(a.chips, b.chips) and np.array_equal(a.winner, b.winner)
    assert (a.chips.sum(axis=1) == 0).all()
    stops = a.reason == a.reasons.index("stop")
    assert stops.any() and (a.winner[stops] >= 0).all() and (a.points[stops] > 0).all()
    assert ((a.winner < 0) == (a.nagari | a.void)).all()


def test_hand_batch_steps_like_single_hands() -> None:
    rules = PRESETS["pagat"]
    batch = HandBatch(rules, 8, players=2, seed=40)
    rng = random.Random(1)
    hands = [Hand.new(rules, 2, 40 + i) for i in range(8)]
    while not batch.done().all():
        codes, counts, current = batch.legal()
        idx = np.zeros(8, np.int64)
        for i, h in enumerate(hands):
            if h.is_over:
                assert counts[i] == 0 and current[i] == -1
                continue
            assert counts[i] == len(h.legal_actions()) and current[i] == h.current_player
            idx[i] = rng.randrange(int(counts[i]))
            h.apply(h.legal_actions()[idx[i]])
        batch.step(idx)
    assert [tuple(c) for c in batch.chips().tolist()] == [h.result.chips for h in hands]
    with pytest.raises(ValueError):
        batch.step(np.zeros(3, np.int64))
