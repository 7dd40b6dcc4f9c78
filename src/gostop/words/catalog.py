"""Message catalogues: gettext catalogues managed with Babel, one per language.

The English text is the message id (written in :mod:`gostop.words`' renderers); every other
language has a ``locale/LANG/LC_MESSAGES/gostop.po`` catalogue beside this file, extracted and
updated with ``make i18n`` (``pybabel extract`` / ``update``). The ``.po`` file is the source:
it is compiled in memory when first used (no generated binary is committed).

Messages are :meth:`str.format` templates. In Korean, a field may carry a particle as its
format spec, chosen by the last syllable of the value: ``{card:을}`` gives ``국진을`` and
``매조 띠를``; likewise ``이``/``가``, ``은``/``는``, ``과``/``와`` and ``으로``/``로``. The spec
``sino`` says a number as a Sino-Korean word (``{n:sino}광``: 삼광).
"""

from __future__ import annotations

import gettext
import io
import string
import threading
from functools import cache
from importlib import resources
from typing import Any

from gostop.errors import GostopError

__all__ = ["LANGS", "Catalog", "catalog", "particle", "UnknownLanguageError"]

#: The languages the texts for people come in (English is the source language).
LANGS = ("en", "ko")

DOMAIN = "gostop"

_lock = threading.Lock()


class UnknownLanguageError(GostopError, ValueError):
    """A language we have no catalogue for."""


# -- Korean particles -------------------------------------------------------------------------

#: Particle pairs: (after a final consonant, after a vowel).
_PARTICLES: dict[str, tuple[str, str]] = {}
for _pair in (("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로")):
    for _p in _pair:
        _PARTICLES[_p] = _pair


_DIGIT_FINALS = {
    "0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0
}


def _final_consonant(word: str) -> int | None:
    """The final consonant index of the last syllable of ``word`` (0: none), None when the
    word does not end in a Hangul syllable (a digit is read as its Sino-Korean name)."""
    word = word.rstrip(" )")
    if not word:
        return None
    last = word[-1]
    if last.isdigit():  # read as 영 일 이 삼 사 오 육 칠 팔 구
        return _DIGIT_FINALS[last]
    code = ord(last)
    if 0xAC00 <= code <= 0xD7A3:
        return (code - 0xAC00) % 28
    return None


def particle(word: str, spec: str) -> str:
    """``word`` followed by the right form of the particle ``spec`` (any form of its pair)."""
    pair = _PARTICLES[spec]
    final = _final_consonant(word)
    if pair[0] == "으로":
        use = pair[0] if final and final != 8 else pair[1]  # ㄹ takes 로
    else:
        use = pair[0] if final else pair[1]
    return word + use


#: Sino-Korean numbers, as players say them in 삼광, 사광, 오광 (format spec ``sino``).
_SINO = {1: "일", 2: "이", 3: "삼", 4: "사", 5: "오", 6: "육", 7: "칠", 8: "팔", 9: "구", 10: "십"}


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _PARTICLES:
            return particle(str(value), format_spec)
        if format_spec == "sino":
            return _SINO.get(value, str(value)) if isinstance(value, int) else str(value)
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


# -- catalogues -------------------------------------------------------------------------------


class Catalog:
    """The messages of one language: :meth:`t` for a text, :meth:`n` for one with a count."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._tr = translations

    def t(self, message: str, /, **fields: Any) -> str:
        """The text of ``message`` in this language, its fields filled in."""
        return _FORMATTER.format(self._tr.gettext(message), **fields)

    def text(self, message: str, /) -> str:
        """The text of ``message`` in this language, as it is (no fields: a text declared
        elsewhere, such as a rule's meaning, may hold any character)."""
        return self._tr.gettext(message)

    def n(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        """The text for ``count`` (singular or plural, as the language has it); ``{n}`` is
        the count."""
        return _FORMATTER.format(self._tr.ngettext(singular, plural, count), n=count, **fields)


def po_path(lang: str) -> resources.abc.Traversable:
    """The ``.po`` catalogue of ``lang``."""
    return resources.files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang`` (``"en"`` or ``"ko"``)."""
    if lang not in LANGS:
        raise UnknownLanguageError(f"language must be one of {', '.join(LANGS)}, got {lang!r}")
    if lang == "en":
        return Catalog(lang, gettext.NullTranslations())
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with _lock, po_path(lang).open("rb") as f:
        po = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, po, use_fuzzy=False)
    buf.seek(0)
    return Catalog(lang, gettext.GNUTranslations(buf))
