"""BOMB-1..5, SHAKE-1..6, JOKER-1..7, VAR-GRENADE, TURN-3/TURN-4 stock-only turns."""

from __future__ import annotations

from engine_helpers import codes, find_event, legal_texts, make_hand, play, rules_of, types

from gostop.engine import Hand

L8 = ["02A", "03B", "04A", "05A", "06A", "08B", "10A", "12B"]


def _advance_to(hand: Hand, seat: int) -> None:
    """Play plain moves (first play; go; first option) until ``seat`` is to move in phase 1."""
    while not hand.is_over and not (hand.stage == "main" and hand.current_player == seat):
        legal = legal_texts(hand)
        plays = [a for a in legal if a.startswith("play ")]
        play(hand, plays[0] if plays and hand.stage == "main" else ("go" if "go" in legal else legal[0]))


def test_BOMB1_bomb_is_legal_with_three_in_hand_and_one_single() -> None:
    hand = make_hand(hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    assert "bomb 05" in legal_texts(hand)
    hand2 = make_hand(hands={0: ["07A", "07R", "07J1"]}, layout=L8, stock=["09R"])
    assert not [a for a in legal_texts(hand2) if a.startswith("bomb")]
    assert "shake 07" in legal_texts(hand2)  # SHAKE-1


def test_BOMB2_bomb_takes_all_four_and_counts() -> None:
    hand = make_hand(hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    evs = play(hand, "bomb 05")
    assert codes(find_event(evs, "bomb").cards) == {"05A", "05R", "05J1", "05J2"}
    assert {"05A", "05R", "05J1", "05J2"} <= codes(hand.capture_cards(0))
    obs = hand.observation(1)
    assert obs.bombs == (1, 0) and obs.skip_allowance == (2, 0)  # BOMB-3 skip_two


def test_BOMB1_declared_triple_cannot_be_bombed_in_pagat() -> None:
    hand = make_hand(hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    play(hand, "shake 05")
    assert "bomb 05" not in legal_texts(hand)
    hand = make_hand(rules_of(bomb_after_heundeum=True), hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    play(hand, "shake 05")
    assert "bomb 05" in legal_texts(hand)


def test_BOMB3_skip_allowance_gives_stock_only_turns() -> None:
    hand = make_hand(hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    play(hand, "bomb 05")
    _advance_to(hand, 0)
    assert "skip" in legal_texts(hand)
    size = hand.stock_size
    hand_size = len(hand.hand_cards(0))
    evs = play(hand, "skip")
    assert find_event(evs, "skip").data["forced"] is False
    assert len(hand.hand_cards(0)) == hand_size and hand.stock_size == size - 1
    assert hand.observation(0).skip_allowance[0] == 1


def test_BOMB3_allowance_left_is_used_automatically_at_the_end() -> None:
    hand = make_hand(hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    play(hand, "bomb 05")
    forced = 0
    while not hand.is_over:
        legal = legal_texts(hand)
        plays = [a for a in legal if a.startswith("play ")]
        evs = play(hand, plays[0] if plays and hand.stage == "main" else ("go" if "go" in legal else legal[0]))
        forced += sum(1 for e in evs if e.type == "skip" and e.data["forced"])
    assert forced == 2
    # BOMB-3: both players took ten turns.
    assert hand.observation(0).own_turns == (10, 10)


def test_BOMB3_next_two_timing() -> None:
    rules = rules_of(bomb_skip_timing="next_two")
    hand = make_hand(rules, hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R"])
    play(hand, "bomb 05")
    for _ in range(2):
        _advance_to(hand, 0)
        assert "skip" in legal_texts(hand)
        play(hand, next(a for a in legal_texts(hand) if a.startswith("play ")))
    _advance_to(hand, 0)
    assert "skip" not in legal_texts(hand)
    assert hand.observation(0).skip_allowance[0] == 2


def test_TURN4_draw_three_bomber_sits_out_when_empty() -> None:
    rules = rules_of(bomb_compensation="draw_three")
    hand = make_hand(rules, hands={0: ["05R", "05J1", "05J2"]}, layout=L8, stock=["07R", "09R", "11J1"])
    play(hand, "bomb 05")
    movers = []
    while not hand.is_over:
        if hand.stage == "main":
            movers.append(hand.current_player)
        legal = legal_texts(hand)
        plays = [a for a in legal if a.startswith("play ")]
        play(hand, plays[0] if plays and hand.stage == "main" else ("go" if "go" in legal else legal[0]))
    assert hand.result is not None and hand.result.reason == "exhaustion"
    # seat 0: the bomb turn + 7 cards = 8 turns (7 after the bomb); seat 1: 10 turns, the
    # last two in a row (TURN-4).
    assert movers.count(0) == 7 and movers.count(1) == 10 and movers[-2:] == [1, 1]


def test_SHAKE3_declared_card_must_be_played() -> None:
    rules = rules_of(heundeum_must_play=True)
    hand = make_hand(rules, hands={0: ["07A", "07R", "07J1"]}, layout=L8, stock=["09R"])
    play(hand, "shake 07")
    assert legal_texts(hand) == ["play 07A", "play 07R", "play 07J1"]


def test_SHAKE1_declared_cards_are_public() -> None:
    hand = make_hand(hands={0: ["07A", "07R", "07J1"]}, layout=L8, stock=["09R"])
    play(hand, "shake 07")
    obs = hand.observation(1)
    assert codes(obs.shown_hand_cards[0]) == {"07A", "07R", "07J1"}
    assert obs.declared_months == ((7,), ())
    assert "shake 07" not in legal_texts(hand)  # once per month


def test_VAR_GRENADE_two_in_hand_take_the_two_on_the_layout() -> None:
    layout = ["02A", "02J1", "03B", "04A", "05A", "06A", "08B", "10A"]
    for mode, bombs, allowance in (("move_only", 0, 1), ("as_bomb", 1, 1)):
        hand = make_hand(rules_of(grenade=mode), hands={0: ["02R", "02J2"]}, layout=layout, stock=["07R"])
        evs = play(hand, "grenade 02")
        assert codes(find_event(evs, "grenade").cards) == {"02A", "02R", "02J1", "02J2"}
        obs = hand.observation(0)
        assert obs.bombs[0] == bombs and obs.skip_allowance[0] == allowance
    hand = make_hand(rules_of(), hands={0: ["02R", "02J2"]}, layout=layout, stock=["07R"])
    assert "grenade 02" not in legal_texts(hand)


def test_JOKER1_joker_from_hand_is_replaced_by_the_stock_card() -> None:
    layout = ["02A", "02J1", "03B", "04A", "05A", "06A", "08B", "10A"]
    hand = make_hand(hands={0: ["JK2"]}, layout=layout, stock=["02R", "07R"])
    evs = play(hand, "play JK2")
    assert find_event(evs, "substitute").cards[0].code == "02R"
    assert hand.stage == "pick-hand"  # CAPT-H2 for the substitute (DEC-12)
    play(hand, "pick 02A")
    assert codes(hand.capture_cards(0)) == {"JK2", "02R", "02A"}


def test_JOKER1_substitute_chok() -> None:
    hand = make_hand(hands={0: ["JK2"]}, layout=L8, stock=["01B", "01J1"])
    evs = play(hand, "play JK2")
    assert "chok" in types(evs)
    assert codes(hand.capture_cards(0)) == {"JK2", "01B", "01J1"}


def test_JOKER2_joker_from_the_stock_and_the_next_card() -> None:
    hand = make_hand(hands={0: ["01B"]}, layout=L8, stock=["JK3", "03J1"])
    play(hand, "play 01B")
    assert codes(hand.capture_cards(0)) == {"JK3", "03B", "03J1"}


def test_JOKER3_joker_stays_with_the_ppuk() -> None:
    rules = rules_of(joker_stays_with_ppuk=True)
    hand = make_hand(rules, hands={0: ["02R"], 1: ["02J2"]}, layout=L8, stock=["JK3", "02J1", "09R"])
    evs = play(hand, "play 02R")
    assert codes(find_event(evs, "ppuk").cards) == {"02A", "02R", "02J1", "JK3"}
    assert "JK3" not in codes(hand.capture_cards(0))
    evs = play(hand, "play 02J2")  # seat 1 takes the stack, joker included
    assert {"02A", "02R", "02J1", "02J2", "JK3"} <= codes(hand.capture_cards(1))


def test_JOKER3_off_the_joker_is_captured_at_once() -> None:
    hand = make_hand(hands={0: ["02R"]}, layout=L8, stock=["JK3", "02J1"])
    play(hand, "play 02R")
    assert codes(hand.capture_cards(0)) == {"JK3"}


def test_JOKER4_reveal_replace() -> None:
    rules = rules_of(joker_hand_mode="reveal_replace")
    hand = make_hand(rules, hands={0: ["JK2"]}, layout=L8, stock=["09R", "07R"])
    assert "reveal JK2" in legal_texts(hand)
    evs = play(hand, "reveal JK2")
    assert types(evs) == ["reveal", "draw"]
    assert "09R" in codes(hand.hand_cards(0)) and "JK2" in codes(hand.capture_cards(0))
    assert hand.stage == "main" and hand.current_player == 0
    # The drawn card is private: the other seat sees a draw without cards.
    seen = [e for e in hand.observation(1).history if e.type == "draw"]
    assert seen[0].cards == () and seen[0].data["count"] == 1


def test_GOO10_joker_shots() -> None:
    rules = rules_of("goo-stupe")
    hand = make_hand(rules, hands={0: ["JK1"]}, layout=L8, stock=["JK1-2", "09R", "07R"])
    evs = play(hand, "play JK1")
    shots = [(e.seat, e.data["reason"]) for e in evs if e.type == "shot"]
    # from hand: the opponent drinks; turned from the stock (as a substitute): the player.
    assert shots == [(1, "joker"), (0, "joker")]


def test_JOKER3_no_ppuk_the_joker_is_captured_with_the_pair() -> None:
    rules = rules_of(joker_stays_with_ppuk=True)
    hand = make_hand(rules, hands={0: ["02R"]}, layout=L8, stock=["JK3", "03J1"])
    play(hand, "play 02R")
    assert codes(hand.capture_cards(0)) == {"JK3", "02A", "02R", "03B", "03J1"}


def test_VAR_GRENADE_steal_takes_a_junk_from_each_opponent() -> None:
    layout = ["02A", "02J1", "05A", "06A", "03B", "04A", "08B", "10A"]
    hand = make_hand(rules_of(grenade="steal"), hands={0: ["07R", "02R", "02J2"], 1: ["06J1"]}, layout=layout, stock=["09R", "11J1"])
    play(hand, "play 07R", "play 06J1")
    evs = play(hand, "grenade 02")
    sur = find_event(evs, "surrender")
    assert sur.data["for"] == "grenade" and codes(sur.cards) == {"06J1"}
