"""QA round 10 of the words layer (the sentences both games say):

* the seat of a player who gave no name (``you`` on the web page, ``You`` in the terminal,
  ``나`` in Korean) is the person reading: its sentences said ``you pays 40 chips``; they take
  the person's forms (``You pay 40 chips``), for every event, settlement and push line;
* a name the person chose is said like any other player's (``Kim pays``, never ``Kim pay``);
* a settlement's factor line opens with a capital (``Stakes raised by the nagari 나가리
  before: ×2.``), not ``stakes raised by ...``;
* the copies of a joker in a list are counted (``조커 1 ×3``), not listed one by one;
* a card shown by the person is "shown by you" (not "You"), "내 공개된 패" in Korean.
"""

from __future__ import annotations

import random
import re

from gostop.match import Match, Player
from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle
from gostop.words import (
    callout_text,
    cards_said,
    event_line,
    push_done,
    settlement_lines,
    where_text,
)

#: A verb of the third person after "you" ("you pays", "You has", "you is"): the sentence was
#: built for another player.
THIRD_PERSON_AFTER_YOU = re.compile(r"\b[Yy]ou (?:is|has|was|[a-z]+[^s]s)\b")


def _match_events() -> list[dict[str, object]]:
    """The events of whole matches (every kind the engine and the match make, as the server
    sends them)."""
    out: list[dict[str, object]] = []
    for preset, players, seed in (("pagat", 3, 1), ("matgo", 2, 2), ("pagat", 5, 3), ("goo-stupe", 3, 4)):
        rules = get_preset(preset).with_overrides({"match_hands": 2})
        m = Match(rules, [Player(f"P{i}", 40 - i) for i in range(players)], seed)
        rng = random.Random(seed)
        events = list(m.start_events)
        while not m.is_over:
            events += m.apply(rng.choice(m.legal_actions()))
        for ev in events:
            j = ev.to_json()
            out.append(j.get("event", j))
    return out


def test_a_payment_of_the_nameless_person_is_said_to_them() -> None:
    """The web names a player who typed no name "you" (at a table of bots): the feed said
    "you pays 40 chips (stop)."."""
    paid = {"type": "payment", "seat": 0, "data": {"amount": 40, "unit": "chips", "reason": "stop"}}
    assert event_line(paid, "you") == "You pay 40 chips (stop)."
    assert event_line(paid, "You") == "You pay 40 chips (stop)."
    assert event_line(paid, "Minji") == "Minji pays 40 chips (stop)."
    assert event_line(paid, "나", "ko") == "나: 40칩 냄 (스톱)"
    assert event_line(paid, "you", "ko") == "나: 40칩 냄 (스톱)"  # the name in the text's language
    settle_ev = {"type": "settlement", "seat": 0, "data": {"payments": [40, 8]}}
    assert event_line(settle_ev, "you") == "Settlement: you are paid 48 chips."


def test_no_event_line_of_the_nameless_person_says_a_third_person_verb() -> None:
    seen = 0
    for said in _match_events():
        for name in ("you", "You"):
            line = event_line(said, name, to="Minji")
            if line is None:
                continue
            seen += 1
            assert not line.startswith("you"), line
            assert not THIRD_PERSON_AFTER_YOU.search(line), line
            assert "you's" not in line.lower() and "their own" not in line and "their hand" not in line, line
    assert seen > 100


def test_every_event_kind_of_the_person_reads_in_the_second_person() -> None:
    """Every kind said with a verb, for a seat named "you" (the events the engine makes rarely
    are here too: a bomb, a shake, shodang, a chongtong...)."""
    kinds = ["first-dealer", "stay", "drop", "claim", "cut", "play", "flip", "capture", "pick", "draw",
             "substitute", "ppuk", "ja-ppuk", "first-turn-ppuk", "ppuk-streak", "collect", "three-ppuk",
             "ttadak", "chok", "sseul", "stack-capture", "bomb", "grenade", "shake", "show-quad", "reveal",
             "skip", "surrender", "no-junk", "boss-joker", "offer-shodang", "accept", "refuse", "chongtong",
             "keep-quad", "yell", "no-yell", "boar", "iris-out", "forced-in", "forced-out", "go", "stop",
             "shot", "win", "push", "deal"]
    for kind in kinds:
        ev = {"type": kind, "seat": 0, "cards": ["04A", "JK2"], "data": {"goes": 1, "points": 7, "n": 1,
                                                                           "reason": "stop"}}
        line = event_line(ev, "you")
        assert line is not None, kind
        assert line.startswith(("You ", "Your ")), (kind, line)
        assert not THIRD_PERSON_AFTER_YOU.search(line), (kind, line)
        ko = event_line(ev, "you", "ko")
        assert ko is not None and "you" not in ko.lower() and ko.startswith(("나", "내")), (kind, ko)


