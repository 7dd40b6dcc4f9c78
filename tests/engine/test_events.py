"""EVT-1 .. EVT-12: special events, debts and the surrender procedure (DEC-14, DEC-15)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_helpers import codes, find_event, legal_texts, make_hand, play, rules_of, types

from gostop.engine import Event, Hand
from gostop.rules import Rules

L8 = ["02A", "03B", "04A", "05A", "06A", "08B", "10A", "12B"]


def drive(hand: Hand, choose: Callable[[Hand, list[str]], str], until: Callable[[Hand], bool]) -> list[Event]:
    """Apply ``choose``'s actions until ``until(hand)``; the events of the last action."""
    last: list[Event] = []
    while not hand.is_over and not until(hand):
        last = play(hand, choose(hand, legal_texts(hand)))
    return last


def plain(hand: Hand, legal: list[str]) -> str:
    """First play (no bomb, no shake), go rather than stop, first option otherwise."""
    for a in legal:
        if a.startswith("play "):
            return a
    return "go" if "go" in legal else legal[0]


def test_EVT1_sseul_and_the_surrender_choice() -> None:
    # Four turns that each take two singles; the fourth empties a two-card layout.
    layout = ["01B", "02A", "03B", "04A", "05A", "06A", "07A", "08B"]
    hand = make_hand(hands={0: ["01R", "05R"], 1: ["03R", "07R"]}, layout=layout, stock=["02J1", "04J1", "06J1", "08J1"])
    play(hand, "play 01R", "play 03R", "play 05R")
    assert codes(hand.layout_cards()) == {"07A", "08B"}
    evs = play(hand, "play 07R")
    assert "sseul" in types(evs)
    # EVT-7: seat 0 owes one junk and holds two: it chooses (DEC-14).
    assert hand.stage == "surrender" and hand.current_player == 0
    assert legal_texts(hand) == ["surrender 02J1", "surrender 06J1"]
    assert hand.observation(1).debt == {"debtor": 0, "creditor": 1, "junk": 1, "for": "sseul"}
    evs = play(hand, "surrender 06J1")
    assert find_event(evs, "surrender").data == {"to": 1, "for": "sseul", "auto": False}
    assert "06J1" in codes(hand.capture_cards(1)) and "06J1" not in codes(hand.capture_cards(0))
    assert hand.current_player == 0 and hand.stage == "main"


def _chok_debts(hand: Hand, evs: list[Event]) -> list[str]:
    """Debts for the chok: paid (surrender / no-junk events) or waiting for the debtor."""
    out = [e.type for e in evs if e.data.get("for") == "chok"]
    debt = hand.observation(0).debt
    if debt is not None and debt["for"] == "chok":
        out.append("pending")
    return out


def _final_chok(rules: Rules) -> tuple[Hand, list[Event]]:
    # Seat 1 keeps 11J2 to the end; the last month card of the stock is 11D: chok on the
    # final turn (TURN-6).
    layout = ["11B", "02A", "03B", "04A", "05A", "06A", "08B", "10A"]
    hand = make_hand(rules, hands={0: ["11J1"], 1: ["11J2"]}, layout=layout, stock_last=["11D"])
    play(hand, "play 11J1")

    def choose(h: Hand, legal: list[str]) -> str:
        plays = [a for a in legal if a.startswith("play ") and a != "play 11J2"]
        if h.current_player == 1 and h.stage == "main" and not plays:
            return "play 11J2"
        return plays[0] if plays and h.stage == "main" else ("go" if "go" in legal else legal[0])

    last = drive(hand, choose, lambda h: h.stage == "main" and h.current_player == 1 and legal_texts(h) == ["play 11J2"])
    assert not hand.is_over, last
    return hand, play(hand, "play 11J2")


def test_EVT6_chok_on_the_final_turn_creates_no_debt() -> None:
    hand, evs = _final_chok(rules_of())
    assert "chok" in types(evs)
    assert _chok_debts(hand, evs) == []


def test_EVT6_no_last_turn_exception_keeps_the_chok_debt() -> None:
    hand, evs = _final_chok(rules_of(last_turn_exception=False))
    assert "chok" in types(evs)
    assert _chok_debts(hand, evs) != []


