"""QA round 9: defects a player met in a real Chromium (Korean and English, a desktop and a phone
held upright: the lobby, quick play with people and against bots, a hand's junk to give).

1. A Korean player who typed no name (the lobby gives "나") read "나 (나)" everywhere: over their
   own strip, in the standings, in "나 (나): 0 → -40".
2. On a phone the junk cards to choose from when an opponent earns one ("give Minji a junk
   card") were 26 px targets with 18 px cards, too small to tell which card is which, and the
   "always give the cheapest" box a 13 px square.
3. A Korean page called the table of quick play with people "Quick match" (the waiting page's
   heading, the lobby's room list), and a table against bots "민수 vs bots": names the server
   gave them, in English. The server names them no more (a room says ``quick``); the page
   titles them from the facts, in its language.
4. The top bar's links had no padding while its buttons had: on a phone "로비" and "게임 방법"
   stood 4 px apart, read as one phrase, the other words 12 px apart.
5. A finished match whose standings were closed ("닫기") left a table saying "1판 중 1판째",
   with no word that the match was over and no way back to the standings or the rematch.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import play_until
from test_web_qa_round8 import PANEL_AND_FIELD, _meet
from test_web_table import sit

PHONE = {"width": 375, "height": 667}


def _context(browser: Browser, lang: str, viewport: dict[str, int] = PHONE) -> tuple[BrowserContext, Page]:
    phone = viewport["width"] < 800
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce", has_touch=phone, is_mobile=phone)
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


# -- 1. my default name is said once ------------------------------------------------------------

class _Unnamed(Scenario):
    """A room whose person typed no name in the Korean lobby: the lobby sent "나"."""

    def config(self) -> Any:
        cfg = super().config()
        cfg.seats[0].name = "나"
        return cfg


def test_a_player_who_typed_no_name_is_not_named_twice(browser: Browser, base_url: str, game_server: Any) -> None:
    ctx, page = _context(browser, "ko")
    room, tokens = seeded_room(game_server.db_url, _Unnamed(), 1)
    sit(page, base_url, room, 0, tokens[0])
    me = page.locator(".player.me .pname")
    expect(me).to_have_text("나")
    # the same name on an English page is "you" (the page's word for the player), once
    page.click("#lang-toggle")
    expect(page.locator(".player.me .pname")).to_have_text("you")
    # a name of one's own keeps its mark
    room2, tokens2 = seeded_room(game_server.db_url, Scenario(), 1)
    sit(page, base_url, room2, 0, tokens2[0])
    expect(page.locator(".player.me .pname")).to_have_text("Tester (나)")
    ctx.close()


# -- 2. the junk to give: cards a finger can choose on a phone ----------------------------------

def test_the_junk_to_give_is_readable_and_tappable_on_a_phone(browser: Browser, base_url: str, game_server: Any) -> None:
    """The "give up junk" deal of the browser tests (seed 5: Minji sweeps the table): each
    choice at least 44 x 44 px with a card at least 30 px wide, the "always the cheapest" row
    44 px tall; the page does not scroll, the panel is clear of the field's cards and the hand."""
    ctx, page = _context(browser, "ko")
    room, tokens = seeded_room(game_server.db_url, Scenario(), 5)
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-surrender"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    got = page.evaluate("""() => {
      const box = (e) => { const b = e.getBoundingClientRect(); return {w: b.width, h: b.height}; };
      return {opts: [...document.querySelectorAll('.giveopt')].map((o) => ({...box(o), cards: [...o.querySelectorAll('.card')].map((c) => box(c).w)})),
              check: box(document.querySelector('.surrender label.check'))};
    }""")
    assert got["opts"], "no junk to choose from"
    for o in got["opts"]:
        assert o["w"] >= 44 and o["h"] >= 44, f"a junk choice of {o['w']}x{o['h']} px"
        assert min(o["cards"]) >= 30, f"a junk card {min(o['cards'])} px wide"
    assert got["check"]["h"] >= 44, got["check"]
    page.wait_for_timeout(100)  # (the panel's room is made on a resize observer's callback)
    got = page.evaluate(PANEL_AND_FIELD)
    hand = page.evaluate("() => [...document.querySelectorAll('.myhand .card')].map((e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom}; })")
    covered = [c for c in got["cards"] + hand if _meet(c, got["panel"])]
    assert got["cards"] and hand and not covered, f"the junk panel {got['panel']} covers {covered}"
    scroll = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= PHONE["width"] and scroll[1] <= PHONE["height"], f"the page scrolls: {scroll}"
    ctx.close()


# -- 3 and 4. quick play's table in Korean; the top bar's words apart ----------------------------

#: The space between the words of every two neighbours of the top bar's nav.
NAV_GAPS = """() => {
  const items = [...document.querySelectorAll('.topbar nav > a, .topbar nav > button')].filter((e) => e.offsetParent);
  const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
  return items.slice(1).map((e, i) => ({between: items[i].textContent + ' | ' + e.textContent, gap: text(e).left - text(items[i]).right}));
}"""


def test_quick_play_tables_are_named_in_korean_and_the_top_bar_words_stand_apart(browser: Browser, base_url: str) -> None:
    ctx, page = _context(browser, "ko")
    # a table of quick play with people (a size no other test queues for), on its waiting page
    res = page.request.post(f"{base_url}/api/quick", data=json.dumps({"name": "민수", "preset": "pagat", "players": 6, "mode": "people"}),
                            headers={"Content-Type": "application/json"})
    assert res.ok, res.text()
    quick = res.json()
    room = quick["room"]["id"]
    assert quick["room"]["name"] == "" and quick["room"]["quick"] is True  # facts, no English name
    seats = {room: {"seat": quick["seat"], "token": quick["token"]}}
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))})")
    page.goto(f"{base_url}/#/room/{room}")
    expect(page.locator(".waiting h1")).to_have_text("빠른 대전")
    # the lobby's list, in Korean
    page.goto(base_url + "/#/")
    expect(page.locator(f"#room-list li.room[data-room='{room}'] .name")).to_have_text("빠른 대전")
    # a table against bots: the server names it not, the page titles it from its seats
    res = page.request.post(f"{base_url}/api/quick", data=json.dumps({"name": "민수", "preset": "pagat", "players": 3, "mode": "bots"}),
                            headers={"Content-Type": "application/json"})
    assert res.ok, res.text()
    bots_room = res.json()["room"]
    assert bots_room["name"] == "" and bots_room["quick"] is False
    titles = page.evaluate("""async (r) => { const m = await import('/js/i18n.js');
      const me = {...r, seats: r.seats.map((s) => (s.kind === 'human' ? {...s, name: '나'} : s))};
      return [m.roomTitle(r), m.roomTitle(me), m.roomTitle({...r, name: 'Friday game'})]; }""", bots_room)
    assert titles == ["민수 대 봇", "나 대 봇", "Friday game"], titles
    # the top bar on a phone: as much room between every two words
    gaps = page.evaluate(NAV_GAPS)
    assert len(gaps) >= 4, gaps
    least, most = min(g["gap"] for g in gaps), max(g["gap"] for g in gaps)
    assert least >= 8 and least >= 0.75 * most, f"the top bar's words: {gaps}"
    ctx.close()


# -- 5. a finished match's standings come back after they are closed ------------------------------

def test_closed_standings_come_back_from_the_status_bar(browser: Browser, base_url: str, game_server: Any) -> None:
    """A one-hand match won by a stop: after "닫기" on the standings, the table said "1판 중
    1판째" and offered nothing (no standings, no rematch) but a reload. The status bar says the
    match is over and its "순위" button opens the standings (with the rematch) again."""
    ctx, page = _context(browser, "ko")
    room, tokens = seeded_room(game_server.db_url, Scenario(hands=1), 1)
    sit(page, base_url, room, 0, tokens[0])
    go = ".decisions button.decision.kind-go"
    play_until(page, lambda p: p.locator(go).count() > 0, timeout=90, unless=go)
    page.click(".decisions button.decision.kind-stop")
    page.click(".overlay:not([hidden]) #settle-close")
    page.click(".overlay:not([hidden]) #standings-close")
    expect(page.locator(".overlay")).to_be_hidden()
    expect(page.locator(".status")).to_contain_text("게임 끝")
    again = page.locator(".status #standings-open")
    expect(again).to_have_text("순위")
    box = again.bounding_box()
    assert box and box["height"] >= 32 and box["x"] + box["width"] <= PHONE["width"], box
    again.click()
    expect(page.locator(".overlay:not([hidden]) .standings")).to_be_visible()
    expect(page.locator(".overlay:not([hidden]) .standings li").first).to_contain_text("16칩")
    assert page.locator(".overlay:not([hidden]) .standings").locator("#rematch, .rematch").count() > 0
    ctx.close()
