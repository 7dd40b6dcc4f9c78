"""GWANG-2..GWANG-8 pieces (deal, drop-out phase, compensation, new stock), X-40, X-47, X-48."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from gostop.cards import deck_cards
from gostop.match.gwangpalli import (
    DropOut,
    compensation_amount,
    deal_seated,
    eligible_cards,
    has_triple,
    rebuild_stock,
)
from gostop.rules import make_rules

PAGAT = make_rules("pagat")


def _deck(rules=PAGAT) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.code for c in deck_cards(rules.jokers)]


@pytest.mark.parametrize("seated", [4, 5, 6])
def test_GWANG_2_deal_pagat_order(seated: int) -> None:
    deck = _deck()
    hands, layout, rest = deal_seated(PAGAT, seated, deck)
    assert [len(h) for h in hands] == [7] * seated and len(layout) == 6
    assert len(rest) == 50 - 7 * seated - 6
    # 4 to seat 1, 2, ..., dealer last, then 3 to the layout, then 3 each, then 3 to the layout.
    assert hands[1][:4] == deck[0:4]
    assert hands[0][:4] == deck[4 * (seated - 1) : 4 * seated]
    assert layout[:3] == deck[4 * seated : 4 * seated + 3]
    assert Counter(c for h in hands for c in h) + Counter(layout) + Counter(rest) == Counter(deck)


def test_GWANG_2_deal_fuda_order_layout_first() -> None:
    rules = make_rules("fuda-wiki")
    deck = _deck(rules)
    hands, layout, _ = deal_seated(rules, 5, deck)
    assert layout[:3] == deck[:3]
    assert hands[1][:4] == deck[3:7]


def test_GWANG_2_seven_seated_no_layout() -> None:
    deck = _deck()
    hands, layout, rest = deal_seated(PAGAT, 7, deck)
    assert [len(h) for h in hands] == [7] * 7 and layout == [] and len(rest) == 1
    assert hands[1] == deck[0:4] + deck[28:31]


def _simulate(seated: int, choices: tuple[bool, ...], iris: tuple[int, ...] = ()) -> tuple[DropOut, list[int]]:
    d = DropOut(seated, iris)
    asked: list[int] = []
    it = iter(choices)
    while d.to_decide is not None:
        asked.append(d.to_decide)
        d.decide(d.to_decide, next(it))
    return d, asked


@pytest.mark.parametrize("seated", [4, 5, 6, 7])
def test_GWANG_3_every_sequence_of_choices(seated: int) -> None:
    for choices in itertools.product([True, False], repeat=seated - 1):
        d, asked = _simulate(seated, choices)
        assert asked == list(range(1, len(asked) + 1))  # in seat order from seat 1
        assert len(d.active) == 3 and d.active[0] == 0  # the dealer must play
        stays = drops = 0
        for seat in range(1, seated):
            status = d.status[seat]
            if seat in asked:
                assert status == ("stay" if choices[seat - 1] else "drop")
                stays += choices[seat - 1]
                drops += not choices[seat - 1]
            else:
                # forced: out once two non-dealers stayed, in once seated - 3 dropped
                assert status == ("forced-out" if stays >= 2 else "forced-in")
                assert stays >= 2 or drops >= seated - 3
        # nobody was asked once the outcome was forced
        assert len(asked) == len(set(asked))


def test_GWANG_3_the_five_seat_example() -> None:
    # A (dealer) B C D E: B drops, C stays, D drops -> E forced in.
    d, _ = _simulate(5, (False, True, False))
    assert d.status == ["dealer", "drop", "stay", "drop", "forced-in"]
    # if D had stayed, E would be forced out
    d, _ = _simulate(5, (False, True, True))
    assert d.status == ["dealer", "drop", "stay", "stay", "forced-out"]
    # if B and C drop, D and E are forced in
    d, _ = _simulate(5, (False, False))
    assert d.status == ["dealer", "drop", "drop", "forced-in", "forced-in"]


def test_GWANG_4_iris_out_counts_as_a_drop_and_may_claim() -> None:
    d = DropOut(7, iris_out=[3])
    assert d.status[3] == "iris-out" and 3 in d.forced_out
    for choices in itertools.product([True, False], repeat=5):
        d, asked = _simulate(7, choices, iris=(3,))
        assert 3 not in asked and len(d.active) == 3 and 3 not in d.active
    assert DropOut(7, iris_out=[0]).status[0] == "dealer"  # the dealer plays anyway


def test_GWANG_5_only_forced_out_players_may_claim() -> None:
    d, _ = _simulate(5, (False, True, True))
    assert d.forced_out == (4,)
    assert 1 not in d.forced_out  # a voluntary drop gets nothing


def test_GWANG_6_eligible_cards_and_amount() -> None:
    hand = ["01B", "11D", "12D", "09A", "JK2", "05A", "03J1"]
    assert eligible_cards(PAGAT, hand, 5) == ("01B", "11D", "12D", "09A", "JK2")
    assert compensation_amount(PAGAT, hand, 5) == 10
    three = make_rules("pagat", {"compensation_per_card": 3})  # VAR-COMP-THREE
    assert compensation_amount(three, hand, 5) == 15


def test_GWANG_6_four_seat_rain_bright_exception() -> None:
    only_rain = ["12B", "11D", "01J1"]
    assert eligible_cards(PAGAT, only_rain, 4) == ("11D",)
    assert eligible_cards(PAGAT, only_rain, 5) == ("12B", "11D")
    assert eligible_cards(PAGAT, ["12B", "01B"], 4) == ("12B", "01B")  # not the only bright
    off = make_rules("pagat", {"four_player_rain_exception": False})
    assert eligible_cards(off, only_rain, 4) == ("12B", "11D")


def test_GWANG_6_X_40_triple_doubles_once() -> None:
    hand = ["01B", "03J1", "03J2", "03R", "05J1", "05J2", "05R"]
    assert has_triple(hand) and not has_triple(["01B", "01J1", "02J1"])
    assert compensation_amount(PAGAT, hand, 5, show_triple=False) == 2
    assert compensation_amount(PAGAT, hand, 5, show_triple=True) == 4  # two triples: still x2


def test_GWANG_7_X_48_waiting_through_a_nagari_doubles_once() -> None:
    hand = ["01B", "03J1", "03J2", "03R"]
    assert compensation_amount(PAGAT, hand, 5, show_triple=True, after_nagari=True) == 8


def test_GWANG_6_X_47_the_flex_card_is_paid_whichever_it_is() -> None:
    iris = make_rules("pagat", {"flex_card": "05A"})
    assert eligible_cards(iris, ["05A", "09A"], 5) == ("05A",)
    none = make_rules("pagat", {"flex_card": None})
    assert eligible_cards(none, ["05A", "09A", "JKB"], 5) == ("JKB",)


def test_GWANG_8_new_stock_holds_the_drop_outs_cards() -> None:
    deck = _deck()
    hands, layout, rest = deal_seated(PAGAT, 5, deck)
    lay, stock = rebuild_stock(random.Random(1), rest, [hands[2], hands[4]], seven=False)
    assert lay is None and Counter(stock) == Counter(rest + hands[2] + hands[4]) and len(stock) == 23
    hands, layout, rest = deal_seated(PAGAT, 7, deck)
    drops = [hands[i] for i in (1, 2, 4, 5)]
    lay, stock = rebuild_stock(random.Random(1), rest, drops, seven=True)
    assert lay is not None and len(lay) == 6 and len(stock) == 23
    assert Counter(lay + stock) == Counter(rest + [c for h in drops for c in h])
