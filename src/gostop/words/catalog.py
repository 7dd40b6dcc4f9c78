"""Message catalogues: gettext catalogues managed with Babel, one per language.

The English text is the message id (written in :mod:`gostop.words`' renderers); every other
language has a ``locale/LANG/LC_MESSAGES/gostop.po`` catalogue beside this file, extracted and
updated with ``make i18n`` (``pybabel extract`` / ``update``). The ``.po`` file is the source:
it is compiled in memory when first used (no generated binary is committed).

Messages are :meth:`str.format` templates. In Korean, a field may carry a particle as its
format spec, chosen by how the value ends when read aloud (:mod:`gostop.words.particles`):
``{card:을}`` gives ``국진을`` and ``매조 띠를``, ``{name:이}`` ``Bob이``, ``Player2가`` and
``★이(가)``; likewise ``은``/``는``, ``과``/``와`` and ``으로``/``로``. The spec
``sino`` says a number as a Sino-Korean word (``{n:sino}광``: 삼광); the spec ``의`` a
possessive, ``나`` (the person: :mod:`gostop.words.person`) as ``내`` (``{who:의} 피``: ``민지의
피``, ``내 피``).
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
from gostop.words.particles import PARTICLES, particle

__all__ = ["LANGS", "Catalog", "catalog", "particle", "UnknownLanguageError"]

#: The languages the texts for people come in (English is the source language).
LANGS = ("en", "ko")

DOMAIN = "gostop"

_lock = threading.Lock()


class UnknownLanguageError(GostopError, ValueError):
    """A language we have no catalogue for."""


#: Sino-Korean numbers, as players say them in 삼광, 사광, 오광 (format spec ``sino``).
#: The format spec of the possessive (``{who:의}``: 민지의, 내).
POSSESSIVE = "의"

_SINO = {1: "일", 2: "이", 3: "삼", 4: "사", 5: "오", 6: "육", 7: "칠", 8: "팔", 9: "구", 10: "십"}


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in PARTICLES:
            return particle(str(value), format_spec)
        if format_spec == POSSESSIVE:
            return "내" if str(value) == "나" else f"{value}의"
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
