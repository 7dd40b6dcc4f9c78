"""Settlement after a stop: RULES.md 2.13 PAY, 2.14 LIAB (dok-bak) and 2.16 GOO (shots).

:func:`settle` is a pure function of the rules, the number of active players, the winner's
capture area, each opponent's capture area and a :class:`SettleContext` (the facts of the hand
that cards cannot show: goes, heundeum, bombs, previous nagari, liability facts). It follows
PAY-1 .. PAY-10 in order and returns a :class:`Settlement` with the payments and a readable
explanation (:attr:`Settlement.steps`).

:func:`settle_case` runs one test case in the JSON shape of RULES.md section 7.

>>> s = settle_case({
...     "preset": "pagat", "players": 3,
...     "winner_captures": ["01B", "03B", "08B"],
...     "opponents": [{"captures": ["12B"]}, {"captures": []}],
... })
>>> s.points, s.payments, s.total
(3, (3, 6), 9)
>>> s.steps[-1]
'opp2: 3 x M 1 x Mi 2 (gwang-bak x2) = 6'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from gostop.cards import Card, CardCodeError, parse_card
from gostop.rules import Rules, RulesError, get_preset
from gostop.scoring import FlexClass, ScoreBreakdown, ScoreTable

__all__ = [
    "SettleContext",
    "Settlement",
    "SettlementError",
    "Liability",
    "settle",
    "settle_case",
    "go_chips",
    "go_multiplier",
]

Liability = Literal["go-bak", "shodang-refusal", "oe-myeon"]

_LIABILITY_TEXT: dict[str, str] = {
    "go-bak": "go-bak",
    "shodang-refusal": "shodang refusal",
    "oe-myeon": "oe-myeon",
}

# Physical limits used to reject impossible contexts.
_MAX_SHAKES = 4  # generous bound: a 10-card hand never holds more than three triples
_MAX_NOV_DEC_SHAKES = 2  # only November and December
_MAX_WEOL_YAK = 2  # VAR-WEOLYAK-FIRST and VAR-WEOLYAK-MONTH, once each


class SettlementError(ValueError):
    """Invalid settlement input; the message is one sentence meant for people."""


# -- context ---------------------------------------------------------------------------------

_COUNT_FIELDS = ("goes", "shakes", "shakes_nov_dec", "bombs", "nagari_before", "weol_yak")
_INDEX_FIELDS = ("goer", "refuser", "oe_myeon")


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return f"{value!r} ({type(value).__name__})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class SettleContext:
    """The facts of a hand that settlement needs besides the cards (RULES.md section 7).

    Attributes:
        goes: how many times the winner said go this hand (PAY-3, PAY-5).
        shakes: heundeum months the winner declared; a kept quad shown under SHAKE-5 counts
            as one (SHAKE-2).
        shakes_nov_dec: how many of those were November or December
            (``heundeum_nov_dec_multiplier``).
        bombs: bombs the winner played (a grenade counted as a bomb included) (PAY-5).
        nagari_before: k of MATCH-5, consecutive nagari right before this hand.
        goer: index into ``opponents`` of the loser liable for go-bak (LIAB-3, after LIAB-12);
            in a 2-player hand, marks that the opponent said go (``go_bak_two_player``).
        refuser: index of the loser whose shodang refusal is active at the stop (LIAB-10).
        oe_myeon: index of the loser whose last turn satisfies LIAB-4 and is not excused by
            exception LIAB-5 (b); settlement applies exception (a) and LIAB-2 precedence.
        weol_yak: how many of VAR-WEOLYAK-FIRST / VAR-WEOLYAK-MONTH the winner achieved
            (x4 each).
        mission_multiplier: the VAR-MISSION multiplier the winner earned (1 = none).

    Raises:
        SettlementError: a count is not a whole number >= 0, ``shakes_nov_dec`` exceeds
            ``shakes``, a count is impossible, or an index is not a whole number >= 0.
    """

    goes: int = 0
    shakes: int = 0
    shakes_nov_dec: int = 0
    bombs: int = 0
    nagari_before: int = 0
    goer: int | None = None
    refuser: int | None = None
    oe_myeon: int | None = None
    weol_yak: int = 0
    mission_multiplier: int = 1

    def __post_init__(self) -> None:
        for name in _COUNT_FIELDS:
            value = getattr(self, name)
            if not _is_int(value) or value < 0:
                raise SettlementError(
                    f"context {name!r} must be a whole number >= 0, got {_describe(value)}"
                )
        for name in _INDEX_FIELDS:
            value = getattr(self, name)
            if value is not None and (not _is_int(value) or value < 0):
                raise SettlementError(
                    f"context {name!r} must be null or an opponent index (0 = the first "
                    f"opponent), got {_describe(value)}"
                )
        mm = self.mission_multiplier
        if not _is_int(mm) or mm < 1:
            raise SettlementError(
                f"context 'mission_multiplier' must be a whole number >= 1, got {_describe(mm)}"
            )
        if self.shakes > _MAX_SHAKES:
            raise SettlementError(
                f"context 'shakes' = {self.shakes} is impossible: a winner declares at most "
                f"{_MAX_SHAKES} heundeum in a hand"
            )
        if self.shakes_nov_dec > self.shakes:
            raise SettlementError(
                f"context 'shakes_nov_dec' = {self.shakes_nov_dec} exceeds 'shakes' = "
                f"{self.shakes}: the November/December declarations are among the shakes"
            )
        if self.shakes_nov_dec > _MAX_NOV_DEC_SHAKES:
            raise SettlementError(
                f"context 'shakes_nov_dec' = {self.shakes_nov_dec} is impossible: only "
                "November and December count (at most 2)"
            )
        if self.weol_yak > _MAX_WEOL_YAK:
            raise SettlementError(
                f"context 'weol_yak' = {self.weol_yak} is impossible: there are only "
                f"{_MAX_WEOL_YAK} weol-yak variants (first turn, drawn month)"
            )

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> SettleContext:
        """Read the RULES.md section 7 ``context`` object.

        Missing keys take their defaults; unknown keys (and ``overrides``) are ignored.

        Raises:
            SettlementError: ``data`` is not an object, or a value has the wrong type.
        """
        if data is None:
            return _DEFAULT_CONTEXT
        if not isinstance(data, Mapping):
            raise SettlementError(f"'context' must be an object, got {_describe(data)}")
        kwargs = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        return cls(**kwargs)

    def to_json(self) -> dict[str, Any]:
        """The section 7 context keys (without ``overrides``)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


