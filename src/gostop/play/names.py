"""Card and month names for people, in English or in Korean with the English.

The terminal game names a card by its code (``09A``) and words: ``chrysanthemum animal`` in
English (``--lang en``), ``국화 열끗 · chrysanthemum animal`` in Korean (``--lang ko``). September
is 국화 (gukhwa, chrysanthemum); 국진 (gukjin) is only the nickname of its animal card, the
sake cup 09A.
"""

from __future__ import annotations

from gostop.cards import Card
from gostop.words.cards import card_name, month_name

__all__ = ["LANGS", "LEVEL_NAMES", "month_korean", "card_korean", "card_words", "NICKNAMES"]

#: The languages of card names.
LANGS = ("en", "ko")
#: Bot levels offered to people, easiest first: the keys of gostop.agents.LEVELS (kept here, and
#: checked equal by a test, so that ``gostop play
#: --help`` names them without loading the bots).
LEVEL_NAMES = ("easy", "normal", "instinct", "hard")

#: Cards known by a nickname of their own.
NICKNAMES = {"09A": "국진 (gukjin), the sake cup"}

def month_korean(month: int) -> str:
    """The month's flower in hangul (``9`` -> ``국화``)."""
    return month_name(month, "ko")


def card_korean(card: Card) -> str:
    """The card's Korean name (``09J1`` -> ``국화 피``; jokers keep their own name)."""
    return card_name(card, "ko")


def card_words(card: Card, lang: str = "en") -> str:
    """A short name for choices: ``plum ribbon``, or ``매조 띠 · plum ribbon`` in Korean."""
    english = card.english_name if card.is_joker else card_name(card, "en")
    if lang == "ko":
        return f"{card_korean(card)} · {english}"
    return english
