"""Terminal output of the command line: the rich consoles and tables.

Text that comes from data (card codes, knob values, explanations) is always passed to rich as
:class:`rich.text.Text`, never as markup, so brackets such as ``[2, 9]`` print as they are.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from gostop.rules_doc import knob_value_text

#: The width tables may take when stdout is not a terminal and ``COLUMNS`` is not set (rich
#: would take 80 and cut or wrap what a script reads).
PIPE_WIDTH = 200


def console() -> Console:
    """A console on the current stdout (looked up when printing, so tests can capture it).

    On a terminal, rich wraps text to the terminal's width. Off a terminal (``| grep``,
    ``> file``) a line of text is never broken: it is written whole, as ``typer.echo`` writes it,
    and tables take ``COLUMNS`` columns if it is set, else :data:`PIPE_WIDTH`.
    """
    out = Console(highlight=False, emoji=False)
    if not out.is_terminal:
        out.soft_wrap = True  # no word wrap, no cropping: a sentence or a card list stays on its line
        if not os.environ.get("COLUMNS", "").strip().isdigit():
            out.width = PIPE_WIDTH
    return out


def table(title: str | None, columns: Iterable[str | Column | tuple[str, str]]) -> Table:
    """A table with a title on the left and the given columns.

    A column is a header, a rich :class:`~rich.table.Column`, or ``(header, "right")`` for a
    right-aligned column of numbers.
    """
    cols = [number_column(c[0]) if isinstance(c, tuple) else c for c in columns]
    return Table(*cols, title=title, title_justify="left")


def number_column(header: str) -> Column:
    """A right-aligned column for numbers."""
    return Column(header, justify="right", no_wrap=True)


def name_column(header: str) -> Column:
    """A column of identifiers (knob names, card codes lists...) that is never cut."""
    return Column(header, no_wrap=True)


def interval_column(header: str) -> Column:
    """A right-aligned column of intervals (``[-186.30, +220.30]``): on a narrow terminal it
    wraps at the space (it gives way before the bot names do), and is never cut short."""
    return Column(header, justify="right", overflow="fold")


def bot_column(header: str = "bot") -> Column:
    """A column of bot names (``search:steps=100:infer=0.7``): never cut short with an ellipsis
    -- two bots that differ only at the end must stay apart --; a name too long for the
    terminal is folded onto the next line instead."""
    return Column(header, overflow="fold")


def add_row(t: Table, *cells: Any, style: str | None = None) -> None:
    """Add a row of plain-text cells (no markup interpretation)."""
    t.add_row(*(cell if isinstance(cell, Text) else Text(str(cell)) for cell in cells), style=style)


def value_text(value: Any) -> str:
    """A knob value as shown in tables (``null``, ``true``, ``linear``, ``JK2, JK3``...).

    A long joker list is shortened (``JK1, JK1-2 ... JK1-22 (22)``); ``--toml`` shows it whole.
    """
    return knob_value_text(value, compact=True)
