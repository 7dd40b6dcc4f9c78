"""QA round 15 of the web game: on a laptop the small cards under "takes the stack" (CAPT-H3)
and "choose one of" are whole, not cut at their middle by a box two lines tall, and the table
still fits one screen; a person who pressed Leave during the match and opens the room's link
again reads that they left it and that a bot plays their seat to the end (not "every seat is
taken" with a box to move "my seat" here), in the page's language, with no console error.
(The seat away past its grace period and back: tests/browser/test_web_presence.py.)"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page
from scenarios import HUMAN, Scenario, policy_action, seeded_room
from tableplay import create_room, play_until, settlement_shown, table_state
from test_web_table import check_one_screen, sit

from gostop.server.room import Room

STACK = Scenario()


def stack_seed(scenario: Scenario, start: int = 1, tries: int = 100) -> int:
    """The first seed from ``start`` whose room offers seat 0 a play that takes a stack."""
    for seed in range(start, start + tries):
        room = Room("search", scenario.config(), seed)
        room.start()
        for _ in range(300):
            seat = room.decider()
            if seat is None:
                break
            if seat != HUMAN:
                room.apply(seat, room.bot_action(seat))
                continue
            view = room.view(seat)
            if any(e["kind"] == "play" and (e.get("preview") or {}).get("kind") == "stack" for e in view["legal"]):
                return seed
            room.apply(seat, policy_action(view))
    raise LookupError("no seed offers a stack to take")


#: Every word-and-cards line under my hand, in one read: its box and its small cards' bottoms.
_WHAT = """() => [...document.querySelectorAll('.myhand .handslot .what')].map((w) => ({
  text: w.textContent, bottom: w.getBoundingClientRect().bottom,
  cards: [...w.querySelectorAll('.mini .card')].map((c) => c.getBoundingClientRect().bottom),
}))"""


def test_the_stack_and_its_three_cards_are_whole_under_a_laptop_hand(browser: Browser, base_url: str, game_server: Any) -> None:
    # 1280x800: "takes the stack" is a line, its three cards a card tall: a box of two lines
    # showed their upper half
    room, tokens = seeded_room(game_server.db_url, STACK, stack_seed(STACK, start=3))
    page = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    sit(page, base_url, room, 0, tokens[0])

    def stack_shown(p: Page) -> bool:  # "stack + 1 junk" (the opponent's junk it takes, EVT-4)
        return any("stack" in x["text"] and x["cards"] for x in p.evaluate(_WHAT))

    play_until(page, stack_shown, timeout=60)
    slots = page.evaluate(_WHAT)
    for slot in slots:
        assert all(b <= slot["bottom"] + 0.5 for b in slot["cards"]), slots
    assert sum(len(s["cards"]) for s in slots if "stack" in s["text"]) == 3, slots
    check_one_screen(page, "1280x800 stack")
    page.context.close()


def test_a_person_who_left_and_opens_the_link_again_is_told_they_left(browser: Browser, base_url: str) -> None:
    # Bo (Korean) pressed Leave during the match, then opened the invite link again: "빈자리가
    # 없습니다" (every seat is taken) and a box to move his seat here, which he had given up
    errors: list[str] = []
    pages = []
    for lang in ("en", "ko"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
        ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        pages.append(page)
    ann, bo = pages
    create_room(ann, base_url, "Ann", seats=("human", "human"), hands=3)
    link = ann.input_value("#waiting-invite-link")
    bo.goto(link)
    bo.fill("#join-name", "Bo")
    bo.click("#take-seat")
    for p in pages:
        p.wait_for_selector(".table-page[data-phase]")
    # a few moves into the match; a random deal may be decided at the deal (a chongtong, DEAL-7):
    # its settlement is then open on both pages, and Bo closes it to reach Leave
    play_until(ann, lambda p: int(table_state(p).get("version", "0")) >= 2 or settlement_shown(p), timeout=30, others=(bo,))
    for p in pages:
        close = p.locator(".overlay:not([hidden]) #settle-close")
        if close.count():
            close.click()
    bo.once("dialog", lambda d: d.accept())
    bo.click("#leave")
    bo.wait_for_selector("#quick-play")
    lobby = bo.inner_text("#banner")
    bo.goto(link)
    bo.wait_for_selector(".friendly h1")
    got = bo.evaluate("""() => ({ title: document.querySelector('.friendly h1').textContent,
      text: document.querySelector('.friendly').textContent, transfer: !!document.querySelector('#transfer-form'),
      watch: !!document.querySelector('#watch-room') })""")
    assert "자리를 떠났습니다" in lobby and "봇이 대신" in lobby, lobby
    assert got["title"] == "이 게임에서 나왔습니다", got
    assert "떠난 자리는 되찾을 수 없습니다" in got["text"] and not got["transfer"], got
    # Ann reads that Bo left for good (a bot plays his seat), in English
    assert "left" in ann.inner_text(".player[data-seat='1']"), ann.inner_text(".player[data-seat='1']")
    assert not errors, errors
    for p in pages:
        p.context.close()


def _rooms(n: int) -> list[dict[str, Any]]:
    seat = {"kind": "human", "taken": True, "connected": True, "away": False, "level": None}
    return [{"id": f"qa15r{i:03d}", "name": f"Table {i}", "preset": "pagat", "rules": {}, "players": 2,
             "seats": [{**seat, "seat": 0, "name": "Ann"}, {**seat, "seat": 1, "name": "Bo"}], "hands": 3,
             "target_chips": None, "public": True, "quick": False, "spectators": True, "cut": False, "turn_seconds": None,
             "state": "playing", "version": 9, "hands_played": 1, "created_at": f"2026-11-30T10:{i // 60:02d}:{i % 60:02d}Z",
             "ended_at": None} for i in range(n)]


def test_the_lobby_list_of_many_rooms_keeps_a_keyboard_focus_and_is_not_read_again(browser: Browser, base_url: str) -> None:
    # 60 tables: the list (a live region) was drawn anew every 5 s, the same rows: a screen
    # reader read all of them again, and the focus on a row's "Watch" fell back to the page
    rooms = _rooms(60)

    def fulfil(route: Any) -> None:
        q = dict(x.split("=", 1) for x in route.request.url.split("?", 1)[1].split("&"))
        got = rooms if q.get("state") == "playing" else []
        start = int(q.get("offset", 0))
        route.fulfill(json={"rooms": got[start:start + int(q.get("limit", 50))]})

    page = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    page.route("**/api/rooms?*", fulfil)
    page.clock.install()
    page.goto(base_url + "/")
    page.wait_for_selector("#live-rooms li.room")
    page.evaluate("""() => {
      window.added = 0;
      new MutationObserver((ms) => { window.added += ms.reduce((a, m) => a + m.addedNodes.length, 0); })
        .observe(document.getElementById('live-rooms'), {childList: true});
      document.querySelectorAll('#live-rooms li.room a.button')[20].focus();
    }""")
    page.clock.run_for(11_000)  # two refreshes of the list
    page.wait_for_timeout(300)
    got = page.evaluate("""() => ({ rows: document.querySelectorAll('#live-rooms li.room').length, added: window.added,
      focus: document.activeElement && document.activeElement.closest('li.room') ? document.activeElement.closest('li.room').dataset.room : null,
      more: !document.querySelector('.more-rooms').hidden })""")
    assert got == {"rows": 50, "added": 0, "focus": "qa15r029", "more": True}, got
    page.context.close()
