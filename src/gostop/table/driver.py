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

from typing import TYPE_CHECKING, Any

from gostop.agents.protocol import Agent, Decision, HandContext, WorldSampler, check_choice
from gostop.rules import Rules

if TYPE_CHECKING:
    from gostop.engine import Action, Hand
    from gostop.match import Match

__all__ = ["begin_hand", "decide", "decide_table"]


def begin_hand(agent: Agent, rules: Rules, players: int, seat: int, seed: int) -> None:
    """Tell ``agent`` a hand has started at hand seat ``seat`` (nothing about the cards)."""
    agent.begin_hand(HandContext(rules, players, seat, seed))


def decide(agent: Agent, hand: Hand, seat: int, world_seed: int) -> Action:
    """The legal action ``agent`` chooses for hand seat ``seat`` of ``hand`` now.

    ``world_seed`` seeds the world sampler of an agent that searches (the face derives it from
    its own seed, so that a game replays exactly); the real hand never reaches the agent.
    """
    legal = hand.legal_actions()
    sampler = WorldSampler.from_hand(hand, seat, world_seed) if agent.needs_sampler else None
    action = agent.choose(Decision(hand.observation(seat), tuple(legal), sampler))
    return check_choice(agent, action, legal)


def decide_table(agent: Agent, match: Match) -> Any:
    """The match-table decision (cut, gwangpalli list, stay or drop, claim) ``agent`` makes
    for the seat that must decide now (:func:`gostop.agents.table.choose_table_action`)."""
    from gostop.agents.table import choose_table_action

    return choose_table_action(agent, match)
