"""Array layouts of the fast engine: the state, knob, table and event arrays and their codes.

Everything here is a plain int constant, so the compiled kernels (:mod:`gostop.fast.kernels`)
see them as compile-time constants. A hand's state is one ``int64`` array of
:data:`STATE_SIZE` slots (scalars, then per-seat triples, then fixed-size arrays); card sets are
``int64`` bitmasks over deck indices exactly as in :mod:`gostop.engine.tables` (so the deck
holds at most 63 cards).
"""

from __future__ import annotations

__all__ = [
    "ACTION_KINDS",
    "EVENT_TYPES",
    "REASONS",
    "STATE_SIZE",
    "MAX_EVENTS",
]

# -- stages (as gostop.engine.hand) ----------------------------------------------------------
MAIN, PICK_H, PICK_S, ANSWER, YELL, SURRENDER, GOSTOP, CHONGTONG, OVER = range(9)

# What the hand card did this turn.
HNONE, H0, H1, H2, H3, HBOMB, HSKIP = range(7)

# -- actions: code = kind * ACT + argument (card index, month, or surrender option index) ------
ACT = 65536
A_PLAY, A_BOMB, A_GRENADE, A_SKIP, A_SHAKE, A_SHOW_QUAD, A_REVEAL, A_OFFER = range(8)
A_ACCEPT, A_REFUSE, A_PICK, A_SURRENDER, A_GO, A_STOP, A_CHONGTONG, A_CONTINUE = range(8, 16)
A_YELL, A_NO_YELL = 16, 17
#: Action kinds by code (the order of ``gostop.engine.ACTION_KINDS``).
ACTION_KINDS = (
    "play", "bomb", "grenade", "skip", "shake", "show-quad", "reveal", "offer-shodang",
    "accept", "refuse", "pick", "surrender", "go", "stop", "chongtong", "continue",
    "yell", "no-yell",
)

# -- events ---------------------------------------------------------------------------------
#: Event types by code.
EVENT_TYPES = (
    "deal", "layout", "layout-joker", "four-on-table", "dealt-stack", "chongtong", "keep-quad",
    "boar-ante", "turn", "shake", "show-quad", "reveal", "draw", "offer-shodang", "accept",
    "refuse", "play", "bomb", "grenade", "skip", "substitute", "pick", "flip", "capture",
    "chok", "ppuk", "ttadak", "sseul", "stack-capture", "ja-ppuk", "boss-joker",
    "baek-hwa-jeom", "weol-yak", "first-turn-ppuk", "three-ppuk", "heodang", "boar",
    "surrender", "no-junk", "payment", "shot", "yell", "no-yell", "go", "stop", "win",
    "nagari", "void", "settlement",
)
(
    E_DEAL, E_LAYOUT, E_LAYOUT_JOKER, E_FOUR, E_DEALT_STACK, E_CHONGTONG, E_KEEP_QUAD,
    E_BOAR_ANTE, E_TURN, E_SHAKE, E_SHOW_QUAD, E_REVEAL, E_DRAW, E_OFFER, E_ACCEPT,
    E_REFUSE, E_PLAY, E_BOMB, E_GRENADE, E_SKIP, E_SUBSTITUTE, E_PICK, E_FLIP, E_CAPTURE,
    E_CHOK, E_PPUK, E_TTADAK, E_SSEUL, E_STACK_CAPTURE, E_JA_PPUK, E_BOSS, E_BAEK,
    E_WEOL_YAK, E_FT_PPUK, E_THREE_PPUK, E_HEODANG, E_BOAR, E_SURRENDER, E_NO_JUNK,
    E_PAYMENT, E_SHOT, E_YELL, E_NO_YELL, E_GO, E_STOP, E_WIN, E_NAGARI, E_VOID,
    E_SETTLEMENT,
) = range(49)
#: Events per hand the log holds (a longer hand stops logging and sets the overflow count).
MAX_EVENTS = 1024
EV_WIDTH = 3  # type, seat (-1 = table), cards mask

