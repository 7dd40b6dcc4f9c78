"""The agent protocol: agents see only their seat's observation, the legal actions and a sampler
that holds no hidden card; agents are seeded and deterministic."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from gostop.agents import (
    Agent,
    AgentSpecError,
    Decision,
    HandContext,
    WorldSampler,
    make_agent,
    parse_spec,
)
from gostop.engine import Event, Hand
from gostop.engine.events import PRIVATE_EVENT_TYPES
from gostop.rules import get_preset
from gostop.sim.runner import play_hand

PAGAT = get_preset("pagat")

_ATOMS = (str, bytes, int, float, bool, type(None), complex)


def _reachable(*roots: object) -> list[object]:
    """Every data object reachable from ``roots`` by references (attributes, slots, items,
    closure cells), not descending into code: types, modules, functions."""
    seen: set[int] = set()
    out: list[object] = []
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _ATOMS):
            continue
        seen.add(id(obj))
        out.append(obj)
        if isinstance(obj, type) or type(obj).__name__ in ("module", "function", "builtin_function_or_method", "code"):
            continue
        stack.extend(gc.get_referents(obj))
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                stack.append(getattr(obj, name))
    return out


class SpyAgent(Agent):
    """Plays like ``inner`` and, at each decision, inspects everything it was handed."""

    name = "spy"
    needs_sampler = True

    def __init__(self, inner: str, real: list[Hand], leaks: list[str]) -> None:
        super().__init__()
        self.inner = make_agent(inner)
        self.real = real
        self.leaks = leaks
        self.decisions = 0

    def begin_hand(self, ctx: HandContext) -> None:
        super().begin_hand(ctx)
        self.inner.begin_hand(ctx)

    def choose(self, decision: Decision) -> Any:
        assert self.ctx is not None
        self.decisions += 1
        seat = self.ctx.seat
        real = self.real[-1]
        for obj in _reachable(decision):
            if obj is real:
                self.leaks.append("the real hand is reachable")
            if isinstance(obj, Event) and obj.type in PRIVATE_EVENT_TYPES and obj.seat != seat and obj.cards:
                self.leaks.append(f"private event of seat {obj.seat}: {obj}")
        return self.inner.choose(decision)


@pytest.fixture
def real_hands(monkeypatch: pytest.MonkeyPatch) -> list[Hand]:
    """Record every hand the driver creates (the test may see them; agents must not)."""
    made: list[Hand] = []
    original = Hand.new.__func__  # type: ignore[attr-defined]

    def recording_new(cls: type[Hand], *args: Any, **kwargs: Any) -> Hand:
        hand = original(cls, *args, **kwargs)
        made.append(hand)
        return hand

    monkeypatch.setattr(Hand, "new", classmethod(recording_new))
    return made


@pytest.mark.parametrize("players", [2, 3])
def test_agent_cannot_reach_the_state_or_hidden_cards(real_hands: list[Hand], players: int) -> None:
    leaks: list[str] = []
    spies = [SpyAgent("search:steps=40", real_hands, leaks) for _ in range(players)]
    for seed in range(3):
        play_hand(PAGAT, players, seed, list(spies), [seed * 10 + s for s in range(players)])
    assert sum(s.decisions for s in spies) > 20
    assert leaks == []


def test_sampled_worlds_do_not_know_the_opponents_cards() -> None:
    hand = Hand.new(PAGAT, 2, 3)
    for _ in range(4):  # a few moves in
        hand.apply(hand.legal_actions()[0])
    seat = hand.current_player
    assert seat is not None
    opp = 1 - seat
    real_opp_mask = hand.zones()[f"hand{opp}"]
    sampler = WorldSampler.from_hand(hand, seat, seed=1)
    rng = random.Random(2)
    overlaps = []
    for _ in range(200):
        world = sampler.sample(rng)
        assert world.observation(seat) == hand.observation(seat)
        assert world.zones()[f"hand{seat}"] == hand.zones()[f"hand{seat}"]
        overlaps.append((world.zones()[f"hand{opp}"] & real_opp_mask).bit_count())
    held = real_opp_mask.bit_count()
    hidden = held + hand.stock_size
    expected = held * held / hidden  # a random re-deal shares this many cards on average
    mean = sum(overlaps) / len(overlaps)
    assert abs(mean - expected) < 0.6, (mean, expected)
    assert held >= 5
    assert max(overlaps) < held


def test_observation_hides_other_hands_and_the_stock() -> None:
    hand = Hand.new(PAGAT, 3, 8)
    obs = hand.observation(0)
    text = repr(obs.to_json())
    for s in (1, 2):
        for card in hand.hand_cards(s):
            if card not in obs.shown_hand_cards[s]:
                assert f"'{card.code}'" not in text
    for card in hand.stock_cards():
        assert f"'{card.code}'" not in text


@pytest.mark.parametrize("spec", ["random", "greedy", "expert", "search:steps=60"])
def test_agents_are_deterministic_given_their_seed(spec: str) -> None:
    def run() -> tuple[str, ...]:
        agents = [make_agent(spec), make_agent("expert")]
        hand, _ = play_hand(PAGAT, 2, 42, agents, [7, 8], timing=False)
        return tuple(str(a) for a in hand.history)

    assert run() == run()


def test_specs_and_levels() -> None:
    assert parse_spec("hard") == ("search", {"infer": 0.7, "infer_players": 3, "exclude": 0.0, "opponents": "greedy", "model_prune": 0.0})
    assert parse_spec("hard:steps=300") == ("search", {"infer": 0.7, "infer_players": 3, "exclude": 0.0, "opponents": "greedy", "model_prune": 0.0, "steps": 300})  # a level's parameters, then the spec's
    assert make_agent("hard").spec == "search:infer=0.7:infer_players=3:exclude=0.0:opponents=greedy:model_prune=0.0"
    assert parse_spec("search:steps=300:ms=12.5") == ("search", {"steps": 300, "ms": 12.5})
    assert make_agent("easy").name == "greedy"
    assert make_agent("normal").name == "expert"
    agent = make_agent("search:steps=300")
    assert agent.spec == "search:steps=300"
    assert make_agent(agent.spec).spec == agent.spec
    with pytest.raises(AgentSpecError, match="did you mean 'greedy'"):
        make_agent("greddy")
    with pytest.raises(AgentSpecError, match="no parameter 'step'.*did you mean 'steps'"):
        make_agent("search:step=3")
    with pytest.raises(AgentSpecError, match="key=value"):
        make_agent("search:300")
    with pytest.raises(AgentSpecError):
        make_agent("search:steps=-1")
    # a parameter typed twice is refused (which one was meant?); one typed after a level's
    # own overrides it
    with pytest.raises(AgentSpecError, match="steps is given twice"):
        make_agent("search:steps=300:steps=400")
    with pytest.raises(AgentSpecError, match="infer is given twice"):
        parse_spec("hard:infer=0.5:infer=0.6")
    assert parse_spec("hard:infer=0.5")[1]["infer"] == 0.5


def test_search_respects_a_millisecond_budget() -> None:
    # Without the time cap this budget would take minutes per decision (about 60 us a step).
    agent = make_agent("search:steps=1000000:ms=20")
    hand, outcomes = play_hand(PAGAT, 2, 5, [agent, make_agent("greedy")], [1, 2])
    times = outcomes[0].times
    assert len(times) >= 5
    # The deadline is checked after each world (one rollout per candidate): a decision may
    # overrun it by one world, never by more (generous slack for a loaded machine).
    assert max(times) < 1.5, times


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:steps=0", "a search needs a budget"),
        ("search:steps=0:iters=0:ms=0", "a search needs a budget"),
        ("search:steps=abc", "steps must be a whole number, got abc"),
        ("search:steps=", "steps must be a whole number, got nothing"),  # QA 19: said "got " and nothing
        ("search:iters=2.5", "iters must be a whole number"),
        ("search:steps=99999999999999999999", "steps must be between 0 and 10000000"),
        ("search:width=0", "width must be between 1 and 64"),
        ("search:ms=nan", "ms must be a finite number"),
        ("search:prune=true", "prune must be a number"),
        ("expert:rate=0", "rate must be between 0.01 and 10"),
        ("greedy:max_goes=-1", "max_goes must be between 0 and 20"),
    ],
)
def test_bad_bot_parameters_are_refused_with_a_clear_message(spec: str, message: str) -> None:
    """Issue 9: ``search:steps=0`` used to search forever; wrong types gave Python errors."""
    from gostop.agents import AgentSpecError

    with pytest.raises(AgentSpecError) as info:
        make_agent(spec)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_parameters_in_range_still_build_the_bot() -> None:
    assert make_agent("search:steps=0:ms=50").spec == "search:steps=0:ms=50.0"
    assert make_agent("expert:rate=1").spec == "expert:rate=1.0"
    assert make_agent("greedy:go_cards=10").spec == "greedy:go_cards=10"
