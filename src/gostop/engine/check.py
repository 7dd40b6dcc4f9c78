"""Invariant checks of a hand's state, for tests, the soak benchmark and debugging.

:func:`violations` returns a list of messages (empty when everything holds):

* every card of the deck is in exactly one place (``Hand.zones()``);
* the layout holds no joker and, per month, 0, 1 or 2 singles or one stack of 3 (four only
  before the first turn, DEAL-6), and a month
  has a stack record exactly when it has three cards on the layout;
* chips are zero-sum; shots are never negative;
* the hand is over exactly when ``current_player`` is None and there is no legal action;
* the stock is never over-drawn.

:func:`hidden_violations` checks what the seats may know (issue-9 leak properties): no
observation holds a card its seat must not see, and a world sampled by ``determinize`` agrees
with the seat's observation, holds no quad its owner would have declared at the deal, keeps the
invariants, holds the card another seat drew (JOKER-4) in one place only,
and gives the decider the same previews (``Hand.preview``, ``Hand.stop_preview``).
The hidden cards are derived from the public events, not from the engine's own bookkeeping.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .hand import Hand
from .information import _left_hands
from .tables import M48, NIB1, nibble_counts

__all__ = ["violations", "result_violations", "hidden_violations", "hidden_from", "VARIANTS"]


def violations(hand: Hand) -> list[str]:
    """Messages for every broken invariant of ``hand`` (see the module docstring)."""
    out: list[str] = []
    zones = hand.zones()
    seen = 0
    for name, mask in zones.items():
        if seen & mask:
            out.append(f"card(s) in two places (again in {name}): mask {seen & mask:#x}")
        seen |= mask
    if seen != hand.deck_mask():
        out.append(f"card(s) nowhere: mask {hand.deck_mask() & ~seen:#x}")
    layout = zones["layout"]
    if layout & ~M48:
        out.append("a joker lies on the layout outside a stack")
    counts = nibble_counts(layout)
    if (counts >> 2) & NIB1 and hand.turn:  # DEAL-6: four there only before the first turn
        out.append("four cards of a month on the layout")
    three = counts & (counts >> 1) & NIB1
    stack_months = {p >> 2 for p in range(0, 48, 4) if three >> p & 1}
    if not hand.is_over and stack_months != set(hand._stacks):
        out.append(f"stack records {sorted(hand._stacks)} do not match the layout {sorted(stack_months)}")
    if hand.stock_size < 0:
        out.append("the stock was over-drawn")
    over = hand.is_over
    if over != (hand.current_player is None):
        out.append("is_over and current_player disagree")
    if over == bool(hand.legal_actions()):
        out.append("legal actions while over, or none while playing")
    result = hand.result
    chips = result.chips if result is not None else tuple(hand._chips)
    if sum(chips) != 0:
        out.append(f"chips are not zero-sum: {chips}")
    shots = result.shots if result is not None else tuple(hand._shots)
    if min(shots) < 0:
        out.append(f"negative shots: {shots}")
    return out


def result_violations(hand: Hand) -> list[str]:
    """Messages for a finished hand whose result does not add up: chips zero-sum and equal
    to the fixed payments plus the settlement; a winner exactly when not nagari/void."""
    res = hand.result
    if res is None:
        return ["the hand is not over"]
    out: list[str] = []
    n = hand.players
    net = [0] * n
    for p in res.fixed_payments:
        if p.unit == "chips" and p.payee is not None:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
    st = res.settlement
    if st is not None:
        if res.winner is None or len(res.opponents) != n - 1:
            out.append("a settlement without a winner")
        elif st.unit == "chips":
            if sum(st.payments) != st.total:
                out.append("settlement payments do not add up to its total")
            for seat, amount in zip(res.opponents, st.payments, strict=True):
                net[seat] -= amount
                net[res.winner] += amount
    if tuple(net) != res.chips:
        out.append(f"chips {res.chips} are not the fixed payments plus the settlement {tuple(net)}")
    if sum(res.chips) != 0:
        out.append(f"chips are not zero-sum: {res.chips}")
    if (res.winner is None) != (res.nagari or res.void) or (res.nagari and res.void):
        out.append("winner / nagari / void disagree")
    if res.reason == "stop" and st is None:
        out.append("a stop without a settlement")
    if res.reason == "exhaustion" and any(not c.is_joker for c in hand.stock_cards()):
        out.append("a month card is left in the stock at exhaustion (JOKER-6)")
    if res.reason == "exhaustion" and any(hand.hand_cards(s) for s in range(n)):
        out.append("a hand card is left at exhaustion (TURN-5)")
    return out


def hidden_from(hand: Hand, seat: int) -> set[str]:
    """Codes of the cards ``seat`` must not see: the stock and the other hands, except the
    cards their owners showed and still hold (the cards of ``shake``, ``show-quad`` and
    ``chongtong`` events) and hands exposed by ``offer-shodang`` (read from the events)."""
    shown: dict[int, set[str]] = {s: set() for s in range(hand.players)}
    exposed: set[int] = set()
    for e in hand.events:
        if e.seat is None:
            continue
        if e.type in ("shake", "show-quad", "chongtong"):
            shown[e.seat] |= {c.code for c in e.cards}
        elif e.type == "offer-shodang":
            exposed.add(e.seat)
    hidden = {c.code for c in hand.stock_cards()}
    for s in range(hand.players):
        if s != seat and s not in exposed:
            hidden |= {c.code for c in hand.hand_cards(s)} - shown[s]
    return hidden


def _tokens(value: Any) -> set[str]:
    """Every string of a JSON value, split on spaces (the rules and mission names skipped)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("rules", "mission"):
                out |= _tokens(v)
    elif isinstance(value, list):
        for v in value:
            out |= _tokens(v)
    elif isinstance(value, str):
        out.update(value.split())
    return out


