"""Settlement after a stop: RULES.md 2.13 PAY, 2.14 LIAB (dok-bak) and 2.16 GOO (shots).

:func:`settle` is a pure function of the rules, the number of active players, the winner's
capture area, each opponent's capture area and a :class:`SettleContext` (the facts of the hand
that cards cannot show: goes, heundeum, bombs, previous nagari, liability facts). It follows
PAY-1 .. PAY-10 in order and returns a :class:`Settlement` with the payments and a readable
explanation (:attr:`Settlement.steps`, written on first access: callers who read only the
numbers, like the hand engine, do not pay for it).

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
from typing import TYPE_CHECKING, Any, Literal

from gostop.cards import Card, CardCodeError, parse_card
from gostop.errors import GostopError
from gostop.limits import (
    MAX_BOMBS,
    MAX_GOES,
    MAX_MISSION_MULTIPLIER,
    MAX_NAGARI_BEFORE,
    MAX_PUSHES,
    clip,
)
from gostop.rules import Rules, RulesError, get_preset
from gostop.scoring import FlexClass, ScoreBreakdown, ScoreTable
from gostop.steps import (
    BakReason,
    BaseStep,
    CapStep,
    ExemptStep,
    FactorStep,
    FlexChoice,
    FlexOptions,
    FlexReason,
    ItemStep,
    LiabilityStep,
    MultiplierStep,
    OeMyeonExcusedStep,
    OpponentStep,
    ShotsStep,
    Step,
)

__all__ = [
    "SettleContext",
    "Settlement",
    "SettlementError",
    "Liability",
    "settle",
    "settle_case",
    "go_chips",
    "go_multiplier",
    "nagari_factor",
]

Liability = Literal["go-bak", "shodang-refusal", "oe-myeon"]

# Physical limits used to reject impossible contexts.
_MAX_SHAKES = 4  # generous bound: a 10-card hand never holds more than three triples
_MAX_NOV_DEC_SHAKES = 2  # only November and December
_MAX_WEOL_YAK = 2  # VAR-WEOLYAK-FIRST and VAR-WEOLYAK-MONTH, once each


class SettlementError(GostopError, ValueError):
    """Invalid settlement input; the message is one sentence meant for people."""


# -- context ---------------------------------------------------------------------------------

_COUNT_FIELDS = ("goes", "shakes", "shakes_nov_dec", "bombs", "nagari_before", "weol_yak", "pushes")
#: The sane upper bound of each count (gostop.limits; the CLI and the records use the same).
_COUNT_MAXIMA = {
    "goes": MAX_GOES,
    "bombs": MAX_BOMBS,
    "nagari_before": MAX_NAGARI_BEFORE,
    "pushes": MAX_PUSHES,
}
_INDEX_FIELDS = ("goer", "refuser", "oe_myeon")


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return clip(value)
    return f"{clip(value)} ({type(value).__name__})"


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
        pushes: consecutive pushes (VAR-PUSH) right before this hand: the winners of those
            hands forwent their settlements, and this one is doubled once per push.

    Raises:
        SettlementError: a count is not a whole number >= 0 or exceeds its sane range
            (``goes`` <= 60, ``bombs`` <= 12, ``nagari_before`` <= 100, ``mission_multiplier``
            1..100: :mod:`gostop.limits`), ``shakes_nov_dec`` exceeds
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
    pushes: int = 0

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
        for name, most in _COUNT_MAXIMA.items():
            value = getattr(self, name)
            if value > most:
                raise SettlementError(
                    f"context {name!r} = {clip(value)} is out of range: it must be from 0 to {most}"
                )
        mm = self.mission_multiplier
        if not _is_int(mm) or not 1 <= mm <= MAX_MISSION_MULTIPLIER:
            raise SettlementError(
                "context 'mission_multiplier' must be a whole number from 1 to "
                f"{MAX_MISSION_MULTIPLIER}, got {_describe(mm)}"
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
        """The section 7 context keys (without ``overrides``; ``pushes`` only when not 0, so
        that records written before VAR-PUSH existed read back unchanged)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        if not self.pushes:
            del data["pushes"]
        return data


_DEFAULT_CONTEXT = SettleContext()


# -- result ----------------------------------------------------------------------------------