_DEFAULT_CONTEXT = SettleContext()


# -- result ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of :func:`settle`.

    Attributes:
        points: P of PAY-1, the winner's hand points (SCORE-9, capped) with the flex class
            chosen by SCORE-8; may be below :attr:`stop_points` (E09).
        stop_points: the winner's SCORE-10 stop points.
        payments: what each opponent pays (chips) or takes (shots), in opponent order.
        total: what the winner receives (PAY-10), the sum of :attr:`payments`.
        flex_class: how the winner's flex card was classed, or None if not captured.
        breakdown: the winner's :class:`~gostop.scoring.ScoreBreakdown` in that class.
        steps: the explanation, one line per step: flex choice, scoring items, cap, base and
            go chips, each common factor, each opponent's amount, exemptions, liability.
        liable: index of the opponent who paid for both (PAY-9), or None.
        liability: its kind (``"go-bak"``, ``"shodang-refusal"``, ``"oe-myeon"``) or None.
        unit: ``"chips"`` or ``"shots"``.
        go_chips: G of PAY-3.
        base: B = P + G of PAY-4.
        multiplier: M of PAY-5.
        factors: the common factors, ``(name, factor)`` pairs whose product is M.
        opponent_multipliers: Mi of PAY-6 per opponent.
        amounts: A_i of PAY-7 per opponent (before PAY-8 and PAY-9).
        opponent_flex: each opponent's flex-card class (None if they do not hold it).
    """

    points: int
    stop_points: int
    payments: tuple[int, ...]
    total: int
    flex_class: FlexClass | None
    breakdown: ScoreBreakdown
    steps: tuple[str, ...]
    liable: int | None
    liability: Liability | None
    unit: str
    go_chips: int = 0
    base: int = 0
    multiplier: int = 1
    factors: tuple[tuple[str, int], ...] = ()
    opponent_multipliers: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    opponent_flex: tuple[FlexClass | None, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes)."""
        return {
            "points": self.points,
            "stop_points": self.stop_points,
            "payments": list(self.payments),
            "total": self.total,
            "unit": self.unit,
            "flex_class": self.flex_class,
            "liable": self.liable,
            "liability": self.liability,
            "go_chips": self.go_chips,
            "base": self.base,
            "multiplier": self.multiplier,
            "factors": [[n, f] for n, f in self.factors],
            "opponent_multipliers": list(self.opponent_multipliers),
            "amounts": list(self.amounts),
            "opponent_flex": list(self.opponent_flex),
            "steps": list(self.steps),
            "breakdown": self.breakdown.to_json(),
        }