def _deal_cards(hand: Hand, seat: int) -> int:
    """The month cards ``seat`` was dealt, as far as the hand tells: its hand now and the cards
    that have left it (played, bombed), less the cards it drew by JOKER-4."""
    cards = hand._hands[seat] | _left_hands(hand)[seat]
    for s, at in hand._draw_slots:
        if s == seat:
            cards &= ~(1 << hand._stock[at])
    return cards & M48


def _has_quad(cards: int) -> bool:
    return any(cards >> (4 * m) & 0xF == 0xF for m in range(12))


def _quad_at_deal(hand: Hand, seat: int) -> bool:
    """``seat`` held four of a month at the deal (:func:`_deal_cards`); False for a seat that
    announced a quad."""
    if any(e.seat == seat and e.type in ("keep-quad", "chongtong") for e in hand.events):
        return False
    return _has_quad(_deal_cards(hand, seat))


def _kept_quad_lost(hand: Hand, seat: int) -> bool:
    """``seat`` kept a quad at the deal (DEC-5, ``keep-quad``) but holds none in this hand."""
    kept = any(e.seat == seat and e.type == "keep-quad" for e in hand.events)
    return kept and not _has_quad(_deal_cards(hand, seat))


def _previews(hand: Hand, actions: list[str]) -> str:
    out: list[Any] = [hand.preview(a).to_json() for a in actions]
    if hand.stage == "go-stop":
        out.append(hand.stop_preview().to_json())
    return json.dumps(out)


