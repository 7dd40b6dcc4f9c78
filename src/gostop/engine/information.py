"""What a seat may know, sampled worlds, and read-only views of a hand.

:meth:`Information.observation` (see :mod:`~gostop.engine.observation`: a seat's own hand and
everything public, never another seat's hidden card or the stock order),
:meth:`Information.determinize` (a world consistent with one seat's observation, for search),
and the read-only properties and views (history, events, zones for invariant checks).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from gostop.cards import Card

from .actions import Action
from .deal import MISSIONS
from .events import PRIVATE_EVENT_TYPES, Event
from .observation import Observation, StackInfo
from .stages import (
    CHONGTONG,
    PICK_HAND,
    PICK_STOCK,
    STAGES,
    SURRENDER,
)
from .state import HandState, month_of_pos
from .tables import M48, NIB1, bits, nibble_counts

__all__ = ["DETERMINIZE_TRIES", "REDEAL_TRIES", "DeterminizePlan", "DrawFacts", "Information"]

#: How many times ``determinize`` deals again a sample that contradicts the public facts.
DETERMINIZE_TRIES = 100


@dataclass(frozen=True)
class DeterminizePlan:
    """What :meth:`Information.determinize` deals for ``seat``, before any random draw.

    ``hidden``: per seat, the hand cards ``seat`` cannot see (0 for ``seat``); ``pool``: the
    cards re-dealt, in the order ``determinize`` shuffles them (the stock not yet turned, then
    each other seat's hidden cards by deck index); ``avoid``: per seat, the cards of the pool
    it is believed not to hold (all 0 when the belief is dropped); ``need_quad``: seats that
    must be dealt a quad (DEC-5 pending); ``no_quad``: the seats known to have held no quad at
    the deal, each with the month cards it has played from hand since; ``draws``: the JOKER-4
    draws of the other seats, ``(seat, stock position)``, whose cards are dealt again too;
    ``kept_quad``: the seats that kept a quad at the deal (DEC-5, ``keep-quad``) and have not
    shown all of it, each with its cards everybody knows (played from hand, or shown): a world
    deals each a quad again; ``draw_facts``: what the events tell of ``draws``.
    """

    seat: int
    hidden: tuple[int, ...]
    pool: tuple[int, ...]
    avoid: tuple[int, ...]
    need_quad: tuple[int, ...]
    no_quad: dict[int, int]
    draws: tuple[tuple[int, int], ...] = ()
    kept_quad: dict[int, int] = dataclasses.field(default_factory=dict)
    draw_facts: tuple[DrawFacts, ...] = ()


class Information(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: observations, determinize, read-only views."""

    __slots__ = ()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :class:`Observation`)."""
        n = self.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        t = self._t
        cards = t.cards
        st = self._stage
        choosing: Card | None = None
        choice: tuple[Card, ...] = ()
        if st in (PICK_HAND, PICK_STOCK):
            choosing = t.deck[self._pick_card]
            choice = cards(self._pick_options)
        debt: dict[str, Any] | None = None
        if st == SURRENDER:
            item = self._debt_queue[0]
            debt = {"debtor": item[1], "creditor": self._mover, "junk": item[2], "for": self._turn_events[item[3]]}
        private = PRIVATE_EVENT_TYPES
        history = [e if e.seat == seat or e.type not in private else e.redacted() for e in self._events]
        stacks = tuple(
            StackInfo(
                month=m + 1,
                owner=None if owner < 0 else owner,
                made_on_turn=made,
                cards=cards((self._layout & (0xF << (4 * m))) | jk),
            )
            for m, (owner, made, jk) in sorted(self._stacks.items())
        )
        shown = tuple(
            cards(self._hands[s]) if s == seat else cards(self._shown_in_hand(s)) for s in range(n)
        )
        mission = None
        if self._mission_index >= 0:
            name, codes = MISSIONS[self._mission_index]
            mission = (name, codes, self._mission_multiplier)
        result = self._result
        return Observation(
            seat=seat,
            players=n,
            preset=self.rules.preset,
            rules=self.rules.to_dict(),
            stage=STAGES[st],
            current_player=self.current_player,
            mover=self._mover,
            turn=self._turn_no,
            own_turns=tuple(self._own_turns),
            hand=cards(self._hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            shown_hand_cards=shown,
            exposed=tuple(self._exposed),
            declared_months=tuple(tuple(month_of_pos(p) for p in bits(d)) for d in self._declared_months),
            shown_quads=tuple(tuple(month_of_pos(p) for p in bits(q)) for q in self._shown_quads),
            layout=cards(self._layout),
            stacks=stacks,
            pending=cards(self._pending | self._pair_jokers),
            choosing_for=choosing,
            choice=choice,
            debt=debt,
            captures=tuple(cards(c) for c in self._caps),
            stock_size=len(self._stock) - self._stock_pos,
            skip_allowance=tuple(self._skip_allowance),
            goes=tuple(self._goes),
            last_go_points=tuple(self._last_go_points),
            stop_points=tuple(self.stop_points(s) for s in range(n)),
            ppuk=tuple(self._ppuk_count),
            bombs=tuple(self._bomb_count),
            refusals=self._refusals,
            weol_yak_month=self._weol_yak_month,
            mission=mission,
            nagari_before=self._nagari_before,
            boar_pot=self._boar_pot_in,
            chips=result.chips if result is not None else tuple(self._chips),
            shots=result.shots if result is not None else tuple(self._shots),
            history=tuple(history),
            result=result,
            pushes=self._pushes,
        )

    def determinize_plan(self, seat: int, forbid: Sequence[int] | None = None) -> DeterminizePlan:
        """What :meth:`determinize` re-deals for ``seat``, before any random draw (for a
        compiled sampler that must deal exactly as it does: :mod:`gostop.fast.worlds`)."""
        n = self.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        hidden = [0] * n
        base_pool: list[int] = list(self._stock[self._stock_pos :])
        for s in range(n):
            if s != seat:
                hidden[s] = self._hands[s] & ~self._shown_in_hand(s)
                base_pool.extend(bits(hidden[s]))
        need_quad = [s for s in self._chongtong_queue if s != seat] if self._stage == CHONGTONG else []
        no_quad = self._quadless_at_deal(seat, need_quad)
        pool_all = 0
        for i in base_pool:
            pool_all |= 1 << i
        avoid = [0] * n
        kept_quad = self._kept_quads(seat, need_quad)
        if forbid is not None and not need_quad and not kept_quad:
            avoid = [0 if s == seat else forbid[s] & pool_all for s in range(n)]
            if any((pool_all & ~avoid[s]).bit_count() < hidden[s].bit_count() for s in range(n) if s != seat):
                avoid = [0] * n
        draws = tuple(d for d in self._draw_slots if d[0] != seat)
        facts = _draw_facts(self, draws) if draws else ()
        return DeterminizePlan(
            seat, tuple(hidden), tuple(base_pool), tuple(avoid), tuple(need_quad), no_quad, draws, kept_quad, facts
        )

    def determinize(self, seat: int, rng: random.Random, forbid: Sequence[int] | None = None) -> Self:
        """A full copy consistent with ``observation(seat)``: every card ``seat`` cannot see
        (other seats' unshown hand cards and the stock) is re-dealt at random with ``rng``.

        ``forbid`` (one deck mask per seat, optional): cards believed not to be in that seat's
        hand (a search's inference from its plays); they are dealt elsewhere (another hand, the
        stock), every deal that meets the belief as likely as any other (a first-fit deal, then
        random swaps: ``_mix_avoiding``). A belief the hidden cards cannot satisfy (too few
        cards left for a hand) is dropped, and so is one that no sample satisfies within the
        tries below.

        Hand sizes, shown cards and everything public stay as they are, so
        ``det.observation(seat) == hand.observation(seat)``. While quad holders still decide
        DEC-5 (``chongtong = optional``), the deciding seat keeps a quad (chosen at random
        among the months the observer cannot see), and a seat that kept one (``keep-quad``) is
        dealt the unseen cards of a quad again. A seat that declared no chongtong and kept no
        quad held no quad at the deal (DEAL-7): a sample that would give it one (for instance
        the unseen fourth card of a month it shook) is dealt again (up to
        :data:`DETERMINIZE_TRIES` times; then the last sample is kept). The card another seat
        drew into its hand (JOKER-4) is one it may have drawn in the sample (``_redeal_draws``).
        """
        n = self.players
        plan = self.determinize_plan(seat, forbid)
        hidden, base_pool, avoid = list(plan.hidden), list(plan.pool), list(plan.avoid)
        need_quad, no_quad = list(plan.need_quad), plan.no_quad
        c = self.clone()
        c._legal = None
        base_turned = turned = self._stock[: self._stock_pos]
        for attempt in range(DETERMINIZE_TRIES):
            pool = base_pool[:]
            rng.shuffle(pool)
            consistent = True
            if any(avoid):
                if attempt == DETERMINIZE_TRIES - 1:
                    avoid = [0] * n  # the belief and the other facts never met: the facts win
                else:
                    pool, consistent = _deal_avoiding(pool, hidden, avoid, seat)
                    if consistent:
                        _mix_avoiding(pool, hidden, avoid, seat, rng)
            for s in range(n):
                if s == seat:
                    continue
                k = hidden[s].bit_count()
                new = 0
                if s in need_quad:
                    # DEC-5 pending: give this seat a quad of a month wholly in the pool.
                    pool_mask = 0
                    for i in pool:
                        pool_mask |= 1 << i
                    cnt = nibble_counts(pool_mask)
                    months = bits((cnt >> 2) & NIB1)
                    if months:
                        p = months[rng.randrange(len(months))]
                        quad = 0xF << p
                        new = quad
                        pool = [i for i in pool if not quad >> i & 1]
                        k -= 4
                elif s in plan.kept_quad:
                    # DEC-5 (keep-quad): this seat held a quad at the deal; deal it the cards of
                    # one that nobody has seen, of a month chosen at random among those it can be.
                    known = plan.kept_quad[s]
                    pool_mask = 0
                    for i in pool:
                        pool_mask |= 1 << i
                    months = [
                        p for p in range(0, 48, 4)
                        if not (0xF << p) & ~known & ~pool_mask and ((0xF << p) & ~known).bit_count() <= k
                    ]
                    if months:
                        p = months[rng.randrange(len(months))]
                        quad = (0xF << p) & ~known
                        new = quad
                        pool = [i for i in pool if not quad >> i & 1]
                        k -= quad.bit_count()
                    else:
                        consistent = False
                take, pool = pool[:k], pool[k:]
                for i in take:
                    new |= 1 << i
                c._hands[s] = (self._hands[s] & ~hidden[s]) | new
                c._plays[s] = None
                dealt = no_quad.get(s)
                if dealt is not None and (nibble_counts(c._hands[s] | dealt) >> 2) & NIB1:
                    consistent = False
            last = attempt == DETERMINIZE_TRIES - 1
            if plan.draws and (consistent or last):
                redealt = _redeal_draws(plan.draw_facts, base_turned, c._hands, rng)
                if redealt is None and last:  # the last try keeps a world whose draws leave a quad
                    redealt = _redeal_draws(plan.draw_facts, base_turned, c._hands, rng, False)
                if redealt is None:
                    consistent = False
                else:
                    turned = redealt
            if consistent:
                break
        c._stock = turned + tuple(pool)
        # Nothing of the real hidden cards may survive in the copy: other seats' private
        # events (their dealt cards, their draws) are redacted, and of the hands other seats
        # held at the start of their latest turn (LIAB-4 (B)) only the cards everybody knows
        # are kept (our reading: samples judge oe-myeon (B) on those).
        c._events = [e if e.seat == seat else e.redacted() for e in self._events]
        for s in range(n):
            if s != seat:
                c._oe_myeon_start_hand[s] = self._known_start_hand(s)
        m = self._mover
        if m != seat:  # the mover's hand at the start of the turn, as far as it is re-dealt
            played = self._start_hand & ~self._hands[m]
            c._start_hand = c._hands[m] | played
        return c

    def _kept_quads(self, seat: int, need_quad: list[int]) -> dict[int, int]:
        """For ``determinize``: the seats (other than ``seat``) that kept a quad at the deal
        (a public ``keep-quad`` event) of which no month is wholly known yet, each with its
        cards everybody knows: the month cards it has played from hand and those it shows."""
        kept = {e.seat for e in self._events if e.type == "keep-quad" and e.seat is not None}
        kept -= {seat, *need_quad}
        if not kept:
            return {}
        left = _left_hands(self)
        known = {s: self._shown_in_hand(s) | left[s] for s in kept}
        return {s: m for s, m in known.items() if not (nibble_counts(m & M48) >> 2) & NIB1}

    def _quadless_at_deal(self, seat: int, need_quad: list[int]) -> dict[int, int]:
        """For ``determinize``: the seats (other than ``seat``) known to have held no quad at
        the deal, each with the month cards it has played from hand since (public).

        A quad at the deal is always public (DEAL-7: a ``chongtong`` or ``keep-quad`` event),
        and without a draw (JOKER-4) a seat's deal hand is its hand now plus what it played.
        """
        out: dict[int, int] = {}
        skip = set(need_quad)
        skip.add(seat)
        played = [0] * self.players
        index = self._t.index
        for e in self._events:
            s = e.seat
            if s is None:
                continue
            etype = e.type
            if etype in ("draw", "keep-quad", "chongtong"):
                skip.add(s)
            elif etype == "play":
                i = index[e.cards[0].code]
                if i < 48:
                    played[s] |= 1 << i
        for s in range(self.players):
            if s not in skip:
                out[s] = played[s]
        return out

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far, in order (what a record stores)."""
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far: the deal events, then those of each action."""
        return tuple(self._events)

    @property
    def deal_events(self) -> tuple[Event, ...]:
        """The events of the deal and the DEAL checks (before the first action)."""
        return tuple(self._events[: self._deal_event_count])

    @property
    def stage(self) -> str:
        """The name of the current decision (see :data:`STAGES`)."""
        return STAGES[self._stage]

    @property
    def mover(self) -> int:
        """The seat whose turn it is."""
        return self._mover

    @property
    def turn(self) -> int:
        """Number of the current turn in the hand (1 = the dealer's first turn)."""
        return self._turn_no

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._stock_pos

    @property
    def target(self) -> int:
        """The stop target of the hand (GOSTOP-1)."""
        return self._target

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The hand of ``seat`` (hidden information: not for agents)."""
        return self._t.cards(self._hands[seat])

    def layout_cards(self) -> tuple[Card, ...]:
        """The layout's month cards (stack cards included)."""
        return self._t.cards(self._layout)

    def capture_cards(self, seat: int) -> tuple[Card, ...]:
        """The capture area of ``seat``."""
        return self._t.cards(self._caps[seat])

    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first (hidden information: not for agents)."""
        deck = self._t.deck
        return tuple(deck[i] for i in self._stock[self._stock_pos :])

    def stop_points(self, seat: int) -> int:
        """SCORE-10 stop points of ``seat``'s capture area."""
        return self._stop_points(seat)

    def goes(self, seat: int) -> int:
        """How many times ``seat`` said go."""
        return self._goes[seat]

    def zones(self) -> dict[str, int]:
        """Where every card is, as deck-index masks (for invariant checks).

        Keys: ``hand0``.., ``capture0``.., ``layout`` (month cards), ``stack-jokers``,
        ``pending`` (matched this turn, incl. jokers held with a pair under JOKER-3),
        ``resolving`` (a card waiting for its pick), ``stock`` (not yet turned). The masks are
        disjoint and together hold the whole deck.
        """
        out: dict[str, int] = {}
        for s in range(self.players):
            out[f"hand{s}"] = self._hands[s]
        for s in range(self.players):
            out[f"capture{s}"] = self._caps[s]
        out["layout"] = self._layout
        sj = 0
        for _owner, _made, jk in self._stacks.values():
            sj |= jk
        out["stack-jokers"] = sj
        out["pending"] = self._pending | self._pair_jokers
        out["resolving"] = (1 << self._pick_card) if self._stage in (PICK_HAND, PICK_STOCK) else 0
        st = 0
        for i in self._stock[self._stock_pos :]:
            st |= 1 << i
        out["stock"] = st
        return out

    def deck_mask(self) -> int:
        """The mask of the whole deck."""
        return self._t.all


#: Swaps per card of the pool that ``determinize`` tries after a deal that avoids the beliefs.
MIX_SWAPS = 4


def _mix_avoiding(pool: list[int], hidden: list[int], avoid: list[int], seat: int, rng: random.Random) -> None:
    """Make the deal of ``_deal_avoiding`` a uniform draw among the deals that meet the beliefs
    (in place): swap two cards of the pool at random whenever both may stand where the other was
    (a Metropolis walk with a symmetric proposal: its resting distribution is uniform over
    those deals). The first-fit deal alone leans: the seat dealt first takes no account of the
    cards the later seats may not hold, which a uniform deal puts with it more often."""
    n = len(pool)
    if n < 2:
        return
    owner = [-1] * n  # the seat each place of the pool deals to; -1: the stock
    at = 0
    for s, mask in enumerate(hidden):
        if s == seat:
            continue
        for _ in range(mask.bit_count()):
            owner[at] = s
            at += 1
    rand = rng.random
    for _ in range(MIX_SWAPS * n):
        j = int(rand() * n)
        k = int(rand() * n)
        a, b = owner[j], owner[k]
        if a == b:
            continue
        x, y = pool[j], pool[k]
        if (a >= 0 and avoid[a] >> y & 1) or (b >= 0 and avoid[b] >> x & 1):
            continue
        pool[j], pool[k] = y, x


@dataclass(frozen=True)
class DrawFacts:
    """The public facts about the JOKER-4 draws of one seat other than the observer, for
    re-dealing their cards in a world (:func:`_redeal_draws`; read once a decision by
    :meth:`Information.determinize_plan`, and by the compiled sampler).

    ``slots``: per draw, in order, ``(stock position, cards played from the hand since that
    draw, cards shown in the hand before it)`` (masks); ``played``: the month cards that have
    left the hand; ``quad``: ``""``, ``"keep-quad"`` or ``"chongtong"`` (a quad at the deal made
    public, DEAL-7); ``shakes``: per shake or shown quad, ``(its month's cards, the cards shown,
    the draws before it, the month cards played before it)``.
    """

    seat: int
    slots: tuple[tuple[int, int, int], ...]
    played: int
    quad: str
    shakes: tuple[tuple[int, int, int, int], ...]


def _never_in_hand(hand: Information) -> int:
    """The cards that were never in a hand (public): those dealt to the layout and those turned
    from the stock, except the cards drawn into a hand (JOKER-4)."""
    drawn_at = {at for _, at in hand._draw_slots}
    out = 0
    for k, i in enumerate(hand._stock[: hand._stock_pos]):
        if k not in drawn_at:
            out |= 1 << i
    index = hand._t.index
    for e in hand._events:
        if e.type == "layout" and e.seat is None:
            for c in e.cards:
                out |= 1 << index[c.code]
    return out


def _draw_facts(hand: Information, draws: tuple[tuple[int, int], ...]) -> tuple[DrawFacts, ...]:
    """:class:`DrawFacts` of the seats of ``draws`` (in the order they first drew), from the
    public events. A card counts as played from a hand at the event that first shows it leaving
    a hand (a bomb also shows the layout's card of its month, which was never in the hand);
    cards dealt to the layout or turned from the stock (not drawn) never count."""
    index = hand._t.index
    n = hand.players
    public = _never_in_hand(hand)
    after: dict[int, list[tuple[int, int]]] = {}  # per seat: (draws before it, card) of each card played
    shown: dict[int, list[int]] = {}  # per seat: the cards it had shown in hand before each draw
    left = 0  # the cards that have left a hand so far
    draws_seen = [0] * n
    shown_now = [0] * n
    quads = [""] * n
    played = [0] * n
    shakes: dict[int, list[tuple[int, int, int, int]]] = {}
    for e in hand._events:
        s = e.seat
        etype = e.type
        if s is None:
            continue
        if etype == "draw":
            draws_seen[s] += 1
            shown.setdefault(s, []).append(shown_now[s])
        elif etype in ("shake", "show-quad"):
            cards = 0
            for c in e.cards:
                cards |= 1 << index[c.code]
            shown_now[s] |= cards
            month = 0xF << (4 * (e.cards[0].month - 1))
            shakes.setdefault(s, []).append((month, cards, draws_seen[s], played[s]))
        elif etype in ("keep-quad", "chongtong"):
            quads[s] = quads[s] or etype
        elif etype in _LEFT_HAND:
            for c in e.cards:
                i = index[c.code]
                b = 1 << i
                if b & (left | public):
                    continue
                left |= b
                if i < 48:
                    played[s] |= b
                if draws_seen[s]:
                    after.setdefault(s, []).append((draws_seen[s], i))
    by_seat: dict[int, list[int]] = {}
    for s, at in draws:
        by_seat.setdefault(s, []).append(at)
    out = []
    for s, ats in by_seat.items():
        slots = []
        before = shown.get(s, [])
        for nth, at in enumerate(ats, start=1):
            since = 0
            for k, i in after.get(s, []):
                if k >= nth:
                    since |= 1 << i
            slots.append((at, since, before[nth - 1] if nth <= len(before) else 0))
        out.append(DrawFacts(s, tuple(slots), played[s], quads[s], tuple(shakes.get(s, []))))
    return tuple(out)


def _redeal_draws(
    facts: tuple[DrawFacts, ...], turned: tuple[int, ...], dealt: list[int], rng: random.Random, quadless: bool = True,
) -> tuple[int, ...] | None:
    """The stock cards already turned, with the card of each JOKER-4 draw of another seat
    replaced by a card that seat may have drawn in this world, at random: one it holds in this
    world (``dealt``: this world's hands; a card it shows now may have been drawn before it
    showed it) or one it has played from its hand since that draw, never one it had shown
    before that draw (:class:`DrawFacts`). The real card must not stay there: it would tell
    which card the seat drew, and it would stand in two places of the world when the world
    deals it to a hand.

    With ``quadless``, the seat's deal in this world (its cards now and those it played, less
    the cards it drew) must hold no quad if it declared no chongtong and kept none (DEAL-7), and
    at least one if it kept one (DEC-5); and a card of a month it shook that the shake did not
    show must have come by a later draw (SHAKE-1). None when no choice of its draws' cards
    meets these within :data:`REDEAL_TRIES` tries (the world is then dealt again)."""
    out = list(turned)
    used = 0
    for f in facts:
        s = f.seat
        options = [bits((dealt[s] | since) & ~shown) for _at, since, shown in f.slots]
        check = quadless and f.quad != "chongtong"
        kept = f.quad == "keep-quad"
        full = (dealt[s] | f.played) & M48
        for _ in range(REDEAL_TRIES if check else 1):
            taken = used
            picks: list[int] = []
            for opts in options:
                free = [i for i in opts if not taken >> i & 1]
                if free:
                    card = free[rng.randrange(len(free))]
                    taken |= 1 << card
                    picks.append(card)
                else:
                    picks.append(-1)
            if not check:
                break
            deal = full
            for card in picks:
                if card >= 0:
                    deal &= ~(1 << card)
            quad = bool((nibble_counts(deal) >> 2) & NIB1)
            if quad == kept and _shakes_hold(f.shakes, full, picks):
                break
        else:
            return None
        used = taken
        for (at, _since, _shown), card in zip(f.slots, picks, strict=True):
            if card >= 0:
                out[at] = card
    return tuple(out)


def _left_hands(hand: Information) -> list[int]:
    """Per seat, the month cards that have left its hand (played, bombed), each counted at the
    event that first shows it leaving a hand: a bomb also shows the layout's card of its month,
    which was dealt to the layout, turned from the stock or played earlier."""
    index = hand._t.index
    public = _never_in_hand(hand)
    left = 0
    out = [0] * hand.players
    for e in hand._events:
        s = e.seat
        if s is not None and e.type in _LEFT_HAND:
            for c in e.cards:
                b = 1 << index[c.code]
                if not b & (left | public):
                    left |= b
                    out[s] |= b & M48
    return out


def _shakes_hold(shakes: Sequence[tuple[int, int, int, int]], full: int, picks: list[int]) -> bool:
    """A shake shows every card of its month in the hand (SHAKE-1): a card of that month the
    seat has held in this world (``full``: its cards now and those it played) that the shake did
    not show was played before it or drawn after it (``picks``: its draws' cards, in order)."""
    for month, cards, before, played in shakes:
        later = 0
        for card in picks[before:]:
            if card >= 0:
                later |= 1 << card
        if full & month & ~cards & ~played & ~later:
            return False
    return True


#: Tries to choose the cards of one seat's JOKER-4 draws that leave it no quad at the deal.
REDEAL_TRIES = 8


#: Events of a card leaving a hand (for ``_redeal_draws``).
_LEFT_HAND = frozenset({"play", "bomb", "grenade", "reveal"})


def _deal_avoiding(pool: list[int], hidden: list[int], avoid: list[int], seat: int) -> tuple[list[int], bool]:
    """``pool`` (shuffled) reordered so that dealing it in seat order (each seat other than
    ``seat`` takes as many cards as it hides, the rest is the stock) gives no seat a card of its
    ``avoid`` mask: each seat takes the first cards it may hold. False when a seat cannot be
    served (then the pool is returned as it was)."""
    rest = pool
    front: list[int] = []
    for s, mask in enumerate(hidden):
        if s == seat:
            continue
        k = mask.bit_count()
        no = avoid[s]
        take: list[int] = []
        keep: list[int] = []
        for i in rest:
            if len(take) < k and not no >> i & 1:
                take.append(i)
            else:
                keep.append(i)
        if len(take) < k:
            return pool, False
        front += take
        rest = keep
    return front + rest, True
