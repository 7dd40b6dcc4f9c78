"""The expert in goo-stupe (GOO-1 .. GOO-21): it plays a joker from hand before anything else
where that makes each opponent drink (GOO-10, ``joker_shot = hand_opponents_stock_self``), last
where it makes itself drink (the other reading), and it stops as soon as it may at a table paid
in shots (GOO-4: no go chips, no multipliers) unless it still holds such a joker. It lost to
``greedy`` there (-0.81 shots a hand, 1,000 deals): it held its jokers, which a stop then left
unplayed, and said go.

The learned policy was taught by that old expert, so it plays those tables by the same rules
(``gostop.agents.expert.shot_table_legal``) and chooses among what they leave: every test here
runs for both bots."""

from __future__ import annotations

import pytest

from gostop.agents import make_agent
from gostop.agents.expert import MAIN_KINDS, ExpertAgent, shot_table_legal
from gostop.agents.knowledge import View
from gostop.agents.protocol import Agent, Decision
from gostop.cards import Card
from gostop.engine import Action, Hand
from gostop.rl.learned import LearnedAgent
from gostop.rules import get_preset, make_rules
from gostop.sim import simulate
from gostop.sim.runner import play_hand

BOTS: dict[str, type[Agent]] = {"expert": ExpertAgent, "learned": LearnedAgent}

bots = pytest.mark.parametrize("bot", sorted(BOTS))


def _watching(bot: str) -> Agent:
    """The bot, with what it was offered, what it chose and the hand it held then."""

    class Watched(BOTS[bot]):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[tuple[tuple[Action, ...], Action]] = []
            self.hands: list[tuple[Card, ...]] = []

        def choose(self, decision: Decision) -> Action:
            action = super().choose(decision)
            self.seen.append((tuple(decision.legal), action))
            self.hands.append(tuple(decision.observation.hand))
            return action

    return Watched()


def _joker_play(a: Action) -> bool:
    return a.kind == "play" and bool(a.cards) and a.cards[0].startswith("JK")


def _watched(bot: str, rules_changes: dict[str, object] | None, hands: int) -> list[Agent]:
    rules = make_rules("goo-stupe", rules_changes or {})
    players = []
    for h in range(hands):
        player = _watching(bot)
        play_hand(rules, 2, 500 + h, [player, make_agent("greedy")], [h, h + 1], timing=False)
        players.append(player)
    return players


def _watch(bot: str, rules_changes: dict[str, object] | None, hands: int) -> list[tuple[tuple[Action, ...], Action]]:
    return [choice for player in _watched(bot, rules_changes, hands) for choice in player.seen]  # type: ignore[attr-defined]


@bots
def test_a_joker_that_makes_the_opponent_drink_is_played_first(bot: str) -> None:
    seen = _watch(bot, None, 30)
    # (a declaration comes before the main action: a shake, GOO-8, gives nothing but is allowed)
    offered = [(legal, a) for legal, a in seen if any(_joker_play(x) for x in legal) and a.kind in MAIN_KINDS]
    assert len(offered) >= 20, len(offered)
    assert all(_joker_play(a) for _legal, a in offered)


@bots
def test_a_joker_that_makes_the_player_drink_is_played_last(bot: str) -> None:
    seen = _watch(bot, {"joker_shot": "hand_self_stock_opponents"}, 30)
    offered = [(legal, a) for legal, a in seen
               if any(_joker_play(x) for x in legal) and any(x.kind == "play" and not _joker_play(x) for x in legal)]
    assert len(offered) >= 20, len(offered)
    assert not any(_joker_play(a) for _legal, a in offered)


def _go_or_stop(bot: str, rules_changes: dict[str, object] | None, hands: int) -> list[tuple[bool, str]]:
    """Each go/stop answer: whether the bot held a joker then, and what it said."""
    asked = []
    for player in _watched(bot, rules_changes, hands):
        for (legal, a), hand in zip(player.seen, player.hands, strict=True):  # type: ignore[attr-defined]
            if {x.kind for x in legal} >= {"go", "stop"}:
                asked.append((any(c.is_joker for c in hand), a.kind))
    return asked


@bots
def test_it_stops_at_once_at_a_table_paid_in_shots_unless_it_holds_a_joker(bot: str) -> None:
    # A joker still in hand would make the opponent drink on the next turn; a stop leaves it
    # unplayed (the expert, 1,000 deals on seeds 1 and 2: +1.52 and +1.67 shots a hand with the
    # go, +1.44 and +1.54 stopping at once). The go/stop question is asked before the last turn.
    asked = _go_or_stop(bot, None, 60)
    holding = [kind for joker, kind in asked if joker]
    empty = [kind for joker, kind in asked if not joker]
    assert len(empty) >= 5 and len(holding) >= 3, (len(empty), len(holding))
    assert set(empty) == {"stop"}
    assert set(holding) == {"go"}


@bots
def test_a_joker_that_makes_the_player_drink_is_no_reason_to_go(bot: str) -> None:
    asked = _go_or_stop(bot, {"joker_shot": "hand_self_stock_opponents"}, 60)
    assert sum(joker for joker, _ in asked) >= 3, asked
    assert {kind for _, kind in asked} == {"stop"}


@pytest.mark.parametrize(("bot", "low"), [("expert", 0.8), ("learned", 0.8)])
def test_it_beats_greedy_in_goo_stupe(bot: str, low: float) -> None:
    # 1,000 deals on seeds 1 and 2: the expert +1.52 and +1.67 shots a hand (it was -0.81 and
    # -0.76), the learned policy +1.49 and +1.63 (it was +0.46 and +0.50); here 200
    report = simulate(get_preset("goo-stupe"), [bot, "greedy"], 200, seed=3)
    pair = report.pairs[0]
    assert pair.a == bot and pair.diff.low > low, pair.diff


def test_the_rules_say_nothing_where_jokers_cost_no_shots() -> None:
    # pagat: jokers but no joker_shot, paid in chips; every decision of a hand keeps its actions
    rules = get_preset("pagat")
    hand = Hand.new(rules, 2, 11)
    seen = 0
    while not hand.is_over:
        seat = hand.current_player
        legal = hand.legal_actions()
        assert seat is not None
        view = View.from_observation(hand.observation(seat), rules)
        assert shot_table_legal(view, legal) == legal
        hand.apply(legal[-1])
        seen += 1
    assert seen >= 10
