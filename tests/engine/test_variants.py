"""In-hand VAR rules (2.17) and the goo-stupe shots (2.16 GOO)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import find_event, make_hand, play, random_playout, rules_of, types

from gostop.engine import MISSIONS, Hand
from gostop.rules import get_preset

L8 = ["02A", "03B", "04A", "05A", "06A", "08B", "10A", "12B"]
TTADAK_LAYOUT = ["02A", "02J1", "03B", "04A", "05A", "06A", "08B", "10A"]


def _finish_plainly(hand: Hand) -> None:
    while not hand.is_over:
        legal = [str(a) for a in hand.legal_actions()]
        plays = [a for a in legal if a.startswith("play ")]
        play(hand, plays[0] if plays and hand.stage == "main" else ("go" if "go" in legal else legal[0]))


def test_VAR_HEODANG_no_capture_on_consecutive_turns_wins() -> None:
    rules = rules_of(heodang_turns=2)
    hand = make_hand(rules, hands={0: ["01B", "09R"], 1: ["02R"]}, layout=L8, stock=["07R", "12A", "11J1"])
    play(hand, "play 01B", "play 02R")
    evs = play(hand, "play 09R")
    assert "heodang" in types(evs)
    res = hand.result
    assert res is not None and res.winner == 0 and res.reason == "heodang"
    assert res.chips == (7, -7)  # heodang_payment = target


def test_VAR_FIRST_FOUR_ttadak_on_the_first_turn_is_paid() -> None:
    hand = make_hand(rules_of(first_turn_four_bonus=3), hands={0: ["02R"]}, layout=TTADAK_LAYOUT, stock=["02J2"])
    play(hand, "play 02R", "pick 02A")
    assert hand.observation(0).chips == (3, -3)


def test_VAR_WEOLYAK_FIRST_all_four_on_the_first_turn() -> None:
    hand = make_hand(rules_of(weol_yak_first_turn=True), hands={0: ["02R"]}, layout=TTADAK_LAYOUT, stock=["02J2"])
    evs = play(hand, "play 02R", "pick 02A")
    assert len(find_event(evs, "weol-yak").cards) == 4


def test_VAR_BAEKHWAJEOM_one_of_each_class_on_the_first_turn() -> None:
    hand = make_hand(rules_of(baek_hwa_jeom=True), hands={0: ["03R"]}, layout=L8, stock=["05J1"])
    evs = play(hand, "play 03R")
    assert "baek-hwa-jeom" in types(evs)
    assert find_event(evs, "no-junk").data["for"] == "baek-hwa-jeom"


def test_VAR_BOAR_pot_taken_by_the_capturer() -> None:
    layout = ["07A", *L8[1:]]
    hand = make_hand(rules_of(boar="pot"), hands={0: ["07R"]}, layout=layout, stock=["09R"], boar_pot=4)
    evs = play(hand, "play 07R")
    assert find_event(evs, "boar").data["pot"] == 6
    _finish_plainly(hand)
    res = hand.result
    assert res is not None
    assert res.boar_taker == 0 and res.boar_pot == 0 and res.pot_chips == (5, -1)
    assert sum(res.chips) == 0


def test_VAR_BOAR_pot_carries_over_when_nobody_catches_it() -> None:
    layout = ["07A", "02A", "02R", "02J1", "02J2", "03B", "04A", "05A"]
    hand = make_hand(rules_of(boar="pot", four_on_table="nagari"), layout=layout, boar_pot=4)
    res = hand.result
    assert res is not None and res.nagari
    assert res.boar_taker is None and res.boar_pot == 6 and res.pot_chips == (-1, -1)


def test_VAR_BOAR_first_turn_payment() -> None:
    layout = ["07A", *L8[1:]]
    hand = make_hand(rules_of(boar="first_turn"), hands={0: ["07R"]}, layout=layout, stock=["09R"])
    play(hand, "play 07R")
    assert hand.observation(0).chips == (3, -3)


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_VAR_MISSION_and_WEOLYAK_MONTH_are_drawn_after_the_shuffle(seed: int) -> None:
    rules = rules_of(weol_yak_month=True, missions=True, mission_multiplier_range=[2, 8])
    hand = Hand.new(rules, 2, seed)
    rng = random.Random(seed)
    rng.shuffle(list(range(50)))
    month = rng.randint(1, 12)
    name, cards = MISSIONS[rng.randrange(len(MISSIONS))]
    mult = rng.randint(2, 8)
    obs = hand.observation(0)
    assert obs.weol_yak_month == month
    assert obs.mission == (name, cards, mult)


def test_VAR_MISSION_explicit_for_a_dealt_hand() -> None:
    hand = make_hand(rules_of(missions=True), layout=L8, mission=("hong-dan", 5), weol_yak_month=3)
    obs = hand.observation(1)
    assert obs.mission == ("hong-dan", ("01R", "02R", "03R"), 5) and obs.weol_yak_month == 3


def test_GOO5_nagari_shots_and_PAY2_settlement_shots() -> None:
    rules = get_preset("goo-stupe")
    seen_nagari = seen_stop = False
    for seed in range(60):
        hand = Hand.new(rules, 3, seed)
        random_playout(hand, random.Random(seed))
        res = hand.result
        assert res is not None and res.chips == (0, 0, 0)
        nag = [p for p in res.fixed_payments if p.reason == "nagari"]
        if res.nagari:
            seen_nagari = True
            assert sorted(p.payer for p in nag) == [0, 1, 2]
        if res.reason == "stop":
            seen_stop = True
            assert res.settlement is not None and res.settlement.unit == "shots"
            for seat, shots in zip(res.opponents, res.settlement.payments, strict=True):
                assert res.shots[seat] >= shots
    assert seen_nagari and seen_stop
