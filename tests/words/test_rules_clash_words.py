"""Rule changes that clash, said in Korean from the facts of the clash
(:attr:`gostop.rules.RulesError.reason`, :func:`gostop.words.options.rules_refused`): each kind
says why, naming the knobs and values as they are typed, with no English word of the rules'
sentence; English keeps the rules' own sentence; a clash without a kind known here keeps the
short line that names the knobs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_rules_refused import english_left

from gostop.rules import RulesError, make_rules
from gostop.words.options import rules_refused

#: Words of the English sentences that a Korean line must not keep.
ENGLISH = re.compile(r"\b(?:contradictory|needs?|only|apply|below|nobody|could|ever|both|reward|set|use|"
                     r"taken|won|chips up|would|never|doubles?|settlement|pot antes|sets the length|e\.g)\b")


@pytest.mark.parametrize(("preset", "changes", "korean"), [
    # PAY-2
    ("pagat", {"payment_unit": "shots"},
     '규칙이 서로 맞지 않습니다: 잔으로 셈하려면(payment_unit = "shots") shots_per_points도 정해야 합니다 (예: 5)'),
    # GEN-5: the shots of goo-stupe at a table paid in chips (GOO-12, GOO-5)
    ("pagat", {"no_junk_shot": True, "nagari_shots": 2},
     '규칙이 서로 맞지 않습니다: no_junk_shot, nagari_shots 규칙은 잔으로 셈할 때(payment_unit = "shots")만 쓸 수 있습니다 '
     '(지금은 payment_unit = "chips")'),
    # SCORE-11 below GOSTOP-1
    ("pagat", {"score_cap": 2},
     "규칙이 서로 맞지 않습니다: score_cap(2점)이 스톱 점수 7점(stop_target_two_player, stop_target_three_player)보다 "
     "낮아서 아무도 스톱할 수 없습니다"),
    # EVT-10 and GOO-14
    ("goo-stupe", {"first_turn_ppuk_payment": 3},
     "규칙이 서로 맞지 않습니다: first_turn_ppuk_payment, first_turn_ppuk_yell 두 규칙 모두 첫뻑에 보상을 줍니다. "
     "둘 중 하나를 끄세요"),
    # MATCH-1 at a table paid in shots (GOO-1)
    ("goo-stupe", {"match_target_chips": 50},
     '규칙이 서로 맞지 않습니다: match_target_chips = 50 규칙은 payment_unit = "chips"일 때만 쓸 수 있습니다. '
     "잔은 마시기만 하고 주고받지 않으니 아무도 칩을 따지 못해 게임이 끝나지 않습니다. "
     "match_target_chips = null로 두세요 (게임 길이는 match_hands에서 정합니다)"),
    # VAR-BOAR pot at a table paid in shots (GOO-1)
    ("goo-stupe", {"boar": "pot"},
     '규칙이 서로 맞지 않습니다: boar = "pot" 규칙은 payment_unit = "chips"일 때만 쓸 수 있습니다. '
     '판돈은 칩으로 걸고, 잔은 판돈에 걸거나 딸 수 없습니다. boar에는 "first_turn" 또는 "off" 중 하나를 쓰세요'),
    # VAR-PUSH: a settlement in shots is never doubled (PAY-2)
    ("goo-stupe", {"push_limit": 2},
     '규칙이 서로 맞지 않습니다: push_limit = 2 규칙은 payment_unit = "chips"일 때만 쓸 수 있습니다. '
     "밀기는 다음 판 정산을 두 배로 하는데, 잔으로 하는 정산은 두 배가 되지 않습니다. push_limit = 0으로 두세요"),
])
def test_each_clash_says_why_in_korean(preset: str, changes: dict[str, Any], korean: str) -> None:
    with pytest.raises(RulesError) as info:
        make_rules(preset, changes)
    exc = info.value
    line = rules_refused(exc, "ko")
    assert line == korean
    assert not english_left(line) and not ENGLISH.search(line), line
    for knob in exc.knobs:
        assert knob in line, (knob, line)
    assert exc.reason is not None
    for name in ("score_cap", "target", "match_target_chips", "push_limit"):  # the values said
        if name in exc.reason[1]:
            assert str(exc.reason[1][name]) in line, (name, line)
    # English: the same facts in plain words, without the rule IDs the rules' sentence cites
    english = rules_refused(exc, "en")
    assert english.startswith("contradictory rules: ") and not re.search(r"[A-Z]+-\d+", english), english
    for knob in exc.knobs:
        assert knob in english, (knob, english)


@pytest.mark.parametrize("facts", [
    {"knobs": ("payment_unit", "boar")},  # a clash of an older core: no kind
    {"knobs": ("payment_unit", "boar"), "clash": "a_kind_not_known_here"},
])
def test_a_clash_of_a_kind_not_known_keeps_the_line_naming_its_knobs(facts: dict[str, Any]) -> None:
    exc = RulesError("contradictory rules: payment_unit and boar disagree", facts["knobs"], ("clash", facts))
    assert rules_refused(exc, "ko") == "함께 쓸 수 없는 규칙입니다: payment_unit, boar"
    assert rules_refused(exc, "en") == str(exc)
