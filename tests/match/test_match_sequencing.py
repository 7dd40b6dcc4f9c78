"""MATCH-1/2/4/5/6, GWANG-3/5/7/10/11/12, GOO-17, DEC-1..DEC-4 sequencing, with scripted hands.

The hand outcomes are scripted (``scripted_engine``) so each rule is checked on exactly the
sequence it talks about; the properties over real hands are in test_match_properties.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from gostop.match.actions import MatchAction
from gostop.match.errors import IllegalMatchActionError
from gostop.match.gwangpalli import compensation_amount, eligible_cards
from gostop.match.match import Match
from gostop.match.seating import Player
from gostop.rules import make_rules

LOT = {"first_dealer": "lot"}


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def finish_hand(m: Match) -> None:
    m.apply("end")


def test_MATCH_4_winner_deals_next(scripted: Any) -> None:
    m = Match(make_rules("pagat", LOT), names(3), seed=1, ask_cut=False)
    d0 = m.dealer
    scripted.script += [("win", 1), ("win", 0)]
    winner = m.hand_seats[1]
    finish_hand(m)
    assert m.dealer == winner != d0
    assert m.hand_seats[0] == winner  # the winner is hand seat 0 and plays first (TURN-1)
    assert m.entries[0].outcome == "win" and m.entries[0].winner == winner


def test_MATCH_4_MATCH_5_nagari_same_dealer_and_carry(scripted: Any) -> None:
    m = Match(make_rules("pagat", LOT), names(3), seed=2, ask_cut=False)
    d0 = m.dealer
    scripted.script += [("nagari",), ("nagari",), ("void",), ("win", 2), ("win", 0)]
    assert scripted.built[-1].nagari_before == 0
    finish_hand(m)
    assert m.dealer == d0 and scripted.built[-1].nagari_before == 1
    finish_hand(m)
    assert m.dealer == d0 and scripted.built[-1].nagari_before == 2
    finish_hand(m)  # void: k unchanged, does not count (MATCH-2)
    assert m.dealer == d0 and scripted.built[-1].nagari_before == 2
    assert m.entries[-1].hand is None and m.hands_played == 2
    winner = m.hand_seats[2]
    finish_hand(m)
    assert m.dealer == winner and scripted.built[-1].nagari_before == 0
    assert [e.carry for e in m.entries] == [0, 1, 2, 2]


def test_MATCH_5_carry_stops_at_the_documented_ceiling(scripted: Any) -> None:
    """Without a nagari limit, k stops at gostop.limits.MAX_NAGARI_BEFORE, which the
    settlement accepts, instead of growing until the next stop cannot be settled."""
    from gostop.limits import MAX_NAGARI_BEFORE

    m = Match(make_rules("pagat", {**LOT, "match_hands": 200}), names(2), seed=6, ask_cut=False)
    scripted.script += [("nagari",)] * (MAX_NAGARI_BEFORE + 3)
    for _ in range(MAX_NAGARI_BEFORE + 3):
        finish_hand(m)
    assert scripted.built[-1].nagari_before == MAX_NAGARI_BEFORE


def test_MATCH_1_MATCH_2_length_in_hands_void_deals_do_not_count(scripted: Any) -> None:
    m = Match(make_rules("pagat", {**LOT, "match_hands": 3}), names(2), seed=3, ask_cut=False)
    scripted.script += [("win", 0), ("void",), ("nagari",), ("win", 1)]
    while not m.is_over:
        finish_hand(m)
    assert m.hands_played == 3 and len(m.entries) == 4 and m.end_reason == "match_hands"
    assert [e.hand for e in m.entries] == [1, None, 2, 3]


def test_MATCH_1_target_chips(scripted: Any) -> None:
    rules = make_rules("pagat", {**LOT, "match_target_chips": 5})
    m = Match(rules, names(2), seed=4, ask_cut=False)
    scripted.script += [("win", 0, 3, -3), ("win", 0, 2, -2), ("win", 0, 1, -1)]
    finish_hand(m)
    assert not m.is_over
    finish_hand(m)
    assert m.is_over and m.end_reason == "target_chips" and max(m.ledger.totals) == 5


def test_MATCH_6_nagari_limit_end_match(scripted: Any) -> None:
    rules = make_rules("pagat", {**LOT, "nagari_limit": 2, "nagari_limit_action": "end_match"})
    m = Match(rules, names(3), seed=5, ask_cut=False)
    scripted.script += [("nagari",), ("nagari",)]
    finish_hand(m)
    finish_hand(m)
    assert m.is_over and m.end_reason == "nagari_limit" and m.hands_played == 2


def test_MATCH_6_nagari_limit_reset_carry(scripted: Any) -> None:
    rules = make_rules("pagat", {**LOT, "nagari_limit": 2, "nagari_limit_action": "reset_carry"})
    m = Match(rules, names(3), seed=5, ask_cut=False)
    scripted.script += [("nagari",), ("nagari",), ("nagari",)]
    finish_hand(m)
    assert scripted.built[-1].nagari_before == 1
    finish_hand(m)
    assert scripted.built[-1].nagari_before == 0 and not m.is_over
    finish_hand(m)
    assert scripted.built[-1].nagari_before == 1


def test_GOO_5_nagari_shots_are_tallied(scripted: Any) -> None:
    rules = make_rules("goo-stupe")
    m = Match(rules, [Player("A", 30), Player("B", 40), Player("C", 50)], seed=1, ask_cut=False, hands_limit=2)
    assert m.dealer == 2  # GOO-18: the oldest deals first
    scripted.script += [("nagari", 1, 1, 1), ("win", 0)]
    finish_hand(m)
    assert m.ledger.shot_totals == (1, 1, 1) and m.ledger.totals == (0, 0, 0)
    assert m.dealer == 2  # nagari: same dealer
    st = m.standings
    assert {s.shots for s in st} == {1}


def test_DEC_1_cutter_and_cut_reach_the_engine(scripted: Any) -> None:
    m = Match(make_rules("pagat", LOT), names(3), seed=6)
    assert m.phase == "cut"
    cutter = m.current_seat
    assert cutter == (m.dealer - 1) % 3  # the player to the dealer's left (GEN-2: the last seat)
    acts = m.legal_actions()
    assert acts[0] == MatchAction("no-cut") and len(acts) == 50  # no cut, or 1..49
    scripted.script += [("win", 0)]
    m.apply("cut 17")
    assert scripted.built[-1].cut == 17
    with pytest.raises(IllegalMatchActionError):
        m.apply("stay")
    m2 = Match(make_rules("pagat", LOT), names(2), seed=6)
    assert m2.current_seat == 1 - m2.dealer  # 2 players: the opponent cuts


def test_illegal_actions_leave_the_state_alone(scripted: Any) -> None:
    m = Match(make_rules("pagat", LOT), names(3), seed=6)
    for bad in ("cut 0", "cut 50", "stay", "play 01B", "nonsense"):
        with pytest.raises(IllegalMatchActionError):
            m.apply(bad)
    assert m.history == [] and m.phase == "cut"


# -- gwangpalli ---------------------------------------------------------------------------


def play_drop_phase(m: Match, choices: list[str]) -> None:
    """Announce ``choices`` in turn, then decline or claim as the list says."""
    it = iter(choices)
    while m.phase in ("drop", "claim"):
        m.apply(next(it))


def gwang(n: int, **over: Any) -> Match:
    return Match(make_rules("pagat", {**LOT, **over}), names(n), seed=11, ask_cut=False)


def test_GWANG_3_forced_in_and_dealer_plays(scripted: Any) -> None:
    m = gwang(5)
    assert m.phase == "drop" and m.current_seat == (m.dealer + 1) % 5
    scripted.script += [("win", 0)]
    m.apply("drop")
    m.apply("drop")  # two dropped: seats 3 and 4 forced in
    while m.phase == "claim":
        m.apply("no-claim")
    assert m.hand_seats == (m.dealer, (m.dealer + 3) % 5, (m.dealer + 4) % 5)
    deal = m.deals[-1]
    assert [a for _, a in deal.announcements] == ["drop", "drop", "forced-in", "forced-in"]


def _claim_all(m: Match) -> list[int]:
    claimants = []
    while m.phase == "claim":
        claimants.append(m.current_seat)
        acts = [str(a) for a in m.legal_actions()]
        m.apply("claim-triple" if "claim-triple" in acts else "claim")
    return claimants


def _first_with_claim(n: int, scripted: Any, **over: Any) -> Match:
    """A match whose first deal has a forced-out claimant after 'stay, stay'."""
    for seed in range(200):
        m = Match(make_rules("pagat", {**LOT, **over}), names(n), seed=seed, ask_cut=False)
        seats = [(m.dealer + d) % n for d in range(n)]
        hands = {s: m.dealt_cards(s) for s in seats}
        if any(eligible_cards(m.rules, hands[s], n) for s in seats[3:]):
            return m
    raise AssertionError("no deal with a claimant")


def test_GWANG_7_immediate_compensation_by_the_two_non_dealer_players(scripted: Any) -> None:
    m = _first_with_claim(5, scripted)
    n, dealer = 5, m.dealer
    hands = {s: m.dealt_cards(s) for s in range(n)}
    scripted.script += [("win", 0, 2, -1, -1)]
    m.apply("stay")
    m.apply("stay")  # seats 3 and 4 are forced out (GWANG-3)
    claimants = _claim_all(m)
    assert claimants and all((c - dealer) % n in (3, 4) for c in claimants)
    payers = [(dealer + 1) % n, (dealer + 2) % n]
    owed = {c: compensation_amount(m.rules, hands[c], n, show_triple=True) for c in claimants}
    finish_hand(m)
    entry = m.entries[-1]
    comp = entry.parts["compensation"]
    assert comp[dealer] == 0  # the dealer never pays
    for p in payers:
        assert comp[p] == -sum(owed.values())
    for c, amount in owed.items():
        assert comp[c] == 2 * amount
    assert sum(entry.chips) == 0


def test_GWANG_7_GWANG_12_end_by_losers_after_a_nagari_doubled_X_48(scripted: Any) -> None:
    m = _first_with_claim(5, scripted, compensation_timing="end_by_losers")
    n = 5
    hands = {s: m.dealt_cards(s) for s in range(n)}
    scripted.script += [("nagari",), ("win", 1)]
    m.apply("stay")
    m.apply("stay")
    claimants = _claim_all(m)
    three = m.hand_seats
    finish_hand(m)  # nagari: nothing paid yet
    assert "compensation" not in m.entries[-1].parts
    # GWANG-10 same_three: the same three, no drop-out phase, a plain 3-player deal
    assert m.phase == "hand" and m.hand_seats == three and scripted.built[-1].deal is None
    winner = m.hand_seats[1]
    finish_hand(m)
    comp = m.entries[-1].parts["compensation"]
    losers = [s for s in three if s != winner]
    owed = {c: 2 * compensation_amount(m.rules, hands[c], n, show_triple=True) for c in claimants}
    assert comp[winner] == 0
    for s in losers:
        assert comp[s] == -sum(owed.values())
    for c, amount in owed.items():
        assert comp[c] == 2 * amount
    # GWANG-12: the winner deals, with a new drop-out phase
    assert m.dealer == winner and m.phase == "drop"


def test_GWANG_10_all_players_redeal_and_no_compensation_after_nagari(scripted: Any) -> None:
    m = _first_with_claim(5, scripted, compensation_timing="end_by_losers", nagari_redeal="all_players")
    scripted.script += [("nagari",), ("win", 0)]
    m.apply("stay")
    m.apply("stay")
    _claim_all(m)
    d0 = m.dealer
    finish_hand(m)
    assert m.phase == "drop" and m.dealer == d0  # everyone dealt in again, same dealer
    play_drop_phase(m, ["drop", "drop"] + ["no-claim"] * 5)
    finish_hand(m)
    assert "compensation" not in m.entries[-1].parts  # the nagari's drop-outs get nothing


def test_GWANG_11_void_deal_redealt_to_the_same_three_payment_stands(scripted: Any) -> None:
    m = _first_with_claim(5, scripted)
    scripted.script += [("void",), ("win", 0)]
    m.apply("stay")
    m.apply("stay")
    _claim_all(m)
    three = m.hand_seats
    finish_hand(m)
    void = m.entries[-1]
    assert void.outcome == "void" and void.hand is None and any(void.parts["compensation"])
    assert m.phase == "hand" and m.hand_seats == three and scripted.built[-1].players == 3
    assert m.hands_played == 0


def test_GWANG_8_hand_gets_the_three_hands_and_a_stock_with_the_drop_outs(scripted: Any) -> None:
    m = gwang(6)
    full = {s: m.dealt_cards(s) for s in range(6)}
    scripted.script += [("win", 0)]
    play_drop_phase(m, ["stay", "drop", "stay"] + ["no-claim"] * 6)
    hands, layout, stock = scripted.built[-1].deal
    assert [tuple(h) for h in hands] == [full[s] for s in m.hand_seats]
    seated = m.deals[-1].seated_deal
    assert list(layout) == seated["layout"]  # 4-6 seated: the dealt layout
    dropped = [c for s in range(6) if s not in m.hand_seats for c in full[s]]
    assert sorted(stock) == sorted(seated["stock"] + dropped)


def test_GWANG_8_seven_seated_layout_dealt_from_the_new_stock(scripted: Any) -> None:
    m = gwang(7)
    assert m.deals[-1].seated_deal["layout"] == []
    scripted.script += [("win", 0)]
    play_drop_phase(m, ["stay", "stay"] + ["no-claim"] * 7)
    hands, layout, stock = scripted.built[-1].deal
    assert len(layout) == 6 and len(stock) == 50 - 21 - 6


def test_GWANG_4_iris_bridge_forced_out_with_seven(scripted: Any) -> None:
    seen = 0
    for seed in range(40):
        m = Match(make_rules("pagat", {**LOT, "seven_player_iris_out": True}), names(7), seed=seed, ask_cut=False)
        holder = next((s for s in range(7) if "05A" in m.dealt_cards(s)), None)
        if holder is None:
            continue  # 05A is the one card left in the stock
        status = dict(m.deals[-1].announcements)
        if holder == m.dealer:
            assert holder not in status
        else:
            seen += 1
            assert status[holder] == "iris-out"
    assert seen


def test_GWANG_5_voluntary_drop_outs_are_not_asked(scripted: Any) -> None:
    m = gwang(5)
    scripted.script += [("win", 0)]
    m.apply("drop")
    m.apply("stay")
    m.apply("stay")  # seat 4 forced out; seat 1 dropped voluntarily
    while m.phase == "claim":
        assert (m.current_seat - m.dealer) % 5 == 4
        m.apply("no-claim")


# -- goo-stupe rotation -------------------------------------------------------------------


def test_GOO_17_list_order_and_newcomer_deals(scripted: Any) -> None:
    ps = [Player("A", 20), Player("B", 70), Player("C", 30), Player("D", 40), Player("E", 50)]
    m = Match(make_rules("goo-stupe"), ps, seed=1, ask_cut=False, hands_limit=5)
    assert m.phase == "list" and m.current_seat == 1  # DEC-2: the oldest heads the list
    m.apply("list 4")
    m.apply("list 0")
    m.apply("list 3")  # the last name (2) follows
    assert m.list_order == (1, 4, 0, 3, 2)
    assert set(m.hand_seats) == {1, 4, 0} and m.dealer == 1
    scripted.script += [("win", 1), ("nagari",), ("void",), ("win", 0), ("win", 0)]
    winner = m.hand_seats[1]
    finish_hand(m)
    assert m.dealer == 3 and winner not in m.hand_seats and 3 in m.hand_seats
    finish_hand(m)  # nagari: nobody replaced, same dealer
    assert m.dealer == 3
    finish_hand(m)  # void: the same
    assert m.dealer == 3
    finish_hand(m)  # the newcomer 3 wins: replaced by the next after 3 on the list: 2
    assert m.dealer == 2 and 3 not in m.hand_seats


def test_GOO_21_open_ended_until_closed(scripted: Any) -> None:
    m = Match(make_rules("goo-stupe"), [Player("A", 1), Player("B", 2)], seed=1)
    scripted.script += [("win", 0)] * 3
    for _ in range(3):
        m.apply("no-cut")
        finish_hand(m)
    assert not m.is_over and m.hands_played == 3
    m.close()
    assert m.is_over and m.end_reason == "closed" and len(m.deals) == 3
