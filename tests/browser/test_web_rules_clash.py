"""Rule changes that clash, said by the lobby in the page's language from the server's facts
(``rules_refused`` with ``clash``, its kind, and the values it names): each kind says why in
English and in Korean, without the server's English sentence; a refusal without a kind the
page knows (an older server, a clash with the table) still shows that sentence."""

from __future__ import annotations

import re

from playwright.sync_api import Page
from test_web_errors import chip_target_refused, korean

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: English words of the server's sentences, and identifiers: none may reach a Korean page.
ENGLISH = re.compile(r"[A-Za-z]{3,}")

#: One refusal of each kind, with the facts the server sends beside it
#: (gostop.server.rooms.clash_facts; RULES.md: PAY-2, GEN-5, SCORE-11, EVT-10 and GOO-14,
#: MATCH-1, VAR-BOAR, VAR-PUSH).
CLASHES = {
    "shots_need_rate": {"knobs": ["payment_unit", "shots_per_points"]},
    "shot_knobs_need_shots": {"knobs": ["no_junk_shot", "nagari_shots", "payment_unit"], "on": ["no_junk_shot", "nagari_shots"]},
    "cap_below_target": {"knobs": ["score_cap", "stop_target_two_player"], "score_cap": 5, "target": 7},
    "two_first_turn_ppuk_rewards": {"knobs": ["first_turn_ppuk_payment", "first_turn_ppuk_yell"]},
    "target_chips_need_chips": {"knobs": ["match_target_chips", "payment_unit"], "match_target_chips": 50},
    "boar_pot_needs_chips": {"knobs": ["boar", "payment_unit"]},
    "push_needs_chips": {"knobs": ["push_limit", "payment_unit"], "push_limit": 2},
}


def test_each_clash_says_why_from_its_facts(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    said: dict[str, dict[str, str]] = page.evaluate(
        """async (clashes) => {
          const i18n = await import("/js/i18n.js");
          const name = (k) => `[${k.length}]`;  // a rule's name: no letters, so that any left are English words
          const out = { en: {}, ko: {} };
          for (const lang of ["en", "ko"]) {
            for (const [clash, facts] of Object.entries(clashes)) {
              out[lang][clash] = i18n.errorText({ code: "rules_refused", detail: "SERVER SENTENCE", clash, ...facts }, name, lang);
            }
            out[lang].older = i18n.errorText({ code: "rules_refused", detail: "SERVER SENTENCE", knobs: ["boar"] }, name, lang);
            out[lang].unknown = i18n.errorText({ code: "rules_refused", detail: "SERVER SENTENCE", knobs: ["boar"], clash: "new_kind" }, name, lang);
          }
          return out;
        }""", CLASHES)
    en, ko = said["en"], said["ko"]
    whys = set()
    for clash, facts in CLASHES.items():
        for text in (en[clash], ko[clash]):
            assert "SERVER SENTENCE" not in text and "자세히" not in text, (clash, text)
            assert "undefined" not in text and "NaN" not in text, (clash, text)
            for knob in facts["knobs"]:
                assert f"“[{len(knob)}]”" in text, (clash, knob, text)  # the rules named, by their names
        assert HANGUL.search(ko[clash]) and not ENGLISH.search(ko[clash]), (clash, ko[clash])
        # the why after the rules named: a sentence of its own per kind
        whys.add(ko[clash].split("”.", 1)[1])
    assert len(whys) == len(CLASHES)
    # the values said
    assert "(5)" in en["cap_below_target"] and "(7)" in en["cap_below_target"], en
    assert "점수 상한(5점)이 스톱 점수(7점)보다 낮아서" in ko["cap_below_target"], ko
    assert "(50)" in en["target_chips_need_chips"] and "목표 칩(50칩)은" in ko["target_chips_need_chips"], (en, ko)
    assert "(up to 2 in a row)" in en["push_needs_chips"] and "밀기(연달아 2번까지)는" in ko["push_needs_chips"], (en, ko)
    # no kind known here: the server's sentence, as before
    for text in (en["older"], en["unknown"]):
        assert text.endswith("SERVER SENTENCE"), text
    for text in (ko["older"], ko["unknown"]):
        assert text.endswith("(자세히: SERVER SENTENCE)"), text


def test_a_clash_from_the_server_is_said_in_korean_without_its_english(page: Page, base_url: str) -> None:
    # a chip target at a table paid in shots (goo-stupe; MATCH-1, GOO-1)
    for lang in ("ko", "en"):
        if lang == "ko":
            korean(page, base_url)
        else:
            page.goto(base_url + "/")
            page.evaluate("() => localStorage.setItem('gostop.lang', 'en')")
            page.reload()
        text = chip_target_refused(page)
        assert "match_target_chips" not in text and "payment_unit" not in text and "MATCH-1" not in text, text
        if lang == "ko":
            assert "함께 쓸 수 없습니다" in text and "목표 칩(50칩)은 칩으로 셈할 때만 쓸 수 있습니다" in text, text
            assert "자세히" not in text and "needs" not in text, text
        else:
            assert "A chip target (50) needs a game paid in chips" in text, text
            assert "contradictory rules" not in text, text
