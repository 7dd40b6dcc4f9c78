"""Gwangpalli (광팔이, "bright-selling"): 4 to 7 seated, 3 play each hand (RULES.md 2.15 GWANG).

Pure pieces the match uses; seats here are *deal seats*: 0 is the dealer, then in playing order
(GEN-2), over every seated player.

* :func:`deal_seated`: GWANG-2, the 3-player packets of DEAL-2 applied to every seat; 7 seated
  get 4 + 3 cards each and no layout.
* :class:`DropOut`: GWANG-3 stay/drop announcements with forced play and forced drop, and the
  GWANG-4 iris-bridge drop-out.
* :func:`eligible_cards`, :func:`has_triple`, :func:`compensation_amount`: GWANG-5/6 (and the
  X-40 / X-48 doublings).
* :func:`rebuild_stock`: GWANG-8, the drop-outs' cards shuffled into the stock; 7 seated: the
  layout dealt from it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from gostop.cards import BRIGHTS, RAIN_BRIGHT, parse_card
from gostop.rules import Rules

__all__ = [
    "SEVEN",
    "ACTIVE",
    "deal_seated",
    "DropOut",
    "eligible_cards",
    "has_triple",
    "compensation_amount",
    "rebuild_stock",
]

SEVEN = 7
#: GEN-1: exactly three play each hand.
ACTIVE = 3
#: GWANG-6: the double junk cards (X-4: Korean numbering).
_DOUBLE_JUNK = frozenset({"11D", "12D"})


def deal_seated(rules: Rules, seated: int, deck: Sequence[str]) -> tuple[list[list[str]], list[str], list[str]]:
    """GWANG-2: deal ``deck`` (top first, already shuffled and cut) to ``seated`` players.

    Returns (hands per deal seat, face-down layout, rest of the deck top first). Packets go to
    seat 1, 2, ..., the dealer last (DEAL-2); ``deal_order = fuda`` deals each round's layout
    packet first. With 7 seated no layout is dealt.
    """
    order = [*range(1, seated), 0]
    layout_n = 0 if seated == SEVEN else 3
    rounds: list[list[tuple[int, int]]] = [
        [(s, 4) for s in order] + [(-1, layout_n)],
        [(s, 3) for s in order] + [(-1, layout_n)],
    ]
    if rules.deal_order == "fuda":
        rounds = [[r[-1], *r[:-1]] for r in rounds]
    hands: list[list[str]] = [[] for _ in range(seated)]
    layout: list[str] = []
    pos = 0
    for packets in rounds:
        for who, count in packets:
            cards = list(deck[pos : pos + count])
            pos += count
            (layout if who < 0 else hands[who]).extend(cards)
    if pos > len(deck):
        raise ValueError(f"a {len(deck)}-card deck cannot be dealt to {seated} players (DECK-3)")
    return hands, layout, list(deck[pos:])


class DropOut:
    """GWANG-3 / GWANG-4 over ``seated`` deal seats (0 = the dealer, who must play).

    Status per seat: ``dealer``, ``undecided``, ``stay``, ``drop`` (voluntary), ``forced-in``,
    ``forced-out`` (by two stays) or ``iris-out`` (GWANG-4). Seats decide in order from seat 1.
    """

    def __init__(self, seated: int, iris_out: Iterable[int] = ()) -> None:
        if not ACTIVE < seated <= SEVEN:
            raise ValueError(f"gwangpalli needs 4 to 7 seated, got {seated}")
        self.seated = seated
        self.status: list[str] = ["dealer"] + ["undecided"] * (seated - 1)
        for seat in iris_out:
            if seat != 0:
                self.status[seat] = "iris-out"
        self.forced: list[tuple[int, str]] = []
        self._force()

    def _count(self, *names: str) -> int:
        return sum(1 for s in self.status if s in names)

    def _force(self) -> None:
        undecided = [i for i, s in enumerate(self.status) if s == "undecided"]
        if not undecided:
            return
        if self._count("stay") >= 2:
            # Two non-dealers said stay: every undecided player is forced out.
            for i in undecided:
                self.status[i] = "forced-out"
                self.forced.append((i, "forced-out"))
        elif self._count("drop", "iris-out") >= self.seated - ACTIVE:
            # (seated - 3) have dropped: every undecided player is forced in.
            for i in undecided:
                self.status[i] = "forced-in"
                self.forced.append((i, "forced-in"))

    @property
    def to_decide(self) -> int | None:
        """The deal seat that must say stay or drop now, or None when the phase is over."""
        for i, s in enumerate(self.status):
            if s == "undecided":
                return i
        return None

    def decide(self, seat: int, stay: bool) -> list[tuple[int, str]]:
        """Seat ``seat`` says stay or drop; returns the seats forced by this announcement."""
        if seat != self.to_decide:
            raise ValueError(f"deal seat {seat} is not the one to decide (that is {self.to_decide})")
        self.status[seat] = "stay" if stay else "drop"
        before = len(self.forced)
        self._force()
        return self.forced[before:]

    @property
    def active(self) -> tuple[int, ...]:
        """The three players of the hand, dealer first, in deal-seat order."""
        return tuple(i for i, s in enumerate(self.status) if s in ("dealer", "stay", "forced-in"))

    @property
    def forced_out(self) -> tuple[int, ...]:
        """GWANG-5: only these may claim compensation."""
        return tuple(i for i, s in enumerate(self.status) if s in ("forced-out", "iris-out"))

    @property
    def out(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.status) if s in ("drop", "forced-out", "iris-out"))


def eligible_cards(rules: Rules, cards: Iterable[str], seated: int) -> tuple[str, ...]:
    """GWANG-6: the cards a forced-out player is paid for: brights, 11D, 12D, the flex card
    (X-47: whichever card ``flex_card`` names), jokers. In a 4-seat game with
    ``four_player_rain_exception`` a claimant whose only bright is 12B is not paid for it."""
    hand = list(cards)
    brights = [c for c in hand if c in BRIGHTS]
    skip_rain = rules.four_player_rain_exception and seated == 4 and brights == [RAIN_BRIGHT]
    out = []
    for code in hand:
        if code in BRIGHTS:
            if not (skip_rain and code == RAIN_BRIGHT):
                out.append(code)
        elif code in _DOUBLE_JUNK or code == rules.flex_card or code.startswith("JK"):
            out.append(code)
    return tuple(out)


def has_triple(cards: Iterable[str]) -> bool:
    """Three (or four) cards of one month in the hand (GWANG-6, SHAKE-7)."""
    counts: dict[int, int] = {}
    for code in cards:
        month = parse_card(code).month
        if month:
            counts[month] = counts.get(month, 0) + 1
    return any(n >= 3 for n in counts.values())


def compensation_amount(
    rules: Rules, cards: Iterable[str], seated: int, *, show_triple: bool = False, after_nagari: bool = False
) -> int:
    """GWANG-6/7: what each payer owes a claimant.

    ``compensation_per_card`` per eligible card; doubled once when a triple is shown (X-40: two
    triples still double once); doubled once more when ``end_by_losers`` compensation waited
    through a nagari (X-48).
    """
    hand = list(cards)
    amount = len(eligible_cards(rules, hand, seated)) * rules.compensation_per_card
    if show_triple and has_triple(hand):
        amount *= 2
    if after_nagari:
        amount *= 2
    return amount


def rebuild_stock(
    rng: random.Random, stock: Sequence[str], dropped: Iterable[Sequence[str]], *, seven: bool
) -> tuple[list[str] | None, list[str]]:
    """GWANG-8: shuffle the drop-outs' cards with the stock into a new stock (top first).

    With 7 seated the 6 layout cards are then dealt from its top: returns (layout, stock);
    otherwise (None, stock).
    """
    cards = list(stock)
    for hand in dropped:
        cards.extend(hand)
    rng.shuffle(cards)
    if seven:
        return cards[:6], cards[6:]
    return None, cards
