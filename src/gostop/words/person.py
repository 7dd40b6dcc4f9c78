"""The person a text is said to: the seat of a player who gave no name.

A player who typed no name is given a word for "you" as a name: ``You`` in the terminal game
and the server's default, ``you`` or ``나`` on the web page (in the page's language; tables for
people name such a player ``Guest`` instead, so a seat called "you" is only ever the person
reading). The sentences about that seat are said to the person: ``You pay 40 chips``, never
``you pays 40 chips``; the name itself is said in the text's language (``나`` in Korean), with
a capital where it opens a sentence.
"""

from __future__ import annotations

from gostop.words.catalog import catalog

__all__ = ["as_named", "is_you", "said_name"]

#: The names a player without a name of their own is given (compared without case).
YOU_NAMES = frozenset({"you", "나"})


def is_you(name: str | None) -> bool:
    """True when ``name`` is the name of a player who gave none (``You``, ``you``, ``나``):
    the sentences about that seat take the person's forms (English: ``You pay``)."""
    return name is not None and name.strip().casefold() in YOU_NAMES


def said_name(name: str, lang: str = "en", *, start: bool = True) -> str:
    """``name`` as a text in ``lang`` says it: the default name of a player who gave none as
    the word for "you" in ``lang`` (``You`` opening a sentence, ``you`` inside one; ``나``),
    any other name as it is."""
    if not is_you(name):
        return name
    you = catalog(lang).t("You")
    return you if start or lang != "en" else you.lower()


def as_named(name: str, you: str | None) -> str:
    """``name`` in a line said to the player of seat name ``you``: a name taken for the word
    "you" (``You``, ``you``, ``나``) that is not ``you`` is put in quotation marks (``“You”
    pays 40 chips``), so that it is said as a name and never addresses a reader who is not that
    player (a person who typed "You" at a table of people). ``you`` None: the reader is not
    known, and a seat with such a name is the person reading (the terminal game, a table of
    bots); ``""``: a line everybody reads, said to nobody."""
    if you is None or name == you or not is_you(name):
        return name
    return f"\u201c{name}\u201d"
