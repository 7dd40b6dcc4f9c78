"""QA round 12 of the terminal game: at 80x24 a long capture row was wrapped by the terminal
wherever a space fell, inside its label (``... Ribbons: 02R 05R 06R 07R 04R Junk`` / ``6: 05J1
06J1 ...``), and its next rows began at the margin. The row now breaks between cards, a label
kept with its first card, and its next rows are indented."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from rich.console import Console
from screen import missing_prompt_lines, screen_rows

from gostop.cards import parse_card
from gostop.play.app import GoStopApp
from gostop.play.render import CAPTURES_INDENT, seat_compact
from gostop.play.session import Settings
from gostop.play.store import Store
from gostop.play.view import SeatView

WIDTH = 78  # the table's column of an 80-column screen, inside its padding

#: A row of a capture area that a wrap tore: it ends on a label, or begins with a label's tail.
TORN = re.compile(r"(Brights|Animals|Ribbons|Junk|광|열끗|띠|피)\s*$|^\s*\d+(\s\S+)?:")


def _seat(lang: str = "en") -> SeatView:
    def cards(*codes: str) -> tuple:  # type: ignore[type-arg]
        return tuple(parse_card(c) for c in codes)

    junk = cards("05J1", "06J1", "07J1", "07J2", "10J1", "11J2")
    return SeatView(table_seat=2, name="Hoon" if lang == "en" else "훈", you=False, dealer=True, to_move=False,
                    level="easy", hand_size=1, shown=(), brights=cards("01B", "11B"),
                    animals=cards("02A", "07A", "10A", "05A"), ribbons=cards("02R", "05R", "06R", "07R", "04R"),
                    junk=junk, others=(), junk_value=len(junk), junk_with_flex=None, points=0, items=(), goes=0,
                    shakes=(), bombs=0, ppuk=0, skips=0, stamps=(), near=(), chips=0, lang=lang)


def _rows(lang: str) -> list[str]:
    """The capture rows of the seat as a ``WIDTH``-cell column shows them."""
    text = seat_compact(_seat(lang), 3, "chips", width=WIDTH)
    return [line.plain.rstrip() for line in text.wrap(Console(width=WIDTH), WIDTH)][1:-1]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_long_capture_row_breaks_between_cards_with_a_hanging_indent(lang: str) -> None:
    rows = _rows(lang)
    assert len(rows) == 2, rows  # as many rows as the terminal's wrap took: the 24-row fit holds
    assert rows[0].startswith("  ") and not rows[0].startswith("   "), rows
    assert rows[1].startswith(" " * CAPTURES_INDENT) and not rows[1].startswith(" " * (CAPTURES_INDENT + 1)), rows
    for row in rows:
        assert not TORN.search(row), row
    label = "Junk 6: 05J1" if lang == "en" else "피 6: 05J1"
    assert any(label in row for row in rows), rows  # a label with its first card, on one row
    unwrapped = seat_compact(_seat(lang), 3, "chips").plain.split("\n")[1]
    assert " ".join(" ".join(rows).split()) == " ".join(unwrapped.split())  # the same words, in order


def test_a_short_capture_row_stays_one_row() -> None:
    seat = replace(_seat(), animals=(), ribbons=())
    short = seat_compact(seat, 3, "chips", width=WIDTH).plain
    assert short == seat_compact(seat, 3, "chips").plain and short.count("\n") == 2


#: A row that goes on with a capture row's cards (or a torn label's tail).
GOES_ON = re.compile(r"^\s+(\d\d[BARDJ]\d?|JK\S*)( |$)|^\s*\d+(\s\S+)?:")


def test_the_80x24_screen_indents_a_long_capture_row(tmp_path: Path) -> None:
    """3 players, seed 1: after a few turns Minji's and Hoon's captures take two rows each; the
    second is indented past the first's label, and the question still shows whole (the 24-row
    fit)."""
    app = GoStopApp(Store(tmp_path), Settings(seed=1, players=3, level="easy", hands=1), setup=False)
    seen: list[list[str]] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause(0.1)
                s = app.session
                if s is None:
                    continue
                if s.over or s.summaries:
                    return
                if s.pending:
                    await pilot.press("enter")
                    continue
                prompt = s.prompt()
                if prompt is None:
                    continue
                rows = screen_rows(app)
                if any(r.startswith("   Brights:") and GOES_ON.match(n) for r, n in pairwise(rows)):
                    assert missing_prompt_lines(app, prompt) == [], rows
                    seen.append(rows)
                await pilot.press(prompt.choices[0].key)

    asyncio.run(main())
    assert seen, "no long capture row was shown"
    for rows in seen:
        assert len(rows) == 24
        for row, nxt in pairwise(rows):
            if row.startswith("   Brights:"):
                assert not TORN.search(row.rstrip()), rows
                if GOES_ON.match(nxt):  # inside the padding, indented past the label
                    assert nxt.startswith(" " * (1 + CAPTURES_INDENT)) and not TORN.search(nxt), rows
