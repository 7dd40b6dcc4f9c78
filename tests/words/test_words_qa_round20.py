"""QA round 20, words: a loser's flex card (X-42) in a settlement line.

Matgo, a loser holding the sake cup (09A) counted as double junk to escape pi-bak read
"You pay 14 ×2 = 28 chips: their chrysanthemum animal counted as double junk." -- "their" for
the person's own card, and after the colon as if it were why the amount is doubled (the ×2 was
the bomb's). The line says whose card it is and what the counting spared.
"""

from __future__ import annotations

import pytest

from gostop.steps import OpponentStep
from gostop.words import catalog
from gostop.words.settlement import _opponent_line


def _step(counts: str) -> OpponentStep:
    return OpponentStep(opponent=0, base=14, multiplier=2, opponent_multiplier=1, reasons=(), plus=0, amount=28,
                        flex_card="09A", counts_flex_as=counts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("counts", "name", "you", "said"),
    [
        ("junk", "You", True,
         "You pay 14 ×2 = 28 chips: your chrysanthemum animal counted as double junk, which spares you pi-bak 피박."),
        ("junk", "Minji", False,
         "Minji pays 14 ×2 = 28 chips: their chrysanthemum animal counted as double junk, which spares them pi-bak "
         "피박."),
        ("animal", "You", True,
         "You pay 14 ×2 = 28 chips: your chrysanthemum animal counted as an animal, which spares you meong-bak 멍박."),
    ],
)
def test_a_losers_flex_card_is_theirs_and_says_what_it_spared(counts: str, name: str, you: bool, said: str) -> None:
    assert _opponent_line(catalog("en"), _step(counts), name, you, "chips") == said


def test_a_losers_flex_card_in_korean() -> None:
    w = catalog("ko")
    assert _opponent_line(w, _step("junk"), "나", True, "chips") == "나: 14 ×2 = 28칩 냅니다 — 국화 열끗을 쌍피로 계산해 피박을 면함."
    assert _opponent_line(w, _step("animal"), "민지", False, "chips") == (
        "민지: 14 ×2 = 28칩 냅니다 — 국화 열끗을 열끗으로 계산해 멍박을 면함.")
