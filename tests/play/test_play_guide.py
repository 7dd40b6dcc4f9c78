"""Card guide, hints, stamps and card names: what a player reads must be right and consistent."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from gostop.play.guide import card_guide, rules_text
from gostop.play.names import card_words
from gostop.play.session import Session, Settings
from gostop.play.view import table_view
from gostop.rules import PRESETS, Rules, get_preset, make_rules


def test_card_guide_follows_the_preset_and_aligns() -> None:
    pagat = card_guide(get_preset("pagat"))
    lines = pagat.splitlines()
    row = {ln.split()[0]: ln for ln in lines if ln.startswith("   ") and ln.split()}
    assert "flex card" in row["09A"] and "flex card" not in row["05A"]
    assert "09 Sep -- chrysanthemum 국화" in pagat and "국진 (gukjin), the sake cup" in row["09A"]
    assert "국화 열끗" in row["09A"] and "국진 열끗" not in pagat
    for knob in ("vip_bonus", "four_birds", "palssari", "VIP card", "fourth bird"):
        assert knob not in pagat, knob
    # the junk column starts at the same terminal cell on every row, 11D included
    found = {code: re.search(r"junk \d", ln) for code, ln in row.items() if not code.startswith("JK")}
    starts = {cell_len(row[code][: m.start()]) for code, m in found.items() if m is not None}
    assert found["11D"] is not None and found["01J1"] is not None
    assert len(starts) == 1, starts
    five = card_guide(get_preset("pagat").with_overrides(flex_card="05A"))
    five_rows = {ln.split()[0]: ln for ln in five.splitlines() if ln.startswith("   ") and ln.split()}
    assert "flex card" in five_rows["05A"] and "flex card" not in five_rows["09A"]


def test_card_words_in_both_languages() -> None:
    from gostop.cards import parse_card

    assert card_words(parse_card("09J1")) == "chrysanthemum junk"
    # no English on a Korean screen (as on the web table); a joker says what it is worth (JOKER-1)
    assert card_words(parse_card("09J1"), "ko") == "국화 피"
    assert card_words(parse_card("02R"), "ko") == "매조 띠"
    assert card_words(parse_card("JK2"), "ko") == "조커 2 · 쌍피"
    assert card_words(parse_card("JK3"), "ko") == "조커 3 · 쓰리피"
    assert card_words(parse_card("JK2"), "en") == "two-junk joker"


def test_pi_bak_stamp_and_panel_read_the_sake_cup_the_same_way() -> None:
    s = Session.start(Settings(seed=20, level="easy", hands=1, players=2))
    for _ in range(3):
        prompt = s.prompt()
        assert prompt is not None
        s.choose(prompt.choices[0].key)
    view = table_view(s)
    seat = next(st for st in view.seats if st.name == "Minji")
    assert seat.junk_with_flex == ("09A", 3) and seat.junk_value == 1
    stamp = next(st for st in seat.stamps if st.name == "pi-bak")
    assert "junk 3 (counting 09A as double junk) < 5" in stamp.text
    from gostop.play.render import seat_block, seat_compact

    for block in (seat_block(seat, 7, "chips"), seat_compact(seat, 7, "chips")):
        # named, not by its code (QA round 17: "3 with 09A as junk")
        assert "3 with chrysanthemum animal as junk" in block.plain
        assert "09A as" not in block.plain, block.plain


def test_hints_never_point_at_cards_in_your_hand_or_captured() -> None:
    for seed in range(1, 12):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=3))
        while not s.pending and not s.over:
            prompt = s.prompt()
            assert prompt is not None
            obs = s.observation()
            assert obs is not None
            blocked = {c.code for c in obs.hand} | {c.code for caps in obs.captures for c in caps}
            for seat in table_view(s).seats:
                for hint in seat.near:
                    for code in blocked:
                        assert code not in hint.split(": ", 1)[1], (seed, hint, code)
            s.choose(prompt.choices[0].key)


def test_shake_warns_that_the_month_can_no_longer_be_bombed() -> None:
    found = False
    for seed in range(1, 80):
        s = Session.start(Settings(seed=seed, level="easy", hands=1))
        prompt = s.prompt()
        assert prompt is not None
        shakes = [c for c in prompt.choices if c.action.startswith("shake")]
        if shakes:
            assert all("you can no longer bomb" in c.detail for c in shakes)
            found = True
            break
    assert found
    assert not get_preset("pagat").bomb_after_heundeum


def test_choices_show_korean_names_with_lang_ko() -> None:
    s = Session.start(Settings(seed=1, level="easy", hands=1, lang="ko"))
    prompt = s.prompt()
    assert prompt is not None
    labels = [c.label for c in prompt.choices if c.card is not None]
    # the Korean names alone: no English gloss on a Korean screen
    assert labels and all(re.search("[가-힣]", lb) and not re.search("[A-Za-z]{3,}", lb) for lb in labels), labels


def test_rules_page_states_the_tables_knobs() -> None:
    """The ``?`` Rules page says what the rules do, from the knobs: four brights with the rain
    bright (SCORE-1), the nagari carry doubling again per nagari and its cap (MATCH-5,
    MATCH-8), ja-ppuk (EVT-5), the last-turn exception (EVT-6), the bomb factor and steal
    (PAY-5, EVT-8)."""
    pagat = rules_text(get_preset("pagat"), 3)
    assert "4 brights 4, all 5" in pagat
    assert "double again for each further nagari in a row." in pagat  # cumulative, no cap
    assert "each opponent gives you 2 junk" in pagat and get_preset("pagat").ja_ppuk_junk == 2
    assert "On the last turn of a hand, chok, ttadak and sseul earn no junk." in pagat
    assert "each bomb multiplies" not in pagat and "A bomb also takes" not in pagat  # pagat: x1, no steal
    three = rules_text(make_rules("pagat", {"four_brights_with_rain_points": 3}), 3)
    assert "4 brights 4 (with 12B: 3)" in three
    matgo = rules_text(get_preset("matgo"), 2)
    assert f"in a row, up to x{get_preset('matgo').nagari_multiplier_cap}." in matgo
    fuda = rules_text(get_preset("fuda-wiki"), 2)
    assert "each bomb multiplies the payment by 2." in fuda and "A bomb also takes one junk from each opponent." in fuda
    single = rules_text(make_rules("pagat", {"nagari_multiplier": "single"}), 3)
    assert "the next hand pays double." in single and "double again" not in single
    assert "ja-ppuk" not in rules_text(get_preset("pagat-classic"), 3)  # ja_ppuk_junk 1: no ja-ppuk
    ko = rules_text(get_preset("matgo"), 2, "ko")
    assert "나가리가 이어질 때마다 또 두 배입니다 (8배까지)." in ko and "자뻑" in ko


def test_rules_page_says_what_a_joker_from_hand_does_and_what_chongtong_pays() -> None:
    """JOKER-1: a joker played from hand goes to the captures and the top stock card is played
    in its place (the page said "draw again"); JOKER-4 (fuda-wiki, reveal_replace): a joker
    shown before the play is replaced from the stock. DEAL-7: a chongtong paid at the stop
    target said "pays target" in English."""
    jokers = make_rules("pagat", {"jokers": ["JK1"]})
    text = rules_text(jokers, 3)
    assert "a joker played from hand goes to your captures and the top stock card is played in its place" in text
    assert "draw again" not in text
    fuda = get_preset("fuda-wiki")
    assert fuda.joker_hand_mode == "reveal_replace" and fuda.jokers
    assert "the top stock card joins your hand" in rules_text(fuda, 2)
    target = make_rules("pagat", {"chongtong_payment": "target"})
    assert "(as many chips as the stop target from each opponent)" in rules_text(target, 3)
    assert "pays target" not in rules_text(target, 3)
    assert "스톱 점수만큼" in rules_text(target, 3, "ko")
    assert "더미 맨 위 패를 그 대신 냅니다" in rules_text(jokers, 3, "ko")



def _matgo_part(text: str) -> str:
    return text[text.index("맞고"):]


def test_matgo_differences_follow_the_knobs() -> None:
    """The Matgo section of the Rules page reads its numbers from the knobs: the first-turn
    ppuk (EVT-10), three ppuk (EVT-11), chongtong (DEAL-7), the nagari cap (MATCH-8), pi-bak
    protection (PAY-6, PAY-14), the bomb factor and steal (PAY-5, EVT-8), the go scheme
    (PAY-3, PAY-5), in English and Korean."""
    m = get_preset("matgo")
    en = _matgo_part(rules_text(m, 2))
    assert f"A ppuk on your first turn is paid {m.first_turn_ppuk_payment} chips." in en
    assert f"Three ppuk win {m.three_ppuk_payment} chips." in en
    assert f"Chongtong 총통 pays {m.chongtong_payment} chips (you may keep the four cards and play on)." in en
    assert f"doubles the next, up to x{m.nagari_multiplier_cap}." in en
    protect = m.pi_bak_protect_min_two_player
    assert protect is not None
    assert f"{protect - 1} junk or fewer ({protect} protects; none at all is excused)" in en
    assert m.bomb_multiplier == m.heundeum_multiplier == 2 and m.bomb_steals_junk
    assert "Each bomb and each shake doubles the win; a bomb also takes a junk." in en
    assert "3 goes (points + 3) x 2, 4 goes (points + 4) x 4, 5 goes (points + 5) x 8" in en
    assert "The deck has 51 cards: 3 bonus cards (2 worth 2 junk, 1 worth 3 junk)." in en
    ko = _matgo_part(rules_text(m, 2, "ko"))
    assert f"첫뻑은 {m.first_turn_ppuk_payment}칩을 받습니다." in ko and "총통은 10칩을 받습니다" in ko
    assert f"피가 {protect - 1}장 이하일 때 ({protect}장이면 면하고" in ko and "(최대 x8)" in ko

    changed = make_rules("matgo", {"first_turn_ppuk_payment": 5, "three_ppuk_payment": 0,
                                   "chongtong_payment": 12, "nagari_multiplier_cap": 4,
                                   "pi_bak_protect_min_two_player": 6, "bomb_multiplier": 3,
                                   "bomb_steals_junk": False, "chongtong": "mandatory"})
    en = _matgo_part(rules_text(changed, 2))
    assert "A ppuk on your first turn is paid 5 chips." in en and "paid 7" not in en
    assert "Three ppuk" not in en  # EVT-11 off
    assert "Chongtong 총통 pays 12 chips (it must be declared)." in en and "keep the four cards" not in en
    assert "doubles the next, up to x4." in en and "x8" not in en
    assert "5 junk or fewer (6 protects; none at all is excused)" in en
    assert "Each bomb multiplies the win by 3, each shake by 2." in en and "takes a junk" not in en
    ko = _matgo_part(rules_text(changed, 2, "ko"))
    assert "첫뻑은 5칩을 받습니다." in ko and "삼뻑" not in ko
    assert "총통은 12칩을 받습니다 (반드시 선언해야 합니다)." in ko
    assert "(최대 x4)" in ko and "피가 5장 이하일 때 (6장이면 면하고" in ko
    assert "폭탄은 하나마다 3배, 흔들기는 하나마다 2배입니다." in ko and "폭탄은 피도" not in ko

    target = _matgo_part(rules_text(make_rules("matgo", {"chongtong_payment": "target",
                                                          "stop_target_two_player": 5}), 2))
    assert "Chongtong 총통 pays 5 chips " in target  # DEAL-7: "target" is the 2-player stop target


# -- the Rules page follows every knob it speaks of ------------------------------------------------


def _page(rules: Rules, players: int, lang: str = "en") -> str:
    """The Rules page without its "Changed from the preset" line (which names every override)."""
    return "\n".join(ln for ln in rules_text(rules, players, lang).splitlines()
                     if not ln.startswith(("Changed from the preset", "프리셋에서 바꾼 규칙")))


SHOTS: dict[str, object] = {"payment_unit": "shots", "shots_per_points": 5}
#: (knob, two values, the overrides that make the knob's rule apply, seated players): the page
#: must read differently for the two values.
KNOB_CASES: list[tuple[str, object, object, dict[str, object], int]] = [
    ("meong", "dda", "off", {}, 3),  # PAY-5
    ("meong", "dda", "bak", {}, 3),  # PAY-6
    ("pi_bak", True, False, {}, 3),
    ("pi_bak_protect_min", 5, 6, {}, 3),
    ("pi_bak_zero_exempt", False, True, {}, 3),  # PAY-14
    ("gwang_bak", "double", "off", {}, 3),
    ("gwang_bak", "double", "plus2", {}, 3),  # VAR-GWANG-PLUS2
    ("gwang_bak_scope", "per_opponent", "all_or_none", {}, 3),
    ("tti_bak", False, True, {}, 3),  # VAR-TTI-BAK
    ("bomb_allowed", True, False, {}, 3),  # BOMB-1
    ("bomb_after_heundeum", False, True, {}, 3),
    ("bomb_multiplier", 1, 2, {}, 3),  # PAY-5
    ("bomb_steals_junk", False, True, {}, 3),  # EVT-8
    ("bomb_compensation", "skip_two", "draw_three", {}, 3),  # BOMB-3
    ("bomb_skip_timing", "any_later", "next_two", {}, 3),  # BOMB-3
    ("heundeum_multiplier", 2, 1, {"heundeum_nov_dec_multiplier": 1}, 3),  # SHAKE-2
    ("heundeum_nov_dec_multiplier", 2, 4, {}, 3),
    ("heundeum_must_play", False, True, {}, 3),  # SHAKE-3
    ("heundeum_needs_clear_month", False, True, {}, 3),  # VAR-SHAKE-CLEAR
    ("jokers", ("JK2", "JK3"), (), {}, 3),  # DECK-1
    ("joker_hand_mode", "substitute", "reveal_replace", {}, 3),  # JOKER-1, JOKER-4
    ("joker_stays_with_ppuk", False, True, {}, 3),  # JOKER-3
    ("joker_shot", None, "hand_self_stock_opponents", SHOTS, 3),  # GOO-10
    ("flex_card", "09A", None, {}, 3),  # SCORE-8
    ("flex_junk_value", 2, 1, {}, 3),
    ("junk_value_11D", 2, 1, {}, 3),  # SCORE-7
    ("junk_value_12D", 2, 0, {}, 3),
    ("chongtong", "mandatory", "optional", {}, 3),  # DEAL-7
    ("chongtong_payment", 5, 7, {}, 3),
    ("ja_ppuk_junk", 2, 3, {}, 3),  # EVT-5
    ("ja_ppuk_window", "any_previous", "previous_turn", {}, 3),
    ("ja_ppuk_shot", False, True, SHOTS, 3),  # GOO-13
    ("no_junk_shot", False, True, SHOTS, 3),  # GOO-12
    ("last_turn_exception", True, False, {}, 3),  # EVT-6
    ("last_turn_exception_stacks", False, True, {}, 3),  # EVT-14
    ("three_ppuk_payment", 5, 3, {}, 3),  # EVT-11
    ("first_turn_ppuk_payment", 3, 4, {}, 3),  # EVT-10
    ("first_turn_ppuk_yell", False, True, {**SHOTS, "first_turn_ppuk_payment": 0}, 3),  # GOO-14
    ("final_turn_no_ppuk", False, True, {}, 3),  # VAR-FINAL-NO-PPUK
    ("four_brights_with_rain_points", 4, 3, {}, 3),  # SCORE-1
    ("godori_points", 5, 3, {}, 3),  # SCORE-3
    ("four_birds", False, True, {}, 3),
    ("vip_bonus", 0, 3, {}, 3),  # VAR-VIP
    ("palssari_bonus", 0, 8, {}, 3),  # VAR-PALSSARI
    ("score_cap", None, 15, {}, 3),  # SCORE-11
    ("stop_target_two_player", 7, 5, {}, 2),  # GOSTOP-1
    ("stop_target_three_player", 3, 5, {}, 3),
    ("go_decision_trigger", "above_last_go", "improved", {}, 3),  # GOSTOP-2
    ("go_scheme", "standard", "linear", {}, 3),  # PAY-3
    ("go_chips_three_plus", "keep", "drop", {}, 3),  # VAR-GO-DROP
    ("payment_unit", "chips", "shots", {"shots_per_points": 5}, 3),  # PAY-2
    ("shots_per_points", 5, 3, {"payment_unit": "shots"}, 3),
    ("nagari_shots", 0, 1, {"payment_unit": "shots", "shots_per_points": 5}, 3),  # GOO-5
    ("no_captures_no_pay", False, True, {}, 3),  # PAY-8
    ("dok_bak", True, False, {}, 3),  # PAY-9
    ("go_bak_two_player", "none", "double", {}, 2),  # PAY-6
    ("oe_myeon", True, False, {}, 3),  # LIAB-4
    ("oe_myeon_exceptions", True, False, {}, 3),  # LIAB-5
    ("shodang", True, False, {}, 3),  # LIAB-7
    ("shodang_eligibility", "any", "no_safe_play", {}, 3),
    ("shodang_eligibility", "no_safe_play", "no_safe_play_each", {}, 3),
    ("shodang_window", "one_round", "rest_of_hand", {}, 3),  # LIAB-10
    ("nagari_offer_cancels_go_bak", True, False, {}, 3),  # LIAB-12
    ("nagari_multiplier", "cumulative", "single", {}, 3),  # MATCH-5
    ("nagari_multiplier_cap", None, 4, {}, 3),  # MATCH-8
    ("nagari_limit", None, 5, {}, 3),  # MATCH-6
    ("nagari_limit_action", "end_match", "reset_carry", {"nagari_limit": 5}, 3),
    ("match_hands", 12, 6, {}, 3),  # MATCH-1
    ("match_target_chips", None, 50, {}, 3),
    ("multi_player_mode", "gwangpalli", "rotation", {}, 5),  # GWANG-1, GOO-17
    ("compensation_per_card", 2, 3, {}, 5),  # GWANG-6
    ("compensation_timing", "immediate", "end_by_losers", {}, 5),  # GWANG-7
    ("nagari_redeal", "same_three", "all_players", {}, 5),  # GWANG-10
    ("four_player_rain_exception", True, False, {}, 4),  # GWANG-6
    ("seven_player_iris_out", False, True, {}, 7),  # GWANG-4
    # Rules that are off in every preset (each said only when on), and rules no line said before.
    ("grenade", "off", "move_only", {}, 3),  # VAR-GRENADE
    ("grenade", "move_only", "steal", {}, 3),
    ("grenade", "steal", "as_bomb", {}, 3),
    ("grenade", "as_bomb", "move_only", {"bomb_multiplier": 2}, 3),
    ("bomb_compensation", "skip_two", "draw_three", {"grenade": "move_only", "bomb_allowed": False}, 3),
    ("missions", False, True, {}, 3),  # VAR-MISSION
    ("mission_multiplier_range", (2, 9), (2, 8), {"missions": True}, 3),
    ("mission_multiplier_range", (2, 9), (4, 4), {"missions": True}, 3),
    ("boar", "off", "pot", {}, 3),  # VAR-BOAR
    ("boar", "off", "first_turn", {}, 3),
    ("boar_ante", 1, 2, {"boar": "pot"}, 3),
    ("boar_first_turn_payment", 3, 4, {"boar": "first_turn"}, 3),
    ("heodang_turns", None, 5, {}, 3),  # VAR-HEODANG
    ("heodang_turns", 5, 4, {}, 3),
    ("heodang_payment", "target", 2, {"heodang_turns": 5}, 3),
    ("weol_yak_first_turn", False, True, {}, 3),  # VAR-WEOLYAK-FIRST
    ("weol_yak_month", False, True, {}, 3),  # VAR-WEOLYAK-MONTH
    ("baek_hwa_jeom", False, True, {}, 3),  # VAR-BAEKHWAJEOM
    ("first_turn_four_bonus", 0, 3, {}, 3),  # VAR-FIRST-FOUR
    ("first_turn_four_bonus", 3, 4, {}, 3),
    ("first_turn_ttadak_payment", 0, 7, {}, 3),  # VAR-FIRST-TTADAK
    ("ppuk_streak_payments", False, True, {}, 3),  # VAR-PPUK-STREAK (yeon-ppuk)
    ("push_limit", 0, 2, {}, 3),  # VAR-PUSH
    ("push_limit", 2, 3, {}, 3),
    ("four_on_table", "redeal", "dealer_chongtong", {}, 3),  # DEAL-6
    ("four_on_table", "redeal", "nagari", {}, 3),
    ("chongtong_tie", "void", "nagari", {}, 3),  # DEAL-8
    ("chongtong_tie", "void", "nagari", {}, 2),
    ("chongtong_tie", "nagari", "dealer_first", {}, 3),
    ("chongtong_tie", "dealer_first", "higher_month", {}, 3),
    ("first_dealer", "draw_night", "lot", {}, 3),  # MATCH-3
    ("first_dealer", "draw_night", "draw_day", {}, 3),
    ("first_dealer", "draw_night", "oldest", {}, 3),
    ("final_turn_auto_stop", False, True, {}, 3),  # GOSTOP-9
    ("fixed_wins_carry", False, True, {}, 3),  # PAY-16
]


@pytest.mark.parametrize(("knob", "one", "other", "base", "players"), KNOB_CASES,
                         ids=[f"{c[0]}={c[2]}" for c in KNOB_CASES])
def test_rules_page_reads_each_knob(knob: str, one: object, other: object, base: dict[str, object],
                                    players: int) -> None:
    """Every rule the Rules page states follows its knob: changing the knob (where its rule
    applies) changes the page, in English and in Korean."""
    first = make_rules("pagat", {**base, knob: one})
    second = make_rules("pagat", {**base, knob: other})
    for lang in ("en", "ko"):
        assert _page(first, players, lang) != _page(second, players, lang), (knob, lang)


def test_rules_page_says_nothing_of_a_rule_that_is_off() -> None:
    """Rules switched off by their knob are not on the page: no seven animals without meong
    (PAY-5, PAY-6), no bak without its knob, no bombs, no flex card, no jokers, no shodang
    without dok-bak's risk (LIAB-7, LIAB-8)."""
    off = make_rules("pagat", {"meong": "off", "pi_bak": False, "gwang_bak": "off", "bomb_allowed": False,
                               "flex_card": None, "jokers": [], "dok_bak": False, "oe_myeon": False})
    text = _page(off, 3)
    for words in ("7 animals", "meong", "pi-bak", "gwang-bak", "Penalties", "Bomb 폭탄:", "bombed",
                  "flex card", "Jokers in the deck:", "refuser risks", "dok-bak"):
        assert words not in text, words
    assert "No bombs." in text and "No jokers in the deck." in text
    assert "Shodang 쇼당: on your turn" in text  # shodang is still played, without its liability
    ko = _page(off, 3, "ko")
    for words in ("열끗 7장", "멍따", "피박", "광박", "겸용 패", "독박", "아래 참고"):
        assert words not in ko, words


