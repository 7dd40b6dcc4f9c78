"""A Gymnasium single-agent view of the game: the learner plays one seat, registered bots the rest.

>>> import gymnasium as gym
>>> from gostop.rl.wrappers import SingleSeatEnv
>>> e = SingleSeatEnv(opponents=["greedy"])
>>> obs, info = e.reset(seed=0)
>>> obs, reward, terminated, truncated, info = e.step(int(obs["action_mask"].argmax()))

Each episode is one hand. The learner's seat is drawn at random on every reset (``seat=None``)
or fixed (``seat=0`` deals). Opponents are bot specs of the agent registry (``"greedy"``,
``"expert"``, ``"search:steps=200"``...), one per other seat (a single spec is used for every
other seat). They see only their own seat's observation, as in the simulator. Decisions with a
single legal action are played automatically for everybody unless ``auto_forced=False``.
An illegal action raises ``ValueError`` (``illegal="raise"``) or is replaced by the first legal
one with ``info["illegal"] = True`` (``illegal="first"``, for checkers that sample unmasked).
``action_masks()`` returns the current mask (the convention of maskable PPO implementations).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from gostop.agents import Agent, make_agent
from gostop.rl.aec import GoStopEnv, action_index
from gostop.rules import Rules
from gostop.table import begin_hand, decide

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gym.Env):
    """The learner's seat of a :class:`~gostop.rl.aec.GoStopEnv` against registered bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        preset: str = "pagat",
        players: int = 2,
        rules: Rules | Mapping[str, Any] | None = None,
        opponents: Sequence[str] = ("greedy",),
        seat: int | None = None,
        reward: str = "chips",
        render_mode: str | None = None,
        auto_forced: bool = True,
        illegal: str = "raise",
    ) -> None:
        super().__init__()
        if illegal not in ("raise", "first"):
            raise ValueError(f"illegal must be 'raise' or 'first', got {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.illegal = illegal
        if isinstance(opponents, str):
            opponents = [opponents]
        specs = list(opponents)
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            need = "1 opponent" if players == 2 else f"{players - 1} opponents"
            raise ValueError(f"{players} players need {need} (or one spec for all), got {len(specs)}")
        for spec in specs:
            make_agent(spec)  # fail early with the registry's message
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1} or None, got {seat!r}")
        self.aec = GoStopEnv(
            preset=preset, players=players, rules=rules, reward=reward, render_mode=None,
            auto_forced=auto_forced,
        )
        self.rules = self.aec.rules
        self.players = players
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space("player_0")
        self.action_space = self.aec.action_space("player_0")
        self._bots: dict[int, Agent] = {}
        self._asked = 0
        self._seed_rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed_rng = random.Random(seed)
        while True:
            self.aec.reset(seed=self._seed_rng.randrange(2**62))
            self.seat = self._seed_rng.randrange(self.players) if self.fixed_seat is None else self.fixed_seat
            others = [s for s in range(self.players) if s != self.seat]
            self._bots = {s: make_agent(spec) for s, spec in zip(others, self.opponent_specs, strict=True)}
            for s, bot in self._bots.items():
                begin_hand(bot, self.rules, self.players, s, self._seed_rng.randrange(2**62))
            self._asked = 0
            self._play_bots()
            if not self._over:
                break  # otherwise the hand ended before the learner decided: deal again
        return self._obs(), {"seat": self.seat}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.aec.hand is None:
            raise RuntimeError("call reset() before step()")
        if self._over:
            raise RuntimeError("the hand is over: call reset()")
        info: dict[str, Any] = {"seat": self.seat}
        mask = self.aec.observe(f"player_{self.seat}")["action_mask"]
        index = action_index(action)
        if not 0 <= index < len(mask) or not mask[index]:
            if self.illegal == "raise":
                self.aec.step(index)  # raises ValueError naming the legal actions
            index = int(np.flatnonzero(mask)[0])
            info["illegal"] = True
        self.aec.step(index)
        self._play_bots()
        reward = 0.0
        if self._over:
            reward = float(self.aec.rewards[f"player_{self.seat}"])
        return self._obs(), reward, self._over, False, info

    def action_masks(self) -> np.ndarray:
        """The action mask of the learner now (all zeros once the hand is over)."""
        if self.aec.hand is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._obs()["action_mask"]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.aec.hand is None:
            return None
        from gostop.rl.encoding import ACTION_NAMES
        from gostop.rl.text import table_text

        mask = self.action_masks()
        legal = [ACTION_NAMES[i] for i in np.flatnonzero(mask)]
        return table_text(self.aec.hand.observation(self.seat), legal)

    # -- internals -----------------------------------------------------------------------------

    @property
    def _over(self) -> bool:
        hand = self.aec.hand
        return hand is None or hand.is_over

    def _obs(self) -> dict[str, np.ndarray]:
        return self.aec.observe(f"player_{self.seat}")

    def _play_bots(self) -> None:
        """Let the bots decide until the learner must (or the hand ends)."""
        hand = self.aec.hand
        assert hand is not None
        while not hand.is_over and hand.current_player != self.seat:
            s = hand.current_player
            assert s is not None
            bot = self._bots[s]
            if bot.needs_sampler:
                self._asked += 1
            action = decide(bot, hand, s, lambda: self._seed_rng.randrange(2**62))
            self.aec.step_engine(action)
