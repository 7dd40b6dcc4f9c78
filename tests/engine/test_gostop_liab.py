"""GOSTOP-1..8, the settlement at a stop (PAY via settle) and the LIAB facts (LIAB-3..12)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import codes, find_event, legal_texts, make_hand, play, rules_of, types

from gostop.engine import Hand
from gostop.rules import Rules

# A hand in which seat 0 completes hong-dan (01R 02R 03R: 3 points) on its second turn.
LAYOUT3 = ["01J1", "02J1", "03J1", "04A", "05A", "06A"]
LAYOUT2 = [*LAYOUT3, "07A", "08B"]
STOCK = ["02R", "09J1", "10J1", "11J1", "10J2", "11J2", "09J2"]


def hong_dan(players: int, rules: Rules | None = None, **kw: Any) -> Hand:
    if rules is None:
        rules = rules_of(stop_target_two_player=3) if players == 2 else rules_of()
    hands = {0: ["01R", "03R", "03B"], 1: ["04J1"], 2: ["03J2", "05J1"]}
    if players == 2:
        hands = {0: ["01R", "03R", "03B", "03J2"], 1: ["04J1"]}
    layout = LAYOUT2 if players == 2 else LAYOUT3
    hand = make_hand(rules, players=players, hands=hands, layout=layout, stock=STOCK, **kw)
    play(hand, "play 01R", "play 04J1")  # seat 0 takes 01R 01J1 and (stock) 02R 02J1
    if players == 3:
        play(hand, "play 05J1")
    assert hand.current_player == 0 and hand.stage == "main"
    return hand


@pytest.mark.parametrize("players", [2, 3])
def test_GOSTOP2_decision_when_the_target_is_reached(players: int) -> None:
    hand = hong_dan(players)
    assert hand.target == 3
    evs = play(hand, "play 03R")
    assert "capture" in types(evs)
    assert hand.stage == "go-stop" and hand.current_player == 0
    assert legal_texts(hand) == ["go", "stop"]
    assert hand.stop_points(0) == 3


def test_GOSTOP4_stop_ends_the_hand_and_settles() -> None:
    hand = hong_dan(3)
    play(hand, "play 03R")
    evs = play(hand, "stop")
    res = hand.result
    assert res is not None and res.winner == 0 and res.reason == "stop"
    assert res.settlement is not None and res.points == 3 and res.stop_points == 3
    assert res.opponents == (1, 2)
    assert sum(res.chips) == 0 and res.chips[0] == res.settlement.total
    assert res.chips[1:] == tuple(-p for p in res.settlement.payments)
    assert find_event(evs, "settlement").data["payments"] == list(res.settlement.payments)
    assert res.context is not None and res.context.goes == 0


def test_GOSTOP5_go_then_no_new_decision_without_more_points() -> None:
    hand = hong_dan(2)
    play(hand, "play 03R", "go")
    assert hand.goes(0) == 1 and hand.observation(1).last_go_points == (3, 0)
    play(hand, next(a for a in legal_texts(hand) if a.startswith("play ")))
    while hand.stage != "main":
        play(hand, legal_texts(hand)[0])
    assert hand.current_player == 0
    play(hand, "play 03B")  # month 3 is gone from the layout: nothing new
    assert hand.stage != "go-stop" and hand.current_player == 1


def test_GOSTOP2_improved_trigger_asks_when_points_rise_this_turn() -> None:
    hand = hong_dan(2, rules_of(stop_target_two_player=3, go_decision_trigger="improved"))
    play(hand, "play 03R")
    assert hand.stage == "go-stop"


def test_GOSTOP8_no_decision_outside_the_owners_turn() -> None:
    hand = hong_dan(3)
    play(hand, "play 03R", "go")
    # seat 0 keeps 3 points; seats 1 and 2 move, no go/stop is offered to seat 0.
    for _ in range(2):
        assert hand.current_player != 0 or hand.stage == "main"
        legal = legal_texts(hand)
        play(hand, next((a for a in legal if a.startswith("play ")), legal[0]))


def test_LIAB4_oe_myeon_B_a_capture_passed_up() -> None:
    hand = hong_dan(3)
    play(hand, "play 03R", "stop")
    res = hand.result
    assert res is not None and res.context is not None
    # seat 2 held 03J2 while 03J1 lay on the layout all its turn: oe-myeon (B).
    assert res.context.oe_myeon == 1
    assert res.settlement is not None and res.settlement.liability == "oe-myeon"


def test_LIAB4_oe_myeon_A_an_unmatched_card_left() -> None:
    layout = ["01J1", "02J1", "07A", "04A", "05A", "06A"]
    hand = make_hand(players=3, hands={0: ["01R", "03R", "03B", "03J1"], 1: ["04J1"], 2: ["03J2", "05J1"]}, layout=layout, stock=STOCK)
    play(hand, "play 01R", "play 04J1", "play 03J2")  # seat 2 leaves 03J2 on the layout
    play(hand, "play 03R")
    assert hand.stage == "go-stop"
    play(hand, "stop")
    res = hand.result
    assert res is not None and res.context is not None and res.context.oe_myeon == 1


def test_LIAB1_no_oe_myeon_facts_in_two_player_hands() -> None:
    hand = hong_dan(2)
    play(hand, "play 03R", "stop")
    res = hand.result
    assert res is not None and res.context is not None and res.context.oe_myeon is None


def test_LIAB7_shodang_offer_both_accept_is_a_nagari() -> None:
    hand = hong_dan(3)
    assert "offer-shodang" in legal_texts(hand)
    evs = play(hand, "offer-shodang")
    assert codes(find_event(evs, "offer-shodang").cards) == codes(hand.hand_cards(0))
    assert hand.stage == "answer-shodang" and hand.current_player == 1
    play(hand, "accept")
    assert hand.current_player == 2
    play(hand, "accept")
    res = hand.result
    assert res is not None and res.nagari and res.reason == "shodang" and res.winner is None


def test_LIAB8_first_refusal_the_other_is_deemed_to_accept() -> None:
    hand = hong_dan(3)
    play(hand, "offer-shodang")
    evs = play(hand, "refuse")
    assert [(e.type, e.seat) for e in evs] == [("refuse", 1), ("accept", 2)]
    assert hand.stage == "main" and hand.current_player == 0
    assert "offer-shodang" not in legal_texts(hand)  # once per turn
    obs = hand.observation(2)
    assert obs.exposed == (True, False, False)
    assert codes(obs.shown_hand_cards[0]) == codes(hand.hand_cards(0))
    assert obs.refusals == ((1, 0, 4),)


def test_LIAB10_refusal_liability_inside_the_window() -> None:
    hand = hong_dan(3)
    play(hand, "offer-shodang", "accept", "refuse", "play 03R", "stop")
    res = hand.result
    assert res is not None and res.context is not None
    assert res.context.refuser == 1  # seat 2 is the second opponent of seat 0
    assert res.settlement is not None and res.settlement.liability == "shodang-refusal"


@pytest.mark.parametrize(("window", "refuser"), [("one_round", None), ("rest_of_hand", 0)])
def test_LIAB10_window_one_round_or_rest_of_hand(window: str, refuser: int | None) -> None:
    hand = hong_dan(3, rules_of(shodang_window=window))
    play(hand, "offer-shodang", "refuse", "play 03B")
    for _ in range(2):  # seats 1 and 2 move
        legal = legal_texts(hand)
        play(hand, next((a for a in legal if a.startswith("play ")), legal[0]))
        while hand.stage not in ("main", "over"):
            play(hand, legal_texts(hand)[0] if "go" not in legal_texts(hand) else "go")
    assert hand.current_player == 0
    play(hand, "play 03R")
    assert hand.stage == "go-stop"
    play(hand, "stop")
    res = hand.result
    assert res is not None and res.context is not None and res.context.refuser == refuser


def test_LIAB7_no_shodang_in_two_player_hands_or_when_off() -> None:
    assert "offer-shodang" not in legal_texts(hong_dan(2))
    assert "offer-shodang" not in legal_texts(hong_dan(3, rules_of(shodang=False)))


def test_LIAB7_no_safe_play_needs_no_matching_card() -> None:
    hand = hong_dan(3, rules_of(shodang_eligibility="no_safe_play"))
    assert "offer-shodang" not in legal_texts(hand)  # 03R matches 03J1 on the layout


def test_VAR_MISSION_completed_by_the_winner_multiplies() -> None:
    hand = hong_dan(3, rules_of(missions=True), mission=("hong-dan", 5))
    play(hand, "play 03R", "stop")
    res = hand.result
    assert res is not None and res.context is not None and res.context.mission_multiplier == 5
    assert res.settlement is not None and ("mission", 5) in res.settlement.factors


def test_VAR_MISSION_not_completed() -> None:
    hand = hong_dan(3, rules_of(missions=True), mission=("cho-dan", 5))
    play(hand, "play 03R", "stop")
    res = hand.result
    assert res is not None and res.context is not None and res.context.mission_multiplier == 1


def _set(hand: Hand, **masks: Any) -> None:
    """White-box: put cards where a unit test of one rule needs them."""
    t = hand._t
    for name, value in masks.items():
        if isinstance(value, dict):
            lst = getattr(hand, name)
            for seat, cards in value.items():
                lst[seat] = t.card_mask(tuple(cards))
        else:
            setattr(hand, name, t.card_mask(tuple(value)))
    hand._plays = [None] * hand.players
    hand._legal = None


@pytest.mark.parametrize(
    ("mode", "threat_both", "offer"),
    [("no_safe_play", False, True), ("no_safe_play_each", False, False), ("no_safe_play_each", True, True)],
)
def test_LIAB7_no_safe_play_eligibility(mode: str, threat_both: bool, offer: bool) -> None:
    hand = Hand.new(rules_of(shodang_eligibility=mode), 3, 1)
    # Seat 0 holds 08J1 08J2 (month 8 is not on the layout). Seat 1 holds 08B with two brights
    # captured: either card gives it three brights. Seat 2 holds 08A; with 02A 04A captured
    # (threat_both) either card gives it godori.
    caps = {0: [], 1: ["01B", "03B"], 2: ["02A", "04A"] if threat_both else []}
    hands = {0: ["08J1", "08J2"], 1: ["08B", "11J1"], 2: ["08A", "11J2"]}
    _set(hand, _hands=hands, _caps=caps, _layout=["05A", "06A", "07A", "09A", "10A", "12A"])
    hand._mover = 0
    hand._stage = 0  # main
    hand._offered = False
    assert ("offer-shodang" in legal_texts(hand)) is offer


def test_GOSTOP6_go_on_the_final_turn_ends_in_nagari() -> None:
    import random

    found = 0
    for seed in range(400):
        hand = Hand.new(rules_of(stop_target_two_player=3), 2, seed)
        rng = random.Random(seed)
        last = ""
        while not hand.is_over:
            legal = legal_texts(hand)
            last = "go" if "go" in legal else legal[rng.randrange(len(legal))]
            play(hand, last)
        res = hand.result
        assert res is not None
        if last == "go":
            found += 1
            assert res.nagari and res.reason == "exhaustion" and res.winner is None
    assert found
