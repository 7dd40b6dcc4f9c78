"""Knobs that only mean something when chips change hands, at a table paid in shots (GEN-5, GOO-1).

At a shots table (``payment_unit = "shots"``: goo-stupe) shots are taken, never passed between
players, and a settlement is shots only (PAY-2). So:

* ``match_target_chips`` (MATCH-1) could never end the match: nobody's chips move;
* ``boar = "pot"`` (VAR-BOAR) antes chips into a pot, and shots cannot be put in a pot or won;
* ``push_limit`` (VAR-PUSH) doubles a later settlement, and a shots settlement is never doubled.

Each is refused with one line naming both knobs. ``boar = "first_turn"`` and the fixed payments
(PAY-12: chongtong, three ppuk, heodang, compensation ...) are taken as shots and stay allowed.
"""

from __future__ import annotations

from typing import Any

import pytest

from cli_support import gostop
from gostop.rules import Rules, RulesError, make_rules, rules_from_toml

SHOTS: dict[str, Any] = {"payment_unit": "shots", "shots_per_points": 5}

REFUSED = [
    ({"match_target_chips": 50}, "match_target_chips"),  # MATCH-1
    ({"boar": "pot"}, "boar"),  # VAR-BOAR
    ({"boar": "pot", "boar_ante": 3}, "boar"),
    ({"push_limit": 2}, "push_limit"),  # VAR-PUSH
]


@pytest.mark.parametrize(("change", "knob"), REFUSED)
def test_chips_only_knob_is_refused_at_a_shots_table(change: dict[str, Any], knob: str) -> None:
    for preset, extra in (("goo-stupe", {}), ("pagat", SHOTS), ("matgo", SHOTS)):
        with pytest.raises(RulesError) as info:
            make_rules(preset, {**extra, **change})
        message = str(info.value)
        assert message.startswith("contradictory rules: ")
        assert knob in message and "payment_unit" in message
        assert "\n" not in message
    with pytest.raises(RulesError, match=knob):
        Rules(**SHOTS, **change)
    with pytest.raises(RulesError, match=knob):
        rules_from_toml('preset = "goo-stupe"\n' + "".join(f"{k} = {_toml(v)}\n" for k, v in change.items()))


def _toml(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


@pytest.mark.parametrize(("change", "knob"), REFUSED)
def test_the_same_knobs_are_fine_in_chips(change: dict[str, Any], knob: str) -> None:
    rules = make_rules("pagat", change)
    assert getattr(rules, knob) == change[knob]


@pytest.mark.parametrize(
    "change",
    [
        {"boar": "first_turn"},  # a fixed payment: taken as shots (PAY-12)
        {"boar_ante": 4},  # the pot is off: the ante is not consulted
        {"match_target_chips": None, "match_hands": 6},
        {"push_limit": 0},
        {"heodang_turns": 5, "heodang_payment": 2},
        {"first_turn_four_bonus": 3},
    ],
)
def test_shots_tables_keep_the_knobs_that_work_in_shots(change: dict[str, Any]) -> None:
    rules = make_rules("goo-stupe", change)
    assert rules.payment_unit == "shots"


def test_switching_a_chips_table_to_shots_is_refused_too() -> None:
    with pytest.raises(RulesError, match="match_target_chips = 50 needs payment_unit"):
        make_rules("pagat", {"match_target_chips": 50}).with_overrides(SHOTS)


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", "goo-stupe", "--set", "match_target_chips=50"],
        ["rules", "show", "goo-stupe", "--set", "boar=pot"],
        ["rules", "show", "goo-stupe", "--set", "push_limit=1"],
        ["rules", "show", "pagat", "--set", "payment_unit=shots", "--set", "shots_per_points=5",
         "--set", "match_target_chips=50"],
        ["play", "--plain", "--preset", "goo-stupe", "--set", "match_target_chips=50"],
        ["play", "--plain", "--preset", "goo-stupe", "--set", "boar=pot"],
        ["play", "--plain", "--preset", "goo-stupe", "--set", "push_limit=2"],
    ],
)
def test_command_line_gives_one_error_line(args: list[str]) -> None:
    line = gostop(*args).error_line()  # exit 2, one "error: ..." line, no traceback
    knob = next(a.split("=")[0] for a in reversed(args) if "=" in a)
    assert "contradictory rules" in line and knob in line and "payment_unit" in line
