"""Card and month names for people, in English or in Korean.

The terminal game names a card by its code (``09A``) and words: ``chrysanthemum animal`` in
English (``--lang en``), ``국화 열끗`` in Korean (``--lang ko``; a joker with a junk value says
it: ``조커 2 · 쌍피``), as the web table does: no English left on a Korean screen. September
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


#: What a joker with a printed junk value is worth, in the words Korean players use (JOKER-1).
_JOKER_VALUE_KO = {"1": "피", "2": "쌍피", "3": "쓰리피"}


def card_words(card: Card, lang: str = "en") -> str:
    """A short name for choices: ``plum ribbon``, ``매조 띠`` in Korean, ``조커 2 · 쌍피``."""
    if lang == "ko":
        value = _JOKER_VALUE_KO.get(card.joker_type.value) if card.joker_type is not None else None
        return card_korean(card) + (f" · {value}" if value else "")
    return card.english_name if card.is_joker else card_name(card, "en")
