"""Card guide, hints, stamps and card names: what a player reads must be right and consistent."""

from __future__ import annotations

import re

from rich.cells import cell_len

from gostop.play.guide import card_guide, rules_text
from gostop.play.names import card_words
from gostop.play.session import Session, Settings
from gostop.play.view import table_view
from gostop.rules import get_preset, make_rules


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
    assert card_words(parse_card("09J1"), "ko") == "국화 피 · chrysanthemum junk"
    assert card_words(parse_card("02R"), "ko") == "매조 띠 · plum ribbon"


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
        assert "3 with 09A as junk" in block.plain


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
    assert labels and all(" · " in lb for lb in labels)


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
    assert "pays the stop target." in rules_text(target, 3) and "pays target" not in rules_text(target, 3)
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
    assert f"A ppuk on your first turn is paid {m.first_turn_ppuk_payment}." in en
    assert f"Three ppuk win {m.three_ppuk_payment}." in en
    assert f"Chongtong 총통 pays {m.chongtong_payment} (you may keep the four cards and play on)." in en
    assert f"doubles the next, up to x{m.nagari_multiplier_cap}." in en
    protect = m.pi_bak_protect_min_two_player
    assert protect is not None
    assert f"{protect - 1} junk or fewer ({protect} protects; none at all is excused)" in en
    assert m.bomb_multiplier == m.heundeum_multiplier == 2 and m.bomb_steals_junk
    assert "Each bomb and each shake doubles the win; a bomb also takes a junk." in en
    assert "3 goes (points + 3) x 2, 4 goes (points + 4) x 4, 5 goes (points + 5) x 8" in en
    assert "The deck has 51 cards: 3 bonus cards (2 worth 2 junk, 1 worth 3 junk)." in en
    ko = _matgo_part(rules_text(m, 2, "ko"))
    assert f"첫뻑은 {m.first_turn_ppuk_payment}을 받습니다." in ko and "총통은 10을 받습니다" in ko
    assert f"피가 {protect - 1}장 이하일 때 ({protect}장이면 면하고" in ko and "(최대 x8)" in ko

    changed = make_rules("matgo", {"first_turn_ppuk_payment": 5, "three_ppuk_payment": 0,
                                   "chongtong_payment": 12, "nagari_multiplier_cap": 4,
                                   "pi_bak_protect_min_two_player": 6, "bomb_multiplier": 3,
                                   "bomb_steals_junk": False, "chongtong": "mandatory"})
    en = _matgo_part(rules_text(changed, 2))
    assert "A ppuk on your first turn is paid 5." in en and "paid 7" not in en
    assert "Three ppuk" not in en  # EVT-11 off
    assert "Chongtong 총통 pays 12 (it must be declared)." in en and "keep the four cards" not in en
    assert "doubles the next, up to x4." in en and "x8" not in en
    assert "5 junk or fewer (6 protects; none at all is excused)" in en
    assert "Each bomb multiplies the win by 3, each shake by 2." in en and "takes a junk" not in en
    ko = _matgo_part(rules_text(changed, 2, "ko"))
    assert "첫뻑은 5를 받습니다." in ko and "삼뻑" not in ko
    assert "총통은 12를 받습니다 (반드시 선언해야 합니다)." in ko
    assert "(최대 x4)" in ko and "피가 5장 이하일 때 (6장이면 면하고" in ko
    assert "폭탄은 하나마다 3배, 흔들기는 하나마다 2배입니다." in ko and "폭탄은 피도" not in ko

    target = _matgo_part(rules_text(make_rules("matgo", {"chongtong_payment": "target",
                                                          "stop_target_two_player": 5}), 2))
    assert "Chongtong 총통 pays 5 " in target  # DEAL-7: "target" is the 2-player stop target
