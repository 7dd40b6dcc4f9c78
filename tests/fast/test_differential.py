"""The fast engine plays the same game as the reference engine, bit for bit.

Every seeded hand is played on both engines with the same random choices (index
``rng.randrange(len(legal))`` with ``rng = random.Random(seed)``); the action lists, the events
(type, seat and cards) and the results (winner, points, chips, ...) must be identical. A
difference fails and names the preset, the player count and the seed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gostop.engine.check import VARIANTS  # noqa: E402
from gostop.fast import UnsupportedRulesError, check_supported  # noqa: E402
from gostop.fast.differential import first_difference  # noqa: E402
from gostop.rules import PRESETS, RulesError  # noqa: E402

#: The presets the fast engine covers (goo-stupe's 22 jokers do not fit its 63-bit card masks).
COVERED = ("pagat", "pagat-classic", "fuda-wiki", "blog")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("preset", COVERED)
def test_presets_identical(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    for seed in range(400):
        diff = first_difference(rules, players, seed, nagari_before=seed % 3)
        assert diff is None, diff


def _variant_cases() -> list[tuple[str, int]]:
    out = []
    for preset in PRESETS:
        for v, over in enumerate(VARIANTS):
            try:
                rules = PRESETS[preset].with_overrides(over)
            except RulesError:
                continue
            try:
                check_supported(rules)
            except UnsupportedRulesError:
                continue
            out.append((preset, v))
    return out


@pytest.mark.parametrize(("preset", "variant"), _variant_cases())
def test_knob_variants_identical(preset: str, variant: int) -> None:
    rules = PRESETS[preset].with_overrides(VARIANTS[variant])
    for players in (2, 3):
        for seed in range(12):
            diff = first_difference(rules, players, 1000 + seed)
            assert diff is None, f"variant {variant} {VARIANTS[variant]}: {diff}"


def test_goo_stupe_refused_naming_the_knob() -> None:
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        check_supported(PRESETS["goo-stupe"])
