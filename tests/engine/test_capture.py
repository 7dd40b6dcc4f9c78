"""CAPT-H and CAPT-S: every row of both tables, pending captures (TURN-2) and draw_three."""

from __future__ import annotations

from engine_helpers import codes, find_event, legal_texts, make_hand, play, rules_of, types

# One card of each of the months 2 3 4 5 6 8 10 12; months 1, 7, 9 and 11 are absent.
L8 = ["02A", "03B", "04A", "05A", "06A", "08B", "10A", "12B"]


def test_CAPT_H0_unmatched_card_joins_the_layout() -> None:
    hand = make_hand(hands={0: ["01B"]}, layout=L8, stock=["07R"])
    evs = play(hand, "play 01B")
    assert {"01B", "07R"} <= codes(hand.layout_cards())  # CAPT-S1 for the stock card too
    assert hand.capture_cards(0) == ()
    assert "capture" not in types(evs)
    assert hand.current_player == 1 and hand.stage == "main"


def test_CAPT_H1_pair_is_pending_and_taken_in_phase_3() -> None:
    hand = make_hand(hands={0: ["02R"]}, layout=L8, stock=["07R"])
    evs = play(hand, "play 02R")
    assert find_event(evs, "play").data["onto"] == "02A"
    assert codes(find_event(evs, "capture").cards) == {"02A", "02R"}
    assert codes(hand.capture_cards(0)) == {"02A", "02R"}
    assert "02A" not in codes(hand.layout_cards())


def test_CAPT_H2_player_chooses_which_of_two() -> None:
    layout = ["02A", "02J1", "03B", "04A", "05A", "06A", "08B", "10A"]
    hand = make_hand(hands={0: ["02R"]}, layout=layout, stock=["07R"])
    play(hand, "play 02R")
    assert hand.stage == "pick-hand" and hand.current_player == 0
    assert legal_texts(hand) == ["pick 02A", "pick 02J1"]
    obs = hand.observation(1)
    assert obs.choosing_for is not None and obs.choosing_for.code == "02R"
    assert codes(obs.choice) == {"02A", "02J1"}
    play(hand, "pick 02J1")
    assert codes(hand.capture_cards(0)) == {"02R", "02J1"}
    assert "02A" in codes(hand.layout_cards())


def test_CAPT_H3_stack_is_captured_whole() -> None:
    layout = ["02A", "02R", "02J1", "03B", "04A", "05A", "06A", "08B"]
    hand = make_hand(hands={0: ["02J2"]}, layout=layout, stock=["07R"])
    evs = play(hand, "play 02J2")
    assert codes(find_event(evs, "stack-capture").cards) == {"02A", "02R", "02J1", "02J2"}
    assert find_event(evs, "stack-capture").data["owner"] is None  # DEAL-9: dealt stack
    assert {"02A", "02R", "02J1", "02J2"} <= codes(hand.capture_cards(0))
    # EVT-4 debt: the opponent has no junk yet (EVT-7: gives nothing).
    assert find_event(evs, "no-junk").seat == 1


def test_CAPT_S2_stock_card_takes_its_single() -> None:
    hand = make_hand(hands={0: ["01B"]}, layout=L8, stock=["03J1"])
    evs = play(hand, "play 01B")
    assert find_event(evs, "flip").data["onto"] == "03B"
    assert codes(hand.capture_cards(0)) == {"03B", "03J1"}


def test_CAPT_S3_player_chooses_for_the_stock_card() -> None:
    layout = ["02A", "03B", "03J1", "04A", "05A", "06A", "08B", "10A"]
    hand = make_hand(hands={0: ["01B"]}, layout=layout, stock=["03R"])
    play(hand, "play 01B")
    assert hand.stage == "pick-stock" and legal_texts(hand) == ["pick 03B", "pick 03J1"]
    obs = hand.observation(1)
    assert obs.choosing_for is not None and obs.choosing_for.code == "03R"
    play(hand, "pick 03B")
    assert codes(hand.capture_cards(0)) == {"03B", "03R"}
    assert "03J1" in codes(hand.layout_cards())


def test_CAPT_S4_stock_card_takes_a_stack() -> None:
    layout = ["02A", "03B", "03R", "03J1", "04A", "05A", "06A", "08B"]
    hand = make_hand(hands={0: ["01B"]}, layout=layout, stock=["03J2"])
    evs = play(hand, "play 01B")
    assert codes(find_event(evs, "stack-capture").cards) == {"03B", "03R", "03J1", "03J2"}


def test_CAPT_S5_chok_stock_card_takes_the_played_card() -> None:
    hand = make_hand(hands={0: ["01B"]}, layout=L8, stock=["01J1"])
    evs = play(hand, "play 01B")
    assert codes(find_event(evs, "chok").cards) == {"01B", "01J1"}
    assert codes(hand.capture_cards(0)) == {"01B", "01J1"}


def test_CAPT_S6_ppuk_leaves_stack_of_three() -> None:
    hand = make_hand(hands={0: ["02R"]}, layout=L8, stock=["02J1"])
    evs = play(hand, "play 02R")
    assert codes(find_event(evs, "ppuk").cards) == {"02A", "02R", "02J1"}
    assert "capture" not in types(evs)  # nothing of month 2 is captured
    assert hand.capture_cards(0) == ()
    stacks = hand.observation(1).stacks
    assert [(s.month, s.owner, s.made_on_turn) for s in stacks] == [(2, 0, 1)]


def test_CAPT_S7_ttadak_takes_all_four() -> None:
    layout = ["02A", "02J1", "03B", "04A", "05A", "06A", "08B", "10A"]
    hand = make_hand(hands={0: ["02R"]}, layout=layout, stock=["02J2"])
    play(hand, "play 02R", "pick 02A")
    assert codes(hand.capture_cards(0)) >= {"02A", "02R", "02J1", "02J2"}
    assert "ttadak" in types(hand.events)


def test_CAPT_H1_with_S2_of_another_month_keeps_both_pairs() -> None:
    hand = make_hand(hands={0: ["02R"]}, layout=L8, stock=["03J1"])
    play(hand, "play 02R")
    assert codes(hand.capture_cards(0)) == {"02A", "02R", "03B", "03J1"}


def test_CAPT_S_excludes_pending_cards_draw_three() -> None:
    # BOMB with draw_three: three stock cards, each resolved against the layout left by the
    # previous one; the third takes the single placed by the first (CAPT note).
    rules = rules_of(bomb_compensation="draw_three")
    hand = make_hand(rules, hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R", "09J1", "07J1"])
    assert "bomb 05" in legal_texts(hand)
    evs = play(hand, "bomb 05")
    assert [e.type for e in evs if e.type == "flip"] == ["flip"] * 3
    caps = codes(hand.capture_cards(0))
    assert {"05A", "05R", "05J1", "05J2", "07R", "07J1"} <= caps
    assert "09J1" in codes(hand.layout_cards())
    assert hand.observation(0).skip_allowance == (0, 0)
