"""The table layer: what every face (terminal game, server, simulator, RL wrappers) shares to
run a match with bots at a table.

* :mod:`gostop.table.driver` is the one place that asks a bot for a decision: the
  start-of-hand context, the world sampler for agents that search, the decision itself and the
  legality check.
* :mod:`gostop.table.controller` is the one match controller of the two games
  (:class:`TableController`: the match, whose decision is next, a seat's decision applied with
  its legality check, the bots' decisions, the last settled hand).
* :mod:`gostop.table.seats` names and builds the bots of a table (the bot names, the levels).
* :mod:`gostop.table.setup` builds the rules of a table from a preset, knob overrides and the
  match length, within :mod:`gostop.limits`.

Importing this package is light (the rules of a table only): the driver, the controller and the
seats load the bots, so they are imported when first used (``from gostop.table import
TableController`` works as usual), and a command that never seats a bot (``gostop rules list``,
``gostop play --help``) never loads them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gostop.table.setup import check_hands, intern_rules, table_rules

if TYPE_CHECKING:
    from gostop.table.controller import Step, TableController
    from gostop.table.driver import ask, begin_hand, decide, decide_table, decision
    from gostop.table.seats import (
        BOT_NAMES,
        STANDBY_LEVEL,
        bot_name,
        build_agent,
        level_spec,
        playable_spec,
        standby_spec,
    )

_LAZY = {
    **dict.fromkeys(("Step", "TableController"), "gostop.table.controller"),
    **dict.fromkeys(("ask", "begin_hand", "decide", "decide_table", "decision"), "gostop.table.driver"),
    **dict.fromkeys(
        ("BOT_NAMES", "STANDBY_LEVEL", "bot_name", "build_agent", "level_spec", "playable_spec", "standby_spec"),
        "gostop.table.seats",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gostop.table' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "begin_hand",
    "decision",
    "ask",
    "decide",
    "decide_table",
    "TableController",
    "Step",
    "BOT_NAMES",
    "STANDBY_LEVEL",
    "bot_name",
    "build_agent",
    "level_spec",
    "playable_spec",
    "standby_spec",
    "table_rules",
    "check_hands",
    "intern_rules",
]
