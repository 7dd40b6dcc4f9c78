"""QA round 17 of the web game: the quick phrases' menu and the keyboard. The waiting room drawn
again while the "Say…" menu is open (someone joins) keeps the menu open, beside its button, with
the focus on the phrase it was on; so does the table that begins, and the table drawn again for
a move; a phrase chosen by keyboard gives the focus back to the button. A friend who left the
match (a bot plays the seat to the end) hears nothing more: the "Say…" button goes, and the
spectators' "Mute phrases" switch with it when one person is left with bots. And from playing
whole matches on a phone: the lobby's small targets (the top bar's words, the logo, the room
form's number of seats) are 44 px wide too; the standings closed by keyboard leave the focus on
the button that brings them back."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import create_room, step, table_state
from test_web_phrases import say_next_by_keyboard, two_friends_seated
from test_web_table import sit

#: The open menu is beside its button (under or above it, a few pixels away), inside the screen.
BESIDE = """() => { const b = document.querySelector('#say-open').getBoundingClientRect();
  const m = document.querySelector('#say-menu').getBoundingClientRect();
  const near = Math.abs(m.top - b.bottom) <= 12 || Math.abs(b.top - m.bottom) <= 12;
  return near && m.left >= 0 && m.right <= innerWidth && m.top >= 0 && m.bottom <= innerHeight; }"""


def _person(browser: Browser, width: int, height: int, lang: str = "en") -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                              locale="ko-KR" if lang == "ko" else "en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


def _join(page: Page, base_url: str, room: str, name: str) -> str:
    res = page.request.post(f"{base_url}/api/rooms/{room}/join", data={"name": name})
    assert res.ok, res.text()
    return str(res.json()["token"])


def test_the_say_menu_keeps_the_focus_when_someone_joins_and_the_table_begins(browser: Browser, base_url: str) -> None:
    ctx, ann = _person(browser, 1280, 800)
    for _ in range(10):
        room = create_room(ann, base_url, "Ann", seats=("human", "human", "human"))
        ann.wait_for_selector(".waiting")
        _join(ann, base_url, room, "Bo")
        expect(ann.locator(".waiting #say-open")).to_be_visible()
        ann.focus("#say-open")
        ann.keyboard.press("Enter")
        ann.keyboard.press("ArrowDown")
        expect(ann.locator("#say-nice")).to_be_focused()

        # Cy joins: the waiting room is drawn again (a line more), the menu stays open with the focus
        # (it fell to the page: the next arrow key did nothing, Escape did not close the menu)
        _join(ann, base_url, room, "Cy")
        expect(ann.locator(".table-page[data-phase]")).to_be_visible()  # the table begins: the last seat taken
        # a deal decided at the deal (four of a month on the table, a chongtong: about one in
        # forty) opens its settlement at once, over the table and the menu: another room
        state = table_state(ann)
        if state.get("phase") != "over" and state.get("over") != "1":
            break
    else:
        raise AssertionError("ten rooms in a row ended at the deal")
    expect(ann.locator("#say-menu")).to_be_visible()
    assert ann.evaluate(BESIDE), "the menu stayed where the waiting room's button was"
    say_next_by_keyboard(ann, "nice", "thanks")
    expect(ann.locator(".bubble[data-seat='0']")).to_have_text("Thanks!")
    ctx.close()


def test_the_say_menu_stays_open_in_the_waiting_room_when_someone_joins(browser: Browser, base_url: str) -> None:
    ctx, ann = _person(browser, 844, 390, "ko")
    room = create_room(ann, base_url, "Ann", seats=("human", "human", "human", "human"))
    ann.wait_for_selector(".waiting")
    _join(ann, base_url, room, "Bo")
    ann.focus("#say-open")
    ann.keyboard.press("Enter")
    ann.keyboard.press("End")
    expect(ann.locator("#say-mute")).to_be_focused()
    _join(ann, base_url, room, "Cy")
    expect(ann.locator(".waiting li")).to_contain_text(["Ann", "Bo", "Cy"])
    expect(ann.locator("#say-menu")).to_be_visible()
    expect(ann.locator("#say-mute")).to_be_focused()
    assert ann.evaluate(BESIDE), "the menu is not beside its button after the waiting room was drawn again"
    ann.keyboard.press("Escape")
    expect(ann.locator("#say-menu")).to_be_hidden()
    expect(ann.locator("#say-open")).to_be_focused()
    ctx.close()


def test_the_say_menu_keeps_the_focus_while_the_moves_come(browser: Browser, base_url: str, game_server: Any) -> None:
    room, ann_ctx, ann, bo_ctx, bo = two_friends_seated(browser, base_url, game_server.db_url, 3)
    step(ann)  # (her first card, when the hand begins with her)
    version = int(table_state(ann)["version"])
    ann.focus("#say-open")
    ann.keyboard.press("Enter")
    ann.keyboard.press("ArrowDown")
    expect(ann.locator("#say-nice")).to_be_focused()
    # Bo and the bot play: the table is drawn again under the open menu, and her turn comes
    # (which takes the focus to her hand, but not out of the menu she is choosing in)
    for _ in range(300):
        if table_state(ann).get("toMove") == "1" and int(table_state(ann)["version"]) >= version + 2:
            break
        if step(bo) is None:
            ann.wait_for_timeout(50)
    assert table_state(ann).get("toMove") == "1", "her turn never came back"
    ann.wait_for_timeout(300)  # (the decisions are released after the cards land)
    expect(ann.locator("#say-menu")).to_be_visible()
    expect(ann.locator("#say-nice")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(ann.locator("#say-open")).to_be_focused()
    ann_ctx.close()
    bo_ctx.close()


def test_a_friend_who_left_hears_no_phrases(browser: Browser, base_url: str, game_server: Any) -> None:
    """Bo left the match (a bot plays his seat to the end): Ann's "Say…" button goes (her open
    menu with it, the focus kept on the table), and a spectator's "Mute phrases" switch goes
    (one person is left with bots: nobody says any)."""
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, humans=2, hands=1), 2)
    ann_ctx, ann = _person(browser, 1280, 800)
    watch_ctx, watcher = _person(browser, 844, 390)
    sit(ann, base_url, room, 0, tokens[0])
    watcher.goto(f"{base_url}/#/room/{room}/watch")
    expect(watcher.locator(".status #say-mute")).to_be_visible()
    ann.wait_for_selector(".status #say-open")
    ann.focus("#say-open")
    ann.keyboard.press("Enter")
    expect(ann.locator("#say-hello")).to_be_focused()

    res = ann.request.post(f"{base_url}/api/rooms/{room}/leave", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert res.ok, res.text()
    expect(ann.locator("section.player[data-seat='1']")).to_contain_text("left")
    expect(ann.locator("#say-open")).to_have_count(0)
    expect(ann.locator("#say-menu")).to_have_count(0)
    assert ann.evaluate("() => document.activeElement !== document.body"), "the focus fell to the top of the page"
    expect(watcher.locator("#say-mute")).to_have_count(0)
    ann_ctx.close()
    watch_ctx.close()


#: The touch targets of a page under 44 px either way (a box whose label is 44 px counts as its label).
SMALL = """() => [...document.querySelectorAll('a, button, input, select, summary')].filter((e) => {
  const r = (e.closest('label') || e).getBoundingClientRect();
  return r.width && r.height && (r.width < 44 || r.height < 44); })
  .map((e) => `${e.tagName} ${e.className} "${(e.textContent || e.name || '').trim().slice(0, 20)}" ${Math.round(e.getBoundingClientRect().width)}px`)"""


def test_the_lobby_targets_on_a_phone_are_44_px_wide_too(browser: Browser, base_url: str) -> None:
    # "로비" and "소리" at the top were 33 px wide, the logo's link 18 px; the room form's number
    # of seats a 31 px select
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True, locale="ko-KR")
    ctx.add_init_script("localStorage.setItem('gostop.lang', 'ko')")
    page = ctx.new_page()
    page.goto(base_url + "/")
    page.click("#advanced > summary")
    expect(page.locator("#create select[name=seat-count]")).to_be_visible()
    assert page.evaluate(SMALL) == []
    ctx.close()


def test_closing_the_standings_gives_the_focus_to_their_button(browser: Browser, base_url: str, game_server: Any) -> None:
    # closed by keyboard, the dialog hid the button that had the focus: it fell to the page
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, humans=2, hands=1), 66)  # decided at the deal
    ctx, ann = _person(browser, 1280, 800)
    sit(ann, base_url, room, 0, tokens[0])
    ann.click("#settle-close")
    expect(ann.locator(".overlay:not([hidden]) .standings")).to_be_visible()
    ann.focus("#standings-close")
    ann.keyboard.press("Enter")
    expect(ann.locator(".overlay")).to_be_hidden()
    expect(ann.locator("#standings-open")).to_be_focused()
    ann.keyboard.press("Enter")  # and it brings them back
    expect(ann.locator(".overlay:not([hidden]) .standings")).to_be_visible()
    ctx.close()