def hidden_violations(hand: Hand, rng: random.Random, samples: int = 1) -> list[str]:
    """Messages for every leak or inconsistent sampled world (see the module docstring);
    ``samples`` determinized worlds per seat, drawn with ``rng``."""
    out: list[str] = []
    decider = hand.current_player
    for seat in range(hand.players):
        data = hand.observation(seat).to_json()
        leaked = _tokens(data) & hidden_from(hand, seat)
        if leaked:
            out.append(f"seat {seat} sees hidden cards {' '.join(sorted(leaked))}")
        view = json.dumps(data)
        for _ in range(samples):
            det = hand.determinize(seat, random.Random(rng.randrange(2**32)))
            if json.dumps(det.observation(seat).to_json()) != view:
                out.append(f"a world determinized for seat {seat} disagrees with its observation")
            problems = violations(det)
            if problems:
                out.append(f"a world determinized for seat {seat} breaks: {problems[0]}")
            for s in range(hand.players):
                if s != seat and _quad_at_deal(det, s) and not _quad_at_deal(hand, s):
                    out.append(f"a world determinized for seat {seat} gives seat {s} an undeclared quad")
                if s != seat and _kept_quad_lost(det, s) and not _kept_quad_lost(hand, s):
                    out.append(f"a world determinized for seat {seat} gives seat {s} no quad, which it kept")
            for s, at in det._draw_slots:  # JOKER-4: the card drawn is not hidden anywhere else
                card = det._stock[at]
                elsewhere = det.zones()["stock"]
                for o in range(det.players):
                    if o != s:
                        elsewhere |= det._hands[o]
                if s != seat and elsewhere >> card & 1:
                    out.append(f"a world determinized for seat {seat} has the card seat {s} drew in two places")
            if seat == decider:
                common = sorted({a.text for a in hand.legal_actions()} & {a.text for a in det.legal_actions()})
                if _previews(det, common) != _previews(hand, common):
                    out.append(f"the previews of seat {seat} depend on hidden cards")
    return out


#: Knob overrides that, added to any preset, exercise the in-hand rules beyond the presets
#: (used by the property tests and ``benchmarks/soak.py``). A combination a preset refuses
#: (``RulesError``) is skipped by the callers.
VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"bomb_compensation": "draw_three"},
    {"bomb_skip_timing": "next_two", "bomb_steals_junk": True, "bomb_multiplier": 2},
    {"grenade": "move_only"},
    {"grenade": "steal", "bomb_compensation": "draw_three"},
    {"grenade": "as_bomb", "bomb_steals_junk": True},
    {"joker_stays_with_ppuk": True, "jokers": ["JK1", "JK2", "JK3", "JK1-2"]},
    {"jokers": ["JK1", "JKB", "JKX", "JKP"]},
    {"joker_hand_mode": "reveal_replace", "jokers": ["JK2", "JK3", "JKB"]},
    {"chongtong": "optional", "four_on_table": "dealer_chongtong", "chongtong_tie": "higher_month"},
    {"chongtong_tie": "dealer_first", "four_on_table": "nagari", "chongtong_payment": "target"},
    {"heundeum_must_play": True, "bomb_after_heundeum": True, "heundeum_nov_dec_multiplier": 4},
    {"ja_ppuk_junk": 3, "ja_ppuk_window": "previous_turn"},
    {"last_turn_exception": False, "ja_ppuk_junk": 1},
    {"first_turn_four_bonus": 3, "weol_yak_first_turn": True, "baek_hwa_jeom": True, "boar": "first_turn"},
    {"boar": "pot", "weol_yak_month": True, "missions": True},
    {"heodang_turns": 3, "heodang_payment": 2},
    {"go_decision_trigger": "improved", "stop_target_two_player": 3, "stop_target_three_player": 2},
    {"shodang_eligibility": "no_safe_play"},
    {"shodang_eligibility": "no_safe_play_each", "shodang_window": "rest_of_hand", "nagari_offer_cancels_go_bak": False},
    {"three_ppuk_payment": 0, "first_turn_ppuk_payment": 0, "oe_myeon_exceptions": False},
    {"flex_card": "05A", "four_birds": True, "stop_target_two_player": 5},
    # the knobs added with the matgo preset (issue 19), under every preset
    {"go_scheme": "matgo", "pi_bak_zero_exempt": True, "nagari_multiplier_cap": 2, "joker_steals_junk": True,
     "jokers": ["JK2", "JK2-2", "JK3", "JKB"], "last_turn_exception_stacks": True, "fixed_wins_carry": True,
     "final_turn_auto_stop": True, "surrender_lowest_first": True},
)