def test_rules_page_of_goo_stupe_speaks_in_shots() -> None:
    """goo-stupe (GOO-1..GOO-19): shots, no bombs, shaking changes nothing (GOO-8), 22 jokers
    that cost shots (GOO-10), no score kept (MATCH-7); the page never says chips or x1."""
    goo = get_preset("goo-stupe")
    for players in (2, 3, 5):
        text = rules_text(goo, players)
        assert "chip" not in text and "x1" not in text, players
        assert "No bombs." in text and "it changes no payment" in text
        assert "JK1, JK1-2 ... JK1-22, 22 in all" in text
        assert "A joker played from your hand makes each opponent take a shot" in text
        assert "(1 shot from each opponent)" in text and "(3 shots from each opponent)" in text  # GOO-6, GOO-15
        assert "Each opponent also takes a shot." in text and "takes a shot instead" in text  # GOO-13, GOO-12
        assert "every player takes 1 shot." in text  # GOO-5
        assert "Nobody keeps score: the fewest shots taken wins." in text
        assert "Most chips" not in text and "Penalties" not in text and "7 animals" not in text
        assert "On the last turn" not in text  # GOO-16
    assert "the winner leaves the table" in rules_text(goo, 5)  # GOO-17
    assert "the winner leaves the table" not in rules_text(goo, 3)
    ko = rules_text(goo, 3, "ko")
    assert not re.search(r"\d칩", ko) and "1배" not in ko and "모두 22장" in ko and "마신 잔이 가장 적은 사람" in ko


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_rules_page_of_a_gwangpalli_table(players: int) -> None:
    """pagat with 4 to 7 seated plays gwangpalli (GWANG-1): compensation per card (GWANG-6)
    for the cards this table has, paid as compensation_timing says (GWANG-7); the 4-seat rain
    exception and the 7-seat iris rule only where they apply."""
    pagat = get_preset("pagat")
    text = rules_text(pagat, players)
    assert f"{players} seated (gwangpalli 광팔이)" in text
    assert ("may claim 2 chips per card for their brights, double junk, the flex card 09A and jokers in hand"
            in text)
    assert "paid at once by each of the two players in the hand other than the dealer" in text
    assert ("a rain bright 12B alone earns nothing" in text) == (players == 4)
    assert "dealt 05A" not in text
    three = rules_text(pagat.with_overrides({"compensation_per_card": 3, "flex_card": None, "jokers": ["JK1"],
                                             "compensation_timing": "end_by_losers"}), players)
    assert "may claim 3 chips per card for their brights, double junk and jokers in hand" in three
    assert "flex card" not in three and "paid after the hand by each of its two losers" in three
    iris = rules_text(pagat.with_overrides({"seven_player_iris_out": True}), players)
    assert ("dealt 05A must drop out" in iris) == (players == 7)
    ko = rules_text(pagat, players, "ko")
    assert "광, 쌍피, 겸용 패 09A와 조커에 대해 한 장에 2칩씩 광값을 청구" in ko
    assert "gwangpalli" not in rules_text(pagat, 3) and "광팔이" not in rules_text(pagat, 3, "ko")


