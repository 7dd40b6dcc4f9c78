"""What one seat may know about a hand: :class:`Observation` (``hand.observation(seat)``).

It holds the seat's own hand and everything public: the layout (with its stacks), every capture
area, the size of the stock and of each hand, cards of other hands that were shown (declared
heundeum triples, a shown quad, a hand exposed by a shodang offer), the public declarations and
counters, the cards being resolved in the current turn, and the public history (every event, with
the cards of other seats' private events removed). It never holds another seat's hidden card or
the order of the stock.

The legal actions are not part of the observation (ask ``hand.legal_actions()``): under
``shodang_eligibility = no_safe_play`` the eligibility of an offer depends on the opponents'
hidden hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gostop.cards import Card

from .events import Event
from .result import HandResult

__all__ = ["Observation", "StackInfo"]


@dataclass(frozen=True, slots=True)
class StackInfo:
    """A stack of three on the layout (DEAL-9 or a ppuk): its month, owner (None: dealt), the
    owner's own-turn number when it was made (0: dealt), and its cards (jokers included)."""

    month: int
    owner: int | None
    made_on_turn: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "month": self.month,
            "owner": self.owner,
            "made_on_turn": self.made_on_turn,
            "cards": [c.code for c in self.cards],
        }


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a hand (see the module docstring).

    Per-seat tuples are indexed by seat (seat 0 = the dealer).

    Attributes:
        seat, players, preset: who is looking, the number of active players, the rules preset.
        rules: ``Rules.to_dict()`` of the hand's rules.
        stage: ``main``, ``pick-hand``, ``pick-stock``, ``answer-shodang``, ``yell``,
            ``surrender``, ``go-stop``, ``chongtong``, ``over``.
        current_player: the seat that must decide now (None when over).
        mover: the seat whose turn it is (0 before the first turn).
        turn: number of the current turn in the hand (0 before the first).
        own_turns: how many turns each seat has started.
        hand: this seat's hand.
        hand_sizes: number of cards in each seat's hand.
        shown_hand_cards: per seat, the hand cards everybody may see (the seat's whole hand for
            itself; declared triples, shown quads and exposed hands for others).
        exposed: per seat, whether its hand is exposed (LIAB-8).
        declared_months: per seat, the heundeum months declared (SHAKE-1, SHAKE-5).
        shown_quads: per seat, the months of shown quads (SHAKE-5).
        layout: the layout's month cards (stack cards included), in deck order.
        stacks: the stacks on the layout.
        pending: cards matched this turn and not yet collected (TURN-2).
        choosing_for: the card whose target is being chosen (CAPT-H2 / CAPT-S3), or None.
        choice: the two layout cards it may take.
        debt: ``{"debtor", "creditor", "junk", "for"}`` while a surrender is being chosen.
        captures: every seat's capture area.
        stock_size: cards left in the stock.
        skip_allowance: per seat (BOMB-3).
        goes, last_go_points: per seat (GOSTOP-5).
        stop_points: per seat, the SCORE-10 stop points of the capture area.
        ppuk: ppuk made per seat; bombs: bombs per seat (a grenade under ``as_bomb`` counts).
        refusals: ``(refuser, offerer, turn)`` of each shodang refusal.
        weol_yak_month: VAR-WEOLYAK-MONTH month (0 if none); mission: ``(name, cards,
            multiplier)`` of VAR-MISSION or None.
        nagari_before, boar_pot: the inputs of the hand.
        chips, shots: per seat, the fixed payments and shots so far (or the final result).
        history: the public history.
        result: the result once the hand is over.
        pushes: VAR-PUSH, consecutive pushes right before this hand (its settlement is doubled
            once per push); an input of the hand like ``nagari_before``.
    """

    seat: int
    players: int
    preset: str
    rules: dict[str, Any]
    stage: str
    current_player: int | None
    mover: int
    turn: int
    own_turns: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    shown_hand_cards: tuple[tuple[Card, ...], ...]
    exposed: tuple[bool, ...]
    declared_months: tuple[tuple[int, ...], ...]
    shown_quads: tuple[tuple[int, ...], ...]
    layout: tuple[Card, ...]
    stacks: tuple[StackInfo, ...]
    pending: tuple[Card, ...]
    choosing_for: Card | None
    choice: tuple[Card, ...]
    debt: dict[str, Any] | None
    captures: tuple[tuple[Card, ...], ...]
    stock_size: int
    skip_allowance: tuple[int, ...]
    goes: tuple[int, ...]
    last_go_points: tuple[int, ...]
    stop_points: tuple[int, ...]
    ppuk: tuple[int, ...]
    bombs: tuple[int, ...]
    refusals: tuple[tuple[int, int, int], ...]
    weol_yak_month: int
    mission: tuple[str, tuple[str, ...], int] | None
    nagari_before: int
    boar_pot: int
    chips: tuple[int, ...]
    shots: tuple[int, ...]
    history: tuple[Event, ...]
    result: HandResult | None
    pushes: int = 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes)."""
        return {
            "seat": self.seat,
            "players": self.players,
            "preset": self.preset,
            "rules": self.rules,
            "stage": self.stage,
            "current_player": self.current_player,
            "mover": self.mover,
            "turn": self.turn,
            "own_turns": list(self.own_turns),
            "hand": _codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "shown_hand_cards": [_codes(h) for h in self.shown_hand_cards],
            "exposed": list(self.exposed),
            "declared_months": [list(m) for m in self.declared_months],
            "shown_quads": [list(m) for m in self.shown_quads],
            "layout": _codes(self.layout),
            "stacks": [s.to_json() for s in self.stacks],
            "pending": _codes(self.pending),
            "choosing_for": None if self.choosing_for is None else self.choosing_for.code,
            "choice": _codes(self.choice),
            "debt": self.debt,
            "captures": [_codes(c) for c in self.captures],
            "stock_size": self.stock_size,
            "skip_allowance": list(self.skip_allowance),
            "goes": list(self.goes),
            "last_go_points": list(self.last_go_points),
            "stop_points": list(self.stop_points),
            "ppuk": list(self.ppuk),
            "bombs": list(self.bombs),
            "refusals": [list(r) for r in self.refusals],
            "weol_yak_month": self.weol_yak_month,
            "mission": None
            if self.mission is None
            else {"name": self.mission[0], "cards": list(self.mission[1]), "multiplier": self.mission[2]},
            "nagari_before": self.nagari_before,
            **({"pushes": self.pushes} if self.pushes else {}),
            "boar_pot": self.boar_pot,
            "chips": list(self.chips),
            "shots": list(self.shots),
            "history": [e.to_json() for e in self.history],
            "result": None if self.result is None else self.result.to_json(),
        }