# The fields :func:`settle` leaves to be computed on first access (see Settlement).
_LAZY_FIELDS = frozenset({"breakdown", "steps", "step_facts"})


@dataclass(frozen=True)
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
        step_facts: the steps as typed facts (:mod:`gostop.steps`), for renderers;
            ``steps`` is their ``str()``. Not compared (equality is on the numbers and texts).

    A settlement made by :func:`settle` computes :attr:`breakdown` and :attr:`steps` on first
    access (the hand engine reads only the numbers); they are then kept. Equality, hashing,
    ``repr``, :meth:`to_json`, pickling and ``dataclasses`` helpers see them like any other
    field (and compute them if needed), so a lazy settlement equals an eager one.
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
    step_facts: tuple[Step, ...] = field(default_factory=tuple, compare=False, repr=False)

    if not TYPE_CHECKING:  # keep attribute typos visible to mypy

        def __getattr__(self, name: str) -> Any:
            # Called only when the normal lookup fails: a lazy field not computed yet (the
            # facts stay, so a concurrent first access in another thread finds them too).
            d = self.__dict__
            facts = d.get("_facts")
            if facts is None or name not in _LAZY_FIELDS:
                raise AttributeError(
                    f"{type(self).__name__!r} object has no attribute {name!r}"
                )
            breakdown, step_facts = _explain(facts, self)
            d["breakdown"] = breakdown
            d["step_facts"] = step_facts
            d["steps"] = tuple(str(step) for step in step_facts)
            return d[name]

    def __getstate__(self) -> dict[str, Any]:
        """Pickle and copy the fields only (the explanation computed)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

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
    # blog and matgo: +1, +2, then +n
    return goes


def go_multiplier(rules: Rules, goes: int) -> int:
    """PAY-5 go multiplier for ``goes`` goes under ``go_scheme``."""
    scheme = rules.go_scheme
    if scheme == "standard" or scheme == "matgo":
        return 1 << (goes - 2) if goes >= 3 else 1
    if scheme == "linear":
        return goes if goes >= 2 else 1
    if scheme == "blog":
        return 2 if goes >= 4 else 1
    return 1


def nagari_factor(rules: Rules, nagari_before: int) -> int:
    """MATCH-5 payment factor after ``nagari_before`` consecutive nagari (MATCH-8 cap)."""
    k = nagari_before
    if not k or rules.nagari_multiplier == "off":
        return 1
    if rules.nagari_multiplier == "single":
        return 2
    cap = rules.nagari_multiplier_cap
    return 1 << k if cap is None else min(1 << k, cap)


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


def _owner_of(owner: dict[int, int], i: int) -> int:
    """The pile holding card i: ``owner[i]`` for a list pile; a mask pile p is kept as
    ``owner[-100 - p] = mask`` (card indices are never negative)."""
    found = owner.get(i)
    if found is not None:
        return found
    for key, mask in owner.items():
        if key <= -99 and mask >> i & 1:
            return -100 - key
    return -1


def _pile_mask(
    table: ScoreTable, cards: object, pile: int, used: int, owner: dict[int, int]
) -> int:
    """Mask of one capture pile; checks types, deck membership and duplicates."""
    if isinstance(cards, int) and not isinstance(cards, bool):
        # A deck bitmask (bit i = deck_cards(rules.jokers)[i]), as the hand engine holds
        # capture areas: checked like a list, without a per-card conversion.
        if cards < 0 or cards >> len(table.deck):
            raise SettlementError(
                f"{_pile_name(pile)}: the mask {cards:#x} has bits outside the deck"
            )
        both = cards & used
        if both:
            first = (both & -both).bit_length() - 1
            raise SettlementError(
                f"card {table.deck[first].code} is in both "
                f"{_pile_name(_owner_of(owner, first))} and {_pile_name(pile)}"
            )
        owner[-100 - pile] = cards  # mask piles are looked up by _owner_of (error messages)
        return cards
    where = _pile_name(pile)
    if isinstance(cards, str):
        raise SettlementError(f"{where} must be a list of cards, got the string {clip(cards)}")
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
            other = _pile_name(_owner_of(owner, i))
            raise SettlementError(f"card {code} is in both {other} and {where}")
        mask |= b
        owner[i] = pile
    return mask


# -- the settlement proper -------------------------------------------------------------------
#
# settle() computes the numbers only; the explanation (Settlement.steps and .breakdown) is
# written by _explain() from the _Facts the numbers were computed from, on first access.

_CLASSES_FLEX: tuple[bool, ...] = (False, True)  # the winner's flex card as animal, as junk
_CLASSES_PLAIN: tuple[bool, ...] = (False,)

_Option = tuple[int, int, FlexClass | None]  # an opponent's (animals, junk, flex class)
_Factors = tuple[tuple[str, int], ...]


@dataclass(slots=True)
class _Run:
    """PAY-1 .. PAY-9 numbers for one classing of the winner's flex card."""

    as_junk: bool
    points: int
    raw_points: int
    multiplier: int
    pi_live: bool  # pi-bak can apply (the winner has 10+ junk)
    meong_bak_live: bool  # meong-bak can apply (the winner has 7+ animals)
    mis: list[int]
    amounts: list[int]
    choice: list[int]  # per opponent: the index of the option (own flex classing) kept
    payments: list[int]
    total: int


