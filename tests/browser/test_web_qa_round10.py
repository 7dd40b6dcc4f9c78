"""QA round 10 of the web game: a call-out of a finished hand does not linger over the next
one, the lobby lists every public table (a page at a time), and the browser tests close a
settlement with their one helper."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import GameServer
from playwright.sync_api import Browser, Page, expect
from tableplay import close_settlement, create_room, play_until, settlement_shown

HERE = Path(__file__).parent

CALLOUT_SHOWN = "() => document.querySelector('.callout').classList.contains('show')"


def test_closing_the_settlement_clears_the_call_out_of_the_hand_before(page: Page, base_url: str) -> None:
    # the hand's last move comes with its call-out ("Stop!", "Nagari") and the settlement at
    # once; a player who closes it quickly saw that call-out over the next hand for 1.8 s
    create_room(page, base_url, "Cleo", hands=3)
    checked = 0
    for _ in range(3):
        play_until(page, lambda p: settlement_shown(p) or p.locator(".table-page[data-over='1']").count() > 0, timeout=120)
        if not settlement_shown(page):
            break
        lingering = page.evaluate(CALLOUT_SHOWN)
        before = page.evaluate("() => document.querySelector('.callout').textContent")
        assert close_settlement(page)
        if lingering:  # (a hand decided at the deal has no call-out: nothing to check there)
            checked += 1
            assert not page.evaluate(CALLOUT_SHOWN), f"the call-out {before!r} is still shown over the next hand"
        if page.locator(".overlay:not([hidden]) .standings").count():
            break
    assert checked, "no hand ended with a call-out to check"


@pytest.fixture
def own_server(tmp_path: Path, browser: Browser) -> Iterator[GameServer]:  # (browser: skips without Chromium)
    """A server of this test's own: its many rooms are not listed in the other tests' lobby."""
    server = GameServer(tmp_path / "serve").start()
    yield server
    server.stop()
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_the_lobby_lists_every_table_a_page_at_a_time(browser: Browser, own_server: GameServer) -> None:
    url = own_server.url
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 1, "public": True, "spectators": True,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = []
    for i in range(63):
        r = ctx.request.post(url + "/api/rooms", data=json.dumps({**body, "name": f"Table {i:02d}"}),
                             headers={"Content-Type": "application/json"})
        assert r.ok, r.text()
        made.append(r.json()["room"]["id"])
    # the API's next page: the rooms after the first ones, newest first
    first = ctx.request.get(url + "/api/rooms?state=waiting&limit=60").json()["rooms"]
    rest = ctx.request.get(url + "/api/rooms?state=waiting&limit=60&offset=60").json()["rooms"]
    assert [r["id"] for r in first + rest] == made[::-1]

    page.goto(url + "/")
    rows = page.locator("#live-rooms > li.room")
    expect(rows).to_have_count(50)
    more = page.locator("#more-rooms")
    expect(more).to_be_visible()
    expect(more).to_have_text("Show more tables")
    expect(page.locator(".more-rooms")).to_contain_text("The newest 50 tables are listed.")
    box = more.bounding_box()
    assert box is not None and box["height"] >= 44, box  # a phone's finger
    more.click()
    expect(rows).to_have_count(63)
    expect(page.locator(".more-rooms")).to_be_hidden()
    # the oldest table, past the first page, can be joined
    expect(page.locator("#live-rooms > li.room", has_text="Table 00").locator("a.button", has_text="Join")).to_be_visible()
    # still all of them after the lobby's refresh (every 5 s)
    page.wait_for_timeout(5500)
    expect(rows).to_have_count(63)

    # in Korean, the button and its line too
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
    page.reload()
    expect(rows).to_have_count(50)
    expect(page.locator("#more-rooms")).to_have_text("판 더 보기")
    expect(page.locator(".more-rooms")).to_contain_text("최근 판 50개까지 보입니다.")
    ctx.close()


def test_the_presence_test_closes_a_settlement_with_the_helper() -> None:
    # one way to close a settlement in the tests (tableplay.close_settlement), not a copy of it
    text = (HERE / "test_web_presence.py").read_text()
    assert "close_settlement(ann)" in text
    assert "#settle-close" not in text


PHONE_SMALL = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent)
  .map(e => [e.textContent.trim().slice(0, 30), Math.round(e.getBoundingClientRect().height)]).filter(x => x[1] < 44)"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lobby_and_guide_links_and_the_room_form_boxes_are_44px_on_a_phone(browser: Browser, base_url: str, lang: str) -> None:
    # the links to the guides were 19 px lines, the room form's yes/no boxes 13 px squares
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    page = ctx.new_page()
    page.goto(base_url + "/")
    page.click("#advanced > summary")
    expect(page.locator("#create .row > label.check")).to_have_count(2)
    assert page.evaluate(f"() => ({PHONE_SMALL})('.intro a')") == []
    assert page.evaluate(f"() => ({PHONE_SMALL})('#create .row > label.check')") == []
    boxes = page.eval_on_selector_all("#create .row > label.check input", "els => els.map(e => e.getBoundingClientRect().width)")
    assert boxes and min(boxes) >= 22, boxes
    # a tap on the words of the row ticks its box
    public = page.locator("#create .row > label.check input").first
    before = public.is_checked()
    page.locator("#create .row > label.check").first.tap()
    assert public.is_checked() != before
    page.goto(base_url + "/#/guide")
    page.wait_for_selector(".guide-nav a")
    assert page.evaluate(f"() => ({PHONE_SMALL})('.guide-nav a')") == []
    ctx.close()


def test_without_javascript_the_page_says_so_in_english_and_korean(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(java_script_enabled=False)
    page = ctx.new_page()
    page.goto(base_url + "/")
    expect(page.locator("noscript p").first).to_have_text("The gostop web game needs JavaScript.")
    expect(page.locator("noscript p[lang=ko]")).to_have_text("고스톱 웹 게임은 자바스크립트가 켜져 있어야 합니다.")
    ctx.close()