# -- results --------------------------------------------------------------------------------
REASONS = (
    "", "stop", "chongtong", "three-ppuk", "heodang", "exhaustion", "shodang",
    "four-on-table", "chongtong-tie",
)
R_NONE, R_STOP, R_CHONGTONG, R_THREE_PPUK, R_HEODANG, R_EXHAUSTION, R_SHODANG, R_FOUR, R_CT_TIE = range(9)

# -- knobs (the Rules values the kernels read) --------------------------------------------
(
    K_TARGET2, K_TARGET3, K_FOUR_ON_TABLE, K_CT_OPTIONAL, K_CT_PAY, K_CT_TIE, K_ABOVE_LAST_GO,
    K_LAST_TURN_EXC, K_JA_JUNK, K_JA_ANY, K_FT_PPUK_PAY, K_YELL, K_THREE_PPUK, K_NO_JUNK_SHOT,
    K_JA_SHOT, K_JOKER_SHOT, K_BOMB_ALLOWED, K_BOMB_AFTER_H, K_BOMB_MULT, K_BOMB_STEALS,
    K_DRAW_THREE, K_SKIP_ANY_LATER, K_GRENADE, K_H_MULT, K_H_ND_MULT, K_H_MUST, K_REVEAL_MODE,
    K_JOKER_STAYS, K_GO_SCHEME, K_GO3_DROP, K_SHOTS_UNIT, K_SHOTS_PER, K_GWANG, K_GWANG_ALL,
    K_MEONG, K_PI_BAK, K_PI_MIN, K_PI_MIN2, K_TTI, K_NAGARI_MULT, K_NAGARI_SHOTS, K_WEOL_FIRST,
    K_WEOL_MONTH, K_MISSIONS, K_FIRST_FOUR, K_BAEK, K_BOAR, K_BOAR_ANTE, K_BOAR_FT_PAY,
    K_HEODANG, K_HEODANG_PAY, K_NO_CAP_NO_PAY, K_DOK_BAK, K_GO_BAK2, K_OE, K_OE_EXC,
    K_SHODANG, K_SHODANG_ELIG, K_SHODANG_REST, K_CANCEL_GO_BAK, K_SAKE_MAX_POINTS, K_SCORE_CAP,
    K_VIP, K_PALSSARI, K_FOUR_BIRDS, K_GODORI_PTS, K_FOUR_RAIN, K_FLEX_JUNK_VALUE,
    K_PI_ZERO_EXEMPT, K_NAGARI_CAP, K_LAST_STACKS, K_FIXED_CARRY, K_FINAL_AUTO_STOP,
    KNOB_SIZE,
) = range(74)

# -- tables (per Rules masks, from gostop.engine.tables and gostop.scoring) --------------------
(
    T_N, T_ALL, T_JOKERS, T_SURR, T_BOSS, T_BRIGHTS, T_ANIMALS, T_RIBBONS, T_JUNK, T_BOAR_BIT,
    T_FIXED_ANIMALS, T_FLEX_BIT, T_J1, T_J2, T_J3, T_RAIN, T_GODORI, T_BIRDS, T_RAIN_BIRD,
    T_RIBSET0, T_RIBSET1, T_RIBSET2, T_VIP_MASK, T_PALSSARI_MASK, T_JKX, T_JKP,
    T_MIN2, T_MIN3, T_HEODANG_ON, T_FIRST_TURN_ANY, T_BOAR_POT, T_YELL_ON, T_COLLECT_ANY,
    T_SURR_LOWEST, T_JUNK_VALUE,
) = range(35)
TABLE_SIZE = T_JUNK_VALUE + 64