def test_rules_page_of_matgo_follows_its_knobs() -> None:
    """matgo: the main page and the differences read the matgo knobs (JOKER-3, EVT-14, SHAKE-3,
    PAY-15); shaking with x1 and bombing with x1 are not called a doubling."""
    matgo = get_preset("matgo")
    text = rules_text(matgo, 2)
    assert "A joker turned from the stock after your card took one stays with that pair" in text
    assert "On the last turn of a hand, chok, ttadak, sseul and taking a stack earn no junk." in text
    assert "You then play one of the three at once." in text
    assert "Shodang" not in text and "dok-bak" not in text and "gwangpalli" not in text
    flat = _matgo_part(rules_text(matgo.with_overrides({"heundeum_multiplier": 1, "heundeum_nov_dec_multiplier": 1}),
                                  2, "ko"))
    assert "흔들기로는 돈이 늘지 않습니다" in flat and "1배" not in flat
    flat = _matgo_part(rules_text(matgo.with_overrides({"heundeum_multiplier": 1, "heundeum_nov_dec_multiplier": 1}),
                                  2))
    assert "Each bomb multiplies the win by 2; a shake does not" in flat and "by 1" not in flat
    plain = _matgo_part(rules_text(matgo.with_overrides({"bomb_multiplier": 1, "heundeum_multiplier": 1,
                                                         "heundeum_nov_dec_multiplier": 1}), 2))
    assert "Bombs and shakes do not multiply the win; a bomb also takes a junk." in plain
    tti = _matgo_part(rules_text(matgo.with_overrides({"tti_bak": True}), 2))
    assert "\n    tti-bak 띠박: no ribbon when the winner scores ribbons\n" in tti


