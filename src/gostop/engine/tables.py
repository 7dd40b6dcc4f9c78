"""Per-rules precomputed tables of the engine: masks, junk values, interned actions.

A card set is an int bitmask over deck indices (0..47 month cards, month-major, so month m
occupies bits 4(m-1)..4(m-1)+3; 48.. the jokers of ``rules.jokers``). Tables are built once
per ``Rules`` object and shared by every hand (and every clone) under those rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from gostop.cards import Card, JokerType, Kind, deck_cards
from gostop.rules import Rules
from gostop.scoring import ScoreTable

from .actions import Action

__all__ = ["Tables", "M48", "NIB1", "month_mask", "bits", "expand_months"]

M48 = (1 << 48) - 1
_CHUNK = 12
_CHUNK_MASK = (1 << _CHUNK) - 1
#: Bit 4(m-1) for every month m: one marker bit per month nibble.
NIB1 = int("1" * 12, 16)
NIB5 = int("5" * 12, 16)
NIB3 = int("3" * 12, 16)

_MONTH_MASK: tuple[int, ...] = (0, *(0xF << (4 * (m - 1)) for m in range(1, 13)))


def month_mask(m: int) -> int:
    """The four bits of month m (1..12)."""
    return _MONTH_MASK[m]


def bits(mask: int) -> list[int]:
    """The set bit positions of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def expand_months(mask: int) -> int:
    """Every card of every month that has a card in ``mask`` (jokers ignored)."""
    x = mask & M48
    x = (x | (x >> 1) | (x >> 2) | (x >> 3)) & NIB1
    return x * 15


def nibble_counts(mask: int) -> int:
    """Per month nibble, the number of cards of that month in ``mask`` (0..4)."""
    x = mask & M48
    x = x - ((x >> 1) & NIB5)
    return (x & NIB3) + ((x >> 2) & NIB3)


def _subset_best(score: ScoreTable, cards: list[int]) -> list[int]:
    """best[k] = the most stop points of k cards taken among ``cards`` (few cards only)."""
    best = [0] * (len(cards) + 1)
    for sub in range(1 << len(cards)):
        m = 0
        for j, i in enumerate(cards):
            if sub >> j & 1:
                m |= 1 << i
        k = sub.bit_count()
        best[k] = max(best[k], score.stop_points(m))
    return best


def _min_cards(
    score: ScoreTable, brights: int, animals: int, ribbons: int, every: int
) -> Callable[[int], int]:
    """A function target -> a lower bound on the number of captured cards needed to reach
    ``target`` stop points.

    Stop points are a sum of items over disjoint card classes (brights; animals; ribbons;
    junk and jokers, the flex card counted in both animals and junk), so the most stop points
    of k cards is at most the best split of k between the classes of the best points of each
    class alone. The engine skips scoring a capture area with fewer cards (GOSTOP-2 only asks
    whether the target is reached).
    """
    b = _subset_best(score, bits(brights))
    a = _subset_best(score, bits(animals))
    r = _subset_best(score, bits(ribbons))
    junk = every & ~(brights | ribbons | (animals & ~score.flex_bit))
    def value(i: int) -> int:
        return score.flex_junk_value if 1 << i == score.flex_bit else score.junk_value_of(i)

    order = sorted(bits(junk), key=lambda i: -value(i))
    j = [0]
    m = 0
    for i in order:
        m |= 1 << i
        j.append(score.stop_points(m))

    def bound(k: int) -> int:
        best = 0
        for kb in range(min(k, len(b) - 1) + 1):
            for ka in range(min(k - kb, len(a) - 1) + 1):
                for kr in range(min(k - kb - ka, len(r) - 1) + 1):
                    kj = min(k - kb - ka - kr, len(j) - 1)
                    best = max(best, b[kb] + a[ka] + r[kr] + j[kj])
        return best

    def lowest(target: int) -> int:
        k = 0
        while k < len(bits(every)) and bound(k) < target:
            k += 1
        return k

    return lowest


_MIN_CARDS: dict[tuple[object, ...], tuple[int, int, int, int]] = {}


