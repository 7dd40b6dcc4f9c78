"""Tests of gostop.scoring (RULES.md 2.11 SCORE and the scoring VAR knobs).

Expected values are worked out by hand from RULES.md, or computed by the small independent
reference scorer ``ref_points`` below (written from the RULES.md tables, sharing no code with
gostop.scoring) for the property tests.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gostop.cards import Card, Kind, deck_cards, parse_card, parse_cards
from gostop.rules import PRESET_NAMES, Rules, get_preset, make_rules
from gostop.scoring import (
    ScoreBreakdown,
    ScoreTable,
    hand_points,
    is_surrenderable,
    junk_value,
    score,
    stop_points,
)

PAGAT = get_preset("pagat")
GOO = get_preset("goo-stupe")
ALL_JOKERS = make_rules("pagat", {"jokers": ["JK1", "JK2", "JK3", "JKB", "JKX", "JKP"]})

HYP = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def items(b: ScoreBreakdown) -> dict[str, int]:
    return {i.name: i.points for i in b.items}


def junk_cards(n: int) -> str:
    """n plain J cards (value 1 each) from months 1..10 (no double junk)."""
    codes = [f"{m:02d}J{k}" for m in range(1, 11) for k in (1, 2)]
    assert n <= len(codes)
    return " ".join(codes[:n])


# -- an independent reference scorer (RULES.md 2.11, written from the tables) ----------------

_BRIGHTS = {"01B", "03B", "08B", "11B", "12B"}
_BIRDS3 = {"02A", "04A", "08A"}
_HONG = {"01R", "02R", "03R"}
_CHEONG = {"06R", "09R", "10R"}
_CHO = {"04R", "05R", "07R"}
_PALSSARI = {"04A", "04R", "04J1", "04J2", "07A", "07R", "07J1", "07J2"}


def ref_junk_value(rules: Rules, code: str, flex_junk: bool) -> int:
    if code.startswith("JK"):
        if rules.uniform_joker_value is not None:
            return rules.uniform_joker_value
        return {"1": 1, "2": 2, "3": 3}.get(code[2], 0)
    if code == "11D":
        return rules.junk_value_11D
    if code == "12D":
        return rules.junk_value_12D
    if code[2] == "J":
        return 1
    if code == rules.flex_card and flex_junk:
        return rules.flex_junk_value
    return 0


def ref_points(rules: Rules, codes: set[str], flex_junk: bool) -> tuple[int, int]:
    """(stop points before the cap, bonus points) for one classing of the flex card."""
    pts = 0
    br = codes & _BRIGHTS
    if len(br) == 5:
        pts += 15
    elif len(br) == 4:
        pts += rules.four_brights_with_rain_points if "12B" in br else 4
    elif len(br) == 3:
        pts += 2 if "12B" in br else 3
    animals = {c for c in codes if len(c) == 3 and c[2] == "A"}
    if flex_junk and rules.flex_card in animals:
        animals.discard(rules.flex_card)
    if len(animals) >= 5:
        pts += len(animals) - 4
    if rules.four_birds and "12A" in codes:
        nb = len(codes & (_BIRDS3 | {"12A"}))
        pts += 6 if nb == 4 else 4 if nb == 3 else 0
    elif codes >= _BIRDS3:
        pts += rules.godori_points
    ribbons = {c for c in codes if len(c) == 3 and c[2] == "R"}
    if len(ribbons) >= 5:
        pts += len(ribbons) - 4
    pts += sum(3 for s in (_HONG, _CHEONG, _CHO) if s <= codes)
    junk = sum(ref_junk_value(rules, c, flex_junk) for c in codes)
    if junk >= 10:
        pts += junk - 9
    bonus = 0
    if rules.vip_bonus and {"09A", "11D", "12D"} <= codes:
        bonus += rules.vip_bonus
    if rules.palssari_bonus and codes >= _PALSSARI:
        bonus += rules.palssari_bonus
    return pts, bonus


def ref_cap(rules: Rules, n: int) -> int:
    return n if rules.score_cap is None else min(n, rules.score_cap)


def ref_stop(rules: Rules, codes: set[str]) -> int:
    return ref_cap(rules, max(ref_points(rules, codes, False)[0], ref_points(rules, codes, True)[0]))


def ref_hand(rules: Rules, codes: set[str], flex_junk: bool) -> int:
    s, b = ref_points(rules, codes, flex_junk)
    return ref_cap(rules, s + b)


# Every preset, plus every scoring variant switched on over pagat.
VARIANT_RULES: list[Rules] = [get_preset(n) for n in PRESET_NAMES] + [
    make_rules("pagat", {"four_birds": True, "godori_points": 3}),
    make_rules("pagat", {"vip_bonus": 3, "palssari_bonus": 8}),
    make_rules("pagat", {"flex_card": "05A", "flex_junk_value": 1}),
    make_rules("pagat", {"flex_card": None, "four_brights_with_rain_points": 3}),
    make_rules("pagat", {"score_cap": 10, "vip_bonus": 3, "jokers": ["JK1", "JKB", "JKX", "JKP"]}),
    make_rules("goo-stupe", {"vip_bonus": 3, "palssari_bonus": 8, "four_birds": True}),
]


@st.composite
def capture_sets(draw: Any, rules: Rules) -> set[str]:
    deck = deck_cards(rules.jokers)
    dense = draw(st.booleans())
    if dense:
        mask = draw(st.integers(min_value=0, max_value=(1 << len(deck)) - 1))
        return {c.code for i, c in enumerate(deck) if mask >> i & 1}
    idx = draw(st.sets(st.integers(0, len(deck) - 1), max_size=26))
    return {deck[i].code for i in idx}


# -- SCORE-1 brights --------------------------------------------------------------------------


def test_SCORE_1_three_brights_score_3() -> None:
    b = score(PAGAT, cards("01B 03B 08B"))
    assert items(b) == {"3 brights": 3}
    assert b.hand_points == b.stop_points == 3


def test_SCORE_1_rain_three_brights_score_2() -> None:
    b = score(PAGAT, cards("01B 03B 12B"))
    assert items(b) == {"3 brights incl. 12B": 2}
    assert b.item("SCORE-1") is not None
    assert b.hand_points == 2


def test_SCORE_1_four_brights_without_rain_score_4() -> None:
    assert items(score(PAGAT, cards("01B 03B 08B 11B"))) == {"4 brights": 4}


def test_SCORE_1_four_brights_with_rain_knob_four_brights_with_rain_points() -> None:
    hand = cards("01B 03B 08B 12B")
    assert score(PAGAT, hand).hand_points == 4
    assert score(make_rules("pagat", {"four_brights_with_rain_points": 3}), hand).hand_points == 3


def test_SCORE_1_five_brights_score_15_single_line() -> None:
    b = score(PAGAT, cards("01B 03B 08B 11B 12B"))
    assert [(i.name, i.rule, i.points) for i in b.items] == [("5 brights incl. 12B", "SCORE-1", 15)]


@pytest.mark.parametrize("text", ["", "01B", "01B 12B", "11B 08B"])
def test_SCORE_1_two_or_fewer_brights_score_nothing(text: str) -> None:
    assert score(PAGAT, cards(text)).hand_points == 0


# -- SCORE-2 animals --------------------------------------------------------------------------

_ANIMALS_NO_BIRDS = "05A 06A 07A 09A 10A 12A"


@pytest.mark.parametrize("n", range(0, 7))
def test_SCORE_2_animals_n_minus_4(n: int) -> None:
    hand = cards(" ".join(_ANIMALS_NO_BIRDS.split()[:n]))
    assert score(PAGAT, hand, "animal").hand_points == max(0, n - 4)


def test_SCORE_2_birds_count_as_animals_too() -> None:
    b = score(PAGAT, cards("02A 04A 08A 05A 06A 07A 10A 12A"))
    assert items(b) == {"8 animals": 4, "godori": 5}


# -- SCORE-3 godori ---------------------------------------------------------------------------


def test_SCORE_3_godori_scores_5() -> None:
    b = score(PAGAT, cards("02A 04A 08A"))
    assert items(b) == {"godori": 5}
    godori = b.item("SCORE-3")
    assert godori is not None and {c.code for c in godori.cards} == {"02A", "04A", "08A"}


def test_SCORE_3_godori_points_knob() -> None:
    assert score(make_rules("pagat", {"godori_points": 3}), cards("02A 04A 08A")).hand_points == 3


def test_SCORE_3_rain_bird_12A_is_not_a_godori_bird() -> None:
    assert score(PAGAT, cards("02A 04A 12A")).hand_points == 0
    assert score(PAGAT, cards("02A 04A 08A 12A")).hand_points == 5


def test_SCORE_3_four_birds_yukdori_6_instead_of_godori() -> None:
    r = make_rules("pagat", {"four_birds": True})
    b = score(r, cards("02A 04A 08A 12A"))
    assert items(b) == {"yukdori": 6}


@pytest.mark.parametrize("text", ["02A 04A 12A", "02A 08A 12A", "04A 08A 12A"])
def test_SCORE_3_four_birds_bidori_4(text: str) -> None:
    r = make_rules("pagat", {"four_birds": True})
    assert items(score(r, cards(text))) == {"bidori": 4}


def test_SCORE_3_four_birds_without_rain_bird_is_plain_godori() -> None:
    r = make_rules("pagat", {"four_birds": True})
    assert items(score(r, cards("02A 04A 08A"))) == {"godori": 5}
    assert score(r, cards("02A 12A")).hand_points == 0


# -- SCORE-4 / SCORE-5 ribbons ----------------------------------------------------------------


def test_SCORE_4_ribbons_n_minus_4_and_12R_counts_as_ribbon() -> None:
    assert score(PAGAT, cards("01R 02R 04R 06R")).hand_points == 0
    assert items(score(PAGAT, cards("01R 02R 04R 06R 12R"))) == {"5 ribbons": 1}


@pytest.mark.parametrize(
    "text,name", [("01R 02R 03R", "hong-dan"), ("06R 09R 10R", "cheong-dan"), ("04R 05R 07R", "cho-dan")]
)
def test_SCORE_5_each_ribbon_set_scores_3(text: str, name: str) -> None:
    assert items(score(PAGAT, cards(text))) == {name: 3}


def test_SCORE_5_12R_belongs_to_no_set() -> None:
    assert score(PAGAT, cards("04R 05R 12R")).hand_points == 0
    assert score(PAGAT, cards("01R 02R 12R")).hand_points == 0


def test_SCORE_5_sets_cumulative_with_each_other_and_SCORE_4() -> None:
    b = score(PAGAT, cards("01R 02R 03R 06R 09R 10R 04R 05R 07R 12R"))
    assert items(b) == {"10 ribbons": 6, "hong-dan": 3, "cheong-dan": 3, "cho-dan": 3}
    assert b.hand_points == 15


# -- SCORE-6 / SCORE-7 junk -------------------------------------------------------------------


@pytest.mark.parametrize("n,pts", [(0, 0), (9, 0), (10, 1), (11, 2), (20, 11)])
def test_SCORE_6_junk_count_minus_9(n: int, pts: int) -> None:
    assert score(PAGAT, cards(junk_cards(n))).hand_points == pts


def test_SCORE_7_double_junk_and_joker_values_pagat() -> None:
    # E07: 11D 2 + 12D 2 + JK3 3 + five J = 12 -> 3 points.
    b = score(PAGAT, cards("11D 12D JK3 01J1 01J2 02J1 02J2 03J1"))
    assert b.junk_count == 12
    assert items(b) == {"junk value 12": 3}


@pytest.mark.parametrize(
    "code,value",
    [("01J1", 1), ("11J2", 1), ("11D", 2), ("12D", 2), ("JK1", 1), ("JK2", 2), ("JK3", 3),
     ("JKB", 0), ("JKX", 0), ("JKP", 0), ("09A", 0), ("01B", 0), ("01R", 0), ("05A", 0)],
)
def test_SCORE_7_junk_values_default(code: str, value: int) -> None:
    assert junk_value(ALL_JOKERS, parse_card(code)) == value


def test_SCORE_7_flex_card_junk_value_only_when_classed_junk() -> None:
    assert junk_value(PAGAT, parse_card("09A"), flex_as_junk=True) == 2
    assert junk_value(PAGAT, parse_card("09A")) == 0
    one = make_rules("pagat", {"flex_junk_value": 1})
    assert junk_value(one, parse_card("09A"), flex_as_junk=True) == 1
    assert junk_value(PAGAT, parse_card("05A"), flex_as_junk=True) == 0


def test_SCORE_7_knobs_junk_value_11D_12D() -> None:
    r = make_rules("pagat", {"junk_value_11D": 1, "junk_value_12D": 0})
    assert junk_value(r, parse_card("11D")) == 1
    assert junk_value(r, parse_card("12D")) == 0


def test_SCORE_7_goo_stupe_junk_values() -> None:
    # GOO-11 / SCORE-7 goo-stupe column: 12D 0, 11D 1, every joker 1, flex as junk 1.
    assert junk_value(GOO, parse_card("12D")) == 0
    assert junk_value(GOO, parse_card("11D")) == 1
    assert junk_value(GOO, parse_card("JK1-7")) == 1
    assert junk_value(GOO, parse_card("09A"), flex_as_junk=True) == 1
    uni = make_rules("goo-stupe", {"jokers": ["JK1", "JKB", "JKX", "JKP", "JK3"]})
    for code in ("JKB", "JKX", "JKP", "JK3"):
        assert junk_value(uni, parse_card(code)) == 1
    # E26: 12D 0 + two jokers + eight J = 10.
    b = score(GOO, cards("12D JK1 JK1-2 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2"))
    assert b.junk_count == 10 and b.hand_points == 1
    assert (parse_card("12D"), 0) in b.junk


def test_SCORE_7_special_jokers_are_not_junk_cards() -> None:
    b = score(ALL_JOKERS, cards("JKB JKX JKP " + junk_cards(9)))
    assert b.junk_count == 9 and b.hand_points == 0
    assert {c.code for c in b.others} == {"JKB", "JKX", "JKP"}


def test_EVT_7_surrenderable_cards() -> None:
    yes = ["01J1", "11J2", "11D", "12D", "JK1", "JK2", "JK3"]
    no = ["09A", "05A", "01B", "01R", "JKB", "JKX", "JKP"]
    for code in yes:
        assert is_surrenderable(ALL_JOKERS, parse_card(code)), code
    for code in no:
        assert not is_surrenderable(ALL_JOKERS, parse_card(code)), code
    uni = make_rules("goo-stupe", {"jokers": ["JK1", "JKB", "JKX", "JKP"]})
    assert all(is_surrenderable(uni, parse_card(c)) for c in ("JKB", "JKX", "JKP", "12D"))
    assert not is_surrenderable(uni, parse_card("09A"))


# -- SCORE-8 the flex card ----------------------------------------------------------------------


def test_SCORE_8_flex_card_classed_for_more_stop_points() -> None:
    # 9 junk + 09A: as junk 11 -> 2 points; as animal (1 animal) -> 0.
    b = score(PAGAT, cards("09A " + junk_cards(9)))
    assert b.flex_class == "junk" and b.hand_points == 2 and b.junk_count == 11
    assert b.stop_points == 2
    assert (parse_card("09A"), 2) in b.junk and b.animal_count == 0


def test_SCORE_8_flex_ties_go_to_animal() -> None:
    b = score(PAGAT, cards("09A 01B 03B 08B"))
    assert b.flex_class == "animal" and b.animal_count == 1


def test_SCORE_8_flex_explicit_class_never_both() -> None:
    hand = cards("09A 05A 06A 07A 10A " + junk_cards(8))
    a = score(PAGAT, hand, "animal")
    j = score(PAGAT, hand, "junk")
    assert (a.animal_count, a.junk_count, a.hand_points) == (5, 8, 1)
    assert (j.animal_count, j.junk_count, j.hand_points) == (4, 10, 1)
    assert a.flex_class == "animal" and j.flex_class == "junk"
    # E09: the stop points are those of the better class whatever class is shown.
    e09 = cards("09A 05A 06A 07A 10A 12A 02A 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2 05J1")
    assert score(PAGAT, e09, "animal").hand_points == 3
    assert score(PAGAT, e09, "junk").hand_points == 4
    assert score(PAGAT, e09, "animal").stop_points == 4


def test_SCORE_8_flex_class_absent_without_the_card() -> None:
    assert score(PAGAT, cards("01B 03B 08B"), "junk").flex_class is None


def test_SCORE_8_VAR_FLEX_CARD_05A() -> None:
    r = make_rules("pagat", {"flex_card": "05A"})
    b = score(r, cards("05A " + junk_cards(9)))
    assert b.flex_class == "junk" and b.junk_count == 11 and b.hand_points == 2
    # 09A is then a plain animal that never counts as junk.
    b2 = score(r, cards("09A " + junk_cards(9)), "junk")
    assert b2.flex_class is None and b2.junk_count == 9 and b2.animal_count == 1


def test_SCORE_8_flex_card_null_means_plain_animal() -> None:
    r = make_rules("pagat", {"flex_card": None})
    b = score(r, cards("09A " + junk_cards(9)))
    assert b.flex_class is None and b.junk_count == 9 and b.hand_points == 0
    assert ScoreTable(r).flex_bit == 0


def test_SCORE_8_VAR_FLEX_ONE_flex_junk_value_1() -> None:
    r = make_rules("pagat", {"flex_junk_value": 1})
    b = score(r, cards("09A " + junk_cards(9)))
    assert b.flex_class == "junk" and b.junk_count == 10 and b.hand_points == 1


@HYP
@given(data=st.data())
def test_SCORE_8_flex_stop_class_is_the_better_of_the_two(data: Any) -> None:
    rules = data.draw(st.sampled_from(VARIANT_RULES))
    if rules.flex_card is None:
        rules = PAGAT
    codes = data.draw(capture_sets(rules)) | {rules.flex_card}
    hand = cards(" ".join(codes))

    def class_stop(cls: Any) -> int:
        b = score(rules, hand, cls)
        return ref_cap(rules, sum(i.points for i in b.items if i.counts_for_stop))

    best = max(class_stop("animal"), class_stop("junk"))
    assert stop_points(rules, hand) == best
    chosen = score(rules, hand)
    assert class_stop(chosen.flex_class) == best
    if class_stop("animal") == best:
        assert chosen.flex_class == "animal"


# -- SCORE-9 / SCORE-10 bonus items ------------------------------------------------------------


def test_SCORE_9_VAR_VIP_bonus_counts_for_hand_points_not_stop() -> None:
    r = make_rules("pagat", {"vip_bonus": 3})
    b = score(r, cards("09A 11D 12D"))
    assert items(b) == {"VIP bonus": 3}
    vip = b.item("VAR-VIP")
    assert vip is not None and not vip.counts_for_stop
    assert b.hand_points == 3 and b.stop_points == 0
    assert stop_points(r, cards("09A 11D 12D")) == 0
    assert score(PAGAT, cards("09A 11D 12D")).hand_points == 0  # off in pagat


def test_SCORE_9_VAR_VIP_regardless_of_flex_class() -> None:
    r = make_rules("pagat", {"vip_bonus": 3})
    hand = cards("09A 11D 12D " + junk_cards(6))  # junk 4 + 6 = 10 (+2 with 09A as junk)
    assert score(r, hand, "animal").hand_points == 1 + 3
    assert score(r, hand, "junk").hand_points == 3 + 3
    assert hand_points(r, hand, "junk") == 6


def test_SCORE_9_VAR_PALSSARI_bonus_8_not_for_stop() -> None:
    r = make_rules("pagat", {"palssari_bonus": 8})
    full = cards("04A 04R 04J1 04J2 07A 07R 07J1 07J2")
    b = score(r, full)
    assert items(b) == {"palssari bonus": 8}
    assert b.hand_points == 8 and b.stop_points == 0
    assert score(r, full[:-1]).hand_points == 0


def test_SCORE_10_stop_points_leave_out_bonus_and_use_best_flex() -> None:
    r = make_rules("pagat", {"vip_bonus": 3, "palssari_bonus": 8})
    hand = cards("04A 04R 04J1 04J2 07A 07R 07J1 07J2 09A 11D 12D 01B 03B 08B")
    # stop: 3 brights 3 + junk (4 J + 11D 2 + 12D 2 + 09A 2 = 10) 1 = 4; bonus 11.
    b = score(r, hand)
    assert b.stop_points == 4 and b.flex_class == "junk"
    assert b.hand_points == 15
    assert ScoreTable(r).stop_points(ScoreTable(r).mask(hand)) == 4


# -- SCORE-11 cap -----------------------------------------------------------------------------


def test_SCORE_11_cap_goo_stupe_15() -> None:
    b = score(GOO, cards("01B 03B 08B 11B 12B 01R 02R 03R"))  # E27: 18 -> 15
    assert b.raw_hand_points == 18 and b.hand_points == 15 and b.stop_points == 15
    assert b.capped


def test_SCORE_11_cap_applies_to_bonus_and_stop_alike() -> None:
    r = make_rules("pagat", {"score_cap": 10, "palssari_bonus": 8})
    hand = cards("04A 04R 04J1 04J2 07A 07R 07J1 07J2 01B 03B 08B")
    b = score(r, hand)
    assert (b.stop_points, b.hand_points) == (3, 10)
    big = cards("01B 03B 08B 11B 12B")
    assert score(r, big).stop_points == 10 and stop_points(r, big) == 10
    assert score(PAGAT, big).hand_points == 15


@HYP
@given(data=st.data())
def test_SCORE_11_nothing_exceeds_the_cap(data: Any) -> None:
    cap = data.draw(st.integers(7, 20))
    rules = make_rules("pagat", {"score_cap": cap, "vip_bonus": 3, "palssari_bonus": 8})
    hand = cards(" ".join(data.draw(capture_sets(rules))))
    b = score(rules, hand)
    assert b.hand_points <= cap and b.stop_points <= cap
    assert b.hand_points == min(cap, b.raw_hand_points)


# -- SCORE-12 / SCORE-13 ------------------------------------------------------------------------


def test_SCORE_12_only_the_given_captures_score() -> None:
    b = score(PAGAT, [])
    assert b.items == () and b.hand_points == 0 and b.stop_points == 0
    hand = cards("01B 02A 03R 04J1 11D JK2 09A")
    b = score(PAGAT, hand)
    shown = list(b.brights) + list(b.animals) + list(b.ribbons) + [c for c, _ in b.junk]
    assert sorted(shown) == sorted(hand)


def test_SCORE_13_pagat_example_three_birds_plus_three_animals_is_7() -> None:
    b = score(PAGAT, cards("02A 04A 08A 05A 06A 10A"))
    assert items(b) == {"6 animals": 2, "godori": 5}
    assert b.hand_points == 7


# -- ScoreTable ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_ScoreTable_bits_are_deck_indices(name: str) -> None:
    rules = get_preset(name)
    t = ScoreTable(rules)
    deck = deck_cards(rules.jokers)
    assert t.deck == deck
    for i, c in enumerate(deck):
        assert t.mask([c]) == 1 << i
        assert t.cards(1 << i) == (c,)
        if c.index is not None:
            assert i == c.index
    full = (1 << len(deck)) - 1
    assert t.cards(full) == deck
    # Kind masks partition the 48 month cards; jokers are separate.
    kinds = [t.brights, t.animals, t.ribbons, t.junk_kind]
    assert sum(k.bit_count() for k in kinds) == 48
    assert (t.brights | t.animals | t.ribbons | t.junk_kind) == (1 << 48) - 1
    assert t.jokers == full ^ ((1 << 48) - 1)
    for i, c in enumerate(deck):
        assert bool(t.surrenderable >> i & 1) == is_surrenderable(rules, c)
        assert t.junk_value_of(i) == junk_value(rules, c)
    assert t.flex_bit == 1 << parse_card("09A").index  # type: ignore[operator]


def test_ScoreTable_mask_rejects_foreign_and_duplicate_cards() -> None:
    t = ScoreTable(PAGAT)
    with pytest.raises(ValueError, match="JK1"):
        t.mask(cards("JK1"))
    with pytest.raises(ValueError, match="twice"):
        t.mask(cards("01B 01B"))
    with pytest.raises(ValueError, match="JK1"):
        score(PAGAT, cards("01B JK1"))
    with pytest.raises(ValueError):
        score(PAGAT, cards("01B"), "bright")  # type: ignore[arg-type]


def test_ScoreTable_for_rules_is_cached_per_object() -> None:
    r = make_rules("pagat", {"vip_bonus": 3})
    assert ScoreTable.for_rules(r) is ScoreTable.for_rules(r)
    assert ScoreTable.for_rules(r).vip_bonus == 3


@HYP
@given(data=st.data())
def test_ScoreTable_agrees_with_reference_for_every_preset(data: Any) -> None:
    rules = data.draw(st.sampled_from(VARIANT_RULES))
    codes = data.draw(capture_sets(rules))
    t = ScoreTable.for_rules(rules)
    m = t.mask(codes)
    assert t.stop_points(m) == ref_stop(rules, codes)
    for fj in (False, True):
        assert t.hand_points(m, fj) == ref_hand(rules, codes, fj)
        assert t.junk_count(m, fj) == sum(ref_junk_value(rules, c, fj) for c in codes)
    b = score(rules, cards(" ".join(codes)))
    fj = b.flex_class == "junk"
    assert b.hand_points == ref_hand(rules, codes, fj)
    assert b.stop_points == t.stop_points(m)
    assert b.junk_count == t.junk_count(m, fj)
    assert b.raw_hand_points == sum(i.points for i in b.items)
    assert all(i.points > 0 for i in b.items)


@HYP
@given(data=st.data())
def test_stop_points_never_exceed_hand_points_of_the_stop_class(data: Any) -> None:
    rules = data.draw(st.sampled_from(VARIANT_RULES))
    codes = data.draw(capture_sets(rules))
    b = score(rules, cards(" ".join(codes)))  # default: the class used for stopping
    assert b.stop_points <= b.hand_points
    if not (rules.vip_bonus or rules.palssari_bonus):
        assert b.stop_points == b.hand_points


def test_ScoreTable_stop_points_is_fast() -> None:
    import time

    t = ScoreTable(PAGAT)
    m = t.mask(cards("01B 03B 12B 02A 04A 08A 09A 05A 06A 04R 05R 07R 12R " + junk_cards(9)))
    n = 20000
    start = time.perf_counter()
    for _ in range(n):
        t.stop_points(m)
    per_call = (time.perf_counter() - start) / n
    assert per_call < 20e-6  # a few microseconds normally; generous for slow CI machines


def test_breakdown_to_json_round_trips_codes() -> None:
    b = score(PAGAT, cards("01B 03B 08B 09A " + junk_cards(9)))
    j = b.to_json()
    assert j["hand_points"] == b.hand_points and j["flex_class"] == "junk"
    assert ["09A", 2] in j["junk"]
    assert j["items"][0] == {
        "name": "3 brights", "rule": "SCORE-1", "cards": ["01B", "03B", "08B"],
        "points": 3, "counts_for_stop": True,
    }
    assert Kind.BRIGHT in {c.kind for c in b.brights}
