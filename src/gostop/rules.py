"""Rules configuration: every knob of RULES.md section 4, the presets of section 5.

A :class:`Rules` value is immutable and always valid: it is checked when built. Build one from a
preset, optionally with overrides::

    >>> r = make_rules("pagat", {"stop_target_two_player": 5})
    >>> r.stop_target(2), r.preset
    (5, 'pagat')
    >>> r.overrides()
    {'stop_target_two_player': 5}

Rules load from and save to TOML (``preset = "..."`` plus knob assignments). Errors are
:class:`RulesError` with a message meant for people (unknown knob with a did-you-mean, wrong type,
value out of range, contradictory combination).
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import tomllib
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gostop.cards import CardCodeError, deck_cards
from gostop.errors import GostopError
from gostop.limits import (
    MAX_CHIPS,
    MAX_JUNK_COUNT,
    MAX_MATCH_HANDS,
    MAX_MULTIPLIER,
    MAX_NESTING,
    MAX_POINTS,
    MAX_PUSHES,
    MAX_SHOTS,
    MAX_TARGET_CHIPS,
    MAX_TURNS,
    clip,
    nesting_depth,
    nesting_message,
)

__all__ = [
    "Rules",
    "RulesError",
    "Knob",
    "KNOBS",
    "PRESETS",
    "PRESET_NAMES",
    "DEFAULT_PRESET",
    "make_rules",
    "get_preset",
    "rules_diff",
    "rules_from_toml",
    "rules_to_toml",
    "load_rules",
    "save_rules",
]

DEFAULT_PRESET = "pagat"


class RulesError(GostopError, ValueError):
    """An invalid rules configuration (message names the knob and what is allowed).

    ``knobs``: the knobs at fault, as data (a wrong value: its knob; contradictory rules: every
    knob of the clash, those to change first), so that a face names them in its own language
    without reading the English message; empty when no knob is at fault.

    ``reason``: what is wrong, as facts, for a face to say in its own language
    (:func:`gostop.words.options.rules_refused`), or None (the message alone says it):
    ``("unknown_knob", {"name", "close"})``, ``("not_allowed", {"knob", "value", "close"})``,
    ``("out_of_range", {"knob", "value"})``, ``("wrong_type", {"knob", "value"})``,
    ``("null", {"knob"})`` or ``("clash", {"knobs", "clash", ...})``; ``value`` is what was
    typed, shown and clipped, ``close`` the likely meant name or value (or None).

    A clash of rule changes names its kind (``clash``) and the values its sentence uses:
    ``"shots_need_rate"`` (PAY-2), ``"shot_knobs_need_shots"`` with ``on``, the shot knobs
    that are on (GEN-5), ``"cap_below_target"`` with ``score_cap`` and ``target``, the higher
    stop target (SCORE-11, GOSTOP-1), ``"two_first_turn_ppuk_rewards"`` (EVT-10, GOO-14),
    ``"target_chips_need_chips"`` with ``match_target_chips`` (MATCH-1, GOO-1),
    ``"boar_pot_needs_chips"`` (VAR-BOAR, GOO-1) or ``"push_needs_chips"`` with
    ``push_limit`` (VAR-PUSH, PAY-2)."""

    def __init__(self, message: str = "", knobs: Iterable[str] = (),
                 reason: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.knobs: tuple[str, ...] = tuple(dict.fromkeys(knobs))
        self.reason = reason


@dataclass(frozen=True)
class Knob:
    """Metadata of one knob: how it is checked and documented."""

    name: str
    kind: str  # bool | int | enum | int_or_target | jokers | int_pair | flex_card
    rule: str
    meaning: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    @property
    def choice_texts(self) -> tuple[str, ...]:
        """The choices of an enum knob as they are typed (``"linear"``)."""
        return tuple(_fmt(c) for c in self.choices)

    @property
    def allowed(self) -> str:
        """Allowed values in words (for errors and docs)."""
        if self.kind == "bool":
            text = "true or false"
        elif self.kind in ("enum", "flex_card"):
            text = ", ".join(_fmt(c) for c in self.choices)
        elif self.kind == "int_or_target":
            text = f"an integer from {self.minimum} to {self.maximum} or \"target\""
        elif self.kind == "jokers":
            text = "a list of distinct joker codes (JK1 JK2 JK3 JKB JKX JKP, copies JK1-2 ...)"
        elif self.kind == "int_pair":
            text = f"[low, high] with {self.minimum} <= low <= high <= {self.maximum}"
        else:
            lo, hi = self.minimum, self.maximum
            if lo is not None and hi is not None:
                text = f"an integer from {lo} to {hi}"
            elif lo is not None:
                text = f"an integer >= {lo}"
            else:
                text = "an integer"
        return text + (" or null" if self.nullable else "")

    def check(self, value: Any) -> Any:
        """Return the normalised value, or raise :class:`RulesError`."""
        if value is None:
            if self.nullable:
                return None
            raise RulesError(f"knob {self.name!r} cannot be null; allowed: {self.allowed}", (self.name,),
                             ("null", {"knob": self.name}))
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._type_error(value, "true or false")
        if self.kind in ("enum", "flex_card"):
            if value in self.choices and isinstance(value, str):
                return value
            typed = value if isinstance(value, str) else _shown(value)
            close = difflib.get_close_matches(typed, [str(c) for c in self.choices], n=1) if len(typed) <= 100 else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RulesError(f"knob {self.name!r}: {_shown(value)} is not allowed{hint}; allowed: {self.allowed}", (self.name,),
                             ("not_allowed", {"knob": self.name, "value": _shown(value), "close": close[0] if close else None}))
        if self.kind == "int_or_target":
            if value == "target":
                return value
            return self._check_int(value)
        if self.kind == "jokers":
            if isinstance(value, str) or not isinstance(value, list | tuple):
                raise self._type_error(value, "a list of joker codes")
            codes = tuple(value)
            if not all(isinstance(c, str) for c in codes):
                raise self._type_error(value, "a list of joker codes (strings)")
            try:
                deck_cards(codes)
            except CardCodeError as exc:
                raise RulesError(f"knob 'jokers': {_cut(str(exc))}", (self.name,),
                                 ("not_allowed", {"knob": self.name, "value": _shown(value), "close": None})) from None
            return codes
        if self.kind == "int_pair":
            if (
                not isinstance(value, list | tuple)
                or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                raise self._type_error(value, "a pair [low, high] of integers")
            lo, hi = value
            if (
                (self.minimum is not None and lo < self.minimum)
                or lo > hi
                or (self.maximum is not None and hi > self.maximum)
            ):
                raise RulesError(
                    f"knob {self.name!r}: [{clip(lo)}, {clip(hi)}] is out of range; allowed: {self.allowed}", (self.name,),
                    ("out_of_range", {"knob": self.name, "value": f"[{clip(lo)}, {clip(hi)}]"}),
                )
            return (lo, hi)
        return self._check_int(value)

    def _check_int(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._type_error(value, self.allowed)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise RulesError(f"knob {self.name!r}: {clip(value)} is out of range; allowed: {self.allowed}", (self.name,),
                             ("out_of_range", {"knob": self.name, "value": clip(value)}))
        return value

    def _type_error(self, value: Any, expected: str) -> RulesError:
        return RulesError(
            f"knob {self.name!r}: wrong type {type(value).__name__} ({_shown(value)}); expected {expected}", (self.name,),
            ("wrong_type", {"knob": self.name, "value": _shown(value)}),
        )


def _cut(text: str, limit: int = 200) -> str:
    """A message from below cut to ``limit`` characters (it may repeat what was typed)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shown(value: Any) -> str:
    """A typed value in an error message: TOML-like, cut short, never too deep to print."""
    if nesting_depth(value, 4) > 4:
        return f"a {type(value).__name__} nested too deeply to show"
    text = _fmt(value)
    return text if len(text) <= 80 else f"{text[:80]}... ({len(text)} characters)"


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if isinstance(value, int) and value.bit_length() > 200:
        return clip(value)  # str() of a number of thousands of digits raises
    return str(value)


