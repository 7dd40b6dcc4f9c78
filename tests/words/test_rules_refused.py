"""A change the rules refuse, said in Korean from the facts the rules give
(:attr:`gostop.rules.RulesError.reason`, :func:`gostop.words.options.rules_refused`): every
refusal of a knob's value carries its facts, and its Korean line keeps no English words but
the names and values as they are typed. English keeps the rules' own message."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gostop.rules import KNOBS, RulesError, make_rules
from gostop.words.options import allowed_values, rules_refused

#: Words a Korean line may keep in Latin letters: values and commands as they are typed.
TYPED = {"null", "true", "false", "target", "gostop", "rules", "show", "pagat", "JK", "JKB", "JKX", "JKP"}


def english_left(line: str) -> list[str]:
    """The Latin words of ``line`` once what is quoted (names and values as typed) is removed."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", line)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_]+", bare) if w not in TYPED and w not in KNOBS]


def refusal(changes: dict[str, Any]) -> RulesError:
    with pytest.raises(RulesError) as info:
        make_rules("pagat", changes)
    return info.value


@pytest.mark.parametrize(("changes", "kind", "korean"), [
    ({"nope": 3}, "unknown_knob", "모르는 규칙 'nope'. 규칙 목록은 `gostop rules show pagat`에서 볼 수 있습니다"),
    ({"go_schem": "linear"}, "unknown_knob", "모르는 규칙 'go_schem' ('go_scheme'을 말씀하셨나요?)."),
    ({"go_scheme": "linea"}, "not_allowed", "규칙 'go_scheme': \"linea\" 값은 쓸 수 없습니다 ('linear'를 말씀하셨나요?)."),
    ({"go_scheme": 3}, "not_allowed", "규칙 'go_scheme': 3 값은 쓸 수 없습니다. 쓸 수 있는 값: \"standard\", "),
    ({"stop_target_two_player": 0}, "out_of_range", "0 값은 범위를 벗어났습니다. 쓸 수 있는 값: 1부터 1000까지의 정수"),
    ({"stop_target_two_player": None}, "null", "규칙 'stop_target_two_player': null로 둘 수 없습니다."),
    ({"stop_target_two_player": "five"}, "wrong_type", "규칙 'stop_target_two_player': \"five\" 값은 쓸 수 없습니다."),
    ({"jokers": ["JK1", "XX"]}, "not_allowed", "규칙 'jokers': [\"JK1\", \"XX\"] 값은 쓸 수 없습니다. 쓸 수 있는 값: 서로 다른 조커 코드의 목록"),
    ({"payment_unit": "shots"}, "clash", "규칙이 서로 맞지 않습니다: 잔으로 셈하려면(payment_unit = \"shots\") shots_per_points도 정해야"),
])
def test_each_refusal_in_korean_from_its_facts(changes: dict[str, Any], kind: str, korean: str) -> None:
    exc = refusal(changes)
    assert exc.reason is not None and exc.reason[0] == kind
    line = rules_refused(exc, "ko")
    assert korean in line, line
    assert not english_left(line), (english_left(line), line)
    assert rules_refused(exc, "en") == str(exc)  # English: the rules' own words


def test_a_refusal_without_facts_keeps_its_message() -> None:
    exc = RulesError("rules must be an object with 'preset' and 'overrides'")
    assert rules_refused(exc, "ko") == str(exc)


@pytest.mark.parametrize("knob", sorted(KNOBS))
def test_every_knob_says_what_it_takes_in_korean(knob: str) -> None:
    korean = allowed_values(knob, "ko")
    assert korean and not english_left(korean), (knob, korean)
    assert allowed_values(knob, "en") == KNOBS[knob].allowed


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 2000), st.text(max_size=12),
                   st.lists(st.integers(-3, 30), max_size=3), st.lists(st.text(max_size=4), max_size=3))


@settings(max_examples=300, deadline=None)
@given(knob=st.sampled_from(sorted(KNOBS)), value=VALUES)
def test_any_value_refused_carries_its_facts(knob: str, value: Any) -> None:
    """Any value of any knob is taken, or refused with facts whose Korean line names the knob
    and keeps no English words."""
    try:
        make_rules("pagat", {knob: value})
    except RulesError as exc:
        assert exc.reason is not None, str(exc)
        kind, facts = exc.reason
        line = rules_refused(exc, "ko")
        # the value as typed, whole, first: one with a quote of its own ('"AA', shown ""AA")
        # defeated the pairing of quotes
        bare = line.replace(str(facts["value"]), " ") if "value" in facts else line
        assert not english_left(bare), (english_left(bare), line)
        if kind != "clash":
            assert repr(knob) in line or knob in line, line