class _Facts:
    """What :func:`settle` worked from, kept by its :class:`Settlement` for the explanation."""

    __slots__ = (
        "table", "wmask", "masks", "ctx", "runs", "chosen", "gwang_live", "threshold",
        "tti_live", "go_bak_2p", "exempt", "liab", "excused",
    )

    def __init__(
        self, table: ScoreTable, wmask: int, masks: list[int], ctx: SettleContext
    ) -> None:
        self.table = table
        self.wmask = wmask
        self.masks = masks
        self.ctx = ctx
        self.runs: list[_Run] = []
        self.chosen: _Run | None = None
        self.gwang_live = False
        self.threshold = 0
        self.tti_live = False
        self.go_bak_2p = False
        self.exempt: list[int] = []  # PAY-8: opponents who pay 0
        self.liab: tuple[int, Liability] | None = None  # PAY-9 candidate, paying or not
        self.excused = False  # LIAB-5 (a) excused the oe-myeon candidate


def _opp_options(table: ScoreTable, mask: int) -> tuple[_Option, ...]:
    """An opponent's (animals, junk, flex class) for each classing of its own flex card
    (SCORE-8 for a loser: both are tried, the cheaper one is kept, ties: animal)."""
    animals = (mask & table.fixed_animals).bit_count()
    junk = table.junk_count(mask, False)
    if mask & table.flex_bit:
        return ((animals + 1, junk, "animal"), (animals, junk + table.flex_junk_value, "junk"))
    return ((animals, junk, None),)


def _common_factors(
    table: ScoreTable, rules: Rules, wmask: int, ctx: SettleContext
) -> tuple[_Factors, _Factors]:
    """PAY-5 common factors except meong-dda (the only one that depends on the winner's
    flex class), in the order RULES.md lists them: those before meong-dda, those after."""
    before: list[tuple[str, int]] = []
    gm = go_multiplier(rules, ctx.goes)
    if gm != 1:
        before.append(("go", gm))
    if ctx.shakes:  # SHAKE-2
        hm = rules.heundeum_multiplier ** (ctx.shakes - ctx.shakes_nov_dec)
        hm *= rules.heundeum_nov_dec_multiplier**ctx.shakes_nov_dec
        if hm != 1:
            before.append(("heundeum", hm))
    if ctx.bombs and rules.bomb_multiplier != 1:
        before.append(("bombs", rules.bomb_multiplier**ctx.bombs))
    after: list[tuple[str, int]] = []
    carry = nagari_factor(rules, ctx.nagari_before)  # MATCH-5, MATCH-8
    if carry != 1:
        after.append(("nagari carry", carry))
    if ctx.pushes:  # VAR-PUSH: doubled once per push before this hand
        after.append(("push", 1 << ctx.pushes))
    jkx = (wmask & table.jkx_mask).bit_count()
    if jkx:  # JKX: every payment to its owner doubled (per JKX card held)
        after.append(("JKX", 1 << jkx))
    if ctx.weol_yak:  # VAR-WEOLYAK-FIRST / VAR-WEOLYAK-MONTH
        after.append(("weol-yak", 4**ctx.weol_yak))
    if ctx.mission_multiplier != 1:  # VAR-MISSION
        after.append(("mission", ctx.mission_multiplier))
    return tuple(before), tuple(after)


