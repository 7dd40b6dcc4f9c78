"""Differential check: the same seeded hand on the reference and the fast engine.

:func:`first_difference` plays hand ``seed`` on both engines with the same random choices
(index ``rng.randrange(len(legal))``, ``rng = random.Random(seed)``) and returns None, or a
message naming the seed and the first difference in the legal actions, the events (type, seat,
cards, and ``data`` for the types of :data:`gostop.fast.hand.DATA_TYPES`) or the result. :func:`first_deal_difference` does the same for an explicit deal
(``Hand.from_deal`` / ``FastHand.from_deal``, as a gwangpalli match's three active players).

:func:`soak_combos` and :func:`soak` are the million-hand soak of ``benchmarks/soak.py --engine
fast``: hand ``i`` uses seed ``i`` and ``nagari_before = i % 3``, in blocks of 100 hands through
every preset x every knob variant of the engine soak (``gostop.engine.check.VARIANTS``) x 2/3
players. Rules the fast engine refuses (only the ``jokers`` knob: goo-stupe's 22 jokers) are
soaked with their jokers cut to :data:`~gostop.fast.config.MAX_JOKERS`, so every other knob value
of such a preset is still checked. Used by ``tests/fast``, ``benchmarks/soak.py --engine fast``
and ``benchmarks/fast.py --soak``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from gostop.engine import Event, Hand
from gostop.fast.config import MAX_JOKERS, UnsupportedRulesError, check_supported
from gostop.fast.hand import DATA_TYPES, FastHand
from gostop.rules import PRESET_NAMES, PRESETS, Rules, RulesError

__all__ = [
    "first_difference",
    "first_deal_difference",
    "compare",
    "fast_rules",
    "soak_combos",
    "soak",
    "SoakCombo",
    "SoakReport",
    "BLOCK",
]

#: Consecutive soak hands under the same (rules, players).
BLOCK = 100


def _ev(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, int | None, tuple[str, ...], dict[str, Any]]]:
    """Events as (type, seat, card codes, data); data only for the types the fast engine fills."""
    return [(e.type, e.seat, tuple(c.code for c in e.cards), dict(e.data) if e.type in DATA_TYPES else {})
            for e in events]


def compare(a: Hand, b: FastHand, rng: random.Random, where: str) -> str | None:
    """Play ``a`` (reference) and ``b`` (fast) from the same state with the same random choices
    (``rng.randrange(len(legal))``); None, or a message (starting with ``where``) naming the
    first difference in the deal events, the legal actions, the events or the result."""
    if _ev(a.events) != _ev(b.events):
        return f"{where}: deal events differ:\n  ref  {_ev(a.events)}\n  fast {_ev(b.events)}"
    step = 0
    while not a.is_over:
        la, lb = a.legal_actions(), b.legal_actions()
        if la != lb or a.current_player != b.current_player:
            return (
                f"{where} step {step}: legal actions differ (seat {a.current_player} / "
                f"{b.current_player}):\n  ref  {la}\n  fast {lb}"
            )
        i = rng.randrange(len(la))
        ea, eb = a.apply(la[i]), b.apply(lb[i])
        if _ev(ea) != _ev(eb):
            return f"{where} step {step} ({la[i]}): events differ:\n  ref  {_ev(ea)}\n  fast {_ev(eb)}"
        step += 1
    if not b.is_over:
        return f"{where}: the fast hand is not over"
    ra, rb = a.result, b.result
    assert ra is not None and rb is not None
    ka = (ra.winner, ra.nagari, ra.void, ra.reason, ra.points, ra.stop_points, ra.chips, ra.shots,
          ra.pot_chips, ra.boar_pot, ra.boar_taker)
    kb = (rb.winner, rb.nagari, rb.void, rb.reason, rb.points, rb.stop_points, rb.chips, rb.shots,
          rb.pot_chips, rb.boar_pot, rb.boar_taker)
    if ka != kb:
        return f"{where}: results differ:\n  ref  {ka}\n  fast {kb}"
    if ra.settlement is not None and tuple(ra.settlement.payments) != rb.payments:
        return f"{where}: payments differ: ref {ra.settlement.payments} fast {rb.payments}"
    return None


def _name(rules: Rules) -> str:
    over = rules.overrides()
    return rules.preset + (f" {over}" if over else "")


def first_difference(rules: Rules, players: int, seed: int, *, nagari_before: int = 0) -> str | None:
    """None when both engines play hand ``seed`` identically (action lists, events with their
    types, seats and cards, results); else a message naming the seed and the first difference."""
    a = Hand.new(rules, players, seed, nagari_before=nagari_before)
    b = FastHand.new(rules, players, seed, nagari_before=nagari_before)
    where = f"{_name(rules)} {players}p seed {seed} nagari_before {nagari_before}"
    return compare(a, b, random.Random(seed), where)


def first_deal_difference(
    rules: Rules,
    hands: Sequence[Sequence[str]],
    layout: Sequence[str],
    stock: Sequence[str],
    seed: int,
    *,
    nagari_before: int = 0,
    boar_pot: int = 0,
    weol_yak_month: int | None = None,
    mission: tuple[str, int] | None = None,
) -> str | None:
    """:func:`first_difference` for an explicit deal; ``seed`` seeds the random choices."""
    a = Hand.from_deal(rules, hands, layout, stock, nagari_before=nagari_before, boar_pot=boar_pot,
                       weol_yak_month=weol_yak_month, mission=mission)
    b = FastHand.from_deal(rules, hands, layout, stock, nagari_before=nagari_before, boar_pot=boar_pot,
                           weol_yak_month=weol_yak_month, mission=mission)
    where = f"{_name(rules)} {len(hands)}p explicit deal, choices seed {seed}"
    return compare(a, b, random.Random(seed), where)


def fast_rules(rules: Rules) -> tuple[Rules, str | None]:
    """``rules`` if the fast engine covers them, else (when only the ``jokers`` knob is refused)
    the same rules with the jokers cut to :data:`MAX_JOKERS`; and the refused knob or None.
    Raises :class:`UnsupportedRulesError` when another knob is refused."""
    try:
        check_supported(rules)
        return rules, None
    except UnsupportedRulesError as exc:
        if exc.knob != "jokers":
            raise
        capped = rules.with_overrides(jokers=rules.jokers[:MAX_JOKERS])
        check_supported(capped)
        return capped, exc.knob


@dataclass(frozen=True)
class SoakCombo:
    preset: str
    variant: int  # index in gostop.engine.check.VARIANTS
    players: int
    rules: Rules
    capped: bool  # jokers cut to MAX_JOKERS (the preset's own count is refused)


def soak_combos() -> list[SoakCombo]:
    """Every preset x knob variant x 2/3 players, in the soak's order."""
    from gostop.engine.check import VARIANTS

    out = []
    for v, over in enumerate(VARIANTS):
        for preset in PRESET_NAMES:
            try:
                rules = PRESETS[preset].with_overrides(over)
            except RulesError:
                continue
            rules, refused = fast_rules(rules)
            for players in (2, 3):
                if players == 3 and rules.two_player_only:  # GEN-7: matgo is 2-player only
                    continue
                out.append(SoakCombo(preset, v, players, rules, refused is not None))
    return out


