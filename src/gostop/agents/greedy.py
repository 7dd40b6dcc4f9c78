"""``greedy``: the largest immediate capture, always a bomb, a simple go/stop threshold.

The one-move baseline of the strength ladder. On its main action it bombs when it can (the
bomb that takes the most), otherwise it plays the card whose capture from the layout is worth
most by fixed card weights (:func:`card_weight`); with nothing to capture it makes a stock-only
turn if it may, else it lays down its least valuable card. It takes the better of two layout
cards, surrenders its cheapest junk, never shakes, declares chongtong and reveals jokers.
Go/stop: it says go while it has said fewer than ``max_goes`` goes and still holds at least
``go_cards`` cards, and stops otherwise.

Shodang (DEC-9/10) by the expected value of :mod:`gostop.agents.shodang`, with the crudest
estimates (the points each seat still needs, its cards left, its target as the payment): it
refuses an offer unless refusing is expected to cost chips, and offers at most once a hand, when
no card captures anything and playing on is expected to cost chips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gostop.agents.expert import table_choice
from gostop.agents.knowledge import MONTH_MASKS, View
from gostop.agents.protocol import Agent, Decision, TableDecision
from gostop.agents.shodang import OFFER_THRESHOLD, SeatOutlook, continue_value, refusal_value
from gostop.agents.table import hand_strength
from gostop.cards import Kind
from gostop.scoring import ScoreTable

if TYPE_CHECKING:
    from gostop.engine import Action

__all__ = ["GreedyAgent", "card_weight", "mask_weight"]

#: Gwangpalli: greedy stays in with a hand at least this strong.
STAY_STRENGTH = 4.0

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
    PARAMETER_RANGES = {"go_cards": (0, 10), "max_goes": (0, 20)}

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

    def choose_table(self, decision: TableDecision) -> object:
        """Table decisions: a cut in the middle of the deck, the best-paid claim, and in a
        gwangpalli deal stay with a hand of :func:`~gostop.agents.table.hand_strength` at
        least :data:`STAY_STRENGTH` (the rough rule; the compensation it may pay is ignored)."""
        return table_choice(decision, lambda d: hand_strength(d.hand, d.rules.flex_card) >= STAY_STRENGTH)

    def choose(self, decision: Decision) -> Action:
        assert self.ctx is not None
        legal = decision.legal
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind in ("chongtong", "reveal", "yell"):
            if kind in by_kind:
                return by_kind[kind][0]
        if "accept" in by_kind:
            v = View.from_observation(decision.observation, self.ctx.rules)
            return by_kind["accept" if refusal_value_of(v) < 0.0 else "refuse"][0]
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
            if "offer-shodang" in by_kind and wants_offer(v):
                return by_kind["offer-shodang"][0]
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


def _outlook(v: View, s: int) -> SeatOutlook:
    """Seat ``s``'s prospects from the stop points alone (payments: the target per loser)."""
    need = v.target - v.stop_points[s]
    if v.goes[s]:
        need = max(need, v.last_go_points[s] + 1 - v.stop_points[s])
    pay = float(v.target + 1)
    return SeatOutlook(float(need), v.hand_sizes[s], pay * (v.players - 1), pay)


def refusal_value_of(v: View, rate: float = 0.55) -> float:
    """Greedy's expected chips of refusing the shodang offer being answered."""
    third = next(o for o in v.opponents if o != v.mover)
    return refusal_value(
        _outlook(v, v.seat),
        _outlook(v, v.mover),
        _outlook(v, third),
        rate,
        whole_hand=v.rules.shodang_window == "rest_of_hand",
    )


def wants_offer(v: View, rate: float = 0.55) -> bool:
    """Offer shodang (once a hand) when playing on is expected to cost chips."""
    if v.players != 3 or (v.offered and v.offered[v.seat]):
        return False
    value = continue_value(_outlook(v, v.seat), [_outlook(v, o) for o in v.opponents], rate)
    return value < -OFFER_THRESHOLD


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
