"""``expert``: a hand-written player that reasons about unseen cards, sets, baks and go/stop.

It evaluates every legal action with :class:`~gostop.agents.evaluation.Evaluator`:

* **main action** (DEC-11): for each card, what it captures (CAPT-H) and what the stock card may
  do next -- the chance of a ppuk after a single match, of a ttadak after a double match, of a
  chok after an unmatched card -- and what it leaves on the layout for the opponents: a card
  laid down is scored by how likely an opponent can take it and how much it would help them
  (so it blocks near-complete sets: godori, ribbon sets, brights, and dumps cards of dead
  months first). Captures are valued by the gain in the seat's potential plus the denial.
  Bombs take four cards and two stock-only turns; a stock-only turn is used when every card
  would be a bad play.
* **targets** (DEC-12/13): the more valuable card, minding what stays on the layout.
* **surrender** (DEC-14): the junk whose loss hurts least and helps the creditor least.
* **heundeum** (DEC-6/7): declared unless bombing that month is possible now (or later, under
  ``bomb_after_heundeum = false``, when the fourth card can still come); with
  ``heundeum_must_play`` only when a declared card is also the best play.
* **go/stop** (DEC-16): expected value. Stop is worth the settlement now (with every bak). Go is
  worth the chance of improving before an opponent reaches its target times the bigger payment,
  minus the chance an opponent wins first times what it would cost (gwang-bak, pi-bak and, with
  three players, go-bak paying for both), with nothing on a nagari.
* **shodang** (DEC-9/10, :mod:`gostop.agents.shodang`): refuses an offer unless refusing is
  expected to cost chips (the third player or the offerer about to win, with the refusal making
  it pay for both); offers at most once a hand, when playing on is expected to cost chips, an
  opponent is on the brink and every card in hand would feed someone.
* chongtong and jokers: declares a chongtong, reveals jokers, shouts after a first-turn ppuk.
* a table paid in shots (goo-stupe, GOO-1): a joker that makes each opponent drink when played
  from hand (GOO-10) is played before any other card, one that makes the player drink last, and
  it stops as soon as it may (GOO-4: a go earns no chips and no multiplier) unless it still holds
  a joker that makes the opponents drink.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gostop.agents import shodang
from gostop.agents.evaluation import STEAL, Evaluator, reach_probability
from gostop.agents.knowledge import MONTH_MASKS, View
from gostop.agents.protocol import Agent, Decision, TableDecision, action_text
from gostop.agents.shodang import OFFER_THRESHOLD, SeatOutlook
from gostop.agents.table import best_claim, cut_depth, hand_strength, pushes_pay, stay_value

if TYPE_CHECKING:
    from gostop.engine import Action

__all__ = ["ExpertAgent", "ExpertPolicy", "hand_strength", "shot_table_go", "shot_table_legal", "table_choice"]


MAIN_KINDS = frozenset({"play", "bomb", "grenade", "skip"})

#: A joker played from hand that makes each opponent drink (GOO-10) is played before any capture
#: (a card's value is a few points at most).
JOKER_SHOT_BONUS = 10.0

#: The first joker's bit in a card mask (the 48 month cards come first).
JOKER_BIT = 48


def shot_table_go(v: View) -> bool:
    """Go or stop at a table paid in shots (goo-stupe), with turns left to play.

    GOO-4: no go chips and no multipliers, only floor(points / 5) shots for each opponent, so a
    go buys a second shot at 10 points at the price of more turns, each of which may turn a
    joker (GOO-10) or let an opponent play its own: stop, unless a joker in hand would make each
    opponent drink on the next turn (a stop leaves it unplayed)."""
    return ExpertPolicy.joker_shot_bonus(v) > 0 and bool(v.hand >> JOKER_BIT)


def shot_table_legal(v: View, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The legal actions narrowed by the expert's rules for jokers that cost shots (GOO-10,
    ``joker_shot``) and for go/stop at a table paid in shots (GOO-4); ``legal`` itself where
    they say nothing. For a player that was not taught those tables (the learned policy):

    * go/stop: the one answer of :func:`shot_table_go` (stop on the last turn, GOSTOP-6);
    * a main action where a joker from hand makes each opponent drink: the joker plays only;
      where it makes the player drink: every other play, if there is one."""
    kinds = {a.kind for a in legal}
    if v.rules.payment_unit == "shots" and {"go", "stop"} <= kinds:
        turns = v.hand_sizes[v.seat] + v.skip_allowance[v.seat]
        kind = "go" if turns > 0 and shot_table_go(v) else "stop"
        return tuple(a for a in legal if a.kind == kind)
    bonus = ExpertPolicy.joker_shot_bonus(v)
    if bonus == 0 or "play" not in kinds:
        return legal
    jokers = tuple(a for a in legal if a.kind == "play" and a.cards and v.bit(a.cards[0]) >> JOKER_BIT)
    if not jokers:
        return legal
    if bonus > 0:
        return jokers
    others = tuple(a for a in legal if a not in jokers)
    return others if any(a.kind in MAIN_KINDS for a in others) else legal


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class ExpertPolicy:
    """The expert's decision rules as plain functions of a :class:`View` and the legal actions
    (shared by :class:`ExpertAgent` and the search's rollouts)."""

    def __init__(self, go_margin: float = 0.0, rate: float = 0.55, fast: bool = False) -> None:
        self.go_margin = go_margin
        self.rate = rate
        self.fast = fast  # approximate settlements (search rollouts)

    # -- entry point ---------------------------------------------------------------------

    def choose(self, v: View, legal: tuple[Action, ...]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        for kind in ("chongtong", "reveal", "yell"):
            if kind in by_kind:
                return by_kind[kind][0]
        ev = Evaluator(v)
        if "go" in by_kind and "stop" in by_kind:
            return by_kind["go"][0] if self.wants_go(ev) else by_kind["stop"][0]
        if "accept" in by_kind:
            return by_kind["accept"][0] if self.accepts_shodang(ev) else by_kind["refuse"][0]
        if "surrender" in by_kind:
            return self.surrender(ev, by_kind["surrender"])
        if "pick" in by_kind:
            return self.pick(ev, by_kind["pick"])
        return self.main(ev, legal, by_kind)

    # -- main action ---------------------------------------------------------------------

    def ranked_main(self, ev: Evaluator, legal: tuple[Action, ...]) -> list[Action]:
        """Main actions (play, bomb, grenade, skip) best first by :meth:`score_main`."""
        scored = [(self.score_main(ev, a), a.text, a) for a in legal if a.kind in MAIN_KINDS]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [a for _, _, a in scored]

    def main(self, ev: Evaluator, legal: tuple[Action, ...], by_kind: dict[str, list[Action]]) -> Action:
        scored = []
        for a in legal:
            if a.kind in MAIN_KINDS:
                scored.append((self.score_main(ev, a), a.text, a))
        if not scored:
            # only declarations or other choices remain
            for kind in ("continue", "stop", "no-yell"):
                if kind in by_kind:
                    return by_kind[kind][0]
            return legal[0]
        scored.sort(key=lambda x: (-x[0], x[1]))
        best = scored[0][2]
        # Declarations before the main action (phase 0).
        for a in by_kind.get("shake", []) + by_kind.get("show-quad", []):
            if self.wants_shake(ev, a, best):
                return a
        if "offer-shodang" in by_kind and self.wants_shodang(ev):
            return by_kind["offer-shodang"][0]
        return best

    def score_main(self, ev: Evaluator, a: Action) -> float:
        v = ev.v
        n_opp = len(v.opponents)
        if a.kind == "skip":
            return -0.15
        if a.kind in ("bomb", "grenade"):
            m = a.month
            cards = MONTH_MASKS[m] & (v.hand | v.layout)
            steal = STEAL * n_opp if v.rules.bomb_steals_junk else 0.0
            return ev.value(MONTH_MASKS[m]) + 0.6 + steal + (0.3 * (cards == 0))
        bit = v.bit(a.cards[0])
        i = bit.bit_length() - 1
        if i >= JOKER_BIT:  # joker from hand: captured at once, a stock card stands in for it
            return ev.value(bit) + 0.25 + self.joker_shot_bonus(v)
        m = i // 4 + 1
        mm = MONTH_MASKS[m]
        on_layout = v.layout & mm
        n = on_layout.bit_count()
        p_flip = ev.p_stock_month(m)
        if n == 0:
            # H0: laid down; chok if the stock card is of the same month.
            chok = p_flip * (ev.value(bit) + 0.5 + STEAL * n_opp)
            exposure = ev.p_opponent_takes(m) * ev.best_opponent_gain(bit)
            # Keeping it could capture a card of its month later; a dead month loses nothing.
            keep = 0.0
            if ev.unseen_of_month(m) or (v.hand & mm & ~bit):
                keep = 0.35 * ev.gain(v.seat, bit) + 0.15
            return chok - (1.0 - p_flip) * (exposure + keep) - 0.05
        if n == 1:
            take = ev.value(bit | on_layout)
            ppuk = p_flip * (take + 0.6 + 0.5 * STEAL * n_opp)
            return take - ppuk
        if n == 2:
            opts = _bits(on_layout)
            v0, v1 = ev.value(bit | opts[0]), ev.value(bit | opts[1])
            best, rest = (v0, opts[1]) if v0 >= v1 else (v1, opts[0])
            # The fourth card: mine (safe), unseen (may come to an opponent), or gone.
            fourth_mine = bool(v.hand & mm & ~bit)
            ttadak = p_flip * (ev.value(rest) + STEAL * n_opp)
            left = 0.0 if fourth_mine else ev.p_opponent_takes(m) * ev.best_opponent_gain(rest)
            return best + ttadak - (1.0 - p_flip) * left
        # H3: the stack of three (and a ja-ppuk if it is this seat's own stack).
        steal = STEAL * n_opp * (2 if v.own_stack_months >> m & 1 else 1)
        return ev.value(bit | on_layout) + steal + 0.3

    @staticmethod
    def joker_shot_bonus(v: View) -> float:
        """What a joker played from hand is worth beyond its capture where it costs a shot
        (GOO-10, ``joker_shot``): each opponent drinks (``hand_opponents_stock_self``), so it
        comes first -- the hand may end by a stop before the joker is played, and it costs no
        turn (a stock card stands in for it); the drinker is the player itself
        (``hand_self_stock_opponents``), so it comes last."""
        shot = v.rules.joker_shot
        if shot == "hand_opponents_stock_self":
            return JOKER_SHOT_BONUS
        if shot == "hand_self_stock_opponents":
            return -JOKER_SHOT_BONUS
        return 0.0

    # -- other decisions -----------------------------------------------------------------

    def pick(self, ev: Evaluator, picks: list[Action]) -> Action:
        v = ev.v
        taker = v.choosing_for
        choice = 0
        for a in picks:
            choice |= v.bit(a.cards[0])

        def score(a: Action) -> tuple[float, str]:
            b = v.bit(a.cards[0])
            other = choice & ~b
            m = (b.bit_length() - 1) // 4 + 1
            left = ev.p_opponent_takes(m) * ev.best_opponent_gain(other) if other else 0.0
            return (ev.value(b | taker) - left, a.text)

        return max(picks, key=score)

    def surrender(self, ev: Evaluator, options: list[Action]) -> Action:
        v = ev.v
        me = v.seat
        caps = v.captures[me]
        creditor = v.creditor if v.creditor is not None else v.opponents[0]

        def cost(a: Action) -> tuple[float, str]:
            m = 0
            for code in a.cards:
                m |= v.bit(code)
            loss = ev.potential(me, caps) - ev.potential(me, caps & ~m)
            return (loss + 0.5 * ev.gain(creditor, m), a.text)

        return min(options, key=cost)

    def wants_shake(self, ev: Evaluator, a: Action, best: Action) -> bool:
        v = ev.v
        m = a.month
        mm = MONTH_MASKS[m]
        rules = v.rules
        if not rules.bomb_after_heundeum:
            if best.kind == "bomb" and best.month == m:
                return False  # bomb now instead
            fourth = mm & ~v.hand
            # The fourth card may still reach the layout: early on, keep the bomb open (four
            # cards and two free turns) rather than declare.
            if fourth & v.unseen and v.stock_size > 4 and v.hand_sizes[v.seat] >= 8:
                return False
        if rules.heundeum_must_play:
            return (best.kind == "play" and bool(v.bit(best.cards[0]) & mm)) or (
                best.kind == "bomb" and best.month == m
            )
        return True

    def wants_go(self, ev: Evaluator) -> bool:
        v = ev.v
        me = v.seat
        turns = ev.turns_left(me)
        if turns <= 0:
            return False  # GOSTOP-6: a go on the final turn is a nagari
        if v.rules.payment_unit == "shots":
            return shot_table_go(v)
        stop_now = ev.stop_payment(fast=self.fast)
        # My chance to improve again (strictly above this go) before the end.
        p_me = reach_probability(1, turns, self.rate)
        # Each opponent's chance to reach its target in its turns left.
        p_opp_none = 1.0
        opp_cost = 0.0
        for o in v.opponents:
            p = reach_probability(ev.opponent_gap(o), ev.turns_left(o), self.rate)
            p_opp_none *= 1.0 - p
            # What o would collect from me: about its target, doubled by my baks.
            pay = float(max(v.target, v.stop_points[o]) + 1)
            mine = v.captures[me]
            t = ev.t
            if not mine & t.brights and v.rules.gwang_bak != "off" and t.bright_points(v.captures[o]):
                pay *= 2
            if v.rules.pi_bak and t.junk_count(mine, True) < v.rules.pi_bak_protect_min:
                pay *= 1.5
            if v.players == 3 and v.rules.dok_bak:
                pay *= 2  # go-bak: I would pay for both losers
            opp_cost += p * pay
        p_opp = 1.0 - p_opp_none
        p_me_first = p_me * (1.0 - 0.5 * p_opp)
        gain = ev.stop_payment(goes_delta=1, points_delta=2, fast=self.fast)
        ev_go = p_me_first * gain - (1.0 - 0.5 * p_me) * opp_cost
        return ev_go > stop_now + self.go_margin

    # -- shodang (LIAB-7..LIAB-12): expected value, see gostop.agents.shodang -------------

    def outlook(self, ev: Evaluator, s: int) -> SeatOutlook:
        """Seat ``s``'s prospects as the deciding seat sees them."""
        v = ev.v
        me = v.seat
        gap = ev.opponent_gap(s)
        turns = ev.turns_left(s)
        if s == me:
            return SeatOutlook(gap, turns, sum(self.payment(ev, me, o) for o in v.opponents), 0.0)
        return SeatOutlook(gap, turns, 0.0, self.payment(ev, s, me))

    @staticmethod
    def payment(ev: Evaluator, winner: int, loser: int) -> float:
        """About what ``loser`` would pay ``winner`` if it won: its target or its points plus
        one, more with the baks ``loser`` is exposed to now (gwang-bak, pi-bak)."""
        v = ev.v
        t = ev.t
        theirs = v.captures[loser]
        pay = float(max(v.target, v.stop_points[winner]) + 1)
        if not theirs & t.brights and v.rules.gwang_bak != "off" and t.bright_points(v.captures[winner]):
            pay *= 2
        if v.rules.pi_bak and t.junk_count(theirs, True) < v.rules.pi_bak_protect_min:
            pay *= 1.5
        return pay

    def refusal_value(self, ev: Evaluator) -> float:
        """Expected chips of refusing the offer being answered (accepting is worth 0)."""
        v = ev.v
        offerer = v.mover
        third = next(o for o in v.opponents if o != offerer)
        return shodang.refusal_value(
            self.outlook(ev, v.seat),
            self.outlook(ev, offerer),
            self.outlook(ev, third),
            self.rate,
            whole_hand=v.rules.shodang_window == "rest_of_hand",
        )

    def continue_value(self, ev: Evaluator) -> float:
        """Expected chips of playing on without an offer."""
        v = ev.v
        return shodang.continue_value(self.outlook(ev, v.seat), [self.outlook(ev, o) for o in v.opponents], self.rate)

    def accepts_shodang(self, ev: Evaluator) -> bool:
        """DEC-10: accept when refusing is expected to cost chips."""
        return self.refusal_value(ev) < 0.0

    def may_offer_shodang(self, ev: Evaluator) -> bool:
        """DEC-9, the part every level shares: three players, no earlier offer by this seat in
        this hand, and playing on is expected to cost more than :data:`OFFER_THRESHOLD`."""
        v = ev.v
        if v.players != 3 or (v.offered and v.offered[v.seat]):
            return False
        return self.continue_value(ev) < -OFFER_THRESHOLD

    def offer_worth_trying(self, ev: Evaluator) -> bool:
        """Whether a shodang offer is worth weighing at all (the search rolls it out then):
        :meth:`may_offer_shodang` and an opponent on the brink of winning (within a point)."""
        v = ev.v
        if v.players != 3 or (v.offered and v.offered[v.seat]):
            return False
        if not any(ev.opponent_gap(o) <= 1.0 for o in v.opponents):
            return False
        return self.may_offer_shodang(ev)

    def wants_shodang(self, ev: Evaluator) -> bool:
        v = ev.v
        me = v.seat
        if v.players != 3 or (v.offered and v.offered[me]):
            return False
        brink = [o for o in v.opponents if ev.opponent_gap(o) <= 1.0]
        if not brink:
            return False
        if v.target - v.stop_points[me] <= 1:
            return False
        # No safe play: every hand card matches nothing and feeds an opponent on the brink.
        for b in _bits(v.hand):
            i = b.bit_length() - 1
            if i >= 48:
                return False
            m = i // 4 + 1
            if v.layout & MONTH_MASKS[m]:
                return False
            if not any(ev.p_holds_month(o, m) > 0.5 for o in brink):
                return False
        return self.may_offer_shodang(ev)


#: Default go/stop margin (chips): go when the estimated value of going exceeds the value of
#: stopping minus 6. Measured on 2,000 duplicate ``pagat`` deals against ``greedy``: margins
#: -4 / -6 / -8 / -10 gave +4.4 / +4.7 / +5.4 / +5.2 points per hand (2 players), and 0 / -4 /
#: -8 gave +0.35 / +0.53 / +0.45 (3 players, 1,000 deals); the estimate itself is cautious.
GO_MARGIN = -6.0


class ExpertAgent(Agent):
    """See the module docstring."""

    name = "expert"
    PARAMETER_RANGES = {"go_margin": (-1000, 1000), "rate": (0.01, 10)}

    def __init__(self, go_margin: float = GO_MARGIN, rate: float = 0.55) -> None:
        super().__init__()
        self.policy = ExpertPolicy(go_margin=go_margin, rate=rate)

    def params(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.policy.go_margin != GO_MARGIN:
            out["go_margin"] = self.policy.go_margin
        if self.policy.rate != 0.55:
            out["rate"] = self.policy.rate
        return out

    def choose(self, decision: Decision) -> Action:
        assert self.ctx is not None
        v = View.from_observation(decision.observation, self.ctx.rules)
        return self.policy.choose(v, decision.legal)

    def choose_table(self, decision: TableDecision) -> object:
        """Table decisions (:mod:`gostop.agents.table`): a cut in the middle of the deck
        (DEC-1), the list in seat order (DEC-2), stay in a gwangpalli deal when staying is
        expected to pay (:func:`~gostop.agents.table.stay_value`, DEC-3), the best-paid claim
        (DEC-4), push when it pays or to catch up (:func:`~gostop.agents.table.pushes_pay`,
        VAR-PUSH)."""
        return table_choice(decision, lambda d: stay_value(d) > 0.0)


def table_choice(decision: TableDecision, stays: Callable[[TableDecision], bool]) -> object:
    """The table decision of a bot whose stay/drop rule is ``stays`` (the rest is shared)."""
    texts = {action_text(a): a for a in decision.legal}
    if "push" in texts and "collect" in texts:  # VAR-PUSH
        return texts["push" if pushes_pay(decision) else "collect"]
    if "stay" in texts and "drop" in texts:
        return texts["stay" if stays(decision) else "drop"]
    if "no-claim" in texts:
        return best_claim(decision)
    if "no-cut" in texts:
        return cut_depth(decision)
    return decision.legal[0]  # the goo-stupe list (DEC-2): seat order