# -- go schemes ------------------------------------------------------------------------------


def go_chips(rules: Rules, goes: int) -> int:
    """PAY-3: go chips G for ``goes`` goes under ``go_scheme``."""
    scheme = rules.go_scheme
    if goes <= 0 or scheme == "none":
        return 0
    if scheme == "standard":
        if goes >= 3 and rules.go_chips_three_plus == "drop":
            return 0
        return 1 if goes == 1 else 2
    if scheme == "linear":
        return 1 if goes == 1 else 0
    # blog: +1, +2, then +n
    return goes


def go_multiplier(rules: Rules, goes: int) -> int:
    """PAY-5 go multiplier for ``goes`` goes under ``go_scheme``."""
    scheme = rules.go_scheme
    if scheme == "standard":
        return 1 << (goes - 2) if goes >= 3 else 1
    if scheme == "linear":
        return goes if goes >= 2 else 1
    if scheme == "blog":
        return 2 if goes >= 4 else 1
    return 1


# -- input conversion ------------------------------------------------------------------------


def _pile_name(pile: int) -> str:
    return "the winner's captures" if pile < 0 else f"opp{pile + 1}'s captures"


def _not_in_deck(rules: Rules, code: str, where: str) -> SettlementError:
    jokers = rules.jokers
    if not jokers:
        deck = "this deck has no jokers"
    elif len(jokers) <= 6:
        deck = "jokers in this deck: " + ", ".join(jokers)
    else:
        deck = f"jokers in this deck: {', '.join(jokers[:3])}, ..., {jokers[-1]}"
    return SettlementError(
        f"card {code} in {where} is not in the {rules.preset} deck ({deck})"
    )


def _pile_mask(
    table: ScoreTable, cards: object, pile: int, used: int, owner: dict[int, int]
) -> int:
    """Mask of one capture pile; checks types, deck membership and duplicates."""
    where = _pile_name(pile)
    if isinstance(cards, str):
        raise SettlementError(f"{where} must be a list of cards, got the string {cards!r}")
    if not isinstance(cards, Sequence | set | frozenset | tuple):
        raise SettlementError(f"{where} must be a list of cards, got {_describe(cards)}")
    index_of = table.index_of
    mask = 0
    for card in cards:
        if isinstance(card, Card):
            code = card.code
        elif isinstance(card, str):
            try:
                code = parse_card(card).code
            except CardCodeError as exc:
                raise SettlementError(f"in {where}: {exc}") from None
        else:
            raise SettlementError(
                f"{where} must hold card codes or Card values, got {_describe(card)}"
            )
        i = index_of.get(code)
        if i is None:
            raise _not_in_deck(table.rules, code, where)
        b = 1 << i
        if mask & b:
            raise SettlementError(f"card {code} is listed twice in {where}")
        if used & b:
            other = _pile_name(owner[i])
            raise SettlementError(f"card {code} is in both {other} and {where}")
        mask |= b
        owner[i] = pile
    return mask


# -- the settlement proper -------------------------------------------------------------------


@dataclass(slots=True)
class _Opp:
    """Class-independent facts about one opponent's capture area."""

    mask: int
    has_bright: bool
    has_jkp: bool
    ribbons: int
    empty: bool
    options: tuple[tuple[int, int, FlexClass | None], ...]  # (animals, junk, flex class)


@dataclass(slots=True)
class _Run:
    """PAY-2 .. PAY-9 for one classing of the winner's flex card."""

    as_junk: bool
    points: int
    raw_points: int
    go_chips: int
    base: int
    multiplier: int
    factors: list[tuple[str, int]]
    mis: list[int]
    amounts: list[int]
    payments: list[int]
    opp_lines: list[str]
    opp_flex: list[FlexClass | None]
    tail: list[str]
    liable: int | None
    liability: Liability | None
    total: int


