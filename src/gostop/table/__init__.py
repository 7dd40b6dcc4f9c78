"""The table layer: what every face (terminal game, server, simulator, RL wrappers) shares to
run bots at a table.

:mod:`gostop.table.driver` is the one place that asks a bot for a decision: the start-of-hand
context, the world sampler for agents that search, the decision itself and the legality check.
"""

from __future__ import annotations

from gostop.table.driver import ask, begin_hand, decide, decide_table, decision

__all__ = ["begin_hand", "decision", "ask", "decide", "decide_table"]
