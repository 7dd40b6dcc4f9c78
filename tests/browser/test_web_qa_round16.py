"""QA round 16 of the web game: the quick phrases (상용구) where people meet. People waiting
for the rest of their table greet each other; the final standings offer "Good game!" and "One
more game?" (the table's "Say…" menu is behind the dialog) and show the bubbles said meanwhile;
a spectator may mute the phrases (and says none); a bubble sits on its speaker's name line,
beside the name, never over a score."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import create_room
from test_web_table import sit

#: A two-person, one-hand match whose deal ends it (a chongtong): the standings at once.
DECIDED_AT_DEAL = (Scenario(players=2, humans=2, hands=1), 66)
#: A two-person match whose first hand is played (not decided at the deal).
PLAYED = (Scenario(players=2, humans=2, hands=1), 2)

OVERLAP = """([a, sel]) => { const b = document.querySelector(a).getBoundingClientRect();
  return [...document.querySelectorAll(sel)].filter((e) => { const r = e.getBoundingClientRect();
    return r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top; })
  .map((e) => e.className + ' ' + e.textContent.trim()); }"""


def _person(browser: Browser, width: int, height: int, lang: str, phone: bool = False) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                              reduced_motion="reduce", locale="ko-KR" if lang == "ko" else "en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


def _on_line(page: Page, bubble: str, name: str) -> bool:
    """Whether the bubble's middle is on the line of the name (beside it, not under it)."""
    return bool(page.evaluate("""([b, n]) => { const q = document.querySelector(b).getBoundingClientRect();
      const r = document.querySelector(n).getBoundingClientRect(); const mid = q.top + q.height / 2;
      return mid >= r.top && mid <= r.bottom && q.left >= r.right; }""", [bubble, name]))


def test_people_waiting_for_the_rest_of_their_table_greet_each_other(browser: Browser, base_url: str) -> None:
    ann_ctx, ann = _person(browser, 1280, 800, "en")
    create_room(ann, base_url, "Ann", seats=("human", "human", "human"))
    ann.wait_for_selector(".waiting")
    expect(ann.locator("#say-open")).to_have_count(0)  # alone: nobody to greet yet
    link = ann.input_value("#waiting-invite-link")
    bo_ctx, bo = _person(browser, 844, 390, "ko", phone=True)
    bo.goto(link)
    bo.fill("#join-name", "Bo")
    bo.click("#take-seat")
    expect(ann.locator(".waiting #say-open")).to_have_text("Say…")
    expect(bo.locator(".waiting #say-open")).to_have_text("말하기")
    # on a sideways phone the button is low on the waiting panel: the menu opens where it fits
    bo.tap("#say-open")
    expect(bo.locator("#say-menu")).to_be_visible()
    expect(bo.locator("#say-hello")).to_be_focused()
    inside = bo.evaluate("() => { const r = document.querySelector('#say-menu').getBoundingClientRect(); "
                         "return r.top >= 0 && r.bottom <= innerHeight && r.height >= 200; }")
    assert inside, "the phrase menu is squeezed or goes off the sideways phone's screen"
    bo.tap("#say-hello")
    expect(ann.locator(".bubble[data-seat='1']")).to_have_text("Hello!")
    expect(ann.locator("#table-news")).to_contain_text("Bo: Hello!")
    assert _on_line(ann, ".bubble[data-seat='1']", ".waiting li[data-bubble-seat='1'] .pname")
    ann_ctx.close()
    bo_ctx.close()