def knob(default: Any, kind: str, rule: str, meaning: str, **kw: Any) -> Any:
    """A knob of :class:`Rules`, declared once: its field's default (the ``pagat`` value), its
    kind, RULES.md rule ID and meaning, and its range (``minimum``, ``maximum``, ``nullable``,
    ``choices`` for kinds other than ``enum``, whose choices are the field's ``Literal``)."""
    return field(default=default, metadata={"knob": (kind, rule, meaning, kw)})




@dataclass(frozen=True)
class Rules:
    """A complete, validated rules configuration (every knob of RULES.md section 4).

    Each field is one knob, declared once with :func:`knob`: its type (an ``enum`` knob's
    choices are its ``Literal`` values), its default (the ``pagat`` preset), its RULES.md rule ID,
    its meaning and its range; :data:`KNOBS`, ``docs/rules.md``, the TOML reader and the lobby's
    knob list all come from these declarations. ``preset`` names the preset the value was built
    from; it is not a knob and does not take part in equality. Use :func:`make_rules` or
    :meth:`with_overrides` rather than the constructor for readable errors on unknown knobs.
    """

    jokers: tuple[str, ...] = knob(
        ("JK2", "JK3"),
        "jokers",
        "DECK-1",
        "Jokers in the deck besides the 48 month cards.",
    )
    uniform_joker_value: int | None = knob(
        None,
        "int",
        "SCORE-7",
        "Every joker is a plain junk card of this value, with no other effect.",
        minimum=0,
        maximum=3,
        nullable=True,
    )
    flex_card: str | None = knob(
        "09A",
        "flex_card",
        "SCORE-8",
        "The card counted either as an animal or as junk (the sake cup).",
        choices=("09A", "05A"),
        nullable=True,
    )
    flex_junk_value: int = knob(
        2,
        "int",
        "SCORE-7",
        "Junk value of the flex card when counted as junk.",
        minimum=1,
        maximum=3,
    )
    junk_value_11D: int = knob(
        2,
        "int",
        "SCORE-7",
        "Junk value of the coloured November (paulownia) double junk.",
        minimum=0,
        maximum=3,
    )
    junk_value_12D: int = knob(
        2,
        "int",
        "SCORE-7",
        "Junk value of the December (lightning) double junk.",
        minimum=0,
        maximum=3,
    )
    sake_cup_choice: Literal["max_payment", "max_points"] = knob(
        "max_payment",
        "enum",
        "SCORE-8",
        "How the winner's flex card is classed at settlement.",
    )
    multi_player_mode: Literal["gwangpalli", "rotation"] = knob(
        "gwangpalli",
        "enum",
        "GWANG-1, GOO-17",
        "How tables of more than 3 seated players choose the 3 active players.",
    )
    max_players: int | None = knob(
        7,
        "int",
        "GWANG-1",
        "Most seated players at a table.",
        minimum=4,
        maximum=7,
        nullable=True,
    )
    match_hands: int | None = knob(
        12,
        "int",
        "MATCH-1",
        "Hands in a match (12 = a year); null = open-ended.",
        minimum=1,
        maximum=MAX_MATCH_HANDS,
        nullable=True,
    )
    match_target_chips: int | None = knob(
        None,
        "int",
        "MATCH-1",
        "End the match after the hand in which a player is this many chips up.",
        minimum=1,
        maximum=MAX_TARGET_CHIPS,
        nullable=True,
    )
    first_dealer: Literal["lot", "draw_night", "draw_day", "oldest"] = knob(
        "draw_night",
        "enum",
        "MATCH-3",
        "How the first dealer is chosen.",
    )
    nagari_limit: int | None = knob(
        None,
        "int",
        "MATCH-6",
        "Consecutive nagari that trigger nagari_limit_action; null = no limit.",
        minimum=1,
        maximum=MAX_TURNS,
        nullable=True,
    )
    nagari_limit_action: Literal["end_match", "reset_carry"] = knob(
        "end_match",
        "enum",
        "MATCH-6",
        "What happens at the nagari limit.",
    )
    deal_order: Literal["pagat", "fuda"] = knob(
        "pagat",
        "enum",
        "DEAL-2",
        "Packet order of the deal (players first, or layout first).",
    )
    four_on_table: Literal["redeal", "dealer_chongtong", "nagari"] = knob(
        "redeal",
        "enum",
        "DEAL-6",
        "Four cards of a month dealt to the layout.",
    )
    chongtong: Literal["mandatory", "optional"] = knob(
        "mandatory",
        "enum",
        "DEAL-7",
        "Whether four of a month in hand must be declared (instant win).",
    )
    chongtong_payment: int | Literal["target"] = knob(
        5,
        "int_or_target",
        "DEAL-7",
        "Chips each opponent pays for a chongtong (\"target\" = the stop target).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    chongtong_tie: Literal["void", "nagari", "dealer_first", "higher_month"] = knob(
        "void",
        "enum",
        "DEAL-8",
        "Two or more active players hold a quad.",
    )
    stop_target_two_player: int = knob(
        7,
        "int",
        "GOSTOP-1",
        "Stop points needed to stop in a 2-player hand.",
        minimum=1,
        maximum=MAX_POINTS,
    )
    stop_target_three_player: int = knob(
        3,
        "int",
        "GOSTOP-1",
        "Stop points needed to stop in a 3-player hand.",
        minimum=1,
        maximum=MAX_POINTS,
    )
    score_cap: int | None = knob(
        None,
        "int",
        "SCORE-11",
        "Points above this are ignored; null = no cap.",
        minimum=1,
        maximum=MAX_POINTS,
        nullable=True,
    )
    go_decision_trigger: Literal["above_last_go", "improved"] = knob(
        "above_last_go",
        "enum",
        "GOSTOP-2",
        "When a player who reached the target is asked go or stop again.",
    )
    last_turn_exception: bool = knob(
        True,
        "bool",
        "EVT-6",
        "Sseul, ttadak and chok create no junk debt on the final turn.",
    )
    ja_ppuk_junk: int = knob(
        2,
        "int",
        "EVT-5",
        "Junk each opponent owes for a ja-ppuk (1 disables ja-ppuk).",
        minimum=1,
        maximum=3,
    )
    ja_ppuk_window: Literal["any_previous", "previous_turn"] = knob(
        "any_previous",
        "enum",
        "EVT-5",
        "Which own ppuk stacks give ja-ppuk when captured.",
    )
    first_turn_ppuk_payment: int = knob(
        3,
        "int",
        "EVT-10",
        "Chips each opponent pays for a ppuk on one's first turn (0 = off).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    first_turn_ppuk_yell: bool = knob(
        False,
        "bool",
        "GOO-14",
        "Opponents must shout after a first-turn ppuk or take a shot.",
    )
    three_ppuk_payment: int = knob(
        5,
        "int",
        "EVT-11",
        "Chips each opponent pays when a player makes a third ppuk (0 = rule off).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    no_junk_shot: bool = knob(False, "bool", "GOO-12", "A debtor with no junk card takes a shot instead.")
    ja_ppuk_shot: bool = knob(False, "bool", "GOO-13", "A ja-ppuk also makes each opponent take a shot.")
    joker_shot: Literal["hand_opponents_stock_self", "hand_self_stock_opponents"] | None = knob(
        None,
        "enum",
        "GOO-10",
        "Who takes a shot when a joker is played from hand / turned from the stock.",
        nullable=True,
    )
    bomb_allowed: bool = knob(
        True,
        "bool",
        "BOMB-1",
        "Whether bombs (three of a month played onto the fourth) are allowed.",
    )
    bomb_after_heundeum: bool = knob(
        False,
        "bool",
        "BOMB-1",
        "A triple declared as heundeum may still be bombed.",
    )
    bomb_multiplier: int = knob(
        1,
        "int",
        "PAY-5",
        "Payment factor per bomb the winner played.",
        minimum=1,
        maximum=MAX_MULTIPLIER,
    )
    bomb_steals_junk: bool = knob(False, "bool", "EVT-8", "A bomb takes one junk card from each opponent.")
    bomb_compensation: Literal["skip_two", "draw_three"] = knob(
        "skip_two",
        "enum",
        "BOMB-3",
        "How the bomber makes up for the two missing hand cards.",
    )
    bomb_skip_timing: Literal["any_later", "next_two"] = knob(
        "any_later",
        "enum",
        "BOMB-3",
        "When the two stock-only turns after a bomb may be used.",
    )
    grenade: Literal["off", "move_only", "steal", "as_bomb"] = knob(
        "off",
        "enum",
        "VAR-GRENADE",
        "Kongaltan: two in hand onto the two on the layout.",
    )
    heundeum_multiplier: int = knob(
        2,
        "int",
        "SHAKE-2",
        "Payment factor per declared heundeum.",
        minimum=1,
        maximum=MAX_MULTIPLIER,
    )
    heundeum_nov_dec_multiplier: int = knob(
        2,
        "int",
        "SHAKE-2",
        "Payment factor for a declared November or December triple.",
        minimum=1,
        maximum=MAX_MULTIPLIER,
    )
    heundeum_must_play: bool = knob(
        False,
        "bool",
        "SHAKE-3",
        "A declared card must be played on the declaring turn.",
    )
    joker_hand_mode: Literal["substitute", "reveal_replace"] = knob(
        "substitute",
        "enum",
        "JOKER-1, JOKER-4",
        "How a joker in hand is used.",
    )
    joker_stays_with_ppuk: bool = knob(
        False,
        "bool",
        "JOKER-3",
        "A joker turned over a pending pair joins it (and a ppuk stack).",
    )
    four_brights_with_rain_points: int = knob(
        4,
        "int",
        "SCORE-1",
        "Points for four brights including the rain bright.",
        minimum=0,
        maximum=MAX_POINTS,
    )
    godori_points: int = knob(
        5,
        "int",
        "SCORE-3",
        "Points for godori (the three birds).",
        minimum=0,
        maximum=MAX_POINTS,
    )
    four_birds: bool = knob(False, "bool", "SCORE-3", "Yukdori/bidori with the rain bird as a fourth bird.")
    vip_bonus: int = knob(
        0,
        "int",
        "VAR-VIP",
        "Bonus for the sake cup with the November and December double junk (not counting toward stopping).",
        minimum=0,
        maximum=MAX_POINTS,
    )
    palssari_bonus: int = knob(
        0,
        "int",
        "VAR-PALSSARI",
        "Bonus for all April and July cards (not counting toward stopping).",
        minimum=0,
        maximum=MAX_POINTS,
    )
    go_scheme: Literal["standard", "linear", "blog", "none", "matgo"] = knob(
        "standard",
        "enum",
        "PAY-3, PAY-5",
        "Go chips and go multipliers.",
    )
    go_chips_three_plus: Literal["keep", "drop"] = knob(
        "keep",
        "enum",
        "PAY-3",
        "Keep or drop the two go chips from three goes on (standard scheme).",
    )
    payment_unit: Literal["chips", "shots"] = knob(
        "chips",
        "enum",
        "GEN-5, PAY-2",
        "Chips change hands, or shots are taken.",
    )
    shots_per_points: int | None = knob(
        None,
        "int",
        "PAY-2",
        "Points per shot when payment_unit is shots.",
        minimum=1,
        maximum=MAX_POINTS,
        nullable=True,
    )
    gwang_bak: Literal["double", "plus2", "off"] = knob(
        "double",
        "enum",
        "PAY-6",
        "Penalty for an opponent with no bright when the winner scores brights.",
    )
    gwang_bak_scope: Literal["per_opponent", "all_or_none"] = knob(
        "per_opponent",
        "enum",
        "PAY-6",
        "Gwang-bak per opponent, or only when no opponent has a bright.",
    )
    meong: Literal["dda", "bak", "dda_and_bak", "off"] = knob(
        "dda",
        "enum",
        "PAY-5, PAY-6",
        "Seven-animal doubling: everyone (dda), animal-less opponents (bak), both, or off.",
    )
    pi_bak: bool = knob(
        True,
        "bool",
        "PAY-6",
        "Opponents with too little junk pay double to a junk-scoring winner.",
    )
    pi_bak_protect_min: int = knob(
        5,
        "int",
        "PAY-6",
        "Junk count that protects from pi-bak.",
        minimum=1,
        maximum=MAX_JUNK_COUNT,
    )
    pi_bak_protect_min_two_player: int | None = knob(
        None,
        "int",
        "PAY-6",
        "Junk count that protects from pi-bak in 2-player hands (null = same as pi_bak_protect_min).",
        minimum=1,
        maximum=MAX_JUNK_COUNT,
        nullable=True,
    )
    tti_bak: bool = knob(
        False,
        "bool",
        "PAY-6",
        "Ribbon-less opponents pay double to a ribbon-scoring winner.",
    )
    nagari_multiplier: Literal["cumulative", "single", "off"] = knob(
        "cumulative",
        "enum",
        "MATCH-5",
        "Payment factor after consecutive nagari.",
    )
    nagari_shots: int = knob(
        0,
        "int",
        "GOO-5",
        "Shots each active player takes after a nagari.",
        minimum=0,
        maximum=MAX_SHOTS,
    )
    weol_yak_first_turn: bool = knob(
        False,
        "bool",
        "VAR-WEOLYAK-FIRST",
        "x4 for a winner who took all four cards of a month on the first turn.",
    )
    weol_yak_month: bool = knob(
        False,
        "bool",
        "VAR-WEOLYAK-MONTH",
        "x4 for a winner holding all four cards of a month drawn before the deal.",
    )
    missions: bool = knob(
        False,
        "bool",
        "VAR-MISSION",
        "A random mission per deal multiplies the payment of a winner who completed it.",
    )
    mission_multiplier_range: tuple[int, int] = knob(
        (2, 9),
        "int_pair",
        "VAR-MISSION",
        "Range of the random mission multiplier.",
        minimum=1,
        maximum=MAX_MULTIPLIER,
    )
    first_turn_four_bonus: int = knob(
        0,
        "int",
        "VAR-FIRST-FOUR",
        "Chips per opponent for a ttadak, stack capture, bomb or chok on one's first turn (0 = off).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    baek_hwa_jeom: bool = knob(
        False,
        "bool",
        "VAR-BAEKHWAJEOM",
        "A bright, animal, ribbon and junk captured on one's first turn takes a junk from each opponent.",
    )
    boar: Literal["off", "pot", "first_turn"] = knob(
        "off",
        "enum",
        "VAR-BOAR",
        "Catching the boar (the July animal): off, a pot, or a first-turn payment.",
    )
    boar_ante: int = knob(
        1,
        "int",
        "VAR-BOAR",
        "Chips each active player antes to the boar pot per deal.",
        minimum=1,
        maximum=MAX_CHIPS,
    )
    boar_first_turn_payment: int = knob(
        3,
        "int",
        "VAR-BOAR",
        "Chips per opponent for catching the boar on one's first turn.",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    heodang_turns: int | None = knob(
        None,
        "int",
        "VAR-HEODANG",
        "Consecutive own turns without a capture that win at once (null = off).",
        minimum=2,
        maximum=MAX_TURNS,
        nullable=True,
    )
    heodang_payment: int | Literal["target"] = knob(
        "target",
        "int_or_target",
        "VAR-HEODANG",
        "Chips per opponent for a heodang win (\"target\" = the stop target).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    no_captures_no_pay: bool = knob(
        False,
        "bool",
        "PAY-8",
        "A loser whose capture area is empty pays nothing.",
    )
    dok_bak: bool = knob(True, "bool", "PAY-9, LIAB-1", "One liable loser pays for both (3-player hands).")
    go_bak_two_player: Literal["none", "double"] = knob(
        "none",
        "enum",
        "PAY-6",
        "In 2-player hands a loser who said go pays double.",
    )
    oe_myeon: bool = knob(
        True,
        "bool",
        "LIAB-4",
        "A loser who left the winning card on the layout pays for both.",
    )
    oe_myeon_exceptions: bool = knob(
        True,
        "bool",
        "LIAB-5",
        "The two oe-myeon exceptions (junk-only winner without go; last card).",
    )
    shodang: bool = knob(
        True,
        "bool",
        "LIAB-7",
        "A player may offer to end the hand as a nagari (3-player hands).",
    )
    shodang_eligibility: Literal["any", "no_safe_play", "no_safe_play_each"] = knob(
        "any",
        "enum",
        "LIAB-7",
        "Who may offer shodang.",
    )
    shodang_window: Literal["one_round", "rest_of_hand"] = knob(
        "one_round",
        "enum",
        "LIAB-10",
        "How long a shodang refusal makes the refuser liable.",
    )
    nagari_offer_cancels_go_bak: bool = knob(
        True,
        "bool",
        "LIAB-12",
        "Offering shodang releases the offerer's earlier go-bak.",
    )
    compensation_per_card: int = knob(
        2,
        "int",
        "GWANG-6",
        "Chips per eligible card for a forced gwangpalli drop-out.",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    compensation_timing: Literal["immediate", "end_by_losers"] = knob(
        "immediate",
        "enum",
        "GWANG-7",
        "Who pays gwangpalli compensation, and when.",
    )
    nagari_redeal: Literal["same_three", "all_players"] = knob(
        "same_three",
        "enum",
        "GWANG-10",
        "After a gwangpalli nagari: same three players, or everyone dealt in.",
    )
    four_player_rain_exception: bool = knob(
        True,
        "bool",
        "GWANG-6",
        "With 4 seated, a lone rain bright earns no compensation.",
    )
    seven_player_iris_out: bool = knob(
        False,
        "bool",
        "GWANG-4",
        "With 7 seated, a non-dealer dealt the May animal must drop out.",
    )
    two_player_only: bool = knob(
        False,
        "bool",
        "GEN-7",
        "The rules are for 2 active players only; a 3-player hand or table is refused.",
    )
    pi_bak_zero_exempt: bool = knob(
        False,
        "bool",
        "PAY-14",
        "A loser with no junk at all is exempt from pi-bak.",
    )
    nagari_multiplier_cap: int | None = knob(
        None,
        "int",
        "MATCH-8",
        "Largest nagari carry factor (null = no cap).",
        minimum=2,
        maximum=MAX_MULTIPLIER,
        nullable=True,
    )
    joker_steals_junk: bool = knob(
        False,
        "bool",
        "EVT-13",
        "Capturing a junk-valued joker (a bonus card) takes 1 junk from each opponent, like the boss joker.",
    )
    last_turn_exception_stacks: bool = knob(
        False,
        "bool",
        "EVT-14",
        "The final-turn exception (no sseul, ttadak or chok on the last turn) also covers stack captures and ja-ppuk.",
    )
    surrender_lowest_first: bool = knob(
        False,
        "bool",
        "EVT-15",
        "Debts are paid automatically with the lowest junk values first (no surrender choice).",
    )
    final_turn_auto_stop: bool = knob(
        False,
        "bool",
        "GOSTOP-9",
        "On the final turn a go/stop decision is a stop at once (no go that would end the hand as a nagari).",
    )
    fixed_wins_carry: bool = knob(
        False,
        "bool",
        "PAY-16",
        "The nagari carry multiplies the chongtong, three-ppuk and heodang payments.",
    )
    push_limit: int = knob(
        0,
        "int",
        "VAR-PUSH",
        "Consecutive pushes (milgi): the winner may forgo a hand's settlement to double the next hand's (0 = off).",
        minimum=0,
        maximum=MAX_PUSHES,
    )
    ppuk_streak_payments: bool = knob(
        False,
        "bool",
        "VAR-PPUK-STREAK",
        "A ppuk on each of one's first two or three own turns pays 2x / 3x the first-turn ppuk payment on the 2nd / 3rd.",
    )
    first_turn_ttadak_payment: int = knob(
        0,
        "int",
        "VAR-FIRST-TTADAK",
        "Chips each opponent pays for a ttadak on one's first turn (0 = off).",
        minimum=0,
        maximum=MAX_CHIPS,
    )
    final_turn_no_ppuk: bool = knob(
        False,
        "bool",
        "VAR-FINAL-NO-PPUK",
        "On one's own last turn no ppuk is made: the player takes the three cards of the month.",
    )
    heundeum_needs_clear_month: bool = knob(
        False,
        "bool",
        "VAR-SHAKE-CLEAR",
        "A triple may be shaken only while the layout holds no card of its month.",
    )
    preset: str = field(default=DEFAULT_PRESET, compare=False)

    def __post_init__(self) -> None:
        for knob in _KNOB_LIST:
            value = knob.check(getattr(self, knob.name))
            object.__setattr__(self, knob.name, value)
        if self.preset not in _PRESET_OVERRIDES:
            raise RulesError(f"unknown preset {clip(self.preset)}{_did_you_mean(self.preset, PRESET_NAMES)}")
        for check in _CONTRADICTIONS:
            clash = check(self)
            if clash:
                raise RulesError(f"contradictory rules: {clash.problem}", clash.knobs,
                                 ("clash", {"knobs": clash.knobs, "clash": clash.kind, **clash.facts}))

    # -- access ---------------------------------------------------------------------------

    def knobs(self) -> dict[str, Any]:
        """Every knob and its value, in RULES.md order (tuples shown as lists)."""
        return {k: _plain(getattr(self, k)) for k in KNOBS}

    def items(self) -> Iterator[tuple[str, Any]]:
        return iter(self.knobs().items())

    def check_players(self, players: int) -> None:
        """GEN-7: raise :class:`RulesError` when these rules are not played by ``players``
        active players (``two_player_only`` refuses anything but 2)."""
        if self.two_player_only and players != 2:
            raise RulesError(
                f"the {self.preset} rules are for 2 players only, not {clip(players)}; "
                "play it with 2 players or pick another preset (gostop rules list)",
                ("two_player_only",),
            )

    def stop_target(self, players: int) -> int:
        """GOSTOP-1: the stop target of a hand with ``players`` active players."""
        return self.stop_target_two_player if players == 2 else self.stop_target_three_player

    def with_overrides(self, overrides: Mapping[str, Any] | None = None, **kw: Any) -> Rules:
        """A copy with some knobs changed (keeps :attr:`preset`). Raises :class:`RulesError`."""
        changes = dict(overrides or {}, **kw)
        _check_names(changes)
        return dataclasses.replace(self, **{k: _frozen(v) for k, v in changes.items()})

    def overrides(self) -> dict[str, Any]:
        """Knobs that differ from the base preset :attr:`preset`."""
        base = PRESETS[self.preset].knobs()
        return {k: v for k, v in self.knobs().items() if base[k] != v}

    @functools.cached_property
    def _override_items(self) -> tuple[tuple[str, Any], ...]:
        # Rules are immutable, so the overrides are computed once (observations ask every call).
        return tuple(self.overrides().items())

    def to_dict(self) -> dict[str, Any]:
        """``{"preset": ..., "overrides": {...}}``: the compact JSON form used by records."""
        return {"preset": self.preset, "overrides": dict(self._override_items)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; also accepts knobs at top level beside ``preset``."""
        if not isinstance(data, Mapping):
            raise RulesError("rules must be an object with 'preset' and 'overrides'")
        rest = {k: v for k, v in data.items() if k not in ("preset", "overrides")}
        overrides = data.get("overrides") or {}
        if not isinstance(overrides, Mapping):
            raise RulesError("'overrides' must be an object mapping knob names to values")
        preset = data.get("preset", DEFAULT_PRESET)
        if not isinstance(preset, str):
            raise RulesError("'preset' must be a preset name")
        return make_rules(preset, {**rest, **overrides})


def _declared_knobs() -> tuple[Knob, ...]:
    """The knobs as :class:`Rules` declares them, in RULES.md section 4 order (the field order);
    an ``enum`` knob's choices are its ``Literal`` type's values."""
    hints = typing.get_type_hints(Rules)
    out = []
    for f in dataclasses.fields(Rules):
        if "knob" not in f.metadata:
            continue
        kind, rule, meaning, kw = f.metadata["knob"]
        if kind == "enum":
            kw = {**kw, "choices": tuple(
                v for arg in typing.get_args(hints[f.name]) for v in typing.get_args(arg) or (arg,)
                if v is not None and v is not type(None)
            )}
        out.append(Knob(name=f.name, kind=kind, rule=rule, meaning=meaning, **kw))
    return tuple(out)


# Every knob of RULES.md section 4, in its order, from the one declaration in Rules.
_KNOB_LIST: tuple[Knob, ...] = _declared_knobs()
KNOBS: dict[str, Knob] = {k.name: k for k in _KNOB_LIST}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _close(name: str, options: Any) -> str | None:
    """The option ``name`` is likely a slip for, or None."""
    if not isinstance(name, str) or len(name) > 100:
        return None
    close = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    return close[0] if close else None


def _did_you_mean(name: str, options: Any) -> str:
    close = _close(name, options)
    return f" (did you mean {close!r}?)" if close else ""


def _check_names(changes: Mapping[str, Any]) -> None:
    for name in changes:
        if name not in KNOBS:
            raise RulesError(
                f"unknown knob {clip(name)}{_did_you_mean(name, KNOBS)}; `gostop rules show pagat` lists the knobs",
                (str(name)[:60],),
                ("unknown_knob", {"name": clip(name), "close": _close(name, KNOBS)}),
            )


# -- contradictory combinations ------------------------------------------------------------

_SHOT_KNOBS = ("first_turn_ppuk_yell", "no_junk_shot", "ja_ppuk_shot")


@dataclass(frozen=True)
class _Clash:
    """A contradiction found, for :class:`RulesError`: ``kind``, the check's stable id (the
    reason's ``clash``); ``problem``, the sentence for people (English); ``knobs``, the knobs of
    the clash as data (the knobs to change first, then those they clash with), for
    :attr:`RulesError.knobs`; ``facts``, the values ``problem`` names, for a face to say it in
    its own language (:func:`gostop.words.options.rules_refused`)."""

    kind: str
    problem: str
    knobs: tuple[str, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)


def _shots_need_rate(r: Rules) -> _Clash | None:
    # PAY-2: a settlement in shots is floor(P / shots_per_points); without the rate it has none.
    if r.payment_unit == "shots" and r.shots_per_points is None:
        return _Clash("shots_need_rate", "payment_unit = \"shots\" needs shots_per_points (e.g. 5)",
                      ("payment_unit", "shots_per_points"))
    return None


def _shot_knobs_need_shots(r: Rules) -> _Clash | None:
    # GOO-5, GOO-10, GOO-12, GOO-13, GOO-14: the shots of goo-stupe are taken only at a table
    # paid in shots (GEN-5). Facts: ``on``, the shot knobs that are on.
    if r.payment_unit == "shots":
        return None
    on = [k for k in _SHOT_KNOBS if getattr(r, k)]
    if r.joker_shot is not None:
        on.append("joker_shot")
    if r.nagari_shots:
        on.append("nagari_shots")
    if on:
        return _Clash("shot_knobs_need_shots",
                      f"{', '.join(on)} only apply with payment_unit = \"shots\" (payment_unit is \"chips\")",
                      (*on, "payment_unit"), {"on": tuple(on)})
    return None


def _cap_below_target(r: Rules) -> _Clash | None:
    # SCORE-11 caps the points below a stop target (GOSTOP-1): nobody could stop. Facts:
    # ``score_cap`` and ``target``, the higher stop target.
    if r.score_cap is None:
        return None
    target = max(r.stop_target_two_player, r.stop_target_three_player)
    if r.score_cap < target:
        above = tuple(k for k in ("stop_target_two_player", "stop_target_three_player") if getattr(r, k) > r.score_cap)
        return _Clash("cap_below_target",
                      f"score_cap {r.score_cap} is below a stop target ({target}): nobody could ever stop",
                      ("score_cap", *above), {"score_cap": r.score_cap, "target": target})
    return None


def _two_first_turn_ppuk_rewards(r: Rules) -> _Clash | None:
    # EVT-10 (a payment for a first-turn ppuk) and GOO-14 (a yell for it) reward the same ppuk.
    if r.payment_unit == "shots" and r.first_turn_ppuk_payment and r.first_turn_ppuk_yell:
        return _Clash("two_first_turn_ppuk_rewards",
                      "first_turn_ppuk_payment and first_turn_ppuk_yell both reward a first-turn ppuk; set one to off",
                      ("first_turn_ppuk_payment", "first_turn_ppuk_yell"))
    return None


def _target_chips_need_chips(r: Rules) -> _Clash | None:
    # MATCH-1 ends a match when a player's net chips reach the target; at a table paid in shots
    # (GEN-5, GOO-1) shots are taken, never passed between players, so no net result is ever
    # "up" and the match could never end. Counting shots instead would be a rule no seed has
    # (GOO-21: play lasts as long as the players wish), so the combination is refused. Facts:
    # ``match_target_chips``.
    if r.payment_unit == "shots" and r.match_target_chips is not None:
        return _Clash("target_chips_need_chips", (
            f"match_target_chips = {r.match_target_chips} needs payment_unit = \"chips\": shots are taken, "
            "not won (GOO-1), so nobody is ever chips up and the match would never end (MATCH-1); "
            "set match_target_chips = null (match_hands sets the length)"
        ), ("match_target_chips", "payment_unit"), {"match_target_chips": r.match_target_chips})
    return None


def _boar_pot_needs_chips(r: Rules) -> _Clash | None:
    # VAR-BOAR pot: every active player antes boar_ante chips and the capturer of 07A takes
    # the pot. Shots cannot be put in a pot or won (GOO-1), so the pot has no shots reading;
    # boar = "first_turn" is a fixed payment (PAY-12) and is taken as shots like the others.
    if r.payment_unit == "shots" and r.boar == "pot":
        return _Clash("boar_pot_needs_chips", (
            "boar = \"pot\" needs payment_unit = \"chips\": the pot antes chips (VAR-BOAR) and shots "
            "cannot be put in a pot or won (GOO-1); use boar = \"first_turn\" or \"off\""
        ), ("boar", "payment_unit"))
    return None


def _push_needs_chips(r: Rules) -> _Clash | None:
    # VAR-PUSH forgoes a settlement to double the next one; a shots settlement has no factors
    # (PAY-2: nothing after the shots applies), so no push can ever be offered. Facts:
    # ``push_limit``.
    if r.payment_unit == "shots" and r.push_limit:
        return _Clash("push_needs_chips", (
            f"push_limit = {r.push_limit} needs payment_unit = \"chips\": a push doubles the next "
            "settlement and a settlement in shots is never doubled (PAY-2); set push_limit = 0"
        ), ("push_limit", "payment_unit"), {"push_limit": r.push_limit})
    return None


_CONTRADICTIONS: tuple[Callable[[Rules], _Clash | None], ...] = (
    _shots_need_rate,
    _shot_knobs_need_shots,
    _cap_below_target,
    _two_first_turn_ppuk_rewards,
    _target_chips_need_chips,
    _boar_pot_needs_chips,
    _push_needs_chips,
)


# -- presets (RULES.md section 5) ----------------------------------------------------------

_PRESET_OVERRIDES: dict[str, dict[str, Any]] = {
    "pagat": {},
    "pagat-classic": {
        "first_dealer": "lot",
        "match_hands": None,
        "ja_ppuk_junk": 1,
        "bomb_after_heundeum": True,
        "oe_myeon_exceptions": False,
        "shodang_window": "rest_of_hand",
    },
    "fuda-wiki": {
        "deal_order": "fuda",
        "chongtong": "optional",
        "chongtong_payment": "target",
        "chongtong_tie": "nagari",
        "go_decision_trigger": "improved",
        "bomb_after_heundeum": True,
        "bomb_multiplier": 2,
        "bomb_steals_junk": True,
        "joker_hand_mode": "reveal_replace",
        "mission_multiplier_range": (2, 8),
        "no_captures_no_pay": True,
        "go_bak_two_player": "double",
        "oe_myeon": False,
        "shodang_eligibility": "no_safe_play",
        "shodang_window": "rest_of_hand",
        "nagari_offer_cancels_go_bak": False,
    },
    "blog": {
        "first_dealer": "lot",
        "ja_ppuk_window": "previous_turn",
        "bomb_skip_timing": "next_two",
        "go_scheme": "blog",
        "gwang_bak_scope": "all_or_none",
        "pi_bak_protect_min": 6,
    },
    "goo-stupe": {
        "jokers": ("JK1",) + tuple(f"JK1-{n}" for n in range(2, 23)),
        "uniform_joker_value": 1,
        "flex_junk_value": 1,
        "junk_value_11D": 1,
        "junk_value_12D": 0,
        "multi_player_mode": "rotation",
        "max_players": None,
        "match_hands": None,
        "first_dealer": "oldest",
        "chongtong_payment": 1,
        "stop_target_two_player": 5,
        "stop_target_three_player": 5,
        "score_cap": 15,
        "last_turn_exception": False,
        "first_turn_ppuk_payment": 0,
        "first_turn_ppuk_yell": True,
        "three_ppuk_payment": 3,
        "no_junk_shot": True,
        "ja_ppuk_shot": True,
        "joker_shot": "hand_opponents_stock_self",
        "bomb_allowed": False,
        "heundeum_multiplier": 1,
        "heundeum_nov_dec_multiplier": 1,
        "go_scheme": "none",
        "payment_unit": "shots",
        "shots_per_points": 5,
        "gwang_bak": "off",
        "meong": "off",
        "pi_bak": False,
        "nagari_multiplier": "off",
        "nagari_shots": 1,
        "dok_bak": False,
        "oe_myeon": False,
        "shodang": False,
    },
    # Matgo (맞고): the 2-player game of the big Korean online rooms, as the public engines
    # kywoo26/p2p-gostop (docs/rules-vectors.md) and itsent-lab/hwatu (docs/game-rules.md)
    # read it; docs/rules.md lists where the two differ and which reading is kept.
    "matgo": {
        "jokers": ("JK2", "JK2-2", "JK3"),  # 51 cards: two bonus cards worth 2 junk, one worth 3
        "first_dealer": "draw_day",
        "four_on_table": "nagari",
        "chongtong": "optional",
        "chongtong_payment": 10,
        "chongtong_tie": "nagari",
        "first_turn_ppuk_payment": 7,
        "three_ppuk_payment": 7,
        "bomb_multiplier": 2,
        "bomb_steals_junk": True,
        "heundeum_must_play": True,
        "joker_hand_mode": "reveal_replace",
        "joker_stays_with_ppuk": True,
        "go_scheme": "matgo",
        "pi_bak_protect_min_two_player": 8,
        "dok_bak": False,
        "go_bak_two_player": "double",
        "oe_myeon": False,
        "shodang": False,
        "two_player_only": True,
        "pi_bak_zero_exempt": True,
        "nagari_multiplier_cap": 8,
        "joker_steals_junk": True,
        "last_turn_exception_stacks": True,
        "surrender_lowest_first": True,
        "final_turn_auto_stop": True,
        "fixed_wins_carry": True,
    },
}

#: The presets in the order they are offered: the default first, the parody last.
PRESET_NAMES: tuple[str, ...] = tuple(sorted(_PRESET_OVERRIDES, key=lambda name: name == "goo-stupe"))

PRESET_DESCRIPTIONS: dict[str, str] = {
    "pagat": "pagat.com's current rules (the default)",
    "pagat-classic": "the older pagat.com page",
    "fuda-wiki": "the Fuda wiki rules",
    "blog": "a blog retelling of pagat",
    "goo-stupe": "the 'Goo Stupe' parody drinking game, played for shots",
    "matgo": "Matgo (맞고), the 2-player game of the Korean online rooms",
}

PRESETS: dict[str, Rules] = {
    name: Rules(**_PRESET_OVERRIDES[name], preset=name) for name in PRESET_NAMES
}


def get_preset(name: str) -> Rules:
    """The preset called ``name``. Raises :class:`RulesError` with a did-you-mean."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            f"unknown preset {clip(name)}{_did_you_mean(name, PRESET_NAMES)}; presets: {', '.join(PRESET_NAMES)}"
        ) from None


def make_rules(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset with overrides applied. Raises :class:`RulesError`."""
    return get_preset(preset).with_overrides(overrides or {})


def rules_diff(a: Rules, b: Rules) -> list[tuple[str, Any, Any]]:
    """Knobs whose values differ: ``[(knob, value_in_a, value_in_b), ...]`` in RULES.md order."""
    ka, kb = a.knobs(), b.knobs()
    return [(k, ka[k], kb[k]) for k in KNOBS if ka[k] != kb[k]]


# -- TOML ---------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if value is None:
        raise ValueError("null has no TOML form")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def rules_to_toml(rules: Rules, full: bool = True) -> str:
    """TOML text: ``preset = "..."`` then every knob (``full``) or only the overrides.

    TOML has no null: a knob whose value is null is written as a comment
    (``# knob = null``), and a missing knob is read back as the preset's value. When a
    preset's value is not null but the rules' value is, the value ``"null"`` (a string) is
    written, which :func:`rules_from_toml` reads as null.
    """
    base = PRESETS[rules.preset].knobs()
    lines = [
        "# gostop rules (see docs/rules.md for every knob)",
        f"preset = {_toml_value(rules.preset)}",
        "",
    ]
    for name, value in rules.knobs().items():
        if not full and base[name] == value:
            continue
        knob = KNOBS[name]
        comment = f"  # {knob.rule}"
        if value is None:
            if base[name] is None:
                lines.append(f"# {name} = null{comment}")
            else:
                lines.append(f'{name} = "null"{comment}')
        else:
            lines.append(f"{name} = {_toml_value(value)}{comment}")
    return "\n".join(lines) + "\n"


def rules_from_toml(text: str) -> Rules:
    """Parse TOML written by :func:`rules_to_toml` (or by hand). Raises :class:`RulesError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesError(nesting_message("the TOML")) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise RulesError(f"not valid TOML: {clip(str(exc), 120)}") from None
    if nesting_depth(data, MAX_NESTING) > MAX_NESTING:
        raise RulesError(nesting_message("the TOML"))
    overrides = data.pop("overrides", {})
    if not isinstance(overrides, dict):
        raise RulesError("[overrides] must be a table of knob = value")
    data.update(overrides)
    preset = data.pop("preset", DEFAULT_PRESET)
    if not isinstance(preset, str):
        raise RulesError("'preset' must be a string naming a preset")
    cleaned = {k: (None if v == "null" and KNOBS.get(k) is not None and KNOBS[k].nullable else v) for k, v in data.items()}
    return make_rules(preset, cleaned)


def load_rules(path: str) -> Rules:
    """Read rules from a TOML file. Raises :class:`RulesError` (also for unreadable files)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise RulesError(f"cannot read rules file {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RulesError(f"cannot read rules file {path!r}: not UTF-8 text") from None
    try:
        return rules_from_toml(text)
    except RulesError as exc:
        raise RulesError(f"{path}: {exc}", exc.knobs) from None


def save_rules(rules: Rules, path: str, full: bool = True) -> None:
    """Write rules to a TOML file."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(rules_to_toml(rules, full=full))


def parse_knob_value(text: str, where: str = "the --set value") -> Any:
    """One knob value as people write it: a TOML value, ``null``, or else the bare text as a
    string (``5``, ``true``, ``"linear"``, ``[2, 8]``, ``linear``).

    Raises:
        RulesError: a value nested more than ``MAX_NESTING`` levels deep, or a number too long
            to read (more than 4300 digits).
    """
    stripped = text.strip()
    if stripped == "null":
        return None
    try:
        value = tomllib.loads(f"value = {stripped}")["value"]
    except tomllib.TOMLDecodeError:
        return stripped
    except RecursionError:
        raise RulesError(nesting_message(where)) from None
    except ValueError:
        raise RulesError(f"{where} {clip(stripped)} is not a number gostop can read") from None
    if nesting_depth(value, MAX_NESTING) > MAX_NESTING:
        raise RulesError(nesting_message(where))
    return value
