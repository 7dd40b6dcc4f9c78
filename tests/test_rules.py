"""Rules knobs and presets (RULES.md sections 4 and 5), checked against copies of their tables."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gostop.rules import (
    DEFAULT_PRESET,
    KNOBS,
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    Rules,
    RulesError,
    get_preset,
    load_rules,
    make_rules,
    rules_diff,
    rules_from_toml,
    rules_to_toml,
    save_rules,
)

DATA = Path(__file__).parent / "data"


def _table(path: Path) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the first markdown table in ``path`` whose first column is Knob."""
    header: list[str] = []
    rows: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            if header and rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            if cells[0] == "Knob":
                header = cells
            continue
        if set(cells[0]) <= {"-", ":"}:
            continue
        assert len(cells) == len(header), line
        rows.append(cells)
    return header, rows


def _untick(text: str) -> str:
    return text.strip().strip("`")


SECTION4_HEADER, SECTION4 = _table(DATA / "rules_section4.md")
SECTION5_HEADER, SECTION5 = _table(DATA / "rules_section5.md")
SECTION4_KNOBS = [_untick(row[0]) for row in SECTION4]
#: Knobs added after RULES.md with the matgo preset (issue 19), in order, and their new rule IDs
#: (described in docs/rules.md, gostop.rules_doc.ADDED_RULES).
ADDED_KNOBS = {
    "two_player_only": "GEN-7",
    "pi_bak_zero_exempt": "PAY-14",
    "nagari_multiplier_cap": "MATCH-8",
    "joker_steals_junk": "EVT-13",
    "last_turn_exception_stacks": "EVT-14",
    "surrender_lowest_first": "EVT-15",
    "final_turn_auto_stop": "GOSTOP-9",
    "fixed_wins_carry": "PAY-16",
    "push_limit": "VAR-PUSH",
    "ppuk_streak_payments": "VAR-PPUK-STREAK",
    "first_turn_ttadak_payment": "VAR-FIRST-TTADAK",
    "final_turn_no_ppuk": "VAR-FINAL-NO-PPUK",
    "heundeum_needs_clear_month": "VAR-SHAKE-CLEAR",
}
#: Of those, the knobs the matgo preset keeps off (VAR-PUSH: off by default; the four readings
#: of the sources the fast engine does not play).
OFF_IN_MATGO = {"push_limit", "ppuk_streak_payments", "first_turn_ttadak_payment", "final_turn_no_ppuk",
                "heundeum_needs_clear_month"}
#: Knob values added after RULES.md: go_scheme = "matgo" (PAY-15).
ADDED_CHOICES = {"go_scheme": {"matgo"}}
#: The presets of RULES.md section 5 (matgo came later).
SECTION5_PRESETS = [p for p in PRESET_NAMES if p != "matgo"]


def _section4_value(text: str) -> Any:
    """A value of the Default column: JSON-ish in backticks (`["JK2","JK3"]`, `"09A"`, `max_payment`)."""
    raw = _untick(text)
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


_JOKER_RUN = re.compile(r"^(JK\w)\s*,\s*\1-2 \.\.\. \1-(\d+) \((\d+)\)$")


def _section5_value(text: str) -> Any:
    """A cell of the section 5 table (``JK2, JK3``, ``null``, ``[2,9]``, ``target``, ``3*``...)."""
    raw = text.replace("(unused)", "").strip().rstrip("*").strip()
    run = _JOKER_RUN.match(raw)
    if run:
        base, last, count = run.group(1), int(run.group(2)), int(run.group(3))
        codes = [base] + [f"{base}-{n}" for n in range(2, last + 1)]
        assert len(codes) == count
        return codes
    if re.fullmatch(r"JK[\w-]+(, JK[\w-]+)*", raw):
        return raw.split(", ")
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


# -- section 4: the knobs --------------------------------------------------------------------


def test_section4_table_is_complete() -> None:
    assert SECTION4_HEADER == ["Knob", "Type", "Default", "Allowed values", "Source", "Rule"]
    assert len(SECTION4) == 87


def test_section4_knob_names_and_order() -> None:
    assert list(KNOBS) == SECTION4_KNOBS + list(ADDED_KNOBS)
    assert list(Rules().knobs()) == SECTION4_KNOBS + list(ADDED_KNOBS)


