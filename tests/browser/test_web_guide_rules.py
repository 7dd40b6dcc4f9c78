"""The web guide ("How to play") states the numbers of the lobby's tables: 맞고 2인 plays the
``matgo`` preset, 고스톱 3인 and 광팔이 the ``pagat`` one, and every number the guide gives is
that preset's knob (GOSTOP-1 targets, PAY-6 pi-bak thresholds and go-bak, PAY-3/PAY-5 go
scheme, BOMB-2/PAY-5 bomb multiplier, SHAKE-2, SCORE-1/SCORE-3/SCORE-8 scoring, MATCH-5/MATCH-8
nagari carry, EVT-5 ja-ppuk)."""

from __future__ import annotations

from playwright.sync_api import Page

from gostop.rules import get_preset

TWO = get_preset("matgo")
THREE = get_preset("pagat")


def guide_text(page: Page, base_url: str, lang: str) -> dict[str, str]:
    """The guide's sections, title -> text, in ``lang``."""
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
    page.goto(base_url + "/#/guide")
    page.reload()  # the language is read when the page loads
    page.wait_for_selector(".howto section p")
    sections = page.locator(".howto section").all()
    return {s.locator("h2").inner_text(): s.locator("p").inner_text() for s in sections}


def test_the_lobby_tables_score_alike() -> None:
    """The guide states one scoring for both tables (SCORE-1, SCORE-3, SCORE-7, SCORE-8)."""
    for knob in ("four_brights_with_rain_points", "godori_points", "flex_card", "flex_junk_value",
                 "junk_value_11D", "junk_value_12D", "heundeum_multiplier", "last_turn_exception", "ja_ppuk_junk"):
        assert getattr(TWO, knob) == getattr(THREE, knob), knob


def test_the_english_guide_states_the_tables_numbers(page: Page, base_url: str) -> None:
    text = guide_text(page, base_url, "en")
    assert (f"the target ({TWO.stop_target_two_player} with two players, "
            f"{THREE.stop_target_three_player} with three)") in text["The goal"]  # GOSTOP-1
    pay = text["Payment and penalties (bak 박)"]
    assert f"less than {TWO.pi_bak_protect_min_two_player} junk in Matgo (none at all is excused)" in pay  # PAY-6, PAY-14
    assert f"less than {THREE.pi_bak_protect_min} with three players" in pay
    assert "the winner scored points with junk" in pay  # pi-bak only against a junk-scoring winner
    go = text["Go or stop"]
    assert TWO.go_bak_two_player == "double" and "you pay double (go-bak)" in go  # PAY-6 2-player go-bak
    assert THREE.dok_bak and "you pay for both losers (go-bak)" in go  # LIAB-3
    assert f"Matgo up to x{TWO.nagari_multiplier_cap}" in go  # MATCH-8
    assert "two goes add 2; from the third go" in go and TWO.go_scheme == "matgo"  # PAY-3
    bomb = text["Shake and bomb"]
    assert f"you are paid x{THREE.heundeum_multiplier}" in bomb  # SHAKE-2
    assert f"multiplies your win by {TWO.bomb_multiplier}" in bomb and TWO.bomb_steals_junk  # PAY-5, EVT-8
    score = text["Scoring"]
    assert f"godori (the three birds) scores {THREE.godori_points}" in score  # SCORE-3
    assert THREE.flex_card == "09A" and "The sake cup (September animal) counts as an animal or as double junk" in score  # SCORE-8
    assert f"({THREE.ja_ppuk_junk} junk if it was their own ppuk)" in text["Ppuk 뻑"]  # EVT-5


def test_the_korean_guide_states_the_tables_numbers(page: Page, base_url: str) -> None:
    text = guide_text(page, base_url, "ko")
    assert f"2인 {TWO.stop_target_two_player}점, 3인 {THREE.stop_target_three_player}점" in text["목표"]
    assert (f"맞고는 {TWO.pi_bak_protect_min_two_player}장 (한 장도 없으면 면제), "
            f"3인은 {THREE.pi_bak_protect_min}장이 안 되면 두 배") in text["정산과 박"]
    assert "열끗 5장 1점, 한 장마다 1점씩 더" in text["점수"]  # SCORE-2: +1 for each more
    assert f"고도리(새 세 마리) {THREE.godori_points}점" in text["점수"]
    assert f"맞고는 {TWO.nagari_multiplier_cap}배까지" in text["고 / 스톱"]
    assert f"폭탄도 이기면 {TWO.bomb_multiplier}배" in text["흔들기, 폭탄"]
