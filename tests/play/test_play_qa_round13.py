"""QA round 13 of the terminal game: at 80x24 the hand summary's capture lines and a long
seat header wrapped to the margin; a gwangpalli payment doubled after a nagari (X-48) said
only "(compensation)" after a claim of half as much."""

from __future__ import annotations

import random
from dataclasses import replace

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from test_play_qa_round12 import _seat

from gostop.match import Match, Player
from gostop.play.narrate import narrate
from gostop.play.render import CAPTURES_INDENT, Hanging, seat_compact
from gostop.rules import get_preset


def test_an_indented_summary_line_continues_with_a_hanging_indent() -> None:
    caps = " ".join(f"{m:02d}J1" for m in range(1, 13)) + " 01B 03B 08B 11B 12B 09A 02A"
    body = Text(f"Captured cards:\n  Minji: {caps}  [brights 5: 15, junk 12: 3]\n" + "word " * 30)
    console = Console(width=72, record=True)
    console.print(Hanging(body))
    rows = console.export_text().rstrip("\n").split("\n")
    assert all(len(r) <= 72 for r in rows), rows
    capture_rows = rows[1:rows.index(next(r for r in rows if r.startswith("word")))]
    assert len(capture_rows) >= 2, rows
    assert capture_rows[0].startswith("  Minji: ")
    for row in capture_rows[1:]:  # never back at the margin
        assert row.startswith("    ") and not row.startswith("     "), rows
    assert rows[-1].startswith("word")  # prose continues at the margin


def test_a_long_seat_header_breaks_between_its_parts_with_a_hanging_indent() -> None:
    seat = _seat("ko")
    seat = replace(seat, name="아주아주긴이름을가진플레이어님", goes=3, shakes=(1, 2, 3), bombs=2, ppuk=2, skips=1,
                   to_move=True)
    rows = seat_compact(seat, 7, "chips", width=60).plain.split("\n")
    first_capture_row = next(i for i, r in enumerate(rows) if r.startswith("  ") and not r.startswith("   "))
    header = rows[:first_capture_row]
    assert len(header) >= 2, rows
    for row in header:
        assert cell_len(row) <= 60, rows
        assert not row.endswith(("0/", "점수")), rows  # a part kept whole
    for row in header[1:]:
        assert row.startswith(" " * CAPTURES_INDENT) and not row.startswith(" " * (CAPTURES_INDENT + 1)), rows


def _claim_then_nagari_lines() -> list[str]:
    rules = get_preset("pagat").with_overrides({"compensation_timing": "end_by_losers", "match_hands": 4})
    m = Match(rules, [Player(n) for n in ["You", "Minji", "Hoon", "Sora"]], 25)  # a claim waits through a nagari
    rng = random.Random(25)
    events = list(m.start_events)
    while not m.is_over:
        events += m.apply(rng.choice(m.legal_actions()))
    claimed: dict[int, int] = {}
    seats: tuple[int, ...] = ()
    out = []
    for ev in events:
        if ev.type == "hand-start":
            seats = tuple(ev.data.get("seats", ()))
        if ev.type in ("claim", "compensation"):
            line = narrate(ev, lambda s: "-" if s is None else m.names[s], seats, 0, "en", rules, claimed)
            assert line is not None
            out.append(line.text)
    return out


def test_a_compensation_doubled_after_a_nagari_says_so() -> None:
    lines = _claim_then_nagari_lines()
    assert "Sora claims compensation for chrysanthemum animal: 4 chips from each payer." in lines, lines
    assert "Hoon pays Sora 8 chips (compensation: 4 chips doubled, it waited through a nagari)." in lines, lines
    assert "You pay Sora 8 chips (compensation: 4 chips doubled, it waited through a nagari)." in lines, lines
