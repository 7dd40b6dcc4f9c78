"""QA round 12 of the web game: a spectator's review of a hand during the match shows the hand,
not the live table's status words, without asking the server for what it refuses them; the
review's field cards are readable on a phone held sideways, and its move counter lines up with
its buttons; the words under my hand's cards start below the cards' ring."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import play_until, settlement_shown
from test_web_table import sit

LANDSCAPE = {"width": 844, "height": 390}


def context_page(browser: Browser, viewport: dict[str, int], lang: str = "en", touch: bool = True) -> Page:
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, reduced_motion="reduce", locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx.new_page()


def watch(browser: Browser, base_url: str, room: str, viewport: dict[str, int], lang: str = "en") -> Page:
    page = context_page(browser, viewport, lang)
    page.goto(f"{base_url}/#/room/{room}/watch")
    page.wait_for_selector(".table-page[data-phase]")
    return page


def spectator_review(page: Page, browser: Browser, base_url: str, game_server: Any, lang: str) -> tuple[Page, list[str]]:
    """A player plays the first of two hands out; a spectator on a sideways phone opens its
    review from the settlement. The spectator's page and the review requests it made."""
    room, tokens = seeded_room(game_server.db_url, Scenario(players=3, hands=2), 11)
    sit(page, base_url, room, 0, tokens[0])
    watcher = watch(browser, base_url, room, LANDSCAPE, lang)
    asked: list[str] = []
    watcher.on("request", lambda r: asked.append(r.url) if "/hands/" in r.url else None)
    play_until(page, lambda p: settlement_shown(watcher), timeout=120)
    dialog = watcher.locator(".overlay:not([hidden]) .settlement")
    expect(dialog).to_be_visible()
    expect(watcher.locator(".table-page[data-over='0']")).to_have_count(1)  # the match goes on
    dialog.locator("#review-hand").click()
    expect(watcher.locator(".overlay:not([hidden]) .review .counter")).to_be_visible()
    return watcher, asked


