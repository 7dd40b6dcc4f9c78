"""Rules -> the fast engine's arrays: knob values (``K``) and per-rules tables (``T``).

The tables are read from the reference engine's own precomputed tables
(:class:`gostop.engine.tables.Tables`, :class:`gostop.scoring.ScoreTable`), so both engines
start from the same masks. :func:`config_for` refuses a configuration the fast engine does not
cover with :class:`UnsupportedRulesError`, whose message names the knob.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gostop.engine.tables import Tables
from gostop.errors import GostopError
from gostop.rules import Rules

from . import layout as L

__all__ = [
    "FastConfig",
    "UnsupportedRulesError",
    "check_supported",
    "config_for",
    "MAX_JOKERS",
    "TABLE_KNOBS",
    "MATCH_KNOBS",
]

#: Jokers the fast engine's 63-bit card masks can hold besides the 48 month cards. The
#: goo-stupe preset's 22 jokers (70 cards) do not fit: every card set of the kernels is one
#: int64 word, so lifting the limit means two-word masks throughout :mod:`gostop.fast.kernels`.
MAX_JOKERS = 15

#: Hand knobs the fast engine takes from the reference engine's own tables and deal code
#: (:class:`gostop.engine.tables.Tables`, :mod:`gostop.engine.deal`) rather than from
#: :func:`_knobs`: the deck, card values, the deal order, the mission draw, the bonus-card
#: steal (EVT-13 adds the junk jokers to ``Tables.boss``) and the 2-player-only check (GEN-7,
#: made by :class:`gostop.fast.hand.FastHand` through ``Rules.check_players``).
TABLE_KNOBS = frozenset({
    "jokers", "uniform_joker_value", "flex_card", "junk_value_11D", "junk_value_12D",
    "deal_order", "mission_multiplier_range", "joker_steals_junk", "two_player_only",
    "surrender_lowest_first",
})

#: Knobs of the match layer (dealer choice, match length, gwangpalli seating and selling):
#: no hand engine reads them, so both engines play a hand the same whatever their values.
MATCH_KNOBS = frozenset({
    "multi_player_mode", "max_players", "match_hands", "match_target_chips", "first_dealer",
    "nagari_limit", "nagari_limit_action", "compensation_per_card", "compensation_timing",
    "nagari_redeal", "four_player_rain_exception", "seven_player_iris_out", "push_limit",
})


class UnsupportedRulesError(GostopError, ValueError):
    """A rules configuration the fast engine does not play (the reference engine does).

    ``knob`` names the rules knob whose value the fast engine does not cover."""

    def __init__(self, message: str, knob: str = "") -> None:
        super().__init__(message)
        self.knob = knob


def _enum(rules: Rules, knob: str, choices: tuple[object, ...]) -> int:
    value = getattr(rules, knob)
    if value not in choices:  # pragma: no cover - Rules already validates the choices
        raise UnsupportedRulesError(f"the fast engine does not cover {knob} = {value!r}", knob)
    return choices.index(value)


#: Knobs the fast engine does not play: it refuses them when on (their reference-engine
#: readings are tested in tests/engine/test_matgo_source_knobs.py), so the presets keep them off.
REFUSED_WHEN_ON = ("ppuk_streak_payments", "first_turn_ttadak_payment", "final_turn_no_ppuk", "heundeum_needs_clear_month")


def _refuse_when_on(r: Rules) -> None:
    for knob in REFUSED_WHEN_ON:
        value = getattr(r, knob)
        if value:
            raise UnsupportedRulesError(
                f"the fast engine does not cover {knob} = {value!r} (the reference engine plays it)", knob
            )


def _knobs(r: Rules) -> np.ndarray:
    k = np.zeros(L.KNOB_SIZE, np.int64)
    _refuse_when_on(r)
    k[L.K_TARGET2] = r.stop_target_two_player
    k[L.K_TARGET3] = r.stop_target_three_player
    k[L.K_FOUR_ON_TABLE] = _enum(r, "four_on_table", ("redeal", "dealer_chongtong", "nagari"))
    k[L.K_CT_OPTIONAL] = r.chongtong == "optional"
    k[L.K_CT_PAY] = -1 if r.chongtong_payment == "target" else int(r.chongtong_payment)
    k[L.K_CT_TIE] = _enum(r, "chongtong_tie", ("void", "nagari", "dealer_first", "higher_month"))
    k[L.K_ABOVE_LAST_GO] = r.go_decision_trigger == "above_last_go"
    k[L.K_LAST_TURN_EXC] = r.last_turn_exception
    k[L.K_JA_JUNK] = r.ja_ppuk_junk
    k[L.K_JA_ANY] = r.ja_ppuk_window == "any_previous"
    k[L.K_FT_PPUK_PAY] = r.first_turn_ppuk_payment
    k[L.K_YELL] = r.first_turn_ppuk_yell
    k[L.K_THREE_PPUK] = r.three_ppuk_payment
    k[L.K_NO_JUNK_SHOT] = r.no_junk_shot
    k[L.K_JA_SHOT] = r.ja_ppuk_shot
    k[L.K_JOKER_SHOT] = _enum(r, "joker_shot", (None, "hand_opponents_stock_self", "hand_self_stock_opponents"))
    k[L.K_BOMB_ALLOWED] = r.bomb_allowed
    k[L.K_BOMB_AFTER_H] = r.bomb_after_heundeum
    k[L.K_BOMB_MULT] = r.bomb_multiplier
    k[L.K_BOMB_STEALS] = r.bomb_steals_junk
    k[L.K_DRAW_THREE] = r.bomb_compensation == "draw_three"
    k[L.K_SKIP_ANY_LATER] = r.bomb_skip_timing == "any_later"
    k[L.K_GRENADE] = _enum(r, "grenade", ("off", "move_only", "steal", "as_bomb"))
    k[L.K_H_MULT] = r.heundeum_multiplier
    k[L.K_H_ND_MULT] = r.heundeum_nov_dec_multiplier
    k[L.K_H_MUST] = r.heundeum_must_play
    k[L.K_REVEAL_MODE] = r.joker_hand_mode == "reveal_replace"
    k[L.K_JOKER_STAYS] = r.joker_stays_with_ppuk
    k[L.K_GO_SCHEME] = _enum(r, "go_scheme", ("standard", "linear", "blog", "none", "matgo"))
    k[L.K_GO3_DROP] = r.go_chips_three_plus == "drop"
    k[L.K_SHOTS_UNIT] = r.payment_unit == "shots"
    k[L.K_SHOTS_PER] = r.shots_per_points or 1
    k[L.K_GWANG] = _enum(r, "gwang_bak", ("double", "plus2", "off"))
    k[L.K_GWANG_ALL] = r.gwang_bak_scope == "all_or_none"
    k[L.K_MEONG] = _enum(r, "meong", ("dda", "bak", "dda_and_bak", "off"))
    k[L.K_PI_BAK] = r.pi_bak
    k[L.K_PI_MIN] = r.pi_bak_protect_min
    k[L.K_PI_MIN2] = -1 if r.pi_bak_protect_min_two_player is None else r.pi_bak_protect_min_two_player
    k[L.K_TTI] = r.tti_bak
    k[L.K_NAGARI_MULT] = _enum(r, "nagari_multiplier", ("cumulative", "single", "off"))
    k[L.K_NAGARI_SHOTS] = r.nagari_shots
    k[L.K_WEOL_FIRST] = r.weol_yak_first_turn
    k[L.K_WEOL_MONTH] = r.weol_yak_month
    k[L.K_MISSIONS] = r.missions
    k[L.K_FIRST_FOUR] = r.first_turn_four_bonus
    k[L.K_BAEK] = r.baek_hwa_jeom
    k[L.K_BOAR] = _enum(r, "boar", ("off", "pot", "first_turn"))
    k[L.K_BOAR_ANTE] = r.boar_ante
    k[L.K_BOAR_FT_PAY] = r.boar_first_turn_payment
    k[L.K_HEODANG] = -1 if r.heodang_turns is None else r.heodang_turns
    k[L.K_HEODANG_PAY] = -1 if r.heodang_payment == "target" else int(r.heodang_payment)
    k[L.K_NO_CAP_NO_PAY] = r.no_captures_no_pay
    k[L.K_DOK_BAK] = r.dok_bak
    k[L.K_GO_BAK2] = r.go_bak_two_player == "double"
    k[L.K_OE] = r.oe_myeon
    k[L.K_OE_EXC] = r.oe_myeon_exceptions
    k[L.K_SHODANG] = r.shodang
    k[L.K_SHODANG_ELIG] = _enum(r, "shodang_eligibility", ("any", "no_safe_play", "no_safe_play_each"))
    k[L.K_SHODANG_REST] = r.shodang_window == "rest_of_hand"
    k[L.K_CANCEL_GO_BAK] = r.nagari_offer_cancels_go_bak
    k[L.K_SAKE_MAX_POINTS] = r.sake_cup_choice == "max_points"
    k[L.K_SCORE_CAP] = -1 if r.score_cap is None else r.score_cap
    k[L.K_VIP] = r.vip_bonus
    k[L.K_PALSSARI] = r.palssari_bonus
    k[L.K_FOUR_BIRDS] = r.four_birds
    k[L.K_GODORI_PTS] = r.godori_points
    k[L.K_FOUR_RAIN] = r.four_brights_with_rain_points
    k[L.K_FLEX_JUNK_VALUE] = r.flex_junk_value
    k[L.K_PI_ZERO_EXEMPT] = r.pi_bak_zero_exempt  # PAY-14
    k[L.K_NAGARI_CAP] = -1 if r.nagari_multiplier_cap is None else r.nagari_multiplier_cap  # MATCH-8
    k[L.K_LAST_STACKS] = r.last_turn_exception_stacks  # EVT-14
    k[L.K_FIXED_CARRY] = r.fixed_wins_carry  # PAY-16
    k[L.K_FINAL_AUTO_STOP] = r.final_turn_auto_stop  # GOSTOP-9
    return k


def _tables(t: Tables) -> np.ndarray:
    sc = t.score
    a = np.zeros(L.TABLE_SIZE, np.int64)
    a[L.T_N] = t.n
    a[L.T_ALL] = t.all
    a[L.T_JOKERS] = t.jokers
    a[L.T_SURR] = t.surrenderable
    a[L.T_BOSS] = t.boss
    a[L.T_BRIGHTS] = t.brights
    a[L.T_ANIMALS] = t.animals
    a[L.T_RIBBONS] = t.ribbons
    a[L.T_JUNK] = t.junk
    a[L.T_BOAR_BIT] = t.boar_bit
    a[L.T_FIXED_ANIMALS] = sc.fixed_animals
    a[L.T_FLEX_BIT] = sc.flex_bit
    a[L.T_J1] = sc.junk1
    a[L.T_J2] = sc.junk2
    a[L.T_J3] = sc.junk3
    a[L.T_RAIN] = sc.rain_bit
    a[L.T_GODORI] = sc.godori_mask
    a[L.T_BIRDS] = sc.bird_mask
    a[L.T_RAIN_BIRD] = sc.rain_bird_bit
    for k, (_name, mask) in enumerate(sc.ribbon_sets):
        a[L.T_RIBSET0 + k] = mask
    a[L.T_VIP_MASK] = sc.vip_mask
    a[L.T_PALSSARI_MASK] = sc.palssari_mask
    a[L.T_JKX] = sc.jkx_mask
    a[L.T_JKP] = sc.jkp_mask
    a[L.T_MIN2] = t.min_cards[2]
    a[L.T_MIN3] = t.min_cards[3]
    a[L.T_HEODANG_ON] = t.heodang_on
    a[L.T_FIRST_TURN_ANY] = t.first_turn_any
    a[L.T_BOAR_POT] = t.boar_pot
    a[L.T_YELL_ON] = t.yell
    a[L.T_COLLECT_ANY] = t.collect_any
    a[L.T_SURR_LOWEST] = t.surrender_lowest  # EVT-15
    for i in range(t.n):
        a[L.T_JUNK_VALUE + i] = t.junk_value[i]
    return a


@dataclass(frozen=True, eq=False)
class FastConfig:
    """The arrays of one :class:`~gostop.rules.Rules` for the kernels, and its reference tables."""

    rules: Rules
    tables: Tables
    knobs: np.ndarray
    table: np.ndarray


_CACHE: dict[int, tuple[Rules, FastConfig]] = {}


def check_supported(rules: Rules) -> None:
    """Raise :class:`UnsupportedRulesError` (naming the knob) if the fast engine cannot play
    ``rules`` exactly as the reference engine does."""
    _refuse_when_on(rules)
    if len(rules.jokers) > MAX_JOKERS:
        raise UnsupportedRulesError(
            f"the fast engine does not cover jokers with {len(rules.jokers)} jokers: at most "
            f"{MAX_JOKERS} (its card sets are 63-bit masks); the reference engine plays these rules",
            "jokers",
        )


def config_for(rules: Rules) -> FastConfig:
    """The (cached) :class:`FastConfig` of ``rules``; raises :class:`UnsupportedRulesError`."""
    found = _CACHE.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    check_supported(rules)
    t = Tables.for_rules(rules)
    cfg = FastConfig(rules, t, _knobs(rules), _tables(t))
    for arr in (cfg.knobs, cfg.table):
        arr.setflags(write=False)
    if len(_CACHE) >= 64:
        _CACHE.clear()
    _CACHE[id(rules)] = (rules, cfg)
    return cfg
