"""Who sits at a table: the bots' names and levels, for every face (terminal game, server).

The one table of bot names (:data:`BOT_NAMES`, in seat order) and the one mapping of a level to
a bot (:data:`gostop.agents.LEVELS`, read here, never copied): the terminal game and the server
name and build their bots through this module, so that the same table shows the same names.
"""

from __future__ import annotations

from collections.abc import Mapping

from gostop.agents import LEVELS, Agent, RandomAgent, make_agent, warm

__all__ = ["BOT_NAMES", "STANDBY_LEVEL", "bot_name", "standby_spec", "level_spec", "playable_spec", "build_agent"]

#: Names given to bot seats, in seat order (the k-th bot of a table is ``BOT_NAMES[k]``;
#: a table of more bots starts the list again). Seven: a table has at most seven seats.
BOT_NAMES = ("Minji", "Hoon", "Sora", "Jun", "Yuna", "Tae", "Dami")
#: The level of the bot that plays for a seat whose player is away (the server's standby bot).
STANDBY_LEVEL = "normal"


def bot_name(k: int) -> str:
    """The name of the ``k``-th bot seat of a table (0 first)."""
    return BOT_NAMES[k % len(BOT_NAMES)]


def standby_spec() -> str:
    """The bot spec of :data:`STANDBY_LEVEL`."""
    return LEVELS.get(STANDBY_LEVEL, STANDBY_LEVEL)


def level_spec(level: str, levels: Mapping[str, str] = LEVELS) -> str:
    """The bot spec of a level (``easy`` / ``normal`` / ``instinct`` / ``hard``), or a bot spec
    itself (``search:steps=200``), checked by building it once.

    Raises :class:`~gostop.agents.AgentSpecError` (one line, names the levels and bots)."""
    spec = levels.get(level, level)
    make_agent(spec)
    return spec


def playable_spec(level: str, levels: Mapping[str, str] = LEVELS) -> tuple[str, str | None]:
    """The bot spec of a level and a note when it had to fall back to ``random``: a level
    ``levels`` lacks, or a bot that cannot be built (a bot being written may fail to build:
    the game plays on against the random bot). Starts compiling the search bot's rollouts in
    the background (issue 22)."""
    warm.start()
    spec = levels.get(level)
    if spec is None:
        return "random", f"level {level!r} has no bot yet: playing against the random bot"
    try:
        make_agent(spec)
    except Exception as exc:  # a bot being written may fail to build; play on
        return "random", f"the {level} bot ({spec}) is not available ({exc}): random bot instead"
    return spec, None


def build_agent(spec: str, fallback: bool = False) -> Agent:
    """The agent of a spec; with ``fallback`` a spec that cannot be built gives the random bot
    (a saved game whose bot no longer builds still resumes)."""
    if not fallback:
        return make_agent(spec)
    try:
        return make_agent(spec)
    except Exception:
        return RandomAgent()