# -- the rules a player can switch on: said when on, with this table's numbers --------------------

#: Words of the optional rules (off in every preset) in English and Korean: none may be on the
#: page of a table that does not play the rule.
OPTIONAL_WORDS = {
    "en": ("Grenade", "Missions", "boar", "Heodang", "Weol-yak", "Baek-hwa-jeom", "cheot-ttadak", "Yeon-ppuk",
           "Push (milgi", "On your first turn, each", "also multiplies what"),
    "ko": ("수류탄", "미션", "멧돼지", "허당", "월약", "백화점", "첫따닥", "연뻑", "밀기", "지불에도 곱합니다"),
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rules_page_says_nothing_of_an_optional_rule_left_off(preset: str, lang: str) -> None:
    """Grenade, missions, the boar, heodang, weol-yak, baek-hwa-jeom, the first-turn bonuses,
    yeon-ppuk and the push are off in every preset: not a word of them."""
    rules = get_preset(preset)
    for players in ((2,) if rules.two_player_only else (2, 3, 5)):
        text = rules_text(rules, players, lang)
        for words in OPTIONAL_WORDS[lang]:
            if preset == "matgo" and words in ("also multiplies what", "지불에도 곱합니다"):
                continue  # matgo plays PAY-16
            assert words not in text, (preset, players, words)


def test_rules_page_says_an_optional_rule_with_the_tables_numbers() -> None:
    """Each optional rule, switched on, is said with the numbers of its knobs (and of the
    knobs it works with), in English and Korean."""
    on = make_rules("pagat", {
        "grenade": "as_bomb", "bomb_multiplier": 3, "bomb_steals_junk": True, "missions": True,
        "mission_multiplier_range": [2, 8], "boar": "pot", "boar_ante": 2, "heodang_turns": 4, "heodang_payment": 6,
        "weol_yak_first_turn": True, "weol_yak_month": True, "baek_hwa_jeom": True, "first_turn_four_bonus": 3,
        "first_turn_ttadak_payment": 7, "first_turn_ppuk_payment": 4, "ppuk_streak_payments": True,
        "push_limit": 2, "match_hands": 6, "four_on_table": "dealer_chongtong", "chongtong_payment": 9,
        "chongtong_tie": "higher_month", "first_dealer": "lot", "final_turn_auto_stop": True,
        "fixed_wins_carry": True,
    })
    en = rules_text(on, 3)
    for words in (
        "Grenade 수류탄: two of a month in hand with the other two on the table: play both and take all four (a later"
        " turn with no card to play). It counts as a bomb: if you win, it multiplies the payment by 3, and each"
        " opponent gives you one junk.",
        "a multiplier from 2 to 8;",
        "every hand each player puts 2 chips into a pot, and whoever takes 07A takes the pot at once",
        "Heodang 허당: 4 turns of your own in a row without taking a card win at once (6 chips from each opponent).",
        "Weol-yak 월약: before the deal a month is drawn; a winner who has taken all four of its cards is paid x4.",
        "Weol-yak 월약: taking all four cards of a month on your first turn makes your win pay x4.",
        "Baek-hwa-jeom 백화점: taking a bright, an animal, a ribbon and a junk on your first turn",
        "On your first turn, each ttadak, chok, stack taken, bomb or grenade is paid 3 chips by each opponent.",
        "A ttadak on your first turn (cheot-ttadak 첫따닥) is paid 7 chips more by each opponent.",
        "A ppuk on your first turn is paid 4 chips by each opponent.",
        "Yeon-ppuk 연뻑: a ppuk on your second turn as well is paid 8 chips by each opponent, and one on your third"
        " turn after those two, 12 chips.",
        "(at most 2 in a row). No push on the last hand of the match.",
        "Four of a month dealt to the table: the dealer wins at once, as with chongtong (9 chips from each opponent).",
        "If two players have chongtong, the one with the later month wins; if all three do, the hand is a nagari.",
        "The first dealer is chosen by lot.",
        "On the last turn of a hand, reaching the target is a stop (no go).",
        "The nagari doubling also multiplies what chongtong, three ppuk and heodang pay.",
    ):
        assert words in en, words
    ko = rules_text(on, 3, "ko")
    for words in (
        "수류탄: 손에 같은 달 두 장, 바닥에 나머지 두 장이 있으면", "폭탄으로 칩니다: 이기면 3배이고, 상대마다 피를 한 장씩 줍니다.",
        "배수(2~8배)", "판마다 치는 사람이 모두 2칩씩 판돈에 넣고", "허당: 자기 차례에 4번 내리 아무것도 못 먹으면 바로 이깁니다 (상대마다 6칩).",
        "그 달 네 장을 다 먹고 이긴 사람은 4배로 받습니다.", "첫 차례에 같은 달 네 장을 다 먹고 이기면 4배로 받습니다.",
        "백화점: 첫 차례에", "첫 차례에 나온 따닥, 쪽, 뻑 먹기, 폭탄 또는 수류탄에는 각각 상대마다 3칩씩 받습니다.",
        "첫따닥", "상대마다 7칩씩 더 받습니다.", "연뻑: 첫뻑에 이어 두 번째 차례에도 뻑이면 상대마다 8칩씩, 세 번째 차례까지 이어지면 12칩씩",
        "(잇달아 2번까지)", "마지막 판에는 밀 수 없습니다.", "선이 총통처럼 바로 이깁니다 (상대마다 9칩).",
        "더 늦은 달의 총통을 가진 사람이 이기고", "첫 선은 제비뽑기로 정합니다.", "고 없이 스톱합니다.",
        "나가리 배수는 총통, 삼뻑과 허당 지불에도 곱합니다.",
    ):
        assert words in ko, words
    # the same rules where only some of their parts apply
    fewer = on.with_overrides({"bomb_allowed": False, "grenade": "steal", "three_ppuk_payment": 0,
                               "heodang_turns": None, "first_turn_four_bonus": 0, "match_hands": None,
                               "chongtong": "optional"})
    text = _page(fewer, 3)
    assert "It counts as a bomb" not in text and "Each opponent gives you one junk." in text
    assert "A ttadak on your first turn (cheot-ttadak 첫따닥) is paid 7 chips by each opponent." in text
    assert "The nagari doubling also multiplies what chongtong pay." in text and "heodang" not in text.lower()
    assert "(at most 2 in a row)." in text and "last hand" not in text  # an open-ended match has none
    assert "Only a player who shows it counts." in text
    assert "나가리 배수는 총통 지불에도 곱합니다." in rules_text(fewer, 3, "ko")
    # yeon-ppuk needs a first-turn ppuk payment to double; the carry needs a carry
    assert "Yeon-ppuk" not in rules_text(on.with_overrides({"first_turn_ppuk_payment": 0}), 3)
    assert "also multiplies" not in rules_text(on.with_overrides({"nagari_multiplier": "off"}), 3)


def test_rules_page_says_what_two_chongtong_do_at_this_table_size() -> None:
    """DEAL-8: with two players both holding a quad is every player holding one (never a
    winner); with three, two holders are settled by the knob and three are a nagari."""
    for tie in ("nagari", "dealer_first", "higher_month"):
        rules = make_rules("pagat", {"chongtong_tie": tie})
        assert "If both players have chongtong, the hand is a nagari." in rules_text(rules, 2)
        assert "두 사람 다 총통이면 그 판은 나가리입니다." in rules_text(rules, 2, "ko")
    assert "the one who plays first wins" in rules_text(make_rules("pagat", {"chongtong_tie": "dealer_first"}), 3)
    void = get_preset("pagat")
    assert "If both players have chongtong, nobody wins and the cards are dealt again." in rules_text(void, 2)
    assert "If two or more players have chongtong, nobody wins" in rules_text(void, 3)


def test_a_shots_table_says_no_payment_factor_it_does_not_play() -> None:
    """Played for shots (PAY-2) the settlement ends at the shots: weol-yak and missions, which
    multiply a payment, are not said (a push is refused at a shots table: tests/test_rules_shots_table.py);
    the fixed first-turn bonuses are, in shots."""
    goo = get_preset("goo-stupe").with_overrides({"weol_yak_first_turn": True, "weol_yak_month": True,
                                                   "missions": True, "first_turn_four_bonus": 1})
    for lang, words in (("en", ("Weol-yak", "Missions", "Push")), ("ko", ("월약", "미션", "밀기"))):
        text = rules_text(goo, 3, lang)
        for word in words:
            assert word not in text, (lang, word)
    assert "is paid 1 shot by each opponent." in rules_text(goo, 3)


# -- the Keys page names the stamps this table can show ------------------------------------------


def _stamps_shown(rules: Rules, players: int) -> set[str]:
    """The stamps :func:`gostop.hints.bak_stamps` shows at this table for a loser with one junk
    and nothing else, against an opponent who has every bright, seven animals and ten junk."""
    from types import SimpleNamespace
    from typing import cast

    from gostop.cards import parse_card
    from gostop.engine.observation import Observation
    from gostop.hints import bak_stamps

    rich = ("01B", "03B", "08B", "11B", "02A", "04A", "08A", "05A", "06A", "07A", "10A",
            "02J1", "02J2", "03J1", "03J2", "04J1", "04J2", "05J1", "05J2", "06J1", "06J2")
    captures = [[parse_card("01J1")], [parse_card(c) for c in rich], [parse_card("07J1")]][:players]
    obs = cast(Observation, SimpleNamespace(captures=captures, players=players))
    return {s.name for s in bak_stamps(rules, obs) if s.seat == 0}


STAMP_BADGES = {"pi-bak": ("[PI-BAK 피박]", "[피박]"), "gwang-bak": ("[GWANG-BAK 광박]", "[광박]"),
                "meong-dda": ("[MEONG-DDA 멍따]", "[멍따]"), "meong-bak": ("[MEONG-BAK 멍박]", "[멍박]")}
STAMP_TABLES = [(name, {}) for name in sorted(PRESETS)] + [
    ("pagat", {"meong": "dda_and_bak"}), ("pagat", {"meong": "bak", "gwang_bak": "plus2"}),
    ("pagat", {"pi_bak": False, "meong": "off"}), ("matgo", {"gwang_bak": "off", "tti_bak": True}),
]


@pytest.mark.parametrize(("preset", "changes"), STAMP_TABLES, ids=[f"{p}-{c}" for p, c in STAMP_TABLES])
def test_keys_page_names_the_stamps_this_table_can_show(preset: str, changes: dict[str, object]) -> None:
    """The Keys page names exactly the stamps the table can show (as bak_stamps makes them),
    in English and Korean; a table with none (goo-stupe, played for shots) names none."""
    from gostop.play.guide import keys_text

    rules = make_rules(preset, changes)
    shown = _stamps_shown(rules, 2 if rules.two_player_only else 3)
    en, ko = keys_text("en", rules), keys_text("ko", rules)
    for name, (en_badge, ko_badge) in STAMP_BADGES.items():
        assert (en_badge in en) == (name in shown), (name, shown)
        assert (ko_badge in ko) == (name in shown), (name, shown)
    assert ("Stamps" in en) == bool(shown) and ("도장" in ko) == bool(shown)
    if preset == "goo-stupe":
        assert not shown and "PI-BAK" not in en and "피박" not in ko


def test_keys_page_of_the_default_table_names_its_three_stamps() -> None:
    from gostop.play.guide import KEYS_TEXT

    assert "Stamps ([PI-BAK 피박], [GWANG-BAK 광박], [MEONG-DDA 멍따]) show the\n" in KEYS_TEXT


# -- the Matgo penalties, one a line ----------------------------------------------------------------


def test_matgo_penalties_are_one_a_line_in_both_languages() -> None:
    """The Matgo differences list each penalty on a line of its own under their heading, in
    Korean as in English, never one joined list ("피박은 …일 때, 광박, 멍따는 …일 때;")."""
    matgo = get_preset("matgo")
    ko = _matgo_part(rules_text(matgo, 2, "ko")).splitlines()
    heading = ko.index("  박 (걸리면 진 사람이 두 배로 냄):")
    assert ko[heading + 1:heading + 5] == [
        "    피박: 내 피가 7장 이하일 때 (8장이면 면하고, 한 장도 없으면 면제)",
        "    광박: 이긴 사람은 광으로 점수를 냈는데 내 광이 없을 때",
        "    멍따: 이긴 사람의 열끗이 7장 이상일 때",
        "    고박: 고를 하고 졌을 때",
    ]
    assert not any(line.count("박") > 1 and ", " in line for line in ko if line.startswith("    "))
    en = _matgo_part(rules_text(matgo, 2)).splitlines()
    heading = en.index("  Penalties (bak 박), each doubling what the loser pays:")
    assert en[heading + 1:heading + 5] == [
        "    pi-bak 피박: 7 junk or fewer (8 protects; none at all is excused)",
        "    gwang-bak 광박: no bright when the winner scores brights",
        "    meong-dda 멍따: the winner has 7 animals or more",
        "    go-bak 고박: you said go and lost",
    ]
    plus = _matgo_part(rules_text(matgo.with_overrides({"gwang_bak": "plus2", "meong": "dda_and_bak",
                                                        "go_bak_two_player": "none"}), 2, "ko"))
    assert "    광박: 이긴 사람은 광으로 점수를 냈는데 내 광이 없을 때 (두 배가 아니라 2칩 더)\n" in plus
    assert "    멍박: 이긴 사람의 열끗이 7장 이상인데 내 열끗은 한 장도 없을 때\n" in plus and "고박:" not in plus
    none = _matgo_part(rules_text(matgo.with_overrides({"gwang_bak": "off", "meong": "off", "pi_bak": False,
                                                        "go_bak_two_player": "none"}), 2, "ko"))
    assert "박 (" not in none


# -- the Rules page for a screen that wraps by itself --------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_flowed_rules_page_joins_each_rule_and_keeps_each_item(preset: str, lang: str) -> None:
    """``flowed`` (the full-screen game's Rules tab) says the same words, each rule on one
    line; the items of a list (the penalties, the reasons to pay for both) keep a line each."""
    rules = get_preset(preset)
    players = 2 if rules.two_player_only else 3
    plain, flowed = rules_text(rules, players, lang), rules_text(rules, players, lang, flowed=True)
    assert flowed.split() == plain.split()
    if lang == "en":
        assert "(two there: you choose; a stack of three: all of it)" in flowed
        assert "\n  a stack of three" not in flowed and "\n  month), sseul" not in flowed
    items = {"en": ("gwang-bak 광박:", "pi-bak 피박:", "meong-dda 멍따:", "go-bak 고박:", "oe-myeon 외면:"),
             "ko": ("광박:", "피박:", "멍따:", "고박:", "외면:")}[lang]
    starts = [line.strip() for line in plain.splitlines() if line.startswith("    ")]
    flowed_starts = [line.strip() for line in flowed.splitlines() if line.startswith("    ")]
    for item in items:
        said = sum(1 for line in starts if line.startswith(item))
        assert sum(1 for line in flowed_starts if line.startswith(item)) == said, item
    if rules.payment_unit == "chips":
        assert sum(1 for line in starts if line.startswith(items)) >= 2  # there is a list to keep


# -- the Keys page lists only the keys this table can use ----------------------------------------

#: Keys every table uses: play, shake (any three of a month may be shown, SHAKE-1), go/stop
#: (DEC-16), which card to take (DEC-12/DEC-13), the screens' own keys.
ALWAYS_KEYS = {"1 .. 9, 0", "s", "g", "1, 2 ...", "Enter", "l", "ctrl+q", "ctrl+c"}
KEY_TABLES = [(name, {}, players) for name in sorted(PRESETS) for players in (2, 3)
              if not (PRESETS[name].two_player_only and players == 3)] + [
    ("pagat", {"bomb_allowed": False}, 3),
    ("pagat", {"grenade": "as_bomb"}, 3),
    ("pagat", {"bomb_allowed": False, "grenade": "steal"}, 3),
    ("pagat", {"bomb_compensation": "draw_three", "grenade": "move_only"}, 3),
    ("pagat", {"chongtong": "optional", "joker_hand_mode": "reveal_replace"}, 3),
    ("pagat", {"jokers": [], "joker_hand_mode": "reveal_replace"}, 3),
    ("pagat", {"shodang": False}, 5),
    ("fuda-wiki", {"shodang": True}, 4),
    ("matgo", {"surrender_lowest_first": False}, 2),
    ("goo-stupe", {"bomb_allowed": True}, 3),
    ("goo-stupe", {}, 5),
    ("goo-stupe", {"first_turn_ppuk_yell": False, "chongtong": "optional"}, 2),
    ("pagat", {}, 4),
    ("pagat", {"push_limit": 1}, 2),
]


def _key_column(text: str) -> list[str]:
    """The keys of the Keys page's table (its column is padded with two spaces or more), in order."""
    rows = text.split("\n\n")[0].splitlines()[2:]  # the heading and its underline first
    return [re.split(r"\s{2,}", row)[0] for row in rows if not row.startswith(" ")]


def _expected_keys(rules: Rules, players: int) -> set[str]:
    """The keys of the decisions (RULES.md 2.18) a table of ``rules`` can ask, from the knobs
    that enable them: DEC-11 bomb (``bomb_allowed``), grenade (``grenade``) and a stock-only
    turn (allowance from a bomb or a grenade under ``skip_two``, BOMB-3); DEC-8 jokers (a deck
    with jokers under ``reveal_replace``); DEC-7 a kept quad (``chongtong = optional``);
    DEC-9/DEC-10 shodang (``shodang``, three in the hand: LIAB-7); DEC-7 chongtong declared
    or not (``chongtong = optional``); DEC-15 the shout (``first_turn_ppuk_yell``); DEC-3 stay
    or drop and DEC-4 compensation (a gwangpalli table of more than three); VAR-PUSH
    (``push_limit``, never with shots)."""
    keys = set(ALWAYS_KEYS)
    if rules.chongtong == "optional":
        keys.add("c / n")
    if rules.first_turn_ppuk_yell:
        keys.add("y / n")
    if rules.multi_player_mode == "gwangpalli" and players > 3:
        keys |= {"s / d", "c / t / n"}
    if rules.push_limit > 0 and rules.payment_unit != "shots":
        keys.add("p / c")
    if rules.bomb_allowed:
        keys.add("b")
    if rules.grenade != "off":
        keys.add("e")
    if rules.bomb_compensation == "skip_two" and (rules.bomb_allowed or rules.grenade != "off"):
        keys.add("k")
    if rules.jokers and rules.joker_hand_mode == "reveal_replace":
        keys.add("r")
    if rules.chongtong == "optional":
        keys.add("q")
    if rules.shodang and min(players, 3) == 3:
        keys |= {"o", "a / r"}
    return keys


@pytest.mark.parametrize(("preset", "changes", "players"), KEY_TABLES,
                         ids=[f"{p}-{c}-{n}" for p, c, n in KEY_TABLES])
def test_keys_page_lists_only_the_keys_this_table_can_use(preset: str, changes: dict[str, object],
                                                          players: int) -> None:
    """No bomb, stock-only turn, joker, quad or shodang key at a table whose rules never ask
    that decision (goo-stupe has no bombs, shodang or jokers to reveal; Matgo is two players);
    the same keys in Korean; the <bomb> marker only where there are bombs; a table that hands
    junk over by itself (EVT-15) never asks which junk to give."""
    from gostop.play.guide import keys_text

    rules = make_rules(preset, changes)
    en, ko = keys_text("en", rules, players), keys_text("ko", rules, players)
    expected = _expected_keys(rules, players)
    assert set(_key_column(en)) - {"? or F1"} == expected
    assert set(_key_column(ko)) - {"? 또는 F1"} == expected
    assert ("<bomb> you can bomb" in en) == rules.bomb_allowed
    assert ("폭탄을 할 수 있는지" in ko) == rules.bomb_allowed
    assert ("which junk to give" in en) == (not rules.surrender_lowest_first)
    if "k" in expected:  # the stock-only turn names what grants it
        row = next(line for line in en.splitlines() if line.startswith("k "))
        assert ("bomb" in row) == rules.bomb_allowed and ("grenade" in row) == (rules.grenade != "off")


def test_keys_page_without_players_assumes_the_table_the_rules_allow() -> None:
    from gostop.play.guide import keys_text

    assert "offer shodang" in keys_text("en", get_preset("pagat"))
    assert "offer shodang" not in keys_text("en", get_preset("pagat").with_overrides({"two_player_only": True}))
    gwangpalli = ("s / d", "c / t / n")
    assert all(f"\n{k}  " in keys_text("en", get_preset("pagat")) for k in gwangpalli)  # up to 7 seated
    assert not any(f"\n{k}  " in keys_text("en", get_preset("matgo")) for k in gwangpalli)  # two only
    assert not any(f"\n{k}  " in keys_text("en", get_preset("goo-stupe")) for k in gwangpalli)  # rotation
    assert "\ny / n  " in keys_text("en", get_preset("goo-stupe"))


def test_keys_page_rows_are_the_keys_the_game_gives_those_choices() -> None:
    """The rows added for the table's other decisions name the keys the game really binds
    (play/session.py gives each action kind its preferred key), and the cut is listed only
    for a person who asked to cut (``--cut``), with the cut prompt's own keys."""
    from gostop.play.guide import keys_text
    from gostop.play.session import _PREFERRED

    pairs = {"c / n": ("chongtong", "continue"), "y / n": ("yell", "no-yell"), "s / d": ("stay", "drop"),
             "c / t / n": ("claim", "claim-triple", "no-claim"), "p / c": ("push", "collect")}
    for row, kinds in pairs.items():
        assert row == " / ".join(_PREFERRED[k] for k in kinds), row
    rules = make_rules("pagat", {"chongtong": "mandatory"})
    plain, asked = keys_text("en", rules, 3), keys_text("en", rules, 3, cut=True)
    assert "cut the deck" not in plain and "\nc / n  " not in plain
    assert "\nc / n  " in asked and "cut the deck, or deal as shuffled" in asked
    assert "패를 떼" in keys_text("ko", rules, 3, cut=True)
    assert _PREFERRED["cut"] == "c" and _PREFERRED["no-cut"] == "n"


# -- a table paid in shots says no chips and no multiplier ---------------------------------------

#: goo-stupe with every knob that multiplies a payment, or makes a loser pay for both, switched
#: on: a shots settlement (PAY-2, GOO-4) still applies none of them.
SHOTS_WITH_FACTORS = {"bomb_allowed": True, "bomb_multiplier": 2, "heundeum_multiplier": 2,
                      "heundeum_nov_dec_multiplier": 4, "shodang": True, "dok_bak": True, "oe_myeon": True,
                      "nagari_multiplier": "cumulative", "grenade": "as_bomb", "nagari_limit": 4}
#: Sentences of the Rules page that speak of a multiplier or of paying for both (English ids).
FACTOR_SENTENCES = [
    ("If you win, each bomb multiplies the payment by {times}.", {"times": 2}),
    ("Shake 흔들기: show three of a month in hand; if you win, you are paid x{times} (Nov/Dec x{nov_dec}).",
     {"times": 2, "nov_dec": 4}),
    ("The refuser risks paying for both losers (see below).", {}),
    ("It counts as a bomb: if you win, it multiplies the payment by {times}.", {"times": 2}),
]


@pytest.mark.parametrize("players", [2, 3])
def test_rules_page_of_a_shots_table_says_no_multiplier_whatever_the_knobs(players: int) -> None:
    """PAY-2: played for shots, nothing multiplies a payment and nobody pays for both, even
    with bomb, shake and nagari multipliers and dok-bak switched on: the page never says them
    (in Korean neither), says a shake changes no payment, and keeps the match's end after
    nagari in a row (MATCH-6), which is no payment."""
    from gostop.words import catalog

    rules = make_rules("goo-stupe", SHOTS_WITH_FACTORS)
    en, ko = rules_text(rules, players), rules_text(rules, players, "ko")
    w = catalog("ko")
    for msgid, fields in FACTOR_SENTENCES:
        assert msgid.format(**fields) not in en, msgid
        assert w.t(msgid, **fields) not in ko, msgid
    # past the line naming the changed knobs; "double junk" is a card's name (11D), not a multiplier
    body = en.split("\n", 2)[2].replace(" double junk ", " ")
    for word in ("chip", "multipl", "double", "x2", "x4", "both losers"):
        assert word not in body, word
    assert "Shake 흔들기: you may show three of a month in hand; it changes no payment." in en
    assert w.t("Shake 흔들기: you may show three of a month in hand; it changes no payment.") in ko
    assert "After 4 nagari in a row the match ends." in en
    assert w.t("After {n} nagari in a row the match ends.", n=4) in ko
    chips = rules_text(make_rules("pagat", {k: v for k, v in SHOTS_WITH_FACTORS.items()}), players)
    assert "If you win, each bomb multiplies the payment by 2." in chips  # the same knobs in chips


def test_matgo_differences_of_a_shots_table_say_no_multiplier() -> None:
    """The Matgo part of the page, played for shots: bombs and shakes do not multiply the win, a
    nagari doubles nothing (MATCH-5 and PAY-16 are chips factors)."""
    from gostop.words import catalog

    shots = make_rules("matgo", {"payment_unit": "shots", "shots_per_points": 5})
    en, ko = _matgo_part(rules_text(shots, 2)), _matgo_part(rules_text(shots, 2, "ko"))
    assert "Bombs and shakes do not multiply the win; a bomb also takes a junk." in en
    w = catalog("ko")
    for msgid in ("Each bomb and each shake doubles the win", "After a hand with no winner these are doubled too.",
                  "A hand with no winner doubles the next, up to x{cap}."):
        assert msgid.format(cap=8) not in en, msgid
        assert w.t(msgid, cap=8) not in ko, msgid
    chips = _matgo_part(rules_text(get_preset("matgo"), 2))
    assert "Each bomb and each shake doubles the win" in chips and "up to x8." in chips


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_keys_page_of_a_shots_table_says_a_shake_changes_no_payment(lang: str) -> None:
    """The ``s`` key at goo-stupe (shaking multiplies by 1, GOO-8), and at a shots table whose
    shake knob doubles (PAY-2 multiplies nothing): no "doubles your win"."""
    from gostop.play.guide import keys_text

    doubles = {"en": "doubles your win", "ko": "이기면 두 배"}[lang]
    nothing = {"en": "it changes no payment", "ko": "정산은 그대로"}[lang]
    for rules in (get_preset("goo-stupe"), make_rules("goo-stupe", SHOTS_WITH_FACTORS)):
        text = keys_text(lang, rules, 3)
        assert doubles not in text and nothing in text
        assert "x2" not in text and "x4" not in text
    assert doubles in keys_text(lang, get_preset("pagat"), 3)
    four = keys_text(lang, make_rules("pagat", {"heundeum_nov_dec_multiplier": 4}), 3)
    assert doubles not in four and {"en": "Nov/Dec x4", "ko": "11월·12월은 4배"}[lang] in four


# -- one source for the stamps a table can show --------------------------------------------------


@pytest.mark.parametrize(("preset", "changes"), STAMP_TABLES, ids=[f"{p}-{c}" for p, c in STAMP_TABLES])
def test_stamps_a_table_can_show_have_one_source(preset: str, changes: dict[str, object]) -> None:
    """:func:`gostop.hints.table_stamps` says which stamps a table can show: a seat exposed to
    everything shows exactly those (bak_stamps) and the Keys page names exactly those."""
    from gostop.hints import table_stamps
    from gostop.play.guide import keys_text

    rules = make_rules(preset, changes)
    kinds = table_stamps(rules)
    assert set(kinds) == _stamps_shown(rules, 2 if rules.two_player_only else 3)
    named = [name for name, (badge, _ko) in STAMP_BADGES.items() if badge in keys_text("en", rules)]
    assert named == list(kinds)


def test_the_keys_page_and_bak_stamps_follow_table_stamps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Changing what :func:`gostop.hints.table_stamps` says changes both the stamps shown and
    the Keys page: neither repeats its conditions."""
    import gostop.hints
    from gostop.play.guide import keys_text

    pagat = get_preset("pagat")
    assert _stamps_shown(pagat, 3) == {"pi-bak", "gwang-bak", "meong-dda"}
    monkeypatch.setattr(gostop.hints, "table_stamps", lambda rules: ("meong-bak",))
    assert _stamps_shown(pagat, 3) == {"meong-bak"}
    en, ko = keys_text("en", pagat), keys_text("ko", pagat)
    assert "Stamps ([MEONG-BAK 멍박]) show the" in en and "[피박]" not in ko and "[멍박]" in ko
    monkeypatch.setattr(gostop.hints, "table_stamps", lambda rules: ())
    assert _stamps_shown(pagat, 3) == set() and "Stamps" not in keys_text("en", pagat)