def test_added_knobs_have_new_rule_ids_documented() -> None:
    from gostop.rules_doc import ADDED_RULES

    documented = {rid for rid, _ in ADDED_RULES}
    for name, rule in ADDED_KNOBS.items():
        assert KNOBS[name].rule == rule
        assert rule in documented
        assert KNOBS[name].meaning.endswith(".")
    assert "PAY-15" in documented  # go_scheme = matgo


def test_added_knobs_are_off_in_the_rules_md_presets() -> None:
    for preset in SECTION5_PRESETS:
        knobs = PRESETS[preset].knobs()
        assert [knobs[k] for k in ADDED_KNOBS] == [False, False, None, False, False, False, False, False, 0, False, 0, False, False], preset


@pytest.mark.parametrize("row", SECTION4, ids=SECTION4_KNOBS)
def test_section4_default_is_pagat(row: list[str]) -> None:
    name, default = _untick(row[0]), _section4_value(row[2])
    assert PRESETS["pagat"].knobs()[name] == default
    assert Rules().knobs()[name] == default


@pytest.mark.parametrize("row", SECTION4, ids=SECTION4_KNOBS)
def test_section4_rule_ids_and_types(row: list[str]) -> None:
    name, kind_text, rule = _untick(row[0]), row[1], row[5]
    knob = KNOBS[name]
    assert knob.rule == rule
    assert knob.nullable == kind_text.endswith("or null"), kind_text
    expected_kind = {
        "list[str]": {"jokers"},
        "bool": {"bool"},
        "int": {"int"},
        "int or null": {"int"},
        "enum": {"enum"},
        "enum or null": {"enum"},
        "str or null": {"flex_card"},
        'int or `"target"`': {"int_or_target"},
        "[int,int]": {"int_pair"},
    }[kind_text]
    assert knob.kind in expected_kind
    assert knob.meaning and knob.meaning.endswith(".")


def _allowed_examples(text: str) -> list[Any]:
    """The concrete values listed in an Allowed values cell (phrases such as "any int" skipped)."""
    text = re.sub(r"\([^)]*\)", "", text)
    values: list[Any] = []
    for token in re.split(r",\s*(?![^\[]*\])", text):
        token = _untick(token.strip())
        if not token:
            continue
        span = re.fullmatch(r"(\d+)\.\.(\d+)", token)
        if span:
            values += list(range(int(span.group(1)), int(span.group(2)) + 1))
            continue
        try:
            values.append(json.loads(token))
        except json.JSONDecodeError:
            if re.fullmatch(r"[a-z_][a-z0-9_]*", token) and token != "int":
                values.append(token)
    return values


@pytest.mark.parametrize("row", SECTION4, ids=SECTION4_KNOBS)
def test_section4_allowed_values_are_accepted(row: list[str]) -> None:
    name = _untick(row[0])
    knob = KNOBS[name]
    examples = _allowed_examples(row[3])
    if name == "jokers":
        examples = [[], ["JK1", "JK1-2"], ["JKB", "JKX", "JKP"]]
    assert examples or knob.kind in ("int", "int_or_target"), row[3]
    for value in examples:
        knob.check(value)
    if knob.kind in ("enum", "flex_card"):
        listed = {v for v in examples if v is not None}
        assert listed | ADDED_CHOICES.get(name, set()) == set(knob.choices)
        assert (None in examples) == knob.nullable


# -- section 5: the presets ------------------------------------------------------------------


def test_section5_table_lists_every_preset_and_knob() -> None:
    assert SECTION5_HEADER[0] == "Knob"
    assert [_untick(h) for h in SECTION5_HEADER[1:]] == SECTION5_PRESETS
    assert [_untick(row[0]) for row in SECTION5] == SECTION4_KNOBS
    assert set(PRESET_DESCRIPTIONS) == set(PRESET_NAMES)
    assert DEFAULT_PRESET == "pagat"


@pytest.mark.parametrize("row", SECTION5, ids=[_untick(r[0]) for r in SECTION5])
def test_section5_presets_equal_the_table(row: list[str]) -> None:
    name = _untick(row[0])
    for preset, cell in zip(SECTION5_PRESETS, row[1:], strict=True):
        assert PRESETS[preset].knobs()[name] == _section5_value(cell), (preset, name, cell)


