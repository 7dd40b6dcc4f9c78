"""Reading the Textual screen as a player sees it: its rows of text."""

from __future__ import annotations

import re
from typing import Any

from gostop.play.session import Prompt


def screen_rows(app: Any) -> list[str]:
    """The rows of the screen now, as plain text (what a terminal of that size shows)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def missing_prompt_lines(app: Any, prompt: Prompt) -> list[str]:
    """The lines of ``prompt`` that are not visible on the screen (empty: all are)."""
    rows = screen_rows(app)
    screen = flat(" ".join(rows))
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
