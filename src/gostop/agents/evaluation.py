"""Position evaluation for the heuristic bots, in points-like units, from a :class:`View`.

* :meth:`Evaluator.potential` -- a capture area's stop points plus partial credit for sets that
  can still be completed (brights, godori, the three ribbon sets, five animals / ribbons, ten
  junk), only counting sets whose missing cards nobody else has captured; minus the bak
  exposure (no bright: gwang-bak; fewer junk than the pi-bak threshold: pi-bak).
* :meth:`Evaluator.gain` -- what capturing some cards adds to a seat's potential;
  :meth:`Evaluator.value` -- the gain for this seat plus, weighted, what the cards would have
  given the opponent who wants them most (taking a card also denies it).
* card-location probabilities over the unseen cards: a stock card's month, an opponent holding
  a month.
* go/stop estimates: the payment now (:func:`gostop.settlement.settle`) and the chance that a
  player reaches the target within the turns left.
"""

from __future__ import annotations

import math
from functools import lru_cache

from gostop.agents.knowledge import MONTH_MASKS, View
from gostop.scoring import ScoreTable
from gostop.settlement import SettleContext, go_chips, go_multiplier, settle

__all__ = ["Evaluator", "reach_probability"]

# Partial credit (in points) for unfinished sets, by cards already held.
_BRIGHT_CREDIT = (0.0, 0.45, 1.3)  # toward 3 brights (3 points)
_SET3_CREDIT = (0.0, 0.12, 0.4)  # fraction of a 3-card set's points
_COUNT5_CREDIT = (0.0, 0.04, 0.12, 0.28, 0.55)  # toward 5 animals / ribbons (1 point)
_JUNK_CREDIT = tuple(0.05 * j + (0.08 * (j - 5) if j > 5 else 0.0) for j in range(10))
_GWANG_BAK_EXPOSURE = 0.45
_PI_BAK_EXPOSURE = 0.9
#: Weight of denial: a card this seat takes is a card no opponent can take.
DENIAL = 0.7
#: Value of one junk taken from each opponent (a steal event).
STEAL = 0.4


#: potential() results by (score table id, captures, cards taken by others). The value depends
#: only on the rules (one table per Rules object, kept alive by ScoreTable's cache) and masks.
_POT_CACHE: dict[tuple[ScoreTable, int, int], float] = {}


@lru_cache(maxsize=4096)
def _poisson_tail(mu_x100: int, k: int) -> float:
    mu = mu_x100 / 100.0
    if k <= 0:
        return 1.0
    term = math.exp(-mu)
    cdf = term
    for i in range(1, k):
        term *= mu / i
        cdf += term
    return max(0.0, 1.0 - cdf)


def reach_probability(gap: float, turns: int, rate: float = 0.55) -> float:
    """Rough chance of gaining ``gap`` more points within ``turns`` own turns (Poisson model)."""
    if gap <= 0:
        return 1.0
    if turns <= 0:
        return 0.0
    return _poisson_tail(round(rate * turns * 100), math.ceil(gap))


def _comb_ratio(n: int, k: int, h: int) -> float:
    """C(n - k, h) / C(n, h): chance that ``h`` cards drawn from ``n`` miss ``k`` given ones."""
    if h <= 0 or k <= 0:
        return 1.0
    if k + h > n:
        return 0.0
    r = 1.0
    for i in range(h):
        r *= (n - k - i) / (n - i)
    return r