def test_matgo_preset_differs_from_pagat_exactly() -> None:
    """The matgo preset (issue 19): the knobs it sets, and its values for the ones the issue names."""
    m = PRESETS["matgo"]
    assert {k for k, _, _ in rules_diff(PRESETS["pagat"], m)} == {
        "jokers", "first_dealer", "four_on_table", "chongtong", "chongtong_payment",
        "chongtong_tie", "first_turn_ppuk_payment", "three_ppuk_payment", "bomb_multiplier",
        "bomb_steals_junk", "heundeum_must_play", "joker_hand_mode", "joker_stays_with_ppuk",
        "go_scheme", "pi_bak_protect_min_two_player", "dok_bak", "go_bak_two_player",
        "oe_myeon", "shodang", *ADDED_KNOBS} - OFF_IN_MATGO
    assert m.jokers == ("JK2", "JK2-2", "JK3")  # 51 cards: bonus cards worth 2, 2 and 3 junk
    assert (m.go_scheme, m.pi_bak_protect_min_two_player, m.pi_bak_zero_exempt) == ("matgo", 8, True)
    assert (m.push_limit, m.missions) == (0, False)  # push and missions: knobs, off by default
    assert (m.bomb_multiplier, m.heundeum_multiplier, m.go_bak_two_player) == (2, 2, "double")
    assert (m.nagari_multiplier, m.nagari_multiplier_cap, m.gwang_bak, m.meong) == ("cumulative", 8, "double", "dda")


def test_gen_7_matgo_refuses_three_players() -> None:
    m = PRESETS["matgo"]
    m.check_players(2)
    with pytest.raises(RulesError, match="2 players only"):
        m.check_players(3)
    PRESETS["pagat"].check_players(3)


def test_section5_goo_stupe_deck_has_22_jokers() -> None:
    jokers = PRESETS["goo-stupe"].jokers
    assert len(jokers) == 22 and jokers[0] == "JK1" and jokers[-1] == "JK1-22"


@pytest.mark.parametrize(
    ("preset", "changed"),
    [
        ("pagat-classic", {"first_dealer", "match_hands", "ja_ppuk_junk", "bomb_after_heundeum",
                           "oe_myeon_exceptions", "shodang_window"}),
        ("blog", {"first_dealer", "ja_ppuk_window", "bomb_skip_timing", "go_scheme",
                  "gwang_bak_scope", "pi_bak_protect_min"}),
    ],
)
def test_section5_preset_notes_differ_from_pagat_exactly(preset: str, changed: set[str]) -> None:
    assert {k for k, _, _ in rules_diff(PRESETS["pagat"], PRESETS[preset])} == changed


# -- every preset validates and round-trips ----------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_validates_and_knows_its_name(name: str) -> None:
    rules = get_preset(name)
    assert rules.preset == name
    assert rules.overrides() == {}
    assert make_rules(name) == rules
    assert Rules(**{k: v for k, v in rules.knobs().items() if k != "jokers"},
                 jokers=tuple(rules.jokers), preset=name) == rules


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("full", [True, False])
def test_preset_round_trips_through_toml(name: str, full: bool) -> None:
    rules = PRESETS[name]
    back = rules_from_toml(rules_to_toml(rules, full=full))
    assert back == rules
    assert back.preset == name
    assert back.knobs() == rules.knobs()


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_round_trips_through_dict_and_json(name: str) -> None:
    rules = PRESETS[name]
    assert rules.to_dict() == {"preset": name, "overrides": {}}
    back = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert back == rules and back.preset == name


def test_rules_file_round_trip(tmp_path: Path) -> None:
    rules = make_rules("blog", {"go_scheme": "linear", "flex_card": None, "jokers": ["JK1", "JKB"]})
    path = tmp_path / "house.toml"
    save_rules(rules, str(path), full=False)
    back = load_rules(str(path))
    assert back == rules and back.preset == "blog"
    assert back.overrides() == {"go_scheme": "linear", "flex_card": None, "jokers": ["JK1", "JKB"]}


def test_gostop_1_stop_target_by_player_count() -> None:
    rules = make_rules("pagat", {"stop_target_two_player": 5})
    assert (rules.stop_target(2), rules.stop_target(3)) == (5, 3)
    assert PRESETS["goo-stupe"].stop_target(2) == PRESETS["goo-stupe"].stop_target(3) == 5


