"""The expert in goo-stupe (GOO-1 .. GOO-21): it plays a joker from hand before anything else
where that makes each opponent drink (GOO-10, ``joker_shot = hand_opponents_stock_self``), last
where it makes itself drink (the other reading), and it stops as soon as it may at a table paid
in shots (GOO-4: no go chips, no multipliers) unless it still holds such a joker. It lost to
``greedy`` there (-0.81 shots a hand, 1,000 deals): it held its jokers, which a stop then left
unplayed, and said go."""

from __future__ import annotations

from gostop.agents import make_agent
from gostop.cards import Card
from gostop.agents.expert import MAIN_KINDS, ExpertAgent
from gostop.agents.protocol import Decision
from gostop.engine import Action
from gostop.rules import get_preset, make_rules
from gostop.sim import simulate
from gostop.sim.runner import play_hand


class Watched(ExpertAgent):
    """The expert, with what it was offered and what it chose."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[tuple[Action, ...], Action]] = []
        self.hands: list[tuple[Card, ...]] = []

    def choose(self, decision: Decision) -> Action:
        action = super().choose(decision)
        self.seen.append((tuple(decision.legal), action))
        self.hands.append(tuple(decision.observation.hand))
        return action


def _joker_play(a: Action) -> bool:
    return a.kind == "play" and bool(a.cards) and a.cards[0].startswith("JK")


def _watched(rules_changes: dict[str, object] | None, hands: int) -> list[Watched]:
    rules = make_rules("goo-stupe", rules_changes or {})
    experts = []
    for h in range(hands):
        expert = Watched()
        play_hand(rules, 2, 500 + h, [expert, make_agent("greedy")], [h, h + 1], timing=False)
        experts.append(expert)
    return experts


def _watch(rules_changes: dict[str, object] | None, hands: int) -> list[tuple[tuple[Action, ...], Action]]:
    return [choice for expert in _watched(rules_changes, hands) for choice in expert.seen]


def test_a_joker_that_makes_the_opponent_drink_is_played_first() -> None:
    seen = _watch(None, 30)
    # (a declaration comes before the main action: a shake, GOO-8, gives nothing but is allowed)
    offered = [(legal, a) for legal, a in seen if any(_joker_play(x) for x in legal) and a.kind in MAIN_KINDS]
    assert len(offered) >= 20, len(offered)
    assert all(_joker_play(a) for _legal, a in offered)


def test_a_joker_that_makes_the_player_drink_is_played_last() -> None:
    seen = _watch({"joker_shot": "hand_self_stock_opponents"}, 30)
    offered = [(legal, a) for legal, a in seen
               if any(_joker_play(x) for x in legal) and any(x.kind == "play" and not _joker_play(x) for x in legal)]
    assert len(offered) >= 20, len(offered)
    assert not any(_joker_play(a) for _legal, a in offered)


def _go_or_stop(rules_changes: dict[str, object] | None, hands: int) -> list[tuple[bool, str]]:
    """Each go/stop answer: whether the expert held a joker then, and what it said."""
    asked = []
    for expert in _watched(rules_changes, hands):
        for (legal, a), hand in zip(expert.seen, expert.hands, strict=True):
            if {x.kind for x in legal} >= {"go", "stop"}:
                asked.append((any(c.is_joker for c in hand), a.kind))
    return asked


def test_it_stops_at_once_at_a_table_paid_in_shots_unless_it_holds_a_joker() -> None:
    # A joker still in hand would make the opponent drink on the next turn; a stop leaves it
    # unplayed (1,000 deals on seeds 1 and 2: +1.52 and +1.67 shots a hand with the go, +1.44
    # and +1.54 stopping at once). The go/stop question is asked before the last turn only.
    asked = _go_or_stop(None, 60)
    holding = [kind for joker, kind in asked if joker]
    empty = [kind for joker, kind in asked if not joker]
    assert len(empty) >= 5 and len(holding) >= 3, (len(empty), len(holding))
    assert set(empty) == {"stop"}
    assert set(holding) == {"go"}


def test_a_joker_that_makes_the_player_drink_is_no_reason_to_go() -> None:
    asked = _go_or_stop({"joker_shot": "hand_self_stock_opponents"}, 60)
    assert sum(joker for joker, _ in asked) >= 3, asked
    assert {kind for _, kind in asked} == {"stop"}


def test_it_beats_greedy_in_goo_stupe() -> None:
    # 1,000 deals on seeds 1 and 2: +1.44 and +1.54 shots a hand (it was -0.81 and -0.76); here 200
    report = simulate(get_preset("goo-stupe"), ["expert", "greedy"], 200, seed=3)
    pair = report.pairs[0]
    assert pair.a == "expert" and pair.diff.low > 0.8, pair.diff
