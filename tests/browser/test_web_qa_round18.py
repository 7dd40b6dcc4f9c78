"""QA round 18 of the web game. A keyboard player who tabbed to the "Say…" button keeps it when
the turn comes (the table drawn again gave the focus to the hand). The top bar stays one line on
the narrowest phones (320 and 360 px) in English and with the traditional deck's longer word, and
a phone held sideways has decision buttons of a finger's 44 px (go and stop, stay and drop were
35 px tall)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, find_seed, seeded_room
from tableplay import play_until, step, table_state
from test_web_phrases import two_friends_seated
from test_web_table import check_one_screen, my_turn, sit


def _person(browser: Browser, width: int, height: int, lang: str = "en", phone: bool = False) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                              reduced_motion="reduce", locale="ko-KR" if lang == "ko" else "en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


def test_the_say_button_keeps_the_focus_when_the_turn_comes(browser: Browser, base_url: str, game_server: Any) -> None:
    """Ann tabs to "Say…" while Bo thinks; Bo plays and her turn comes: the table drawn again
    gave the focus to her hand's first card, and her Enter played that card instead of opening
    the phrases. From the button (the menu closed), a card's key plays the card: the table's
    keys were off on the Say button."""
    room, ann_ctx, ann, bo_ctx, bo = two_friends_seated(browser, base_url, game_server.db_url, 2)
    for _ in range(200):  # Ann plays until it is Bo's turn
        if table_state(bo).get("toMove") == "1":
            break
        if step(ann) is None:
            ann.wait_for_timeout(50)
    assert table_state(bo).get("toMove") == "1", "Bo's turn never came"
    version = int(table_state(ann)["version"])
    ann.focus("#say-open")
    expect(ann.locator("#say-open")).to_be_focused()
    while table_state(ann).get("toMove") != "1":  # Bo plays (a pick, a go: his policy) until Ann's turn
        if step(bo) is None:
            bo.wait_for_timeout(50)
    assert int(table_state(ann)["version"]) > version
    expect(ann.locator(".myhand button.card.playable").first).to_be_visible()
    expect(ann.locator("#say-open")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(ann.locator("#say-menu")).to_be_visible()
    expect(ann.locator("#say-hello")).to_be_focused()
    assert int(table_state(ann)["version"]) == int(table_state(bo)["version"]), "Enter played a card"
    # the menu closed, the focus on the button: the table's keys play from there (a card's number)
    ann.keyboard.press("Escape")
    expect(ann.locator("#say-open")).to_be_focused()
    key = ann.eval_on_selector(".myhand .handslot:has(> button.card.playable) .key", "e => e.textContent")
    before = int(table_state(ann)["version"])
    ann.keyboard.press(key)
    ann.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) > {before}")
    ann_ctx.close()
    bo_ctx.close()


#: The top bar's controls: their rows (tops), the lines of each one's words, and the page's width.
TOP_BAR = """() => { const els = [...document.querySelectorAll('.topbar .brand, .topbar nav > *')].filter((e) => e.offsetParent);
  const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; };
  return { rows: new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size, lines: els.map(lines),
           small: els.filter((e) => { const b = e.getBoundingClientRect(); return b.width < 44 || b.height < 44; }).map((e) => e.textContent),
           right: Math.max(...els.map((e) => e.getBoundingClientRect().right)), width: innerWidth,
           doc: document.documentElement.scrollWidth, bar: document.querySelector('.topbar').getBoundingClientRect().height }; }"""


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("width", [320, 360, 375, 390, 414])
def test_the_top_bar_is_one_line_on_a_narrow_phone(width: int, lang: str, browser: Browser, base_url: str) -> None:
    # "How to play", "Clear deck" and "한국어" took two lines each under 375 px; "Traditional
    # deck" (the other deck chosen) did on every phone
    ctx, page = _person(browser, width, 700, lang, phone=True)
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-play")
    for deck in ("clear", "traditional"):
        got = page.evaluate(TOP_BAR)
        assert got["rows"] == 1 and max(got["lines"]) == 1, (deck, got)
        # against the width asked for: a phone widens its layout to a bar that overflows
        # (innerWidth 388 at 375 px with "Traditional deck") and shows the page zoomed out
        assert got["right"] <= width and got["doc"] <= width and got["width"] == width, (deck, got)
        assert got["small"] == [] and got["bar"] <= 48, (deck, got)
        if deck == "clear":
            before = page.text_content("#deck-toggle")
            page.click("#deck-toggle")
            expect(page.locator("#deck-toggle")).not_to_have_text(before or "")
    ctx.close()


@pytest.mark.parametrize(("width", "height", "lang"), [(844, 390, "en"), (667, 375, "ko")], ids=["844x390-en", "667x375-ko"])
def test_a_sideways_phone_has_44_px_decision_buttons(width: int, height: int, lang: str, browser: Browser, base_url: str,
                                                      game_server: Any) -> None:
    """Go and stop (and gwangpalli's stay and drop) were 35 px tall on a phone held sideways,
    Korean "고" 43 px wide; the table stays one screen and the field readable."""
    ctx, page = _person(browser, width, height, lang, phone=True)
    room, tokens = seeded_room(game_server.db_url, Scenario(hands=3), find_seed(Scenario(hands=3), {"go"}))
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-go"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    boxes = page.eval_on_selector_all(".decisions .buttons button", "els => els.map((e) => [e.offsetWidth, e.offsetHeight])")
    assert len(boxes) >= 2 and min(min(b) for b in boxes) >= 44, boxes
    check_one_screen(page, f"go/stop {width}x{height}")
    heights = page.eval_on_selector_all(".board .card[data-code]", "els => els.map((e) => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 40, heights

    room, tokens = seeded_room(game_server.db_url, Scenario(players=5, hands=1), 3)  # seed 3: stay or drop comes first
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    page.wait_for_selector(".decisions button.decision.kind-stay")
    boxes = page.eval_on_selector_all(".decisions .buttons button", "els => els.map((e) => [e.offsetWidth, e.offsetHeight])")
    assert len(boxes) == 2 and min(min(b) for b in boxes) >= 44, boxes
    check_one_screen(page, f"stay or drop {width}x{height}")
    ctx.close()
