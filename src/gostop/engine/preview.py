"""Engine queries for the faces: what an action would do, what a stop pays, what a go risks.

:meth:`Hand.preview` answers for a legal action of the current decider with a :class:`Preview`
(mostly ``play CARD``: which layout cards it takes, which it matches, whether a pick follows,
whether it feeds the layout, which scoring items it completes). :meth:`Hand.stop_preview`
answers at a go/stop decision with a :class:`StopPreview` (what a stop pays now, per opponent
and in total with the settlement steps; what a go risks).

Both are computed from public facts only plus the decider's own hand: the layout and its
stacks, the capture areas, the cards shown from hands, the counters and declarations. They
never read the stock or another seat's hidden card, so two worlds that agree with the
decider's observation (``Hand.determinize``) give the same answers. What the next stock card
will do is unknown; :attr:`Preview.stock_may_change` says whether it *can* change the outcome
(a card of the month is still unseen by the decider: a chok, ppuk or ttadak is possible).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gostop.cards import Card
from gostop.settlement import Settlement, go_chips, go_multiplier, settle

from .actions import Action
from .stages import GOSTOP, MAIN, PICK_HAND, PICK_STOCK, STAGES
from .tables import M48

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["Preview", "StopPreview", "preview_action", "preview_stop"]

#: Scoring items that count as *sets* (a named combination) rather than a count of a class.
_SET_RULES = frozenset({"SCORE-1", "SCORE-3", "SCORE-5"})


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


@dataclass(frozen=True, slots=True)
class Preview:
    """What one legal action of the current decider would do (public facts + own hand).

    Attributes:
        action: the action previewed.
        seat: the decider.
        kind: ``"none"`` (CAPT-H0: the card is laid down), ``"one"`` (CAPT-H1: it takes the
            one card of its month), ``"choice"`` (CAPT-H2: two singles, a pick follows),
            ``"stack"`` (CAPT-H3: it takes the stack of three), ``"joker"`` (JOKER-1: the
            joker goes to the captures, the top stock card is played in its place),
            ``"bomb"`` (BOMB-1), ``"grenade"`` (VAR-GRENADE), ``"skip"`` (TURN-3 d, only the
            stock is turned), ``"pick"`` (DEC-12 / DEC-13: the chosen layout card is taken),
            ``"declare"`` (shake SHAKE-1, show-quad SHAKE-5, reveal JOKER-4, offer-shodang
            LIAB-7: no card moves to the layout), ``"decision"`` (go, stop, answers,
            surrenders, yells, chongtong: nothing is captured by the action itself).
        rule: the RULES.md rule ID of that outcome (``"CAPT-H1"``, ``"BOMB-1"`` ...).
        card: the hand card played (or picked with) when there is one, else None.
        matches: the layout cards of the card's month (stack cards included), not pending.
        takes: the layout cards the action captures whatever the stock does, except what
            :attr:`stock_may_change` warns about (CAPT-H1: the single; CAPT-H3: the stack with
            its jokers; a bomb or grenade: the month's layout cards; a pick: the chosen card).
            A pick (CAPT-H2) takes nothing yet: :attr:`needs_pick`.
        needs_pick: a pick between :attr:`matches` follows (CAPT-H2, DEC-12).
        feeds: cards the action leaves on the layout for the next player (CAPT-H0: the card).
        feeds_sets: ``(seat, item name)`` for each opponent who would newly score the item by
            capturing a fed card.
        completes: names of the scoring items the decider would newly score with the cards
            the action captures (with a pick: by either choice).
        steals: the junk each opponent gives for the stack a played card takes (CAPT-H3: EVT-4,
            EVT-6; a ja-ppuk EVT-5: ``ja_ppuk_junk``; none on the final turn under EVT-14); 0
            for every other action (an opponent with no junk may pay otherwise, GOO-12).
        no_junk: the opponents (seats) who owe :attr:`steals` but hold no junk card to give now
            (EVT-7: they give nothing; in goo-stupe each takes a shot instead, GOO-12).
        stock_may_change: a card of the month is unseen by the decider, so the stock card
            turned this turn may change the outcome (CAPT-S5 chok after H0, CAPT-S6 ppuk after
            H1, CAPT-S7 ttadak after H2); always true for a joker (JOKER-1: the stock card is
            played in its place).
    """

    action: Action
    seat: int
    kind: str
    rule: str
    card: Card | None
    matches: tuple[Card, ...]
    takes: tuple[Card, ...]
    needs_pick: bool
    feeds: tuple[Card, ...]
    feeds_sets: tuple[tuple[int, str], ...]
    completes: tuple[str, ...]
    stock_may_change: bool
    steals: int = 0
    no_junk: tuple[int, ...] = ()

    @property
    def captures(self) -> bool:
        """The action captures a layout card (now or after the pick)."""
        return bool(self.takes) or self.needs_pick

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes)."""
        return {
            "action": self.action.text,
            "seat": self.seat,
            "kind": self.kind,
            "rule": self.rule,
            "card": None if self.card is None else self.card.code,
            "matches": _codes(self.matches),
            "takes": _codes(self.takes),
            "needs_pick": self.needs_pick,
            "feeds": _codes(self.feeds),
            "feeds_sets": [[s, name] for s, name in self.feeds_sets],
            "completes": list(self.completes),
            "stock_may_change": self.stock_may_change,
            "steals": self.steals,
            "no_junk": list(self.no_junk),
        }


@dataclass(frozen=True, slots=True)
class StopPreview:
    """What the decider's go/stop choice means now (DEC-16, GOSTOP-2 .. GOSTOP-6, PAY, LIAB).

    Attributes:
        seat: the decider (the mover).
        stop_points: the decider's SCORE-10 stop points.
        goes: goes the decider has said so far.
        points: P of PAY-1 a stop would be paid on.
        payments: ``(opponent seat, amount)`` per opponent in GEN-6 order (PAY-7 .. PAY-9).
        total: what a stop wins now (PAY-10).
        unit: ``"chips"`` or ``"shots"``.
        steps: the settlement's explanation, one line per step (opponents named ``opp1``,
            ``opp2`` in the order of :attr:`payments`).
        settlement: the :class:`~gostop.settlement.Settlement` itself.
        final_turn_nagari: this is the final turn (TURN-6): a go ends the hand as a nagari
            (GOSTOP-6), nobody is paid.
        go_bak: what a go exposes the decider to if another seat wins: ``"pays-for-both"``
            (LIAB-3 with dok-bak, 3 players: pays for both losers), ``"double"`` (PAY-6
            2-player go-bak), ``"none"``.
        next_go_multiplier: the PAY-5 go multiplier of a win after one more go.
        next_go_chips: the PAY-3 go chips of a win after one more go.
        next_ask_above: GOSTOP-2 after a go: under ``above_last_go`` the decider is asked again
            only with more stop points than this; under ``improved``, None (asked again when
            the points rise in a later turn).

    The liability of a stop (PAY-9) is judged on public facts: an oe-myeon (LIAB-4 (B)) that
    rests on a card the loser held unseen is not known before the stop, so the real settlement
    may then name that loser as the one paying for both. The total never differs.
    """

    seat: int
    stop_points: int
    goes: int
    points: int
    payments: tuple[tuple[int, int], ...]
    total: int
    unit: str
    steps: tuple[str, ...]
    settlement: Settlement
    final_turn_nagari: bool
    go_bak: str
    next_go_multiplier: int
    next_go_chips: int
    next_ask_above: int | None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "seat": self.seat,
            "stop_points": self.stop_points,
            "goes": self.goes,
            "points": self.points,
            "payments": [[s, a] for s, a in self.payments],
            "total": self.total,
            "unit": self.unit,
            "steps": list(self.steps),
            "final_turn_nagari": self.final_turn_nagari,
            "go_bak": self.go_bak,
            "next_go_multiplier": self.next_go_multiplier,
            "next_go_chips": self.next_go_chips,
            "next_ask_above": self.next_ask_above,
        }


