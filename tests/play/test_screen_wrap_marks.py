"""A choice that wraps keeps each of its markers whole, in English as in Korean.

On a wide screen (160x50) a card choice is shown in full and wraps in its column; in English the
wrap split a marker of several words over two rows (``<feeds Minji (junk value`` / ``10)>``),
where the Korean screen already kept every marker on one row. The marker is the warning
(feeding an opponent's set, LIAB-4 oe-myeon): it must read as one piece.
"""

from __future__ import annotations

import asyncio
import re

from screen import screen_rows
from textual.pilot import Pilot

from gostop.cards import parse_card
from gostop.play.app import ChoiceItem, GoStopApp
from gostop.play.session import Choice, Settings
from gostop.play.store import Store

#: A marker opened and not closed on its row.
TORN = re.compile(r"<[a-z+][^<>]*$")


def _choice() -> Choice:
    return Choice(
        key="1", label="cherry junk", action="play 03J1", detail="no match: stays on the table",
        card=parse_card("03J1"), marks=("feeds Minji (junk value 10)", "oe-myeon risk"),
    )


def test_a_wrapped_english_choice_keeps_its_markers_whole() -> None:
    item = ChoiceItem(_choice(), lang="en")
    for width in range(34, 90):  # from the marker's width and the indent up
        lines = item._hanging(width).plain.split("\n")
        for line in lines:
            assert not TORN.search(line), (width, lines)
            assert len(line) <= width, (width, lines)
        assert "<feeds Minji (junk value 10)>" in lines[-1] or "<feeds Minji (junk value 10)>" in lines[-2], lines
        assert item.rows(width) == len(lines)


def test_a_marker_wider_than_the_column_still_wraps() -> None:
    item = ChoiceItem(_choice(), lang="en")

    async def main() -> None:
        from textual.app import App, ComposeResult

        class One(App[None]):
            def compose(self) -> ComposeResult:
                yield item

        async with One().run_test(size=(20, 10)) as pilot:
            await pilot.pause()
            lines = item._hanging(16).plain.split("\n")
            assert all(len(line) <= 16 for line in lines), lines

    asyncio.run(main())


def test_choices_at_160x50_have_no_torn_marker(store: Store) -> None:
    # Matgo, seed 1: the first hand offers junk that feeds the bot's junk count
    app = GoStopApp(store, Settings(players=2, preset="matgo", seed=1, level="easy", hands=1), setup=False,
                    bot_delay=0)
    seen = 0

    async def script(pilot: Pilot[int]) -> None:
        nonlocal seen
        for _ in range(12):
            session = app.session
            assert session is not None
            prompt = session.prompt()
            if prompt is None:
                break
            rows = screen_rows(app)
            for row in rows:
                assert not TORN.search(row.rstrip()), "\n".join(rows)
            seen += any(c.marks for c in prompt.choices)
            card = next((c for c in prompt.choices if c.card is not None and "captures" not in c.marks), prompt.choices[0])
            await pilot.press(card.key)
            await pilot.pause()

    async def main() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())
    assert seen
