"""Bot names, levels and specifications: ``make_agent("search:steps=1000")``.

A *bot spec* is ``name[:key=value[:key=value...]]``: a bot name (or a level) followed by
parameters of that bot. Values are read as int, float, ``true``/``false``, else text.

Levels for people (:data:`LEVELS`, the one place a level is mapped to a bot; their names in
English and Korean in :data:`LEVEL_NAMES`): ``easy`` = ``greedy``, ``normal`` = ``expert``,
``instinct`` = ``learned`` (the policy network: instant, trained on every preset, 2 and 3 players
and the active seats of gwangpalli tables),
``hard`` = ``search:infer=0.7:infer_players=3:exclude=0.0:opponents=greedy:model_prune=0.0`` (expert rollouts,
``steps=1000``: about 0.05 s a decision; with 3 players, no opponent is dealt a card whose
capture it passed up, sampled deals in which an opponent played otherwise than greedy are
weighed down, the opponents play like greedy in the rollouts, and no candidate is dropped
before the decision's last sampled deal). Their measured
gaps are in docs/benchmarks.md. There is no ``master`` level yet: neither candidate measured
beat ``hard``: ``search:guide=learned:steps=2500`` (2.5 times the budget, the learned policy's
choice always searched; -4.75 [-9.84, +0.34] points a hand, 150 deals) and
``search:anchor=learned`` (the learned choice as the baseline, the same budget; +0.38 [-4.12,
+4.88] and +9.69 [-3.00, +22.37], 1,000 deals on seeds 1 and 2: not beyond doubt) and
``hard:rollout_policy=net`` (rollouts by a net distilled from the learned policy, the same time;
+0.64 [-2.09, +3.36] and -0.75 [-4.64, +3.14], 1,000 deals on seeds 1 and 2).

Each parameter has the type of its default (a whole number, a number, text) and, where the bot
declares one in :attr:`~gostop.agents.protocol.Agent.PARAMETER_RANGES`, a range; anything else
is an :class:`AgentSpecError` naming the parameter, e.g. ``search:steps=abc`` or
``search:width=0``. ``search`` needs a budget: ``steps``, ``iters`` or ``ms`` above 0.
"""

from __future__ import annotations

import dataclasses
import difflib
import inspect
from dataclasses import dataclass
from typing import Any

from gostop.agents.expert import ExpertAgent
from gostop.agents.greedy import GreedyAgent
from gostop.agents.protocol import Agent
from gostop.agents.random_agent import RandomAgent
from gostop.agents.search import SearchAgent
from gostop.errors import GostopError

__all__ = ["BOTS", "LEVELS", "LEVEL_NAMES", "LEVEL_EDGES", "LEVEL_EDGES_FEW_DEALS", "LevelEdge", "AgentSpecError", "make_agent", "parse_spec", "bot_defaults", "bot_help", "level_name"]

BOTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "expert": ExpertAgent,
    "search": SearchAgent,
}

#: User-facing levels, easiest first, and the bot spec each stands for (the one place).
LEVELS: dict[str, str] = {
    "easy": "greedy",
    "normal": "expert",
    "instinct": "learned",
    "hard": "search:infer=0.7:infer_players=3:exclude=0.0:opponents=greedy:model_prune=0.0",
}

#: What a level is called, per language (Korean in hangul; romanized in the comment).
LEVEL_NAMES: dict[str, dict[str, str]] = {
    "en": {"easy": "easy", "normal": "normal", "instinct": "instinct", "hard": "hard"},
    # swium, botong, jikgam (intuition), eoryeoum
    "ko": {"easy": "쉬움", "normal": "보통", "instinct": "직감", "hard": "어려움"},
}


@dataclass(frozen=True)
class LevelEdge:
    """A measured fact for the lobby: ``level`` takes ``points`` [``low``, ``high``] (95 % CI)
    net points a hand from ``below`` (2 players, ``preset``, ``deals`` duplicate deals, ``seed``;
    ``gostop simulate --ladder``, docs/benchmarks.md *Bots in the games*)."""

    level: str
    below: str
    points: float
    low: float
    high: float
    deals: int
    seed: int
    preset: str = "pagat"


