"""Bot names, levels and specifications: ``make_agent("search:steps=1000")``.

A *bot spec* is ``name[:key=value[:key=value...]]``: a bot name (or a level) followed by
parameters of that bot. Values are read as int, float, ``true``/``false``, else text.

Levels for people: ``easy`` = ``greedy``, ``normal`` = ``expert``, ``hard`` = ``search``.
"""

from __future__ import annotations

import difflib
import inspect

from gostop.agents.expert import ExpertAgent
from gostop.agents.greedy import GreedyAgent
from gostop.agents.protocol import Agent
from gostop.agents.random_agent import RandomAgent
from gostop.agents.search import SearchAgent

__all__ = ["BOTS", "LEVELS", "AgentSpecError", "make_agent", "parse_spec", "bot_help"]

BOTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "expert": ExpertAgent,
    "search": SearchAgent,
}

#: User-facing levels and the bot spec each stands for.
LEVELS: dict[str, str] = {"easy": "greedy", "normal": "expert", "hard": "search"}


class AgentSpecError(ValueError):
    """A bot specification that names no bot or has a bad parameter (message for people)."""


def bot_help() -> str:
    return (
        "bots: " + ", ".join(BOTS) + "; levels: "
        + ", ".join(f"{k} (= {v})" for k, v in LEVELS.items())
        + "; parameters as name:key=value, e.g. search:steps=1000 or search:ms=200"
    )


def _value(text: str) -> object:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"search:steps=1000"`` -> ``("search", {"steps": 1000})`` (levels resolved)."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"empty bot name; {bot_help()}")
    name, *parts = spec.strip().split(":")
    name = name.strip().lower()
    params: dict[str, object] = {}
    if name in LEVELS:
        base, *base_parts = LEVELS[name].split(":")
        name, parts = base, base_parts + parts
    if name not in BOTS:
        close = difflib.get_close_matches(name, [*BOTS, *LEVELS], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise AgentSpecError(f"unknown bot {name!r}{hint}; {bot_help()}")
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AgentSpecError(f"bot {spec!r}: parameters are written key=value, got {part!r}")
        params[key] = _value(value.strip())
    return name, params


def make_agent(spec: str) -> Agent:
    """A new agent from a bot spec (see the module docstring).

    Raises:
        AgentSpecError: unknown bot or parameter, or a bad parameter value.
    """
    name, params = parse_spec(spec)
    cls = BOTS[name]
    allowed = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    for key in params:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(allowed) if allowed else "none"
            raise AgentSpecError(f"bot {name!r} has no parameter {key!r}{hint}; its parameters: {known}")
    try:
        return cls(**params)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"bot {spec!r}: {exc}") from None
