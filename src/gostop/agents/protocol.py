"""The agent protocol: what a bot is given at a decision, and what it must return.

An agent sees exactly what its seat may see (ARCHITECTURE: "a bot that could cheat is a bug"):

* at the start of a hand, a :class:`HandContext` -- the rules, the number of players, its seat
  and a seed; nothing about the cards;
* at each decision, a :class:`Decision` -- the seat's :class:`~gostop.engine.Observation`
  (``hand.observation(seat)``), the legal actions, and, for agents that search, a
  :class:`WorldSampler`.

It returns one of the legal actions. Agents are seeded and deterministic: the same context,
seed and sequence of decisions give the same actions (an agent with a wall-clock budget is
deterministic only as long as its budget is an iteration count).

**No hidden cards reach an agent.** The state object (:class:`~gostop.engine.Hand`) is never
passed to it. A searching agent gets a :class:`WorldSampler` instead: when the driver builds it,
the real hand is determinized *once* for the seat (``hand.determinize(seat, rng)``, which
re-deals every card the seat cannot see) and only that determinized copy is kept; the sampler's
samples are re-determinizations of that copy. The real hand is not referenced by anything the
agent receives, so no attribute walk, closure cell or garbage-collector query from the agent's
arguments can reach it (``tests/agents/test_protocol.py`` checks both).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from gostop.cards import Card
from gostop.errors import GostopError
from gostop.rules import Rules

if TYPE_CHECKING:
    from gostop.engine import Action, Hand, Observation

__all__ = [
    "Agent",
    "HandContext",
    "Decision",
    "TableDecision",
    "WorldSampler",
    "IllegalAgentAction",
]


class IllegalAgentAction(GostopError, RuntimeError):
    """An agent returned an action that is not among the legal ones (a bug in the agent)."""


@dataclass(frozen=True)
class HandContext:
    """What an agent knows when a hand starts: the rules, the table size, its seat, its seed."""

    rules: Rules
    players: int
    seat: int
    seed: int


class WorldSampler:
    """Draws complete hands (worlds) consistent with one seat's information.

    Build it with :meth:`from_hand` (the driver does, never the agent). Each :meth:`sample` is a
    full :class:`~gostop.engine.Hand` on which a search may call ``legal_actions``, ``apply``,
    ``clone``...: the seat's own cards and everything public are as in the real hand, every card
    the seat cannot see is re-dealt at random.
    """

    __slots__ = ("_world", "seat")

    def __init__(self, world: Hand, seat: int) -> None:
        # ``world`` must already be a determinization for ``seat`` (see from_hand).
        self._world = world
        self.seat = seat

    @classmethod
    def from_hand(cls, hand: Hand, seat: int, seed: int) -> WorldSampler:
        """Determinize ``hand`` for ``seat`` now and keep only that copy (not ``hand``)."""
        # determinize redacts other seats' private events and hidden-derived facts itself.
        return cls(hand.determinize(seat, random.Random(seed)), seat)

    @property
    def base(self) -> Hand:
        """The kept determinization that every :meth:`sample` re-deals (what the seat may know,
        the rest dealt once at random; for a compiled sampler that deals as ``sample`` does:
        :mod:`gostop.fast.worlds`). Not to be changed."""
        return self._world

    def sample(self, rng: random.Random, forbid: Sequence[int] | None = None) -> Hand:
        """A fresh world: the kept determinization re-determinized with ``rng`` (``forbid``:
        per seat, cards the search believes that seat does not hold; see ``Hand.determinize``)."""
        return self._world.determinize(self.seat, rng, forbid)


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: its observation, the legal actions, and (if asked for) a sampler."""

    observation: Observation
    legal: tuple[Action, ...]
    sampler: WorldSampler | None = None


