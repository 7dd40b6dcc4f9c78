"""DEAL-1 .. DEAL-9: shuffle, cut, packets and the checks before the first turn."""

from __future__ import annotations

import random

import pytest
from engine_helpers import codes, legal_texts, make_hand, play, rules_of, types

from gostop.cards import deck_cards
from gostop.engine import DealError, Hand
from gostop.rules import get_preset


def _derive(rules_name: str, players: int, seed: int, cut: int | None) -> tuple[list[list[str]], list[str], list[str]]:
    """The deal, re-derived by hand from the documented procedure (gostop.engine.deal)."""
    rules = get_preset(rules_name)
    deck = [c.code for c in deck_cards(rules.jokers)]
    random.Random(seed).shuffle(deck)
    if cut:
        deck = deck[cut:] + deck[:cut]
    if players == 2:
        rnd = [(1, 5), (0, 5), (-1, 4)]
        rounds = [rnd, rnd]
    else:
        rounds = [[(1, 4), (2, 4), (0, 4), (-1, 3)], [(1, 3), (2, 3), (0, 3), (-1, 3)]]
    if rules.deal_order == "fuda":
        rounds = [[r[-1], *r[:-1]] for r in rounds]
    hands: list[list[str]] = [[] for _ in range(players)]
    layout: list[str] = []
    pos = 0
    for packets in rounds:
        for who, n in packets:
            chunk = deck[pos : pos + n]
            pos += n
            (layout if who < 0 else hands[who]).extend(chunk)
    return hands, layout, deck[pos:]


@pytest.mark.parametrize("preset", ["pagat", "fuda-wiki"])
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("cut", [None, 1, 17])
def test_DEAL2_deal_from_seed_follows_the_documented_procedure(preset: str, players: int, cut: int | None) -> None:
    for seed in (0, 1, 99, 123456789):
        hand = Hand.new(get_preset(preset), players, seed, cut=cut)
        hands, layout, stock = _derive(preset, players, seed, cut)
        deal = [e for e in hand.deal_events if e.type == "deal"]
        assert [sorted(c.code for c in e.cards) for e in deal] == [sorted(h) for h in hands]
        lay = next(e for e in hand.deal_events if e.type == "layout")
        assert sorted(c.code for c in lay.cards) == sorted(layout)
        # The stock (top first) is what remains after the DEAL-5 replacements.
        replaced = sum(1 for e in hand.deal_events if e.type == "layout-joker")
        assert [c.code for c in hand.stock_cards()] == stock[replaced:]


def test_DEAL2_sizes_two_and_three_players() -> None:
    for players, (per_hand, per_layout) in ((2, (10, 8)), (3, (7, 6))):
        hand = Hand.new(get_preset("pagat"), players, 5)
        deal = [e for e in hand.deal_events if e.type == "deal"]
        assert [len(e.cards) for e in deal] == [per_hand] * players
        lay = next(e for e in hand.deal_events if e.type == "layout")
        assert len(lay.cards) == per_layout


def test_DEAL1_cut_out_of_range_is_refused() -> None:
    with pytest.raises(DealError):
        Hand.new(get_preset("pagat"), 2, 1, cut=50)
    with pytest.raises(DealError):
        Hand.new(get_preset("pagat"), 4, 1)


@pytest.mark.parametrize("field, value", [("nagari_before", 101), ("nagari_before", 10**30), ("nagari_before", -1),
                                          ("boar_pot", 10**13), ("nagari_before", True)])
def test_absurd_counts_are_refused_at_the_deal(field: str, value: int) -> None:
    # MATCH-5: k consecutive nagari double the next hand 2**k times; past the documented range
    # the deal is refused in one short sentence (the number is not echoed whole).
    with pytest.raises(DealError, match=field) as err:
        Hand.new(get_preset("pagat"), 2, 7, **{field: value})
    assert len(str(err.value)) < 200
    assert not Hand.new(get_preset("pagat"), 2, 7, nagari_before=100).is_over  # the bound itself is fine


