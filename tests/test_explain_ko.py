"""The Korean texts of the table (:mod:`gostop.explain` with ``lang="ko"``): every settlement step
kind, the scoring item names, the go/stop warnings and the bak stamps are said in Korean, in the
words players use, and the English texts stay exactly what they were."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from gostop.cards import parse_card
from gostop.explain import (
    card_words,
    go_warnings_text,
    item_name,
    score_item_lines,
    settlement_lines,
    stamp_text,
    where_text,
)
from gostop.hints import bak_stamps
from gostop.rules import Rules, get_preset
from gostop.scoring import ScoreTable
from gostop.settlement import SettleContext, settle

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Three ASCII words in a row (card codes and the test's names are taken out first).
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[\s,:;.()]+[A-Za-z][A-Za-z'-]*){2,}")
CODES = re.compile(r"\b(?:\d\d[BARDJ]\d?|JK[123BXP](?:-\d+)?)\b")
NAMES = ("Minji", "Hoon")


def english_left(line: str) -> str | None:
    """The first run of three English words in ``line`` (None: it reads as Korean)."""
    text = CODES.sub(" ", line)
    for name in NAMES:
        text = text.replace(name, " ")
    m = ENGLISH_RUN.search(text)
    return m.group(0) if m else None


def assert_korean(lines: list[str] | tuple[str, ...]) -> None:
    assert lines
    for line in lines:
        assert HANGUL.search(line), line
        assert english_left(line) is None, line
        assert "RULES" not in line and not re.search(r"\bopp\d|\bMi?\b", line), line


def rules_of(preset: str, overrides: dict[str, Any]) -> Rules:
    rules = get_preset(preset)
    return rules.with_overrides(overrides) if overrides else rules


# Settlements found to show every kind of step (winner's captures, opponents' captures); the
# test checks each still shows its kinds, so a change of the deals cannot hide a kind.
CASES: list[tuple[list[str], str, dict[str, Any], int, str, list[str], dict[str, Any]]] = [
    (["shots"], "goo-stupe", {}, 2,
     "11J1 06J1 04A 06J2 02A 08A 01J1 05J1 03J1 11J2 JK1-22 05J2 05A 07J1 09R 10A 02R 01J2 JK1-12 09J2 JK1-4 03R JK1-21",
     ["07R 06R"], {"goes": 3, "bombs": 1}),
    (["base_goes", "f_nagari", "pibak"], "pagat", {"go_bak_two_player": "double"}, 3,
     "10J2 JK3 02A 11J2 JK2 11D 09J2 01J2 03R 10A 10R 06R 06A 04R 04J2 08A 10J1 07J1 03B 11B 06J1 05J1 03J2",
     ["05A 04A 02J2 07J2 05R", "12A 07A 01B 04J1 12R 09J1 12B 12D"], {"goes": 1, "bombs": 1, "nagari_before": 1}),
    (["flex", "settle_with", "f_go", "dok_oe"], "pagat", {"go_bak_two_player": "double"}, 3,
     "04A 05J1 03J1 04J2 02J1 06J1 09R 10A 09A 09J1 04R 12R 08J2 07A 08J1 06J2 07J1 06A JK2 JK3 06R 07J2 11J1 03R",
     ["11D 10J2", "05J2 07R 01J2 03B 02J2 05R 01B 08B 12D 12A 02A 01J1"], {"goes": 3, "oe_myeon": 0}),
    (["f_heundeum", "gb2", "common"], "pagat", {"no_captures_no_pay": True}, 3,
     "01B 07A 08J2 05J1 08A 03R 11B 01J2 04J2 12A 07J1 04A 06A 12B 11D",
     ["09J2 10J2 09R 06J2 04J1", "03J2 06R 08J1 11J1 09J1 JK3 03B 10A 02J2 12R 05A 04R"],
     {"shakes": 1, "nagari_before": 1}),
    (["gbp"], "pagat", {"gwang_bak": "plus2"}, 2,
     "03J2 01J2 06J1 10J2 10A 03B 04J1 07J1 05R 10J1 JK3 09J1 11D 12B 07R 01R 11B 06J2 05J2 09A 02A",
     [""], {"nagari_before": 1}),
    (["dok_go"], "pagat", {"go_bak_two_player": "double"}, 3,
     "02J2 08A 07R 10J2 02J1 01J1 01J2 07J2 04J2 12D 06J2 08J2 05A 03J1 04J1 03R 04A 06J1 03J2 01R",
     ["08J1 06R 04R 01B 06A 11B 02R 07A", ""], {"goes": 3, "goer": 0}),
    (["dok_sh"], "pagat", {"meong": "dda_and_bak", "tti_bak": True}, 3,
     "07A 12R 10J1 05J1 07J1 09A 11B 11D 12D JK2 12A 10R 04R 08J1 04J1 08B 07J2",
     ["07R 05A", "01B 08J2 03J1 06R 09J2"], {"bombs": 1, "nagari_before": 1, "refuser": 1}),
    (["nocap", "oe_a"], "pagat", {"no_captures_no_pay": True}, 3,
     "06A 12D 01J1 10R 06J1 11D 09R 04J2 12A 01J2 04R JK2 10J1 11J2", ["", ""], {"shakes": 1, "oe_myeon": 0}),
    (["counts"], "pagat", {}, 3,
     "09J1 04J2 11J2 07J2 06A 10J2 06J1 03J1 01B 12D 12B 07A 08J1 01J2 09R 08A 05R 11B",
     ["10R 09J2 08J2 JK2 08B 02J1 01J1 07R 10A 05A JK3 04A", "03R 05J2 06J2 09A 03J2 01R 04J1 12R"],
     {"goes": 1, "shakes": 1, "nagari_before": 1}),
    (["ttibak"], "pagat", {"meong": "dda_and_bak", "tti_bak": True}, 3,
     "07J1 09J1 07R 11J1 05R 04J2 01R 05J1 04R 05J2 02J2 07J2", ["", "10J1 12D 07A 03R 10R"], {"nagari_before": 1}),
    (["f_JKX", "f_weol", "f_mission"], "pagat",
     {"bomb_multiplier": 2, "weol_yak_first_turn": True, "missions": True, "jokers": ["JK2", "JK3", "JKX"]}, 3,
     "04A 03J1 JKX 12B 10R 05R 11B 10A 05A 03R 08J2 02A 01R 07J2 04J1 04R 01B 10J2 12R 06R 08A 06J2 11J1",
     ["09J2 01J2 03J2 06J1 05J2 05J1 12A 01J1", "02J2 08B"], {"goes": 1, "weol_yak": 1, "mission_multiplier": 3}),
    (["f_meong"], "pagat", {"sake_cup_choice": "max_points"}, 3,
     "02J1 08J2 07R 03J2 04R 07A 08B 02A 05J1 10R 06A 12A 10J2 01R 10A 08J1 05J2 11J1 JK3 09J2 05A 01B 04A",
     ["", "07J1 04J2 12R 06J2 11J2 12B 03R 09J1 07J2 03J1 03B 10J1"], {"goes": 3, "shakes": 1, "nagari_before": 1}),
    (["f_bombs"], "pagat",
     {"bomb_multiplier": 2, "weol_yak_first_turn": True, "missions": True, "jokers": ["JK2", "JK3", "JKX"]}, 3,
     "08A 09J2 05J1 07J1 08B 07J2 08J2 06J2 03J1 01J1 12R 12A 01B JK3 03B 01R 09A 04J2",
     ["", "09R 04A 11J1 07R 10J1 02J1 11J2 02R 12B 10J2 05A 05J2"],
     {"bombs": 1, "nagari_before": 1, "weol_yak": 1, "mission_multiplier": 3}),
    (["gobak2p"], "pagat", {"go_bak_two_player": "double"}, 2,
     "06J1 11D 04J1 11J2 03J2 01J1 02R 06R 12D 09J1 JK3 10R 06J2 07R JK2 10J2 05A 04A 01J2 12R 07J2 04R",
     ["08J2 10A 09J2 11B 09R 08J1 12B 04J2 10J1 05J2 05R 05J1"], {"bombs": 1, "nagari_before": 1, "goer": 0}),
    (["capped"], "pagat", {"score_cap": 10}, 2,
     "08B 02R 11B 06J1 09J2 03J2 04J2 03B 10A JK2 JK3 12B 07J1 10R 02J2 09R 10J1 09A 01B", [""], {"goes": 1}),
    (["would"], "pagat", {"no_captures_no_pay": True}, 3,
     "01R 12B 10R 10A 06R 03B 03J1 07R 09R 02J2 08J1 07A 08A 03J2 02R 06J2 07J1", ["", ""],
     {"nagari_before": 1, "oe_myeon": 1}),
    (["meongbak"], "pagat", {"meong": "dda_and_bak", "tti_bak": True}, 2,
     "05J1 09A 11J1 07J1 11J2 01J2 02R 02J1 08A 08J1 05J2 09J2 04A 06J2 03R 10R JK2 04R 09R 10A 12A 07A 02A",
     ["09J1 04J2 08J2 03J1 03B 05R 11B JK3"], {"bombs": 1, "nagari_before": 1}),
]

#: Step kind -> (a pattern of the settlement's own step, a Korean word its line must say).
KINDS: dict[str, tuple[str, str]] = {
    "flex": (r"^flex card", "쌍피로 치면"),
    "settle_with": (r"^settle with", "승자는"),
    "capped": (r"^capped", "점수 상한"),
    "shots": (r"^shots =", "잔"),
    "base_goes": (r"^base = \d+ \+ go chips [1-9]", "진 사람마다"),
    "f_go": (r"^go x", "고: ×"),
    "f_heundeum": (r"^heundeum x", "흔들기: ×"),
    "f_bombs": (r"^bombs x", "폭탄: ×"),
    "f_nagari": (r"^nagari carry x", "나가리"),
    "f_JKX": (r"^JKX x", "두 배 조커"),
    "f_weol": (r"^weol-yak x", "월약"),
    "f_mission": (r"^mission x", "미션"),
    "f_meong": (r"^meong-dda x", "멍따"),
    "common": (r"^common multiplier M = [2-9]", "모두 합쳐"),  # said when two factors or more
    "gb2": (r"gwang-bak x2", "광박 ×2"),
    "gbp": (r"gwang-bak \+2", "광박 +2"),
    "pibak": (r"pi-bak x2", "피박 ×2"),
    "meongbak": (r"meong-bak x2", "멍박"),
    "ttibak": (r"tti-bak x2", "띠박"),
    "gobak2p": (r"go-bak \(2p\)", "고박 ×2"),
    "counts": (r"counts its", "쌍피로 계산"),
    "nocap": (r"has no captures: pays 0", "먹은 패가 없어"),
    "oe_a": (r"^oe-myeon exception a", "독박 없음"),
    "would": (r"would be liable", "독박 대상이지만"),
    "dok_go": (r"^dok-bak \(go-bak", "고박"),
    "dok_sh": (r"^dok-bak \(shodang", "쇼당"),
    "dok_oe": (r"^dok-bak \(oe-myeon", "외면"),
}


def _settle(preset: str, overrides: dict[str, Any], players: int, winner: str, opps: list[str],
            ctx: dict[str, Any]) -> Any:
    return settle(rules_of(preset, overrides), players, winner.split(), [o.split() for o in opps],
                  SettleContext(**ctx))


@pytest.mark.parametrize(("kinds", "preset", "overrides", "players", "winner", "opps", "ctx"), CASES,
                         ids=["+".join(c[0]) for c in CASES])
def test_every_settlement_step_kind_in_korean(kinds: list[str], preset: str, overrides: dict[str, Any],
                                              players: int, winner: str, opps: list[str], ctx: dict[str, Any]) -> None:
    s = _settle(preset, overrides, players, winner, opps, ctx)
    payers = list(NAMES[: players - 1])
    goes = ctx.get("goes", 0)
    en = settlement_lines(s, payers, goes, oe_myeon_card="03R")
    ko = settlement_lines(s, payers, goes, oe_myeon_card="03R", lang="ko")
    assert settlement_lines(s, payers, goes, oe_myeon_card="03R", lang="en") == en  # the default
    assert len(ko) == len(en)  # the same steps, in the same order
    assert_korean(ko)
    text = "\n".join(ko)
    for kind in kinds:
        step_pat, word = KINDS[kind]
        assert any(re.search(step_pat, st) for st in s.steps), (kind, s.steps)
        assert word in text, (kind, text)
    if any(k.startswith("dok_") for k in kinds):
        assert any("독박" in line and "두 사람 몫" in line for line in ko), ko
    if "dok_oe" in kinds:
        assert "벚꽃 띠를" in text  # the card left on the table, by its Korean name
        assert "left cherry ribbon on the table" in "\n".join(en)  # and by its English one


def test_the_cases_cover_every_step_kind() -> None:
    assert {k for c in CASES for k in c[0]} == set(KINDS)


def test_an_unknown_language_is_an_error() -> None:
    s = _settle(*CASES[5][1:])
    with pytest.raises(ValueError, match="lang"):
        settlement_lines(s, ["Minji", "Hoon"], 3, lang="fr")


@pytest.mark.parametrize(("name", "korean"), [
    ("3 brights", "삼광"), ("4 brights", "사광"), ("5 brights", "오광"), ("3 brights incl. 12B", "비삼광"),
    ("4 brights incl. 12B", "비사광"), ("6 animals", "열끗 6장"), ("godori", "고도리"), ("yukdori", "육도리"),
    ("bidori", "비도리"), ("hong-dan", "홍단"), ("cheong-dan", "청단"), ("cho-dan", "초단"),
    ("7 ribbons", "띠 7장"), ("junk value 12", "피 12장"), ("VIP bonus", "귀빈 보너스"),
    ("palssari bonus", "팔싸리 보너스"),
])
def test_scoring_item_names(name: str, korean: str) -> None:
    assert item_name(name, "ko") == korean
    english = item_name(name)
    assert english and not CODES.search(english), english  # names, never card codes


def test_every_item_the_scoring_can_name_has_a_korean_name() -> None:
    rules = get_preset("pagat").with_overrides({"vip_bonus": 3, "palssari_bonus": 2})
    table = ScoreTable.for_rules(rules)
    names = set()
    for caps in (["01B", "03B", "08B"], ["01B", "03B", "08B", "11B", "12B"], ["01B", "03B", "12B"],
                 ["02A", "04A", "08A", "05A", "06A", "07A"], ["01R", "02R", "03R", "04R", "05R", "07R"],
                 ["06R", "09R", "10R"], ["09A", "11D", "12D"] + [f"{m:02d}J1" for m in range(1, 11)],
                 ["04A", "04R", "04J1", "04J2", "07A", "07R", "07J1", "07J2"]):
        b = table.breakdown(table.mask([parse_card(c) for c in caps]))
        names.update(it.name for it in b.items)
    assert len(names) >= 8
    for name in names:
        assert HANGUL.search(item_name(name, "ko")), name
    ko = score_item_lines([(n, 3) for n in sorted(names)], "ko")
    assert_korean(ko)
    assert score_item_lines([("godori", 5)]) == ["godori 고도리: 5"]


def test_cards_and_places_in_korean() -> None:
    assert card_words("09A", "ko") == "국화 열끗"
    assert card_words("11D", "ko") == "오동 쌍피"
    assert HANGUL.search(card_words("JK2", "ko"))
    assert card_words("09A") == "chrysanthemum animal"
    for where in ("your hand", "the table", "shown", "unseen"):
        assert HANGUL.search(where_text(where, "ko")), where
        assert where_text(where) == where
    assert where_text("shown", "ko", "Minji") == "Minji의 공개된 패"


@pytest.mark.parametrize(("preset", "overrides", "players", "goes", "last_turn"), [
    ("pagat", {}, 3, 0, False),
    ("pagat", {}, 2, 2, False),
    ("pagat", {"go_bak_two_player": "double"}, 2, 0, False),
    ("pagat", {"go_decision_trigger": "above_last_go"}, 3, 1, False),
    ("pagat", {}, 3, 1, True),
    ("goo-stupe", {}, 3, 0, False),
])
def test_go_warnings_in_korean(preset: str, overrides: dict[str, Any], players: int, goes: int, last_turn: bool) -> None:
    rules = rules_of(preset, overrides)
    en = go_warnings_text(rules, players, goes, 7, last_turn=last_turn, stop_total=12)
    assert go_warnings_text(rules, players, goes, 7, last_turn=last_turn, stop_total=12, lang="en") == en
    ko = go_warnings_text(rules, players, goes, 7, last_turn=last_turn, stop_total=12, lang="ko")
    assert len(ko) == len(en)
    assert_korean(ko)
    text = " ".join(ko)
    if last_turn:
        assert "나가리" in text and "12칩" in text
    else:
        assert text.startswith("고: 계속")
    if any("go-bak" in w for w in en):
        assert "고박" in text
    if any("pays" in w and "chip" in w for w in en):
        assert "칩" in text


def _obs(captures: list[str], players: int = 3) -> Any:
    """The capture areas bak_stamps reads (an observation needs nothing more here)."""
    return SimpleNamespace(players=players, captures=tuple(tuple(parse_card(c) for c in caps.split()) for caps in captures))


JUNK = " ".join(f"{m:02d}J{k}" for m in range(1, 6) for k in (1, 2))  # 10 junk


@pytest.mark.parametrize(("overrides", "captures", "names"), [
    ({}, [JUNK, "06J1", "01B 08B"], {"pi-bak"}),  # live: the winner scores junk
    ({}, [" ".join(JUNK.split()[:8]), "06J1", "01B"], {"pi-bak"}),  # risk: 8 junk
    ({}, ["01B 03B 08B", "06J1", "12R"], {"gwang-bak"}),  # live
    ({"gwang_bak": "plus2"}, ["01B 03B 08B", "06J1", "12R"], {"gwang-bak"}),
    ({}, ["01B 03B", "06J1", "12R"], {"gwang-bak"}),  # risk: two brights
    ({"meong": "dda_and_bak"}, ["02A 04A 05A 06A 07A 08A 10A", "06J1", "12R 11B"], {"meong-dda", "meong-bak"}),
    ({"meong": "dda_and_bak"}, ["02A 04A 05A 06A 07A 08A", "06J1", "12R 11B"], {"meong-dda", "meong-bak"}),
    ({}, [JUNK, "09A 06J1", "01B 08B"], {"pi-bak"}),  # the sake cup counted as double junk
])
def test_bak_stamps_in_korean(overrides: dict[str, Any], captures: list[str], names: set[str]) -> None:
    rules = rules_of("pagat", overrides)
    stamps = bak_stamps(rules, _obs(captures))
    assert names <= {st.name for st in stamps}
    for st in stamps:
        if st.flex_card is None:
            assert stamp_text(st) == st.text
        else:  # the English names the card where the stamp's record text has its code
            assert stamp_text(st) == st.text.replace(st.flex_card, "chrysanthemum animal")
        ko = stamp_text(st, "ko")
        assert ko != st.hangul, st.text  # a pattern was found, not the fallback
        assert_korean([ko])
        assert ko.startswith(st.hangul)
        if st.live:
            assert "두 배" in ko or "2칩을 더" in ko, ko  # gwang-bak plus2: 2 chips more
    if "09A" in captures[1]:
        assert any("국화 열끗을 쌍피로" in stamp_text(st, "ko") for st in stamps)


# -- the matgo preset (issue 19): its new settlement steps and stamps in both languages ---------


def test_matgo_push_factor_and_zero_junk_exemption_in_words() -> None:
    rules = get_preset("matgo").with_overrides(stop_target_two_player=4)
    s = settle(rules, 2, ["01B", "03B", "08B", *JUNK.split()], [["12B"]],
               SettleContext(nagari_before=1, pushes=1))
    assert ("push", 2) in s.factors and s.payments == (4 * 2 * 2,)
    en = settlement_lines(s, ["Hoon"], 0)
    ko = settlement_lines(s, ["Hoon"], 0, lang="ko")
    assert any("Pushed stakes 밀기" in line for line in en), en
    assert any("밀기" in line for line in ko) and not any("push" in line for line in ko), ko
    assert any("no pi-bak 피박 (no junk at all)" in line for line in en), en
    assert any("피박 면제" in line for line in ko), ko
    assert_korean(ko)


def test_matgo_stamps_read_seven_or_fewer_and_exempt_no_junk() -> None:
    rules = get_preset("matgo")
    seven = " ".join(f"{m:02d}J{k}" for m in (6, 7, 8) for k in (1, 2)) + " 09J1"
    stamps = bak_stamps(rules, _obs([JUNK, seven], players=2))
    pi = [st for st in stamps if st.name == "pi-bak"]
    assert [st.seat for st in pi] == [1] and pi[0].live and "< 8" in pi[0].text
    assert_korean([stamp_text(pi[0], "ko")])
    # eight junk protect; no junk at all is exempt (PAY-14); pagat's reading stamps it
    assert not [st for st in bak_stamps(rules, _obs([JUNK, seven + " 09J2"], players=2)) if st.name == "pi-bak"]
    assert not [st for st in bak_stamps(rules, _obs([JUNK, "12B"], players=2)) if st.name == "pi-bak"]
    assert [st.seat for st in bak_stamps(get_preset("pagat"), _obs([JUNK, "12B"], players=2))
            if st.name == "pi-bak"] == [1]


def test_matgo_go_warning_names_the_go_points() -> None:
    rules = get_preset("matgo")
    en = " ".join(go_warnings_text(rules, 2, 2, 9))
    ko = " ".join(go_warnings_text(rules, 2, 2, 9, lang="ko"))
    assert "+3" in en and "x2" in en.replace("×", "x"), en
    assert "3고 뒤에 이기면 +3칩, ×2." in ko, ko