@dataclass(frozen=True)
class TableDecision:
    """A decision of the match table rather than of a hand (RULES.md DEC-1..DEC-4).

    Built by :func:`gostop.agents.table.table_decision` from what the seat may know:

    * ``legal``: :class:`~gostop.match.actions.MatchAction` values (``cut N``, ``no-cut``,
      ``list S``, ``stay``, ``drop``, ``claim``, ``claim-triple``, ``no-claim``);
    * ``hand``: the seat's own dealt cards (gwangpalli announcements and claims; empty else);
    * ``seated``: seated players; ``dropped`` / ``stayed``: non-dealers who dropped out / stay
      in (forced-in included) so far in this deal; ``undecided``: the others still to announce
      (not counting this seat);
    * ``kind``: ``cut``, ``list``, ``drop`` (stay or drop), ``claim`` or ``push`` (VAR-PUSH:
      push or collect); ``seat`` / ``dealer``: table seats; ``deck_size``: cards in the deck
      (for a cut);
    * ``seed``: a seed for this decision (reproducible choices such as a cut depth);
    * for a push (VAR-PUSH): ``stake``, the settlement the winner would forgo; ``pushes``, the
      consecutive pushes before the hand just won; ``hands_left``, counted hands still to
      play after it (None in an open-ended match); ``behind``, how many chips this seat
      would still trail the leader by after collecting (0 when it would lead or tie).
    """

    legal: tuple[object, ...]
    hand: tuple[Card, ...]
    rules: Rules
    seated: int = 3
    dropped: int = 0
    kind: str = ""
    seat: int = 0
    dealer: int = 0
    stayed: int = 0
    undecided: int = 0
    deck_size: int = 48
    seed: int = 0
    stake: int = 0
    pushes: int = 0
    hands_left: int | None = None
    behind: int = 0


def action_text(action: object) -> str:
    """The stable text form of a hand or table action."""
    return str(action)


class Agent(ABC):
    """Base class of every bot.

    Subclasses set :attr:`name`, and :attr:`needs_sampler` if they search, and implement
    :meth:`choose`. Parameters come as keyword arguments (``make_agent("search:iters=200")``
    passes ``iters=200``); :attr:`spec` is the text that rebuilds the same agent.
    """

    name: ClassVar[str] = "agent"
    needs_sampler: ClassVar[bool] = False
    #: Sane range (inclusive) of each numeric parameter, checked by ``make_agent``.
    PARAMETER_RANGES: ClassVar[dict[str, tuple[float, float]]] = {}

    def __init__(self) -> None:
        self.ctx: HandContext | None = None
        self.rng = random.Random(0)

    @property
    def spec(self) -> str:
        """The bot specification that rebuilds this agent (``name[:key=value...]``)."""
        params = self.params()
        return ":".join([self.name, *(f"{k}={v}" for k, v in params.items())])

    def params(self) -> dict[str, object]:
        """Parameters that differ from the defaults (for :attr:`spec`)."""
        return {}

    def begin_hand(self, ctx: HandContext) -> None:
        """Called once per hand before the first decision; reseeds :attr:`rng`."""
        self.ctx = ctx
        self.rng = random.Random(ctx.seed)

    @abstractmethod
    def choose(self, decision: Decision) -> Action:
        """Return one of ``decision.legal``."""

    def choose_table(self, decision: TableDecision) -> object:
        """Return one of ``decision.legal`` for a table decision (DEC-1, DEC-3, DEC-4).

        Default: no cut, stay in, claim compensation (showing a triple when allowed), collect
        rather than push (VAR-PUSH).
        """
        texts = {action_text(a): a for a in decision.legal}
        for preferred in ("no-cut", "stay", "claim-triple", "claim", "collect"):
            if preferred in texts:
                return texts[preferred]
        return decision.legal[0]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


def check_choice(agent: Agent, action: Action, legal: Sequence[Action]) -> Action:
    """Raise :class:`IllegalAgentAction` if ``action`` is not legal; return it otherwise."""
    if action not in legal:
        raise IllegalAgentAction(
            f"agent {agent.spec!r} chose {action!s}, which is not legal here; legal: "
            + ", ".join(str(a) for a in legal)
        )
    return action
