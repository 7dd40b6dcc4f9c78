"""``search``: determinized Monte-Carlo search over ``expert`` rollouts.

At each decision that matters -- the main action with its declarations, go/stop, the choice of
a layout card, a shodang answer -- the agent:

1. asks the ``expert`` policy for its choice (the *baseline*) and picks the candidates: on the
   main action the ``width`` best cards by the expert's score (equivalent cards, such as the
   two plain junk of a month, once) and every declaration; elsewhere every option;
2. draws a *world* from its :class:`~gostop.agents.protocol.WorldSampler` -- a complete hand
   consistent with what the seat knows (``hand.determinize``), never the real one;
3. plays every candidate in that same world and finishes the hand with the expert policy for
   every seat (common random numbers: all candidates meet the same stock and the same
   opponent hands, so their *differences* are measured with little noise), scoring each
   rollout by the seat's net chips (what the report counts);
4. repeats with new worlds until the budget is spent, dropping candidates whose paired deficit
   to the leader exceeds ``prune`` standard errors.

The best mean replaces the baseline only if it beats it by more than ``prior`` chips plus
``confidence`` standard errors of the paired difference: with few worlds (early in a hand, many
candidates) the search defers to the heuristic, with many (go/stop, late decisions) it decides.

Budget (per decision; whichever runs out first):

* ``steps`` -- simulated actions (rollout moves) in total: deterministic, and roughly
  proportional to time (about 60 us per step on one core of the 2-core benchmark machine, so
  the default 1000 gave a 95th percentile of 107 ms per decision, 2 players, near-idle core);
* ``iters`` -- worlds drawn (0: no limit);
* ``ms`` -- wall-clock milliseconds (0: no limit). A time budget makes the play depend on the
  machine's speed and load; results are reproducible only with ``ms=0``.

``guide=learned``: the learned policy's choice (:mod:`gostop.rl.learned`)
joins the candidates of every main action (after the expert's), so that the search measures
it against the expert's best cards; it needs numpy (a base dependency).

``anchor=learned``: the learned policy's choice, not the expert's, is the baseline that a
candidate must beat by ``prior`` plus ``confidence`` standard errors, at the stages named by
``anchor_stages`` (default ``main``; stages joined by ``+``). An experiment: no gain beyond the
noise (docs/benchmarks.md, *A search anchored on the learned policy*; with 3 players on top of
``hard``'s no pruning -0.07 a hand on four fresh seeds: *the learned anchor on top of no
pruning*), so no level uses it.

``infer`` (inference, fast rollouts only): each world is weighted by ``exp(-infer * k)``, where
``k`` counts the plays of the other seats that the ``greedy`` policy would not have made with
the hand that world gives them (:func:`gostop.fast.rollout.replay_surprise`, measured while the
fast engine replays the world's history). A world in which an opponent passed up an obvious
capture is less likely; means and standard errors are weighted (the effective number of worlds
is Kish's). ``0`` (the default of ``search``) weighs every world alike. ``infer_players=3``
infers at 3-player tables only: the ``hard`` level (``infer=0.7:infer_players=3``, and
``exclude=0.0`` and ``opponents=greedy`` below) gained
from it with 3 players and not with 2 (docs/benchmarks.md has the figures).

``exclude`` (inference by exclusion, fast rollouts only; ``-1``, the default of ``search``,
is off): before drawing the worlds of a decision, the search replays the hand's public history
(:func:`gostop.fast.convert.greedy_exclusions`) and notes, for each other seat, the cards it
cannot hold if it plays like ``greedy``: every card whose capture, on the layout of that moment,
would have been worth more than ``exclude`` above the card it played (with ``0`` also the cards
greedy's tie-break puts first), and every capturing card when it skipped a turn or offered
shodang. The worlds are dealt without them (``Hand.determinize(forbid=...)``; a belief no deal
can meet is dropped). Against ``greedy`` opponents this is exact: their real hands never hold
an excluded card (``tests/agents/test_search_inference.py``). Among the deals that meet the
belief, each is as likely as any other (a first-fit deal, then random swaps). Like ``infer`` it
applies at tables of at least ``infer_players`` active players.

``opponents=greedy`` (fast rollouts only; empty, the default of ``search``, is off): in the
rollouts every other seat plays the compiled ``greedy`` instead of the rollout policy, the same
model the inference assumes (at tables of at least ``infer_players`` active players).

``model_prune`` (``-1``, the default of ``search``: ``prune`` everywhere): the ``prune`` width at
tables of at least ``infer_players`` active players. ``hard`` sets ``0`` there: with 3 players
every candidate is rolled out in every world of its decision, none dropped after a few worlds
(a go-bak or a pi-bak in one rollout is a tail that early pruning reads as a gap), and the
gate alone decides; +0.13 points a hand over twelve seeds against two ``greedy`` bots in pagat,
at the same time (docs/benchmarks.md, *3 players: no pruning, on twelve seeds*), and about even
in the blog and fuda-wiki presets (-0.18 [-0.43, +0.08] over eight pairs: *3 players: blog's bak
rules on pagat, and blog on two fresh seeds*).

At least ``min_iters`` worlds are always drawn. ``only=go-stop`` (stages joined by ``+``)
restricts the search to some stages (the expert decides the rest).

Rollouts (``rollouts=auto|fast|reference``, default ``auto``):

* ``reference`` -- :func:`rollout`: the reference engine and the ``expert`` policy (in its fast
  settlement mode) for every seat;
* ``fast`` -- the compiled engine (:mod:`gostop.fast`, extra ``gostop[fast]``): each world is
  taken over by the fast engine (:func:`gostop.fast.convert.state_from_hand`) and every
  candidate is finished by :func:`gostop.fast.rollout.rollout`, whose policy is the compiled
  ``greedy`` with the expert's go/stop and the stock's answer to a match (``expert-lite``, see
  that module); ``go_margin`` is passed on, ``rate`` is fixed at 0.55. With
  ``rollout_policy=net`` the card each seat plays from its hand is the rollout net's
  (:func:`gostop.fast.rollout.net_play`, a small network distilled from the learned policy by
  :mod:`gostop.rl.rollnet`, shipped as ``gostop/fast/rollnet.npz``); everything else stays
  expert-lite's. An experiment: no level uses it (docs/benchmarks.md, *A rollout net*). A world the fast engine
  cannot take over (rare: see :mod:`gostop.fast.convert`), and every world under rules it does
  not cover, is rolled out by the reference engine. Refused at construction when the fast
  engine is not installed;
* ``auto`` -- ``fast`` when the fast engine is installed and covers the rules, else
  ``reference``, silently. In a process that compiles the fast engine in the background (a
  game: :mod:`gostop.agents.warm`), ``reference`` until the compiled code is loaded -- a
  decision never waits for the compiler.

With fast rollouts the worlds are drawn in compiled code too (:mod:`gostop.fast.worlds`: the
worlds ``sampler.sample`` would draw with the same generator, taken over by the fast engine in
the same call) and the pruning passes run there (:mod:`gostop.fast.stats`: the same figures to
the last bit), so the search makes the same moves as with the Python sampler, in about half
the time (``benchmarks/search_worlds.py``; ``compiled_search = False`` on an agent goes back
to Python for both).

With fast rollouts the ``steps`` budget counts compiled actions (the replay of the history that
takes a world over, and the rollouts) at an exchange rate of :data:`FAST_STEPS_PER_STEP` per
step, about their relative cost on the benchmark machine (about 60 us per reference step;
under 2 us per compiled action with its share of the Python work of a world: drawing it,
taking it over), so that a ``steps`` budget takes about the same time with either rollouts. ``ms`` is the natural budget to compare
them: same wall clock, more worlds for the faster rollouts.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gostop.agents import warm
from gostop.agents.evaluation import Evaluator
from gostop.agents.expert import MAIN_KINDS, ExpertPolicy, table_choice
from gostop.agents.knowledge import View
from gostop.agents.protocol import Agent, Decision, HandContext, TableDecision
from gostop.agents.table import compensation_cost, play_value
from gostop.cards import deck_cards
from gostop.engine import DealError, Hand
from gostop.rules import Rules

if TYPE_CHECKING:
    from gostop.agents.protocol import WorldSampler
    from gostop.engine import Action
    from gostop.fast.worlds import CompiledWorlds

__all__ = ["SearchAgent", "rollout"]

#: At most this many sampled deals for a gwangpalli stay/drop decision.
TABLE_WORLDS = 24
#: The expert's estimate of a dealt hand counts as this many sampled deals.
TABLE_PRIOR_WORLDS = 16

#: A search gives up after this many sampled worlds in which a candidate is not legal (see
#: ``_search_worlds``; each costs a step of the budget), and keeps what it has measured.
MAX_SKIPPED_WORLDS = 200

#: With fast rollouts, this many compiled actions cost one step of the ``steps`` budget.
FAST_STEPS_PER_STEP = 40

#: With the rollout net (``rollout_policy=net``), this many compiled actions cost one step: its
#: rollouts take about 1.25 times as long (a decision's time, p50, 2 players, on the benchmark
#: machine), so that a ``steps`` budget takes about the same time with either rollout policy.
NET_FAST_STEPS_PER_STEP = 32

#: Values of the ``rollouts`` option.
ROLLOUTS = ("auto", "fast", "reference")

#: Values of the ``guide`` option: no guide, or the policy whose choice is always searched.
GUIDES = ("", "learned")

#: Values of the ``anchor`` option: the expert's choice as the baseline, or the learned policy's.
ANCHORS = ("expert", "learned")

#: Values of the ``rollout_policy`` option (fast rollouts): the compiled heuristic, or it with
#: the rollout net choosing the card played (:func:`gostop.fast.rollout.net_play`).
ROLLOUT_POLICIES = ("expert-lite", "net")

#: Stages whose decisions are searched; every other decision is the expert's.
SEARCHED_STAGES = frozenset({"main", "go-stop", "pick-hand", "pick-stock", "answer-shodang"})


def _equivalence_key(v: View, a: Action) -> str:
    """Actions with the same key are interchangeable (e.g. the two plain junk of a month)."""
    if a.kind != "play":
        return a.text
    i = v.table.index_of[a.cards[0]]
    card = v.table.deck[i]
    if i >= 48 or (1 << i) & v.table.flex_bit:
        return a.text
    # Same month, same printed kind and junk value -> the same card for play purposes,
    # unless it belongs to a declared heundeum (shown) -- kept apart to be safe.
    return f"play {card.month}:{card.kind.letter}:{v.table.junk_value_of(i)}"


def rollout(
    world: Hand,
    policy: ExpertPolicy,
    rules: Rules,
    seat: int,
    budget: list[int],
    offered: tuple[bool, ...] = (),
) -> float:
    """Finish ``world`` with ``policy`` for every seat; the seat's net chips (``-shots`` when
    the unit is shots). ``budget[0]`` is decreased by the number of actions applied.

    ``offered``: the seats that have offered shodang in this hand so far (an offer is made at
    most once a hand by the policy; the rollout keeps this up to date).

    This is the one place where a search spends its time: a faster engine or policy plugs in
    by replacing this function.
    """
    steps = 0
    made = list(offered) if offered else [False] * world.players
    while not world.is_over:
        s = world.current_player
        assert s is not None
        legal = world.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policy.choose(View.from_world(world, s, tuple(made)), tuple(legal))
            if action.kind == "offer-shodang":
                made[s] = True
        world.apply(action)
        steps += 1
    budget[0] -= steps
    result = world.result
    assert result is not None
    if rules.payment_unit == "shots":
        return -float(result.shots[seat])
    return float(result.chips[seat])


def _weighted_mean_se(xs: list[float], weights: list[float], se: bool = True) -> tuple[float, float]:
    """The mean of ``xs`` weighted by ``weights`` (the same length), and its standard error
    with the effective number of worlds ``(sum w)**2 / sum w**2`` (Kish); ``inf`` below two.
    Equal weights give the plain mean and standard error."""
    n = len(xs)
    if all(w == 1.0 for w in weights):  # no inference: the plain figures, as always computed
        mean = sum(xs) / n if n else 0.0
        if not se:
            return mean, math.inf
        if n < 2:
            return mean, math.inf
        var = sum((x - mean) * (x - mean) for x in xs) / (n - 1)
        return mean, math.sqrt(var / n)
    total = sum(weights)
    if total <= 0:
        return 0.0, math.inf
    mean = sum(w * x for w, x in zip(weights, xs, strict=True)) / total
    if not se:
        return mean, math.inf
    n_eff = total * total / sum(w * w for w in weights)
    if n_eff < 1.5 or len(xs) < 2:
        return mean, math.inf
    var = sum(w * ((x - mean) * (x - mean)) for w, x in zip(weights, xs, strict=True)) / total * n_eff / (n_eff - 1)
    return mean, math.sqrt(var / n_eff)


def fast_engine_installed() -> bool:
    """Whether the fast engine (numba) can be imported."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