#: Measured gaps between neighbouring levels (only figures of at least 1,000 duplicate deals).
LEVEL_EDGES: tuple[LevelEdge, ...] = (
    LevelEdge("normal", "easy", 5.37, 4.06, 6.67, 1000, 1),
    LevelEdge("instinct", "normal", 7.99, 5.30, 10.68, 1000, 1),
    LevelEdge("hard", "instinct", 5.82, 3.28, 8.36, 1000, 1),
)


#: Gaps measured on fewer deals than that bar (docs/benchmarks.md, the search levels): shown in
#: the lobby with their deal count, never as settled.
LEVEL_EDGES_FEW_DEALS: tuple[LevelEdge, ...] = ()


def level_name(level: str, lang: str = "en") -> str:
    """A level's name in ``lang`` (English when the language or the level is unknown)."""
    return LEVEL_NAMES.get(lang, LEVEL_NAMES["en"]).get(level, LEVEL_NAMES["en"].get(level, level))


class AgentSpecError(GostopError, ValueError):
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
    typed: set[str] = set()
    for part in parts:  # a parameter given twice is a slip (which value was meant?), refused
        key = part.partition("=")[0].strip()
        if key and key in typed:
            raise AgentSpecError(f"bot {spec!r}: {key} is given twice; give it once")
        typed.add(key)
    if name in LEVELS:  # a level's own parameters come first: those typed after it override them
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


def bot_defaults(name: str) -> dict[str, Any]:
    """Every parameter of the bot ``name`` with its default (a bot whose options are one
    dataclass, or the keyword arguments of its constructor)."""
    cls = BOTS[name]
    options = getattr(cls, "OPTIONS", None)
    if options is not None:
        return {f.name: f.default for f in dataclasses.fields(options)}
    return {k: p.default for k, p in inspect.signature(cls.__init__).parameters.items() if k != "self"}


def make_agent(spec: str) -> Agent:
    """A new agent from a bot spec (see the module docstring).

    Raises:
        AgentSpecError: unknown bot or parameter, or a bad parameter value.
    """
    name, params = parse_spec(spec)
    cls = BOTS[name]
    defaults = bot_defaults(name)
    allowed = list(defaults)
    for key in params:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(allowed) if allowed else "none"
            raise AgentSpecError(f"bot {name!r} has no parameter {key!r}{hint}; its parameters: {known}")
    for key, value in list(params.items()):
        params[key] = _checked(name, key, value, defaults[key], cls.PARAMETER_RANGES.get(key))
    try:
        return cls(**params)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"bot {spec!r}: {exc}") from None


def _checked(bot: str, key: str, value: object, default: object, bounds: tuple[float, float] | None) -> object:
    """``value`` as the parameter's type (that of its default), within its documented range."""
    shown = (value if value.strip() else "nothing") if isinstance(value, str) else repr(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise AgentSpecError(f"bot {bot!r}: {key} must be true or false, got {shown}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise AgentSpecError(f"bot {bot!r}: {key} must be a whole number, got {shown}")
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise AgentSpecError(f"bot {bot!r}: {key} must be a number, got {shown}")
        value = float(value)
        if value != value or value in (float("inf"), float("-inf")):
            raise AgentSpecError(f"bot {bot!r}: {key} must be a finite number, got {shown}")
    elif isinstance(default, str):
        value = str(value)
    if bounds is not None and isinstance(value, int | float) and not bounds[0] <= value <= bounds[1]:
        lo, hi = (_bound_text(b) for b in bounds)
        raise AgentSpecError(f"bot {bot!r}: {key} must be between {lo} and {hi}, got {shown}")
    return value


def _bound_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _register_entry_points() -> None:
    """Bots of other packages and of the RL environment (``learned``, which needs numpy) are
    registered by entry points of the group ``gostop.agents`` (``name = "module:Class"``); a
    bot whose module cannot be imported here (a missing optional dependency) is left out."""
    from importlib.metadata import entry_points

    for ep in entry_points(group="gostop.agents"):
        if ep.name in BOTS:
            continue
        try:
            cls = ep.load()
        except ImportError:
            continue
        except AttributeError:
            # the module is being imported now, and imported this package first (``from
            # gostop.rl.learned import PolicyNet`` in a fresh interpreter): it registers its bot
            # itself once defined (gostop.rl.learned's last lines)
            continue
        if isinstance(cls, type) and issubclass(cls, Agent):
            BOTS[ep.name] = cls


_register_entry_points()