# -- state ----------------------------------------------------------------------------------
_scalars = ["PLAYERS", "NSTOCK", "SP", "LAYOUT", "STAGE", "MOVER", "DECIDER", "TURN_NO", "PREV_TURN", "PENDING", "HCASE", "HCARD", "HMONTH", "HFROM_HAND", "HPAIR", "HOTHER", "STOCK_LEFT", "S_FIRST", "PAIR_JOKERS", "PICK_CARD", "PICK_OPTS", "LEFT", "OFFERED", "TDIRTY", "MUST_PLAY", "FINAL", "START_LAYOUT", "START_HAND", "NTEV", "QHEAD", "QLEN", "TURN_CAP", "PPUK_NOW", "REVEALED_NOW", "NREF", "CTQ_HEAD", "CTQ_LEN", "NCT_DECL", "BOAR_TAKER", "TARGET", "NAGARI_BEFORE", "WEOL_MONTH", "MISSION_MASK", "MISSION_MULT", "BOAR_POT_IN", "OE_ON", "SHODANG_ON", "MIN_CARDS", "WINNER", "NAGARI", "VOID", "REASON", "POINTS", "STOP_POINTS", "POT_AFTER", "SETTLED", "LIABLE", "NACTIONS", "FLEX_JUNK", "OVERFLOW", "NEXT_TURN"]
(
    PLAYERS, NSTOCK, SP, LAYOUT, STAGE, MOVER, DECIDER, TURN_NO, PREV_TURN, PENDING, HCASE,
    HCARD, HMONTH, HFROM_HAND, HPAIR, HOTHER, STOCK_LEFT, S_FIRST, PAIR_JOKERS, PICK_CARD,
    PICK_OPTS, LEFT, OFFERED, TDIRTY, MUST_PLAY, FINAL, START_LAYOUT, START_HAND, NTEV, QHEAD,
    QLEN, TURN_CAP, PPUK_NOW, REVEALED_NOW, NREF, CTQ_HEAD, CTQ_LEN, NCT_DECL, BOAR_TAKER,
    TARGET, NAGARI_BEFORE, WEOL_MONTH, MISSION_MASK, MISSION_MULT, BOAR_POT_IN, OE_ON,
    SHODANG_ON, MIN_CARDS, WINNER, NAGARI, VOID, REASON, POINTS, STOP_POINTS, POT_AFTER,
    SETTLED, LIABLE, NACTIONS, FLEX_JUNK, OVERFLOW, NEXT_TURN,
) = range(len(_scalars))
_seat_fields = ["HANDS", "CAPS", "TURNS", "LAST_TURN", "SKIP", "SKIP_WIN", "DECLARED", "QUADS", "EXPOSED", "GOES", "LAST_GO_SP", "PREV_SP", "GO_STAMP", "PPUK", "BOMBS", "HEODANG", "CHIPS", "SHOTS", "WEOL_FIRST", "OE_LEFT", "OE_PASSED", "OE_TURN", "OE_LAST", "SP_MASK", "SP_VAL", "POT_CHIPS", "PAYMENTS"]
_base = len(_scalars)
(
    HANDS, CAPS, TURNS, LAST_TURN, SKIP, SKIP_WIN, DECLARED, QUADS, EXPOSED, GOES, LAST_GO_SP,
    PREV_SP, GO_STAMP, PPUK, BOMBS, HEODANG, CHIPS, SHOTS, WEOL_FIRST, OE_LEFT, OE_PASSED,
    OE_TURN, OE_LAST, SP_MASK, SP_VAL, POT_CHIPS, PAYMENTS,
) = range(_base, _base + 3 * len(_seat_fields), 3)
_base += 3 * len(_seat_fields)
STACK_ON = _base
STACK_OWNER = STACK_ON + 12
STACK_MADE = STACK_OWNER + 12
STACK_JOKERS = STACK_MADE + 12
TEV = STACK_JOKERS + 12
MAX_TEV = 32
QUEUE = TEV + MAX_TEV  # items of 4: kind (0 yell, 1 debt), seat, amount, tev index
MAX_QUEUE = 64
REFUSALS = QUEUE + 4 * MAX_QUEUE  # items of 3: refuser, offerer, turn
MAX_REFUSALS = 16
CT_QUEUE = REFUSALS + 3 * MAX_REFUSALS
CT_DECL = CT_QUEUE + 3
STOCK = CT_DECL + 3
STATE_SIZE = STOCK + 64
