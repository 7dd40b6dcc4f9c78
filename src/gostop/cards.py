"""Hwatu cards: codes, months, kinds and special roles (RULES.md section 1).

Every card has a stable text *code* (the contract of RULES.md 1.1):

* month cards: two-digit month ``01``..``12`` (Korean month order) + kind letter
  ``B`` bright, ``A`` animal, ``R`` ribbon, ``D`` double junk, ``J1``/``J2`` junk;
* jokers: ``JK`` + type (``1 2 3 B X P``) + optional copy suffix ``-n`` (n = 2..99).

The 48 month cards have fixed small-int indices 0..47 (month-major, in the order of the
RULES.md 1.2 table), so card sets can be bitmasks. Jokers have no fixed index; a deck
(see :func:`deck_cards`) places them after the month cards.

>>> c = parse_card("09A")
>>> (c.month, c.kind.name, c.index)
(9, 'ANIMAL', 32)
>>> format_card(c)
'09A'
>>> parse_card("sake-cup") == c
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gostop.errors import GostopError

__all__ = [
    "Kind",
    "JokerType",
    "MAX_JOKER_COPIES",
    "Card",
    "CardCodeError",
    "MONTH_CARDS",
    "MONTH_NAMES",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
    "is_valid_code",
    "card_aliases",
    "deck_cards",
    "BRIGHTS",
    "GODORI_BIRDS",
    "FOUR_BIRDS",
    "HONG_DAN",
    "CHEONG_DAN",
    "CHO_DAN",
    "RAIN_BRIGHT",
    "RAIN_BIRD",
    "VIP_CARDS",
    "PALSSARI_CARDS",
]


class Kind(enum.IntEnum):
    """Printed kind of a card. Double junk is a junk-kind card worth 2 by default."""

    BRIGHT = 0
    ANIMAL = 1
    RIBBON = 2
    JUNK = 3
    DOUBLE_JUNK = 4
    JOKER = 5

    @property
    def letter(self) -> str:
        return "BARJDK"[self.value]

    @property
    def english(self) -> str:
        return ("bright", "animal", "ribbon", "junk", "double junk", "joker")[self.value]

    @property
    def korean(self) -> str:
        return ("광", "열끗", "띠", "피", "쌍피", "조커")[self.value]


class JokerType(enum.Enum):
    """Joker types of RULES.md 1.3."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    BOSS = "B"
    DOUBLE = "X"
    PROTECT = "P"

    @property
    def printed_junk_value(self) -> int:
        """Junk value printed on the joker (before ``uniform_joker_value``)."""
        return {"1": 1, "2": 2, "3": 3}.get(self.value, 0)

    @property
    def english(self) -> str:
        return {
            "1": "one-junk joker",
            "2": "two-junk joker",
            "3": "three-junk joker",
            "B": "boss-junk joker",
            "X": "double joker",
            "P": "bright-protection joker",
        }[self.value]


#: The Korean names of the jokers without a printed junk value (the others: ``조커 1``..``조커 3``).
_JOKER_KO = {"B": "보스 조커", "X": "두 배 조커", "P": "광 지킴 조커"}


class CardCodeError(GostopError, ValueError):
    """A card code (or friendly name) that does not name a card."""


# Month flowers: (English, Korean, short English month name).
MONTH_NAMES: dict[int, tuple[str, str, str]] = {
    1: ("pine", "송학", "jan"),
    2: ("plum", "매조", "feb"),
    3: ("cherry", "벚꽃", "mar"),
    4: ("wisteria", "흑싸리", "apr"),
    5: ("iris", "난초", "may"),
    6: ("peony", "모란", "jun"),
    7: ("bush clover", "홍싸리", "jul"),
    8: ("pampas grass", "공산", "aug"),
    9: ("chrysanthemum", "국화", "sep"),
    10: ("maple", "단풍", "oct"),
    11: ("paulownia", "오동", "nov"),
    12: ("willow / rain", "비", "dec"),
}

# The RULES.md 1.2 table, in index order: per month the codes and the picture.
_MONTH_TABLE: tuple[tuple[str, str], ...] = (
    ("01B", "crane and sun"),
    ("01R", "red poem ribbon"),
    ("01J1", "pine"),
    ("01J2", "pine"),
    ("02A", "bush warbler"),
    ("02R", "red poem ribbon"),
    ("02J1", "plum blossom"),
    ("02J2", "plum blossom"),
    ("03B", "curtain"),
    ("03R", "red poem ribbon"),
    ("03J1", "cherry blossom"),
    ("03J2", "cherry blossom"),
    ("04A", "cuckoo"),
    ("04R", "red ribbon"),
    ("04J1", "wisteria"),
    ("04J2", "wisteria"),
    ("05A", "iris and bridge"),
    ("05R", "red ribbon"),
    ("05J1", "iris"),
    ("05J2", "iris"),
    ("06A", "butterflies"),
    ("06R", "blue ribbon"),
    ("06J1", "peony"),
    ("06J2", "peony"),
    ("07A", "boar"),
    ("07R", "red ribbon"),
    ("07J1", "bush clover"),
    ("07J2", "bush clover"),
    ("08B", "full moon"),
    ("08A", "geese"),
    ("08J1", "pampas grass"),
    ("08J2", "pampas grass"),
    ("09A", "sake cup"),
    ("09R", "blue ribbon"),
    ("09J1", "chrysanthemum"),
    ("09J2", "chrysanthemum"),
    ("10A", "deer"),
    ("10R", "blue ribbon"),
    ("10J1", "maple"),
    ("10J2", "maple"),
    ("11B", "phoenix"),
    ("11D", "coloured paulownia"),
    ("11J1", "paulownia"),
    ("11J2", "paulownia"),
    ("12B", "rain man"),
    ("12A", "swallow"),
    ("12R", "ribbon"),
    ("12D", "lightning"),
)

