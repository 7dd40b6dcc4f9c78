"""The steps of a settlement as typed facts (RULES.md 2.13 PAY, 2.14 LIAB, 2.16 GOO).

:func:`gostop.settlement.settle` computes the numbers; :attr:`Settlement.step_facts
<gostop.settlement.Settlement.step_facts>` says how, one fact per step, in the order of
PAY-1 .. PAY-10: the winner's flex card (SCORE-8), each scoring item, the cap (SCORE-11), the
shots (GOO), the base with go chips (PAY-3, PAY-4), each common factor with its cause (PAY-5),
the common multiplier, each opponent's multiplier with its reasons (PAY-6, PAY-7), exemptions
(PAY-8) and liability (PAY-9, LIAB).

Each fact is data for a renderer (:mod:`gostop.words` turns them into sentences in English and
Korean); ``str()`` of a fact is the compact record text of :attr:`Settlement.steps`, kept
exactly as records and ``gostop replay --json`` have always written it. Nothing parses these
strings back: a renderer reads the fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from gostop.scoring import FlexClass, ScoreItem

__all__ = [
    "FlexReason",
    "BakKind",
    "FactorName",
    "LiabilityKind",
    "FlexOptions",
    "FlexChoice",
    "ItemStep",
    "CapStep",
    "ShotsStep",
    "BaseStep",
    "FactorStep",
    "MultiplierStep",
    "BakReason",
    "OpponentStep",
    "ExemptStep",
    "OeMyeonExcusedStep",
    "LiabilityStep",
    "Step",
]

#: Why the winner's flex card was classed as it was (SCORE-8 with ``sake_cup_choice``).
FlexReason = Literal[
    "more points",
    "equal points, larger total payment",
    "larger total payment",
    "equal payment, more points",
    "tie: animal",
]

#: The per-opponent doublings of PAY-6 (``pi-bak-exempt``: PAY-14, a loser with no junk at all
#: is not doubled; factor 1).
BakKind = Literal["gwang-bak", "pi-bak", "pi-bak-exempt", "meong-bak", "tti-bak", "go-bak-2p"]

#: The common factors of PAY-5, by the names the settlement records.
FactorName = Literal[
    "go", "heundeum", "bombs", "meong-dda", "nagari carry", "push", "JKX", "weol-yak", "mission"
]

#: Who pays for both losers (PAY-9).
LiabilityKind = Literal["go-bak", "shodang-refusal", "oe-myeon"]

_LIABILITY_TEXT: dict[str, str] = {
    "go-bak": "go-bak",
    "shodang-refusal": "shodang refusal",
    "oe-myeon": "oe-myeon",
}


def _fmt_payments(payments: Sequence[int]) -> str:
    return "[" + ", ".join(str(p) for p in payments) + "]"


@dataclass(frozen=True)
class FlexOptions:
    """SCORE-8 / PAY-1: the winner's flex card tried both ways."""

    card: str
    animal_points: int
    animal_payments: tuple[int, ...]
    junk_points: int
    junk_payments: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"flex card {self.card} as animal -> {self.animal_points} pts, payments "
            f"{_fmt_payments(self.animal_payments)}; as junk -> {self.junk_points} pts, "
            f"payments {_fmt_payments(self.junk_payments)}"
        )


@dataclass(frozen=True)
class FlexChoice:
    """SCORE-8: the class kept for the winner's flex card, and why."""

    card: str
    as_junk: bool
    reason: FlexReason

    def __str__(self) -> str:
        return f"settle with {self.card} as {'junk' if self.as_junk else 'animal'} ({self.reason})"


@dataclass(frozen=True)
class ItemStep:
    """SCORE-1 .. SCORE-6 and the bonus items: one scoring item of the winner."""

    item: ScoreItem

    def __str__(self) -> str:
        return f"{self.item.name} = {self.item.points}"


@dataclass(frozen=True)
class CapStep:
    """SCORE-11: the hand points capped."""

    raw: int
    points: int

    def __str__(self) -> str:
        return f"capped {self.raw} -> {self.points}"


@dataclass(frozen=True)
class ShotsStep:
    """GOO: shots per opponent instead of chips."""

    points: int
    per: int
    shots: int

    def __str__(self) -> str:
        return (
            f"shots = floor({self.points}/{self.per}) = {self.shots} "
            "per opponent (no go chips, multipliers or liability)"
        )


