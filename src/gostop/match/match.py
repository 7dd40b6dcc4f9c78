"""A match: a series of hands at one table (RULES.md 2.3 MATCH, 2.15 GWANG, 2.16 GOO-17/18/21).

:class:`Match` is a state machine like the engine's hand, so bots, the terminal game and the web
game drive it the same way::

    match = Match(rules, ["Ann", "Bo", "Cy"], seed=7)
    while not match.is_over:
        seat = match.current_seat                  # table seat that must decide
        action = choose(match.legal_actions())     # table decisions or the hand's actions
        events = match.apply(action)
    match.standings

Table seats are 0..n-1 in playing order (GEN-2), in the order the players were given. The hand
of the moment (:attr:`hand`) has its own seats: hand seat 0 is its dealer, then the other active
players in table order (:attr:`hand_seats` maps hand seat -> table seat).

Decisions the match itself asks for (DEC-1..DEC-4, :mod:`gostop.match.actions`): the cutter's
cut before every deal (``ask_cut``; DEAL-1: in a 2-player deal the opponent, otherwise the last
seat of the deal, the dealer's left), the goo-stupe list order (GOO-17, DEC-2), the gwangpalli
stay/drop announcements (GWANG-3, DEC-3) and the compensation claims of forced-out players who
hold a paid card (GWANG-5/6, DEC-4), and with ``push_limit`` on the winner's push or collect
after a hand won by a stop (VAR-PUSH, phase ``push``). Everything else is the engine's.

VAR-PUSH (milgi, 밀기): the winner of a hand won by a stop may push instead of collecting: the
hand's settlement is forgone (no chips change hands for it; the fixed payments made during the
hand stand) and the next hand's settlement is doubled once per consecutive push (settlement
context ``pushes``). Pushes count per hand, whoever pushes; at most ``push_limit`` in a row. A
nagari keeps them (the carry doubles on its own), the next hand with a winner consumes them. No
push is offered on the last hand of a match of fixed length (the forgone chips could never be
won back), in a shots match, or after a win by a fixed payment (chongtong, three ppuk: no
settlement to forgo).

Seeds: every random draw comes from the match seed (:mod:`gostop.match.seeds`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.cards import deck_cards
from gostop.engine import MISSIONS, Action, Hand, IllegalActionError
from gostop.limits import MAX_NAGARI_BEFORE
from gostop.match.actions import MatchAction
from gostop.match.errors import IllegalMatchActionError, MatchError
from gostop.match.gwangpalli import (
    SEVEN,
    DropOut,
    compensation_amount,
    deal_seated,
    eligible_cards,
    has_triple,
    rebuild_stock,
)
from gostop.match.ledger import Ledger, LedgerEntry, Standing, standings
from gostop.match.rotation import Rotation
from gostop.match.seating import FirstDealer, Player, check_table, choose_first_dealer
from gostop.match.seeds import derive_seed, derived_rng
from gostop.record import Deal, HandRecord, result_summary
from gostop.rules import Rules

__all__ = ["Match", "MatchEvent", "DealLog", "Claim"]

#: Phases of a match.
PHASES = ("list", "cut", "drop", "claim", "hand", "push", "over")


@dataclass(frozen=True)
class MatchEvent:
    """Something that happened at the table.

    Match-level types: ``first-dealer``, ``list``, ``deal``, ``cut``, ``iris-out``, ``stay``,
    ``drop``, ``forced-in``, ``forced-out``, ``claim``, ``compensation``, ``hand-start``,
    ``push``, ``collect`` (VAR-PUSH), ``hand-end``, ``match-end``. An event of the hand is wrapped with ``type = "hand"``: its
    ``seat`` is the table seat and ``hand_event`` the engine's event (whose own seat is the hand
    seat).
    """

    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    hand_event: Any = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, **self.data}
        if self.hand_event is not None:
            out["event"] = self.hand_event.to_json()
        return out


@dataclass(frozen=True)
class Claim:
    """A gwangpalli compensation claim (GWANG-6): ``amount`` is what each payer owes."""

    seat: int
    cards: tuple[str, ...]
    triple: bool
    amount: int
    after_nagari: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": list(self.cards), "triple": self.triple, "amount": self.amount}


@dataclass
class DealLog:
    """One deal of the match, for the record: who played, the gwangpalli phase, the hand."""

    index: int
    dealer: int
    seats: tuple[int, ...]
    seed: int
    cut: int | None = None
    full: bool = False
    seated_deal: dict[str, Any] | None = None
    announcements: list[tuple[int, str]] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    hand_seats: tuple[int, ...] = ()
    hand_record: HandRecord | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal": self.index,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "seed": self.seed,
            "cut": self.cut,
        }
        if self.full:
            out["seated_deal"] = self.seated_deal
            out["announcements"] = [[s, a] for s, a in self.announcements]
            out["claims"] = [c.to_json() for c in self.claims]
        out["hand_seats"] = list(self.hand_seats)
        out["hand"] = self.hand_record.to_json() if self.hand_record is not None else None
        return out


class Match:
    """A series of hands at one table (see the module docstring).

    Args:
        rules: the rules of every hand and of the match.
        players: 2 or more names or :class:`Player` values (ages needed for ``oldest``).
        seed: the match seed (every deal, draw and shuffle derives from it).
        hands_limit: a cap on counted hands on top of the rules: the agreed length of an
            open-ended match (``match_hands = null``, GOO-21) or a safety cap for
            ``match_target_chips``. ``None``: no cap (an open-ended match then runs until
            :meth:`close`).
        ask_cut: ask the cutter before every deal (DEC-1); ``False`` deals without a cut.
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[Player | str],
        seed: int,
        *,
        hands_limit: int | None = None,
        ask_cut: bool = True,
    ) -> None:
        self.rules = rules
        self.players: tuple[Player, ...] = tuple(p if isinstance(p, Player) else Player(p) for p in players)
        check_table(rules, self.players)
        if hands_limit is not None and hands_limit < 1:
            raise MatchError(f"hands_limit must be at least 1, got {hands_limit}")
        self.seed = seed
        self.hands_limit = hands_limit
        self.ask_cut = ask_cut
        self.n = len(self.players)
        self.names = tuple(p.name for p in self.players)
        self.deck_size = len(deck_cards(rules.jokers))
        self.gwangpalli = rules.multi_player_mode == "gwangpalli" and self.n > 3
        self.rotating = rules.multi_player_mode == "rotation" and self.n > 3
        self.shots_unit = rules.payment_unit == "shots"
        self.ledger = Ledger(self.n)
        self.history: list[str] = []
        self.deals: list[DealLog] = []
        self.hands_played = 0
        self.carry = 0  # k of MATCH-5
        self.pushes = 0  # VAR-PUSH: consecutive pushes before the coming hand
        self._push_winner: int | None = None  # the winner deciding push or collect
        self.end_reason: str | None = None
        self.phase = "cut"
        self.rotation: Rotation | None = None
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.start_events: list[MatchEvent] = []
        # gwangpalli state
        self._same_three: tuple[int, ...] | None = None  # GWANG-10/11 redeal to these (dealer first)
        self._pending: list[Claim] = []  # end_by_losers claims not yet paid (GWANG-7)
        self._drop: DropOut | None = None
        self._seated_hands: list[list[str]] = []
        self._seated_layout: list[str] = []
        self._seated_rest: list[str] = []
        self._claim_queue: list[int] = []
        self._parts: dict[str, list[int]] = {}
        self._shots: list[int] = [0] * self.n
        self._log: DealLog | None = None
        self._cutter: int | None = None

        self.first_dealer: FirstDealer = choose_first_dealer(rules, self.players, derived_rng(seed, "first-dealer"))
        self.dealer = self.first_dealer.seat
        self.start_events.append(
            MatchEvent(
                "first-dealer",
                self.dealer,
                {"method": self.first_dealer.method, "draws": [d.to_json() for d in self.first_dealer.draws]},
            )
        )
        self._list: list[int] = []
        if self.rotating:
            # GOO-17 / DEC-2: the first dealer heads the list and orders the other names.
            self._list = [self.dealer]
            self.phase = "list"
        else:
            self.start_events.extend(self._start_deal())

    # -- reading the state ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def current_seat(self) -> int | None:
        """The table seat that must decide now (None when the match is over)."""
        if self.phase == "list":
            return self._list[0]
        if self.phase == "cut":
            return self._cutter
        if self.phase == "drop":
            assert self._drop is not None
            d = self._drop.to_decide
            return None if d is None else self._table(d)
        if self.phase == "claim":
            return self._table(self._claim_queue[0])
        if self.phase == "hand":
            assert self.hand is not None
            p = self.hand.current_player
            return None if p is None else self.hand_seats[p]
        if self.phase == "push":
            return self._push_winner
        return None

    def legal_actions(self) -> list[Any]:
        """The legal actions of :attr:`current_seat`: :class:`MatchAction` or engine actions."""
        if self.phase == "list":
            return [MatchAction("list", s) for s in range(self.n) if s not in self._list]
        if self.phase == "cut":
            return [MatchAction("no-cut")] + [MatchAction("cut", c) for c in range(1, self.deck_size)]
        if self.phase == "drop":
            return [MatchAction("stay"), MatchAction("drop")]
        if self.phase == "claim":
            cards = self._seated_hands[self._claim_queue[0]]
            out = [MatchAction("claim")]
            if has_triple(cards):
                out.append(MatchAction("claim-triple"))
            return out + [MatchAction("no-claim")]
        if self.phase == "hand":
            assert self.hand is not None
            return list(self.hand.legal_actions())
        if self.phase == "push":
            return [MatchAction("push"), MatchAction("collect")]  # VAR-PUSH
        return []

    @property
    def standings(self) -> tuple[Standing, ...]:
        """MATCH-7: chips (most first), or in a shots match the fewest shots first."""
        return standings(self.names, self.ledger, self.shots_unit)

    @property
    def paid_this_deal(self) -> tuple[int, ...]:
        """The fixed payments (PAY-12) made so far in the latest deal, per table seat (+
        received, - paid): the gwangpalli compensation paid at once (GWANG-7 ``immediate``),
        before its hand ends. The ledger counts them once that deal ends (its last entry is then
        that deal's); all 0 at a table paid in shots (the payers take shots) and before a deal."""
        paid = self._parts.get("compensation")
        if self.shots_unit or not paid:
            return (0,) * self.n
        return tuple(paid)

    @property
    def list_order(self) -> tuple[int, ...]:
        """The goo-stupe list (table seats), empty when there is none."""
        return tuple(self._list) if self.rotation is not None else ()

    @property
    def push_stake(self) -> int:
        """VAR-PUSH: the settlement the winner forgoes by pushing now (0 outside a push decision)."""
        if self.phase != "push" or self.hand is None or self.hand.result is None:
            return 0
        settlement = self.hand.result.settlement
        return 0 if settlement is None else settlement.total

    @property
    def hands_left(self) -> int | None:
        """Counted hands still to play after the current one (None: open-ended or by target)."""
        by_hands = self.rules.match_hands if self.rules.match_target_chips is None else None
        caps = [c for c in (by_hands, self.hands_limit) if c is not None]
        if not caps:
            return None
        current = 1 if self.phase in ("hand", "push") else 0
        return max(0, min(caps) - self.hands_played - current)

    def hand_seat(self, table_seat: int) -> int | None:
        """The hand seat of a table seat in the current hand, or None if not active."""
        return self.hand_seats.index(table_seat) if table_seat in self.hand_seats else None

    def dealt_cards(self, table_seat: int) -> tuple[str, ...]:
        """What ``table_seat`` holds during a gwangpalli stay/drop or claim phase (its own view)."""
        if self.phase not in ("drop", "claim"):
            return ()
        return tuple(self._seated_hands[(table_seat - self.dealer) % self.n])

    @property
    def entries(self) -> list[LedgerEntry]:
        return self.ledger.entries

    # -- acting ------------------------------------------------------------------------------

    def apply(self, action: MatchAction | Action | str) -> list[MatchEvent]:
        """Apply the decision of :attr:`current_seat`; returns what happened.

        Raises :class:`IllegalMatchActionError` (state untouched) for an action that is not legal.
        """
        if self.phase == "over":
            raise IllegalMatchActionError(f"the match is over ({self.end_reason}); no action is legal")
        if self.phase == "hand":
            return self._apply_hand(action)
        if isinstance(action, str):
            try:
                parsed = MatchAction.parse(action)
            except ValueError as exc:
                raise IllegalMatchActionError(f"{action!r}: {exc}; legal: {self._legal_text()}") from None
        elif isinstance(action, MatchAction):
            parsed = action
        else:
            raise IllegalMatchActionError(f"{action} is a hand action; legal now: {self._legal_text()}")
        if parsed not in self.legal_actions():
            raise IllegalMatchActionError(
                f"{parsed} is not legal for seat {self.current_seat} ({self.phase}); legal: {self._legal_text()}"
            )
        self.history.append(str(parsed))
        if self.phase == "list":
            return self._apply_list(parsed)
        if self.phase == "cut":
            return self._apply_cut(parsed)
        if self.phase == "drop":
            return self._apply_drop(parsed)
        if self.phase == "push":
            return self._apply_push(parsed)
        return self._apply_claim(parsed)

    def close(self) -> list[MatchEvent]:
        """End the match between hands (GOO-21: play goes on as long as the players wish).

        Allowed while no payment of the coming deal has been made and its hand has no action;
        raises :class:`IllegalMatchActionError` otherwise.
        """
        if self.phase == "over":
            return []
        started = self.phase == "claim" or any(any(v) for v in self._parts.values())
        if self.phase in ("hand", "push"):
            assert self.hand is not None
            started = started or bool(self.hand.history) or self.phase == "push"
        if started:
            raise IllegalMatchActionError("a match can only be closed between hands")
        if self._log is not None and self.deals and self.deals[-1] is self._log:
            self.deals.pop()
        self.hand = None
        self.hand_seats = ()
        return self._end("closed")

    def _legal_text(self) -> str:
        acts = self.legal_actions()
        shown = ", ".join(str(a) for a in acts[:12])
        return shown + (f", ... ({len(acts)} in all)" if len(acts) > 12 else "")

    def _table(self, deal_seat: int) -> int:
        return (self.dealer + deal_seat) % self.n

    # -- the goo-stupe list (GOO-17, DEC-2) --------------------------------------------------

    def _apply_list(self, action: MatchAction) -> list[MatchEvent]:
        assert action.value is not None
        self._list.append(action.value)
        events = [MatchEvent("list", self._list[0], {"next": action.value})]
        if len(self._list) == self.n - 1:
            self._list.append(next(s for s in range(self.n) if s not in self._list))
        if len(self._list) == self.n:
            self.rotation = Rotation(self._list)
            events.append(MatchEvent("list", self._list[0], {"order": list(self._list)}))
            events.extend(self._start_deal())
        return events

    # -- a new deal --------------------------------------------------------------------------

    def _deal_seats(self) -> tuple[tuple[int, ...], bool]:
        """Table seats of the coming deal (dealer first, playing order) and whether it is a
        gwangpalli deal to every seated player."""
        if self.gwangpalli:
            if self._same_three is not None:
                return self._same_three, False
            return tuple(self._table(d) for d in range(self.n)), True
        active = self.rotation.active if self.rotation is not None else set(range(self.n))
        return tuple(sorted(active, key=lambda s: (s - self.dealer) % self.n)), False

    def _start_deal(self) -> list[MatchEvent]:
        seats, full = self._deal_seats()
        index = len(self.deals)
        self._log = DealLog(index=index, dealer=self.dealer, seats=seats, seed=derive_seed(self.seed, "deal", index), full=full)
        self.deals.append(self._log)
        self._parts = {"hand": [0] * self.n, "compensation": [0] * self.n}
        self._shots = [0] * self.n
        events = [MatchEvent("deal", self.dealer, {"deal": index, "seats": list(seats), "carry": self.carry})]
        self._cutter = seats[-1]  # DEAL-1: the opponent (2 players) or the dealer's left
        if self.ask_cut:
            self.phase = "cut"
            return events
        return events + self._after_cut(None)

    def _apply_cut(self, action: MatchAction) -> list[MatchEvent]:
        cut = action.value if action.kind == "cut" else None
        return [MatchEvent("cut", self._cutter, {"depth": cut})] + self._after_cut(cut)

    def _after_cut(self, cut: int | None) -> list[MatchEvent]:
        log = self._log
        assert log is not None
        log.cut = cut
        if not log.full:
            hand = Hand.new(
                self.rules,
                len(log.seats),
                log.seed,
                nagari_before=self.carry,
                cut=cut,
                boar_pot=self.ledger.pot,
                pushes=self.pushes,
            )
            log.hand_record = HandRecord(
                rules=self.rules,
                players=len(log.seats),
                seed=log.seed,
                cut=cut,
                nagari_before=self.carry,
                seats=tuple(self.names[s] for s in log.seats),
                pushes=self.pushes,
            )
            return self._start_hand(hand, log.seats)
        # GWANG-2: deal every seated player; the layout stays face down.
        deck = [c.code for c in deck_cards(self.rules.jokers)]
        random.Random(log.seed).shuffle(deck)  # the engine's shuffle (Hand.new), see seeds.py
        if cut:
            deck = deck[cut:] + deck[:cut]
        hands, layout, rest = deal_seated(self.rules, self.n, deck)
        self._seated_hands, self._seated_layout, self._seated_rest = hands, layout, rest
        log.seated_deal = {"hands": [list(h) for h in hands], "layout": list(layout), "stock": list(rest)}
        iris: tuple[int, ...] = ()
        if self.n == SEVEN and self.rules.seven_player_iris_out:
            iris = tuple(d for d in range(1, self.n) if "05A" in hands[d])  # GWANG-4
        self._drop = DropOut(self.n, iris)
        events = self._forced_events([(d, "iris-out") for d in iris])
        events += self._forced_events(self._drop.forced)
        return events + self._after_announcement()

    def _forced_events(self, forced: Sequence[tuple[int, str]]) -> list[MatchEvent]:
        assert self._log is not None
        out = []
        for d, status in forced:
            self._log.announcements.append((self._table(d), status))
            out.append(MatchEvent(status, self._table(d)))
        return out

    # -- gwangpalli: stay / drop (GWANG-3) and claims (GWANG-5/6/7) -------------------------

    def _apply_drop(self, action: MatchAction) -> list[MatchEvent]:
        drop = self._drop
        assert drop is not None and self._log is not None
        d = drop.to_decide
        assert d is not None
        forced = drop.decide(d, action.kind == "stay")
        self._log.announcements.append((self._table(d), action.kind))
        events = [MatchEvent(action.kind, self._table(d))] + self._forced_events(forced)
        return events + self._after_announcement()

    def _after_announcement(self) -> list[MatchEvent]:
        drop = self._drop
        assert drop is not None
        if drop.to_decide is not None:
            self.phase = "drop"
            return []
        # GWANG-5: forced-out players holding a paid card may claim, in seat order.
        self._claim_queue = [
            d for d in drop.forced_out if eligible_cards(self.rules, self._seated_hands[d], self.n)
        ]
        return self._next_claim()

    def _next_claim(self) -> list[MatchEvent]:
        if self._claim_queue:
            self.phase = "claim"
            return []
        return self._start_gwangpalli_hand()

    def _apply_claim(self, action: MatchAction) -> list[MatchEvent]:
        drop, log = self._drop, self._log
        assert drop is not None and log is not None
        d = self._claim_queue.pop(0)
        seat = self._table(d)
        if action.kind == "no-claim":
            return [MatchEvent("claim", seat, {"claimed": False})] + self._next_claim()
        cards = self._seated_hands[d]
        triple = action.kind == "claim-triple"
        claim = Claim(
            seat,
            eligible_cards(self.rules, cards, self.n),
            triple,
            compensation_amount(self.rules, cards, self.n, show_triple=triple),
        )
        log.claims.append(claim)
        events = [MatchEvent("claim", seat, {"claimed": True, **claim.to_json()})]
        if self.rules.compensation_timing == "immediate":
            # GWANG-7: each of the two non-dealer active players pays at once.
            payers = [self._table(a) for a in drop.active if a != 0]
            events += self._pay_claim(claim, payers)
        else:
            self._pending.append(claim)
        return events + self._next_claim()

    def _pay_claim(self, claim: Claim, payers: Sequence[int]) -> list[MatchEvent]:
        amount = claim.amount * (2 if claim.after_nagari else 1)
        events = []
        for payer in payers:
            self._transfer("compensation", payer, claim.seat, amount)
            events.append(MatchEvent("compensation", payer, {"to": claim.seat, "amount": amount}))
        return events

    def _transfer(self, part: str, payer: int, payee: int, amount: int) -> None:
        """A fixed payment (PAY-12: never multiplied by the carry). Shots: the payer takes them."""
        if self.shots_unit:
            self._shots[payer] += amount
            return
        vec = self._parts[part]
        vec[payer] -= amount
        vec[payee] += amount

    def _start_gwangpalli_hand(self) -> list[MatchEvent]:
        drop, log = self._drop, self._log
        assert drop is not None and log is not None
        active = drop.active
        dropped = [self._seated_hands[d] for d in drop.out]
        layout, stock = rebuild_stock(
            derived_rng(self.seed, "stock", log.index), self._seated_rest, dropped, seven=self.n == SEVEN
        )
        if layout is None:
            layout = list(self._seated_layout)
        hands = [list(self._seated_hands[d]) for d in active]
        seats = tuple(self._table(d) for d in active)
        deal = Deal(tuple(tuple(h) for h in hands), tuple(layout), tuple(stock))
        log.hand_record = HandRecord(
            rules=self.rules,
            players=3,
            deal=deal,
            nagari_before=self.carry,
            seats=tuple(self.names[s] for s in seats),
            pushes=self.pushes,
        )
        # VAR-WEOLYAK-MONTH / VAR-MISSION: drawn as Hand.new would, from the match's RNG.
        draws = derived_rng(self.seed, "draws", log.index)
        month = draws.randint(1, 12) if self.rules.weol_yak_month else None
        mission = None
        if self.rules.missions:
            lo, hi = self.rules.mission_multiplier_range
            mission = (MISSIONS[draws.randrange(len(MISSIONS))][0], draws.randint(lo, hi))
        hand = Hand.from_deal(
            self.rules,
            hands,
            layout,
            stock,
            nagari_before=self.carry,
            boar_pot=self.ledger.pot,
            weol_yak_month=month,
            mission=mission,
            pushes=self.pushes,
        )
        self._drop = None
        return self._start_hand(hand, seats)

    # -- the hand ----------------------------------------------------------------------------

    def _start_hand(self, hand: Hand, seats: tuple[int, ...]) -> list[MatchEvent]:
        assert self._log is not None
        self.hand = hand
        self.hand_seats = seats
        self._log.hand_seats = seats
        self.phase = "hand"
        data: dict[str, Any] = {"seats": list(seats), "carry": self.carry}
        if self.pushes:
            data["pushes"] = self.pushes  # VAR-PUSH
        events = [MatchEvent("hand-start", self.dealer, data)]
        for ev in getattr(hand, "deal_events", ()) or ():
            events.append(self._wrap(ev))
        if hand.is_over:
            events += self._finish_hand()
        return events

    def _wrap(self, ev: Any) -> MatchEvent:
        seat = getattr(ev, "seat", None)
        return MatchEvent("hand", None if seat is None else self.hand_seats[seat], hand_event=ev)

    def _apply_hand(self, action: MatchAction | Action | str) -> list[MatchEvent]:
        hand = self.hand
        assert hand is not None
        if isinstance(action, MatchAction):
            raise IllegalMatchActionError(f"{action} is not a hand action; the hand is being played")
        if isinstance(action, str):
            try:
                parsed = Action.parse(action)
            except ValueError as exc:
                raise IllegalMatchActionError(f"{action!r}: {exc}") from None
        else:
            parsed = action
        try:
            evs = hand.apply(parsed)
        except IllegalActionError as exc:
            raise IllegalMatchActionError(str(exc)) from None
        self.history.append(str(parsed))
        events = [self._wrap(ev) for ev in evs]
        if hand.is_over:
            events += self._finish_hand()
        return events

    def _finish_hand(self) -> list[MatchEvent]:
        hand, log = self.hand, self._log
        assert hand is not None and log is not None and log.hand_record is not None
        result = hand.result
        assert result is not None
        seats = self.hand_seats
        log.hand_record.actions = [str(a) for a in hand.history]
        log.hand_record.result = result_summary(result)
        pot = [0] * self.n
        for h, t in enumerate(seats):
            self._parts["hand"][t] += result.chips[h]
            self._shots[t] += result.shots[h]
            pot[t] += result.pot_chips[h]  # VAR-BOAR pot: antes and the pot taken
        self._parts["pot"] = pot
        if result.void:
            outcome, winner = "void", None
        elif result.winner is None:
            outcome, winner = "nagari", None
        else:
            outcome, winner = "win", seats[result.winner]
        if outcome == "win" and self._push_offered(result):
            assert winner is not None
            self._push_winner = winner
            self.phase = "push"  # VAR-PUSH: the winner decides before the ledger line
            return []
        return self._close_hand(outcome, winner)

    def _push_offered(self, result: Any) -> bool:
        """VAR-PUSH: may the winner of this hand push (see the module docstring)?"""
        rules = self.rules
        if rules.push_limit <= 0 or self.pushes >= rules.push_limit or self.shots_unit:
            return False
        if result.settlement is None or result.settlement.total <= 0:
            return False  # a win by a fixed payment: nothing to forgo
        left = self.hands_left
        return left is None or left > 0

    def _apply_push(self, action: MatchAction) -> list[MatchEvent]:
        """VAR-PUSH: the winner pushes (forgoes the settlement) or collects."""
        hand = self.hand
        winner = self._push_winner
        assert hand is not None and hand.result is not None and winner is not None
        self._push_winner = None
        if action.kind == "collect":
            return [MatchEvent("collect", winner, {"pushes": self.pushes})] + self._close_hand("win", winner)
        result = hand.result
        assert result.settlement is not None
        forgone = [0] * self.n
        for opp, pay in zip(result.opponents, result.settlement.payments, strict=True):
            forgone[self.hand_seats[opp]] -= pay
            forgone[winner] += pay
        part = self._parts["hand"]
        self._parts["hand"] = [p - f for p, f in zip(part, forgone, strict=True)]
        amount = forgone[winner]
        event = MatchEvent("push", winner, {"pushes": self.pushes + 1, "forgone": amount})
        return [event] + self._close_hand("win", winner, pushed=amount)

    def _close_hand(self, outcome: str, winner: int | None, pushed: int = 0) -> list[MatchEvent]:
        """The ledger line of the finished hand, then the next deal or the end of the match."""
        hand, log = self.hand, self._log
        assert hand is not None and log is not None
        result = hand.result
        assert result is not None
        seats = self.hand_seats
        events: list[MatchEvent] = []
        # GWANG-7 end_by_losers: the losers of a hand with a winner pay what waits.
        if outcome == "win" and self._pending:
            losers = [s for s in seats if s != winner]
            for claim in self._pending:
                events += self._pay_claim(claim, losers)
            self._pending = []
        counted = outcome != "void"  # MATCH-2
        if counted:
            self.hands_played += 1
        entry = self.ledger.add(
            deal=log.index,
            hand=self.hands_played if counted else None,
            dealer=self.dealer,
            active=seats,
            outcome=outcome,
            winner=winner,
            reason=result.reason,
            carry=self.carry,
            parts=self._parts,
            shots=self._shots,
            pot=result.boar_pot,  # carried into the next deal
            pushes=self.pushes,
            pushed=pushed,
        )
        events.append(MatchEvent("hand-end", winner, {"ledger": entry.to_json()}))
        self.hand = None
        self.phase = "hand"  # between hands (a new deal or the end follows at once)
        if outcome == "win":
            # VAR-PUSH: a push adds one to the run; any other win consumes it.
            self.pushes = self.pushes + 1 if pushed else 0
        end = self._next_dealer(outcome, winner, seats)
        if end is None and counted:
            end = self._length_reached()
        if end is not None:
            return events + self._end(end)
        return events + self._start_deal()

    def _next_dealer(self, outcome: str, winner: int | None, seats: tuple[int, ...]) -> str | None:
        """MATCH-4/5/6, GWANG-10/11/12, GOO-17 after a deal; returns an end reason or None."""
        if outcome == "win":
            assert winner is not None
            self.carry = 0
            self._same_three = None
            if self.rotation is not None:
                self.dealer = self.rotation.replace(winner)  # GOO-17: the newcomer deals
            else:
                self.dealer = winner  # MATCH-4, GWANG-12
            return None
        # A nagari or a void deal: the same dealer deals again.
        if self.gwangpalli:
            if outcome == "void" or self.rules.nagari_redeal == "same_three":
                self._same_three = seats  # GWANG-10 same_three, GWANG-11
            else:
                self._same_three = None  # GWANG-10 all_players: a new drop-out phase
                self._pending = []  # ... and no compensation for that nagari's drop-outs
        if outcome == "void":
            return None  # MATCH-5: k unchanged
        # MATCH-5: k counts on, but stops at the documented ceiling of gostop.limits (the
        # multiplier of 2**100 is beyond any table; the settlement refuses more).
        self.carry = min(self.carry + 1, MAX_NAGARI_BEFORE)
        if self._pending:
            # compensation that waits through a nagari is doubled (once).
            self._pending = [
                Claim(c.seat, c.cards, c.triple, c.amount, after_nagari=True) for c in self._pending
            ]
        limit = self.rules.nagari_limit
        if limit is not None and self.carry >= limit:
            if self.rules.nagari_limit_action == "end_match":
                return "nagari_limit"  # MATCH-6: no further payment
            self.carry = 0
        return None

    def _length_reached(self) -> str | None:
        """MATCH-1 after a counted hand."""
        target = self.rules.match_target_chips
        if target is not None:
            if max(self.ledger.totals) >= target:
                return "target_chips"
        elif self.rules.match_hands is not None and self.hands_played >= self.rules.match_hands:
            return "match_hands"
        if self.hands_limit is not None and self.hands_played >= self.hands_limit:
            return "hands_limit"
        return None

    def _end(self, reason: str) -> list[MatchEvent]:
        self.phase = "over"
        self.end_reason = reason
        self._pending = []
        self._log = None
        return [
            MatchEvent(
                "match-end",
                None,
                {"reason": reason, "standings": [s.to_json() for s in self.standings]},
            )
        ]
