"""The words under a hand card that takes a stack of three (a ppuk, CAPT-H3) say the junk it
takes from the opponents too (EVT-4 .. EVT-6), not only its name for a screen reader: "stack + 1
junk" with 2 players, "+1 junk each" with 3 (the stack's three small cards below it), "뻑 + 피
1장씩" in Korean; on a phone held upright the short form ("all + 1 junk", "모두+피1"). The words
stay on their line, the small cards whole, and the card's tooltip says who gives what."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser
from scenarios import Scenario, seeded_room
from tableplay import play_until
from test_web_qa_round15 import stack_seed
from test_web_table import check_one_screen, sit

#: The word line under each card of my hand: the words drawn (the long or the short form, as the
#: page's width shows one), the small cards' bottoms, the box's, whether it clips, its tooltip.
_SLOTS = """() => [...document.querySelectorAll('.myhand .handslot .what')].map((w) => ({
  shown: [...w.querySelectorAll('.word, .word *')].filter((e) => e.getClientRects().length)
    .map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('')).join(''),
  lines: (() => { const word = w.querySelector('.word'); if (!word) return 0; const r = document.createRange();
    r.selectNodeContents(word); return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size; })(),
  cards: [...w.querySelectorAll('.mini .card')].filter((c) => c.getClientRects().length).map((c) => c.getBoundingClientRect().bottom),
  bottom: w.getBoundingClientRect().bottom, title: w.getAttribute('title') || '',
  label: w.parentElement.querySelector(':scope > .card').getAttribute('aria-label') || '',
  clipped: w.scrollHeight > w.clientHeight + 0.5,
}))"""

CASES = [
    # (players, language, viewport, phone, the words drawn under the stack's card, its tooltip's words)
    (2, "en", {"width": 1280, "height": 800}, False, "stack + 1 junk", "junk from your opponent"),
    (3, "en", {"width": 1280, "height": 800}, False, "+1 junk each", "junk from each opponent"),
    (3, "ko", {"width": 1366, "height": 768}, False, "뻑 + 피 1장씩", "피"),
    (3, "en", {"width": 375, "height": 667}, True, "all + 1 junk", "junk from each opponent"),
    (2, "ko", {"width": 390, "height": 844}, True, "모두+피1", "피"),
]


@pytest.mark.parametrize(("players", "lang", "viewport", "phone", "words", "tip"), CASES,
                         ids=["2p-en-1280", "3p-en-1280", "3p-ko-1366", "3p-en-375", "2p-ko-390"])
def test_the_card_that_takes_a_stack_says_the_junk_it_takes(browser: Browser, base_url: str, game_server: Any, players: int,
                                                             lang: str, viewport: dict[str, int], phone: bool, words: str,
                                                             tip: str) -> None:
    scenario = Scenario(players=players)
    room, tokens = seeded_room(game_server.db_url, scenario, stack_seed(scenario, start=3))
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce", has_touch=phone, is_mobile=phone, locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    page = ctx.new_page()
    sit(page, base_url, room, 0, tokens[0])
    # the stack's card: the one whose preview names the stack (its three cards small below it,
    # but on a phone held upright, where the small cards give way to the words)
    play_until(page, lambda p: any(words == s["shown"] for s in p.evaluate(_SLOTS)), timeout=60)
    slots = page.evaluate(_SLOTS)
    stack = next(s for s in slots if s["shown"] == words)
    assert stack["lines"] == 1 and not stack["clipped"], stack
    assert len(stack["cards"]) == (0 if phone else 3), stack
    assert all(b <= stack["bottom"] + 0.5 for b in stack["cards"]), stack
    # the whole sentence (who gives what) in the tooltip and in the card's accessible name
    assert tip in stack["title"] and stack["title"] in stack["label"], stack
    if lang == "ko":
        assert not any(c.isascii() and c.isalpha() for c in stack["shown"] + stack["title"]), stack
    check_one_screen(page, f"stack {players}p {lang} {viewport}")
    ctx.close()
