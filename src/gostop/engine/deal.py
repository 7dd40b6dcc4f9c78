"""The deal: shuffle, cut and packets (DEAL-1, DEAL-2), and the draws made at the start of a hand.

How ``Hand.new(rules, players, seed, cut=c)`` deals, exactly (anyone can re-derive a deal):

1. ``deck = list(deck_cards(rules.jokers))``: the 48 month cards in the order of RULES.md 1.2
   (``01B 01R 01J1 01J2 02A ...``), then the jokers in the order of the ``jokers`` knob.
2. ``rng = random.Random(seed)``; ``rng.shuffle(deck)``. The first card of the list is the top.
   (The engine shuffles the list of deck indices, which gives the same permutation.)
3. Cut (DEAL-1): with ``c`` given (1 <= c < len(deck)), ``deck = deck[c:] + deck[:c]``.
4. Deal from the top in the packets of DEAL-2 (``deal_order``), seats listed seat 1 first
   and the dealer (seat 0) last:

   * ``pagat``, 2 players: 5 to seat 1, 5 to seat 0, 4 to the layout, 5, 5, 4 again;
   * ``pagat``, 3 players: 4 to seats 1, 2, 0, 3 to the layout, then 3 to seats 1, 2, 0 and
     3 to the layout;
   * ``fuda``: the same packets with the layout packet first in each round.

   What is left is the stock, top first.
5. Then, from the same ``rng``, in this order and only when the knob is on:
   VAR-WEOLYAK-MONTH ``weol_yak_month = rng.randint(1, 12)``; VAR-MISSION
   ``mission = MISSIONS[rng.randrange(len(MISSIONS))]`` and
   ``multiplier = rng.randint(*rules.mission_multiplier_range)``.

Missions (VAR-MISSION, our reading of "for example weol-yak or some particular set of
ribbons"): all four cards of one month (12 missions), hong-dan, cheong-dan, cho-dan, godori.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gostop.cards import CHEONG_DAN, CHO_DAN, GODORI_BIRDS, HONG_DAN, MONTH_CARDS
from gostop.errors import GostopError
from gostop.rules import Rules

__all__ = [
    "DealError",
    "MISSIONS",
    "deal_sizes",
    "packets",
    "shuffled_order",
    "split_deal",
    "start_draws",
]


class DealError(GostopError, ValueError):
    """An explicit deal that is not a valid deal of the rules' deck (message for people)."""


def _month_codes(m: int) -> tuple[str, ...]:
    return tuple(c.code for c in MONTH_CARDS if c.month == m)


#: VAR-MISSION catalogue: (name, card codes that must all be captured).
MISSIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    *((f"weol-yak {m:02d}", _month_codes(m)) for m in range(1, 13)),
    ("hong-dan", tuple(sorted(HONG_DAN))),
    ("cheong-dan", tuple(sorted(CHEONG_DAN))),
    ("cho-dan", tuple(sorted(CHO_DAN))),
    ("godori", tuple(sorted(GODORI_BIRDS))),
)


def deal_sizes(players: int) -> tuple[int, int]:
    """(cards per hand, layout cards) of DEAL-2."""
    if players == 2:
        return 10, 8
    if players == 3:
        return 7, 6
    raise DealError(f"a hand is played by 2 or 3 active players (GEN-1), got {players!r}")


def packets(deal_order: str, players: int) -> tuple[tuple[int, int], ...]:
    """DEAL-2 packets in order: ``(seat, n)``, seat -1 = the layout."""
    order = [*range(1, players), 0]
    if players == 2:
        rnd = [(s, 5) for s in order] + [(-1, 4)]
        rounds = [rnd, rnd]
    else:
        rounds = [[(s, 4) for s in order] + [(-1, 3)], [(s, 3) for s in order] + [(-1, 3)]]
    if deal_order == "fuda":
        rounds = [[r[-1], *r[:-1]] for r in rounds]
    return tuple(p for r in rounds for p in r)


# (i + 1).bit_length() for each position i of a deck (at most 48 + 99 * 6 cards).
_BITS = tuple((i + 1).bit_length() for i in range(1024))


def _inline_shuffle(x: list[int], rng: random.Random) -> None:
    """``random.Random.shuffle`` of CPython 3.11 with its ``_randbelow`` inlined (faster; the
    same random draws, hence the same permutation). Used only if :data:`_SAME_AS_STDLIB`."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        j = getrandbits(bits[i])
        if j > i:  # rejection sampling, as random.Random._randbelow_with_getrandbits
            k = bits[i]
            while j > i:
                j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _check_inline_shuffle() -> bool:
    for seed in (0, 1, 7, 12345, 2**40 + 3):
        for n in (1, 2, 48, 50, 70):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            _inline_shuffle(b, rb)
            if a != b or ra.random() != rb.random():
                return False
    return True


#: True when the inlined shuffle reproduces ``random.Random.shuffle`` on this Python (checked
#: at import); otherwise the standard method is used.
_SAME_AS_STDLIB = _check_inline_shuffle()


def shuffled_order(n: int, rng: random.Random, cut: int | None) -> list[int]:
    """Deck indices top first after the shuffle and the cut (steps 2-3 of the docstring)."""
    order = list(range(n))
    if _SAME_AS_STDLIB and type(rng) is random.Random and n <= len(_BITS):
        _inline_shuffle(order, rng)
    else:
        rng.shuffle(order)
    if cut:
        if not isinstance(cut, int) or not 1 <= cut < n:
            raise DealError(f"cut must be between 1 and {n - 1} (DEAL-1), got {cut!r}")
        order = order[cut:] + order[:cut]
    return order


_SPLITTERS: dict[tuple[str, int], tuple[list[list[int]], list[int], int]] = {}


def _splitter(deal_order: str, players: int) -> tuple[list[list[int]], list[int], int]:
    """Positions (in the top-first order) of each hand's and of the layout's cards."""
    key = (deal_order, players)
    found = _SPLITTERS.get(key)
    if found is None:
        hands: list[list[int]] = [[] for _ in range(players)]
        layout: list[int] = []
        pos = 0
        for seat, n in packets(deal_order, players):
            (layout if seat < 0 else hands[seat]).extend(range(pos, pos + n))
            pos += n
        found = _SPLITTERS[key] = (hands, layout, pos)
    return found


def split_deal(
    order: Sequence[int], players: int, deal_order: str
) -> tuple[list[list[int]], list[int], list[int]]:
    """Hands per seat, layout and stock (top first) from a top-first card order."""
    hand_pos, layout_pos, dealt = _splitter(deal_order, players)
    at = order.__getitem__
    hands = [list(map(at, pos)) for pos in hand_pos]
    return hands, list(map(at, layout_pos)), list(order[dealt:])


def start_draws(rules: Rules, rng: random.Random) -> tuple[int, int, int]:
    """(weol_yak_month or 0, mission index or -1, mission multiplier) drawn after the shuffle."""
    month = rng.randint(1, 12) if rules.weol_yak_month else 0
    mission, mult = -1, 1
    if rules.missions:
        mission = rng.randrange(len(MISSIONS))
        lo, hi = rules.mission_multiplier_range
        mult = rng.randint(lo, hi)
    return month, mission, mult
