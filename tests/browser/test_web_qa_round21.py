"""QA round 21 of the web game: the end of a match with friends and its rematch. Offering or
accepting the rematch redrew the rematch box and the pressed button with it: the focus fell to
the page's body under the open standings (Tab started again from the top bar behind the
dialog)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from scenarios import Scenario, seeded_room
from tableplay import close_settlement, play_until
from test_web_qa_round19 import _person
from test_web_table import sit


def test_the_focus_stays_in_the_rematch_box_when_its_button_is_redrawn(browser: Browser, base_url: str, game_server: Any) -> None:
    """Ann (1280x800, English) offers the rematch by keyboard; 민수 (375x667, Korean) declines,
    then accepts: each time the focus stays in the dialog, on the box's next thing to do."""
    room, tokens = seeded_room(game_server.db_url, Scenario(players=3, humans=2, hands=1, names=("Ann", "민수")), 3)
    actx, ann = _person(browser, 1280, 800, "en")
    bctx, bo = _person(browser, 375, 667, "ko", phone=True)
    sit(ann, base_url, room, 0, tokens[0])
    sit(bo, base_url, room, 1, tokens[1])

    def over(page: Any) -> bool:
        close_settlement(bo)
        close_settlement(page)
        return page.locator(".overlay:not([hidden]) .standings #rematch").count() > 0

    play_until(ann, over, timeout=150, others=(bo,))
    inside = "() => !!document.activeElement && !!document.activeElement.closest('.overlay .standings #rematch-box')"
    ann.focus("#rematch")
    ann.keyboard.press("Enter")
    expect(ann.locator("#rematch-box li[data-answer='accepted']")).to_have_count(1)
    ann.wait_for_function(inside)
    assert ann.evaluate("document.activeElement.id") != "rematch-decline"  # (Enter again does not decline)
    close_settlement(bo)
    decline = bo.locator(".overlay:not([hidden]) #rematch-decline")
    expect(decline).to_be_visible()
    decline.click()
    expect(bo.locator("#rematch-box li[data-answer='declined']")).to_have_count(1)
    bo.wait_for_function(inside)
    expect(bo.locator(":focus")).to_have_text("한 판 더 받기")
    bo.keyboard.press("Enter")  # changed their mind: the new match starts for both
    expect(ann.locator(".table-page[data-phase]")).to_be_visible()
    ann.wait_for_url(lambda u: room not in u)
    bo.wait_for_url(lambda u: room not in u)
    assert ann.url.split("#")[1] == bo.url.split("#")[1]
    expect(ann.locator(".overlay:not([hidden])")).to_have_count(0)
    expect(bo.locator(".overlay:not([hidden])")).to_have_count(0)
    actx.close()
    bctx.close()
