"""Bots: one protocol (:mod:`gostop.agents.protocol`) and four players of rising strength.

* ``random`` (:class:`RandomAgent`): a uniformly random legal action;
* ``greedy`` (:class:`GreedyAgent`): the largest immediate capture, always bombs, a simple
  go/stop threshold;
* ``expert`` (:class:`ExpertAgent`): tracks unseen cards, blocks near-complete sets, knows the
  bak risks, decides go/stop by expected value and every decision of RULES.md 2.18;
* ``search`` (:class:`SearchAgent`): determinized Monte-Carlo search with ``expert`` rollouts,
  budgeted by iterations or milliseconds.

Levels for people (:data:`LEVELS`): ``easy`` (greedy), ``normal`` (expert), ``instinct``
(learned), ``hard`` (search, inferring with 3 players).
Build any of them from a spec with :func:`make_agent` (``"search:steps=1000"``).
"""

from gostop.agents.expert import ExpertAgent
from gostop.agents.greedy import GreedyAgent
from gostop.agents.protocol import (
    Agent,
    Decision,
    HandContext,
    IllegalAgentAction,
    TableDecision,
    WorldSampler,
)
from gostop.agents.random_agent import RandomAgent
from gostop.agents.registry import (
    BOTS,
    LEVEL_EDGES,
    LEVEL_EDGES_FEW_DEALS,
    LEVEL_NAMES,
    LEVELS,
    AgentSpecError,
    LevelEdge,
    bot_help,
    level_name,
    make_agent,
    parse_spec,
)
from gostop.agents.search import SearchAgent

__all__ = [
    "Agent",
    "Decision",
    "HandContext",
    "WorldSampler",
    "TableDecision",
    "IllegalAgentAction",
    "RandomAgent",
    "GreedyAgent",
    "ExpertAgent",
    "SearchAgent",
    "BOTS",
    "LEVELS",
    "LEVEL_NAMES",
    "LEVEL_EDGES",
    "LEVEL_EDGES_FEW_DEALS",
    "LevelEdge",
    "level_name",
    "AgentSpecError",
    "make_agent",
    "parse_spec",
    "bot_help",
]