def test_the_standings_offer_the_phrases_of_a_match_end_and_a_spectator_mutes_them(browser: Browser, base_url: str,
                                                                                   game_server: Any) -> None:
    scenario, seed = DECIDED_AT_DEAL
    room, tokens = seeded_room(game_server.db_url, scenario, seed)
    ann_ctx, ann = _person(browser, 1280, 800, "en")
    bo_ctx, bo = _person(browser, 390, 844, "ko", phone=True)
    watch_ctx, watcher = _person(browser, 844, 390, "en", phone=True)
    sit(ann, base_url, room, 0, tokens[0])
    sit(bo, base_url, room, 1, tokens[1])
    watcher.goto(f"{base_url}/#/room/{room}/watch")
    for p in (ann, bo):
        p.click("#settle-close")  # the hand decided at the deal, then the match's standings
        expect(p.locator(".overlay:not([hidden]) .standings #standings-say")).to_be_visible()
    heights = bo.eval_on_selector_all("#standings-say button", "els => els.map((e) => e.getBoundingClientRect().height)")
    assert len(heights) == 3 and min(heights) >= 44, heights
    expect(bo.locator("#standings-say-one-more")).to_have_text("한 판 더 할까요?")
    expect(watcher.locator(".overlay:not([hidden]) .standings")).to_be_visible()
    expect(watcher.locator("#standings-say")).to_have_count(0)  # a spectator says nothing

    ann.click("#standings-say-good-game")
    # the bubble is over the dialog, on the speaker's line of the standings
    for p, said in ((bo, "수고하셨습니다!"), (ann, "Good game!"), (watcher, "Good game!")):
        expect(p.locator(".bubble[data-seat='0']")).to_have_text(said)
        expect(p.locator(".bubble[data-seat='0']")).to_be_in_viewport()
        assert _on_line(p, ".bubble[data-seat='0']", ".standings li[data-bubble-seat='0'] > span")
    expect(bo.locator("#table-news")).to_contain_text("Tester: 수고하셨습니다!")

    # the spectator: the Mute switch alone (no Say button), and the bubbles go
    watcher.click("#standings-close")
    expect(watcher.locator("#say-open")).to_have_count(0)
    mute = watcher.locator(".status #say-mute")
    expect(mute).to_have_attribute("role", "switch")
    expect(mute).to_have_text("Mute phrases")
    mute.click()
    expect(mute).to_have_attribute("aria-checked", "true")
    expect(watcher.locator(".bubble")).to_have_count(0)
    bo.tap("#standings-say-one-more")
    expect(ann.locator(".bubble[data-seat='1']")).to_have_text("One more game?")
    expect(watcher.locator(".bubble")).to_have_count(0)
    for c in (ann_ctx, bo_ctx, watch_ctx):
        c.close()


def test_a_bubble_sits_beside_the_name_never_over_a_score(browser: Browser, base_url: str, game_server: Any) -> None:
    # it sat under the name plate's header for 4 s: over the opponent's score line at 1280×800
    # (and, on a sideways phone whose plate is one line, it would have covered the score there)
    scenario, seed = PLAYED
    room, tokens = seeded_room(game_server.db_url, scenario, seed)
    ann_ctx, ann = _person(browser, 1280, 800, "en")
    bo_ctx, bo = _person(browser, 844, 390, "ko", phone=True)
    sit(ann, base_url, room, 0, tokens[0])
    sit(bo, base_url, room, 1, tokens[1])
    for p in (ann, bo):
        p.wait_for_selector(".status #say-open")
    ann.click("#say-open")
    ann.click("#say-nice")
    scores = "section.player .score > *, section.player .capgroup > *, section.player header > *, .field .card, .myhand .card"
    for p in (ann, bo):
        bubble = ".bubble[data-seat='0']"
        expect(p.locator(bubble)).to_be_visible()
        assert _on_line(p, bubble, "section.player[data-seat='0'] .pname"), p.viewport_size
        assert p.evaluate(OVERLAP, [bubble, scores]) == [], p.viewport_size
    ann_ctx.close()
    bo_ctx.close()


#: A deal where the stock card turned after the person's first card (the first of the hand,
#: 01J2) matches the two plain pampas grass junk on the table (08J1, 08J2).
ALIKE = (Scenario(players=2, humans=1, hands=1), 287)


def test_a_pick_between_two_cards_alike_is_not_asked(page: Page, base_url: str, game_server: Any) -> None:
    """QA 16: "Take which card?" between the month's two plain junk, which nothing tells
    apart: the page takes one by itself and tells a screen reader why; the hand goes on."""
    from test_web_table import my_turn

    scenario, seed = ALIKE
    room, tokens = seeded_room(game_server.db_url, scenario, seed)
    page.add_init_script("localStorage.setItem('gostop.lang', 'en')")
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    version = int(page.get_attribute(".table-page", "data-version") or 0)
    page.click('.myhand button.card[data-code="01J2"]')  # (a laptop: one click plays it)
    expect(page.locator("#table-news")).to_contain_text("Two cards alike (August junk, pampas grass): you take one.")
    page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) >= {version + 2}")
    assert page.locator(".decisions button.kind-pick").count() == 0
