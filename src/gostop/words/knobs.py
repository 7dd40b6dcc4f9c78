"""The lobby's words: what each rule a room may change means, and what each preset is, in the
language of the page (``GET /api/presets?lang=ko``).

The English texts are declared once, beside the rules (``Knob.meaning`` and
``PRESET_DESCRIPTIONS`` in :mod:`gostop.rules`); they are the message ids of the catalogue.
:func:`extract` is the Babel extraction method of this file (``babel.cfg``, ``make i18n``): it
adds every knob meaning and preset description to the template beside this file's own
messages, so a new knob without a Korean meaning fails the catalogue test like any message.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

from gostop.rules import KNOBS, PRESET_DESCRIPTIONS
from gostop.words.catalog import catalog

__all__ = ["knob_meaning", "preset_description", "extract"]


def knob_meaning(name: str, lang: str = "en") -> str:
    """What the rule ``name`` means, in ``lang`` (a rule we do not know: its name)."""
    knob = KNOBS.get(name)
    return name if knob is None else catalog(lang).text(knob.meaning)


def preset_description(name: str, lang: str = "en") -> str:
    """What the preset ``name`` is, in ``lang`` ("" for a preset without a description)."""
    english = PRESET_DESCRIPTIONS.get(name, "")
    return catalog(lang).text(english) if english else ""


def messages() -> list[str]:
    """Every English text of this module's catalogue entries, in order."""
    return [k.meaning for k in KNOBS.values()] + [PRESET_DESCRIPTIONS[p] for p in sorted(PRESET_DESCRIPTIONS)]


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Sequence[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method (``gostop.words.knobs:extract``, for this file only): every knob
    meaning and preset description (this file holds no message of its own)."""
    for text in messages():
        yield 0, None, text, []