class Evaluator:
    """Evaluation helpers bound to one :class:`View` (see the module docstring)."""

    __slots__ = ("v", "t", "opps", "taken_by", "n_unseen", "_unseen_m", "_takes")

    def __init__(self, view: View) -> None:
        self.v = view
        self.t = view.table
        self.opps = view.opponents
        # taken_by[s]: cards captured by the other seats (unavailable to s).
        caps = view.captures
        all_caps = 0
        for c in caps:
            all_caps |= c
        self.taken_by = [all_caps & ~c for c in caps]
        self.n_unseen = view.unseen.bit_count()
        unseen = view.unseen
        self._unseen_m = [0] + [(unseen & MONTH_MASKS[m]).bit_count() for m in range(1, 13)]
        self._takes: dict[int, float] = {}

    # -- potential -----------------------------------------------------------------------

    def potential(self, seat: int, caps: int | None = None) -> float:
        if caps is None:
            caps = self.v.captures[seat]
        other = self.taken_by[seat]
        key = (self.t, caps, other)
        found = _POT_CACHE.get(key)
        if found is not None:
            return found
        t = self.t
        free = ~other & ~caps
        pts = float(t.stop_points(caps))
        b = caps & t.brights
        nb = b.bit_count()
        free_b = (t.brights & free).bit_count()
        if nb < 3:
            if nb + free_b >= 3:
                pts += _BRIGHT_CREDIT[nb]
        elif nb < 5 and free_b:
            pts += 0.35
        g = t.godori_mask
        k = (caps & g).bit_count()
        if k < 3 and not (g & other):
            pts += t.godori_points * _SET3_CREDIT[k]
        for _name, s in t.ribbon_sets:
            k = (caps & s).bit_count()
            if k < 3 and not (s & other):
                pts += 3 * _SET3_CREDIT[k]
        a = (caps & t.animals).bit_count()
        fa = (t.animals & free).bit_count()
        if a < 5:
            if a + fa >= 5:
                pts += _COUNT5_CREDIT[a]
        elif fa:
            pts += 0.3
        r = (caps & t.ribbons).bit_count()
        fr = (t.ribbons & free).bit_count()
        if r < 5:
            if r + fr >= 5:
                pts += _COUNT5_CREDIT[r]
        elif fr:
            pts += 0.3
        j = t.junk_count(caps)
        if j < 10:
            pts += _JUNK_CREDIT[j]
        else:
            pts += 0.3
        # Bak exposure: paying double if an opponent wins with brights / junk.
        if nb == 0 and self.v.rules.gwang_bak != "off":
            pts -= _GWANG_BAK_EXPOSURE
        if self.v.rules.pi_bak:
            jj = t.junk_count(caps, flex_as_junk=True)
            protect = self.v.rules.pi_bak_protect_min
            if jj < protect:
                pts -= _PI_BAK_EXPOSURE * (protect - jj) / protect
        if len(_POT_CACHE) > 300_000:
            _POT_CACHE.clear()
        _POT_CACHE[key] = pts
        return pts

    def gain(self, seat: int, cards: int) -> float:
        caps = self.v.captures[seat]
        return self.potential(seat, caps | cards) - self.potential(seat, caps)

    def best_opponent_gain(self, cards: int) -> float:
        best = 0.0
        for o in self.opps:
            g = self.gain(o, cards)
            if g > best:
                best = g
        return best

    def value(self, cards: int) -> float:
        """Gain of capturing ``cards`` for this seat, plus the weighted denial."""
        return self.gain(self.v.seat, cards) + DENIAL * self.best_opponent_gain(cards)

    # -- probabilities -------------------------------------------------------------------

    def unseen_of_month(self, m: int) -> int:
        return self._unseen_m[m]

    def p_stock_month(self, m: int) -> float:
        """Chance that the next stock card is of month ``m``."""
        if self.n_unseen == 0 or self.v.stock_size == 0:
            return 0.0
        return self._unseen_m[m] / self.n_unseen

    def hidden_hand(self, seat: int) -> int:
        """Number of ``seat``'s hand cards this seat cannot see."""
        return max(0, self.v.hand_sizes[seat] - self.v.shown[seat].bit_count())

    def p_holds_month(self, seat: int, m: int) -> float:
        """Chance that ``seat`` (another seat) holds a card of month ``m``."""
        if self.v.shown[seat] & MONTH_MASKS[m]:
            return 1.0
        return 1.0 - _comb_ratio(self.n_unseen, self._unseen_m[m], self.hidden_hand(seat))

    def p_opponent_takes(self, m: int) -> float:
        """Chance that some opponent can capture a card of month ``m`` left on the layout
        before this seat's next turn (holds the month, or turns one from the stock)."""
        found = self._takes.get(m)
        if found is not None:
            return found
        miss = 1.0
        for o in self.opps:
            if self.v.hand_sizes[o] == 0 and self.v.skip_allowance[o] == 0:
                continue
            miss *= 1.0 - self.p_holds_month(o, m)
            miss *= 1.0 - self.p_stock_month(m)
        self._takes[m] = 1.0 - miss
        return 1.0 - miss

    # -- go / stop -----------------------------------------------------------------------

    def stop_payment(self, goes_delta: int = 0, points_delta: int = 0, fast: bool = False) -> float:
        """Total this seat would collect by stopping now (``goes_delta`` more goes, optionally
        scaled as if it had ``points_delta`` more points). ``fast``: an approximation of the
        settlement (stop points, go chips and multipliers, heundeum, bombs, meong-dda,
        gwang-bak, pi-bak) instead of :func:`~gostop.settlement.settle`."""
        if fast:
            return self._approx_payment(goes_delta, points_delta)
        v = self.v
        me = v.seat
        opps = v.opponents
        t = self.t
        shakes = bin(v.declared[me]).count("1")
        nov_dec = bool(v.declared[me] >> 11 & 1) + bool(v.declared[me] >> 12 & 1)
        goer = None
        if v.players == 3:
            for i, o in enumerate(opps):
                if v.goes[o]:
                    goer = i
                    break
        elif v.goes[opps[0]] and v.rules.go_bak_two_player != "none":
            goer = 0
        ctx = SettleContext(
            goes=v.goes[me] + goes_delta,
            shakes=shakes,
            shakes_nov_dec=nov_dec,
            bombs=v.bombs[me],
            nagari_before=v.nagari_before,
            goer=goer,
        )
        try:
            s = settle(
                v.rules, v.players, t.cards(v.captures[me]), [t.cards(v.captures[o]) for o in opps], ctx
            )
        except ValueError:
            return float(v.stop_points[me])
        total = float(sum(s.payments))
        if points_delta and s.points:
            total *= (s.points + points_delta) / s.points
        return total

    def _approx_payment(self, goes_delta: int, points_delta: int) -> float:
        v = self.v
        rules = v.rules
        t = self.t
        me = v.seat
        caps = v.captures[me]
        points = t.stop_points(caps) + points_delta
        if rules.payment_unit == "shots":
            per = rules.shots_per_points or 5
            return float((points // per) * len(self.opps))
        goes = v.goes[me] + goes_delta
        base = points + go_chips(rules, goes)
        mult = go_multiplier(rules, goes) * rules.bomb_multiplier ** v.bombs[me]
        shakes = bin(v.declared[me]).count("1")
        if shakes:
            mult *= rules.heundeum_multiplier**shakes
        if rules.meong in ("dda", "dda_and_bak") and t.animal_count(caps) >= 7:
            mult *= 2
        if v.nagari_before and rules.nagari_multiplier != "off":
            carry = 2 ** v.nagari_before if rules.nagari_multiplier == "cumulative" else 2
            if rules.nagari_multiplier_cap is not None:  # MATCH-8 (matgo: x8 at most)
                carry = min(carry, rules.nagari_multiplier_cap)
            mult *= carry
        brights = t.bright_points(caps) > 0
        junk10 = rules.pi_bak and t.junk_count(caps, True) >= 10
        protect = rules.pi_bak_protect_min
        if v.players == 2 and rules.pi_bak_protect_min_two_player is not None:
            protect = rules.pi_bak_protect_min_two_player
        total = 0.0
        for o in self.opps:
            oc = v.captures[o]
            amount = float(base * mult)
            if brights and not oc & t.brights:
                if rules.gwang_bak == "double":
                    amount *= 2
                elif rules.gwang_bak == "plus2":
                    amount += 2
            o_junk = t.junk_count(oc, True)
            if junk10 and o_junk < protect and (o_junk or not rules.pi_bak_zero_exempt):  # PAY-14
                amount *= 2
            total += amount
        return total

    def opponent_gap(self, o: int) -> float:
        """Points opponent ``o`` still needs for a go/stop decision, less partial credit."""
        v = self.v
        need = v.target
        if v.goes[o]:
            need = max(need, v.last_go_points[o] + 1)
        partial = self.potential(o) - self.t.stop_points(v.captures[o])
        return need - v.stop_points[o] - max(0.0, partial) * 0.6

    def turns_left(self, seat: int) -> int:
        return self.v.hand_sizes[seat] + self.v.skip_allowance[seat]