# -- helpers over the hand's state -------------------------------------------------------------


def _seen_by(hand: Hand, seat: int) -> int:
    """Every card ``seat`` can see now (own hand, layout, stacks, captures, pending, shown
    hand cards of others, the card being resolved)."""
    seen = hand._hands[seat] | hand._layout | hand._pending | hand._pair_jokers
    for c in hand._caps:
        seen |= c
    for _owner, _made, jk in hand._stacks.values():
        seen |= jk
    for s in range(hand.players):
        if s != seat:
            seen |= hand._shown_in_hand(s)
    if hand._stage in (PICK_HAND, PICK_STOCK):
        seen |= 1 << hand._pick_card
    return seen


def _item_keys(hand: Hand, mask: int) -> dict[str, str]:
    """key -> display name of the scoring items of a capture area (one key per rule, but one
    per ribbon set of SCORE-5)."""
    out: dict[str, str] = {}
    for it in hand._t.score.breakdown(mask).items:
        key = it.name if it.rule == "SCORE-5" else it.rule
        out[key] = it.name
    return out


def _new_items(hand: Hand, seat: int, gained: int, won: int = 0) -> list[str]:
    """Names of the items ``seat`` would newly score by adding ``gained`` to its captures
    (and to ``won``: the cards it has already won this turn, which join the captures with them)."""
    if not gained:
        return []
    caps = hand._caps[seat] | won
    before = _item_keys(hand, caps)
    after = _item_keys(hand, caps | gained)
    return [name for key, name in after.items() if key not in before]