def _opp_facts(table: ScoreTable, mask: int) -> _Opp:
    animals = (mask & table.fixed_animals).bit_count()
    junk = table.junk_count(mask, False)
    options: tuple[tuple[int, int, FlexClass | None], ...]
    if mask & table.flex_bit:
        # SCORE-8 for a loser: try both classes, keep the cheaper one (ties: animal).
        options = ((animals + 1, junk, "animal"), (animals, junk + table.flex_junk_value, "junk"))
    else:
        options = ((animals, junk, None),)
    return _Opp(
        mask=mask,
        has_bright=bool(mask & table.brights),
        has_jkp=bool(mask & table.jkp_mask),
        ribbons=(mask & table.ribbons).bit_count(),
        empty=mask == 0,
        options=options,
    )


def _run(
    table: ScoreTable,
    rules: Rules,
    players: int,
    wmask: int,
    as_junk: bool,
    opps: list[_Opp],
    ctx: SettleContext,
    oe_myeon_excused: bool,
) -> _Run:
    raw = table.raw_stop_points(wmask, as_junk) + table.bonus_points(wmask)
    cap = table.cap
    points = raw if cap is None or raw <= cap else cap  # PAY-1 (SCORE-9, SCORE-11)

    if rules.payment_unit == "shots":
        # PAY-2 (GOO-4): floor(P / shots_per_points) shots each; nothing else applies.
        per = rules.shots_per_points or 1
        shots = points // per
        n = len(opps)
        return _Run(
            as_junk=as_junk, points=points, raw_points=raw, go_chips=0, base=points,
            multiplier=1, factors=[], mis=[1] * n, amounts=[shots] * n, payments=[shots] * n,
            opp_lines=[], opp_flex=[None] * n, tail=[], liable=None, liability=None,
            total=shots * n,
        )

    g = go_chips(rules, ctx.goes)  # PAY-3
    base = points + g  # PAY-4: go chips are added before any doubling

    # PAY-5 common multiplier, factors in the order RULES.md lists them.
    factors: list[tuple[str, int]] = []
    gm = go_multiplier(rules, ctx.goes)
    if gm != 1:
        factors.append(("go", gm))
    if ctx.shakes:  # SHAKE-2
        hm = rules.heundeum_multiplier ** (ctx.shakes - ctx.shakes_nov_dec)
        hm *= rules.heundeum_nov_dec_multiplier**ctx.shakes_nov_dec
        if hm != 1:
            factors.append(("heundeum", hm))
    if ctx.bombs and rules.bomb_multiplier != 1:
        factors.append(("bombs", rules.bomb_multiplier**ctx.bombs))
    winner_animals = table.animal_count(wmask, as_junk)
    meong = rules.meong
    if meong in ("dda", "dda_and_bak") and winner_animals >= 7:  # meong-dda
        factors.append(("meong-dda", 2))
    k = ctx.nagari_before  # MATCH-5
    if k and rules.nagari_multiplier == "cumulative":
        factors.append(("nagari carry", 1 << k))
    elif k and rules.nagari_multiplier == "single":
        factors.append(("nagari carry", 2))
    jkx = (wmask & table.jkx_mask).bit_count()
    if jkx:  # JKX: every payment to its owner doubled (per JKX card held)
        factors.append(("JKX", 1 << jkx))
    if ctx.weol_yak:  # VAR-WEOLYAK-FIRST / VAR-WEOLYAK-MONTH
        factors.append(("weol-yak", 4**ctx.weol_yak))
    if ctx.mission_multiplier != 1:  # VAR-MISSION
        factors.append(("mission", ctx.mission_multiplier))
    m = 1
    for _name, f in factors:
        m *= f

    # PAY-6 per-opponent multipliers: which baks are live for this winner.
    gwang = rules.gwang_bak
    gwang_live = gwang != "off" and table.bright_points(wmask) > 0
    if gwang_live and rules.gwang_bak_scope == "all_or_none":
        gwang_live = not any(o.has_bright for o in opps)
    winner_junk = table.junk_count(wmask, as_junk)
    pi_live = rules.pi_bak and winner_junk >= 10
    threshold = rules.pi_bak_protect_min
    if players == 2 and rules.pi_bak_protect_min_two_player is not None:
        threshold = rules.pi_bak_protect_min_two_player
    meong_bak_live = meong in ("bak", "dda_and_bak") and winner_animals >= 7
    tti_live = rules.tti_bak and table.ribbon_points(wmask) > 0
    go_bak_2p = (
        players == 2 and rules.go_bak_two_player == "double" and ctx.goer is not None
    )
    bm = base * m
    flex_code = rules.flex_card

    mis: list[int] = []
    amounts: list[int] = []
    opp_lines: list[str] = []
    opp_flex: list[FlexClass | None] = []
    for i, o in enumerate(opps):
        best: tuple[int, int, list[str], FlexClass | None, int] | None = None
        distinct = False
        for animals, junk, cls in o.options:
            mi = 1
            plus = 0
            why: list[str] = []
            if gwang_live and not o.has_bright and not o.has_jkp:  # gwang-bak
                if gwang == "double":
                    mi *= 2
                    why.append("gwang-bak x2")
                else:
                    plus = 2
                    why.append("gwang-bak +2")
            if pi_live and junk < threshold:  # pi-bak
                mi *= 2
                why.append(f"pi-bak x2 (opp junk {junk} < {threshold})")
            if meong_bak_live and animals == 0:  # meong-bak
                mi *= 2
                why.append("meong-bak x2")
            if tti_live and o.ribbons == 0:  # tti-bak
                mi *= 2
                why.append("tti-bak x2")
            if go_bak_2p and ctx.goer == i:  # 2-player go-bak
                mi *= 2
                why.append("go-bak (2p) x2")
            amount = bm * mi + plus  # PAY-7
            if best is None:
                best = (amount, mi, why, cls, plus)
            elif amount != best[0]:
                distinct = True
                if amount < best[0]:  # the loser's cheaper class; ties stay animal
                    best = (amount, mi, why, cls, plus)
        assert best is not None
        amount, mi, why, cls, plus = best
        desc = ", ".join(why) if why else "no per-opponent factor"
        if distinct:
            desc += f"; counts its {flex_code} as {cls}"
        extra = " + 2" if plus else ""
        opp_lines.append(f"opp{i + 1}: {base} x M {m} x Mi {mi} ({desc}){extra} = {amount}")
        mis.append(mi)
        amounts.append(amount)
        opp_flex.append(cls)

    # PAY-8 no-capture exemption.
    tail: list[str] = []
    payments = list(amounts)
    exempt = [rules.no_captures_no_pay and o.empty for o in opps]
    for i, ex in enumerate(exempt):
        if ex:
            payments[i] = 0
            tail.append(f"opp{i + 1} has no captures: pays 0")

    # PAY-9 dok-bak with the LIAB-2 precedence: go-bak > shodang refusal > oe-myeon.
    liable: int | None = None
    liability: Liability | None = None
    if players == 3 and rules.dok_bak:  # LIAB-1
        cand: tuple[int, Liability] | None = None
        if ctx.goer is not None:  # LIAB-3
            cand = (ctx.goer, "go-bak")
        elif ctx.refuser is not None and rules.shodang:  # LIAB-10
            cand = (ctx.refuser, "shodang-refusal")
        elif ctx.oe_myeon is not None and rules.oe_myeon:  # LIAB-4
            if oe_myeon_excused:  # LIAB-5 (a)
                tail.append("oe-myeon exception a: winner scored only junk and no go")
            else:
                cand = (ctx.oe_myeon, "oe-myeon")
        if cand is not None:
            who, kind = cand
            text = _LIABILITY_TEXT[kind]
            if exempt[who]:  # LIAB-13: an exempt liable loser does not pay for the other
                tail.append(
                    f"opp{who + 1} would be liable ({text}) but has no captures: "
                    "each pays its own"
                )
            else:
                other = 1 - who
                payments[who] += payments[other]
                payments[other] = 0
                liable, liability = who, kind
                tail.append(
                    f"dok-bak ({text}): opp{who + 1} pays {payments[who]}, other pays 0"
                )

    return _Run(
        as_junk=as_junk, points=points, raw_points=raw, go_chips=g, base=base, multiplier=m,
        factors=factors, mis=mis, amounts=amounts, payments=payments, opp_lines=opp_lines,
        opp_flex=opp_flex, tail=tail, liable=liable, liability=liability, total=sum(payments),
    )