def test_from_deal_checks_the_permutation() -> None:
    rules = get_preset("pagat")
    deck = [c.code for c in deck_cards(rules.jokers)]
    hands = [deck[0:10], deck[10:20]]
    with pytest.raises(DealError, match="twice"):
        Hand.from_deal(rules, hands, deck[20:28], deck[28:] + ["01B"])
    with pytest.raises(DealError, match="missing"):
        Hand.from_deal(rules, hands, deck[20:28], deck[28:-1])
    with pytest.raises(DealError, match="not in the deck"):
        Hand.from_deal(rules, hands, deck[20:28], deck[28:-1] + ["JK1"])
    with pytest.raises(DealError, match="holds 9 cards"):
        Hand.from_deal(rules, [deck[0:9], deck[9:20]], deck[20:28], deck[28:])
    with pytest.raises(DealError, match="unknown card"):
        Hand.from_deal(rules, hands, deck[20:28], deck[28:-1] + ["13B"])


def test_DEAL5_layout_joker_goes_to_the_dealer_and_is_replaced() -> None:
    # JK2 on the layout, the stock top is JK3 (another joker), then 12A.
    hand = make_hand(layout=["JK2", "02A", "03B", "04A", "05A", "06A", "08B", "10A"], stock=["JK3", "12A"])
    assert codes(hand.capture_cards(0)) == {"JK2", "JK3"}
    assert "12A" in codes(hand.layout_cards())
    moved = [e for e in hand.deal_events if e.type == "layout-joker"]
    assert [e.data["replacement"] for e in moved] == ["JK3", "12A"]
    assert not any(c.is_joker for c in hand.layout_cards())


def test_DEAL5_replacement_completing_a_triple_is_an_ownerless_dealt_stack() -> None:
    # DEAL-5 runs before DEAL-9: the replacement 05J1 (after a second joker) makes three 05s
    # on the layout, a dealt stack without owner; the dealer capturing it is no ja-ppuk.
    hand = make_hand(
        players=3, hands={0: ["05J2"]}, layout=["JK2", "05A", "05R", "01B", "02A", "03B"], stock=["JK3", "05J1"]
    )
    assert codes(hand.capture_cards(0)) == {"JK2", "JK3"}
    stack = [e for e in hand.deal_events if e.type == "dealt-stack"]
    assert len(stack) == 1 and codes(stack[0].cards) == {"05A", "05R", "05J1"}
    evs = play(hand, "play 05J2")
    assert "stack-capture" in types(evs) and "ja-ppuk" not in types(evs)


@pytest.mark.parametrize(("quad", "winner"), [(["07A", "07R", "07J1", "07J2"], 1), (["01B", "01R", "01J1", "01J2"], 0)])
def test_DEAL6_replacement_makes_four_dealer_chongtong_against_a_quad_holder(quad: list[str], winner: int) -> None:
    # DEAL-5 then DEAL-6 dealer_chongtong: the dealer holds month 5 (the layout four); seat 1
    # holds a quad too, so DEAL-8 higher_month decides.
    rules = rules_of(four_on_table="dealer_chongtong", chongtong_tie="higher_month")
    hand = make_hand(
        rules, players=3, hands={1: quad}, layout=["JK2", "05A", "05R", "05J1", "02A", "03B"], stock=["05J2"]
    )
    res = hand.result
    assert res is not None and res.reason == "chongtong" and res.winner == winner
    assert res.chips[winner] == 10


def test_DEAL6_four_on_table_redeal_is_a_void_deal() -> None:
    hand = make_hand(layout=["02A", "02R", "02J1", "02J2", "03B", "04A", "05A", "06A"])
    assert hand.is_over and hand.result is not None
    assert hand.result.void and not hand.result.nagari and hand.result.reason == "four-on-table"
    assert hand.current_player is None and hand.legal_actions() == []


def test_DEAL6_four_on_table_nagari() -> None:
    hand = make_hand(rules_of(four_on_table="nagari"), layout=["02A", "02R", "02J1", "02J2", "03B", "04A", "05A", "06A"])
    assert hand.result is not None and hand.result.nagari and not hand.result.void


def test_DEAL6_four_on_table_dealer_chongtong() -> None:
    hand = make_hand(rules_of(four_on_table="dealer_chongtong"), layout=["02A", "02R", "02J1", "02J2", "03B", "04A", "05A", "06A"])
    assert hand.result is not None
    assert hand.result.winner == 0 and hand.result.reason == "chongtong"
    assert hand.result.chips == (5, -5)


