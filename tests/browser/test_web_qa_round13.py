"""QA round 13 of the web game: the words under my hand's cards are whole and at least 11 px on
a phone held upright (their short form); a seated player's review of a hand shows each seat's
hand cards readable on a phone held sideways, and the dialog fits the screen (its box of seats
scrolls, never the dialog and its buttons)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from scenarios import Scenario, seeded_room
from tableplay import play_until, settlement_shown
from test_web_table import check_one_screen, sit

LANDSCAPE = {"width": 844, "height": 390}


def context_page(browser: Browser, viewport: dict[str, int], lang: str) -> Page:
    ctx = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, reduced_motion="reduce", locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx.new_page()


#: The words under each card of my hand, in one read: what is drawn of them (the visible text,
#: its font size) and whether their box clips them (scrolled size over the box's).
_HAND_WORDS = """() => [...document.querySelectorAll(".myhand .handslot")].map((slot) => {
  const what = slot.querySelector(".what");
  const shown = [...what.querySelectorAll(".word, .word *")].filter((e) => e.getClientRects().length)
    .map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("")).join("");
  return { code: slot.querySelector(":scope > .card").dataset.code, text: shown, size: parseFloat(getComputedStyle(what).fontSize),
           clipped: what.scrollHeight > what.clientHeight + 0.5 || what.scrollWidth > what.clientWidth + 0.5 };
})"""

#: (page language, phone, players, seed, the words under a card that takes a stack of three): a
#: deal whose hand, a few moves in, holds a joker (the tests' policy plays up to it) and in
#: Korean such a card (a stack that takes no junk: the opponent has none to give, EVT-7).
HAND_DEALS = [("en", {"width": 375, "height": 667}, 3, 66, None), ("ko", {"width": 390, "height": 844}, 2, 160, "모두 먹음")]


@pytest.mark.parametrize(("lang", "viewport", "players", "seed", "stack"), HAND_DEALS, ids=["en-375x667-3p", "ko-390x844-2p"])
def test_the_words_under_my_hand_cards_are_whole_and_11px_on_an_upright_phone(
        browser: Browser, base_url: str, game_server: Any, lang: str, viewport: dict[str, int], players: int, seed: int,
        stack: str | None) -> None:
    # at 9 px, "joker: plays the top stock card after it" (조커: 먹은 패로 가고 더미 맨 위 패를
    # 냄) showed its first two lines of four under a 46 px card, "takes the stack" lost a line
    room, tokens = seeded_room(game_server.db_url, Scenario(players=players, hands=1), seed)
    page = context_page(browser, viewport, lang)
    sit(page, base_url, room, 0, tokens[0])
    play_until(page, lambda p: p.locator(".myhand .card.playable[data-code^=JK]").count() > 0, timeout=60)
    words = page.evaluate(_HAND_WORDS)
    said = {w["code"]: w["text"] for w in words if w["text"]}
    joker = next(code for code in said if code.startswith("JK"))
    assert said[joker] == {"en": "joker", "ko": "조커"}[lang], said
    assert stack is None or stack in said.values(), said
    for w in words:
        assert w["size"] >= 11, w
        assert not w["clipped"], w
    check_one_screen(page, f"{viewport} {lang}")
    page.context.close()


#: The record review in one read: each seat's hand cards' sizes, the dialog's box and whether it
#: scrolls, its buttons' box, the window's.
_REVIEW = """() => {
  const modal = document.querySelector(".overlay:not([hidden]) .modal");
  const box = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
  return {
    hand: [...modal.querySelectorAll(".record-review .rv-hand .card")].map((e) => ({ code: e.dataset.code, ...box(e) })),
    modal: box(modal), scrolls: modal.scrollHeight > modal.clientHeight + 1 || modal.scrollWidth > modal.clientWidth + 1,
    buttons: ["#review-prev", "#review-next", "#review-close"].map((s) => box(modal.querySelector(s))),
    view: { w: innerWidth, h: innerHeight },
  };
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_seated_players_review_on_a_sideways_phone_shows_readable_hands_and_fits(
        browser: Browser, base_url: str, game_server: Any, lang: str) -> None:
    # 844x390: each seat's hand cards were 18 px wide (29 px tall), and the dialog scrolled
    # under its own buttons
    room, tokens = seeded_room(game_server.db_url, Scenario(players=3, hands=1), 2)
    page = context_page(browser, LANDSCAPE, lang)
    sit(page, base_url, room, 0, tokens[0])
    play_until(page, settlement_shown, timeout=120)
    page.click("#review-hand")
    page.wait_for_selector(".record-review .rv-seat")
    moves = 0
    while True:
        frame = page.evaluate(_REVIEW)
        view, modal = frame["view"], frame["modal"]
        assert not frame["scrolls"], (moves, frame["modal"])
        assert modal["t"] >= 0 and modal["b"] <= view["h"] + 0.5 and modal["l"] >= 0 and modal["r"] <= view["w"] + 0.5, (moves, modal)
        for b in frame["buttons"]:
            assert b["h"] >= 44 and b["t"] >= modal["t"] and b["b"] <= modal["b"], (moves, b)
        for c in frame["hand"]:
            assert c["w"] >= 31.5 and c["h"] >= 32, (moves, c)
            assert c["r"] <= modal["r"], (moves, c, modal)
        moves += 1
        if page.locator("#review-next").is_disabled():
            break
        page.click("#review-next")
    assert moves > 10
    page.context.close()


#: The lobby's controls a finger aims at, in one read: each one's height.
_LOBBY_TARGETS = """() => [...document.querySelectorAll("#player-name, .intro a, main select, #quick-play, #quick-people")]
  .filter((e) => e.offsetParent).map((e) => ({ what: e.id || e.textContent.trim().slice(0, 20), h: e.getBoundingClientRect().height }))"""


def test_the_lobby_on_a_sideways_phone_has_44px_targets(browser: Browser, base_url: str) -> None:
    # 844x390 (wider than the upright phone's 760 px rules): the name box was 22 px tall, the
    # bots' level list 20 px, the links to the guides 19 px
    page = context_page(browser, LANDSCAPE, "ko")
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-play")
    targets = page.evaluate(_LOBBY_TARGETS)
    assert len(targets) >= 5, targets
    small = [t for t in targets if t["h"] < 43.5]
    assert not small, small
    page.context.close()
