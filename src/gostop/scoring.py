"""Scoring combinations (jokbo) of RULES.md section 2.11 (SCORE-1 .. SCORE-13).

Two interfaces share one set of precomputed tables:

* :class:`ScoreTable` scores *bitmasks* over the deck of a hand (bit ``i`` is
  ``deck_cards(rules.jokers)[i]``). It is what the hand engine calls on every turn, so its
  hot methods are a handful of ``int.bit_count()`` calls over precomputed masks.
* :func:`score` scores a collection of :class:`~gostop.cards.Card` values and returns a
  :class:`ScoreBreakdown` (every scoring item with its rule ID and cards), for settlement
  screens, logs and tests.

Vocabulary (RULES.md): *hand points* (SCORE-9) include the bonus items VIP and palssari;
*stop points* (SCORE-10) leave them out and class the flex card for the most stop points.
Both are capped by ``score_cap`` (SCORE-11).

>>> from gostop.rules import get_preset
>>> from gostop.cards import parse_cards
>>> b = score(get_preset("pagat"), parse_cards("01B 03B 12B 04R 05R 07R"))
>>> [(i.name, i.points) for i in b.items], b.hand_points
([('3 brights incl. 12B', 2), ('cho-dan', 3)], 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from gostop.cards import (
    CHEONG_DAN,
    CHO_DAN,
    FOUR_BIRDS,
    GODORI_BIRDS,
    HONG_DAN,
    PALSSARI_CARDS,
    RAIN_BIRD,
    RAIN_BRIGHT,
    VIP_CARDS,
    Card,
    CardCodeError,
    JokerType,
    Kind,
    deck_cards,
    parse_card,
)
from gostop.rules import Rules

__all__ = [
    "FlexClass",
    "ScoreItem",
    "ScoreBreakdown",
    "ScoreTable",
    "junk_value",
    "is_surrenderable",
    "score",
    "stop_points",
    "hand_points",
]

FlexClass = Literal["animal", "junk"]

_RIBBON_SETS: tuple[tuple[str, frozenset[str]], ...] = (
    ("hong-dan", HONG_DAN),
    ("cheong-dan", CHEONG_DAN),
    ("cho-dan", CHO_DAN),
)
_RIBBON_SET_POINTS = 3  # SCORE-5
_YUKDORI_POINTS = 6  # SCORE-3 with four_birds
_BIDORI_POINTS = 4  # SCORE-3 with four_birds


# -- card-level rules ------------------------------------------------------------------------


def junk_value(rules: Rules, card: Card, flex_as_junk: bool = False) -> int:
    """SCORE-7: the junk value of ``card`` under ``rules``.

    ``J`` cards are worth 1; 11D and 12D ``junk_value_11D`` / ``junk_value_12D``; jokers
    their printed value (JK1/JK2/JK3 = 1/2/3, JKB/JKX/JKP = 0) unless
    ``uniform_joker_value`` is set; the flex card (SCORE-8) is worth ``flex_junk_value``
    only when ``flex_as_junk`` is true; every other card is worth 0.
    """
    kind = card.kind
    if kind is Kind.JUNK:
        return 1
    if kind is Kind.DOUBLE_JUNK:
        return rules.junk_value_11D if card.month == 11 else rules.junk_value_12D
    if card.joker_type is not None:
        if rules.uniform_joker_value is not None:
            return rules.uniform_joker_value
        return card.joker_type.printed_junk_value
    if flex_as_junk and card.code == rules.flex_card:
        return rules.flex_junk_value
    return 0


def is_surrenderable(rules: Rules, card: Card) -> bool:
    """EVT-7: may ``card`` be surrendered as a junk card?

    True for ``J`` cards, 11D and 12D (also when worth 0, X-34) and jokers that are junk cards
    (JK1/JK2/JK3, or every joker under ``uniform_joker_value``). Never the flex card, never
    JKB/JKX/JKP unless ``uniform_joker_value`` is set.
    """
    if card.kind is Kind.JUNK or card.kind is Kind.DOUBLE_JUNK:
        return True
    if card.joker_type is not None:
        return rules.uniform_joker_value is not None or card.joker_type.printed_junk_value > 0
    return False


# -- results ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring item of a breakdown.

    Attributes:
        name: display name, e.g. ``"3 brights incl. 12B"``, ``"godori"``, ``"junk value 12"``.
        rule: the RULES.md rule ID (``"SCORE-1"`` ... ``"SCORE-6"``, ``"VAR-VIP"``,
            ``"VAR-PALSSARI"``).
        cards: the cards that make the item.
        points: the points it scores (always > 0: items that score nothing are omitted).
        counts_for_stop: false for the bonus items that do not count toward stopping
            (SCORE-10).
        count: what the item counts, for renderers: brights, animals or ribbons (SCORE-1,
            SCORE-2, SCORE-4), the junk value (SCORE-6); 0 for the named sets.
    """

    name: str
    rule: str
    cards: tuple[Card, ...]
    points: int
    counts_for_stop: bool
    count: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rule": self.rule,
            "cards": [c.code for c in self.cards],
            "points": self.points,
            "counts_for_stop": self.counts_for_stop,
        }


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The full scoring of a capture area with one classing of the flex card.

    Attributes:
        items: the scoring items (SCORE-1 .. SCORE-6 and the bonus items), in RULES.md order.
        hand_points: SCORE-9 hand points of this classing, capped (SCORE-11).
        stop_points: SCORE-10 stop points, capped. By definition they class the flex card for
            the most stop points, so they do not depend on :attr:`flex_class` (E09: a
            settlement may use the class with fewer points).
        flex_class: ``"animal"`` or ``"junk"`` when the flex card is among the captures,
            else ``None``.
        brights, animals, ribbons: the captured cards of each class (the flex card is in
            :attr:`animals` only when classed as an animal).
        junk: ``(card, junk value)`` for every junk card (``J``, ``D``, junk-valued jokers,
            the flex card when classed as junk), including those worth 0.
        others: captured cards of no class (JKB/JKX/JKP when they are not junk cards).
        junk_count: SCORE-7 junk count (sum of the junk values).
        animal_count, ribbon_count, bright_count: sizes of the class tuples.
        raw_hand_points, raw_stop_points: the totals before the cap.
    """

    items: tuple[ScoreItem, ...]
    hand_points: int
    stop_points: int
    flex_class: FlexClass | None
    brights: tuple[Card, ...]
    animals: tuple[Card, ...]
    ribbons: tuple[Card, ...]
    junk: tuple[tuple[Card, int], ...]
    others: tuple[Card, ...]
    junk_count: int
    animal_count: int
    ribbon_count: int
    bright_count: int
    raw_hand_points: int
    raw_stop_points: int

    @property
    def capped(self) -> bool:
        """True if the cap (SCORE-11) lowered the hand points."""
        return self.raw_hand_points > self.hand_points

    def item(self, rule: str) -> ScoreItem | None:
        """The first item scored under ``rule`` (e.g. ``"SCORE-3"``), or None."""
        for it in self.items:
            if it.rule == rule:
                return it
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "items": [i.to_json() for i in self.items],
            "hand_points": self.hand_points,
            "stop_points": self.stop_points,
            "flex_class": self.flex_class,
            "brights": [c.code for c in self.brights],
            "animals": [c.code for c in self.animals],
            "ribbons": [c.code for c in self.ribbons],
            "junk": [[c.code, v] for c, v in self.junk],
            "others": [c.code for c in self.others],
            "junk_count": self.junk_count,
            "animal_count": self.animal_count,
            "ribbon_count": self.ribbon_count,
            "bright_count": self.bright_count,
            "raw_hand_points": self.raw_hand_points,
        }


# -- the mask table --------------------------------------------------------------------------


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class ScoreTable:
    """Fast scoring of card bitmasks for one :class:`~gostop.rules.Rules`.

    Bit ``i`` of a mask is ``self.deck[i]`` = ``deck_cards(rules.jokers)[i]``: 0..47 are the
    month cards (``Card.index``), 48.. the jokers in the order of ``rules.jokers``.

    Masks by printed kind (they partition the month cards): :attr:`brights`,
    :attr:`animals` (including the flex card), :attr:`ribbons`, :attr:`junk_kind` (``J`` and
    ``D`` cards); :attr:`jokers` holds the joker bits. :attr:`flex_bit` is the bit of the
    flex card (0 when ``flex_card`` is null); :attr:`surrenderable` the cards EVT-7 allows
    a debtor to give.

    Tables are immutable; :meth:`for_rules` returns a cached table per ``Rules`` object.
    """

    __slots__ = (
        "rules",
        "deck",
        "index_of",
        "brights",
        "animals",
        "ribbons",
        "junk_kind",
        "jokers",
        "flex_bit",
        "flex_junk_value",
        "surrenderable",
        "rain_bit",
        "godori_mask",
        "bird_mask",
        "rain_bird_bit",
        "four_birds",
        "godori_points",
        "ribbon_sets",
        "junk1",
        "junk2",
        "junk3",
        "vip_mask",
        "vip_bonus",
        "palssari_mask",
        "palssari_bonus",
        "jkx_mask",
        "jkp_mask",
        "cap",
        "fixed_animals",
        "_bright_points",
        "_values",
    )

    _cache: ClassVar[dict[int, tuple[Rules, ScoreTable]]] = {}

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.deck: tuple[Card, ...] = deck_cards(rules.jokers)
        self.index_of: dict[str, int] = {c.code: i for i, c in enumerate(self.deck)}
        bit = {c.code: 1 << i for i, c in enumerate(self.deck)}

        def mask_of(codes: Iterable[str]) -> int:
            m = 0
            for code in codes:
                m |= bit[code]
            return m

        self.brights = mask_of(c.code for c in self.deck if c.kind is Kind.BRIGHT)
        self.animals = mask_of(c.code for c in self.deck if c.kind is Kind.ANIMAL)
        self.ribbons = mask_of(c.code for c in self.deck if c.kind is Kind.RIBBON)
        self.junk_kind = mask_of(
            c.code for c in self.deck if c.kind in (Kind.JUNK, Kind.DOUBLE_JUNK)
        )
        self.jokers = mask_of(c.code for c in self.deck if c.is_joker)
        self.flex_bit = bit[rules.flex_card] if rules.flex_card is not None else 0
        self.flex_junk_value = rules.flex_junk_value
        self.fixed_animals = self.animals & ~self.flex_bit
        self.surrenderable = mask_of(c.code for c in self.deck if is_surrenderable(rules, c))
        self.rain_bit = bit[RAIN_BRIGHT]
        self.godori_mask = mask_of(GODORI_BIRDS)
        self.bird_mask = mask_of(FOUR_BIRDS)
        self.rain_bird_bit = bit[RAIN_BIRD]
        self.four_birds = rules.four_birds
        self.godori_points = rules.godori_points
        self.ribbon_sets: tuple[tuple[str, int], ...] = tuple(
            (name, mask_of(codes)) for name, codes in _RIBBON_SETS
        )
        # SCORE-7 junk values of every card, the flex card counted as non-junk here.
        self._values: tuple[int, ...] = tuple(junk_value(rules, c) for c in self.deck)
        if max(self._values) > 3:  # pragma: no cover - the knob ranges forbid it
            raise ValueError("junk values above 3 are not supported")
        self.junk1 = sum(1 << i for i, v in enumerate(self._values) if v == 1)
        self.junk2 = sum(1 << i for i, v in enumerate(self._values) if v == 2)
        self.junk3 = sum(1 << i for i, v in enumerate(self._values) if v == 3)
        self.vip_mask = mask_of(VIP_CARDS)
        self.vip_bonus = rules.vip_bonus
        self.palssari_mask = mask_of(PALSSARI_CARDS)
        self.palssari_bonus = rules.palssari_bonus
        # Special jokers act only when they are not plain junk cards (uniform_joker_value).
        special = rules.uniform_joker_value is None
        self.jkx_mask = mask_of(
            c.code for c in self.deck if special and c.joker_type is JokerType.DOUBLE
        )
        self.jkp_mask = mask_of(
            c.code for c in self.deck if special and c.joker_type is JokerType.PROTECT
        )
        self.cap = rules.score_cap
        # SCORE-1 bright points by (number of brights, whether 12B is among them).
        four_rain = rules.four_brights_with_rain_points
        self._bright_points: tuple[tuple[int, int], ...] = (
            (0, 0),
            (0, 0),
            (0, 0),
            (3, 2),
            (4, four_rain),
            (15, 15),
        )

    @classmethod
    def for_rules(cls, rules: Rules) -> ScoreTable:
        """A cached table for this ``Rules`` object (built on first use)."""
        entry = cls._cache.get(id(rules))
        if entry is not None and entry[0] is rules:
            return entry[1]
        table = cls(rules)
        if len(cls._cache) >= 64:
            cls._cache.clear()
        cls._cache[id(rules)] = (rules, table)
        return table

    # -- conversions ---------------------------------------------------------------------

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of ``mask`` in deck order."""
        deck = self.deck
        return tuple(deck[i] for i in _bits(mask))

    def mask(self, cards: Iterable[Card | str]) -> int:
        """The mask of ``cards`` (``Card`` values or codes).

        Raises:
            ValueError: a card is not in this deck, or is listed twice.
        """
        m = 0
        index_of = self.index_of
        for card in cards:
            code = card.code if isinstance(card, Card) else parse_card(card).code
            i = index_of.get(code)
            if i is None:
                raise ValueError(f"card {code} is not in this deck")
            b = 1 << i
            if m & b:
                raise ValueError(f"card {code} is listed twice")
            m |= b
        return m

    def bit(self, card: Card | str) -> int:
        """The single bit of ``card``. Raises ValueError/CardCodeError if not in the deck."""
        code = card.code if isinstance(card, Card) else parse_card(card).code
        i = self.index_of.get(code)
        if i is None:
            raise ValueError(f"card {code} is not in this deck")
        return 1 << i

    def junk_value_of(self, i: int) -> int:
        """SCORE-7 junk value of deck card ``i`` (the flex card counts 0 here)."""
        return self._values[i]

    # -- counting ------------------------------------------------------------------------

    def junk_count(self, mask: int, flex_as_junk: bool = False) -> int:
        """SCORE-7 junk count of ``mask`` (the flex card counted only when ``flex_as_junk``)."""
        j = (
            (mask & self.junk1).bit_count()
            + 2 * (mask & self.junk2).bit_count()
            + 3 * (mask & self.junk3).bit_count()
        )
        if flex_as_junk and mask & self.flex_bit:
            j += self.flex_junk_value
        return j

    def animal_count(self, mask: int, flex_as_junk: bool = False) -> int:
        """Animals in ``mask`` (the flex card counted unless ``flex_as_junk``)."""
        n = (mask & self.animals).bit_count()
        if flex_as_junk and mask & self.flex_bit:
            n -= 1
        return n

    def bright_points(self, mask: int) -> int:
        """SCORE-1 points of ``mask``."""
        nb = (mask & self.brights).bit_count()
        return self._bright_points[nb][1 if mask & self.rain_bit else 0]

    def bird_points(self, mask: int) -> int:
        """SCORE-3 points (godori, or yukdori / bidori with ``four_birds``)."""
        birds = mask & self.bird_mask
        if self.four_birds and birds & self.rain_bird_bit:
            n = birds.bit_count()
            if n == 4:
                return _YUKDORI_POINTS
            if n == 3:
                return _BIDORI_POINTS
            return 0
        if birds & self.godori_mask == self.godori_mask:
            return self.godori_points
        return 0

    def ribbon_points(self, mask: int) -> int:
        """SCORE-4 plus SCORE-5 points."""
        r = (mask & self.ribbons).bit_count()
        pts = r - 4 if r >= 5 else 0
        for _name, s in self.ribbon_sets:
            if mask & s == s:
                pts += _RIBBON_SET_POINTS
        return pts

    def bonus_points(self, mask: int) -> int:
        """VAR-VIP plus VAR-PALSSARI points (not counting toward stopping)."""
        pts = 0
        if self.vip_bonus and mask & self.vip_mask == self.vip_mask:
            pts += self.vip_bonus
        if self.palssari_bonus and mask & self.palssari_mask == self.palssari_mask:
            pts += self.palssari_bonus
        return pts

    def _fixed_points(self, mask: int) -> int:
        """Stop-point items that do not depend on the flex card: SCORE-1, -3, -4, -5."""
        nb = (mask & self.brights).bit_count()
        pts = self._bright_points[nb][1 if mask & self.rain_bit else 0]
        pts += self.bird_points(mask)
        r = (mask & self.ribbons).bit_count()
        if r >= 5:
            pts += r - 4
        for _name, s in self.ribbon_sets:
            if mask & s == s:
                pts += _RIBBON_SET_POINTS
        return pts

    def raw_stop_points(self, mask: int, flex_as_junk: bool = False) -> int:
        """Stop points of one flex classing, before the cap."""
        a = (mask & self.fixed_animals).bit_count()
        j = (
            (mask & self.junk1).bit_count()
            + 2 * (mask & self.junk2).bit_count()
            + 3 * (mask & self.junk3).bit_count()
        )
        if mask & self.flex_bit:
            if flex_as_junk:
                j += self.flex_junk_value
            else:
                a += 1
        pts = self._fixed_points(mask)
        if a >= 5:  # SCORE-2
            pts += a - 4
        if j >= 10:  # SCORE-6
            pts += j - 9
        return pts

    def stop_flex_as_junk(self, mask: int) -> bool:
        """SCORE-8 for the go/stop check: True if classing the flex card as junk gives
        strictly more (capped) stop points (ties: animal). False without the flex card."""
        if not mask & self.flex_bit:
            return False
        as_junk = self.raw_stop_points(mask, True)
        as_animal = self.raw_stop_points(mask, False)
        cap = self.cap
        if cap is not None:  # compare stop points as capped (SCORE-11)
            as_junk, as_animal = min(as_junk, cap), min(as_animal, cap)
        return as_junk > as_animal

    def stop_points(self, mask: int) -> int:
        """SCORE-10 stop points of ``mask``: no bonus items, flex card classed for the most
        stop points, cap SCORE-11 applied. This is the engine's go/stop test."""
        a = (mask & self.fixed_animals).bit_count()
        j = (
            (mask & self.junk1).bit_count()
            + 2 * (mask & self.junk2).bit_count()
            + 3 * (mask & self.junk3).bit_count()
        )
        nb = (mask & self.brights).bit_count()
        pts = self._bright_points[nb][1 if mask & self.rain_bit else 0]
        birds = mask & self.bird_mask
        if birds:
            pts += self.bird_points(mask)
        ribbons = mask & self.ribbons
        if ribbons:
            r = ribbons.bit_count()
            if r >= 5:
                pts += r - 4
            for _name, s in self.ribbon_sets:
                if ribbons & s == s:
                    pts += _RIBBON_SET_POINTS
        if mask & self.flex_bit:
            # SCORE-8: the better of "one more animal" and "flex_junk_value more junk".
            as_animal = (a - 3 if a >= 4 else 0) + (j - 9 if j >= 10 else 0)
            jj = j + self.flex_junk_value
            as_junk = (a - 4 if a >= 5 else 0) + (jj - 9 if jj >= 10 else 0)
            pts += as_animal if as_animal >= as_junk else as_junk
        else:
            if a >= 5:
                pts += a - 4
            if j >= 10:
                pts += j - 9
        cap = self.cap
        if cap is not None and pts > cap:
            return cap
        return pts

    def hand_points(self, mask: int, flex_as_junk: bool = False) -> int:
        """SCORE-9 hand points of one flex classing (bonus items included), capped."""
        pts = self.raw_stop_points(mask, flex_as_junk) + self.bonus_points(mask)
        cap = self.cap
        if cap is not None and pts > cap:
            return cap
        return pts

    def only_junk_scores(self, mask: int) -> bool:
        """True if the stop points of ``mask`` (flex card classed as for SCORE-10) come only
        from the junk item SCORE-6 (used by the oe-myeon exception LIAB-5 (a))."""
        as_junk = self.stop_flex_as_junk(mask)
        j = self.junk_count(mask, as_junk)
        if j < 10:
            return False
        a = self.animal_count(mask, as_junk)
        return a < 5 and self._fixed_points(mask) == 0

    # -- breakdown -----------------------------------------------------------------------

    def breakdown(self, mask: int, flex_as_junk: bool | None = None) -> ScoreBreakdown:
        """The :class:`ScoreBreakdown` of ``mask``; ``flex_as_junk=None`` classes the flex
        card for the most stop points (ties: animal)."""
        has_flex = bool(mask & self.flex_bit)
        if flex_as_junk is None:
            flex_as_junk = self.stop_flex_as_junk(mask)
        if not has_flex:
            flex_as_junk = False
        deck = self.deck
        values = self._values
        brights: list[Card] = []
        animals: list[Card] = []
        ribbons: list[Card] = []
        junk: list[tuple[Card, int]] = []
        others: list[Card] = []
        for i in _bits(mask):
            card = deck[i]
            kind = card.kind
            if kind is Kind.BRIGHT:
                brights.append(card)
            elif kind is Kind.ANIMAL:
                if has_flex and flex_as_junk and (1 << i) == self.flex_bit:
                    junk.append((card, self.flex_junk_value))
                else:
                    animals.append(card)
            elif kind is Kind.RIBBON:
                ribbons.append(card)
            elif kind is Kind.JOKER and not self.surrenderable & (1 << i):
                others.append(card)
            else:
                junk.append((card, values[i]))
        items: list[ScoreItem] = []
        nb = len(brights)
        rain = bool(mask & self.rain_bit)
        bpts = self._bright_points[nb][1 if rain else 0]
        if bpts:  # SCORE-1
            name = f"{nb} brights incl. 12B" if rain else f"{nb} brights"
            items.append(ScoreItem(name, "SCORE-1", tuple(brights), bpts, True, nb))
        na = len(animals)
        if na >= 5:  # SCORE-2
            items.append(
                ScoreItem(f"{na} animals", "SCORE-2", tuple(animals), na - 4, True, na)
            )
        birds_pts = self.bird_points(mask)
        if birds_pts:  # SCORE-3
            birds = mask & self.bird_mask
            if self.four_birds and birds & self.rain_bird_bit:
                name = "yukdori" if birds.bit_count() == 4 else "bidori"
            else:
                name, birds = "godori", self.godori_mask
            items.append(ScoreItem(name, "SCORE-3", self.cards(birds), birds_pts, True))
        nr = len(ribbons)
        if nr >= 5:  # SCORE-4
            items.append(
                ScoreItem(f"{nr} ribbons", "SCORE-4", tuple(ribbons), nr - 4, True, nr)
            )
        for name, s in self.ribbon_sets:  # SCORE-5
            if mask & s == s:
                items.append(ScoreItem(name, "SCORE-5", self.cards(s), _RIBBON_SET_POINTS, True))
        jc = sum(v for _c, v in junk)
        if jc >= 10:  # SCORE-6
            items.append(
                ScoreItem(
                    f"junk value {jc}", "SCORE-6", tuple(c for c, _v in junk), jc - 9, True, jc
                )
            )
        if self.vip_bonus and mask & self.vip_mask == self.vip_mask:  # VAR-VIP
            items.append(
                ScoreItem("VIP bonus", "VAR-VIP", self.cards(self.vip_mask), self.vip_bonus, False)
            )
        if self.palssari_bonus and mask & self.palssari_mask == self.palssari_mask:
            items.append(  # VAR-PALSSARI
                ScoreItem(
                    "palssari bonus",
                    "VAR-PALSSARI",
                    self.cards(self.palssari_mask),
                    self.palssari_bonus,
                    False,
                )
            )
        raw_hand = sum(it.points for it in items)
        raw_stop = sum(it.points for it in items if it.counts_for_stop)
        cap = self.cap
        hand = raw_hand if cap is None or raw_hand <= cap else cap  # SCORE-11
        flex_class: FlexClass | None = None
        if has_flex:
            flex_class = "junk" if flex_as_junk else "animal"
        return ScoreBreakdown(
            items=tuple(items),
            hand_points=hand,
            stop_points=self.stop_points(mask),
            flex_class=flex_class,
            brights=tuple(brights),
            animals=tuple(animals),
            ribbons=tuple(ribbons),
            junk=tuple(junk),
            others=tuple(others),
            junk_count=jc,
            animal_count=na,
            ribbon_count=nr,
            bright_count=nb,
            raw_hand_points=raw_hand,
            raw_stop_points=raw_stop,
        )


