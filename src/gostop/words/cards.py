"""Card and month names for people: the one source of every card name we show.

A card is named by its month's flower and its kind: ``plum ribbon`` / ``매조 띠``; a joker by
its own name (``two-junk joker`` / ``조커 2``). The browser's names (``web/cards/names.json``)
are generated from here (:func:`names_table`; ``gostop docs names``), and a test keeps them
equal.
"""

from __future__ import annotations

from collections.abc import Iterable

from gostop.cards import MONTH_NAMES, Card, Kind, deck_cards, parse_card
from gostop.words.catalog import catalog

__all__ = ["card_name", "card_long_name", "cards_said", "month_name", "names_table"]

_KIND_KO = {
    Kind.BRIGHT: "광",
    Kind.ANIMAL: "열끗",
    Kind.RIBBON: "띠",
    Kind.JUNK: "피",
    Kind.DOUBLE_JUNK: "쌍피",
}


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def month_name(month: int, lang: str = "en") -> str:
    """The month's flower: ``chrysanthemum`` / ``국화``."""
    english, korean, _abbr = MONTH_NAMES[month]
    return korean if lang == "ko" else english


def card_name(card: Card | str, lang: str = "en") -> str:
    """The short name of a card in ``lang``: ``plum ribbon``, ``매조 띠``, ``조커 2`` (every copy
    of a joker: JK2-2 too)."""
    c = _card(card)
    catalog(lang)  # checks the language
    if c.is_joker:  # a second copy (JK2-2: Matgo plays two JK2) is the same card, named alike:
        # its number is the engine's ("조커 2-2" read as a score, "#2" as a second kind)
        base = parse_card(c.code.split("-")[0])
        return base.korean_name if lang == "ko" else base.english_name
    if lang == "ko":
        return f"{month_name(c.month, 'ko')} {_KIND_KO[c.kind]}"
    return f"{month_name(c.month)} {c.kind.english}"


def _base(code: str) -> str:
    """The card a copy is of: ``JK1-2`` -> ``JK1`` (another code stays as it is)."""
    return code.split("-")[0] if code.startswith("JK") else code


def cards_said(cards: Iterable[Card | str], lang: str = "en") -> str:
    """Cards named in a list, in order, separated by commas (``iris ribbon, iris junk``); cards
    of one name said once with their count: the copies of one card (a deck's three ``JK1``: JK1,
    JK1-2, JK1-3: ``one-junk joker ×3``, ``조커 1 ×3``, never ``조커 1, 조커 1, 조커 1``) and
    two cards a player cannot tell apart (a month's two junk: ``bush clover junk ×2``, ``흑싸리
    피 ×2``, never ``흑싸리 피, 흑싸리 피``). A word that is no card code stays as it is. Empty
    for no cards."""
    w = catalog(lang)
    counts: dict[str, int] = {}
    order: list[str] = []
    words: list[str] = []
    for card in cards:
        code = card.code if isinstance(card, Card) else str(card)
        try:
            name = card_name(_base(code), lang)
        except ValueError:  # a word, not a card
            words.append(code)
            order.append("")
            continue
        if name not in counts:
            order.append(name)
            counts[name] = 0
        counts[name] += 1
    names = []
    plain = iter(words)
    for name in order:
        if not name:
            names.append(next(plain))
            continue
        names.append(name if counts[name] == 1 else w.t("{card} ×{n}", card=name, n=counts[name]))
    return w.t(", ").join(names)


def card_long_name(card: Card | str, lang: str = "en") -> str:
    """The name with the month and the picture, for guides and screen readers:
    ``January bright, crane and sun`` / ``1월 광, 송학``."""
    c = _card(card)
    if c.is_joker:
        assert c.joker_type is not None
        return c.korean_name if lang == "ko" else f"Joker, {c.joker_type.english}"
    if lang == "ko":
        return f"{c.month}월 {c.kind.korean}, {month_name(c.month, 'ko')}"
    month = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")[c.month - 1]
    return f"{month} {c.kind.english}, {c.picture}"


def names_table() -> dict[str, dict[str, str]]:
    """Every card of the 48-card deck and the jokers: ``{code: {"en", "ko", "en_long",
    "ko_long"}}``, the browser's card names."""
    cards = list(deck_cards(()))
    for code in ("JK1", "JK2", "JK3", "JKB", "JKX", "JKP"):
        cards.append(parse_card(code))
    return {
        c.code: {
            "en": card_name(c, "en"),
            "ko": card_name(c, "ko"),
            "en_long": card_long_name(c, "en"),
            "ko_long": card_long_name(c, "ko"),
        }
        for c in cards
    }
