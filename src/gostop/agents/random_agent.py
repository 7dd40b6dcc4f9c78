"""``random``: a uniformly random legal action (the floor of the strength ladder)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gostop.agents.protocol import Agent, Decision, TableDecision

if TYPE_CHECKING:
    from gostop.engine import Action

__all__ = ["RandomAgent"]


class RandomAgent(Agent):
    """Picks one legal action uniformly at random with its seeded generator."""

    name = "random"

    def choose(self, decision: Decision) -> Action:
        return decision.legal[self.rng.randrange(len(decision.legal))]

    def choose_table(self, decision: TableDecision) -> object:
        return decision.legal[self.rng.randrange(len(decision.legal))]