def _ja_ppuk_hand(rules: Rules, seat1: list[str], layout: list[str], stock: list[str]) -> Hand:
    hand = make_hand(rules, hands={0: ["02R", "02J2"], 1: seat1}, layout=layout, stock=stock)
    evs = play(hand, "play 02R")  # CAPT-S6 with 02J1 from the stock: ppuk, seat 0's stack
    assert "ppuk" in types(evs)
    return hand


def test_EVT5_ja_ppuk_two_junk_auto_when_only_one_way() -> None:
    layout = ["02A", "05A", "06A", "03B", "04A", "08B", "10A", "12B"]
    hand = _ja_ppuk_hand(rules_of(), ["05J1"], layout, ["02J1", "06J1"])
    # EVT-10: first-turn ppuk paid at once by the opponent.
    assert hand.observation(0).chips == (3, -3)
    play(hand, "play 05J1")
    assert codes(hand.capture_cards(1)) == {"05A", "05J1", "06A", "06J1"}
    assert hand.preview("play 02J2").steals == 2  # (the preview says what the ja-ppuk takes)
    evs = play(hand, "play 02J2")
    ja = find_event(evs, "ja-ppuk")
    assert ja.data["owner"] == 0
    sur = find_event(evs, "surrender")
    assert codes(sur.cards) == {"05J1", "06J1"} and sur.data["auto"] is True


def test_EVT5_ja_ppuk_debt_two_choice_of_double_junk_or_two_cards() -> None:
    layout = ["02A", "05A", "11B", "03B", "04A", "08B", "10A", "12B"]
    hand = _ja_ppuk_hand(rules_of(), ["11D"], layout, ["02J1", "05J1"])
    play(hand, "play 11D")  # takes 11B; the stock's 05J1 takes 05A
    play(hand, "play 02J2")
    assert hand.stage == "surrender" and hand.current_player == 1
    assert legal_texts(hand) == ["surrender 11D", "surrender 05J1 11D"]
    play(hand, "surrender 11D")
    assert "11D" in codes(hand.capture_cards(0))


def test_EVT5_ja_ppuk_junk_three() -> None:
    layout = ["02A", "05A", "11B", "03B", "04A", "08B", "10A", "12B"]
    hand = _ja_ppuk_hand(rules_of(ja_ppuk_junk=3), ["11D"], layout, ["02J1", "05J1"])
    play(hand, "play 11D")
    assert hand.preview("play 02J2").steals == 3
    evs = play(hand, "play 02J2")
    # a card of value 2 plus one more: the only way with 11D and 05J1
    assert codes(find_event(evs, "surrender").cards) == {"11D", "05J1"}


def test_EVT5_ja_ppuk_disabled_is_a_plain_stack_capture() -> None:
    layout = ["02A", "05A", "06A", "03B", "04A", "08B", "10A", "12B"]
    hand = _ja_ppuk_hand(rules_of("pagat-classic"), ["05J1"], layout, ["02J1", "06J1"])
    play(hand, "play 05J1")
    assert hand.preview("play 02J2").steals == 1  # a plain stack: one junk
    evs = play(hand, "play 02J2")
    assert "ja-ppuk" not in types(evs) and find_event(evs, "stack-capture").data["owner"] == 0
    assert legal_texts(hand) == ["surrender 05J1", "surrender 06J1"]


@pytest.mark.parametrize(("preset", "ja"), [("pagat", True), ("blog", False)])
def test_EVT5_ja_ppuk_window(preset: str, ja: bool) -> None:
    layout = ["02A", "05A", "06A", "03B", "04A", "08B", "10A", "12B"]
    hand = _ja_ppuk_hand(rules_of(preset), ["05J1"], layout, ["02J1", "06J1"])
    play(hand, "play 05J1")
    # seat 0 waits a turn (any other card), seat 1 plays, then seat 0 takes its stack.
    other = next(a for a in legal_texts(hand) if a.startswith("play ") and a != "play 02J2")
    play(hand, other)
    while hand.stage != "main" or hand.current_player != 1:
        play(hand, legal_texts(hand)[0] if "go" not in legal_texts(hand) else "go")
    play(hand, next(a for a in legal_texts(hand) if a.startswith("play ")))
    while hand.stage != "main":
        play(hand, legal_texts(hand)[0] if "go" not in legal_texts(hand) else "go")
    evs = play(hand, "play 02J2")
    assert ("ja-ppuk" in types(evs)) is ja


