"""Imitation data and numpy-only learning: record a teacher bot's decisions as (observation
vector, action mask, action index) and fit a policy to them.

:func:`collect` plays seeded hands in which a *teacher* (any registered bot, e.g. ``expert`` or
``search:only=go-stop``) holds one seat and other bots the rest, exactly as the simulator drives
them (each bot sees only its seat's observation), and records every teacher decision that has
more than one legal index. :func:`fit_numpy` trains a :class:`~gostop.rl.learned.PolicyNet`
on such data with plain numpy (masked softmax cross-entropy, Adam): it is what the test suite
uses for its tiny training run; the shipped bot is trained with torch by
:mod:`gostop.rl.train` on the same data.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Self

import numpy as np

from gostop.agents import Agent, make_agent
from gostop.engine import Hand
from gostop.match import Match, Player
from gostop.rl.encoding import N_ACTIONS, ActionCodec, encode_observation
from gostop.rl.files import save_npz
from gostop.rl.learned import PolicyNet
from gostop.rules import Rules
from gostop.table import ask, begin_hand, decide_table, decision

__all__ = ["Dataset", "collect", "gwangpalli_hand", "fit_numpy", "evaluate"]


class Rows:
    """Recorded rows: a dataclass of numpy arrays of one length (their first axis), with a
    ``y`` field; saved, loaded, joined and filtered field by field."""

    y: np.ndarray

    def _arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def __len__(self) -> int:
        return int(self.y.shape[0])

    def save(self, path: str, note: str = "") -> None:
        """Write the rows to ``path`` (atomically), with ``note`` (e.g. how they were collected)
        beside them (:meth:`note_of`)."""
        arrays = self._arrays()
        if note:
            arrays = {**arrays, "note": np.array(note)}
        save_npz(path, arrays)

    @classmethod
    def load(cls, path: str) -> Self:
        with np.load(path, allow_pickle=False) as z:
            return cls(**{f.name: z[f.name] for f in dataclasses.fields(cls)})  # type: ignore[arg-type]

    @staticmethod
    def note_of(path: str) -> str:
        """The note saved with the rows of ``path`` ("" if none)."""
        with np.load(path, allow_pickle=False) as z:
            return str(z["note"]) if "note" in z.files else ""

    @classmethod
    def concat(cls, parts: Sequence[Self]) -> Self:
        return cls(**{k: np.concatenate([p._arrays()[k] for p in parts]) for k in parts[0]._arrays()})

    def select(self, keep: np.ndarray) -> Self:
        return type(self)(**{k: v[keep] for k, v in self._arrays().items()})


@dataclass
class Dataset(Rows):
    """Recorded decisions: ``x`` float16 [n, OBS_SIZE], ``mask`` bool [n, N_ACTIONS], ``y`` int16
    [n] (the teacher's index), ``stage`` the engine stage of each decision."""

    x: np.ndarray
    mask: np.ndarray
    y: np.ndarray
    stage: np.ndarray


def collect(
    rules: Rules,
    players: int,
    teacher: str,
    opponents: Sequence[str],
    hands: int,
    seed: int,
    *,
    stages: frozenset[str] | None = None,
    driver: str | None = None,
    progress: Callable[[int], None] | None = None,
    seated: Sequence[int] = (),
) -> Dataset:
    """Play ``hands`` seeded hands and record the teacher's decisions (see the module docstring).

    The teacher's seat is drawn for every hand; each other seat gets a bot drawn from
    ``opponents``. ``stages`` keeps only decisions of those engine stages (``None``: all).
    With ``driver`` (a bot spec, e.g. the learned bot being trained), the driver plays the
    teacher's seat and the teacher only labels the states the driver reaches (DAgger).
    With ``seated`` (table sizes from 4 to 7; ``players`` must be 3), every hand is the one the
    three active seats of a gwangpalli table play (:func:`gwangpalli_hand`, the table size drawn
    from ``seated``).
    """
    if seated and (players != 3 or any(not 4 <= n <= 7 for n in seated)):
        raise ValueError("gwangpalli hands: 3 players, and tables of 4 to 7 seated")
    rng = random.Random(seed)
    codec = ActionCodec(rules)
    xs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    ys: list[int] = []
    sts: list[str] = []
    for h in range(hands):
        got = (gwangpalli_hand(rules, rng.choice(list(seated)), rng.randrange(2**62)) if seated
               else Hand.new(rules, players, rng.randrange(2**62)))
        if got is None:  # the hand ended at the deal: nothing to record
            if progress is not None:
                progress(h + 1)
            continue
        hand = got
        tseat = rng.randrange(players)
        agents: list[Agent] = []
        for s in range(players):
            agent = make_agent(teacher if s == tseat else rng.choice(list(opponents)))
            begin_hand(agent, rules, players, s, rng.randrange(2**62))
            agents.append(agent)
        labeler = agents[tseat]
        if driver is not None:
            agents[tseat] = make_agent(driver)
            begin_hand(agents[tseat], rules, players, tseat, rng.randrange(2**62))
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            legal = tuple(hand.legal_actions())
            if len(legal) == 1:
                hand.apply(legal[0])
                continue
            agent = agents[seat]
            record = seat == tseat and (stages is None or hand.stage in stages)
            d = decision(
                hand, seat,
                sampler=agent.needs_sampler or (record and labeler.needs_sampler),
                world_seed=lambda: rng.randrange(2**62),
            )
            obs = d.observation
            action = ask(agent, d)
            label = action
            if record and driver is not None:
                label = ask(labeler, d)
            if record:
                mask = codec.mask(legal)
                if mask.sum() > 1:
                    xs.append(encode_observation(obs, rules).astype(np.float16))
                    masks.append(mask.astype(bool))
                    ys.append(codec.index_of(label))
                    sts.append(obs.stage)
            hand.apply(action)
        if progress is not None:
            progress(h + 1)
    from gostop.rl.encoding import OBS_SIZE

    return Dataset(
        np.array(xs, dtype=np.float16).reshape(-1, OBS_SIZE),
        np.array(masks, dtype=bool).reshape(-1, N_ACTIONS),
        np.array(ys, dtype=np.int16),
        np.array(sts, dtype="<U16"),
    )


def gwangpalli_hand(rules: Rules, seated: int, seed: int, table_bot: str = "expert") -> Hand | None:
    """The hand the three active seats of a gwangpalli table of ``seated`` play (RULES.md 2.15
    GWANG: everyone dealt, stay or drop, the drop-outs' cards into the stock): the first hand of
    a seeded :class:`~gostop.match.Match`, its table decisions made by ``table_bot``. None when
    that hand ended at the deal (a chongtong: nothing to decide)."""
    match = Match(rules, [Player(f"Seat {s + 1}", 30 + 3 * s) for s in range(seated)], seed, hands_limit=1)
    bots = [make_agent(table_bot) for _ in range(seated)]
    while match.phase != "hand":
        seat = match.current_seat
        if match.is_over or seat is None:
            return None
        match.apply(decide_table(bots[seat], match))
    return match.hand


def fit_numpy(
    data: Dataset,
    net: PolicyNet,
    *,
    epochs: int = 10,
    batch: int = 64,
    lr: float = 1e-2,
    seed: int = 0,
) -> list[float]:
    """Fit ``net`` in place to the teacher's choices (masked softmax cross-entropy, Adam).

    Returns the mean loss of each epoch.
    """
    rng = np.random.default_rng(seed)
    x = data.x.astype(np.float32)
    mask = data.mask
    y = data.y.astype(np.int64)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps = 0.9, 0.999, 1e-8
    step = 0
    losses = []
    n = len(y)
    for _ in range(epochs):
        order = rng.permutation(n)
        total = 0.0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            loss, grads = net.loss_and_grads(x[idx], mask[idx], y[idx])
            total += loss * len(idx)
            step += 1
            for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                mi *= b1
                mi += (1 - b1) * g
                vi *= b2
                vi += (1 - b2) * g * g
                p -= lr * (mi / (1 - b1**step)) / (np.sqrt(vi / (1 - b2**step)) + eps)
        losses.append(total / max(1, n))
    return losses


def evaluate(
    rules: Rules,
    players: int,
    policy: Callable[[np.ndarray, np.ndarray], int],
    opponent: str,
    hands: int,
    seed: int,
) -> float:
    """Mean reward (chips) per hand of ``policy(obs_vector, mask) -> index`` against ``opponent``
    over ``hands`` seeded hands of the single-seat wrapper (seat drawn per hand)."""
    from gostop.rl.wrappers import SingleSeatEnv

    env = SingleSeatEnv(rules=rules, players=players, opponents=[opponent])
    total = 0.0
    for h in range(hands):
        obs, _ = env.reset(seed=seed * 1_000_003 + h)
        done = False
        reward = 0.0
        while not done:
            a = policy(obs["observation"], obs["action_mask"])
            obs, reward, done, _, _ = env.step(a)
        total += reward
    return total / hands