@dataclass
class SoakReport:
    hands: int  # hands played identically
    seconds: float
    difference: str | None  # the first difference (with its seed), or None


class _Progress:
    """A one-line progress bar on a terminal (redrawn at most twice a second), else a line
    every 5% of the run."""

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out = total, out
        self.tty = out.isatty()
        self.t0 = self.last = time.perf_counter()
        self.next_line = max(1, total // 20)

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if self.tty and now - self.last < 0.5 and done < self.total:
            return
        if not self.tty and done % self.next_line and done < self.total:
            return
        self.last = now
        rate = done / max(now - self.t0, 1e-9)
        eta = (self.total - done) / rate if rate else 0.0
        frac = done / self.total
        bar = "#" * int(30 * frac) + "." * (30 - int(30 * frac))
        line = (f"[{bar}] {done:,}/{self.total:,} {frac:6.1%}  {rate:,.0f} hands/s  "
                f"elapsed {_dur(now - self.t0)}  eta {_dur(eta)}")
        if self.tty:
            self.out.write("\r" + line + ("\n" if done >= self.total else ""))
        else:
            self.out.write(line + "\n")
        self.out.flush()

    def stop(self) -> None:
        if self.tty:
            self.out.write("\n")
            self.out.flush()


def _dur(s: float) -> str:
    s = int(s)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def soak(
    start: int,
    stop: int,
    *,
    progress: bool = True,
    out: TextIO | None = None,
    combos: list[SoakCombo] | None = None,
    check: Callable[[Rules, int, int, int], str | None] | None = None,
) -> SoakReport:
    """Differential soak of hands ``start .. stop-1`` (hand ``i``: seed ``i``,
    ``nagari_before = i % 3``, combination ``(i // BLOCK) % len(combos)``); stops at the first
    difference. ``check(rules, players, seed, nagari_before)`` plays one hand (default: both
    engines, :func:`first_difference`)."""
    combos = combos if combos is not None else soak_combos()
    bar = _Progress(stop - start, out or sys.stderr) if progress else None
    t0 = time.perf_counter()
    for i in range(start, stop):
        c = combos[(i // BLOCK) % len(combos)]
        diff = check(c.rules, c.players, i, i % 3) if check else first_difference(c.rules, c.players, i, nagari_before=i % 3)
        if diff:
            if bar:
                bar.stop()
            tag = f"hand {i} (seed {i}; preset {c.preset}, variant {c.variant}, {c.players} players)"
            return SoakReport(i - start, time.perf_counter() - t0, f"{tag}: {diff}")
        if bar:
            bar.update(i - start + 1)
    return SoakReport(stop - start, time.perf_counter() - t0, None)