def _check_index(ctx: SettleContext, players: int) -> None:
    n = players - 1
    for name in _INDEX_FIELDS:
        value = getattr(ctx, name)
        if value is not None and value >= n:
            allowed = "0" if n == 1 else f"0..{n - 1}"
            raise SettlementError(
                f"context {name!r} = {value} is out of range: with {players} players the "
                f"opponent index is {allowed} (or null)"
            )


def _fmt_payments(payments: Sequence[int]) -> str:
    return "[" + ", ".join(str(p) for p in payments) + "]"


def settle(
    rules: Rules,
    players: int,
    winner_captures: Sequence[Card | str],
    opponents: Sequence[Sequence[Card | str]],
    context: SettleContext = _DEFAULT_CONTEXT,
) -> Settlement:
    """Settle a hand won by a stop (RULES.md 2.13 PAY, 2.14 LIAB, GOO-4).

    Args:
        rules: the rules of the hand.
        players: active players, 2 or 3.
        winner_captures: the winner's capture area (``Card`` values or card codes).
        opponents: one capture area per opponent (``players - 1`` of them), in the order
            the payments are reported; context indices refer to this order.
        context: goes, heundeum, bombs, nagari carry and liability facts.

    Returns:
        The :class:`Settlement`: points, payments per opponent, total, explanation.

    Raises:
        SettlementError: wrong number of players or opponents, a card not in the rules'
            deck, a card listed twice or in two piles, an out-of-range context index, or an
            impossible stop (stop points below the target, plus one per go under
            ``above_last_go``: GOSTOP-2).
    """
    if not isinstance(rules, Rules):
        raise SettlementError(f"rules must be a Rules value, got {_describe(rules)}")
    if not _is_int(players) or players not in (2, 3):
        raise SettlementError(
            f"players must be 2 or 3 (active players in a hand), got {_describe(players)}"
        )
    if not isinstance(context, SettleContext):
        raise SettlementError(f"context must be a SettleContext, got {_describe(context)}")
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise SettlementError(f"opponents must be a list of capture lists, got {_describe(opponents)}")
    if len(opponents) != players - 1:
        raise SettlementError(
            f"{players} players need {players - 1} opponent capture "
            f"list{'s' if players == 3 else ''}, got {len(opponents)}"
        )
    _check_index(context, players)

    table = ScoreTable.for_rules(rules)
    owner: dict[int, int] = {}
    wmask = _pile_mask(table, winner_captures, -1, 0, owner)
    used = wmask
    masks: list[int] = []
    for i, pile in enumerate(opponents):
        om = _pile_mask(table, pile, i, used, owner)
        used |= om
        masks.append(om)
    opps = [_opp_facts(table, om) for om in masks]

    # GOSTOP-2: a stop needs stop points >= the target; with `above_last_go` every go said
    # raises the bar by one more point, so n goes need target + n.
    stop_pts = table.stop_points(wmask)
    target = rules.stop_target(players)
    need = target + context.goes if rules.go_decision_trigger == "above_last_go" else target
    if stop_pts < need:
        after = f" after {context.goes} go{'es' if context.goes != 1 else ''}" if need > target else ""
        raise SettlementError(
            f"impossible stop: the winner has {stop_pts} stop point{'s' if stop_pts != 1 else ''} "
            f"but a {players}-player stop "
            f"needs at least {need}{after} (target {target}, GOSTOP-2); "
            "if your table plays another target, override stop_target_two_player / "
            "stop_target_three_player"
        )

    # LIAB-5 (a), decided on the stop points (SCORE-10 classing).
    excused = rules.oe_myeon_exceptions and context.goes == 0 and table.only_junk_scores(wmask)

    # PAY-1 / SCORE-8: run the whole procedure for both classes of the winner's flex card.
    has_flex = bool(wmask & table.flex_bit)
    if has_flex:
        a = _run(table, rules, players, wmask, False, opps, context, excused)
        j = _run(table, rules, players, wmask, True, opps, context, excused)
        if rules.sake_cup_choice == "max_points":
            key_a, key_j = (a.points, a.total), (j.points, j.total)
            reasons = ("more points", "equal points, larger total payment")
        else:
            key_a, key_j = (a.total, a.points), (j.total, j.points)
            reasons = ("larger total payment", "equal payment, more points")
        chosen = j if key_j > key_a else a  # ties: animal
        if key_a == key_j:
            reason = "tie: animal"
        else:
            reason = reasons[0] if key_a[0] != key_j[0] else reasons[1]
        code = rules.flex_card
        steps = [
            f"flex card {code} as animal -> {a.points} pts, payments {_fmt_payments(a.payments)}; "
            f"as junk -> {j.points} pts, payments {_fmt_payments(j.payments)}",
            f"settle with {code} as {'junk' if chosen.as_junk else 'animal'} ({reason})",
        ]
    else:
        chosen = _run(table, rules, players, wmask, False, opps, context, excused)
        steps = []

    breakdown = table.breakdown(wmask, chosen.as_junk)
    steps.extend(f"{it.name} = {it.points}" for it in breakdown.items)
    if chosen.raw_points > chosen.points:
        steps.append(f"capped {chosen.raw_points} -> {chosen.points}")  # SCORE-11
    shots = rules.payment_unit == "shots"
    if shots:
        steps.append(
            f"shots = floor({chosen.points}/{rules.shots_per_points}) = {chosen.payments[0]} "
            "per opponent (no go chips, multipliers or liability)"
        )
    else:
        steps.append(f"base = {chosen.points} + go chips {chosen.go_chips} = {chosen.base}")
        steps.extend(f"{name} x{f}" for name, f in chosen.factors)
        steps.append(f"common multiplier M = {chosen.multiplier}")
        steps.extend(chosen.opp_lines)
        steps.extend(chosen.tail)

    return Settlement(
        points=chosen.points,
        stop_points=stop_pts,
        payments=tuple(chosen.payments),
        total=chosen.total,
        flex_class=breakdown.flex_class,
        breakdown=breakdown,
        steps=tuple(steps),
        liable=chosen.liable,
        liability=chosen.liability,
        unit="shots" if shots else "chips",
        go_chips=chosen.go_chips,
        base=chosen.base,
        multiplier=chosen.multiplier,
        factors=tuple(chosen.factors),
        opponent_multipliers=tuple(chosen.mis),
        amounts=tuple(chosen.amounts),
        opponent_flex=tuple(chosen.opp_flex),
    )