#: The spectator's review in one read: its table's status words and its live marks (the
#: watching tag, a turn timer, the key help, the standings button).
_REVIEW_FRAME = """() => {
  const box = document.querySelector(".overlay:not([hidden]) .review .review-table");
  const words = box.querySelector(".status > span");
  return {
    status: words ? words.textContent : null,
    live: [...box.querySelectorAll(".watchtag, .timer, .keyhelp, #standings-open")].map((e) => e.className),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_spectators_review_shows_no_live_status_and_asks_nothing_refused(page: Page, browser: Browser, base_url: str,
                                                                          game_server: Any, lang: str) -> None:
    # the page asked the server (403: the record is the seats' until the match is over), then
    # drew the views it had kept, whose status line said "Hand 1 of 2 · Waiting for Tester…"
    watcher, asked = spectator_review(page, browser, base_url, game_server, lang)
    hand = {"en": "Hand 1 of 2", "ko": "2판 중 1판째"}[lang]
    seen = 0
    while True:  # every moment of the hand, one read each (the last one counted the hand played)
        frame = watcher.evaluate(_REVIEW_FRAME)
        assert frame["status"] == hand, (seen, frame["status"])
        assert frame["live"] == [], (seen, frame["live"])
        seen += 1
        if watcher.locator("#review-next").is_disabled():
            break
        watcher.click("#review-next")
    assert seen > 1
    assert asked == [], asked
    watcher.context.close()


#: The record review's field in one read: each card's box, the dialog's sides and the window's.
_FIELD_FRAME = """() => {
  const modal = document.querySelector(".overlay:not([hidden]) .modal").getBoundingClientRect();
  const cards = [...document.querySelectorAll(".overlay:not([hidden]) .record-review .rv-field .card")].map((e) => {
    const r = e.getBoundingClientRect();
    return { code: e.dataset.code || "", left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
  });
  return { cards, modal: { left: modal.left, right: modal.right }, width: innerWidth };
}"""


def _settled_pages(browser: Browser, base_url: str, game_server: Any, people: list[tuple[str, dict[str, int]]]) -> list[Page]:
    """One room (2 players, one hand, seed 2), seat 0 on a page for each (language, viewport)
    of ``people`` (touch below 900 px wide): the first page plays the hand out; each other one,
    loaded afresh once it is over, shows the same settlement."""
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, hands=1), 2)
    pages = []
    for lang, viewport in people:
        page = context_page(browser, viewport, lang, touch=viewport["width"] < 900)
        sit(page, base_url, room, 0, tokens[0])
        if pages:
            expect(page.locator(".overlay:not([hidden]) #review-hand"), lang).to_be_visible()
        else:
            play_until(page, settlement_shown, timeout=120)
        pages.append(page)
    return pages


def test_a_sideways_phone_shows_the_reviews_field_cards_readable(browser: Browser, base_url: str, game_server: Any) -> None:
    # 844x390: the review's field cards were 18 px wide, each laid 10 px over the one before
    # (the same hand's review, in English and in Korean)
    pages = _settled_pages(browser, base_url, game_server, [("en", LANDSCAPE), ("ko", LANDSCAPE)])
    for lang, page in zip(("en", "ko"), pages, strict=True):
        page.click("#review-hand")
        page.wait_for_selector(".record-review .rv-seat")
        checked = 0
        while True:
            frame = page.evaluate(_FIELD_FRAME)
            cards = frame["cards"]
            for c in cards:
                assert c["width"] >= 28, (lang, c)
                assert c["left"] >= frame["modal"]["left"] - 0.5 and c["right"] <= frame["modal"]["right"] + 0.5, (lang, c, frame)
            for i, a in enumerate(cards):
                for b in cards[i + 1:]:
                    across = min(a["right"], b["right"]) - max(a["left"], b["left"])
                    down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                    assert across <= 0.5 or down <= 0.5, f"{lang}: field cards overlap: {a} {b}"
            checked += bool(cards)
            if page.locator("#review-next").is_disabled():
                break
            page.click("#review-next")
        assert checked, f"{lang}: no field card in the whole review"
    for page in pages:
        page.context.close()


#: The middle of an element's words (a range around its text), in px from the window's top.
_TEXT_MIDDLE = """sel => { const el = document.querySelector(sel); const r = document.createRange();
  r.selectNodeContents(el); const b = r.getBoundingClientRect(); return (b.top + b.bottom) / 2; }"""


def test_the_reviews_move_counter_lines_up_with_its_buttons(browser: Browser, base_url: str, game_server: Any) -> None:
    # "Move 1 of 20" sat at the feet of the buttons beside it, its words 8 to 13 px below theirs
    # (the same hand's review in English in a wide window and in Korean on a sideways phone)
    people = [("en", {"width": 1366, "height": 768}), ("ko", LANDSCAPE)]
    pages = _settled_pages(browser, base_url, game_server, people)
    for (lang, viewport), page in zip(people, pages, strict=True):
        page.click("#review-hand")
        page.wait_for_selector(".record-review .rv-seat")
        counter, button = (page.evaluate(_TEXT_MIDDLE, sel) for sel in (".review .counter", "#review-next"))
        assert abs(counter - button) <= 1.5, (lang, viewport, counter, button)
    for page in pages:
        page.context.close()


#: Each card of my hand with words under it, in one read: the card's lowest edge with its ring
#: (a playable card's 2 px box-shadow) and the top of the words' glyphs (a range around them).
_HAND_WORDS = """() => [...document.querySelectorAll(".myhand .handslot")].map((slot) => {
  const card = slot.querySelector(":scope > .card");
  const what = slot.querySelector(".what");
  if (!card || !what || !what.textContent.trim() || !what.offsetParent) return null;
  const ring = card.classList.contains("playable") ? 2 : 0;
  const range = document.createRange();
  range.selectNodeContents(what);
  return { code: card.dataset.code, card: card.getBoundingClientRect().bottom + ring, words: range.getClientRects()[0].top,
           text: what.textContent };
}).filter(Boolean)"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_words_under_my_hand_cards_are_not_under_their_ring(browser: Browser, base_url: str, game_server: Any,
                                                                lang: str) -> None:
    # on a phone the top of "짝 없음" ("no match") under each card was hidden by the card's
    # gold ring
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, hands=1), 2)
    page = context_page(browser, {"width": 390, "height": 844}, lang)
    sit(page, base_url, room, 0, tokens[0])
    page.wait_for_selector(".myhand .handslot .what")
    play_until(page, lambda p: p.locator(".myhand button.card.playable").count() > 0, timeout=60)
    slots = page.evaluate(_HAND_WORDS)
    assert slots, "no words under my hand's cards"
    for s in slots:
        assert s["words"] >= s["card"] - 0.5, s
    page.context.close()
