"""The table's texts for people (kept for the faces that import them from here).

Everything here is said by :mod:`gostop.words` from typed facts, through the message catalogue
of the language; this module only re-exports it under the names the games have used.
"""

from __future__ import annotations

from gostop.words import (
    LANGS,
    go_warnings_text,
    item_name,
    score_item_lines,
    settlement_lines,
    stamp_text,
    where_text,
)
from gostop.words import card_name as card_words

__all__ = [
    "settlement_lines",
    "LANGS",
    "item_name",
    "score_item_lines",
    "go_warnings_text",
    "stamp_text",
    "where_text",
    "card_words",
]