def test_a_junk_card_taken_by_or_from_the_person() -> None:
    """EVT-7: who took a junk card from whom, the person said as "you" / "나" (Korean: 내 피)."""
    ev = {"type": "surrender", "seat": 0, "cards": ["03J1"], "data": {"to": 1}}
    assert event_line(ev, "you", to="Minji") == "You give cherry junk to Minji."
    assert event_line(ev, "Minji", to="you") == "Minji gives cherry junk to you."
    assert callout_text("surrender", "Minji", to="you") == "You take a junk card from Minji"
    assert callout_text("surrender", "you", to="Minji") == "Minji takes a junk card from you"
    assert callout_text("surrender", "나", "ko", to="민지") == "민지: 나에게서 피 한 장 뺏음!"
    assert event_line(ev, "나", "ko", to="민지") == "민지: 내 벚꽃 피 뺏음"
    assert callout_text("surrender", "Ann", "ko", to="민지") == "민지: Ann에게서 피 한 장 뺏음!"
    assert callout_text("ppuk", "you") == "You — Ppuk! 뻑"
    assert callout_text("ppuk", "나", "ko") == "내 뻑!"


def _settlement(nagari_before: int = 0) -> object:
    return settle(get_preset("pagat"), 3, ["01B", "03B", "08B", "02J1", "04J1"], [["05J1"], ["06J1", "07J1"]],
                  SettleContext(nagari_before=nagari_before))


def test_a_settlement_of_the_nameless_person_is_said_to_them() -> None:
    """PAY-6: the web's settlement (no ``you`` given) said "you pays 3 chips"; a name the person
    chose says "Kim pays" even when the terminal gives it as the person's name."""
    s = _settlement()
    web = settlement_lines(s, ["you", "Minji"], 0)  # type: ignore[arg-type]
    assert any(line.startswith("You pay ") for line in web), web
    assert not any(THIRD_PERSON_AFTER_YOU.search(line) or line.startswith("you") for line in web), web
    assert any(line.startswith("Minji pays ") for line in web), web
    kim = settlement_lines(s, ["Kim", "Minji"], 0, you="Kim")  # type: ignore[arg-type]
    assert any(line.startswith("Kim pays ") for line in kim), kim
    assert not any(line.startswith("Kim pay ") for line in kim), kim
    ko = settlement_lines(s, ["you", "민지"], 0, lang="ko")  # type: ignore[arg-type]
    assert any(line.startswith("나: ") for line in ko) and not any("you" in line for line in ko), ko


def test_a_push_of_the_nameless_person_opens_with_a_capital() -> None:
    """VAR-PUSH: "you pushed: ..." opened a sentence with a small letter."""
    assert push_done("you", 12, 1).startswith("You pushed: ")
    assert push_done("나", 12, 1, lang="ko").startswith("나")


def test_the_nagari_carry_line_opens_with_a_capital() -> None:
    """MATCH-5, PAY-5: a settlement after a nagari said "stakes raised by the nagari 나가리
    before: ×2." as a line of its own."""
    lines = settlement_lines(_settlement(nagari_before=1), ["Hoon", "Minji"], 0)  # type: ignore[arg-type]
    carry = [line for line in lines if "nagari" in line]
    assert carry == ["Stakes raised by the nagari 나가리 before: ×2."], lines
    assert all(not line[:1].islower() for line in lines), lines
    ko = settlement_lines(_settlement(nagari_before=1), ["훈", "민지"], 0, lang="ko")  # type: ignore[arg-type]
    assert any("나가리" in line and "×2" in line for line in ko), ko


def test_the_copies_of_a_joker_are_counted_in_a_list() -> None:
    """DEAL-5 (goo-stupe's three one-junk jokers dealt to the table): "조커 1, 조커 1, 조커 1"."""
    assert cards_said(["JK1", "JK1-2", "JK1-3"], "ko") == "조커 1 ×3"
    assert cards_said(["JK1", "01B", "JK1-2"]) == "one-junk joker ×2, pine bright"
    # QA 16: a month's two junk cannot be told apart by their names either: counted too
    assert cards_said(["06J1", "06J2"]) == "peony junk ×2"
    assert cards_said(["04J1", "04J2", "11J1", "11D"], "ko") == "흑싸리 피 ×2, 오동 피, 오동 쌍피"
    assert cards_said([]) == ""
    layout = {"type": "layout", "seat": 0, "cards": ["JK1", "JK1-2", "JK1-3", "02A"]}
    assert event_line(layout, "Minji", "ko") == "바닥: 조커 1 ×3, 매조 열끗"
    capture = {"type": "capture", "seat": 0, "cards": ["JK1", "JK1-2"]}
    assert event_line(capture, "Minji") == "Minji captures one-junk joker ×2."


def test_a_card_shown_by_the_person_is_said_to_them() -> None:
    """SHAKE-2 (a shaken card is shown): a near set's missing card "shown by You" (a capital
    inside a sentence), "나의 공개된 패"; "shown by you", "내 공개된 패"."""
    assert where_text("shown", "en", "You") == "shown by you"
    assert where_text("shown", "en", "Minji") == "shown by Minji"
    assert where_text("shown", "ko", "나") == "내 공개된 패"
    assert where_text("shown", "ko", "민지") == "민지의 공개된 패"