@dataclass(frozen=True)
class BaseStep:
    """PAY-3 / PAY-4: the base, hand points plus go chips."""

    points: int
    go_chips: int
    base: int

    def __str__(self) -> str:
        return f"base = {self.points} + go chips {self.go_chips} = {self.base}"


@dataclass(frozen=True)
class FactorStep:
    """PAY-5: one common factor and its cause."""

    name: str  # a FactorName
    factor: int

    def __str__(self) -> str:
        return f"{self.name} x{self.factor}"


@dataclass(frozen=True)
class MultiplierStep:
    """PAY-5: the common multiplier M, the product of the factors."""

    multiplier: int
    factors: int  # how many factors made it

    def __str__(self) -> str:
        return f"common multiplier M = {self.multiplier}"


@dataclass(frozen=True)
class BakReason:
    """PAY-6: one doubling (or addition) of one opponent's payment, with its cause.

    ``junk`` and ``threshold`` are set for pi-bak (the loser's junk count and the count that
    protects); ``plus`` is the addition of gwang-bak's ``+2`` reading (0 when it doubles).
    """

    kind: BakKind
    factor: int = 2
    plus: int = 0
    junk: int | None = None
    threshold: int | None = None

    def __str__(self) -> str:
        if self.kind == "pi-bak":
            return f"pi-bak x2 (opp junk {self.junk} < {self.threshold})"
        if self.kind == "pi-bak-exempt":
            return "no pi-bak: opp has no junk at all"
        if self.kind == "go-bak-2p":
            return "go-bak (2p) x2"
        if self.plus:
            return f"{self.kind} +{self.plus}"
        return f"{self.kind} x{self.factor}"


@dataclass(frozen=True)
class OpponentStep:
    """PAY-6 / PAY-7: what one opponent pays, ``base x M x Mi (+ plus)``, and why.

    ``counts_flex_as`` is set when the opponent holds the flex card and its two classings
    would pay differently: the class it was counted as (the cheaper one).
    """

    opponent: int
    base: int
    multiplier: int
    opponent_multiplier: int
    reasons: tuple[BakReason, ...]
    plus: int
    amount: int
    flex_card: str | None = None
    counts_flex_as: FlexClass | None = None

    def __str__(self) -> str:
        desc = ", ".join(str(r) for r in self.reasons) or "no per-opponent factor"
        if self.counts_flex_as is not None:
            desc += f"; counts its {self.flex_card} as {self.counts_flex_as}"
        extra = f" + {self.plus}" if self.plus else ""
        return (
            f"opp{self.opponent + 1}: {self.base} x M {self.multiplier} x Mi "
            f"{self.opponent_multiplier} ({desc}){extra} = {self.amount}"
        )


@dataclass(frozen=True)
class ExemptStep:
    """PAY-8: an opponent with no captures pays nothing."""

    opponent: int

    def __str__(self) -> str:
        return f"opp{self.opponent + 1} has no captures: pays 0"


@dataclass(frozen=True)
class OeMyeonExcusedStep:
    """LIAB-5 (a): no oe-myeon liability when the winner scored only junk and said no go."""

    def __str__(self) -> str:
        return "oe-myeon exception a: winner scored only junk and no go"


@dataclass(frozen=True)
class LiabilityStep:
    """PAY-9 / LIAB: one opponent pays for both losers; ``pays`` is None when it would be
    liable but is exempt (LIAB-13) and each pays its own."""

    opponent: int
    kind: LiabilityKind
    pays: int | None

    def __str__(self) -> str:
        text = _LIABILITY_TEXT[self.kind]
        if self.pays is None:
            return (
                f"opp{self.opponent + 1} would be liable ({text}) but has no captures: "
                "each pays its own"
            )
        return f"dok-bak ({text}): opp{self.opponent + 1} pays {self.pays}, other pays 0"


Step = (
    FlexOptions
    | FlexChoice
    | ItemStep
    | CapStep
    | ShotsStep
    | BaseStep
    | FactorStep
    | MultiplierStep
    | OpponentStep
    | ExemptStep
    | OeMyeonExcusedStep
    | LiabilityStep
)