class ValueTable:
    """The rollout values of a search's candidates (a row each, a column a world) and the
    worlds' weights, for the compiled pruning pass (:func:`gostop.fast.stats.prune`: the same
    arithmetic as :meth:`SearchAgent._prune` on the lists, to the last bit)."""

    def __init__(self, np: Any, prune: Any, candidates: int) -> None:
        self.np = np
        self._prune = prune
        self.V = np.zeros((candidates, 64), np.float64)
        self.W = np.zeros(64, np.float64)
        self.unit = True  # every weight 1.0 (no inference)
        self.n = 0
        self._alive = np.zeros(candidates, np.int64)

    def add(self, rows: list[int], values: list[float], weight: float) -> None:
        """The next world: ``values[t]`` of candidate ``rows[t]``, and its weight."""
        n = self.n
        if n == self.W.shape[0]:
            np = self.np
            self.V = np.concatenate([self.V, np.zeros_like(self.V)], axis=1)
            self.W = np.concatenate([self.W, np.zeros_like(self.W)])
        self.V[rows, n] = values
        self.W[n] = weight
        self.unit = self.unit and weight == 1.0
        self.n = n + 1

    def prune(self, alive: list[int], width: float) -> list[int]:
        """``SearchAgent._prune`` of ``alive`` (``width``: the ``prune`` option)."""
        k = len(alive)
        a = self._alive
        a[:k] = alive
        left = self._prune(self.V, self.W, self.n, a, k, self.unit, width)
        return [int(i) for i in a[:left]]


