"""QA round 13 of the words: a person who typed "You" as their name at a table of people was
addressed in the lines everybody reads (PAY-6: "You pay 40 chips"); the Korean line of the
sake cup (09A, SCORE-8) had two colons."""

from __future__ import annotations

from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle
from gostop.words import callout_text, event_line, settlement_lines

PAID = {"type": "payment", "seat": 0, "data": {"amount": 40, "unit": "chips", "reason": "stop"}}


def test_a_seat_named_you_is_not_addressed_in_a_line_said_to_someone_else() -> None:
    assert event_line(PAID, "You", you="") == "\u201cYou\u201d pays 40 chips (stop)."  # a table of people
    assert event_line(PAID, "you", you="Ann") == "\u201cyou\u201d pays 40 chips (stop)."
    assert event_line(PAID, "나", "ko", you="Ann") == "\u201c나\u201d: 40칩 냄 (스톱)"
    assert event_line(PAID, "You", you="You") == "You pay 40 chips (stop)."  # said to that player
    assert event_line(PAID, "You") == "You pay 40 chips (stop)."  # the reader unknown: the terminal game
    ev = {"type": "surrender", "seat": 0, "cards": ["03J1"], "data": {"to": 1}}
    assert event_line(ev, "Minji", to="You", you="") == "Minji gives cherry junk to \u201cYou\u201d."
    assert callout_text("surrender", "Minji", to="You", you="") == "\u201cYou\u201d takes a junk card from Minji"
    assert callout_text("ppuk", "You", you="") == "\u201cYou\u201d \u2014 Ppuk! 뻑"


def test_a_payer_named_you_who_is_not_the_person_is_said_as_a_name() -> None:
    s = settle(get_preset("pagat"), 3, ["01B", "03B", "08B", "02J1", "04J1"], [["05J1"], ["06J1", "07J1"]],
               SettleContext())
    lines = settlement_lines(s, ["You", "Minji"], 0, you="")  # type: ignore[arg-type]
    assert any(line.startswith("\u201cYou\u201d pays ") for line in lines), lines
    assert not any(line.startswith("You pay") for line in lines), lines


def test_the_korean_sake_cup_line_has_one_colon_at_most() -> None:
    winner = ["09A", "02A", "04A", "05A", "06A", "01J1", "02J1", "03J1", "04J1", "05J1", "06J1", "07J1", "08J1",
              "10J1", "11J1"]
    s = settle(get_preset("pagat"), 3, winner, [["10J2"], ["12D"]], SettleContext())
    ko = settlement_lines(s, ["민지", "훈"], 0, lang="ko")
    assert ko[0] == "국진(국화 열끗)은 열끗으로 치면 2점, 쌍피로 치면 3점입니다.", ko
    assert ko[0].count(":") == 0