_KIND_BY_LETTER = {
    "B": Kind.BRIGHT,
    "A": Kind.ANIMAL,
    "R": Kind.RIBBON,
    "J": Kind.JUNK,
    "D": Kind.DOUBLE_JUNK,
}

MONTH_CARD_RE = re.compile(r"^(0[1-9]|1[0-2])(B|A|R|D|J[12])$")
JOKER_RE = re.compile(r"^JK([123BXP])(?:-([2-9]|[1-9][0-9]))?$")
#: Most copies of one joker type a deck may hold (``JK1`` .. ``JK1-99``: the copy suffix of JOKER_RE).
MAX_JOKER_COPIES = 99
VALID_FORMS = (
    "a month card 01..12 + B/A/R/D/J1/J2 (e.g. 01B, 09A, 11D, 12J2) "
    "or a joker JK1/JK2/JK3/JKB/JKX/JKP with an optional copy suffix -2..-99 (e.g. JK1-2)"
)


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Compare and hash by code; order by :attr:`sort_key`.

    ``index`` is 0..47 for month cards and ``None`` for jokers; ``month`` is 0 for jokers.
    """

    code: str
    month: int
    kind: Kind
    index: int | None
    joker_type: JokerType | None = None
    copy: int = 1
    picture: str = ""

    @property
    def is_joker(self) -> bool:
        return self.joker_type is not None

    @property
    def sort_key(self) -> tuple[int, int, int, str]:
        if self.index is not None:
            return (0, self.index, 0, "")
        assert self.joker_type is not None
        return (1, "123BXP".index(self.joker_type.value), self.copy, self.code)

    @property
    def english_name(self) -> str:
        """Display name, e.g. ``"Pine bright (crane and sun)"``."""
        if self.joker_type is not None:
            name = self.joker_type.english
            return name if self.copy == 1 else f"{name} #{self.copy}"
        flower = MONTH_NAMES[self.month][0]
        return f"{flower.capitalize()} {self.kind.english} ({self.picture})"

    @property
    def korean_name(self) -> str:
        """Korean display name, e.g. ``"송학 광"``."""
        if self.joker_type is not None:
            name = _JOKER_KO.get(self.joker_type.value, f"조커 {self.joker_type.value}")
            return name + ("" if self.copy == 1 else f"-{self.copy}")
        return f"{MONTH_NAMES[self.month][1]} {self.kind.korean}"

    @property
    def roles(self) -> tuple[str, ...]:
        """Special roles of RULES.md 1.2 (independent of the rules knobs)."""
        return _ROLES.get(self.code, ())

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key


def _make_month_card(index: int, code: str, picture: str) -> Card:
    month = int(code[:2])
    return Card(code=code, month=month, kind=_KIND_BY_LETTER[code[2]], index=index, picture=picture)


MONTH_CARDS: tuple[Card, ...] = tuple(
    _make_month_card(i, code, pic) for i, (code, pic) in enumerate(_MONTH_TABLE)
)
_BY_CODE: dict[str, Card] = {c.code: c for c in MONTH_CARDS}

BRIGHTS = frozenset({"01B", "03B", "08B", "11B", "12B"})
RAIN_BRIGHT = "12B"
RAIN_BIRD = "12A"
GODORI_BIRDS = frozenset({"02A", "04A", "08A"})
FOUR_BIRDS = frozenset({"02A", "04A", "08A", "12A"})
HONG_DAN = frozenset({"01R", "02R", "03R"})
CHEONG_DAN = frozenset({"06R", "09R", "10R"})
CHO_DAN = frozenset({"04R", "05R", "07R"})
VIP_CARDS = frozenset({"09A", "11D", "12D"})
PALSSARI_CARDS = frozenset({"04A", "04R", "04J1", "04J2", "07A", "07R", "07J1", "07J2"})

_ROLES: dict[str, tuple[str, ...]] = {}


def _add_role(codes: Iterable[str], role: str) -> None:
    for code in codes:
        _ROLES[code] = (*_ROLES.get(code, ()), role)


_add_role(sorted(BRIGHTS), "bright")
_add_role(["12B"], "rain bright")
_add_role(sorted(GODORI_BIRDS), "godori bird")
_add_role(["12A"], "rain bird (fourth bird under four_birds)")
_add_role(sorted(HONG_DAN), "hong-dan")
_add_role(sorted(CHEONG_DAN), "cheong-dan")
_add_role(sorted(CHO_DAN), "cho-dan")
_add_role(["09A"], "flex card (sake cup: animal or double junk)")
_add_role(["05A"], "flex card under flex_card = 05A")
_add_role(["11D", "12D"], "double junk")
_add_role(sorted(VIP_CARDS), "VIP card (vip_bonus)")
_add_role(sorted(PALSSARI_CARDS), "palssari card (palssari_bonus)")
_add_role(["07A"], "the boar")

_JOKER_CACHE: dict[str, Card] = {}


def _aliases() -> dict[str, str]:
    kinds = {"B": "bright", "A": "animal", "R": "ribbon", "D": "double"}
    out: dict[str, str] = {}
    for card in MONTH_CARDS:
        for mon in (MONTH_NAMES[card.month][2], f"{card.month:02d}", str(card.month)):
            if card.kind == Kind.JUNK:
                n = card.code[-1]
                out[f"{mon}-junk{n}"] = card.code
                out[f"{mon}-junk-{n}"] = card.code
                if n == "1":
                    out[f"{mon}-junk"] = card.code
            else:
                out[f"{mon}-{kinds[card.code[2]]}"] = card.code
                if card.kind == Kind.DOUBLE_JUNK:
                    out[f"{mon}-double-junk"] = card.code
    out.update(
        {
            "rain-bright": "12B",
            "rain-man": "12B",
            "sake-cup": "09A",
            "sake": "09A",
            "lightning": "12D",
            "boar": "07A",
            "crane": "01B",
            "moon": "08B",
            "phoenix": "11B",
            "curtain": "03B",
            "deer": "10A",
            "swallow": "12A",
        }
    )
    return out


_ALIASES = _aliases()


def card_aliases() -> dict[str, str]:
    """Friendly names accepted by :func:`parse_card` (``jan-bright`` -> ``01B``, ...)."""
    return dict(_ALIASES)


def is_valid_code(code: str) -> bool:
    """True if ``code`` is the code of a card (friendly names are not codes).

    ``01A`` matches the month-card pattern but names no card, so it is not a code.
    """
    return code in _BY_CODE or JOKER_RE.fullmatch(code) is not None


def parse_card(text: str) -> Card:
    """Parse a card code (``"01B"``, ``"JK1-2"``) or a friendly name (``"jan-bright"``).

    Codes are case-sensitive; friendly names are not.

    Raises:
        CardCodeError: naming the input and showing the valid forms.
    """
    card = _BY_CODE.get(text)
    if card is not None:
        return card
    m = JOKER_RE.fullmatch(text)
    if m is not None:
        cached = _JOKER_CACHE.get(text)
        if cached is None:
            jt = JokerType(m.group(1))
            copy = int(m.group(2)) if m.group(2) else 1
            cached = Card(code=text, month=0, kind=Kind.JOKER, index=None, joker_type=jt, copy=copy)
            _JOKER_CACHE[text] = cached
        return cached
    alias = _ALIASES.get(text.strip().lower().replace("_", "-").replace(" ", "-"))
    if alias is not None:
        return _BY_CODE[alias]
    upper = text.strip().upper()
    if upper != text and (upper in _BY_CODE or JOKER_RE.fullmatch(upper)):
        raise CardCodeError(f"unknown card code {text!r}: codes are upper case, did you mean {upper!r}?")
    raise CardCodeError(f"unknown card code {text!r}: expected {VALID_FORMS}, or a name like jan-bright")


def parse_cards(texts: str | Iterable[str]) -> list[Card]:
    """Parse several cards: a whitespace/comma separated string or an iterable of strings."""
    items = texts.replace(",", " ").split() if isinstance(texts, str) else list(texts)
    return [parse_card(t) for t in items]


def format_card(card: Card) -> str:
    """The card's code (inverse of :func:`parse_card` for codes)."""
    return card.code


def format_cards(cards: Iterable[Card]) -> str:
    """Codes separated by spaces, in the given order."""
    return " ".join(c.code for c in cards)


def deck_cards(jokers: Sequence[str]) -> tuple[Card, ...]:
    """The deck of DECK-1: the 48 month cards then the jokers listed (codes must be distinct).

    Raises:
        CardCodeError: a joker code is invalid, is a month card, or is listed twice.
    """
    seen: set[str] = set()
    out = list(MONTH_CARDS)
    for code in jokers:
        card = parse_card(code)
        if not card.is_joker or card.code != code:
            raise CardCodeError(f"{code!r} is not a joker code (expected JK1, JK2, JK3, JKB, JKX or JKP, optionally with -2..-99)")
        if code in seen:
            raise CardCodeError(f"joker {code!r} is listed twice; a second copy is written {code}-2")
        seen.add(code)
        out.append(card)
    return tuple(out)
