"""The seat driver: the one place that asks an agent for a decision.

A face (terminal game, server room, simulator, RL wrapper) holds the real hand; the agent must
see only what its seat may see (:mod:`gostop.agents.protocol`). The driver builds what the agent
is given -- the :class:`~gostop.agents.HandContext` at the start of a hand, the seat's
observation, the legal actions and, for an agent that searches, a
:class:`~gostop.agents.WorldSampler` determinized once from a seed the face chooses -- and checks
that the answer is legal (:class:`~gostop.agents.protocol.IllegalAgentAction` otherwise: a bug
in the agent, never a silent fallback).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gostop.agents.protocol import Agent, Decision, HandContext, WorldSampler, check_choice
from gostop.rules import Rules

if TYPE_CHECKING:
    from gostop.engine import Action, Hand
    from gostop.match import Match

__all__ = ["begin_hand", "decision", "ask", "decide", "decide_table"]


def begin_hand(agent: Agent, rules: Rules, players: int, seat: int, seed: int) -> None:
    """Tell ``agent`` a hand has started at hand seat ``seat`` (nothing about the cards)."""
    agent.begin_hand(HandContext(rules, players, seat, seed))


def decision(
    hand: Hand, seat: int, *, sampler: bool, world_seed: int | Callable[[], int]
) -> Decision:
    """What hand seat ``seat`` is given to decide now: its observation, the legal actions and,
    when ``sampler`` is true, a world sampler determinized once from ``world_seed`` (a seed, or
    a function called for one only when a sampler is built, so that a face drawing seeds from
    a random stream draws exactly when it did before). The real hand never reaches the agent.
    """
    sample = None
    if sampler:
        seed = world_seed() if callable(world_seed) else world_seed
        sample = WorldSampler.from_hand(hand, seat, seed)
    return Decision(hand.observation(seat), tuple(hand.legal_actions()), sample)


def ask(agent: Agent, d: Decision, times: list[float] | None = None) -> Action:
    """``agent``'s answer to ``d``, checked to be legal; its thinking time (seconds) is
    appended to ``times`` when given."""
    t0 = time.perf_counter()
    action = agent.choose(d)
    if times is not None:
        times.append(time.perf_counter() - t0)
    return check_choice(agent, action, d.legal)


def decide(
    agent: Agent,
    hand: Hand,
    seat: int,
    world_seed: int | Callable[[], int],
    times: list[float] | None = None,
) -> Action:
    """The legal action ``agent`` chooses for hand seat ``seat`` of ``hand`` now.

    ``world_seed`` seeds the world sampler of an agent that searches (the face derives it from
    its own seed, so that a game replays exactly); ``times`` collects the thinking time.
    """
    d = decision(hand, seat, sampler=agent.needs_sampler, world_seed=world_seed)
    return ask(agent, d, times)


def decide_table(agent: Agent, match: Match) -> Any:
    """The match-table decision (cut, gwangpalli list, stay or drop, claim, and the winner's
    push or collect of VAR-PUSH) ``agent`` makes for the seat that must decide now
    (:func:`gostop.agents.table.choose_table_action`; the push decision carries its stake, the
    pushes so far, the hands left and how far the seat would trail, never a hidden card)."""
    from gostop.agents.table import choose_table_action

    return choose_table_action(agent, match)
