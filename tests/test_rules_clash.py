"""Rule changes that clash say why as facts (``RulesError.reason``, kind ``"clash"``): the kind
of the clash and the values its sentence names, beside the knobs; the English sentence stays
the rules' own. One case per check of ``gostop.rules._CONTRADICTIONS``."""

from __future__ import annotations

from typing import Any

import pytest

from gostop import rules
from gostop.rules import Rules, RulesError, get_preset, make_rules

#: (preset, changes, the reason's facts, the English message, unchanged)
CLASHES: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # PAY-2: a table paid in shots needs the points per shot
    ("pagat", {"payment_unit": "shots"},
     {"clash": "shots_need_rate", "knobs": ("payment_unit", "shots_per_points")},
     'contradictory rules: payment_unit = "shots" needs shots_per_points (e.g. 5)'),
    # GEN-5: the shots of goo-stupe (GOO-5, GOO-10, GOO-12) at a table paid in chips
    ("pagat", {"no_junk_shot": True, "joker_shot": "hand_self_stock_opponents", "nagari_shots": 2},
     {"clash": "shot_knobs_need_shots", "knobs": ("no_junk_shot", "joker_shot", "nagari_shots", "payment_unit"),
      "on": ("no_junk_shot", "joker_shot", "nagari_shots")},
     'contradictory rules: no_junk_shot, joker_shot, nagari_shots only apply with payment_unit = "shots" '
     '(payment_unit is "chips")'),
    # SCORE-11 below GOSTOP-1: the higher stop target is the one said
    ("pagat", {"score_cap": 5},
     {"clash": "cap_below_target", "knobs": ("score_cap", "stop_target_two_player"), "score_cap": 5, "target": 7},
     "contradictory rules: score_cap 5 is below a stop target (7): nobody could ever stop"),
    # EVT-10 and GOO-14 reward the same first-turn ppuk
    ("goo-stupe", {"first_turn_ppuk_payment": 3},
     {"clash": "two_first_turn_ppuk_rewards", "knobs": ("first_turn_ppuk_payment", "first_turn_ppuk_yell")},
     "contradictory rules: first_turn_ppuk_payment and first_turn_ppuk_yell both reward a first-turn ppuk; "
     "set one to off"),
    # MATCH-1 at a table paid in shots (GOO-1)
    ("goo-stupe", {"match_target_chips": 50},
     {"clash": "target_chips_need_chips", "knobs": ("match_target_chips", "payment_unit"), "match_target_chips": 50},
     'contradictory rules: match_target_chips = 50 needs payment_unit = "chips": shots are taken, not won '
     "(GOO-1), so nobody is ever chips up and the match would never end (MATCH-1); set match_target_chips = "
     "null (match_hands sets the length)"),
    # VAR-BOAR pot at a table paid in shots (GOO-1)
    ("goo-stupe", {"boar": "pot"},
     {"clash": "boar_pot_needs_chips", "knobs": ("boar", "payment_unit")},
     'contradictory rules: boar = "pot" needs payment_unit = "chips": the pot antes chips (VAR-BOAR) and '
     'shots cannot be put in a pot or won (GOO-1); use boar = "first_turn" or "off"'),
    # VAR-PUSH: a settlement in shots is never doubled (PAY-2)
    ("goo-stupe", {"push_limit": 2},
     {"clash": "push_needs_chips", "knobs": ("push_limit", "payment_unit"), "push_limit": 2},
     'contradictory rules: push_limit = 2 needs payment_unit = "chips": a push doubles the next settlement '
     "and a settlement in shots is never doubled (PAY-2); set push_limit = 0"),
]


@pytest.mark.parametrize(("preset", "changes", "facts", "message"), CLASHES, ids=[c[2]["clash"] for c in CLASHES])
def test_a_clash_names_its_kind_and_the_values_it_says(preset: str, changes: dict[str, Any], facts: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(RulesError) as info:
        make_rules(preset, changes)
    exc = info.value
    assert exc.reason == ("clash", facts)
    assert str(exc) == message  # the English sentence is the rules' own, as before
    assert exc.knobs == facts["knobs"]


def test_every_clash_check_has_a_kind_of_its_own() -> None:
    """One case above per check, and no two checks share a kind."""
    kinds = set()
    for preset, changes, _, _ in CLASHES:
        with pytest.raises(RulesError) as info:
            make_rules(preset, changes)
        assert info.value.reason is not None
        kinds.add(info.value.reason[1]["clash"])
    assert len(kinds) == len(CLASHES) == len(rules._CONTRADICTIONS)


def test_a_clash_found_by_with_overrides_and_by_rules_itself_carries_the_same_facts() -> None:
    # SCORE-11 against both stop targets (GOSTOP-1): each target above the cap is a knob of the clash
    with pytest.raises(RulesError) as changed:
        get_preset("pagat").with_overrides(score_cap=2)
    with pytest.raises(RulesError) as built:
        Rules(score_cap=2)
    assert changed.value.reason == built.value.reason == (
        "clash", {"clash": "cap_below_target", "knobs": ("score_cap", "stop_target_two_player", "stop_target_three_player"),
                  "score_cap": 2, "target": 7})
