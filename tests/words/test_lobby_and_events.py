"""The lobby's words and the event feed from the catalogue (issue 17 item 3): every rule a room
may change and every preset is explained in Korean (from the rules' own English declaration),
and every event a match makes has a feed line in both languages, a junk card given saying who
took it from whom (issue #18, defect 12)."""

from __future__ import annotations

import random
import re

from gostop.match import Match, Player
from gostop.rules import KNOBS, PRESET_DESCRIPTIONS, get_preset
from gostop.words import callout_text, event_line, knob_meaning, preset_description
from gostop.words.cards import card_name

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Events said by nothing: a turn's number, the goo-stupe list order, the match's own deal line
#: (the hand's deal events are said), a hand event without cards of its own.
SILENT = {"turn", "list"}


def test_every_knob_and_preset_is_explained_in_korean() -> None:
    for name, knob in KNOBS.items():
        assert knob_meaning(name) == knob.meaning
        ko = knob_meaning(name, "ko")
        assert HANGUL.search(ko) and ko != knob.meaning, name
    for name, english in PRESET_DESCRIPTIONS.items():
        assert preset_description(name) == english
        assert HANGUL.search(preset_description(name, "ko")), name
    assert knob_meaning("no_such_rule", "ko") == "no_such_rule"


def test_a_junk_card_given_says_who_took_it_from_whom() -> None:
    ev = {"type": "surrender", "seat": 0, "cards": ["03J1"], "data": {"to": 1, "for": "chok"}}
    line = event_line(ev, "Ann", to="Minji")
    assert line is not None and "Ann" in line and "Minji" in line and "cherry junk" in line, line
    assert callout_text("surrender", "Ann", to="Minji") == "Minji takes a junk card from Ann"
    ko = event_line(ev, "Ann", "ko", to="민지")
    assert ko is not None and "뺏음" in ko and "벚꽃 피" in ko and "03J1" not in ko, ko
    assert callout_text("surrender", "Ann", "ko", to="민지") == "민지: Ann에게서 피 한 장 뺏음!"


def test_a_joker_that_takes_junk_is_named_not_guessed_at() -> None:
    """EVT-9 and a joker deck's bonus cards: the feed said "captured a joker (the boss joker or
    a bonus card)" (조커(보스 조커나 보너스 패)), leaving the reader to guess which; the event
    carries the card, and the line names it."""
    for code in ("JK2", "JKB"):
        ev = {"type": "boss-joker", "seat": 1, "cards": [code]}
        en, ko = event_line(ev, "Minji"), event_line(ev, "민지", "ko")
        assert en is not None and ko is not None
        assert card_name(code) in en and " or " not in en and "each opponent gives a junk card" in en, en
        assert card_name(code, "ko") in ko and "나 " not in ko and "피 한 장씩" in ko and code not in ko, ko
    bare = event_line({"type": "boss-joker", "seat": 1, "cards": []}, "민지", "ko")
    assert bare is not None and "조커" in bare and "보너스 패" not in bare, bare


def test_a_second_copy_of_a_joker_is_named_as_the_first() -> None:
    """Matgo plays two JK2: the feed said "민지: Tester의 조커 2-2 뺏음" (a score?) and
    "two-junk joker #2" (a second kind?); the copy's number is the engine's, not the player's."""
    ev = {"type": "surrender", "seat": 0, "cards": ["JK2-2"], "data": {"to": 1, "for": "chok"}}
    ko = event_line(ev, "Tester", "ko", to="민지")
    en = event_line(ev, "Tester", to="Minji")
    assert ko is not None and "조커 2 " in ko + " " and "2-2" not in ko, ko
    assert en is not None and "two-junk joker" in en and "#" not in en, en
    assert card_name("JK1-12", "ko") == card_name("JK1", "ko") and card_name("JK1-12") == card_name("JK1")


def test_a_settlement_line_says_its_unit_and_a_payment_no_empty_brackets() -> None:
    """"정산: 민지 48 받음" said 48 of nothing (every other payment line says 칩); a payment
    with no reason ended in "()"."""
    settle = {"type": "settlement", "seat": 1, "data": {"payments": [40, 8]}}
    assert event_line(settle, "민지", "ko") == "정산: 민지 48칩 받음"
    assert event_line(settle, "Minji") == "Settlement: Minji is paid 48 chips."
    paid = {"type": "payment", "seat": 1, "data": {"amount": 7, "unit": "chips"}}
    for lang in ("en", "ko"):
        line = event_line(paid, "Minji", lang)
        assert line is not None and "()" not in line and "7" in line, line


def test_every_event_of_whole_matches_has_a_line_in_both_languages() -> None:
    seen: set[str] = set()
    for preset, players, seed in (("pagat", 3, 1), ("matgo", 2, 2), ("pagat", 5, 3), ("goo-stupe", 3, 4)):
        rules = get_preset(preset).with_overrides({"match_hands": 2})
        m = Match(rules, [Player(f"P{i}", 40 - i) for i in range(players)], seed)
        rng = random.Random(seed)
        events = list(m.start_events)
        while not m.is_over:
            events += m.apply(rng.choice(m.legal_actions()))
        for ev in events:
            j = ev.to_json()
            said = j.get("event", j)
            kind = said["type"]
            en, ko = event_line(said, "Ann"), event_line(said, "Ann", "ko")
            if kind in SILENT or (kind == "deal" and "cards" not in said):
                assert en is None and ko is None, kind
                continue
            assert en and ko, kind
            assert HANGUL.search(ko), (kind, ko)
            assert not re.search(r"\b\d\d[BARDJ]\d?\b", en + ko), (kind, en, ko)  # no card code
            seen.add(kind)
    assert {"play", "flip", "capture", "stop", "win", "settlement", "hand-start", "hand-end",
            "match-end", "first-dealer", "layout", "deal"} <= seen, seen


def test_a_choice_between_two_cards_alike_is_not_a_choice_between_names() -> None:
    """CAPT-H2, DEC-12 (a card matching two of the table): when the two are alike (two plain junk of a
    month), naming both ("takes cherry junk or cherry junk (you choose)") offers a choice that
    is none; it says one of the two. Two different cards keep their names and the choice."""
    from gostop.words.table import preview_text

    assert preview_text("choice", ["03J1", "03J2"]) == f"takes one of the two {card_name('03J1', 'en')}"
    assert preview_text("choice", ["03J1", "03J2"], "ko") == f"{card_name('03J1', 'ko')} 두 장 중 한 장 먹음"
    assert preview_text("choice", ["03R", "03J1"]) == f"takes {card_name('03R', 'en')} or {card_name('03J1', 'en')} (you choose)"


def test_a_settlement_in_shots_is_told_in_shots() -> None:
    """GOO-1: in goo-stupe nobody is paid; the losers take shots. The feed said "Settlement:
    Minji is paid 2." beside the shots; a match in chips keeps its line."""
    shots = {"type": "settlement", "seat": 0, "data": {"payments": [0, 1, 1], "points": 5, "unit": "shots"}}
    assert event_line(shots, "Minji") == "Settlement: Minji wins; the others take 2 shots in all."
    assert event_line(shots, "민지", "ko") == "정산: 민지 승리, 나머지가 모두 2잔 마심"
    chips = {"type": "settlement", "seat": 0, "data": {"payments": [0, 3, 3], "points": 3, "unit": "chips"}}
    assert event_line(chips, "Minji") == "Settlement: Minji is paid 6 chips."  # in its unit (QA round 7)