def _min_cards_for(rules: Rules, t: Tables) -> tuple[int, int, int, int]:
    """``min_cards`` by number of players (index 2 and 3), memoized on the scoring knobs."""
    key = (
        rules.jokers,
        rules.uniform_joker_value,
        rules.flex_card,
        rules.flex_junk_value,
        rules.junk_value_11D,
        rules.junk_value_12D,
        rules.four_brights_with_rain_points,
        rules.godori_points,
        rules.four_birds,
        rules.score_cap,
        rules.stop_target_two_player,
        rules.stop_target_three_player,
    )
    found = _MIN_CARDS.get(key)
    if found is None:
        lowest = _min_cards(t.score, t.brights, t.animals, t.ribbons, t.all)
        found = (0, 0, lowest(rules.stop_target_two_player), lowest(rules.stop_target_three_player))
        if len(_MIN_CARDS) >= 256:
            _MIN_CARDS.clear()
        _MIN_CARDS[key] = found
    return found


class Tables:
    """Everything the engine precomputes for one ``Rules`` (see the module docstring)."""

    __slots__ = (
        "rules",
        "n",
        "deck",
        "codes",
        "index",
        "score",
        "all",
        "jokers",
        "surrenderable",
        "junk_value",
        "boss",
        "brights",
        "animals",
        "ribbons",
        "junk",
        "boar_bit",
        "play",
        "pick",
        "reveal",
        "surrender1",
        "surrender_multi",
        "bomb",
        "grenade",
        "shake",
        "show_quad",
        "reveal_mode",
        "min_cards",
        "heodang_on",
        "first_turn_any",
        "boar_pot",
        "yell",
        "collect_any",
        "surrender_lowest",
        "_card_chunks",
        "_small_cards",
        "_play_chunks",
    )

    _cache: ClassVar[dict[int, tuple[Rules, Tables]]] = {}

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        deck: tuple[Card, ...] = deck_cards(rules.jokers)
        self.deck = deck
        self.n = n = len(deck)
        self.codes: tuple[str, ...] = tuple(c.code for c in deck)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.score = ScoreTable.for_rules(rules)
        self.all = (1 << n) - 1
        self.jokers = self.all & ~M48
        self.surrenderable: int = self.score.surrenderable
        self.junk_value: tuple[int, ...] = tuple(self.score.junk_value_of(i) for i in range(n))
        uniform = rules.uniform_joker_value is not None

        def mask_if(pred: Callable[[Card], bool]) -> int:
            m = 0
            for i, c in enumerate(deck):
                if pred(c):
                    m |= 1 << i
            return m

        # EVT-9: JKB acts only when it is not a plain junk card.
        self.boss = mask_if(lambda c: not uniform and c.joker_type is JokerType.BOSS)
        # VAR-BAEKHWAJEOM classes: the flex card counts as an animal, a junk-valued joker
        # as junk.
        self.brights = mask_if(lambda c: c.kind is Kind.BRIGHT)
        self.animals = mask_if(lambda c: c.kind is Kind.ANIMAL)
        self.ribbons = mask_if(lambda c: c.kind is Kind.RIBBON)
        junk_jokers = 0
        for i in range(48, n):
            jt = deck[i].joker_type
            value = rules.uniform_joker_value if uniform else (jt.printed_junk_value if jt else 0)
            if value:
                junk_jokers |= 1 << i
        self.junk = mask_if(lambda c: c.kind in (Kind.JUNK, Kind.DOUBLE_JUNK)) | junk_jokers
        if rules.joker_steals_junk:
            # EVT-13: a captured bonus card (junk-valued joker) takes a junk like the boss joker.
            self.boss |= junk_jokers
        self.boar_bit = 1 << self.index["07A"]
        codes = self.codes
        self.play: tuple[Action, ...] = tuple(Action("play", (c,)) for c in codes)
        self.pick: tuple[Action, ...] = tuple(Action("pick", (c,)) for c in codes)
        self.reveal: tuple[Action, ...] = tuple(Action("reveal", (c,)) for c in codes)
        self.surrender1: tuple[Action, ...] = tuple(Action("surrender", (c,)) for c in codes)
        self.surrender_multi: dict[int, Action] = {}
        months = range(13)
        self.bomb: tuple[Action | None, ...] = tuple(
            Action("bomb", month=m) if m else None for m in months
        )
        self.grenade: tuple[Action | None, ...] = tuple(
            Action("grenade", month=m) if m else None for m in months
        )
        self.shake: tuple[Action | None, ...] = tuple(
            Action("shake", month=m) if m else None for m in months
        )
        self.show_quad: tuple[Action | None, ...] = tuple(
            Action("show-quad", month=m) if m else None for m in months
        )
        self.reveal_mode = rules.joker_hand_mode == "reveal_replace"
        # Knobs that make phase 3 look further than the plain collection.
        self.heodang_on = rules.heodang_turns is not None
        self.first_turn_any = bool(
            rules.baek_hwa_jeom
            or rules.weol_yak_first_turn
            or rules.first_turn_four_bonus
            or rules.boar == "first_turn"
        )
        self.boar_pot = rules.boar == "pot"
        self.yell = rules.first_turn_ppuk_yell
        self.collect_any = self.heodang_on or self.first_turn_any or self.boar_pot or self.yell
        self.surrender_lowest = rules.surrender_lowest_first  # EVT-15
        self.min_cards = _min_cards_for(rules, self)
        # Lazily filled per-chunk tables (12 bits = 3 months per chunk): the cards and the
        # "play" actions of each chunk value.
        chunks = (n + _CHUNK - 1) // _CHUNK
        self._small_cards: dict[int, tuple[Card, ...]] = {}
        self._card_chunks: list[list[tuple[Card, ...] | None]] = [
            [None] * (1 << _CHUNK) for _ in range(chunks)
        ]
        self._play_chunks: list[list[tuple[Action, ...] | None]] = [
            [None] * (1 << _CHUNK) for _ in range(chunks)
        ]

    @classmethod
    def for_rules(cls, rules: Rules) -> Tables:
        """The cached tables of this ``Rules`` object."""
        entry = cls._cache.get(id(rules))
        if entry is not None and entry[0] is rules:
            return entry[1]
        table = cls(rules)
        if len(cls._cache) >= 256:
            cls._cache.clear()
        cls._cache[id(rules)] = (rules, table)
        return table

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of ``mask`` in deck order."""
        if mask.bit_count() <= 4:
            small = self._small_cards
            found = small.get(mask)
            if found is not None:
                return found
            deck = self.deck
            out = []
            m = mask
            while m:
                low = m & -m
                out.append(deck[low.bit_length() - 1])
                m ^= low
            found = tuple(out)
            if len(small) >= 100_000:
                small.clear()
            small[mask] = found
            return found
        res: tuple[Card, ...] = ()
        k = 0
        chunks = self._card_chunks
        while mask:
            v = mask & _CHUNK_MASK
            if v:
                found = chunks[k][v]
                if found is None:
                    base = k * _CHUNK
                    found = tuple(self.deck[base + i] for i in bits(v))
                    chunks[k][v] = found
                res = res + found if res else found
            mask >>= _CHUNK
            k += 1
        return res

    def plays(self, mask: int) -> list[Action]:
        """The ``play`` actions of the cards of ``mask``, in deck order (a new list)."""
        acts: list[Action] = []
        k = 0
        chunks = self._play_chunks
        while mask:
            v = mask & _CHUNK_MASK
            if v:
                found = chunks[k][v]
                if found is None:
                    base = k * _CHUNK
                    found = tuple(self.play[base + i] for i in bits(v))
                    chunks[k][v] = found
                acts += found
            mask >>= _CHUNK
            k += 1
        return acts

    def surrender_action(self, mask: int) -> Action:
        """The interned ``surrender`` action giving the cards of ``mask``."""
        if mask & (mask - 1) == 0:
            return self.surrender1[mask.bit_length() - 1]
        found = self.surrender_multi.get(mask)
        if found is None:
            found = Action("surrender", tuple(self.codes[i] for i in bits(mask)))
            self.surrender_multi[mask] = found
        return found

    def card_mask(self, codes: tuple[str, ...]) -> int:
        """The mask of card codes (KeyError for a code not in the deck)."""
        m = 0
        index = self.index
        for c in codes:
            m |= 1 << index[c]
        return m
