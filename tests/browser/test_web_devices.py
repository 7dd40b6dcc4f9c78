"""Reconnecting, a second device and a rematch each person accepts (issue #18, defects 7 and
10), in a real Chromium against a real `gostop serve`: the event feed refilled from the
welcome's recent actions, "move my seat to this device" with a one-time code, and the rematch
offer / accept / decline of docs/protocol.md.

The server side: the welcome's ``recent``, ``POST
/api/rooms/{id}/transfer`` and ``.../transfer/redeem`` with the ``moved`` message and close
4410, the ``rematch`` / ``rematch_state`` / ``rematch_seat`` messages."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect
from tableplay import PLAYABLE, play_until, room_id_of, step, table_state
from test_web_table import api, bot_room, my_turn, sit


def test_a_new_tab_fills_the_event_feed_from_the_server(page: Page, browser: Browser, base_url: str) -> None:
    """Defect 10: a page that kept nothing (a new tab, a reload after the tab's storage is gone)
    fills its feed from the welcome's recent actions."""
    res = api(page, base_url, "POST", "/api/rooms", {
        "name": "", "preset": "pagat", "rules": {}, "hands": 3, "public": False,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": {"name": "Ann"}})
    room = res["room"]["id"]
    sit(page, base_url, room, res["seat"], res["token"])
    for _ in range(3):
        my_turn(page)
        step(page)
    my_turn(page)
    assert page.locator(".feed li").count() > 0
    fresh = browser.new_context(reduced_motion="reduce").new_page()  # its own empty sessionStorage
    sit(fresh, base_url, room, res["seat"], res["token"])
    expect(fresh.locator(".feed li").first).to_be_visible()
    lines = fresh.locator(".feed li").all_inner_texts()
    assert len(lines) >= 6, lines
    assert any(line.startswith("Ann") for line in lines), lines  # my own moves are among them
    assert any(line.startswith("Minji") for line in lines), lines
    fresh.context.close()


def test_move_my_seat_to_another_device_with_a_one_time_code(browser: Browser, base_url: str) -> None:
    """Defect 10: the room link on a second device finds the seat taken and offers the code box;
    the code shown on the first device moves the seat; the first device is told; the code
    works once."""
    first = browser.new_context(reduced_motion="reduce").new_page()
    room = bot_room(first, base_url, 2)
    version = table_state(first)["version"]
    second = browser.new_context(reduced_motion="reduce").new_page()
    second.goto(f"{base_url}/#/room/{room}")
    expect(second.locator("#transfer-input")).to_be_visible()
    # a wrong code is refused in one sentence
    second.fill("#transfer-input", "ZZZZZZ")
    second.click("#transfer-redeem")
    expect(second.locator("#transfer-form .error")).to_be_visible()
    # the code, shown on the first device
    if not first.locator("#move-seat").is_visible():
        first.click("#side-toggle")
    first.click("#move-seat")
    code = first.locator("#transfer-code .code").inner_text().strip()
    assert len(code) == 6 and code.isalnum(), code
    assert code not in first.url and code not in second.url
    second.fill("#transfer-input", code.lower())  # case does not matter
    second.click("#transfer-redeem")
    my_turn(second)  # (after a hand decided at the deal, its settlement opens on the new device too)
    assert table_state(second)["version"] == version
    expect(first.locator(".friendly h1")).to_contain_text("moved to another device")
    saved = first.evaluate("() => JSON.parse(localStorage.getItem('gostop.seats') || '{}')")
    assert room not in saved
    # the seat plays on the second device; the token is never in its URL
    second.locator(PLAYABLE).first.click()
    second.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'")
    token = second.evaluate(f"() => JSON.parse(localStorage.getItem('gostop.seats'))[{json.dumps(room)}].token")
    assert token not in second.url
    # the code was for one use
    res = second.request.post(f"{base_url}/api/rooms/{room}/transfer/redeem", data=json.dumps({"code": code}),
                              headers={"Content-Type": "application/json"})
    assert res.status == 403, res.text()
    first.context.close()
    second.context.close()


def _two_people_room(browser: Browser, base_url: str) -> tuple[list[Page], str]:
    """Ann and Bo, each on a page of their own, at a one-hand table; played to the standings."""
    pages = [browser.new_context(reduced_motion="reduce").new_page() for _ in range(2)]
    for _ in range(10):
        body = {"name": "", "preset": "pagat", "rules": {}, "hands": 1, "public": False,
                "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"name": "Ann"}}
        made = api(pages[0], base_url, "POST", "/api/rooms", body)
        room = made["room"]["id"]
        bo = api(pages[0], base_url, "POST", f"/api/rooms/{room}/join", {"name": "Bo"})
        if bo["room"]["state"] == "playing":
            break
    sit(pages[0], base_url, room, made["seat"], made["token"])
    sit(pages[1], base_url, room, bo["seat"], bo["token"])

    def standings(p: Page) -> bool:
        for q in pages:
            if q.locator(".overlay:not([hidden]) #settle-close").count():
                q.click("#settle-close")
        return all(q.locator(".overlay:not([hidden]) #rematch-box").count() for q in pages)

    play_until(pages[0], standings, timeout=180, others=(pages[1],))
    return pages, room


def test_rematch_each_person_accepts_and_sees_who_answered(browser: Browser, base_url: str) -> None:
    """Defect 7: Ann offers a rematch; Bo sees it with who accepted, may decline and change his
    mind; when both accepted both are seated in the same new room, in the same seats."""
    (ann, bo), room = _two_people_room(browser, base_url)
    ann.click("#rematch")
    expect(ann.locator('#rematch-box li[data-seat="0"]')).to_have_attribute("data-answer", "accepted")
    expect(bo.locator('#rematch-box li[data-seat="0"]')).to_have_attribute("data-answer", "accepted")
    expect(bo.locator('#rematch-box li[data-seat="1"]')).to_have_attribute("data-answer", "waiting")
    expect(bo.locator("#rematch")).to_be_visible()  # "accept the rematch"
    bo.click("#rematch-decline")
    expect(ann.locator('#rematch-box li[data-seat="1"]')).to_have_attribute("data-answer", "declined")
    assert room_id_of(ann) == room  # nobody moved
    bo.click("#rematch")
    for p in (ann, bo):
        p.wait_for_function(f"() => location.hash.startsWith('#/room/') && !location.hash.includes('{room}')")
        p.wait_for_selector(".table-page[data-phase]")
    assert room_id_of(ann) == room_id_of(bo)
    new = api(ann, base_url, "GET", f"/api/rooms/{room_id_of(ann)}")
    assert [s["kind"] for s in new["seats"]] == ["human", "human"]
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bo"]
    for p, seat in ((ann, 0), (bo, 1)):
        saved: dict[str, Any] = p.evaluate("() => JSON.parse(localStorage.getItem('gostop.seats') || '{}')")
        assert saved[room_id_of(p)]["seat"] == seat
    for p in (ann, bo):
        p.context.close()
