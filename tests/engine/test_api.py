"""The public API: actions and their text, errors, events, observation, clone, determinize."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from engine_helpers import legal_texts, make_hand, random_playout

from gostop.engine import (
    PRIVATE_EVENT_TYPES,
    Action,
    ActionParseError,
    Event,
    Hand,
    IllegalActionError,
)
from gostop.rules import get_preset


def test_action_text_roundtrip_and_interning() -> None:
    for text in [
        "play 03B", "play JK1-2", "bomb 05", "grenade 11", "skip", "shake 12", "show-quad 01",
        "reveal JK2", "offer-shodang", "accept", "refuse", "pick 03J1", "surrender 05J1",
        "surrender 05J1 05J2", "surrender 05J1 11D JK3", "go", "stop", "chongtong", "continue",
        "yell", "no-yell",
    ]:
        a = Action.parse(text)
        assert str(a) == text and a.to_json() == text
        assert Action.parse(text) is a
        assert Action(a.kind, a.cards, a.month) is a
        assert pickle.loads(pickle.dumps(a)) is a and copy.deepcopy(a) is a
    assert Action.parse("surrender 05J2 05J1") is Action.parse("surrender 05J1 05J2")
    assert Action.parse("play 03B").index == 8 and Action.parse("play JK2").index == -1


@pytest.mark.parametrize("bad", ["", "fly 03B", "play", "play 13B", "bomb 13", "bomb x", "go now", "surrender 01B 01B"])
def test_action_parse_errors(bad: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(bad)


def test_illegal_action_names_it_and_the_legal_ones_and_leaves_the_hand_alone() -> None:
    hand = Hand.new(get_preset("pagat"), 2, 3)
    before = json.dumps(hand.observation(0).to_json())
    history = hand.history
    with pytest.raises(IllegalActionError) as info:
        hand.apply("go")
    msg = str(info.value)
    assert "'go'" in msg and legal_texts(hand)[0] in msg
    assert [str(a) for a in info.value.legal] == legal_texts(hand)
    with pytest.raises(IllegalActionError, match="cannot read"):
        hand.apply("hop 01B")
    with pytest.raises(IllegalActionError):
        hand.apply(42)  # type: ignore[arg-type]
    assert json.dumps(hand.observation(0).to_json()) == before and hand.history == history


def test_apply_accepts_the_text_form() -> None:
    hand = Hand.new(get_preset("pagat"), 2, 3)
    text = legal_texts(hand)[0]
    hand.apply(text)
    assert hand.history == (Action.parse(text),)


def test_over_hand_refuses_actions() -> None:
    hand = make_hand(layout=["02A", "02R", "02J1", "02J2", "03B", "04A", "05A", "06A"])
    with pytest.raises(IllegalActionError, match="over"):
        hand.apply("play 01B")


def test_events_have_a_json_form() -> None:
    hand = Hand.new(get_preset("pagat"), 3, 11)
    random_playout(hand, random.Random(1))
    for e in hand.events:
        assert isinstance(e, Event)
        js = e.to_json()
        assert json.loads(json.dumps(js)) == js and js["type"] == e.type
    assert hand.result is not None
    json.dumps(hand.result.to_json())


def test_replaying_the_history_gives_the_same_hand() -> None:
    rules = get_preset("fuda-wiki")
    hand = Hand.new(rules, 2, 77, cut=9)
    random_playout(hand, random.Random(5))
    again = Hand.new(rules, 2, 77, cut=9)
    for a in hand.history:
        again.apply(str(a))
    assert again.events == hand.events and again.result == hand.result


def test_clone_is_independent() -> None:
    hand = Hand.new(get_preset("pagat"), 3, 21)
    hand.apply(hand.legal_actions()[0])
    snapshot = [json.dumps(hand.observation(s).to_json()) for s in range(3)]
    c = hand.clone()
    random_playout(c, random.Random(2))
    assert [json.dumps(hand.observation(s).to_json()) for s in range(3)] == snapshot
    random_playout(hand, random.Random(3))
    assert hand.is_over


@pytest.mark.parametrize("players", [2, 3])
def test_determinize_leaks_no_hidden_card_through_its_events(players: int) -> None:
    # A determinized copy is handed to search bots: its event log must not name the real
    # hidden cards of other seats (their dealt hands), only the observer's own.
    hand = Hand.new(get_preset("pagat"), players, 11)
    rng = random.Random(3)
    for _ in range(3):
        hand.apply(rng.choice(hand.legal_actions()))
    def leaks(h: Hand) -> list[str]:
        return [
            str(e) for e in h.events
            if e.type in PRIVATE_EVENT_TYPES and e.seat not in (None, 0) and e.cards
        ]

    assert leaks(hand), "the real hand's log should hold other seats' private events"
    det = hand.determinize(0, random.Random(5))
    assert leaks(det) == []
    assert det.observation(0).to_json() == hand.observation(0).to_json()


def test_determinize_keeps_the_observation_and_redeals_the_rest() -> None:
    hand = Hand.new(get_preset("pagat"), 2, 8)
    for _ in range(4):
        hand.apply(hand.legal_actions()[0])
    obs = hand.observation(0).to_json()
    changed = False
    for k in range(5):
        det = hand.determinize(0, random.Random(k))
        assert det.observation(0).to_json() == obs
        changed |= det.hand_cards(1) != hand.hand_cards(1)
        random_playout(det, random.Random(k))
    assert changed
