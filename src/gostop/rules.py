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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gostop.cards import CardCodeError, deck_cards
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


class RulesError(ValueError):
    """An invalid rules configuration (message names the knob and what is allowed)."""


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
            raise RulesError(f"knob {self.name!r} cannot be null; allowed: {self.allowed}")
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
            raise RulesError(f"knob {self.name!r}: {_shown(value)} is not allowed{hint}; allowed: {self.allowed}")
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
                raise RulesError(f"knob 'jokers': {_cut(str(exc))}") from None
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
                    f"knob {self.name!r}: [{clip(lo)}, {clip(hi)}] is out of range; allowed: {self.allowed}"
                )
            return (lo, hi)
        return self._check_int(value)

    def _check_int(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._type_error(value, self.allowed)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise RulesError(f"knob {self.name!r}: {clip(value)} is out of range; allowed: {self.allowed}")
        return value

    def _type_error(self, value: Any, expected: str) -> RulesError:
        return RulesError(
            f"knob {self.name!r}: wrong type {type(value).__name__} ({_shown(value)}); expected {expected}"
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


def _k(name: str, kind: str, rule: str, meaning: str, **kw: Any) -> Knob:
    return Knob(name=name, kind=kind, rule=rule, meaning=meaning, **kw)


# Every knob of RULES.md section 4, in its order. Defaults live in the Rules dataclass (= pagat).
_KNOB_LIST: tuple[Knob, ...] = (
    _k("jokers", "jokers", "DECK-1", "Jokers in the deck besides the 48 month cards."),
    _k("uniform_joker_value", "int", "SCORE-7", "Every joker is a plain junk card of this value, with no other effect.", minimum=0, maximum=3, nullable=True),
    _k("flex_card", "flex_card", "SCORE-8", "The card counted either as an animal or as junk (the sake cup).", choices=("09A", "05A"), nullable=True),
    _k("flex_junk_value", "int", "SCORE-7", "Junk value of the flex card when counted as junk.", minimum=1, maximum=3),
    _k("junk_value_11D", "int", "SCORE-7", "Junk value of the coloured paulownia double junk 11D.", minimum=0, maximum=3),
    _k("junk_value_12D", "int", "SCORE-7", "Junk value of the lightning double junk 12D.", minimum=0, maximum=3),
    _k("sake_cup_choice", "enum", "SCORE-8", "How the winner's flex card is classed at settlement.", choices=("max_payment", "max_points")),
    _k("multi_player_mode", "enum", "GWANG-1, GOO-17", "How tables of more than 3 seated players choose the 3 active players.", choices=("gwangpalli", "rotation")),
    _k("max_players", "int", "GWANG-1", "Most seated players at a table.", minimum=4, maximum=7, nullable=True),
    _k("match_hands", "int", "MATCH-1", "Hands in a match (12 = a year); null = open-ended.", minimum=1, maximum=MAX_MATCH_HANDS, nullable=True),
    _k("match_target_chips", "int", "MATCH-1", "End the match after the hand in which a player is this many chips up.", minimum=1, maximum=MAX_TARGET_CHIPS, nullable=True),
    _k("first_dealer", "enum", "MATCH-3", "How the first dealer is chosen.", choices=("lot", "draw_night", "draw_day", "oldest")),
    _k("nagari_limit", "int", "MATCH-6", "Consecutive nagari that trigger nagari_limit_action; null = no limit.", minimum=1, maximum=MAX_TURNS, nullable=True),
    _k("nagari_limit_action", "enum", "MATCH-6", "What happens at the nagari limit.", choices=("end_match", "reset_carry")),
    _k("deal_order", "enum", "DEAL-2", "Packet order of the deal (players first, or layout first).", choices=("pagat", "fuda")),
    _k("four_on_table", "enum", "DEAL-6", "Four cards of a month dealt to the layout.", choices=("redeal", "dealer_chongtong", "nagari")),
    _k("chongtong", "enum", "DEAL-7", "Whether four of a month in hand must be declared (instant win).", choices=("mandatory", "optional")),
    _k("chongtong_payment", "int_or_target", "DEAL-7", "Chips each opponent pays for a chongtong (\"target\" = the stop target).", minimum=0, maximum=MAX_CHIPS),
    _k("chongtong_tie", "enum", "DEAL-8", "Two or more active players hold a quad.", choices=("void", "nagari", "dealer_first", "higher_month")),
    _k("stop_target_two_player", "int", "GOSTOP-1", "Stop points needed to stop in a 2-player hand.", minimum=1, maximum=MAX_POINTS),
    _k("stop_target_three_player", "int", "GOSTOP-1", "Stop points needed to stop in a 3-player hand.", minimum=1, maximum=MAX_POINTS),
    _k("score_cap", "int", "SCORE-11", "Points above this are ignored; null = no cap.", minimum=1, maximum=MAX_POINTS, nullable=True),
    _k("go_decision_trigger", "enum", "GOSTOP-2", "When a player who reached the target is asked go or stop again.", choices=("above_last_go", "improved")),
    _k("last_turn_exception", "bool", "EVT-6", "Sseul, ttadak and chok create no junk debt on the final turn."),
    _k("ja_ppuk_junk", "int", "EVT-5", "Junk each opponent owes for a ja-ppuk (1 disables ja-ppuk).", minimum=1, maximum=3),
    _k("ja_ppuk_window", "enum", "EVT-5", "Which own ppuk stacks give ja-ppuk when captured.", choices=("any_previous", "previous_turn")),
    _k("first_turn_ppuk_payment", "int", "EVT-10", "Chips each opponent pays for a ppuk on one's first turn (0 = off).", minimum=0, maximum=MAX_CHIPS),
    _k("first_turn_ppuk_yell", "bool", "GOO-14", "Opponents must shout after a first-turn ppuk or take a shot."),
    _k("three_ppuk_payment", "int", "EVT-11", "Chips each opponent pays when a player makes a third ppuk (0 = rule off).", minimum=0, maximum=MAX_CHIPS),
    _k("no_junk_shot", "bool", "GOO-12", "A debtor with no junk card takes a shot instead."),
    _k("ja_ppuk_shot", "bool", "GOO-13", "A ja-ppuk also makes each opponent take a shot."),
    _k("joker_shot", "enum", "GOO-10", "Who takes a shot when a joker is played from hand / turned from the stock.", choices=("hand_opponents_stock_self", "hand_self_stock_opponents"), nullable=True),
    _k("bomb_allowed", "bool", "BOMB-1", "Whether bombs (three of a month played onto the fourth) are allowed."),
    _k("bomb_after_heundeum", "bool", "BOMB-1", "A triple declared as heundeum may still be bombed."),
    _k("bomb_multiplier", "int", "PAY-5", "Payment factor per bomb the winner played.", minimum=1, maximum=MAX_MULTIPLIER),
    _k("bomb_steals_junk", "bool", "EVT-8", "A bomb takes one junk card from each opponent."),
    _k("bomb_compensation", "enum", "BOMB-3", "How the bomber makes up for the two missing hand cards.", choices=("skip_two", "draw_three")),
    _k("bomb_skip_timing", "enum", "BOMB-3", "When the two stock-only turns after a bomb may be used.", choices=("any_later", "next_two")),
    _k("grenade", "enum", "VAR-GRENADE", "Kongaltan: two in hand onto the two on the layout.", choices=("off", "move_only", "steal", "as_bomb")),
    _k("heundeum_multiplier", "int", "SHAKE-2", "Payment factor per declared heundeum.", minimum=1, maximum=MAX_MULTIPLIER),
    _k("heundeum_nov_dec_multiplier", "int", "SHAKE-2", "Payment factor for a declared November or December triple.", minimum=1, maximum=MAX_MULTIPLIER),
    _k("heundeum_must_play", "bool", "SHAKE-3", "A declared card must be played on the declaring turn."),
    _k("joker_hand_mode", "enum", "JOKER-1, JOKER-4", "How a joker in hand is used.", choices=("substitute", "reveal_replace")),
    _k("joker_stays_with_ppuk", "bool", "JOKER-3", "A joker turned over a pending pair joins it (and a ppuk stack)."),
    _k("four_brights_with_rain_points", "int", "SCORE-1", "Points for four brights including the rain bright.", minimum=0, maximum=MAX_POINTS),
    _k("godori_points", "int", "SCORE-3", "Points for godori (the three birds).", minimum=0, maximum=MAX_POINTS),
    _k("four_birds", "bool", "SCORE-3", "Yukdori/bidori with the rain bird as a fourth bird."),
    _k("vip_bonus", "int", "VAR-VIP", "Bonus for 09A + 11D + 12D (not counting toward stopping).", minimum=0, maximum=MAX_POINTS),
    _k("palssari_bonus", "int", "VAR-PALSSARI", "Bonus for all April and July cards (not counting toward stopping).", minimum=0, maximum=MAX_POINTS),
    _k("go_scheme", "enum", "PAY-3, PAY-5", "Go chips and go multipliers.", choices=("standard", "linear", "blog", "none", "matgo")),
    _k("go_chips_three_plus", "enum", "PAY-3", "Keep or drop the two go chips from three goes on (standard scheme).", choices=("keep", "drop")),
    _k("payment_unit", "enum", "GEN-5, PAY-2", "Chips change hands, or shots are taken.", choices=("chips", "shots")),
    _k("shots_per_points", "int", "PAY-2", "Points per shot when payment_unit is shots.", minimum=1, maximum=MAX_POINTS, nullable=True),
    _k("gwang_bak", "enum", "PAY-6", "Penalty for an opponent with no bright when the winner scores brights.", choices=("double", "plus2", "off")),
    _k("gwang_bak_scope", "enum", "PAY-6", "Gwang-bak per opponent, or only when no opponent has a bright.", choices=("per_opponent", "all_or_none")),
    _k("meong", "enum", "PAY-5, PAY-6", "Seven-animal doubling: everyone (dda), animal-less opponents (bak), both, or off.", choices=("dda", "bak", "dda_and_bak", "off")),
    _k("pi_bak", "bool", "PAY-6", "Opponents with too little junk pay double to a junk-scoring winner."),
    _k("pi_bak_protect_min", "int", "PAY-6", "Junk count that protects from pi-bak.", minimum=1, maximum=MAX_JUNK_COUNT),
    _k("pi_bak_protect_min_two_player", "int", "PAY-6", "Junk count that protects from pi-bak in 2-player hands (null = same as pi_bak_protect_min).", minimum=1, maximum=MAX_JUNK_COUNT, nullable=True),
    _k("tti_bak", "bool", "PAY-6", "Ribbon-less opponents pay double to a ribbon-scoring winner."),
    _k("nagari_multiplier", "enum", "MATCH-5", "Payment factor after consecutive nagari.", choices=("cumulative", "single", "off")),
    _k("nagari_shots", "int", "GOO-5", "Shots each active player takes after a nagari.", minimum=0, maximum=MAX_SHOTS),
    _k("weol_yak_first_turn", "bool", "VAR-WEOLYAK-FIRST", "x4 for a winner who took all four cards of a month on the first turn."),
    _k("weol_yak_month", "bool", "VAR-WEOLYAK-MONTH", "x4 for a winner holding all four cards of a month drawn before the deal."),
    _k("missions", "bool", "VAR-MISSION", "A random mission per deal multiplies the payment of a winner who completed it."),
    _k("mission_multiplier_range", "int_pair", "VAR-MISSION", "Range of the random mission multiplier.", minimum=1, maximum=MAX_MULTIPLIER),
    _k("first_turn_four_bonus", "int", "VAR-FIRST-FOUR", "Chips per opponent for a ttadak, stack capture, bomb or chok on one's first turn (0 = off).", minimum=0, maximum=MAX_CHIPS),
    _k("baek_hwa_jeom", "bool", "VAR-BAEKHWAJEOM", "A bright, animal, ribbon and junk captured on one's first turn takes a junk from each opponent."),
    _k("boar", "enum", "VAR-BOAR", "Catching the boar 07A: off, a pot, or a first-turn payment.", choices=("off", "pot", "first_turn")),
    _k("boar_ante", "int", "VAR-BOAR", "Chips each active player antes to the boar pot per deal.", minimum=1, maximum=MAX_CHIPS),
    _k("boar_first_turn_payment", "int", "VAR-BOAR", "Chips per opponent for catching the boar on one's first turn.", minimum=0, maximum=MAX_CHIPS),
    _k("heodang_turns", "int", "VAR-HEODANG", "Consecutive own turns without a capture that win at once (null = off).", minimum=2, maximum=MAX_TURNS, nullable=True),
    _k("heodang_payment", "int_or_target", "VAR-HEODANG", "Chips per opponent for a heodang win (\"target\" = the stop target).", minimum=0, maximum=MAX_CHIPS),
    _k("no_captures_no_pay", "bool", "PAY-8", "A loser whose capture area is empty pays nothing."),
    _k("dok_bak", "bool", "PAY-9, LIAB-1", "One liable loser pays for both (3-player hands)."),
    _k("go_bak_two_player", "enum", "PAY-6", "In 2-player hands a loser who said go pays double.", choices=("none", "double")),
    _k("oe_myeon", "bool", "LIAB-4", "A loser who left the winning card on the layout pays for both."),
    _k("oe_myeon_exceptions", "bool", "LIAB-5", "The two oe-myeon exceptions (junk-only winner without go; last card)."),
    _k("shodang", "bool", "LIAB-7", "A player may offer to end the hand as a nagari (3-player hands)."),
    _k("shodang_eligibility", "enum", "LIAB-7", "Who may offer shodang.", choices=("any", "no_safe_play", "no_safe_play_each")),
    _k("shodang_window", "enum", "LIAB-10", "How long a shodang refusal makes the refuser liable.", choices=("one_round", "rest_of_hand")),
    _k("nagari_offer_cancels_go_bak", "bool", "LIAB-12", "Offering shodang releases the offerer's earlier go-bak."),
    _k("compensation_per_card", "int", "GWANG-6", "Chips per eligible card for a forced gwangpalli drop-out.", minimum=0, maximum=MAX_CHIPS),
    _k("compensation_timing", "enum", "GWANG-7", "Who pays gwangpalli compensation, and when.", choices=("immediate", "end_by_losers")),
    _k("nagari_redeal", "enum", "GWANG-10", "After a gwangpalli nagari: same three players, or everyone dealt in.", choices=("same_three", "all_players")),
    _k("four_player_rain_exception", "bool", "GWANG-6", "With 4 seated, a lone rain bright earns no compensation."),
    _k("seven_player_iris_out", "bool", "GWANG-4", "With 7 seated, a non-dealer dealt 05A must drop out."),
    # Knobs added after RULES.md (the Matgo preset, issue 19): their rule IDs are new and are
    # described in docs/rules.md ("Rules added after RULES.md", gostop.rules_doc.ADDED_RULES).
    _k("two_player_only", "bool", "GEN-7", "The rules are for 2 active players only; a 3-player hand or table is refused."),
    _k("pi_bak_zero_exempt", "bool", "PAY-14", "A loser with no junk at all is exempt from pi-bak."),
    _k("nagari_multiplier_cap", "int", "MATCH-8", "Largest nagari carry factor (null = no cap).", minimum=2, maximum=MAX_MULTIPLIER, nullable=True),
    _k("joker_steals_junk", "bool", "EVT-13", "Capturing a junk-valued joker (a bonus card) takes 1 junk from each opponent, like the boss joker."),
    _k("last_turn_exception_stacks", "bool", "EVT-14", "The final-turn exception of EVT-6 also covers stack captures and ja-ppuk."),
    _k("surrender_lowest_first", "bool", "EVT-15", "Debts are paid automatically with the lowest junk values first (no surrender choice)."),
    _k("final_turn_auto_stop", "bool", "GOSTOP-9", "On the final turn a go/stop decision is a stop at once (no go that would end the hand as a nagari)."),
    _k("fixed_wins_carry", "bool", "PAY-16", "The nagari carry (MATCH-5, MATCH-8) multiplies the chongtong, three-ppuk and heodang payments."),
    _k("push_limit", "int", "VAR-PUSH", "Consecutive pushes (milgi): the winner may forgo a hand's settlement to double the next hand's (0 = off).", minimum=0, maximum=MAX_PUSHES),
)

KNOBS: dict[str, Knob] = {k.name: k for k in _KNOB_LIST}


@dataclass(frozen=True)
class Rules:
    """A complete, validated rules configuration (every knob of RULES.md section 4).

    Field defaults are the ``pagat`` preset. ``preset`` names the preset the value was built
    from; it is not a knob and does not take part in equality. Use :func:`make_rules` or
    :meth:`with_overrides` rather than the constructor for readable errors on unknown knobs.
    """

    jokers: tuple[str, ...] = ("JK2", "JK3")
    uniform_joker_value: int | None = None
    flex_card: str | None = "09A"
    flex_junk_value: int = 2
    junk_value_11D: int = 2
    junk_value_12D: int = 2
    sake_cup_choice: str = "max_payment"
    multi_player_mode: str = "gwangpalli"
    max_players: int | None = 7
    match_hands: int | None = 12
    match_target_chips: int | None = None
    first_dealer: str = "draw_night"
    nagari_limit: int | None = None
    nagari_limit_action: str = "end_match"
    deal_order: str = "pagat"
    four_on_table: str = "redeal"
    chongtong: str = "mandatory"
    chongtong_payment: int | str = 5
    chongtong_tie: str = "void"
    stop_target_two_player: int = 7
    stop_target_three_player: int = 3
    score_cap: int | None = None
    go_decision_trigger: str = "above_last_go"
    last_turn_exception: bool = True
    ja_ppuk_junk: int = 2
    ja_ppuk_window: str = "any_previous"
    first_turn_ppuk_payment: int = 3
    first_turn_ppuk_yell: bool = False
    three_ppuk_payment: int = 5
    no_junk_shot: bool = False
    ja_ppuk_shot: bool = False
    joker_shot: str | None = None
    bomb_allowed: bool = True
    bomb_after_heundeum: bool = False
    bomb_multiplier: int = 1
    bomb_steals_junk: bool = False
    bomb_compensation: str = "skip_two"
    bomb_skip_timing: str = "any_later"
    grenade: str = "off"
    heundeum_multiplier: int = 2
    heundeum_nov_dec_multiplier: int = 2
    heundeum_must_play: bool = False
    joker_hand_mode: str = "substitute"
    joker_stays_with_ppuk: bool = False
    four_brights_with_rain_points: int = 4
    godori_points: int = 5
    four_birds: bool = False
    vip_bonus: int = 0
    palssari_bonus: int = 0
    go_scheme: str = "standard"
    go_chips_three_plus: str = "keep"
    payment_unit: str = "chips"
    shots_per_points: int | None = None
    gwang_bak: str = "double"
    gwang_bak_scope: str = "per_opponent"
    meong: str = "dda"
    pi_bak: bool = True
    pi_bak_protect_min: int = 5
    pi_bak_protect_min_two_player: int | None = None
    tti_bak: bool = False
    nagari_multiplier: str = "cumulative"
    nagari_shots: int = 0
    weol_yak_first_turn: bool = False
    weol_yak_month: bool = False
    missions: bool = False
    mission_multiplier_range: tuple[int, int] = (2, 9)
    first_turn_four_bonus: int = 0
    baek_hwa_jeom: bool = False
    boar: str = "off"
    boar_ante: int = 1
    boar_first_turn_payment: int = 3
    heodang_turns: int | None = None
    heodang_payment: int | str = "target"
    no_captures_no_pay: bool = False
    dok_bak: bool = True
    go_bak_two_player: str = "none"
    oe_myeon: bool = True
    oe_myeon_exceptions: bool = True
    shodang: bool = True
    shodang_eligibility: str = "any"
    shodang_window: str = "one_round"
    nagari_offer_cancels_go_bak: bool = True
    compensation_per_card: int = 2
    compensation_timing: str = "immediate"
    nagari_redeal: str = "same_three"
    four_player_rain_exception: bool = True
    seven_player_iris_out: bool = False
    two_player_only: bool = False
    pi_bak_zero_exempt: bool = False
    nagari_multiplier_cap: int | None = None
    joker_steals_junk: bool = False
    last_turn_exception_stacks: bool = False
    surrender_lowest_first: bool = False
    final_turn_auto_stop: bool = False
    fixed_wins_carry: bool = False
    push_limit: int = 0
    preset: str = field(default=DEFAULT_PRESET, compare=False)

    def __post_init__(self) -> None:
        for knob in _KNOB_LIST:
            value = knob.check(getattr(self, knob.name))
            object.__setattr__(self, knob.name, value)
        if self.preset not in _PRESET_OVERRIDES:
            raise RulesError(f"unknown preset {clip(self.preset)}{_did_you_mean(self.preset, PRESET_NAMES)}")
        for check in _CONTRADICTIONS:
            problem = check(self)
            if problem:
                raise RulesError(f"contradictory rules: {problem}")

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
                f"the {self.preset} rules are for 2 players only (GEN-7), not {clip(players)}; "
                "play it with 2 players or pick another preset (gostop rules list)"
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

    def to_toml(self, full: bool = True) -> str:
        return rules_to_toml(self, full=full)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _did_you_mean(name: str, options: Any) -> str:
    if not isinstance(name, str) or len(name) > 100:
        return ""
    close = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_names(changes: Mapping[str, Any]) -> None:
    for name in changes:
        if name not in KNOBS:
            raise RulesError(
                f"unknown knob {clip(name)}{_did_you_mean(name, KNOBS)}; `gostop rules show pagat` lists the knobs"
            )


# -- contradictory combinations ------------------------------------------------------------

_SHOT_KNOBS = ("first_turn_ppuk_yell", "no_junk_shot", "ja_ppuk_shot")


def _shots_need_rate(r: Rules) -> str | None:
    if r.payment_unit == "shots" and r.shots_per_points is None:
        return "payment_unit = \"shots\" needs shots_per_points (e.g. 5)"
    return None


def _shot_knobs_need_shots(r: Rules) -> str | None:
    if r.payment_unit == "shots":
        return None
    on = [k for k in _SHOT_KNOBS if getattr(r, k)]
    if r.joker_shot is not None:
        on.append("joker_shot")
    if r.nagari_shots:
        on.append("nagari_shots")
    if on:
        return f"{', '.join(on)} only apply with payment_unit = \"shots\" (payment_unit is \"chips\")"
    return None


def _cap_below_target(r: Rules) -> str | None:
    if r.score_cap is None:
        return None
    target = max(r.stop_target_two_player, r.stop_target_three_player)
    if r.score_cap < target:
        return f"score_cap {r.score_cap} is below a stop target ({target}): nobody could ever stop"
    return None


def _two_first_turn_ppuk_rewards(r: Rules) -> str | None:
    if r.payment_unit == "shots" and r.first_turn_ppuk_payment and r.first_turn_ppuk_yell:
        return "first_turn_ppuk_payment and first_turn_ppuk_yell both reward a first-turn ppuk; set one to off"
    return None


_CONTRADICTIONS: tuple[Callable[[Rules], str | None], ...] = (
    _shots_need_rate,
    _shot_knobs_need_shots,
    _cap_below_target,
    _two_first_turn_ppuk_rewards,
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

PRESET_NAMES: tuple[str, ...] = tuple(_PRESET_OVERRIDES)

PRESET_DESCRIPTIONS: dict[str, str] = {
    "pagat": "pagat.com's current rules (the default)",
    "pagat-classic": "the older pagat.com page",
    "fuda-wiki": "the Fuda wiki rules",
    "blog": "a blog retelling of pagat",
    "goo-stupe": "the 'Goo Stupe' parody drinking game, played for shots",
    "matgo": "Matgo (맞고), the 2-player game of the Korean online rooms",
}

PRESETS: dict[str, Rules] = {
    name: Rules(**over, preset=name) for name, over in _PRESET_OVERRIDES.items()
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
        raise RulesError(f"{path}: {exc}") from None


def save_rules(rules: Rules, path: str, full: bool = True) -> None:
    """Write rules to a TOML file."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(rules_to_toml(rules, full=full))
