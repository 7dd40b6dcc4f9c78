"""Who sits at the table and who deals first (RULES.md MATCH-3, GWANG-1, GWANG-9, DECK-3, GOO-18).

Table seats are numbered 0..n-1 in playing order (GEN-2: seat i+1 sits to the right of seat i),
in the order the players were given. The first dealer is chosen by ``first_dealer``:

* ``lot``: uniformly at random;
* ``draw_night`` / ``draw_day``: every candidate draws one card from a freshly shuffled deck, in
  seat order. A joker does not count: its drawer draws again at once from the same deck. The
  earliest month deals at night, the latest by day; on a tie of month the lower-valued card
  deals at night, the higher-valued by day (bright > animal > ribbon > junk; double junk is
  junk). Players still tied draw again from a fresh shuffle, until one is left;
* ``oldest``: the oldest player (ages are required). Equal ages go to the earlier seat (our
  reading: the seeds do not say).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gostop.cards import Card, Kind, deck_cards
from gostop.match.errors import MatchError
from gostop.rules import Rules

__all__ = [
    "Player",
    "DealerDraw",
    "FirstDealer",
    "MIN_SEATED",
    "GWANGPALLI_MAX",
    "check_table",
    "choose_first_dealer",
    "draw_key",
]

MIN_SEATED = 2
#: GWANG-1: gwangpalli seats at most 7 (7 x 7 = 49 cards, GWANG-9).
GWANGPALLI_MAX = 7


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player: a name and, when ``first_dealer = oldest``, an age in years."""

    name: str
    age: int | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name}
        if self.age is not None:
            out["age"] = self.age
        return out


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """One card drawn for the first dealer (MATCH-3): round 1, 2... (a new round is a redraw)."""

    round: int
    seat: int
    card: str

    def to_json(self) -> dict[str, object]:
        return {"round": self.round, "seat": self.seat, "card": self.card}


@dataclass(frozen=True, slots=True)
class FirstDealer:
    """The first dealer and how they were found."""

    seat: int
    method: str
    draws: tuple[DealerDraw, ...] = ()


def check_table(rules: Rules, players: Sequence[Player]) -> None:
    """Raise :class:`MatchError` unless ``players`` can play a match under ``rules``."""
    n = len(players)
    if n < MIN_SEATED:
        raise MatchError(f"a match needs at least {MIN_SEATED} seated players, got {n}")
    names = [p.name for p in players]
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise MatchError("every player needs a non-empty name")
    dupes = sorted({x for x in names if names.count(x) > 1})
    if dupes:
        raise MatchError(f"player names must differ; given twice: {', '.join(dupes)}")
    for p in players:
        if p.age is not None and (not isinstance(p.age, int) or isinstance(p.age, bool) or p.age < 0):
            raise MatchError(f"{p.name}: an age is a whole number of years >= 0, got {p.age!r}")
    if rules.two_player_only and n != 2:  # GEN-7
        raise MatchError(
            f"the {rules.preset} rules are for 2 players only, not {n}; "
            "seat 2 players or pick another preset (gostop rules list)",
            ("two_player_only",),
        )
    if rules.first_dealer == "oldest":
        missing = [p.name for p in players if p.age is None]
        if missing:
            raise MatchError(
                "first_dealer = oldest (MATCH-3, GOO-18) needs every player's age; missing for "
                + ", ".join(missing),
                ("first_dealer",),
            )
    if rules.first_dealer in ("draw_night", "draw_day") and n > len(deck_cards(())):
        raise MatchError(f"{n} players cannot each draw a month card for the first dealer (MATCH-3); use lot or oldest",
                         ("first_dealer",))
    if n <= 3:
        return
    limit = rules.max_players
    if rules.multi_player_mode == "gwangpalli":
        limit = min(limit or GWANGPALLI_MAX, GWANGPALLI_MAX)
        if n > limit:
            raise MatchError(
                f"gwangpalli (GWANG-1) seats 4 to {limit} players (max_players = {rules.max_players}), got {n}",
                ("max_players", "multi_player_mode"),
            )
        if n == GWANGPALLI_MAX and not rules.jokers:
            raise MatchError(
                "7 seated players in gwangpalli need at least one joker in the deck (DECK-3, GWANG-9: "
                "7 x 7 = 49 cards); set jokers, e.g. jokers = [\"JK2\", \"JK3\"]",
                ("jokers",),
            )
    elif limit is not None and n > limit:
        raise MatchError(f"max_players = {limit} but {n} players are seated", ("max_players",))


def draw_key(card: Card, night: bool) -> tuple[int, int]:
    """Sort key of a drawn month card: the smallest key deals (MATCH-3)."""
    value = {Kind.BRIGHT: 3, Kind.ANIMAL: 2, Kind.RIBBON: 1, Kind.JUNK: 0, Kind.DOUBLE_JUNK: 0}[card.kind]
    return (card.month, value) if night else (-card.month, -value)


def choose_first_dealer(rules: Rules, players: Sequence[Player], rng: random.Random) -> FirstDealer:
    """The first dealer of a match (MATCH-3) using ``rng`` for the lot or the draws."""
    n = len(players)
    method = rules.first_dealer
    if method == "lot":
        return FirstDealer(rng.randrange(n), method)
    if method == "oldest":
        ages = [p.age if p.age is not None else -1 for p in players]
        return FirstDealer(ages.index(max(ages)), method)
    night = method == "draw_night"
    deck = deck_cards(rules.jokers)
    candidates = list(range(n))
    draws: list[DealerDraw] = []
    rnd = 0
    while True:
        rnd += 1
        cards = list(deck)
        rng.shuffle(cards)
        drawn: dict[int, Card] = {}
        for seat in candidates:
            while True:
                card = cards.pop(0)  # the top of the shuffled deck
                draws.append(DealerDraw(rnd, seat, card.code))
                if not card.is_joker:
                    drawn[seat] = card
                    break
        best = min(draw_key(c, night) for c in drawn.values())
        candidates = [s for s in candidates if draw_key(drawn[s], night) == best]
        if len(candidates) == 1:
            return FirstDealer(candidates[0], method, tuple(draws))