# -- section 7 cases -------------------------------------------------------------------------


def _case_cards(value: object, where: str) -> list[str | Card]:
    if isinstance(value, str):
        return list(value.replace(",", " ").split())
    if not isinstance(value, list | tuple):
        raise SettlementError(f"{where} must be a list of card codes, got {_describe(value)}")
    return list(value)


def settle_case(case: Mapping[str, Any]) -> Settlement:
    """Settle one test case in the JSON shape of RULES.md section 7.

    Reads ``preset`` (default ``"pagat"``), ``players``, ``winner_captures``, ``opponents``
    (a list of ``{"captures": [...]}``; a bare list of codes is accepted too) and ``context``
    (whose ``overrides`` are applied on the preset). Cards are codes or friendly names
    (:func:`~gostop.cards.parse_card`). Unknown keys, such as ``expected`` and ``why``,
    are ignored.

    Raises:
        SettlementError: any invalid input, including invalid rules (preset or overrides).
    """
    if not isinstance(case, Mapping):
        raise SettlementError(f"a case must be an object, got {_describe(case)}")
    preset = case.get("preset", "pagat")
    if not isinstance(preset, str):
        raise SettlementError(f"'preset' must be a preset name, got {_describe(preset)}")
    context_data = case.get("context")
    if context_data is not None and not isinstance(context_data, Mapping):
        raise SettlementError(f"'context' must be an object, got {_describe(context_data)}")
    overrides = (context_data or {}).get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise SettlementError(
            f"'context.overrides' must be an object of knob values, got {_describe(overrides)}"
        )
    try:
        rules = get_preset(preset)
        if overrides:
            rules = rules.with_overrides(overrides)
    except RulesError as exc:
        raise SettlementError(f"invalid rules: {exc}") from None
    if "players" not in case:
        raise SettlementError("the case has no 'players' (2 or 3)")
    players = case["players"]
    if "winner_captures" not in case:
        raise SettlementError("the case has no 'winner_captures'")
    winner = _case_cards(case["winner_captures"], "'winner_captures'")
    opp_data = case.get("opponents")
    if not isinstance(opp_data, list | tuple):
        raise SettlementError(
            f"'opponents' must be a list of {{\"captures\": [...]}} objects, got {_describe(opp_data)}"
        )
    opponents: list[list[str | Card]] = []
    for i, entry in enumerate(opp_data):
        where = f"'opponents[{i}]'"
        if isinstance(entry, Mapping):
            if "captures" not in entry:
                raise SettlementError(f"{where} has no 'captures' list")
            opponents.append(_case_cards(entry["captures"], f"{where}.captures"))
        else:
            opponents.append(_case_cards(entry, where))
    context = SettleContext.from_json(context_data)
    return settle(rules, players, winner, opponents, context)