def test_overrides_keep_the_preset_and_do_not_change_it() -> None:
    rules = PRESETS["fuda-wiki"].with_overrides({"bomb_multiplier": 1})
    assert rules.preset == "fuda-wiki"
    assert rules.overrides() == {"bomb_multiplier": 1}
    assert PRESETS["fuda-wiki"].bomb_multiplier == 2


# -- error messages ---------------------------------------------------------------------------


def _error(preset: str = "pagat", **overrides: Any) -> str:
    with pytest.raises(RulesError) as info:
        make_rules(preset, overrides)
    return str(info.value)


def test_error_unknown_knob_with_did_you_mean() -> None:
    message = _error(stop_target_two_players=5)
    assert "unknown knob 'stop_target_two_players'" in message
    assert "did you mean 'stop_target_two_player'" in message


def test_error_unknown_preset_with_did_you_mean() -> None:
    with pytest.raises(RulesError, match=r"unknown preset 'pagta'.*did you mean 'pagat'"):
        get_preset("pagta")
    with pytest.raises(RulesError, match="presets: pagat, pagat-classic"):
        make_rules("nope")


@pytest.mark.parametrize(
    ("knob", "value", "fragments"),
    [
        ("pi_bak", "yes", ["pi_bak", "wrong type", "true or false"]),
        ("stop_target_two_player", "7", ["stop_target_two_player", "wrong type str"]),
        ("stop_target_two_player", True, ["wrong type bool"]),
        ("jokers", "JK1", ["jokers", "wrong type"]),
        ("mission_multiplier_range", [2], ["mission_multiplier_range", "wrong type"]),
        ("bomb_multiplier", None, ["cannot be null"]),
    ],
)
def test_error_wrong_type(knob: str, value: Any, fragments: list[str]) -> None:
    message = _error(**{knob: value})
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize(
    ("knob", "value", "fragments"),
    [
        ("junk_value_11D", 4, ["junk_value_11D", "out of range", "from 0 to 3"]),
        ("stop_target_two_player", 0, ["out of range", "from 1 to 1000"]),
        ("max_players", 8, ["max_players", "out of range", "or null"]),
        ("mission_multiplier_range", [5, 2], ["out of range", "low <= high"]),
        ("go_scheme", "linaer", ["not allowed", "did you mean 'linear'", "standard"]),
        ("flex_card", "09B", ["flex_card", "not allowed"]),
        ("jokers", ["JK2", "JK2"], ["jokers", "twice"]),
        ("jokers", ["JK9"], ["jokers", "JK9"]),
    ],
)
def test_error_out_of_range_or_not_allowed(knob: str, value: Any, fragments: list[str]) -> None:
    message = _error(**{knob: value})
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize(
    ("preset", "overrides", "fragment"),
    [
        ("pagat", {"payment_unit": "shots"}, "shots_per_points"),
        ("pagat", {"no_junk_shot": True}, "no_junk_shot"),
        ("pagat", {"score_cap": 5}, "score_cap 5 is below a stop target"),
        ("goo-stupe", {"first_turn_ppuk_payment": 3}, "first_turn_ppuk_yell"),
    ],
)
def test_error_contradictory_combination(preset: str, overrides: dict[str, Any], fragment: str) -> None:
    message = _error(preset, **overrides)
    assert message.startswith("contradictory rules")
    assert fragment in message


def test_error_toml() -> None:
    with pytest.raises(RulesError, match="not valid TOML"):
        rules_from_toml("preset = ")
    with pytest.raises(RulesError, match="'preset' must be a string"):
        rules_from_toml("preset = 3")
    with pytest.raises(RulesError, match="unknown knob 'go_schem'"):
        rules_from_toml('preset = "pagat"\ngo_schem = "linear"\n')