def test_EVT8_bomb_steals_junk() -> None:
    layout = ["05A", "06A", "02A", "03B", "04A", "08B", "10A", "12B"]
    rules = rules_of(bomb_steals_junk=True)
    hand = make_hand(rules, hands={0: ["07R", "02J1", "02J2", "02R"], 1: ["06J1"]}, layout=layout, stock=["09R", "11J1"])
    play(hand, "play 07R", "play 06J1")
    evs = play(hand, "bomb 02")
    assert find_event(evs, "bomb").data["month"] == 2
    sur = find_event(evs, "surrender")
    assert sur.seat == 1 and codes(sur.cards) == {"06J1"} and sur.data["for"] == "bomb"


def test_EVT9_boss_joker_creates_a_debt() -> None:
    rules = rules_of(jokers=["JKB"])
    hand = make_hand(rules, hands={0: ["JKB"]}, layout=L8, stock=["09R", "11J1"])
    evs = play(hand, "play JKB")
    assert "boss-joker" in types(evs) and find_event(evs, "substitute").cards[0].code == "09R"
    assert find_event(evs, "no-junk").data["for"] == "boss-joker"
    assert "JKB" in codes(hand.capture_cards(0))


def test_EVT10_first_turn_ppuk_payment() -> None:
    hand = make_hand(players=3, hands={0: ["02R"]}, layout=L8[:6], stock=["02J1"])
    evs = play(hand, "play 02R")
    pays = [e for e in evs if e.type == "payment"]
    assert [(e.seat, e.data["to"], e.data["amount"]) for e in pays] == [(1, 0, 3), (2, 0, 3)]
    assert hand.observation(0).chips == (6, -3, -3)


def test_GOO14_yell_after_a_first_turn_ppuk() -> None:
    hand = make_hand(rules_of("goo-stupe"), hands={0: ["02R"]}, layout=L8, stock=["02J1"])
    play(hand, "play 02R")
    assert hand.stage == "yell" and hand.current_player == 1
    assert legal_texts(hand) == ["yell", "no-yell"]
    evs = play(hand, "no-yell")
    assert find_event(evs, "shot").seat == 1
    assert hand.observation(0).shots == (0, 1)


def test_EVT11_three_ppuk_wins_at_once() -> None:
    layout = ["02A", "03B", "04A", "05A", "06A", "08B", "10A", "12B"]
    seat0 = ["02R", "02J2", "03R", "03J2", "04R", "04J2"]
    hand = make_hand(hands={0: seat0}, layout=layout, stock=["02J1", "07R", "03J1", "07J1", "04J1"])
    play(hand, "play 02R")
    play(hand, next(a for a in legal_texts(hand) if a.startswith("play ")))
    while hand.current_player != 0 or hand.stage != "main":
        play(hand, legal_texts(hand)[0] if "go" not in legal_texts(hand) else "go")
    play(hand, "play 03R")
    play(hand, next(a for a in legal_texts(hand) if a.startswith("play ")))
    while hand.current_player != 0 or hand.stage != "main":
        play(hand, legal_texts(hand)[0] if "go" not in legal_texts(hand) else "go")
    evs = play(hand, "play 04R")
    assert "three-ppuk" in types(evs)
    res = hand.result
    assert res is not None and res.winner == 0 and res.reason == "three-ppuk"
    # first-turn ppuk 3 + three ppuk 5, paid by seat 1
    assert res.chips == (8, -8) and res.settlement is None


def test_EVT7_debt_three_options_and_cannot_meet() -> None:
    rules = rules_of(ja_ppuk_junk=3)
    layout = ["02A", "05A", "06A", "03B", "04A", "08B", "10A", "12B"]
    # seat 1 holds one junk only: it gives it (cannot meet the debt).
    hand = _ja_ppuk_hand(rules, ["05J1"], layout, ["02J1", "04R"])
    play(hand, "play 05J1")
    evs = play(hand, "play 02J2")
    assert codes(find_event(evs, "surrender").cards) == {"05J1"}


def test_GOO6_chongtong_in_shots() -> None:
    hand = make_hand(rules_of("goo-stupe"), players=3, hands={2: ["07A", "07R", "07J1", "07J2"]})
    res = hand.result
    assert res is not None and res.winner == 2
    assert res.chips == (0, 0, 0) and res.shots == (1, 1, 0)
