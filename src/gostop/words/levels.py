"""What a bot level is worth, in words: the measured gap of each level over the level below
(:data:`gostop.agents.LEVEL_EDGES`, the ladder of docs/benchmarks.md), said in English or
Korean for the terminal game's setup (the web lobby says the same facts, in its own words
catalogue: ``levelGapLong`` of ``js/i18n.js``)."""

from __future__ import annotations

from gostop.agents import LEVEL_EDGES, LEVEL_EDGES_FEW_DEALS, level_name
from gostop.words.catalog import catalog

__all__ = ["level_gap_line"]


def _signed(x: float) -> str:
    return f"{x:+.1f}"


def level_gap_line(level: str, lang: str = "en") -> str:
    """One line about ``level``: by how many points a hand it beats the level below, with the
    95 % interval and the number of duplicate deals measured (2 players); for a level with no
    measured level below (the easiest), that it is the easiest; '' for a level the ladder does
    not know (a bot spec typed by hand)."""
    w = catalog(lang)
    name = level_name(level, w.lang)
    for few, edges in ((False, LEVEL_EDGES), (True, LEVEL_EDGES_FEW_DEALS)):
        for e in edges:
            if e.level == level:
                line = w.t("{level} beats {below} by {points} points a hand on average (95 %: {low} to {high};"
                           " {deals} duplicate deals, 2 players).", level=name, below=level_name(e.below, w.lang),
                           points=_signed(e.points), low=_signed(e.low), high=_signed(e.high), deals=f"{e.deals:,}")
                if few:
                    line += " " + w.t("(Fewer deals than our bar of 1,000.)")
                return line
    if any(e.below == level for e in LEVEL_EDGES + LEVEL_EDGES_FEW_DEALS):
        return w.t("{level}: the easiest level.", level=name)
    return ""
