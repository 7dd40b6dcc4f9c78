"""``greedy``: the largest immediate capture, always a bomb, a simple go/stop threshold.

The one-move baseline of the strength ladder. On its main action it bombs when it can (the
bomb that takes the most), otherwise it plays the card whose capture from the layout is worth
most by fixed card weights (:func:`card_weight`); with nothing to capture it makes a stock-only
turn if it may, else it lays down its least valuable card. It takes the better of two layout
cards, surrenders its cheapest junk, never shakes or offers shodang, accepts offers, declares
chongtong and reveals jokers. Go/stop: it says go while it has said fewer than ``max_goes`` goes
and still holds at least ``go_cards`` cards, and stops otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gostop.agents.knowledge import MONTH_MASKS, View
from gostop.agents.protocol import Agent, Decision
from gostop.cards import Kind
from gostop.scoring import ScoreTable

if TYPE_CHECKING:
    from gostop.engine import Action

__all__ = ["GreedyAgent", "card_weight", "mask_weight"]

_KIND_WEIGHT = {Kind.BRIGHT: 5.0, Kind.ANIMAL: 2.0, Kind.RIBBON: 2.0}


def card_weight(table: ScoreTable, i: int) -> float:
    """Fixed weight of deck card ``i``: bright 5, animal / ribbon 2, junk its junk value
    (the flex card 2.5: it can be either)."""
    bit = 1 << i
    if bit & table.flex_bit:
        return 2.5
    card = table.deck[i]
    w = _KIND_WEIGHT.get(card.kind)
    if w is not None:
        return w
    return float(table.junk_value_of(i))


def mask_weight(table: ScoreTable, mask: int) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += card_weight(table, low.bit_length() - 1)
        mask ^= low
    return total


class GreedyAgent(Agent):
    """See the module docstring."""

    name = "greedy"

    def __init__(self, go_cards: int = 3, max_goes: int = 1) -> None:
        super().__init__()
        self.go_cards = go_cards
        self.max_goes = max_goes

    def params(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.go_cards != 3:
            out["go_cards"] = self.go_cards
        if self.max_goes != 1:
            out["max_goes"] = self.max_goes
        return out

    def choose(self, decision: Decision) -> Action:
        assert self.ctx is not None
        legal = decision.legal
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind in ("chongtong", "reveal", "yell", "accept"):
            if kind in by_kind:
                return by_kind[kind][0]
        if "go" in by_kind or "stop" in by_kind:
            v = View.from_observation(decision.observation, self.ctx.rules)
            cards_left = v.hand_sizes[v.seat]
            if "go" in by_kind and v.goes[v.seat] < self.max_goes and cards_left >= self.go_cards:
                return by_kind["go"][0]
            return by_kind.get("stop", by_kind.get("go", list(legal)))[0]
        v = View.from_observation(decision.observation, self.ctx.rules)
        t = v.table
        if "surrender" in by_kind:
            return min(by_kind["surrender"], key=lambda a: (mask_weight(t, _cards_mask(v, a)), a.text))
        if "pick" in by_kind:
            return max(by_kind["pick"], key=lambda a: (mask_weight(t, _cards_mask(v, a)), a.text))
        bombs = by_kind.get("bomb", []) + by_kind.get("grenade", [])
        if bombs:
            return max(bombs, key=lambda a: (mask_weight(t, MONTH_MASKS[a.month]), a.text))
        plays = by_kind.get("play", [])
        if plays:
            best = max(plays, key=lambda a: (self._capture_value(v, a), a.text))
            if self._capture_value(v, best) > 0:
                return best
            if "skip" in by_kind:
                return by_kind["skip"][0]
            return best
        for kind in ("skip", "continue", "no-yell", "refuse", "stop"):
            if kind in by_kind:
                return by_kind[kind][0]
        # Declarations only (shake / show-quad / offer-shodang) are never chosen when anything
        # else is legal; if nothing else is, take the first.
        non_declarations = [a for a in legal if a.kind not in ("shake", "show-quad", "offer-shodang")]
        return (non_declarations or list(legal))[0]

    @staticmethod
    def _capture_value(v: View, action: Action) -> float:
        """Weight captured from the layout by playing the card (minus a tiny part of the card's
        own weight, so that among non-capturing cards the cheapest is laid down)."""
        t = v.table
        i = t.index_of[action.cards[0]]
        own = card_weight(t, i)
        if i >= 48:  # a joker is captured at once (JOKER-1)
            return own
        layout = v.layout & MONTH_MASKS[i // 4 + 1]
        n = layout.bit_count()
        if n == 0:
            return -0.01 * own
        if n == 2:
            best = max(card_weight(t, b) for b in _bits(layout))
            return own + best
        return own + mask_weight(t, layout)


def _cards_mask(v: View, action: Action) -> int:
    m = 0
    for code in action.cards:
        m |= 1 << v.table.index_of[code]
    return m


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