def test_error_unreadable_rules_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read rules file"):
        load_rules(str(tmp_path / "missing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("go_scheme = 3\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"bad\.toml: knob 'go_scheme'"):
        load_rules(str(bad))


# -- hypothesis: random valid overrides round-trip through TOML -------------------------------

_JOKER_CODE = st.from_regex(r"\AJK[123BXP](-([2-9]|[1-9][0-9]))?\Z", fullmatch=True)


def _knob_values(name: str) -> st.SearchStrategy[Any]:
    knob = KNOBS[name]
    low = knob.minimum if knob.minimum is not None else 0
    high = knob.maximum if knob.maximum is not None else low + 30
    values: st.SearchStrategy[Any]
    if knob.kind == "bool":
        values = st.booleans()
    elif knob.kind in ("enum", "flex_card"):
        values = st.sampled_from(knob.choices)
    elif knob.kind == "int":
        values = st.integers(low, high)
    elif knob.kind == "int_or_target":
        values = st.integers(low, high) | st.just("target")
    elif knob.kind == "jokers":
        values = st.lists(_JOKER_CODE, unique=True, max_size=6)
    elif knob.kind == "int_pair":
        values = st.integers(low, 12).flatmap(lambda lo: st.lists(st.integers(lo, lo + 12), min_size=1, max_size=1).map(lambda hi: [lo, hi[0]]))
    else:  # pragma: no cover - a new knob kind needs a strategy here
        raise AssertionError(f"no strategy for knob kind {knob.kind}")
    return values | st.none() if knob.nullable else values


_overrides = st.lists(
    st.sampled_from(list(KNOBS)).flatmap(lambda name: st.tuples(st.just(name), _knob_values(name))),
    max_size=8,
).map(dict)


def _valid_rules(preset: str, overrides: dict[str, Any]) -> Rules:
    try:
        return make_rules(preset, overrides)
    except RulesError as exc:
        assert str(exc).startswith("contradictory rules"), exc
        assume(False)
        raise


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PRESET_NAMES), _overrides, st.booleans())
def test_random_overrides_round_trip_through_toml(preset: str, overrides: dict[str, Any], full: bool) -> None:
    rules = _valid_rules(preset, overrides)
    back = rules_from_toml(rules_to_toml(rules, full=full))
    assert back == rules
    assert back.preset == preset
    assert back.overrides() == rules.overrides()


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(PRESET_NAMES), _overrides)
def test_random_overrides_round_trip_through_json(preset: str, overrides: dict[str, Any]) -> None:
    rules = _valid_rules(preset, overrides)
    back = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert back == rules and back.preset == preset
    assert set(rules.overrides()) <= set(overrides)


def test_errors_do_not_repeat_long_input() -> None:
    # issue 9, item 6: a message repeats at most about 200 characters of what was typed
    for change in ({"jokers": ["JK" + "x" * 5000]}, {"go_scheme": "y" * 5000}, {"go_scheme": 10**5000}, {"z" * 5000: 1},
                   {"bomb_multiplier": 10**5000}, {"mission_multiplier_range": [1, 10**5000]}):
        with pytest.raises(RulesError) as info:
            get_preset("pagat").with_overrides(change)
        assert len(str(info.value)) < 400, str(info.value)[:500]


@pytest.mark.parametrize(
    ("preset", "changes", "knobs"),
    [
        ("goo-stupe", {"match_target_chips": 50}, ("match_target_chips", "payment_unit")),
        ("goo-stupe", {"boar": "pot"}, ("boar", "payment_unit")),
        ("goo-stupe", {"push_limit": 2}, ("push_limit", "payment_unit")),
        ("goo-stupe", {"shots_per_points": None}, ("payment_unit", "shots_per_points")),
        ("goo-stupe", {"first_turn_ppuk_payment": 3}, ("first_turn_ppuk_payment", "first_turn_ppuk_yell")),
        ("pagat", {"nagari_shots": 1}, ("nagari_shots", "payment_unit")),
        ("pagat", {"score_cap": 2}, ("score_cap", "stop_target_two_player", "stop_target_three_player")),
        ("pagat", {"boar_ante": "lots"}, ("boar_ante",)),
    ],
)
def test_a_rules_error_carries_the_knobs_of_the_clash_as_data(preset: str, changes: dict[str, Any], knobs: tuple[str, ...]) -> None:
    """Where a clash is found, its knobs are kept beside the sentence (``RulesError.knobs``),
    so that a face names them in its language without reading the English."""
    with pytest.raises(RulesError) as info:
        make_rules(preset, changes)
    assert info.value.knobs == knobs