# -- card-level API --------------------------------------------------------------------------


def _captures_mask(table: ScoreTable, captures: Iterable[Card | str]) -> int:
    try:
        return table.mask(captures)
    except CardCodeError as exc:
        raise ValueError(str(exc)) from None


def score(
    rules: Rules, captures: Iterable[Card | str], flex_class: FlexClass | None = None
) -> ScoreBreakdown:
    """Score a capture area (SCORE-1 .. SCORE-11) with a full breakdown.

    Args:
        rules: the rules of the hand.
        captures: the captured cards (``Card`` values or codes), each at most once.
        flex_class: how to class the flex card (SCORE-8) if it is captured: ``"animal"``,
            ``"junk"``, or ``None`` for the class that gives more stop points (ties: animal).

    Raises:
        ValueError: a card is not in the rules' deck, is listed twice, or ``flex_class`` is
            not one of the allowed values.
    """
    if flex_class not in (None, "animal", "junk"):
        raise ValueError(f"flex_class must be 'animal', 'junk' or None, got {flex_class!r}")
    table = ScoreTable.for_rules(rules)
    mask = _captures_mask(table, captures)
    as_junk = None if flex_class is None else flex_class == "junk"
    return table.breakdown(mask, as_junk)


def stop_points(rules: Rules, captures: Iterable[Card | str]) -> int:
    """SCORE-10 stop points of a capture area (see :meth:`ScoreTable.stop_points`)."""
    table = ScoreTable.for_rules(rules)
    return table.stop_points(_captures_mask(table, captures))


def hand_points(
    rules: Rules, captures: Iterable[Card | str], flex_class: FlexClass | None = None
) -> int:
    """SCORE-9 hand points of a capture area (flex class as in :func:`score`)."""
    return score(rules, captures, flex_class).hand_points
