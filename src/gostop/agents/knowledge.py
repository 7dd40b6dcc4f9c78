"""What a seat knows, as bitmasks: :class:`View`, built from an :class:`~gostop.engine.Observation`.

Card sets are int bitmasks over the deck of the hand (bit ``i`` = ``deck_cards(rules.jokers)[i]``;
month ``m`` occupies bits ``4(m-1)..4(m-1)+3``), the representation of
:class:`~gostop.scoring.ScoreTable`. The bots reason on a :class:`View` only, so they cannot use
anything the observation does not hold.

*Unseen* cards are those the seat cannot place: not in its hand, not on the layout, not in any
capture area and not shown from another hand. They are in the other hands or in the stock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gostop.cards import Card
from gostop.rules import Rules
from gostop.scoring import ScoreTable

if TYPE_CHECKING:
    from gostop.engine import Hand, Observation

__all__ = ["View", "MONTH_MASKS", "table_all"]

MONTH_MASKS: tuple[int, ...] = (0, *(0xF << (4 * (m - 1)) for m in range(1, 13)))


_OPPONENTS = {n: [[(s + k) % n for k in range(1, n)] for s in range(n)] for n in (2, 3)}


def table_all(table: ScoreTable) -> int:
    """Mask of the whole deck of ``table``."""
    return (1 << len(table.deck)) - 1


def _mask(table: ScoreTable, cards: Iterable[Card]) -> int:
    index = table.index_of
    m = 0
    for c in cards:
        m |= 1 << index[c.code]
    return m


@dataclass(slots=True)
class View:
    """One seat's knowledge at a decision (see the module docstring)."""

    rules: Rules
    table: ScoreTable
    players: int
    seat: int
    target: int
    stage: str
    hand: int
    layout: int
    stack_months: int  # bit m set: month m is a stack of three on the layout
    own_stack_months: int  # stacks this seat made (ppuk): capturing one is ja-ppuk
    captures: list[int]
    shown: list[int]  # other seats' hand cards everybody can see
    hand_sizes: list[int]
    stock_size: int
    skip_allowance: list[int]
    goes: list[int]
    last_go_points: list[int]
    stop_points: list[int]
    bombs: list[int]
    declared: list[int]  # per seat: bit m = month declared (heundeum)
    nagari_before: int
    choosing_for: int  # bit of the card choosing a target (0 if none)
    choice: int  # the two layout cards it may take
    pending: int
    unseen: int
    creditor: int | None  # while a surrender is chosen: the seat the junk goes to
    mover: int = 0  # the seat whose turn it is (the offerer while a shodang offer is answered)
    turn: int = 0  # number of the current turn of the hand (1 = the dealer's first)
    offered: tuple[bool, ...] = ()  # per seat: has offered shodang in this hand (hand exposed)

    @classmethod
    def from_observation(cls, obs: Observation, rules: Rules) -> View:
        table = ScoreTable.for_rules(rules)
        hand = _mask(table, obs.hand)
        layout = _mask(table, obs.layout)
        captures = [_mask(table, c) for c in obs.captures]
        shown = [0 if s == obs.seat else _mask(table, cs) for s, cs in enumerate(obs.shown_hand_cards)]
        stack_months = 0
        own = 0
        for st in obs.stacks:
            stack_months |= 1 << st.month
            if st.owner == obs.seat:
                own |= 1 << st.month
        declared = []
        for months in obs.declared_months:
            d = 0
            for m in months:
                d |= 1 << m
            declared.append(d)
        pending = _mask(table, obs.pending)
        known = hand | layout | pending
        for c in captures:
            known |= c
        for s in shown:
            known |= s
        all_cards = table_all(table)
        return cls(
            rules=rules,
            table=table,
            players=obs.players,
            seat=obs.seat,
            target=rules.stop_target(obs.players),
            stage=obs.stage,
            hand=hand,
            layout=layout,
            stack_months=stack_months,
            own_stack_months=own,
            captures=captures,
            shown=shown,
            hand_sizes=list(obs.hand_sizes),
            stock_size=obs.stock_size,
            skip_allowance=list(obs.skip_allowance),
            goes=list(obs.goes),
            last_go_points=list(obs.last_go_points),
            stop_points=list(obs.stop_points),
            bombs=list(obs.bombs),
            declared=declared,
            nagari_before=obs.nagari_before,
            choosing_for=0 if obs.choosing_for is None else 1 << table.index_of[obs.choosing_for.code],
            choice=_mask(table, obs.choice),
            pending=pending,
            unseen=all_cards & ~known,
            creditor=None if obs.debt is None else obs.debt.get("creditor"),
            mover=obs.mover,
            turn=obs.turn,
            offered=tuple(obs.exposed),
        )

    @classmethod
    def from_world(cls, world: Hand, seat: int, offered: tuple[bool, ...] = ()) -> View:
        """A quick, partial view of ``seat`` in a *sampled* world, for search rollouts.

        Built from the public read-outs of the hand (``zones()``, stop points, goes, stage),
        without the cost of a full observation. It knows the seat's hand, the layout, every
        capture area and the counts; it does not know skip allowances, declarations, bombs,
        stack owners or the points of earlier goes (taken as 0 / none / the current points),
        and it treats every hand card of the others as unseen. ``offered`` says which seats
        have offered shodang so far (the rollout keeps track of it).
        """
        rules = world.rules
        table = ScoreTable.for_rules(rules)
        n = world.players
        z = world.zones()
        hands = [z[f"hand{s}"] for s in range(n)]
        captures = [z[f"capture{s}"] for s in range(n)]
        layout = z["layout"]
        pending = z["pending"]
        resolving = z["resolving"]
        hand = hands[seat]
        stack_months = 0
        for m in range(1, 13):
            if (layout & MONTH_MASKS[m]).bit_count() == 3:
                stack_months |= 1 << m
        known = hand | layout | pending | resolving | z["stack-jokers"]
        for c in captures:
            known |= c
        stop_points = [world.stop_points(s) for s in range(n)]
        return cls(
            rules=rules,
            table=table,
            players=n,
            seat=seat,
            target=rules.stop_target(n),
            stage=world.stage,
            hand=hand,
            layout=layout,
            stack_months=stack_months,
            own_stack_months=0,
            captures=captures,
            shown=[0] * n,
            hand_sizes=[h.bit_count() for h in hands],
            stock_size=world.stock_size,
            skip_allowance=[0] * n,
            goes=[world.goes(s) for s in range(n)],
            last_go_points=stop_points[:],
            stop_points=stop_points,
            bombs=[0] * n,
            declared=[0] * n,
            nagari_before=0,
            choosing_for=resolving,
            choice=0,
            pending=pending,
            unseen=table_all(table) & ~known,
            creditor=world.mover if world.stage == "surrender" else None,
            mover=world.mover,
            turn=world.turn,
            offered=offered or (False,) * n,
        )

    # -- derived -------------------------------------------------------------------------

    @property
    def opponents(self) -> list[int]:
        """Other seats in playing order after this one (GEN-6)."""
        return _OPPONENTS[self.players][self.seat]

    def bit(self, code: str) -> int:
        return 1 << self.table.index_of[code]