class FastRollouts:
    """Rollouts on the fast engine for one rules configuration (see the module docstring).

    Raises :class:`gostop.fast.UnsupportedRulesError` (or ``ImportError`` without numba) when
    built for rules the fast engine does not cover."""

    def __init__(self, rules: Rules, go_margin: float, infer: float = 0.0, net: bool = False, greedy_others: bool = False) -> None:
        import numpy as np

        from gostop.fast import kernels
        from gostop.fast import layout as L
        from gostop.fast.config import config_for
        from gostop.fast.convert import (
            ConversionError,
            HistoryCodes,
            greedy_exclusions,
            state_from_hand,
        )
        from gostop.fast.hand import FastHand
        from gostop.fast.policies import greedy_tables
        from gostop.fast.rollout import load_net, no_net, rollout_all
        from gostop.fast.stats import prune
        from gostop.fast.worlds import CompiledWorlds

        self.np = np
        self.cfg = config_for(rules)
        self.margin = float(go_margin)
        self.infer = float(infer)
        self.surprise = np.zeros(1, np.int64)
        self.weight = 1.0  # of the last world taken over (see ``infer``)
        self.w, self.rank, self.pos = greedy_tables(self.cfg.tables.score)
        self.buf = np.empty(8192, np.int64)
        self.events = np.zeros(1, np.int64)
        self._legal = kernels.legal
        self._state_from_hand = state_from_hand
        self._greedy_exclusions = greedy_exclusions
        self._conversion_error = ConversionError
        self._history_codes = HistoryCodes
        self._fast_hand = FastHand
        self._rollout_all = rollout_all
        self._compiled_worlds = CompiledWorlds
        self._prune = prune
        self.state = np.zeros(L.STATE_SIZE, np.int64)  # a drawn world's state (``drawn_values``)
        self.net = net
        self.greedy_others = greedy_others
        self.weights = load_net() if net else no_net()
        self.history = HistoryCodes()
        self._codes: dict[Action, int] = {}

    def table(self, candidates: int) -> ValueTable:
        """An empty table of rollout values for ``candidates`` candidates (see :class:`ValueTable`)."""
        return ValueTable(self.np, self._prune, candidates)

    def new_decision(self) -> None:
        """Forget the last decision's history and action codes."""
        self.history = self._history_codes()
        self._codes = {}

    def exclusions(self, world: Hand, seat: int, margin: float) -> list[int] | None:
        """Per seat, the cards it cannot hold if it plays like ``greedy`` (``search:exclude``,
        :func:`gostop.fast.convert.greedy_exclusions`; public facts: any world of this decision
        gives the same), or None when the fast engine cannot take the world over."""
        try:
            return self._greedy_exclusions(world, seat, self.w, self.rank, margin, self.cfg, self.history, self.buf)
        except self._conversion_error:
            return None

    def compiled_worlds(self, sampler: WorldSampler, seat: int, forbid: list[int] | None) -> CompiledWorlds | None:
        """The worlds of this decision drawn in compiled code, exactly as ``sampler.sample``
        would draw them (:mod:`gostop.fast.worlds`), or None when that is not covered."""
        try:
            return self._compiled_worlds(
                sampler.base, seat, forbid, self.cfg, self.history, self.buf, (self.w, self.rank, self.pos), self.infer > 0
            )
        except self._conversion_error:
            return None

    def values(self, world: Hand, candidates: list[Action], seat: int, budget: list[int]) -> list[float] | None:
        """The rollout value of each candidate in ``world`` (None: the fast engine cannot
        take this world over; nothing is charged then)."""
        cfg = self.cfg
        infer = (seat, self.w, self.rank, self.pos, self.surprise) if self.infer > 0 else None
        try:
            S = self._state_from_hand(world, cfg, self.history, self.buf, infer)
        except self._conversion_error:
            return None
        self.weight = math.exp(-self.infer * float(self.surprise[0])) if infer else 1.0
        return self.state_values(S, candidates, seat, budget, len(world.history))

    def drawn_values(self, worlds: CompiledWorlds, candidates: list[Action], seat: int, budget: list[int]) -> list[float] | None:
        """:meth:`values` of the next world of ``worlds`` (None: that world must be drawn in
        Python; its generator is then as it was before it, and nothing is charged)."""
        S = self.state
        if not worlds.draw(S):
            return None
        self.weight = math.exp(-self.infer * float(worlds.surprise)) if worlds.infer else 1.0
        out = self.state_values(S, candidates, seat, budget, worlds.history_length)
        if out is None:
            worlds.undo()
        return out

    def _add_codes(self, S: Any) -> None:
        """Learn the codes of the actions legal in the fast state ``S`` (the same action has the
        same code in every world of a decision)."""
        cfg = self.cfg
        n = self._legal(S, cfg.knobs, cfg.table, self.buf)
        probe = object.__new__(self._fast_hand)
        probe._cfg = cfg
        probe._s = S
        codes = self.buf[:n].copy()
        self._codes.update(zip(probe._decode(codes), codes.tolist(), strict=True))

    def state_values(self, S: Any, candidates: list[Action], seat: int, budget: list[int], replayed: int) -> list[float] | None:
        """The rollout value of each candidate in the fast state ``S`` (reached by replaying
        ``replayed`` actions, charged with the rollouts); None when a candidate is not legal
        there (nothing charged)."""
        cfg = self.cfg
        if not self._codes:
            self._add_codes(S)
        if any(a not in self._codes for a in candidates):  # (not legal in the first world: in this one?)
            self._add_codes(S)
        try:
            codes = self.np.array([self._codes[a] for a in candidates], self.np.int64)
        except KeyError:
            return None
        out = self.np.empty(len(candidates), self.np.float64)
        steps = int(self._rollout_all(S, cfg.knobs, cfg.table, self.events, self.buf, codes, seat, self.w, self.rank, self.pos, self.margin, *self.weights, out, self.greedy_others))
        if steps < 0:
            return None
        steps += replayed  # the replay
        budget[0] -= -(-steps // (NET_FAST_STEPS_PER_STEP if self.net else FAST_STEPS_PER_STEP))
        return out.tolist()


def _option(default: Any, low: float | None = None, high: float | None = None) -> Any:
    return dataclasses.field(default=default, metadata={"range": (low, high)} if low is not None else {})


@dataclass(frozen=True)
class SearchOptions:
    """Every option of the ``search`` bot, declared once: its default and, for a number, its
    sane range (checked by ``make_agent``: ``search:steps=1000``).

    ``steps`` / ``iters`` / ``ms``: the budget (rollout steps, iterations, milliseconds; one at
    least above 0); ``min_iters``: iterations per candidate at least; ``prune``: drop candidates
    this far below the best (in standard errors); ``prior``: the weight of the expert's own
    choice; ``confidence``: the stopping confidence; ``width``: candidates searched;
    ``go_margin``, ``rate``: the expert policy's go/stop margin and rate; ``only``: the stages
    searched, joined by ``+`` (empty: all); ``rollouts``: ``auto``, ``fast`` or ``reference``;
    ``guide``: a bot whose choice is always among the candidates (``learned`` for ``master``);
    ``infer``: the weight of a world falls by ``exp(-infer)`` for each opponent play the
    ``greedy`` model would not have made in it (0: no inference), at tables of at least
    ``infer_players`` active players; ``anchor``: the baseline's policy (``expert`` or
    ``learned``) at the ``anchor_stages`` (joined by ``+``); ``rollout_policy``: ``expert-lite``
    or ``net`` (the fast rollouts' card play, see the module docstring); ``exclude``: deal no
    opponent a card whose capture it passed up by more than this much (``-1``: off; same tables
    as ``infer``); ``opponents``: ``greedy`` has every other seat play the compiled ``greedy``
    in the fast rollouts (empty: the rollout policy; same tables as ``infer``);
    ``model_prune``: ``prune`` at the tables of ``infer`` (``-1``: the same as elsewhere).
    """

    steps: int = _option(1000, 0, 10_000_000)
    iters: int = _option(0, 0, 1_000_000)
    ms: float = _option(0.0, 0, 3_600_000)
    min_iters: int = _option(2, 1, 100_000)
    prune: float = _option(2.5, 0, 100)
    prior: float = _option(0.5, -1000, 1000)
    confidence: float = _option(1.0, 0, 100)
    width: int = _option(4, 1, 64)
    go_margin: float = _option(-6.0, -1000, 1000)
    rate: float = _option(0.55, 0.01, 10)
    only: str = _option("")
    rollouts: str = _option("auto")
    guide: str = _option("")
    infer: float = _option(0.0, 0, 100)
    infer_players: int = _option(2, 2, 3)
    anchor: str = _option("expert")
    anchor_stages: str = _option("main")
    rollout_policy: str = _option("expert-lite")
    exclude: float = _option(-1.0, -1, 100)
    opponents: str = _option("")
    model_prune: float = _option(-1.0, -1, 100)


class SearchAgent(Agent):
    """See the module docstring."""

    name = "search"
    needs_sampler = True
    OPTIONS: ClassVar[type[SearchOptions]]  # set below the class
    PARAMETER_RANGES: ClassVar[dict[str, tuple[float, float]]]

    def __init__(self, options: SearchOptions | None = None, **changes: Any) -> None:
        o = dataclasses.replace(options or SearchOptions(), **changes)
        self.options = o
        steps, iters, ms, min_iters = o.steps, o.iters, o.ms, o.min_iters
        prune, prior, confidence, width = o.prune, o.prior, o.confidence, o.width
        go_margin, rate, only, rollouts, guide = o.go_margin, o.rate, o.only, o.rollouts, o.guide
        super().__init__()
        if steps < 0 or iters < 0 or ms < 0 or min_iters < 1:
            raise ValueError("steps, iters and ms must be >= 0 and min_iters >= 1")
        if not (steps or iters or ms):
            raise ValueError("a search needs a budget: steps, iters or ms above 0 (e.g. search:steps=1000)")
        self.steps = steps
        self.iters = iters
        self.ms = ms
        self.min_iters = min_iters
        self.prune = prune
        self.prior = prior
        self.confidence = confidence
        self.width = width
        self.only = frozenset(only.split("+")) if only else SEARCHED_STAGES
        if not self.only <= SEARCHED_STAGES:
            raise ValueError(
                f"only= takes stages joined by '+' among {', '.join(sorted(SEARCHED_STAGES))}, got {only!r}"
            )
        self.policy = ExpertPolicy(go_margin=go_margin, rate=rate)
        self.rollout_policy = ExpertPolicy(go_margin=go_margin, rate=rate, fast=True)
        self.last_worlds = 0  # worlds drawn at the last searched decision (for tests / tuning)
        if rollouts not in ROLLOUTS:
            raise ValueError(f"rollouts= takes {', '.join(ROLLOUTS)}, got {rollouts!r}")
        if rollouts == "fast" and not fast_engine_installed():
            raise ValueError(
                "rollouts=fast needs the fast engine (pip install 'gostop[fast]'); "
                "rollouts=auto uses it when installed"
            )
        self.rollouts = rollouts
        if guide not in GUIDES:
            raise ValueError(f"guide= takes {' or '.join(repr(g) for g in GUIDES)}, got {guide!r}")
        self.guide = guide
        self._guide: Agent | None = None
        if guide:
            from gostop.agents.registry import make_agent

            self._guide = make_agent(guide)  # AgentSpecError (a ValueError) without numpy
        if o.anchor not in ANCHORS:
            raise ValueError(f"anchor= takes {' or '.join(ANCHORS)}, got {o.anchor!r}")
        self.anchor_stages = frozenset(o.anchor_stages.split("+")) if o.anchor_stages else SEARCHED_STAGES
        if not self.anchor_stages <= SEARCHED_STAGES:
            raise ValueError(
                f"anchor_stages= takes stages joined by '+' among {', '.join(sorted(SEARCHED_STAGES))}, "
                f"got {o.anchor_stages!r}"
            )
        self._anchor: Agent | None = None
        if o.anchor != "expert":
            from gostop.agents.registry import make_agent

            self._anchor = make_agent(o.anchor)
        if o.rollout_policy not in ROLLOUT_POLICIES:
            raise ValueError(f"rollout_policy= takes {' or '.join(ROLLOUT_POLICIES)}, got {o.rollout_policy!r}")
        if o.opponents not in ("", "greedy"):
            raise ValueError(f"opponents= takes 'greedy' (or nothing: the rollout policy), got {o.opponents!r}")
        self._fast: FastRollouts | None = None
        self._fast_rules: Rules | None = None
        self.last_fast_worlds = 0  # of those, worlds rolled out by the fast engine
        #: With fast rollouts, draw the worlds and prune the candidates in compiled code
        #: (:mod:`gostop.fast.worlds`, :mod:`gostop.fast.stats`: the same worlds and figures as
        #: in Python, faster); False: in Python (for the tests and benchmarks comparing the two).
        self.compiled_search = True
        self.last_compiled = False  # whether the last search drew its worlds in compiled code
        self.last_forbid: list[int] | None = None  # ``exclude``: the masks of the last search

    def params(self) -> dict[str, object]:
        """The options that differ from the defaults (for :attr:`spec`)."""
        default = SearchOptions()
        return {
            f.name: getattr(self.options, f.name)
            for f in dataclasses.fields(SearchOptions)
            if getattr(self.options, f.name) != getattr(default, f.name)
        }

    def choose(self, decision: Decision) -> Action:
        assert self.ctx is not None
        rules = self.ctx.rules
        v = View.from_observation(decision.observation, rules)
        fallback = self.baseline(decision, v)
        self.last_worlds = 0
        self.last_fast_worlds = 0
        if decision.sampler is None or v.stage not in self.only:
            return fallback
        candidates = self.searched_candidates(decision, v, fallback)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(decision, candidates, fallback)

    def baseline(self, decision: Decision, v: View) -> Action:
        """The choice the search keeps unless a candidate beats it: the expert's, or with
        ``anchor=learned`` the learned policy's at the ``anchor_stages``."""
        if self._anchor is not None and v.stage in self.anchor_stages:
            return self._anchor.choose(decision)
        return self.policy.choose(v, decision.legal)

    def begin_hand(self, ctx: HandContext) -> None:
        super().begin_hand(ctx)
        if self._guide is not None:
            self._guide.begin_hand(ctx)
        if self._anchor is not None:
            self._anchor.begin_hand(ctx)

    def choose_table(self, decision: TableDecision) -> object:
        """Table decisions as the expert's, except the gwangpalli stay/drop (DEC-3): the hand
        is played out in sampled deals (:meth:`sampled_play_value`) and the seat stays when
        that, less the compensation it may pay, is positive."""
        return table_choice(decision, lambda d: self.stay_estimate(d) > compensation_cost(d))

    def stay_estimate(self, decision: TableDecision) -> float:
        """Expected chips of playing the hand: the sampled mean shrunk toward the expert's
        measured estimate (:func:`~gostop.agents.table.play_value`) as if that were worth
        :data:`TABLE_PRIOR_WORLDS` sampled deals (a handful of deals is a noisy estimate)."""
        worlds = [0]
        mean = self.sampled_play_value(decision, worlds)
        n = worlds[0]
        return (n * mean + TABLE_PRIOR_WORLDS * play_value(decision)) / (n + TABLE_PRIOR_WORLDS)

    def sampled_play_value(self, decision: TableDecision, count: list[int] | None = None) -> float:
        """Mean net chips of playing the dealt hand as a non-dealer: the unseen cards are dealt
        at random to the dealer, another player, the layout and the stock, and the hand is
        finished with the expert policy for every seat (:func:`rollout`), within four times
        the ``steps`` budget (at least ``4 * min_iters`` deals)."""
        rules = decision.rules
        rng = random.Random(decision.seed)
        mine = [c.code for c in decision.hand]
        held = set(mine)
        rest = [c.code for c in deck_cards(rules.jokers) if c.code not in held]
        per_hand, per_layout = 7, 6  # DEAL-2, three players
        budget = [self.steps if self.steps else 1 << 62]
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms else math.inf
        total = 0.0
        worlds = 0
        least = 4 * self.min_iters
        attempts = 0
        most = min(TABLE_WORLDS, self.iters) if self.iters else TABLE_WORLDS
        while worlds < least or (budget[0] > 0 and worlds < most and time.perf_counter() < deadline):
            attempts += 1
            if attempts > 20 * least + 1000:
                break  # pragma: no cover - only deals the engine keeps refusing get here
            rng.shuffle(rest)
            seat = 1 + worlds % 2
            hands: list[list[str]] = [rest[:per_hand], [], []]
            hands[seat] = mine
            hands[3 - seat] = rest[per_hand : 2 * per_hand]
            layout = rest[2 * per_hand : 2 * per_hand + per_layout]
            stock = rest[2 * per_hand + per_layout :]
            try:
                world = Hand.from_deal(rules, hands, layout, stock)
            except DealError:
                budget[0] -= 1
                continue
            total += rollout(world, self.rollout_policy, rules, seat, budget)
            worlds += 1
        if count is not None:
            count[0] += worlds
        return total / worlds if worlds else 0.0

    def searched_candidates(self, decision: Decision, v: View | None = None, fallback: Action | None = None) -> list[Action]:
        """The actions this decision's search measures, the expert's choice first (see
        :meth:`_candidates`); with a ``guide``, its choice of a main action second."""
        assert self.ctx is not None
        if v is None:
            v = View.from_observation(decision.observation, self.ctx.rules)
        if fallback is None:
            fallback = self.baseline(decision, v)
        candidates = self._candidates(v, decision.legal, fallback)
        if self._guide is not None and v.stage == "main":
            guided = self._guide.choose(decision)
            key = _equivalence_key(v, guided)
            if all(_equivalence_key(v, c) != key for c in candidates):
                candidates.insert(1, guided)
        return candidates

    def _candidates(self, v: View, legal: tuple[Action, ...], fallback: Action) -> list[Action]:
        """The expert's choice first, then the other options worth a rollout: on the main
        action the ``width`` best by the expert's score (equivalent cards once) and every
        declaration; elsewhere every option."""
        if v.stage == "main":
            ev = Evaluator(v)
            ranked = self.policy.ranked_main(ev, legal)
            pool = ranked[: self.width] + [a for a in legal if a.kind not in MAIN_KINDS]
            if not self.policy.offer_worth_trying(ev):
                # DEC-9 by expected value: only when playing on is expected to cost chips and an
                # opponent is about to win, at most once a hand (the rollouts then measure
                # whether the offer pays).
                pool = [a for a in pool if a.kind != "offer-shodang"]
        else:
            pool = list(legal)
        out = [fallback]
        seen = {_equivalence_key(v, fallback)}
        for a in pool:
            key = _equivalence_key(v, a)
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def _search(self, decision: Decision, candidates: list[Action], fallback: Action) -> Action:
        assert self.ctx is not None and decision.sampler is not None
        rules = self.ctx.rules
        seat = self.ctx.seat
        start = time.perf_counter()
        deadline = start + self.ms / 1000.0 if self.ms else math.inf
        budget = [self.steps if self.steps else 1 << 62]
        n = len(candidates)
        values: list[list[float]] = [[] for _ in range(n)]
        weights: list[float] = []  # one per world (``infer``: how likely the world is)
        alive = list(range(n))
        offered = tuple(decision.observation.exposed)
        fast = self._fast_rollouts(rules)
        if fast is not None:
            fast.new_decision()
        self.prune = self._prune_width()
        forbid = None
        if fast is not None and self.options.exclude >= 0 and self.ctx.players >= self.options.infer_players:
            forbid = fast.exclusions(decision.sampler.sample(self.rng), seat, self.options.exclude)
        self.last_forbid = forbid
        # Worlds drawn in compiled code when covered: the same worlds as ``sampler.sample``
        # (the generator's state goes there and back), only faster.
        compiled = fast.compiled_worlds(decision.sampler, seat, forbid) if fast is not None and self.compiled_search else None
        try:
            if compiled is not None:
                compiled.load(self.rng)
            worlds, fast_worlds = self._search_worlds(
                decision, candidates, values, weights, alive, budget, deadline, fast, compiled, forbid, offered
            )
        finally:
            if compiled is not None:
                compiled.store(self.rng)
        self.last_worlds = worlds
        self.last_fast_worlds = fast_worlds
        self.last_compiled = compiled is not None
        # The best mean replaces the expert's choice (index 0, always alive) only when it beats
        # it by more than ``confidence`` standard errors of the paired difference (+ ``prior``).
        best = max(alive, key=lambda i: (_weighted_mean_se(values[i], weights)[0], -i))
        if best == 0:
            return fallback
        diffs = [a - b for a, b in zip(values[best], values[0], strict=True)]
        mean, se = _weighted_mean_se(diffs, weights)
        if mean > self.prior + self.confidence * se:
            return candidates[best]
        return fallback

    def _search_worlds(
        self, decision: Decision, candidates: list[Action], values: list[list[float]], weights: list[float],
        alive: list[int], budget: list[int], deadline: float, fast: FastRollouts | None, compiled: CompiledWorlds | None,
        forbid: list[int] | None, offered: tuple[bool, ...],
    ) -> tuple[int, int]:
        """Draw worlds and roll the candidates out in each until the budget is spent (``alive``
        is pruned in place); the worlds drawn, and how many of them the fast engine played."""
        assert self.ctx is not None and decision.sampler is not None
        rules = self.ctx.rules
        seat = self.ctx.seat
        worlds = 0
        fast_worlds = 0
        skipped = 0
        table = fast.table(len(candidates)) if fast is not None and self.compiled_search else None  # compiled pruning
        while True:
            fast_values = None
            if compiled is not None:
                assert fast is not None
                fast_values = fast.drawn_values(compiled, [candidates[i] for i in alive], seat, budget)
                if fast_values is None:  # this world in Python, as ``sample`` draws it
                    compiled.store(self.rng)
                    world = decision.sampler.sample(self.rng, forbid)
                    fast_values = fast.values(world, [candidates[i] for i in alive], seat, budget)
                    compiled.load(self.rng)
            else:
                world = decision.sampler.sample(self.rng, forbid)
                fast_values = fast.values(world, [candidates[i] for i in alive], seat, budget) if fast else None
            if fast_values is not None:
                for i, value in zip(alive, fast_values, strict=True):
                    values[i].append(value)
                weights.append(fast.weight if fast is not None else 1.0)
                fast_worlds += 1
            else:
                legal = world.legal_actions()
                if not all(candidates[i] in legal for i in alive):
                    # A world in which a candidate is not legal is not one the seat can be in (it
                    # knows its legal actions): under ``shodang_eligibility = no_safe_play`` an
                    # offer's legality depends on the opponents' hands (LIAB-7). Drawn again.
                    skipped += 1
                    budget[0] -= 1
                    if skipped >= MAX_SKIPPED_WORLDS:
                        break
                    if worlds >= self.min_iters and (budget[0] <= 0 or time.perf_counter() >= deadline):
                        break
                    continue
                weights.append(1.0)
                for i in alive:
                    w = world.clone()
                    w.apply(candidates[i])
                    made = offered
                    if candidates[i].kind == "offer-shodang":
                        made = tuple(x or k == seat for k, x in enumerate(offered))
                    values[i].append(rollout(w, self.rollout_policy, rules, seat, budget, made))
            if table is not None:
                table.add(alive, [values[i][-1] for i in alive], weights[-1])
            worlds += 1
            # (with fast rollouts, many worlds: prune at every 1/16th of the worlds so far, as
            # each pruning pass reads every world)
            if worlds >= 3 and len(alive) > 1 and (fast is None or worlds % max(1, worlds // 16) == 0):
                if table is None:
                    alive[:] = self._prune(values, alive, worlds, weights)
                elif self.prune > 0:
                    alive[:] = table.prune(alive, self.prune)
            if worlds < self.min_iters:
                continue
            if len(alive) == 1:
                break
            if budget[0] <= 0 or (self.iters and worlds >= self.iters):
                break
            if time.perf_counter() >= deadline:
                break
        return worlds, fast_worlds

    def _fast_rollouts(self, rules: Rules) -> FastRollouts | None:
        """The fast rollouts for ``rules``, or None (reference rollouts): see ``rollouts``."""
        if self.rollouts == "reference":
            return None
        if self.rollouts == "auto" and warm.started() and not warm.ready():
            return None  # a game compiles in the background: reference rollouts meanwhile
        assert self.ctx is not None
        modelled = self.ctx.players >= self.options.infer_players
        infer = self.options.infer if modelled else 0.0
        greedy_others = modelled and self.options.opponents == "greedy"
        if self._fast_rules is rules and (self._fast is None or (self._fast.infer == infer and self._fast.greedy_others == greedy_others)):
            return self._fast
        self._fast_rules = rules
        try:
            self._fast = FastRollouts(rules, self.policy.go_margin, infer, self.options.rollout_policy == "net", greedy_others)
        except (ImportError, ValueError):  # no numba, or rules the fast engine does not cover
            self._fast = None
        return self._fast

    def _prune_width(self) -> float:
        """``prune``, or ``model_prune`` at a table whose opponents are modelled."""
        assert self.ctx is not None
        o = self.options
        if o.model_prune >= 0 and self.ctx.players >= o.infer_players:
            return o.model_prune
        return o.prune

    def _prune(self, values: list[list[float]], alive: list[int], worlds: int, weights: list[float]) -> list[int]:
        """Drop candidates whose paired deficit to the leader is beyond ``prune`` SEs."""
        if self.prune <= 0:
            return alive
        means = {i: _weighted_mean_se(values[i], weights, se=False)[0] for i in alive}
        lead = max(alive, key=lambda i: means[i])
        keep = []
        for i in alive:
            if i == lead or i == 0:  # the leader, and the expert's choice (the baseline)
                keep.append(i)
                continue
            diffs = [a - b for a, b in zip(values[lead], values[i], strict=True)]
            mean, se = _weighted_mean_se(diffs, weights)
            if se == math.inf:
                se = 0.0
            if mean > self.prune * se + 0.5:
                continue
            keep.append(i)
        return keep


SearchAgent.OPTIONS = SearchOptions
SearchAgent.PARAMETER_RANGES = {
    f.name: f.metadata["range"] for f in dataclasses.fields(SearchOptions) if "range" in f.metadata
}
