"""Reinforcement learning on Go Stop: a PettingZoo AEC environment (:func:`env`), a Gymnasium
single-agent wrapper (:mod:`gostop.rl.wrappers`), and the ``learned`` bot (numpy inference,
:mod:`gostop.rl.learned`). Needs the ``rl`` extra (pettingzoo, gymnasium, numpy); training the
bot (:mod:`gostop.rl.train`) also needs the ``train`` extra (torch).

See ``docs/rl.md`` for the observation encoding and the action space. Names are imported on
first use, so playing against the ``learned`` bot needs numpy only.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = [
    "ACTION_NAMES",
    "N_ACTIONS",
    "OBS_SIZE",
    "ActionCodec",
    "GoStopEnv",
    "encode_observation",
    "env",
    "raw_env",
]

_WHERE = {
    "ACTION_NAMES": "encoding",
    "N_ACTIONS": "encoding",
    "OBS_SIZE": "encoding",
    "ActionCodec": "encoding",
    "encode_observation": "encoding",
    "GoStopEnv": "aec",
    "env": "aec",
    "raw_env": "aec",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'gostop.rl' has no attribute {name!r}")
    return getattr(import_module(f"gostop.rl.{module}"), name)