def test_DEAL7_chongtong_mandatory_pays_each_opponent() -> None:
    hand = make_hand(players=3, hands={1: ["07A", "07R", "07J1", "07J2"]})
    res = hand.result
    assert res is not None and res.winner == 1 and res.reason == "chongtong"
    assert res.chips == (-5, 10, -5)
    assert codes(next(e for e in hand.deal_events if e.type == "chongtong").cards) == {"07A", "07R", "07J1", "07J2"}


def test_DEAL7_chongtong_payment_target() -> None:
    hand = make_hand(rules_of(chongtong_payment="target"), hands={1: ["07A", "07R", "07J1", "07J2"]})
    assert hand.result is not None and hand.result.chips == (-7, 7)


def test_DEAL7_two_quads_in_one_hand_are_paid_once() -> None:
    hand = make_hand(hands={0: ["07A", "07R", "07J1", "07J2", "09A", "09R", "09J1", "09J2"]})
    assert hand.result is not None and hand.result.chips == (5, -5)


QUADS = {0: ["07A", "07R", "07J1", "07J2"], 1: ["09A", "09R", "09J1", "09J2"]}


@pytest.mark.parametrize(
    ("tie", "winner", "void", "nagari"),
    [("void", None, True, False), ("nagari", None, False, True), ("dealer_first", 0, False, False), ("higher_month", 1, False, False)],
)
def test_DEAL8_two_quad_holders(tie: str, winner: int | None, void: bool, nagari: bool) -> None:
    hand = make_hand(rules_of(chongtong_tie=tie), players=3, hands=QUADS)
    res = hand.result
    assert res is not None
    assert (res.winner, res.void, res.nagari) == (winner, void, nagari)


@pytest.mark.parametrize("tie", ["nagari", "dealer_first", "higher_month"])
def test_DEAL8_every_player_holds_a_quad_is_a_nagari(tie: str) -> None:
    hand = make_hand(rules_of(chongtong_tie=tie), hands=QUADS)
    res = hand.result
    assert res is not None and res.winner is None and res.nagari


def test_DEAL8_every_player_holds_a_quad_void() -> None:
    hand = make_hand(hands=QUADS)
    assert hand.result is not None and hand.result.void


def test_DEAL7_optional_holder_declares() -> None:
    hand = make_hand(rules_of(chongtong="optional"), hands={1: QUADS[1]})
    assert hand.stage == "chongtong" and hand.current_player == 1
    assert legal_texts(hand) == ["chongtong", "continue"]
    play(hand, "chongtong")
    assert hand.result is not None and hand.result.winner == 1 and hand.result.reason == "chongtong"


def test_DEAL7_optional_holder_continues_and_may_show_the_quad() -> None:
    hand = make_hand(rules_of(chongtong="optional"), hands={0: QUADS[1]})
    evs = play(hand, "continue")
    assert "keep-quad" in types(evs)
    assert hand.stage == "main" and hand.current_player == 0
    assert "show-quad 09" in legal_texts(hand) and "shake 09" not in legal_texts(hand)
    evs = play(hand, "show-quad 09")
    assert codes(evs[0].cards) == set(QUADS[1])
    assert "show-quad 09" not in legal_texts(hand)


def test_DEAL8_optional_only_declaring_holders_count() -> None:
    hand = make_hand(rules_of(chongtong="optional", chongtong_tie="void"), players=3, hands=QUADS)
    play(hand, "continue")  # the dealer keeps playing
    assert hand.current_player == 1
    play(hand, "chongtong")
    assert hand.result is not None and hand.result.winner == 1


def test_DEAL9_three_on_the_layout_is_a_dealt_stack() -> None:
    hand = make_hand(layout=["02A", "02R", "02J1", "03B", "04A", "05A", "06A", "08B"])
    obs = hand.observation(0)
    assert [(s.month, s.owner) for s in obs.stacks] == [(2, None)]
    assert "dealt-stack" in types(hand.deal_events)


def test_DEAL6_dealer_chongtong_is_declared_also_when_optional() -> None:
    rules = rules_of(four_on_table="dealer_chongtong", chongtong="optional")
    hand = make_hand(rules, layout=["02A", "02R", "02J1", "02J2", "03B", "04A", "05A", "06A"])
    assert hand.result is not None and hand.result.winner == 0 and hand.result.reason == "chongtong"