_MEONG_DDA: _Factors = (("meong-dda", 2),)


def _liability(
    f: _Facts, rules: Rules, players: int, wmask: int, ctx: SettleContext
) -> int | None:
    """PAY-9 dok-bak with the LIAB-2 precedence go-bak > shodang refusal > oe-myeon: sets
    ``f.liab`` / ``f.excused`` and returns the index of the opponent who pays for both."""
    if players != 3 or not rules.dok_bak:  # LIAB-1
        return None
    cand: tuple[int, Liability] | None = None
    if ctx.goer is not None:  # LIAB-3
        cand = (ctx.goer, "go-bak")
    elif ctx.refuser is not None and rules.shodang:  # LIAB-10
        cand = (ctx.refuser, "shodang-refusal")
    elif ctx.oe_myeon is not None and rules.oe_myeon:  # LIAB-4
        # LIAB-5 (a), decided on the stop points (SCORE-10 classing).
        if rules.oe_myeon_exceptions and ctx.goes == 0 and f.table.only_junk_scores(wmask):
            f.excused = True
        else:
            cand = (ctx.oe_myeon, "oe-myeon")
    if cand is None:
        return None
    f.liab = cand
    # LIAB-13: an exempt liable loser does not pay for the other.
    return None if cand[0] in f.exempt else cand[0]


def _explain(f: _Facts, s: Settlement) -> tuple[ScoreBreakdown, tuple[Step, ...]]:
    """The explanation of a settlement: (breakdown, steps as typed facts)."""
    table = f.table
    rules = table.rules
    chosen = f.chosen
    assert chosen is not None
    steps: list[Step] = []
    if len(f.runs) == 2:  # PAY-1 / SCORE-8: the winner's flex card
        a, j = f.runs
        reasons: tuple[FlexReason, FlexReason]
        if rules.sake_cup_choice == "max_points":
            key_a, key_j = (a.points, a.total), (j.points, j.total)
            reasons = ("more points", "equal points, larger total payment")
        else:
            key_a, key_j = (a.total, a.points), (j.total, j.points)
            reasons = ("larger total payment", "equal payment, more points")
        reason: FlexReason
        if key_a == key_j:
            reason = "tie: animal"
        else:
            reason = reasons[0] if key_a[0] != key_j[0] else reasons[1]
        code = rules.flex_card
        assert code is not None  # two runs only with a flex card
        steps.append(
            FlexOptions(code, a.points, tuple(a.payments), j.points, tuple(j.payments))
        )
        steps.append(FlexChoice(code, chosen.as_junk, reason))

    breakdown = table.breakdown(f.wmask, chosen.as_junk)
    steps.extend(ItemStep(it) for it in breakdown.items)
    if chosen.raw_points > chosen.points:
        steps.append(CapStep(chosen.raw_points, chosen.points))  # SCORE-11
    if s.unit == "shots":
        per = rules.shots_per_points
        assert per is not None  # checked by Rules
        steps.append(ShotsStep(chosen.points, per, chosen.payments[0]))
        return breakdown, tuple(steps)

    steps.append(BaseStep(chosen.points, s.go_chips, s.base))
    steps.extend(FactorStep(name, x) for name, x in s.factors)
    steps.append(MultiplierStep(s.multiplier, len(s.factors)))
    for i in range(len(f.masks)):
        steps.append(_opp_step(f, chosen, i, s.base, s.multiplier))
    for i in f.exempt:  # PAY-8
        steps.append(ExemptStep(i))
    if f.excused:
        steps.append(OeMyeonExcusedStep())
    if f.liab is not None:
        who, kind = f.liab
        # LIAB-13: an exempt liable loser does not pay for the other.
        steps.append(LiabilityStep(who, kind, None if s.liable is None else s.payments[who]))
    return breakdown, tuple(steps)


