"""QA round 22 of the web game: the game's events, read live. At a table of three where one
player said go and lost (go-bak 고박), the settlement's "Who pays" list said the other loser
"pays 0 chips" (Korean "0칩 냄") though the settlement line says they pay nothing, and its
words ran together: "pays 12 chipspays for both", "12칩 냄두 사람 몫을 냄 (독박)". (QA 23: the one
who pays for both was stamped "no penalty" / "박 없음" beside it: the stamp says why, go-bak.)"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import play_until
from test_web_qa_round19 import _person
from test_web_table import sit


def _losers(page: Page) -> list[str]:
    loc = page.locator(".overlay:not([hidden]) .losers li.loser")
    expect(loc).to_have_count(2)
    return [" ".join(x.split()) for x in loc.all_text_contents()]


def test_the_go_bak_payer_and_the_one_covered_are_said_in_words(browser: Browser, base_url: str, game_server: Any) -> None:
    """Seed 2: "Tester 2" (Korean page) says go four times and loses to Minji, a bot: he pays
    for both (go-bak), Tester (English page) pays nothing."""
    room, tokens = seeded_room(game_server.db_url, Scenario(players=3, humans=2, prefer=("go",)), 2)
    actx, ann = _person(browser, 1280, 800, "en")
    bctx, bo = _person(browser, 1280, 800, "ko")
    sit(ann, base_url, room, 0, tokens[0])
    sit(bo, base_url, room, 1, tokens[1])

    def settled(page: Page) -> bool:
        return all(p.locator(".overlay:not([hidden]) .losers").count() for p in (page, bo))

    play_until(ann, settled, timeout=150, prefer=("go",), others=(bo,))
    en, ko = _losers(ann), _losers(bo)
    assert en[0].startswith("Tester ") and "pays nothing (the other pays for both)" in en[0], en
    assert "0 chips" not in en[0] and "pays for both" not in en[0].split("(")[0], en
    assert en[1].endswith("pays 12 chips pays for both"), en
    assert "안 냄 (다른 사람이 두 사람 몫을 냄)" in ko[0] and "0칩" not in ko[0], ko
    assert ko[1].endswith("12칩 냄 두 사람 몫을 냄 (독박)"), ko
    assert not any(c.isascii() and c.isalpha() for c in "".join(ko).replace("Tester", "")), ko
    # QA 23: the one who pays for both is not stamped "no penalty" / "박 없음" beside "pays for
    # both": the stamp says why they pay for both (go-bak); the one covered keeps its own
    assert "no penalty" not in en[1] and en[1].startswith("Tester 2 go-bak 고박 (said go, then lost) pays 12 chips"), en
    assert "박 없음" not in ko[1] and ko[1].startswith("Tester 2 (나) 고박 (고를 하고 짐) 12칩 냄"), ko
    assert en[0].startswith("Tester (you) pi-bak 피박 ×2 pays nothing") and ko[0].startswith("Tester 피박 ×2 안 냄"), (en, ko)
    actx.close()
    bctx.close()
