"""The level gaps the lobby shows ("normal beats easy by ...", issue #18) are the figures of the
ladder in docs/benchmarks.md and the README: one data source, gostop.agents.LEVEL_EDGES (and
LEVEL_EDGES_FEW_DEALS, measured on fewer deals than the 1,000-deal bar)."""

from __future__ import annotations

import re
from pathlib import Path

from gostop.agents import LEVEL_EDGES, LEVEL_EDGES_FEW_DEALS, LEVELS, LevelEdge

ROOT = Path(__file__).resolve().parents[2]
# "| 1 | normal vs easy | 2000 | 41.9% | +5.37 [+4.06, +6.67] |"
PAIR_ROW = re.compile(
    r"^\| (?P<seed>\d+) \| (?P<level>\w+) vs (?P<below>\w+) \| (?P<hands>\d+) \| [\d.]+% \| "
    r"(?P<points>[+-][\d.]+) \[(?P<low>[+-][\d.]+), (?P<high>[+-][\d.]+)\] \|",
    flags=re.M,
)


def _ladder_pairs() -> dict[tuple[int, str, str], tuple[int, float, float, float]]:
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    ladder = text[text.index("### Levels and the ladder"):]
    out = {}
    for m in PAIR_ROW.finditer(ladder):
        key = (int(m["seed"]), m["level"], m["below"])
        out.setdefault(key, (int(m["hands"]) // 2, float(m["points"]), float(m["low"]), float(m["high"])))
    return out


def _check(edge: LevelEdge, pairs: dict[tuple[int, str, str], tuple[int, float, float, float]]) -> None:
    found = pairs.get((edge.seed, edge.level, edge.below))
    assert found is not None, f"docs/benchmarks.md has no ladder row for {edge}"
    assert found == (edge.deals, edge.points, edge.low, edge.high), (edge, found)


def test_every_level_gap_shown_is_a_row_of_the_ladder_table() -> None:
    pairs = _ladder_pairs()
    assert len(pairs) >= 6
    for edge in LEVEL_EDGES + LEVEL_EDGES_FEW_DEALS:
        _check(edge, pairs)
    for edge in LEVEL_EDGES_FEW_DEALS:
        assert edge.deals < 1000 and edge.level in LEVELS and edge.below in LEVELS


def test_every_level_above_the_first_has_a_measured_gap() -> None:
    order = list(LEVELS)
    shown = {e.level: e.below for e in LEVEL_EDGES + LEVEL_EDGES_FEW_DEALS}
    for below, level in zip(order, order[1:], strict=False):
        assert shown.get(level) == below, f"the lobby has no gap for {level} over {below}"


def test_the_readme_reports_the_same_gaps() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for edge in LEVEL_EDGES + LEVEL_EDGES_FEW_DEALS:
        row = f"| {edge.level} over {edge.below} | {edge.points:+.2f} [{edge.low:+.2f}, {edge.high:+.2f}]"
        assert row in readme, row