def _opp_step(f: _Facts, run: _Run, i: int, base: int, m: int) -> OpponentStep:
    """The PAY-6 / PAY-7 step of opponent i: its multiplier Mi with the reasons."""
    table = f.table
    rules = table.rules
    mask = f.masks[i]
    gwang = rules.gwang_bak
    shielded = bool(mask & (table.brights | table.jkp_mask))
    best: tuple[int, int, list[BakReason], FlexClass | None, int] | None = None
    distinct = False
    for animals, junk, cls in _opp_options(table, mask):
        mi = 1
        plus = 0
        why: list[BakReason] = []
        if f.gwang_live and not shielded:  # gwang-bak
            if gwang == "double":
                mi *= 2
                why.append(BakReason("gwang-bak"))
            else:
                plus = 2
                why.append(BakReason("gwang-bak", factor=1, plus=2))
        if run.pi_live and junk < f.threshold:  # pi-bak
            if junk or not rules.pi_bak_zero_exempt:
                mi *= 2
                why.append(BakReason("pi-bak", junk=junk, threshold=f.threshold))
            else:  # PAY-14
                why.append(BakReason("pi-bak-exempt", factor=1, junk=0, threshold=f.threshold))
        if run.meong_bak_live and animals == 0:  # meong-bak
            mi *= 2
            why.append(BakReason("meong-bak"))
        if f.tti_live and not mask & table.ribbons:  # tti-bak
            mi *= 2
            why.append(BakReason("tti-bak"))
        if f.go_bak_2p and f.ctx.goer == i:  # 2-player go-bak
            mi *= 2
            why.append(BakReason("go-bak-2p"))
        amount = base * m * mi + plus  # PAY-7
        if best is None:
            best = (amount, mi, why, cls, plus)
        elif amount != best[0]:
            distinct = True
            if amount < best[0]:  # the loser's cheaper class; ties stay animal
                best = (amount, mi, why, cls, plus)
    assert best is not None
    amount, mi, why, cls, plus = best
    assert (amount, mi) == (run.amounts[i], run.mis[i]), "settle() and its explanation disagree"
    return OpponentStep(
        opponent=i,
        base=base,
        multiplier=m,
        opponent_multiplier=mi,
        reasons=tuple(why),
        plus=plus,
        amount=amount,
        flex_card=rules.flex_card if distinct else None,
        counts_flex_as=cls if distinct else None,
    )


def _check_index(ctx: SettleContext, players: int) -> None:
    n = players - 1
    for name in _INDEX_FIELDS:
        value = getattr(ctx, name)
        if value is not None and value >= n:
            allowed = "0" if n == 1 else f"0..{n - 1}"
            raise SettlementError(
                f"context {name!r} = {clip(value)} is out of range: with {players} players the "
                f"opponent index is {allowed} (or null)"
            )


