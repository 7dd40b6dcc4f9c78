"""Reading the Textual screen as a player sees it: its rows of text."""

from __future__ import annotations

import re
from typing import Any

from gostop.play.session import Prompt


def run_app(app: Any, size: tuple[int, int], script: Any) -> None:
    """Run ``app`` headless in a terminal of ``size`` (columns, rows) and drive it with the
    coroutine function ``script(pilot)``, once the first screen is up."""
    import asyncio

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def screen_rows(app: Any) -> list[str]:
    """The rows of the screen now, as plain text (what a terminal of that size shows): composed
    as Textual composes a frame, with the screens below a translucent one (a summary over the
    table) showing through."""
    from textual._context import visible_screen_stack

    token = visible_screen_stack.set(app._background_screens)
    try:
        return [strip.text for strip in app.screen._compositor.render_strips()]
    finally:
        visible_screen_stack.reset(token)


async def until_shown(pilot: Any, app: Any, text: str, timeout: float = 15.0) -> list[str]:
    """Pause until ``text`` is on the screen, then its rows: a screen said again in another
    language is composed anew, which on a busy machine takes more than one pause."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        rows = screen_rows(app)
        if text in "\n".join(rows) or time.monotonic() > deadline:
            return rows
        await pilot.pause(0.05)


#: A card code (``03B``, ``10J1``, ``JK2``, ``JK1-6``): a card's face on the board and in the
#: choices, never a word of a sentence.
CARD_CODE = re.compile(r"\b(?:\d\d[BARDJ]\d?|JK[0-9BXP](?:-\d+)?)\b")


async def until_rows(pilot: Any, app: Any, ok: Any, timeout: float = 20.0) -> list[str]:
    """Pause until ``ok(rows)`` holds for the screen's rows (or the time is up), then the rows."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        rows = screen_rows(app)
        if ok(rows) or time.monotonic() > deadline:
            return rows
        await pilot.pause(0.05)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


#: A scroll bar's thumb, drawn in the last column of a scrolled region's rows.
_SCROLL_THUMB = re.compile(r"[\u2581-\u2588\u2594]\s*$")


def page_text(rows: list[str]) -> str:
    """The words of ``rows`` as one line, a scroll bar's thumb at the end of a row left out: it
    stands in its own column beside the text (a sentence wrapped there read ``then ▁ lost``)."""
    return flat(" ".join(_SCROLL_THUMB.sub("", row) for row in rows))


def missing_prompt_lines(app: Any, prompt: Prompt) -> list[str]:
    """The lines of ``prompt`` that are not visible on the screen (empty: all are)."""
    rows = screen_rows(app)
    screen = page_text(rows)
    missing = []
    if flat(prompt.question) not in screen:
        missing.append(prompt.question)
    for line in prompt.info:
        if flat(line) not in screen:
            missing.append(line)
    for c in prompt.choices:
        head = f" {c.key} "
        if c.card is not None:  # a card choice: its key and code on one row (words may be cut)
            if not any(head in row and c.card.code in row for row in rows):
                missing.append(f"[{c.key}] {c.card.code}")
        elif not any(head in row for row in rows) or flat(c.label) not in screen:
            missing.append(f"[{c.key}] {c.label}")
    return missing
