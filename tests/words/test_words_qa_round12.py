"""QA round 12 of the words layer: the settlement's go step (PAY-3 go chips, the base each
loser pays before the doublings) read ``1고: +1칩; 진 사람마다 기본 14칩.`` in Korean, a list of
fragments with no verb; it now says it as a sentence (``1고라서 1칩을 더해, 진 사람마다 7칩부터
셉니다.``), in English too (``1 go: +1 chip, so each loser starts from 7 chips.``)."""

from __future__ import annotations

import pytest

from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle
from gostop.words import settlement_lines

WINNER = ["01B", "03B", "08B", "01R", "02R", "03R", "05J1", "05J2"]  # 3 brights + hong-dan: 6 points
LOSER_1 = ["06J1", "07J1", "09J1", "10J1", "11J1", "06R"]
LOSER_2 = ["12B", "04A", "02J1", "04J1", "07J2", "08J1"]


def _go_line(goes: int, lang: str, **overrides: str) -> str:
    rules = get_preset("pagat").with_overrides(dict(overrides)) if overrides else get_preset("pagat")
    s = settle(rules, 3, WINNER, [LOSER_1, LOSER_2], SettleContext(goes=goes))
    lines = settlement_lines(s, ["Hoon", "Minji"], goes, lang=lang)
    return next(line for line in lines if ("go" in line and "loser" in line) or "진 사람마다" in line)


@pytest.mark.parametrize(
    ("goes", "lang", "expected"),
    [
        (1, "en", "1 go: +1 chip, so each loser starts from 7 chips."),
        (3, "en", "3 goes: +2 chips, so each loser starts from 8 chips."),
        (1, "ko", "1고라서 1칩을 더해, 진 사람마다 7칩부터 셉니다."),
        (3, "ko", "3고라서 2칩을 더해, 진 사람마다 8칩부터 셉니다."),
    ],
    ids=["en-1go", "en-3go", "ko-1go", "ko-3go"],
)
def test_the_go_step_is_a_sentence_with_its_chips_and_the_base(goes: int, lang: str, expected: str) -> None:
    """PAY-3: the go count, the chips it adds and the base each loser pays before PAY-5."""
    line = _go_line(goes, lang)
    assert line == expected
    assert "기본" not in line and ";" not in line, line


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "3 goes add no chips; each loser starts from 6 chips."),
        ("ko", "3고라도 칩은 더하지 않아, 진 사람마다 6칩부터 셉니다."),
    ],
    ids=["en", "ko"],
)
def test_goes_that_add_no_chips_say_so_in_a_sentence(lang: str, expected: str) -> None:
    """PAY-3 with ``go_chips_three_plus=drop``: three goes add no chips (PAY-5 still doubles)."""
    assert _go_line(3, lang, go_chips_three_plus="drop") == expected
