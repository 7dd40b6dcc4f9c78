"""A PettingZoo AEC environment over the real engine: one Go Stop hand per episode.

>>> from gostop.rl import env
>>> e = env(preset="pagat", players=2)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``player_0`` .. ``player_{n-1}``; ``player_i`` sits at seat ``i`` (seat 0 deals).
Every decision the engine asks of a seat is a step of that agent (plays, picks, bombs, shakes,
shown quads, stock-only turns, jokers, go/stop, junk to give up, shodang offers and answers,
chongtong, yells), also one with a single legal action (a single index of the mask) unless
``auto_forced=True``.

Each agent observes ``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}``
built from its own ``hand.observation(seat)`` (see :mod:`gostop.rl.encoding` and docs/rl.md);
the mask is all zeros for an agent that does not decide now. The reward comes once, when the
hand ends: the net chips of each seat (zero-sum; under the shots payment unit, minus the shots
taken) with ``reward="chips"``, or with ``reward="points"`` the winner's hand points for the
winner and minus that split evenly among the others (0 on a nagari). A deal that is void, or
that ends before anybody decides (a chongtong declared for the dealer), is re-dealt.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from gostop.engine import Action, Hand, HandResult
from gostop.rl.encoding import ACTION_NAMES, N_ACTIONS, OBS_SIZE, ActionCodec, encode_observation
from gostop.rules import Rules, RulesError, make_rules

__all__ = ["GoStopEnv", "env", "raw_env", "hand_reward", "action_index"]

_MAX_REDEALS = 100


def action_index(action: object) -> int:
    """``action`` as an index of the action space: an int, a numpy integer (or a one-element
    integer array), or a float of integral value; ``ValueError`` for anything else."""
    value = action
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.reshape(()).item()
    if isinstance(value, float | np.floating) and float(value).is_integer():
        value = int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"an action is an index from 0 to {N_ACTIONS - 1}, not {action!r}") from None


def hand_reward(rules: Rules, result: HandResult, seat: int, reward: str) -> float:
    """The reward of ``seat`` for a finished hand (see the module docstring)."""
    if reward == "points":
        if result.winner is None:
            return 0.0
        pts = float(result.points)
        if seat == result.winner:
            return pts
        return -pts / (len(result.chips) - 1)
    if rules.payment_unit == "shots":
        return -float(result.shots[seat])
    return float(result.chips[seat])


class GoStopEnv(AECEnv):  # type: ignore[misc]
    """One hand of Go Stop for 2 or 3 agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "gostop_v0", "is_parallelizable": False}

    def __init__(
        self,
        preset: str = "pagat",
        players: int = 2,
        rules: Rules | Mapping[str, Any] | None = None,
        reward: str = "chips",
        render_mode: str | None = None,
        auto_forced: bool = False,
    ) -> None:
        super().__init__()
        if players not in (2, 3):
            raise ValueError(f"players must be 2 or 3, got {players!r}")
        if reward not in ("chips", "points"):
            raise ValueError(f"reward must be 'chips' or 'points', got {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if isinstance(rules, Rules):
            self.rules = rules
        else:
            try:
                self.rules = make_rules(preset, dict(rules or {}))
            except RulesError as exc:
                raise ValueError(str(exc)) from None
        if players == 3 and self.rules.two_player_only:
            raise ValueError(f"the {self.rules.preset} rules are for 2 players only, not 3")
        self.players = players
        self.reward_kind = reward
        self.render_mode = render_mode
        self.auto_forced = auto_forced
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-10.0, high=10.0, shape=(OBS_SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self.action_names = ACTION_NAMES
        self._rng = random.Random()
        self._codec = ActionCodec(self.rules)
        self.hand: Hand | None = None
        self._mask = np.zeros(N_ACTIONS, dtype=np.int8)
        self._obs_cache: dict[int, np.ndarray] = {}

    # -- PettingZoo API ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        for _ in range(_MAX_REDEALS):
            hand = Hand.new(self.rules, self.players, self._rng.randrange(2**62))
            if not hand.is_over:
                break
        else:  # pragma: no cover - only a broken engine gets here
            raise RuntimeError("no playable deal in 100 attempts")
        self.hand = hand
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def _started(self, what: str) -> Hand:
        if self.hand is None:
            raise RuntimeError(f"call reset() before {what}()")
        return self.hand

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._started("last")
        return super().last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        hand = self._started("observe")
        seat = self.agent_name_mapping[agent]
        vec = self._obs_cache.get(seat)
        if vec is None:
            vec = self._obs_cache[seat] = encode_observation(hand.observation(seat), self.rules)
        deciding = not hand.is_over and hand.current_player == seat
        mask = self._mask if deciding else np.zeros(N_ACTIONS, dtype=np.int8)
        return {"observation": vec.copy(), "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        self._started("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action index, not None")
        self._act(agent, self._codec.action(action_index(action)))

    def step_engine(self, action: Action) -> None:
        """Step the current agent with an engine action (one of ``hand.legal_actions()``).

        For drivers that let the registered bots play some seats (their choices are engine
        actions, finer than the indices for surrenders).
        """
        self._started("step_engine")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise ValueError(f"{agent} has no decision: the hand is over")
        self._act(agent, action)

    def _act(self, agent: str, action: Action) -> None:
        assert self.hand is not None
        self._cumulative_rewards[agent] = 0.0
        self.hand.apply(action)
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._started("render")
        from gostop.rl.text import table_text

        seat = self.agent_name_mapping.get(self.agent_selection, 0)
        legal = [ACTION_NAMES[i] for i in np.flatnonzero(self._mask)] if not hand.is_over else []
        return table_text(hand.observation(seat), legal)

    def close(self) -> None:
        pass

    # -- internals -----------------------------------------------------------------------------

    def _advance(self) -> None:
        """Apply forced decisions (if asked), then point agent_selection at the decider."""
        hand = self.hand
        assert hand is not None
        self._obs_cache = {}
        while True:
            if hand.is_over:
                self._finish()
                return
            legal = hand.legal_actions()
            if self.auto_forced and len(legal) == 1:
                hand.apply(legal[0])
                continue
            self._mask = self._codec.mask(legal)
            if self.auto_forced and int(self._mask.sum()) == 1:
                # several engine actions of one index (joker copies, surrenders of one junk
                # value class): still a single choice for the agent
                hand.apply(self._codec.action(int(np.flatnonzero(self._mask)[0])))
                continue
            seat = hand.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            return

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None and hand.result is not None
        self._mask = np.zeros(N_ACTIONS, dtype=np.int8)
        for a in self.agents:
            seat = self.agent_name_mapping[a]
            self.rewards[a] = hand_reward(self.rules, hand.result, seat, self.reward_kind)
            self.terminations[a] = True
        # agent_selection stays on the agent that just acted (each agent then takes its dead step).
        if getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]


def raw_env(**kwargs: Any) -> GoStopEnv:
    """The environment without PettingZoo's checking wrappers."""
    return GoStopEnv(**kwargs)


def env(
    preset: str = "pagat",
    players: int = 2,
    rules: Rules | Mapping[str, Any] | None = None,
    reward: str = "chips",
    render_mode: str | None = None,
    auto_forced: bool = False,
) -> GoStopEnv:
    """A Go Stop AEC environment (see the module docstring)."""
    return GoStopEnv(
        preset=preset, players=players, rules=rules, reward=reward, render_mode=render_mode,
        auto_forced=auto_forced,
    )
