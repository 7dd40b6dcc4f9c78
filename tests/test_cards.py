"""Cards and card codes (RULES.md section 1), checked against a copy of the 1.2 and 1.3 tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gostop.cards import (
    BRIGHTS,
    CHEONG_DAN,
    CHO_DAN,
    GODORI_BIRDS,
    HONG_DAN,
    JOKER_RE,
    MONTH_CARD_RE,
    MONTH_CARDS,
    MONTH_NAMES,
    PALSSARI_CARDS,
    VIP_CARDS,
    Card,
    CardCodeError,
    JokerType,
    Kind,
    card_aliases,
    deck_cards,
    format_card,
    format_cards,
    is_valid_code,
    parse_card,
    parse_cards,
)

TABLES = Path(__file__).parent / "data" / "rules_section1.md"


def _table_rows(header_start: str) -> list[list[str]]:
    """Rows of the markdown table whose header line starts with ``header_start``."""
    rows: list[list[str]] = []
    inside = False
    for line in TABLES.read_text(encoding="utf-8").splitlines():
        if line.startswith(header_start):
            inside = True
            continue
        if inside:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= {"-", ":"}:
                rows.append(cells)
    return rows


MONTH_ROWS = _table_rows("| Code | Month |")
JOKER_ROWS = _table_rows("| Code | Name |")
MONTH_CODES = [row[0] for row in MONTH_ROWS]


def _codes_with(pattern: str) -> set[str]:
    return {row[0] for row in MONTH_ROWS if re.search(pattern, row[5])}


def _codes_with_role(fragment: str) -> set[str]:
    return {c.code for c in MONTH_CARDS if any(fragment in role for role in c.roles)}


# -- the 48 month cards (CARD 1.2) ---------------------------------------------------------


def test_card_1_2_table_has_48_rows_in_index_order() -> None:
    assert len(MONTH_ROWS) == 48
    assert [c.code for c in MONTH_CARDS] == MONTH_CODES
    assert [c.index for c in MONTH_CARDS] == list(range(48))


@pytest.mark.parametrize("row", MONTH_ROWS, ids=[r[0] for r in MONTH_ROWS])
def test_card_1_2_every_month_card(row: list[str]) -> None:
    code, month, flower, kind, _junk_value, _roles = row
    card = parse_card(code)
    assert card.code == code
    assert card.month == int(month)
    assert card.index is not None and card.index // 4 + 1 == card.month
    assert MONTH_NAMES[card.month][0] == flower
    assert card.kind.english == kind
    assert not card.is_joker
    assert format_card(card) == code
    assert is_valid_code(code)


@pytest.mark.parametrize(
    ("table_pattern", "role_fragment", "constant"),
    [
        (r"(^|; )bright|rain bright", "bright", BRIGHTS),
        (r"(^|; )godori bird", "godori bird", GODORI_BIRDS),
        (r"hong-dan", "hong-dan", HONG_DAN),
        (r"cheong-dan", "cheong-dan", CHEONG_DAN),
        (r"cho-dan", "cho-dan", CHO_DAN),
        (r"VIP card", "VIP card", VIP_CARDS),
        (r"flex card", "flex card", None),
        (r"the boar", "boar", None),
        (r"the rain bright", "rain bright", None),
        (r"the rain bird", "rain bird", None),
    ],
)
def test_card_1_2_special_roles(table_pattern: str, role_fragment: str, constant: frozenset[str] | None) -> None:
    expected = _codes_with(table_pattern)
    assert expected, table_pattern
    assert _codes_with_role(role_fragment) == expected
    if constant is not None:
        assert set(constant) == expected


def test_card_1_2_role_sets_are_the_facts() -> None:
    assert {"01B", "03B", "08B", "11B", "12B"} == BRIGHTS
    assert {"02A", "04A", "08A"} == GODORI_BIRDS  # 12A is not a godori bird
    assert {"01R", "02R", "03R"} == HONG_DAN
    assert {"06R", "09R", "10R"} == CHEONG_DAN
    assert {"04R", "05R", "07R"} == CHO_DAN  # 12R belongs to no ribbon set
    assert not parse_card("12R").roles
    assert parse_card("12A").code not in GODORI_BIRDS


def test_var_palssari_cards_are_every_april_and_july_card() -> None:
    # VAR-PALSSARI: "all four April and all four July cards". The 1.2 table marks every one of
    # them as a palssari card except 04A (whose row only says "godori bird").
    april_july = {c.code for c in MONTH_CARDS if c.month in (4, 7)}
    assert set(PALSSARI_CARDS) == april_july
    assert _codes_with_role("palssari card") == april_july
    assert _codes_with(r"palssari card") == april_july - {"04A"}


def test_card_1_2_double_junk_are_11D_and_12D() -> None:
    doubles = {c.code for c in MONTH_CARDS if c.kind == Kind.DOUBLE_JUNK}
    assert doubles == {"11D", "12D"} == {r[0] for r in MONTH_ROWS if r[3] == "double junk"}


def test_card_1_2_totals() -> None:
    by_kind = {kind: [c for c in MONTH_CARDS if c.kind == kind] for kind in Kind}
    assert len(by_kind[Kind.BRIGHT]) == 5
    assert len(by_kind[Kind.ANIMAL]) == 9
    assert len(by_kind[Kind.RIBBON]) == 10
    assert len(by_kind[Kind.JUNK]) == 22
    assert len(by_kind[Kind.DOUBLE_JUNK]) == 2
    assert len(by_kind[Kind.JUNK]) + len(by_kind[Kind.DOUBLE_JUNK]) == 24
    assert not by_kind[Kind.JOKER]
    for month in range(1, 13):
        assert sum(1 for c in MONTH_CARDS if c.month == month) == 4


def test_card_1_2_month_cards_sort_in_index_order() -> None:
    shuffled = sorted(MONTH_CARDS, key=lambda c: c.code[::-1])
    assert sorted(shuffled) == list(MONTH_CARDS)


# -- jokers (CARD 1.3) ---------------------------------------------------------------------


def test_card_1_3_joker_table() -> None:
    codes = [row[0] for row in JOKER_ROWS]
    assert codes == ["JK1", "JK2", "JK3", "JKB", "JKX", "JKP"]
    for code, name, junk_value, _effect in (row[:4] for row in JOKER_ROWS):
        card = parse_card(code)
        assert card.is_joker and card.kind == Kind.JOKER
        assert card.month == 0 and card.index is None and card.copy == 1
        assert card.joker_type is not None
        assert card.joker_type.english == name
        assert card.joker_type.printed_junk_value == int(junk_value)
        assert card.roles == ()


@pytest.mark.parametrize(
    ("code", "joker_type", "copy"),
    [("JK1-2", JokerType.ONE, 2), ("JK1-22", JokerType.ONE, 22), ("JKB-9", JokerType.BOSS, 9),
     ("JKX-10", JokerType.DOUBLE, 10), ("JKP-99", JokerType.PROTECT, 99), ("JK3", JokerType.THREE, 1)],
)
def test_card_1_1_joker_copy_suffix(code: str, joker_type: JokerType, copy: int) -> None:
    card = parse_card(code)
    assert (card.joker_type, card.copy, card.code) == (joker_type, copy, code)
    assert card != parse_card(code.split("-")[0]) or copy == 1
    assert parse_card(code) is card  # jokers are cached


def test_card_1_1_goo_stupe_deck_has_22_jokers() -> None:
    jokers = ["JK1"] + [f"JK1-{n}" for n in range(2, 23)]
    deck = deck_cards(jokers)
    assert len(deck) == 70
    assert [c.code for c in deck[48:]] == jokers
    assert all(c.joker_type == JokerType.ONE for c in deck[48:])


def test_card_deck_rejects_bad_joker_lists() -> None:
    with pytest.raises(CardCodeError, match="twice"):
        deck_cards(["JK2", "JK2"])
    with pytest.raises(CardCodeError, match="not a joker"):
        deck_cards(["01B"])
    with pytest.raises(CardCodeError, match="JK7"):
        deck_cards(["JK7"])


# -- invalid codes (CARD 1.1) --------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    ["13B", "00B", "1B", "01", "01X", "01J", "01J3", "01J0", "01A", "02B", "12J1", "JK", "JK4",
     "JKZ", "JK1-1", "JK1-0", "JK1-01", "JK1-100", "JK1-", "JK12", "", " ", "01B 03B", "01B\n",
     "JK1\n", "pine"],
)
def test_card_1_1_invalid_codes_raise_naming_the_code(code: str) -> None:
    with pytest.raises(CardCodeError) as info:
        parse_card(code)
    message = str(info.value)
    assert repr(code) in message
    assert not is_valid_code(code)


def test_card_1_1_error_shows_the_valid_form() -> None:
    with pytest.raises(CardCodeError) as info:
        parse_card("13B")
    message = str(info.value)
    for fragment in ("01..12", "B/A/R/D/J1/J2", "JK1", "-2..-99", "jan-bright"):
        assert fragment in message


def test_card_1_1_codes_are_case_sensitive_with_a_hint() -> None:
    with pytest.raises(CardCodeError, match=r"did you mean '01B'"):
        parse_card("01b")
    with pytest.raises(CardCodeError, match=r"did you mean 'JK1-2'"):
        parse_card("jk1-2")


def test_card_1_1_regular_expressions_are_the_contract() -> None:
    assert MONTH_CARD_RE.pattern == r"^(0[1-9]|1[0-2])(B|A|R|D|J[12])$"
    assert JOKER_RE.pattern.replace("?:", "") in (
        r"^JK([123BXP])(-([2-9]|[1-9][0-9]))?$",
    )


# -- friendly names ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code"),
    [("jan-bright", "01B"), ("JAN-BRIGHT", "01B"), ("Jan Bright", "01B"), ("jan_bright", "01B"),
     ("feb-animal", "02A"), ("apr-ribbon", "04R"), ("sep-animal", "09A"), ("sake-cup", "09A"),
     ("nov-double", "11D"), ("dec-double-junk", "12D"), ("lightning", "12D"), ("dec-junk", None),
     ("oct-junk2", "10J2"), ("oct-junk-1", "10J1"), ("mar-junk", "03J1"), ("12-bright", "12B"),
     ("1-bright", "01B"), ("rain-man", "12B"), ("boar", "07A"), ("swallow", "12A"), ("moon", "08B")],
)
def test_card_friendly_names(name: str, code: str | None) -> None:
    if code is None:  # December has no J cards: no such name
        with pytest.raises(CardCodeError):
            parse_card(name)
        return
    assert parse_card(name).code == code


def test_card_every_alias_names_a_month_card() -> None:
    aliases = card_aliases()
    assert aliases["jan-bright"] == "01B"
    for name, code in aliases.items():
        assert parse_card(name).code == code
        assert not is_valid_code(name)  # friendly names are not codes
    # every month card has at least one friendly name
    assert set(aliases.values()) == set(MONTH_CODES)


def test_card_parse_cards_accepts_spaces_commas_and_iterables() -> None:
    expected = [parse_card(c) for c in ("01B", "09A", "JK1-2")]
    assert parse_cards("01B 09A JK1-2") == expected
    assert parse_cards("01B,09A, JK1-2") == expected
    assert parse_cards(["01B", "sake-cup", "JK1-2"]) == expected
    assert parse_cards("") == []


# -- round trips (hypothesis) --------------------------------------------------------------

_month_codes = st.sampled_from(MONTH_CODES)
_joker_codes = st.from_regex(r"\AJK[123BXP](-([2-9]|[1-9][0-9]))?\Z", fullmatch=True)
_codes = st.one_of(_month_codes, _joker_codes)


@given(_codes)
def test_card_1_1_parse_format_round_trip(code: str) -> None:
    card = parse_card(code)
    assert isinstance(card, Card)
    assert format_card(card) == code == str(card) == card.code
    assert parse_card(format_card(card)) == card
    assert is_valid_code(code)


@given(st.lists(_codes))
def test_card_1_1_format_cards_round_trip(codes: list[str]) -> None:
    cards = parse_cards(codes)
    assert format_cards(cards) == " ".join(codes)
    assert parse_cards(format_cards(cards)) == cards


@given(st.text(max_size=8))
def test_card_1_1_anything_else_is_rejected(text: str) -> None:
    normalised = text.strip().lower().replace("_", "-").replace(" ", "-")
    if text in MONTH_CODES or re.fullmatch(JOKER_RE.pattern.strip("^$"), text):
        assert parse_card(text).code == text
    elif normalised in card_aliases():
        assert parse_card(text).code == card_aliases()[normalised]
    else:
        with pytest.raises(CardCodeError):
            parse_card(text)
        assert not is_valid_code(text)
