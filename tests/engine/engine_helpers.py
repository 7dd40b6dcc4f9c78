"""Helpers of the engine tests: explicit deals from the few cards a test cares about."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gostop.cards import MONTH_CARDS, deck_cards
from gostop.engine import Action, Event, Hand
from gostop.engine.check import violations
from gostop.rules import PRESET_NAMES, Rules, make_rules

SIZES = {2: (10, 8), 3: (7, 6)}


def rules_of(preset: str = "pagat", **overrides: Any) -> Rules:
    return make_rules(preset, overrides)


def _spread(codes: Iterable[str]) -> list[str]:
    """Month cards in an order that spreads the months (first card of each month, then the
    second ...), so a filled hand gets no quad and the layout no triple by accident."""
    wanted = set(codes)
    order = [MONTH_CARDS[4 * m + k].code for k in range(4) for m in range(12)]
    return [c for c in order if c in wanted]


def make_hand(
    rules: Rules | None = None,
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    layout: Sequence[str] | None = None,
    stock: Sequence[str] = (),
    stock_last: Sequence[str] = (),
    **kw: Any,
) -> Hand:
    """A hand whose given cards are where the test says; the rest is filled in.

    ``hands`` gives some (or all) cards of some seats, ``layout`` some (or all) layout cards,
    ``stock`` the top of the stock (top first), ``stock_last`` the last month cards of the
    stock (turned last). Free places get the other month cards in a
    spread order (hands first, seat 0 first, then the layout, then the stock); jokers not placed
    go to the bottom of the stock. Raises AssertionError if the filling makes an unasked quad
    in a hand or three of a month on the layout.
    """
    rules = rules or rules_of()
    per_hand, per_layout = SIZES[players]
    deck = [c.code for c in deck_cards(rules.jokers)]
    hand_lists = [list((hands or {}).get(s, ())) for s in range(players)]
    lay = list(layout or ())
    top = list(stock)
    last = list(stock_last)
    placed = [c for h in hand_lists for c in h] + lay + top + last
    assert len(placed) == len(set(placed)), "a card is placed twice"
    free_months = _spread(c for c in deck[:48] if c not in placed)
    free_jokers = [c for c in deck[48:] if c not in placed]
    asked = {s: set(h) for s, h in enumerate(hand_lists)}
    for s in range(players):
        while len(hand_lists[s]) < per_hand:
            hand_lists[s].append(free_months.pop(0))
    asked_layout = set(lay)
    while len(lay) < per_layout:
        lay.append(free_months.pop(0))
    rest = top + free_months + last + free_jokers
    for s, h in enumerate(hand_lists):
        for m in range(1, 13):
            same = [c for c in h if c[:2] == f"{m:02d}"]
            assert len(same) < 4 or set(same) <= asked[s], f"filler made a quad in seat {s}'s hand"
    for m in range(1, 13):
        same = [c for c in lay if c[:2] == f"{m:02d}"]
        assert len(same) < 3 or set(same) <= asked_layout, "filler made a triple on the layout"
    return Hand.from_deal(rules, hand_lists, lay, rest, **kw)


def play(hand: Hand, *actions: str) -> list[Event]:
    """Apply the actions in order (checking the invariants after each); all their events."""
    out: list[Event] = []
    for a in actions:
        out.extend(hand.apply(a))
        assert violations(hand) == []
    return out


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def codes(cards: Iterable[Any]) -> set[str]:
    return {c.code for c in cards}


def legal_texts(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def random_playout(hand: Hand, rng: random.Random, bound: int = 3000) -> int:
    """Play random legal actions to the end; the number of actions."""
    n = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
        n += 1
        assert n <= bound, "hand did not end within the bound"
    return n


def find_event(events: Iterable[Event], etype: str) -> Event:
    for e in events:
        if e.type == etype:
            return e
    raise AssertionError(f"no {etype} event in {[e.type for e in events]}")


ALL_PRESETS = PRESET_NAMES
ACTION = Action
