"""The decision protocol that docs/record-format.md promises record authors (issue 9, item 14),
checked against the engine: when ``pick`` is asked, which decisions are automatic and take no
action, under which action index automatic events are filed, and the order of quad holders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import gostop
from gostop.engine import Action, Hand
from gostop.record import fill_deal, load_record, record_hand, replay, result_json
from gostop.rules import get_preset

HERE = Path(__file__).parent
DOC = HERE.parent / "docs" / "record-format.md"


def _from_deal(rules: Any, players: int, **places: Any) -> Hand:
    deal = fill_deal(rules, players, **places)
    return Hand.from_deal(rules, [list(h) for h in deal.hands], list(deal.layout), list(deal.stock))


def _bot(legal: list[Action]) -> Action:
    """Bomb when possible, else play (or pick, go...), else the first option: a fixed policy
    that, for the seeds below, reaches the automatic decisions."""
    texts = [str(a) for a in legal]
    for i, text in enumerate(texts):
        if text.startswith("bomb"):
            return legal[i]
    for i, text in enumerate(texts):
        if text.split()[0] in ("play", "pick", "go", "stop", "continue"):
            return legal[i]
    return legal[0]


def _played(preset: str, players: int, seed: int) -> dict[str, Any]:
    hand = Hand.new(get_preset(preset), players, seed)
    while not hand.is_over:
        hand.apply(_bot(hand.legal_actions()))
    record = record_hand(hand, seed=seed)
    replayed, steps = replay(record)
    seats = []
    shown = Hand.new(get_preset(preset), players, seed)
    for action, _events in steps:
        seats.append(shown.current_player)
        shown.apply(action)
    out = result_json(replayed, steps)
    out["seats"] = seats
    out["actions"] = record.actions
    return out


def _automatic(out: dict[str, Any], kind: str, flag: str) -> dict[str, Any]:
    for event in out["events"]:
        if event["type"] == kind and (event.get("data") or {}).get(flag):
            return event
    raise AssertionError(f"no automatic {kind} event")


def test_pick_is_asked_right_after_play_even_if_the_stock_then_makes_a_ttadak() -> None:
    rules = get_preset("pagat")
    hand = _from_deal(rules, 2, hands={0: ["03B"]}, layout=["03J1", "03J2"], stock=["03R"])
    events = hand.apply("play 03B")
    assert [e.type for e in events] == ["play"]  # the stock card is not turned yet
    assert hand.current_player == 0 and sorted(map(str, hand.legal_actions())) == ["pick 03J1", "pick 03J2"]
    events = hand.apply("pick 03J1")
    assert [e.type for e in events][:3] == ["pick", "flip", "ttadak"]  # the pick did not matter
    assert "pick" in DOC.read_text(encoding="utf-8") and "even if the stock card" in DOC.read_text(encoding="utf-8")


def test_forced_stock_only_turn_is_automatic_and_filed_under_the_previous_action() -> None:
    # pagat, 2 players, seed 8: seat 0 bombs, empties its hand and has a skip left
    out = _played("pagat", 2, 8)
    event = _automatic(out, "skip", "forced")
    index = event["action"]
    assert out["seats"][index] != event["seat"]  # the action before it was the other seat's
    assert "skip" not in out["actions"]  # no action in the record for it


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 2)])
def test_surrender_with_one_way_to_pay_is_automatic(players: int, seed: int) -> None:
    out = _played("pagat", players, seed)
    event = _automatic(out, "surrender", "auto")
    index = event["action"]
    assert out["seats"][index] != event["seat"]  # filed under the creditor's action
    assert not any(a.startswith("surrender") and out["seats"][i] == event["seat"] and i == index + 1
                   for i, a in enumerate(out["actions"]))


def test_second_shodang_answer_after_a_refusal_is_automatic() -> None:
    path = HERE / "records" / "LIAB-8_first_refuses_play_on.json"
    record = load_record(path)
    run = gostop("replay", str(path), "--json")
    out = json.loads(run.stdout)
    event = _automatic(out, "accept", "auto")
    index = event["action"]
    assert record.actions[index] == "refuse"  # filed under the first opponent's refusal
    assert out["steps"][index]["seat"] != event["seat"]
    assert record.actions[index + 1] != "accept"  # nothing to write for the second opponent


@pytest.mark.parametrize(("holders", "order"), [([0, 2], [0, 2]), ([1, 2], [1, 2]), ([2, 1], [1, 2])])
def test_quad_holders_decide_in_seat_order_from_the_dealer(holders: list[int], order: list[int]) -> None:
    rules = get_preset("pagat").with_overrides(chongtong="optional")
    quads = {seat: [f"{month:02d}{kind}" for kind in ("B", "R", "J1", "J2")] for seat, month in zip(holders, (1, 3), strict=True)}
    hand = _from_deal(rules, 3, hands=quads)
    asked = []
    while sorted(map(str, hand.legal_actions())) == ["chongtong", "continue"]:
        asked.append(hand.current_player)
        hand.apply("continue")
    assert asked == order


def test_the_doc_states_each_rule_checked_here() -> None:
    text = DOC.read_text(encoding="utf-8")
    for phrase in ("## Decision protocol", "forced", "exactly one way to pay", "deemed to accept",
                   "index of the action before it", "seat order from the dealer"):
        assert phrase in text, phrase


def test_a_stock_card_that_meets_two_singles_asks_its_pick_after_the_flip() -> None:
    rules = get_preset("pagat")
    hand = _from_deal(rules, 2, hands={0: ["05A"]}, layout=["03J1", "03J2", "06A"], stock=["03R"])
    assert not any(c.month == 5 for c in hand.layout_cards())
    events = hand.apply("play 05A")
    assert [e.type for e in events] == ["play", "flip"]
    assert hand.current_player == 0 and sorted(map(str, hand.legal_actions())) == ["pick 03J1", "pick 03J2"]