def settle(
    rules: Rules,
    players: int,
    winner_captures: Sequence[Card | str] | int,
    opponents: Sequence[Sequence[Card | str] | int],
    context: SettleContext = _DEFAULT_CONTEXT,
) -> Settlement:
    """Settle a hand won by a stop (RULES.md 2.13 PAY, 2.14 LIAB, GOO-4).

    Args:
        rules: the rules of the hand.
        players: active players, 2 or 3.
        winner_captures: the winner's capture area (``Card`` values or card codes, or a deck
            bitmask as ``ScoreTable`` uses: bit i = ``deck_cards(rules.jokers)[i]``).
        opponents: one capture area (cards or bitmask) per opponent (``players - 1`` of them), in the order
            the payments are reported; context indices refer to this order.
        context: goes, heundeum, bombs, nagari carry and liability facts.

    Returns:
        The :class:`Settlement`: points, payments per opponent, total, explanation (its
        ``steps`` and ``breakdown`` are computed on first access).

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
    try:
        rules.check_players(players)  # GEN-7
    except RulesError as exc:
        raise SettlementError(str(exc)) from None
    if not isinstance(context, SettleContext):
        raise SettlementError(f"context must be a SettleContext, got {_describe(context)}")
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise SettlementError(f"opponents must be a list of capture lists, got {_describe(opponents)}")
    if len(opponents) != players - 1:
        raise SettlementError(
            f"{players} players need {players - 1} opponent capture "
            f"list{'s' if players == 3 else ''}, got {len(opponents)}"
        )
    ctx = context
    if ctx.goer is not None or ctx.refuser is not None or ctx.oe_myeon is not None:
        _check_index(ctx, players)

    table = ScoreTable.for_rules(rules)
    owner: dict[int, int] = {}
    wmask = _pile_mask(table, winner_captures, -1, 0, owner)
    used = wmask
    masks: list[int] = []
    for i, pile in enumerate(opponents):
        om = _pile_mask(table, pile, i, used, owner)
        used |= om
        masks.append(om)

    # GOSTOP-2: a stop needs stop points >= the target; with `above_last_go` every go said
    # raises the bar by one more point, so n goes need target + n.
    stop_pts = table.stop_points(wmask)
    target = rules.stop_target(players)
    need = target + ctx.goes if rules.go_decision_trigger == "above_last_go" else target
    if stop_pts < need:
        after = f" after {ctx.goes} go{'es' if ctx.goes != 1 else ''}" if need > target else ""
        raise SettlementError(
            f"impossible stop: the winner has {stop_pts} stop point{'s' if stop_pts != 1 else ''} "
            f"but a {players}-player stop "
            f"needs at least {need}{after} (target {target}); "
            "if your table plays another target, override stop_target_two_player / "
            "stop_target_three_player"
        )

    # PAY-1 / SCORE-8: the procedure runs for both classes of the winner's flex card; what
    # does not depend on the class is computed once.
    f = _Facts(table, wmask, masks, ctx)
    runs = f.runs
    n = players - 1
    cap = table.cap
    has_flex = bool(wmask & table.flex_bit)
    classes = _CLASSES_FLEX if has_flex else _CLASSES_PLAIN
    bonus = table.bonus_points(wmask)
    shots = rules.payment_unit == "shots"
    if shots:
        # PAY-2 (GOO-4): floor(P / shots_per_points) shots each; nothing else applies.
        per = rules.shots_per_points or 1
        for as_junk in classes:
            raw = table.raw_stop_points(wmask, as_junk) + bonus
            points = raw if cap is None or raw <= cap else cap  # PAY-1 (SCORE-9, SCORE-11)
            each = points // per
            runs.append(
                _Run(as_junk, points, raw, 1, False, False, [1] * n, [each] * n, [0] * n,
                     [each] * n, each * n)
            )
    else:
        g = go_chips(rules, ctx.goes)  # PAY-3
        before, after_dda = _common_factors(table, rules, wmask, ctx)  # PAY-5
        m_common = 1
        for _name, x in before:
            m_common *= x
        for _name, x in after_dda:
            m_common *= x
        meong = rules.meong
        dda = meong == "dda" or meong == "dda_and_bak"
        meong_bak = meong == "bak" or meong == "dda_and_bak"

        # PAY-6 per-opponent multipliers: which baks are live for this winner.
        gwang = rules.gwang_bak
        gwang_live = gwang != "off" and table.bright_points(wmask) > 0
        if gwang_live and rules.gwang_bak_scope == "all_or_none":
            gwang_live = not any(om & table.brights for om in masks)
        pi_bak = rules.pi_bak
        zero_exempt = rules.pi_bak_zero_exempt  # PAY-14
        threshold = rules.pi_bak_protect_min
        if players == 2 and rules.pi_bak_protect_min_two_player is not None:
            threshold = rules.pi_bak_protect_min_two_player
        tti_live = rules.tti_bak and table.ribbon_points(wmask) > 0
        goer = ctx.goer
        go_bak_2p = players == 2 and rules.go_bak_two_player == "double" and goer is not None
        f.gwang_live, f.threshold, f.tti_live, f.go_bak_2p = gwang_live, threshold, tti_live, go_bak_2p
        # Per opponent, the part of Mi that does not depend on the winner's flex class
        # (gwang-bak, tti-bak, 2-player go-bak) and the opponent's own flex options.
        shield = table.brights | table.jkp_mask
        ribbons = table.ribbons
        opps: list[tuple[int, int, tuple[_Option, ...]]] = []
        for i, om in enumerate(masks):
            fixed = 1
            plus = 0
            if gwang_live and not om & shield:  # gwang-bak
                if gwang == "double":
                    fixed = 2
                else:
                    plus = 2
            if tti_live and not om & ribbons:  # tti-bak
                fixed *= 2
            if go_bak_2p and goer == i:  # 2-player go-bak
                fixed *= 2
            opps.append((fixed, plus, _opp_options(table, om)))

        # PAY-8 no-capture exemption and PAY-9 liability: the same for both classes.
        if rules.no_captures_no_pay and 0 in masks:
            f.exempt = [i for i, om in enumerate(masks) if not om]
        exempt = f.exempt
        liable = _liability(f, rules, players, wmask, ctx)

        # The winner's animals and junk without the flex card (added below per class).
        w_animals = (wmask & table.fixed_animals).bit_count()
        w_junk = table.junk_count(wmask, False)
        for as_junk in classes:
            raw = table.raw_stop_points(wmask, as_junk) + bonus
            points = raw if cap is None or raw <= cap else cap  # PAY-1 (SCORE-9, SCORE-11)
            base = points + g  # PAY-4: go chips are added before any doubling
            if as_junk:
                animals, junk = w_animals, w_junk + table.flex_junk_value
            elif has_flex:
                animals, junk = w_animals + 1, w_junk
            else:
                animals, junk = w_animals, w_junk
            m = m_common * 2 if dda and animals >= 7 else m_common  # meong-dda
            pi_live = pi_bak and junk >= 10
            mb_live = meong_bak and animals >= 7
            bm = base * m
            mis: list[int] = []
            amounts: list[int] = []
            choice: list[int] = []
            for fixed, plus, options in opps:
                best_amount = best_mi = best_k = 0
                for k, (o_animals, o_junk, _cls) in enumerate(options):
                    mi = fixed
                    if pi_live and o_junk < threshold and (o_junk or not zero_exempt):  # pi-bak
                        mi *= 2
                    if mb_live and o_animals == 0:  # meong-bak
                        mi *= 2
                    amount = bm * mi + plus  # PAY-7
                    if k == 0 or amount < best_amount:  # the loser's cheaper class; ties: animal
                        best_amount, best_mi, best_k = amount, mi, k
                mis.append(best_mi)
                amounts.append(best_amount)
                choice.append(best_k)
            payments = amounts.copy()
            for i in exempt:
                payments[i] = 0
            if liable is not None:
                other = 1 - liable
                payments[liable] += payments[other]
                payments[other] = 0
            runs.append(
                _Run(as_junk, points, raw, m, pi_live, mb_live, mis, amounts, choice, payments,
                     sum(payments))
            )

    if has_flex:
        a, j = runs
        if rules.sake_cup_choice == "max_points":
            chosen = j if (j.points, j.total) > (a.points, a.total) else a  # ties: animal
        else:
            chosen = j if (j.total, j.points) > (a.total, a.points) else a
    else:
        chosen = runs[0]
    f.chosen = chosen

    # Filled in directly (the dataclass __init__ would need the explanation); breakdown and
    # steps are left to Settlement.__getattr__.
    s: Settlement = object.__new__(Settlement)
    d = s.__dict__
    d["points"] = chosen.points
    d["stop_points"] = stop_pts
    d["payments"] = tuple(chosen.payments)
    d["total"] = chosen.total
    d["flex_class"] = ("junk" if chosen.as_junk else "animal") if has_flex else None
    d["opponent_multipliers"] = tuple(chosen.mis)
    d["amounts"] = tuple(chosen.amounts)
    d["_facts"] = f
    if shots:
        d["liable"] = d["liability"] = None
        d["unit"] = "shots"
        d["go_chips"] = 0
        d["base"] = chosen.points
        d["multiplier"] = 1
        d["factors"] = ()
        d["opponent_flex"] = (None,) * n
    else:
        d["liable"] = liable
        d["liability"] = None if liable is None or f.liab is None else f.liab[1]
        d["unit"] = "chips"
        d["go_chips"] = g
        d["base"] = chosen.points + g
        d["multiplier"] = chosen.multiplier
        if chosen.multiplier != m_common:  # meong-dda, the one class-dependent factor
            d["factors"] = before + _MEONG_DDA + after_dda
        else:
            d["factors"] = before + after_dda
        d["opponent_flex"] = tuple(
            o[2][k][2] for o, k in zip(opps, chosen.choice, strict=True)
        )
    return s


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