def _feeds_sets(hand: Hand, seat: int, fed: int) -> tuple[tuple[int, str], ...]:
    out: list[tuple[int, str]] = []
    for o in hand._opponents(seat):
        for name in _new_items(hand, o, fed):
            out.append((o, name))
    return tuple(out)


def _completes(hand: Hand, seat: int, options: list[int]) -> tuple[str, ...]:
    # the turn's pending captures (a pick after the hand card's capture) are the decider's too:
    # with them the sake cup may count the other way, so an item is judged with them in place
    won = hand._pending
    names: list[str] = []
    for gained in options:
        for name in _new_items(hand, seat, gained, won):
            if name not in names:
                names.append(name)
    return tuple(names)


# -- the queries ---------------------------------------------------------------------------------


def _preview(
    hand: Hand,
    act: Action,
    seat: int,
    kind: str,
    rule: str,
    card: int = -1,
    matches: int = 0,
    takes: int = 0,
    needs_pick: bool = False,
    feeds: int = 0,
    gains: tuple[int, ...] = (),
    stock_may_change: bool = False,
    steals: int = 0,
) -> Preview:
    """A :class:`Preview` from masks; ``gains`` are the capture masks the action may bring
    (one per pick option)."""
    t = hand._t
    return Preview(
        action=act,
        seat=seat,
        kind=kind,
        rule=rule,
        card=t.deck[card] if card >= 0 else None,
        matches=t.cards(matches),
        takes=t.cards(takes),
        needs_pick=needs_pick,
        feeds=t.cards(feeds),
        feeds_sets=_feeds_sets(hand, seat, feeds) if feeds else (),
        completes=_completes(hand, seat, list(gains)),
        stock_may_change=stock_may_change,
        steals=steals,
        # EVT-7: who cannot pay that junk now (the collection asks the same of each debtor)
        no_junk=tuple(o for o in hand._opponents(seat) if not hand._surrender_options(o, steals)) if steals else (),
    )


