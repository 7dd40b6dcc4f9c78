"""Controls around the table: the turn timer (a countdown, then a bot decides and the page says
so), "Copy link" (the join link, which a friend opens to take the seat), "Leave" (before the
match the seat opens again, during it a bot plays it; back to the lobby either way), and the
rule presets of the create-room form with their plain-words descriptions (goo-stupe last)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from tableplay import (
    create_room,
    hand_codes,
    my_turn,
    playable,
    quick_play,
    seat_token,
    step,
    table_state,
)

DESKTOP = {"width": 1280, "height": 860}


def room_info(page: Page, base_url: str, room: str) -> dict:
    r = page.request.get(f"{base_url}/api/rooms/{room}")
    assert r.ok
    return dict(r.json())


def test_turn_timer_counts_down_then_a_bot_decides_and_the_page_says_so(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.click("#advanced > summary")  # the room form is under "advanced"
    page.select_option("#create select[name=turn-seconds]", "10")
    expect(page.locator("#create .timer-note")).to_contain_text("a bot decides")
    room = create_room(page, base_url, "Tim", ("human", "bot:easy"), turn_seconds="10")
    assert room_info(page, base_url, room)["turn_seconds"] == 10
    my_turn(page)
    timer = page.locator(".status .timer")
    expect(timer).to_have_text(re.compile(r"^\d+ s left$"))
    first = int(timer.inner_text().split()[0])
    assert 0 < first <= 10
    expect(timer).not_to_have_text(f"{first} s left", timeout=3000)  # it counts down
    assert int(timer.inner_text().split()[0]) < first
    version = int(table_state(page)["version"])
    hand = hand_codes(page)
    names = dict(zip(hand, page.eval_on_selector_all(".myhand .handslot > .card", "els => els.map(e => e.title)"), strict=True))
    # nobody clicks: when the time is up the seat's bot decides, and the page says what it did
    expect(page.locator("#banner")).to_contain_text("Time's up — a bot decided for you", timeout=15000)
    said = page.inner_text("#banner")
    assert int(table_state(page)["version"]) > version
    expect(page.locator(".feed li.ev-timeout").first).to_have_text(said)
    gone = [c for c in hand if c not in hand_codes(page)]
    if len(gone) == 1:  # it played a card: the one the banner names
        assert said.endswith(names[gone[0]]), (said, names[gone[0]])
    elif gone:  # it played several at once (a bomb): the banner names that move
        assert "bomb" in said.lower() or "grenade" in said.lower(), (said, gone)
    # the seat is still mine: the next decision is mine to take again, with a fresh clock
    my_turn(page)
    expect(timer).to_have_text(re.compile(r"^(10|9|8) s left$"))
    assert step(page) is not None  # played in time: no second "time's up"
    page.wait_for_timeout(500)
    expect(page.locator(".feed li.ev-timeout")).to_have_count(1)


def test_copy_link_gives_the_join_link_and_a_friend_joins_by_it(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    ann = ctx.new_page()
    room = create_room(ann, base_url, "Ann", ("human", "human"))
    ann.wait_for_selector(".waiting")
    ann.click("#copy-link")
    expect(ann.locator("#copy-link")).to_have_text("Copied!")
    link = ann.evaluate("() => navigator.clipboard.readText()")
    assert link == ann.input_value("#invite-link") == f"{base_url}/#/room/{room}"
    expect(ann.locator("#copy-link")).to_have_text("Copy link", timeout=5000)
    friend = browser.new_context(viewport=DESKTOP).new_page()
    friend.goto(link)
    friend.fill("#join-name", "Bo")
    friend.click("#take-seat")
    friend.wait_for_selector(".table-page")
    expect(friend.locator(".player[data-seat='0'] .pname")).to_have_text("Ann")
    expect(ann.locator(".player[data-seat='1'] .pname")).to_have_text("Bo")
    assert seat_token(friend, room)["seat"] == 1
    seats = room_info(ann, base_url, room)["seats"]
    # the match started (over already when its one hand ended at the deal, a chongtong)
    assert [s["name"] for s in seats] == ["Ann", "Bo"] and room_info(ann, base_url, room)["state"] in ("playing", "over")
    friend.context.close()
    ctx.close()


def test_leave_before_the_match_opens_the_seat_again(page: Page, base_url: str) -> None:
    # three seats: the open room must not catch the quick games of other tests (two seats)
    room = create_room(page, base_url, "Lea", ("human", "human", "bot:easy"))
    page.wait_for_selector(".waiting")
    assert seat_token(page, room)
    page.click("#leave")  # nothing is lost yet: no question asked
    expect(page.locator("#quick-play")).to_be_visible()
    assert page.url.endswith("#/")
    assert seat_token(page, room) is None
    info = room_info(page, base_url, room)
    assert info["state"] == "waiting" and not info["seats"][0]["taken"]
    # the lobby offers the room to join again (not to resume)
    row = page.locator(f".room[data-room='{room}']")
    expect(row.get_by_role("link", name="Join")).to_be_visible()


def test_leave_during_the_match_asks_then_a_bot_plays_the_seat(page: Page, base_url: str) -> None:
    room = quick_play(page, base_url, "Lee")
    playable(page)
    questions: list[str] = []

    def answer(dialog: object, accept: bool) -> None:
        questions.append(dialog.message)  # type: ignore[attr-defined]
        dialog.accept() if accept else dialog.dismiss()  # type: ignore[attr-defined]

    page.once("dialog", lambda d: answer(d, False))
    page.click("#leave")
    expect(page.locator(".table-page")).to_be_visible()  # said no: still at the table
    assert questions and "bot will play your seat" in questions[0]
    assert seat_token(page, room)
    version = room_info(page, base_url, room)["version"]  # my turn: nothing moves until I do
    page.once("dialog", lambda d: answer(d, True))
    page.click("#leave")
    expect(page.locator("#quick-play")).to_be_visible()
    # the lobby says what became of the seat (QA 15; it used to show no banner at all)
    expect(page.locator("#banner")).to_contain_text("a bot plays your seat to the end of the match")
    assert seat_token(page, room) is None
    info = room_info(page, base_url, room)
    assert info["seats"][0]["away"]  # a bot keeps the seat...
    for _ in range(100):  # ...and plays it: the match goes on without me
        if room_info(page, base_url, room)["version"] > version:
            break
        page.wait_for_timeout(100)
    assert room_info(page, base_url, room)["version"] > version
    # the old link now says the seat is gone instead of showing the table
    page.goto(f"{base_url}/#/room/{room}")
    expect(page.get_by_role("alert")).to_be_visible()


def test_presets_in_a_sensible_order_with_plain_words_and_a_goo_stupe_room(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.click("#advanced > summary")  # the room form is under "advanced"
    page.wait_for_selector("#create select[name=preset] option", state="attached")
    presets = page.request.get(f"{base_url}/api/presets").json()["presets"]
    offered = page.eval_on_selector_all("#create select[name=preset] option", "els => els.map(e => e.value)")
    assert sorted(offered) == sorted(p["name"] for p in presets)
    assert offered[0] == "pagat" and offered[-1] == "goo-stupe"  # the default first, the parody last
    about = page.locator("#create .preset-about")
    expect(about).to_contain_text("pagat.com's current rules (the default)")
    page.select_option("#create select[name=preset]", "goo-stupe")
    expect(about).to_contain_text("parody drinking game")
    expect(about).to_contain_text("paid in shots")
    expect(about).to_contain_text("2 or more seats")
    page.click("#lang-toggle")
    page.click("#advanced > summary")
    page.select_option("#create select[name=preset]", "goo-stupe")
    expect(page.locator("#create .preset-about")).to_contain_text("패러디")
    page.click("#lang-toggle")
    room = create_room(page, base_url, "Goo", ("human", "bot:easy", "bot:easy"), preset="goo-stupe")
    assert room_info(page, base_url, room)["preset"] == "goo-stupe"
    page.wait_for_selector(".table-page .player.me .score")
    expect(page.locator(".player.me .score .pts")).to_contain_text(re.compile(r"/5$"))  # goo-stupe stops at 5
