"""Table decisions of a match for agents (RULES.md 2.18 DEC-1..DEC-4, 2.15 GWANG).

The driver side:

* :func:`table_decision` builds the :class:`~gostop.agents.protocol.TableDecision` of a seat
  from a :class:`~gostop.match.Match`: the legal table actions, the seat's own dealt cards and
  the public announcements so far -- never another seat's cards;
* :func:`choose_table_action` asks an agent for that decision and checks the answer.

Every face that seats bots at a table (the simulator, the terminal game, the match tests)
goes through these two functions.

The agent side, shared by the bots (each level combines them differently):

* :func:`cut_depth`: the cut (DEC-1). The shuffle is uniform and secret, so no cut changes
  anyone's chances; the bots cut as people do, somewhere in the middle of the deck, with a
  seeded generator (reproducible);
* :func:`best_claim`: the compensation claim (DEC-4): the option paid most (GWANG-6: showing a
  triple doubles the amount); nothing to claim is ``no-claim``;
* :func:`stay_value`: the gwangpalli stay/drop choice (DEC-3) by expected value. Dropping out
  voluntarily is worth 0 (GWANG-5: no compensation). Staying is worth playing the hand --
  measured: over 4,500 ``pagat`` 3-player seats between ``expert`` bots a seat's net chips rose
  by about :data:`CHIPS_PER_STRENGTH` per point of :func:`hand_strength` (mean strength
  :data:`MEAN_STRENGTH`; a non-dealer averaged :data:`NON_DEALER_EDGE` chips) -- minus the
  compensation the seat may have to pay (GWANG-7: each non-dealer active player pays every
  forced-out claimant; if this seat's stay is the second, every undecided seat is forced out).

* :func:`push_value`: the push-or-collect choice (VAR-PUSH) by expected value, see there.

The dealer draw that decides the first dealer (MATCH-3) and the forced stays and drops are
automatic: nobody decides them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gostop.agents.protocol import Agent, IllegalAgentAction, TableDecision, action_text
from gostop.cards import (
    CHEONG_DAN,
    CHO_DAN,
    GODORI_BIRDS,
    HONG_DAN,
    Card,
    Kind,
    deck_cards,
    parse_card,
)
from gostop.match.actions import MatchAction
from gostop.match.gwangpalli import compensation_amount, eligible_cards
from gostop.match.seeds import derive_seed

if TYPE_CHECKING:
    from gostop.match import Match

__all__ = [
    "table_decision",
    "choose_table_action",
    "cut_depth",
    "best_claim",
    "hand_strength",
    "stay_value",
    "play_value",
    "compensation_cost",
    "expected_claim",
    "push_value",
    "pushes_pay",
    "NEXT_DEALER_EDGE",
    "CHIPS_PER_STRENGTH",
    "MEAN_STRENGTH",
    "NON_DEALER_EDGE",
]

#: Measured (see the module docstring): net chips per point of :func:`hand_strength`.
CHIPS_PER_STRENGTH = 0.35
#: Measured: the mean :func:`hand_strength` of a dealt 3-player hand.
MEAN_STRENGTH = 3.4
#: Measured: the mean net chips of a non-dealer seat (the dealer moves first and gains).
NON_DEALER_EDGE = -0.44
#: Measured (VAR-PUSH): the mean net chips of the dealer of a ``matgo`` 2-player hand between
#: ``expert`` bots at a plain stake: -1.8 (standard error 0.8; 20,000 hands, mean stop
#: settlement 47, median 18). Moving first does not pay in Matgo, so a push never pays by
#: expected value alone (see :func:`push_value`).
NEXT_DEALER_EDGE = -1.8
#: VAR-PUSH: a seat that would still trail after collecting pushes when this few hands remain.
CATCH_UP_HANDS = 2
#: Opponents who chose to stay are stronger than a random hand: this much strength more.
STAYER_BIAS = 0.5


# -- the driver --------------------------------------------------------------------------------


def table_decision(match: Match, seat: int | None = None) -> TableDecision:
    """The table decision :attr:`Match.current_seat` (or ``seat``, which must be it) faces.

    Raises ``ValueError`` when the match is over or in the middle of a hand (a hand decision,
    see :class:`~gostop.agents.protocol.Decision`).
    """
    current = match.current_seat
    if match.phase not in ("cut", "list", "drop", "claim", "push") or current is None:
        raise ValueError(f"no table decision now (the match is in its {match.phase!r} phase)")
    if seat is not None and seat != current:
        raise ValueError(f"seat {seat} has no decision now; seat {current} decides")
    legal = tuple(match.legal_actions())
    hand = tuple(parse_card(c) for c in match.dealt_cards(current))
    stayed = dropped = 0
    decided: set[int] = set()
    log = match.deals[-1] if match.deals else None
    dealer = match.dealer
    if log is not None and match.phase in ("drop", "claim"):
        for s, status in log.announcements:
            decided.add(s)
            stayed += status in ("stay", "forced-in")
            dropped += status == "drop"
    undecided = 0
    if match.phase == "drop":
        undecided = sum(1 for s in range(match.n) if s not in decided and s not in (dealer, current))
    index = len(match.deals)
    stake = match.push_stake
    behind = 0
    if match.phase == "push":  # VAR-PUSH: what collecting would leave this seat behind by
        mine = match.ledger.totals[current] + stake
        others = [t for s, t in enumerate(match.ledger.totals) if s != current]
        behind = max(0, max(others, default=0) - mine)
    return TableDecision(
        legal=legal,
        hand=hand,
        rules=match.rules,
        seated=match.n,
        dropped=dropped,
        kind=match.phase,
        seat=current,
        dealer=dealer,
        stayed=stayed,
        undecided=undecided,
        deck_size=match.deck_size,
        seed=derive_seed(match.seed, "table", index, current, len(match.history)),
        stake=stake,
        pushes=match.pushes,
        hands_left=match.hands_left if match.phase == "push" else None,
        behind=behind,
    )


def choose_table_action(agent: Agent, match: Match) -> MatchAction:
    """Ask ``agent`` for the table decision of :attr:`Match.current_seat`; check and return it.

    Raises:
        IllegalAgentAction: the agent returned something that is not a legal table action.
    """
    decision = table_decision(match)
    choice = agent.choose_table(decision)
    if not isinstance(choice, MatchAction) or choice not in decision.legal:
        shown = ", ".join(action_text(a) for a in decision.legal[:8])
        raise IllegalAgentAction(f"agent {agent.spec!r} chose {choice!s} at the table; legal: {shown}, ...")
    return choice


# -- decisions the bots share ------------------------------------------------------------------


def by_text(decision: TableDecision) -> dict[str, object]:
    return {action_text(a): a for a in decision.legal}


def cut_depth(decision: TableDecision) -> object:
    """DEC-1: a cut somewhere in the middle third of the deck (the odds are the same for any
    cut: the shuffle is uniform and secret), from the decision's seed."""
    texts = by_text(decision)
    size = decision.deck_size
    rng = random.Random(decision.seed)
    depth = rng.randint(max(1, size // 3), max(1, 2 * size // 3))
    return texts.get(f"cut {depth}", texts.get("no-cut", decision.legal[0]))


def best_claim(decision: TableDecision) -> object:
    """DEC-4: the claim paid most (a shown triple doubles it, GWANG-6); no claim for nothing."""
    texts = by_text(decision)
    codes = [c.code for c in decision.hand]
    amounts = {
        "claim-triple": compensation_amount(decision.rules, codes, decision.seated, show_triple=True),
        "claim": compensation_amount(decision.rules, codes, decision.seated),
    }
    best = max((k for k in amounts if k in texts), key=lambda k: (amounts[k], k == "claim-triple"), default=None)
    if best is None or amounts[best] <= 0:
        return texts.get("no-claim", decision.legal[0])
    return texts[best]


_SET_MEMBERS = GODORI_BIRDS | HONG_DAN | CHEONG_DAN | CHO_DAN


def hand_strength(cards: tuple[Card, ...], flex_card: str | None = "09A") -> float:
    """Rough worth of a dealt hand for the gwangpalli stay/drop choice: brights, set members,
    double junk and jokers, and pairs or triples of a month (more captures, possible bombs)."""
    score = 0.0
    months: dict[int, int] = {}
    for c in cards:
        if c.is_joker:
            score += 1.0
            continue
        months[c.month] = months.get(c.month, 0) + 1
        if c.kind is Kind.BRIGHT:
            score += 1.5
        elif c.code in _SET_MEMBERS:
            score += 0.6
        elif c.kind is Kind.DOUBLE_JUNK or c.code == flex_card:
            score += 0.7
    for n in months.values():
        if n == 2:
            score += 0.6
        elif n >= 3:
            score += 2.0
    return score


def expected_claim(decision: TableDecision) -> float:
    """What one forced-out claimant is expected to be paid by each payer (GWANG-6): the
    eligible cards expected in a hand of the size dealt, from the cards this seat cannot see."""
    rules = decision.rules
    deck = [c.code for c in deck_cards(rules.jokers)]
    mine = {c.code for c in decision.hand}
    unseen = [c for c in deck if c not in mine]
    if not unseen:
        return 0.0
    eligible = len(eligible_cards(rules, unseen, decision.seated))
    per_hand = len(decision.hand) or 7
    cards = per_hand * eligible / len(unseen)
    return cards * rules.compensation_per_card * 1.15  # a shown triple doubles about 15 %


def forced_out_expected(decision: TableDecision) -> float:
    """How many seats this seat's stay is expected to force out (and so to pay, GWANG-7)."""
    room = decision.seated - 3 - decision.dropped  # drops still possible before all are forced in
    if room <= 0:
        return 0.0
    if decision.stayed >= 1:
        return float(decision.undecided)  # this stay is the second: all undecided are forced out
    # The first stay: a later stay would force the rest out; about half of them, roughly.
    return max(0.0, decision.undecided - 1) * 0.5


def play_value(decision: TableDecision, strength: float | None = None) -> float:
    """Expected net chips of playing the dealt hand as a non-dealer (measured, see above)."""
    s = hand_strength(decision.hand, decision.rules.flex_card) if strength is None else strength
    return CHIPS_PER_STRENGTH * (s - MEAN_STRENGTH - STAYER_BIAS / 2) + NON_DEALER_EDGE


def compensation_cost(decision: TableDecision) -> float:
    """Expected compensation this seat pays if it stays (GWANG-7: ``immediate``: both
    non-dealer active players pay every claimant; ``end_by_losers``: the two losers, this seat
    about two times in three)."""
    share = 1.0 if decision.rules.compensation_timing == "immediate" else 2 / 3
    return share * forced_out_expected(decision) * expected_claim(decision)


def stay_value(decision: TableDecision, strength: float | None = None) -> float:
    """DEC-3: expected chips of staying in (dropping out is worth 0), see the module docstring."""
    return play_value(decision, strength) - compensation_cost(decision)


def push_value(decision: TableDecision, edge: float | None = None) -> float:
    """VAR-PUSH: expected chips of pushing less those of collecting, for the winner.

    Collecting is worth the stake now plus the next hand at its plain stake; pushing is worth
    the next hand at twice its stake per push in the run (this one included). The winner deals
    the next hand (MATCH-4), so the next hand is worth :data:`NEXT_DEALER_EDGE` (``edge``) per
    plain stake to it: push value = (2^(pushes + 1) - 1) x edge - stake.
    """
    e = NEXT_DEALER_EDGE if edge is None else edge
    return ((1 << (decision.pushes + 1)) - 1) * e - decision.stake


def pushes_pay(decision: TableDecision) -> bool:
    """VAR-PUSH: the bots' push rule. Push when the expected value says so
    (:func:`push_value` > 0), or to catch up: when collecting would still leave this seat
    behind the leader and at most :data:`CATCH_UP_HANDS` counted hands remain (a doubled next
    hand is its better chance to finish first)."""
    if push_value(decision) > 0:
        return True
    left = decision.hands_left
    return decision.behind > 0 and left is not None and left <= CATCH_UP_HANDS
