"""The seat driver (gostop.table): the one place that asks a bot for a decision."""

from __future__ import annotations

import gc
import random

import pytest

from gostop.agents import Agent, Decision, HandContext, make_agent
from gostop.agents.protocol import IllegalAgentAction
from gostop.engine import Hand
from gostop.rules import get_preset
from gostop.table import begin_hand, decide

RULES = get_preset("pagat")


class Spy(Agent):
    """Records what it was given; plays the last legal action (or an illegal one on demand)."""

    spec = "spy"
    needs_sampler = False

    def __init__(self, sampler: bool = False, illegal: bool = False) -> None:
        self.needs_sampler = sampler
        self.illegal = illegal
        self.contexts: list[HandContext] = []
        self.decisions: list[Decision] = []

    def begin_hand(self, ctx: HandContext) -> None:
        self.contexts.append(ctx)

    def choose(self, decision: Decision):  # type: ignore[no-untyped-def]
        self.decisions.append(decision)
        if self.illegal:
            other = Hand.new(RULES, 2, 99)
            return next(a for a in other.legal_actions() if a not in decision.legal)
        return decision.legal[-1]


def test_the_driver_gives_the_seat_its_view_and_returns_a_legal_action() -> None:
    hand = Hand.new(RULES, 2, 7)
    seat = hand.current_player
    spy = Spy()
    begin_hand(spy, RULES, 2, seat, 11)
    assert spy.contexts == [HandContext(RULES, 2, seat, 11)]
    action = decide(spy, hand, seat, world_seed=3)
    assert action in hand.legal_actions()
    (d,) = spy.decisions
    assert d.observation == hand.observation(seat)
    assert d.sampler is None  # only for agents that search


def test_a_searching_agent_gets_a_sampler_that_never_holds_the_real_hand() -> None:
    hand = Hand.new(RULES, 3, 8)
    seat = hand.current_player
    spy = Spy(sampler=True)
    decide(spy, hand, seat, world_seed=5)
    sampler = spy.decisions[0].sampler
    assert sampler is not None and sampler.seat == seat
    assert hand not in gc.get_referents(sampler)  # a determinized copy only
    world = sampler.sample(random.Random(1))
    assert world.observation(seat).hand == hand.observation(seat).hand


def test_same_seed_same_world() -> None:
    hand = Hand.new(RULES, 2, 9)
    seat = hand.current_player
    a, b = make_agent("search:steps=20"), make_agent("search:steps=20")
    for agent in (a, b):
        begin_hand(agent, RULES, 2, seat, 4)
    assert decide(a, hand, seat, 6) == decide(b, hand, seat, 6)


def test_an_illegal_answer_is_a_bug_not_a_silent_fallback() -> None:
    hand = Hand.new(RULES, 2, 7)
    with pytest.raises(IllegalAgentAction, match="not legal"):
        decide(Spy(illegal=True), hand, hand.current_player, 1)