def preview_action(hand: Hand, action: Action | str) -> Preview:
    """:meth:`Hand.preview` (see :class:`Preview`).

    Raises:
        IllegalActionError: the action is not legal now (or cannot be read).
    """
    legal = hand.legal_actions()
    ok = isinstance(action, Action) and action in legal
    act = action if ok and isinstance(action, Action) else hand._coerce(action, legal)
    seat = hand.current_player
    assert seat is not None
    t = hand._t
    stage = hand._stage
    kind = act.kind
    layout = hand._layout

    def unseen_of(p: int) -> bool:
        """A card of the month nibble p is unseen by the decider (it may come from the stock)."""
        return bool((0xF << p) & ~_seen_by(hand, seat) & M48)

    if stage == MAIN and kind == "play":
        i = t.index[act.cards[0]]
        bit = 1 << i
        if i >= 48:  # JOKER-1: the joker is captured, the top stock card plays for it
            return _preview(hand, act, seat, "joker", "JOKER-1", i, gains=(bit,), stock_may_change=True)
        p = i & ~3
        lm = layout & (0xF << p)
        may_change = unseen_of(p)
        stack = hand._stacks.get(p >> 2)
        if stack is not None:  # CAPT-H3 (EVT-4): the stack with its jokers
            takes = lm | stack[2]
            # EVT-6 as the collection will charge it: this play is the final turn (TURN-6) when
            # it is the last move left of all hands
            ja = hand._is_ja_ppuk(stack[0], stack[1], seat)
            final_exempt = hand._moves_left == 1 and hand.rules.last_turn_exception
            steals = hand._debt_of("ja-ppuk" if ja else "stack-capture", final_exempt)
            return _preview(hand, act, seat, "stack", "CAPT-H3", i, lm, takes, gains=(bit | takes,), steals=steals)
        if not lm:  # CAPT-H0: laid down (a chok, CAPT-S5, if the stock card is of the month)
            return _preview(
                hand, act, seat, "none", "CAPT-H0", i, feeds=bit, stock_may_change=may_change
            )
        if not lm & (lm - 1):  # CAPT-H1 (a ppuk, CAPT-S6, if the stock card is of the month)
            return _preview(
                hand, act, seat, "one", "CAPT-H1", i, lm, lm, gains=(bit | lm,),
                stock_may_change=may_change,
            )
        low = lm & -lm  # CAPT-H2: a pick follows (a ttadak, CAPT-S7, if the stock card matches)
        return _preview(
            hand, act, seat, "choice", "CAPT-H2", i, lm, needs_pick=True,
            gains=(bit | low, bit | (lm ^ low)), stock_may_change=may_change,
        )
    if stage == MAIN and kind in ("bomb", "grenade"):  # BOMB-1, VAR-GRENADE: all four taken
        mm = 0xF << (4 * (act.month - 1))
        lm = layout & mm
        hm = hand._hands[seat] & mm
        rule = "BOMB-1" if kind == "bomb" else "VAR-GRENADE"
        return _preview(hand, act, seat, kind, rule, -1, lm, lm, gains=(hm | lm,))
    if stage == MAIN and kind == "skip":  # TURN-3 (d): only the stock is turned
        return _preview(hand, act, seat, "skip", "TURN-3")
    if stage == MAIN and kind == "reveal":  # JOKER-4: the joker goes to the captures now
        j = t.index[act.cards[0]]
        return _preview(hand, act, seat, "declare", "JOKER-4", j, gains=(1 << j,))
    if stage == MAIN:  # SHAKE-1, SHAKE-5, LIAB-7: nothing moves to the layout
        rule = {"shake": "SHAKE-1", "show-quad": "SHAKE-5"}.get(kind, "LIAB-7")
        return _preview(hand, act, seat, "declare", rule)
    if stage in (PICK_HAND, PICK_STOCK):  # DEC-12 / DEC-13
        x = t.index[act.cards[0]]
        c = hand._pick_card
        # After a hand pick (CAPT-H2) the stock card may still make a ttadak (CAPT-S7).
        may_change = stage == PICK_HAND and unseen_of(c & ~3)
        rule = "CAPT-H2" if stage == PICK_HAND else "CAPT-S3"
        return _preview(
            hand, act, seat, "pick", rule, c, hand._pick_options, 1 << x, gains=((1 << c) | (1 << x),),
            stock_may_change=may_change,
        )
    return _preview(hand, act, seat, "decision", _DECISION_RULES.get(kind, STAGES[stage]))


_DECISION_RULES = {
    "go": "GOSTOP-5",
    "stop": "GOSTOP-4",
    "accept": "LIAB-8",
    "refuse": "LIAB-8",
    "surrender": "EVT-7",
    "yell": "GOO-14",
    "no-yell": "GOO-14",
    "chongtong": "DEAL-7",
    "continue": "DEAL-7",
}


def preview_stop(hand: Hand) -> StopPreview:
    """:meth:`Hand.stop_preview` (see :class:`StopPreview`).

    Raises:
        ValueError: the current decision is not go/stop.
    """
    if hand._stage != GOSTOP:
        raise ValueError(f"no go/stop decision now (the hand is at {STAGES[hand._stage]!r})")
    s = hand._mover
    rules = hand.rules
    opps = hand._opponents(s)
    ctx = hand._settle_context(s, opps, public=True)
    caps = hand._caps
    settlement = settle(rules, hand.players, caps[s], [caps[o] for o in opps], ctx)
    goes = hand._goes[s]
    if hand.players == 3 and rules.dok_bak:
        go_bak = "pays-for-both"  # LIAB-3
    elif hand.players == 2 and rules.go_bak_two_player == "double":
        go_bak = "double"  # PAY-6
    else:
        go_bak = "none"
    sp = hand._stop_points(s)
    return StopPreview(
        seat=s,
        stop_points=sp,
        goes=goes,
        points=settlement.points,
        payments=tuple(zip(opps, settlement.payments, strict=True)),
        total=settlement.total,
        unit=settlement.unit,
        steps=settlement.steps,
        settlement=settlement,
        final_turn_nagari=hand._final_turn,  # GOSTOP-6 (TURN-6 is known in phase 3)
        go_bak=go_bak,
        next_go_multiplier=go_multiplier(rules, goes + 1),
        next_go_chips=go_chips(rules, goes + 1),
        next_ask_above=sp if rules.go_decision_trigger == "above_last_go" else None,
    )
