"""The one-screen table and the defects a new player hit (issue #18), in a real Chromium
against a real `gostop serve`."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import PLAYABLE, room_id_of, shot, table_state

SIZES = [(1366, 768), (1280, 720), (390, 844), (375, 667), (844, 390)]


def api(page: Page, base_url: str, method: str, path: str, body: Any = None) -> Any:
    res = page.request.fetch(base_url + path, method=method, data=json.dumps(body) if body is not None else None,
                             headers={"Content-Type": "application/json"})
    assert res.ok, res.text()
    return res.json()


def bot_room(page: Page, base_url: str, seats: int, level: str = "easy") -> str:
    """A private room, me and bots, made through the API; my seat kept in localStorage."""
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 3, "public": False,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": level}] * (seats - 1), "join": {"name": "Ann"}}
    res = api(page, base_url, "POST", "/api/rooms", body)
    sit(page, base_url, res["room"]["id"], res["seat"], res["token"])
    my_turn(page)
    return str(res["room"]["id"])


#: Deals of the rooms whose layout a test measures (seeds of scripted rooms, see
#: :func:`scripted_bot_room`), by seats: 2 seats: my first turn offers a shake (SHAKE-1), a
#: decision panel above the hand; 3 seats: a shodang offer (the folded secondary control);
#: 5 seats: gwangpalli's stay or drop (GWANG-3) comes first, with the dealt cards in the panel.
LAYOUT_SEEDS = {2: 1, 3: 1, 5: 3}


def scripted_bot_room(page: Page, base_url: str, game_server: Any, seats: int, seed: int | None = None,
                      hands: int = 3, level: str = "easy") -> str:
    """Like :func:`bot_room`, on a chosen deal (a scripted room, tests/browser/scenarios.py): a
    test that measures the table sees the same cards on every run. A random deal (the API takes
    no seed) can show a layout only some deals make, and fail a run by chance (three
    declarations once made two rows of buttons on a phone)."""
    scenario = Scenario(players=seats, hands=hands, level=level)
    room, tokens = seeded_room(game_server.db_url, scenario, LAYOUT_SEEDS[seats] if seed is None else seed)
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    return room


def sit(page: Page, base_url: str, room: str, seat: int, token: str) -> None:
    page.goto(base_url + "/")
    seats = {room: {"seat": seat, "token": token}}
    page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))})")
    page.goto(f"{base_url}/#/room/{room}")
    page.wait_for_selector(".table-page[data-phase]")


def resize_to(page: Page, width: int, height: int) -> None:
    """The page's viewport made ``width`` x ``height``, and waited for: the window has its new
    size and two frames have been drawn since (the page's resize handlers and size observers
    have laid it out again)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"() => innerWidth === {width} && innerHeight === {height}")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def my_turn(page: Page, timeout: float = 30.0) -> None:
    """Wait until it is my decision; a hand decided at the deal (chongtong, about one deal in
    forty) opens its settlement first: close it and wait on."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        close = page.locator(".overlay:not([hidden]) #settle-close")
        if close.count() and close.first.is_visible():
            close.first.click()  # (the next hand's view can come with that settlement: both at once)
        elif page.locator('.table-page[data-to-move="1"]').count() and not page.locator(".overlay:not([hidden])").count():
            return
        page.wait_for_timeout(100)
    raise AssertionError("my turn never came")


BOXES = """() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
  const out = {};
  const hand = document.querySelector('.myhand'); if (hand) out.hand = r(hand);
  const board = document.querySelector('.board'); if (board) out.field = r(board);
  const stock = document.querySelector('.board .stock'); if (stock) out.stock = r(stock);
  document.querySelectorAll('.decisions button:not([hidden])').forEach((b, i) => {
    if (b.offsetParent && getComputedStyle(b).visibility !== 'hidden' && !b.closest('details:not([open])')) out['button' + i] = r(b);
  });
  out.scroll = {h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth};
  out.view = {w: innerWidth, h: innerHeight};
  return out;
}"""


def check_one_screen(page: Page, where: str) -> None:
    phase = table_state(page).get("phase")
    boxes = page.evaluate(BOXES)
    view = boxes.pop("view")
    scroll = boxes.pop("scroll")
    if scroll["h"] > view["h"] + 1 or scroll["w"] > view["w"] + 1:
        below = page.evaluate("() => [...document.querySelectorAll('body *')].filter(e => e.offsetParent && e.getBoundingClientRect().bottom > innerHeight + 1).slice(0, 5).map(e => e.tagName + '.' + e.className)")
        raise AssertionError(f"{where}: the page scrolls {scroll} > {view}: {below}")
    # before the hand (gwangpalli's stay or drop) the dealt cards are in the decision panel
    for key in ("hand", "field", "stock") if phase == "hand" else ("field", "button0"):
        assert key in boxes, f"{where}: no {key}"
    for name, b in boxes.items():
        assert b["w"] > 0 and b["h"] > 0, f"{where}: {name} is empty"
        assert b["l"] >= -1 and b["t"] >= -1 and b["r"] <= view["w"] + 1 and b["b"] <= view["h"] + 1, f"{where}: {name} {b} is outside {view}"
    names = list(boxes)
    for i, a in enumerate(names):
        for bname in names[i + 1:]:
            if {a, bname} == {"field", "stock"}:
                continue  # the stock sits in the middle of the field
            x, y = boxes[a], boxes[bname]
            overlap = min(x["r"], y["r"]) - max(x["l"], y["l"]) > 1 and min(x["b"], y["b"]) - max(x["t"], y["t"]) > 1
            assert not overlap, f"{where}: {a} {x} overlaps {bname} {y}"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_one_screen_table_at_each_size_for_2_3_and_5_seats(width: int, height: int, browser: Browser, base_url: str,
                                                            game_server: Any, artifacts: Path) -> None:
    """Hand, field, stock and every decision button inside the viewport without scrolling, and
    no two of them overlapping, for 2 and 3 players and a 5-seat gwangpalli room (the same
    deals every run: LAYOUT_SEEDS)."""
    phone = width < 500
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                              has_touch=phone, is_mobile=phone)
    page = ctx.new_page()
    for seats in (2, 3, 5):
        scripted_bot_room(page, base_url, game_server, seats)
        page.wait_for_timeout(150)
        check_one_screen(page, f"{width}x{height} {seats} seats")
        # alone against bots there is nobody to say a quick phrase to: no "Say…" button
        assert page.locator("#say-open").count() == 0, "a Say button at a table of bots"
        shot(page, artifacts / f"table-{seats}p-{width}x{height}.png")
    ctx.close()


def test_a_decision_panel_with_go_and_stop_fits_a_small_phone(browser: Browser, base_url: str, game_server: Any) -> None:
    """The go/stop panel (with what a stop pays) is anchored above the hand on a 375x667 phone."""
    from tableplay import play_until

    room, tokens = game_server.scripted["table: go-stop"]
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    page = ctx.new_page()
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-go"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    check_one_screen(page, "go/stop 375x667")
    ctx.close()


def test_two_rows_of_decision_buttons_on_a_phone_leave_the_field_uncovered(browser: Browser, base_url: str,
                                                                          game_server: Any, artifacts: Path) -> None:
    """Three declarations at once (a bomb, DEC-11 / BOMB-1, and two shakes, DEC-6 / SHAKE-1) take two rows of buttons on a 390 px
    phone: the row under the field grows to hold them (js/table.js roomForButtons), where the
    panel used to cover the field's bottom; in a wide window, one row again and the room given
    back."""
    from tableplay import play_until

    room, tokens = game_server.scripted["table: three declarations"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    page = ctx.new_page()
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-shake, .decisions button.decision.kind-bomb"
    play_until(page, lambda p: p.locator(sel).count() >= 3, timeout=90, unless=sel)
    page.wait_for_timeout(150)
    tops = {round(b["y"]) for b in (page.locator(sel).nth(i).bounding_box() for i in range(3)) if b}
    assert len(tops) >= 2, f"the three buttons fit one row: {tops}"  # the case this test is about
    check_one_screen(page, "three declarations 390x844")
    shot(page, artifacts / "table-three-declarations-390x844.png")
    grown = page.evaluate("() => document.querySelector('.table-page').style.getPropertyValue('--dock-h')")
    assert grown.endswith("px"), grown
    page.set_viewport_size({"width": 1366, "height": 768})  # measured again on a resize
    page.wait_for_timeout(150)
    check_one_screen(page, "three declarations 1366x768")
    ctx.close()


def test_vs_bots_never_takes_a_seat_in_a_friends_room(browser: Browser, base_url: str) -> None:
    """Defect 1: a friend's public room waiting for a second person keeps its open seat when a
    stranger picks "vs bots" with the same rules and size; the stranger gets bots at the
    level chosen. The lobby makes the private room itself (POST /api/rooms), so this holds on
    a server without the new quick play too; "with people" uses the server's matchmaking queue
    (POST /api/quick, mode "people", from the server branch) and falls back to the page's own
    when the server answers 422."""
    friend = browser.new_context().new_page()
    body = {"name": "Friends", "preset": "pagat", "rules": {}, "hands": 3, "public": True,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": {"name": "Friend"}}
    theirs = api(friend, base_url, "POST", "/api/rooms", body)["room"]["id"]
    stranger = browser.new_context().new_page()
    stranger.goto(base_url + "/")
    stranger.fill("#player-name", "Stranger")
    stranger.click(".games button[data-game=gostop]")
    stranger.select_option("#quick select[name=level]", "hard")
    stranger.click("#quick-play")
    stranger.wait_for_selector(".table-page")
    mine = room_id_of(stranger)
    assert mine != theirs
    room = api(stranger, base_url, "GET", f"/api/rooms/{mine}")
    assert [s["kind"] for s in room["seats"]] == ["human", "bot", "bot"] and not room["public"]
    from gostop.agents import LEVELS

    assert {s["level"] for s in room["seats"][1:]} == {LEVELS["hard"]}  # "hard" as the server keeps it (its bot spec)
    friends = api(stranger, base_url, "GET", f"/api/rooms/{theirs}")
    assert [s["taken"] for s in friends["seats"]] == [True, False, True], "the friend's open seat was taken"
    friend.context.close()
    stranger.context.close()


def test_matgo_choice_uses_the_matgo_preset(page: Page, base_url: str) -> None:
    """"맞고 2인" vs bots is a two-seat room with the matgo preset."""
    names = [p["name"] for p in api(page, base_url, "GET", "/api/presets")["presets"]]
    assert "matgo" in names, names
    page.goto(base_url + "/")
    page.click(".games button[data-game=matgo]")
    page.click("#quick-play")
    page.wait_for_selector(".table-page")
    room = api(page, base_url, "GET", f"/api/rooms/{room_id_of(page)}")
    assert room["preset"] == "matgo" and len(room["seats"]) == 2


def test_korean_lobby_first_screen(page: Page, base_url: str) -> None:
    """Korean-first lobby: the three big choices, vs bots / with people, the how-to link,
    rules under "advanced", no room list while there are no rooms to show (defect 12 words)."""
    page.goto(base_url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
    page.reload()
    expect(page.locator(".games")).to_contain_text("맞고 2인")
    expect(page.locator(".games")).to_contain_text("고스톱 3인")
    expect(page.locator(".games")).to_contain_text("광팔이 4–7인")
    expect(page.locator("#quick-play")).to_have_text("봇과 하기")
    expect(page.locator("#quick-people")).to_have_text("사람과 하기")
    expect(page.locator("#howto-link")).to_be_visible()
    expect(page.locator("#create")).to_be_hidden()
    expect(page.locator("#player-name")).to_have_attribute("placeholder", "나")
    levels = page.eval_on_selector_all("#quick select[name=level] option", "els => els.map(e => e.textContent)")
    from gostop.agents import LEVEL_NAMES, LEVELS

    # each level named in Korean, then its measured gap (test_web_lobby_levels.py)
    assert [text.split(" — ")[0] for text in levels] == [LEVEL_NAMES["ko"][level] for level in LEVELS], levels
    rooms = api(page, base_url, "GET", "/api/rooms?limit=50")["rooms"]
    expect(page.locator("#room-list")).to_be_visible() if rooms else expect(page.locator("#room-list")).to_be_hidden()


def test_a_hand_decided_at_the_deal_is_shown(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 2: the first deal of this room ends at once (a chongtong): arriving at "hand 2"
    the player sees that hand's settlement (server: Room.last_result is set for it)."""
    scenario = Scenario(rules={"chongtong": "mandatory"}, hands=3)
    room, tokens = seeded_room(game_server.db_url, scenario, 66)  # seed 66: the dealt hand holds four of a month
    sit(page, base_url, room, 0, tokens[0])
    expect(page.locator(".overlay:not([hidden]) .settlement")).to_be_visible()
    expect(page.locator(".overlay .settlement .result")).to_contain_text(re.compile("chongtong|총통", re.I))
    # nobody captured a card: the settlement shows the winner's four of a month (DEAL-7)
    quad = page.locator(".overlay .wincards [data-group=chongtong] .card[data-code]")
    expect(quad).to_have_count(4)
    months = {code[:2] for code in quad.evaluate_all("els => els.map(e => e.dataset.code)")}
    assert len(months) == 1, months
    # closing says where it leads: hand 2 of 3 (dealt behind the dialog); the reveal button names a step
    expect(page.locator("#settle-close")).to_have_text("Next hand")
    expect(page.locator("#settle-next")).to_have_text("Next step")
    page.click("#settle-close")
    page.reload()  # seen once: not shown again on this device
    page.wait_for_selector(".table-page[data-phase]")
    page.wait_for_timeout(300)
    expect(page.locator(".overlay:not([hidden])")).to_have_count(0)


def test_hand_cards_that_capture_are_not_drawn_smaller(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 3: every card of my hand has the same size, capturing or not (a deal whose first
    hand has both)."""
    scripted_bot_room(page, base_url, game_server, 2)
    page.wait_for_selector(PLAYABLE)
    assert page.locator(".myhand .card.captures").count() and page.locator(".myhand .card.playable:not(.captures)").count()
    sizes = page.eval_on_selector_all(".myhand .handslot > .card", "els => els.map(e => [Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])")
    assert len(set(map(tuple, sizes))) == 1, sizes


def test_shodang_offer_is_a_folded_secondary_control(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 5: no full-width "offer shodang" button, no key for it; it asks before it acts."""
    from tableplay import play_until

    room, tokens = game_server.scripted["table: shodang offer"]
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-offer-shodang"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    expect(page.locator(sel)).to_be_hidden()
    version = table_state(page)["version"]
    page.keyboard.press("a")
    page.wait_for_timeout(400)
    assert table_state(page)["version"] == version
    page.click(".decisions details.more > summary")
    expect(page.locator(".decisions details.more")).to_contain_text("no winner")
    expect(page.locator(sel)).to_be_visible()


def test_phone_one_tap_plays_and_touch_targets_are_44px(browser: Browser, base_url: str, game_server: Any) -> None:
    """Defects 8 and 11 on a phone: one tap plays; no keyboard help; every button ≥ 44 px tall
    (the decision's too: this deal offers a shake first, SHAKE-1)."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    page = ctx.new_page()
    scripted_bot_room(page, base_url, game_server, 2)
    expect(page.locator(".decisions button.decision.kind-shake")).to_be_visible()
    page.wait_for_selector(PLAYABLE)
    expect(page.locator(".keyhelp")).to_be_hidden()
    small = page.eval_on_selector_all("button:not(.card), select", "els => els.filter(e => e.offsetParent).map(e => [e.id || e.className, e.getBoundingClientRect().height]).filter(x => x[1] < 44)")
    assert not small, small
    version = table_state(page)["version"]
    page.locator(PLAYABLE).first.tap()
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=5000)
    ctx.close()


def test_bot_level_and_name_in_the_pages_language(page: Page, base_url: str) -> None:
    """Defect 9 and 12: a "normal" bot is tagged 보통 (not "bot expert") with a Korean name."""
    page.goto(base_url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
    bot_room(page, base_url, 2, level="normal")
    tags = page.locator(".player.badge .tag")
    expect(tags.filter(has_text="봇")).to_have_text("봇 보통")
    assert "expert" not in page.locator(".player.badge").inner_text()
    name = page.locator(".player.badge .pname").first.inner_text()
    assert re.search("[가-힣]", name), name


def test_focus_follows_the_turn_and_go_has_one_key_mark(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 11: after my move the focus is on what I can play next, not on the page; the Go
    label does not carry "(g)" beside its key."""
    scripted_bot_room(page, base_url, game_server, 2, seed=2)  # seed 2: plain plays, no hand ends at once
    page.wait_for_selector(PLAYABLE)
    version = table_state(page)["version"]
    page.locator(PLAYABLE).first.click()
    page.wait_for_function(f"() => {{ const t = document.querySelector('.table-page'); return t.dataset.version !== '{version}' && t.dataset.toMove === '1'; }}", timeout=20000)
    page.wait_for_timeout(200)
    focused = page.evaluate("() => document.activeElement && (document.activeElement.className || document.activeElement.tagName)")
    assert "card" in focused or "decision" in focused, focused
    label = page.evaluate("async () => (await import('/js/actions.js')).actionLabel({kind: 'go', action: 'go'})")
    assert "(g)" not in label, label


def test_finished_hand_stays_until_the_settlement_is_closed_then_rematch(page: Page, base_url: str) -> None:
    """Defect 7 and the end of a hand: the settlement opens over the finished hand (not the next
    deal), shows the winner's cards grouped by kind, offers the record; at the end of the
    match "rematch" opens a new table with the same seats."""
    from tableplay import play_until, settlement_shown

    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 2, "public": False,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": {"name": "Ann"}}
    res = api(page, base_url, "POST", "/api/rooms", body)
    first = res["room"]["id"]
    sit(page, base_url, first, res["seat"], res["token"])
    play_until(page, settlement_shown, timeout=120)
    deal = page.evaluate("() => document.querySelector('.table-page').dataset.deal")
    view = api(page, base_url, "GET", f"/api/rooms/{first}")
    if view["state"] == "playing" and deal != "0":
        # Only a first hand decided at the deal (a chongtong: no move to step) is never drawn,
        # since this page never saw it; any other settled hand stays under its settlement.
        auth = {"Authorization": f"Bearer {res['token']}"}
        review = page.request.get(f"{base_url}/api/rooms/{first}/hands/0", headers=auth).json()
        assert review["steps"] == [], "the next deal is drawn under the settlement"
    result = page.locator(".overlay .settlement .result").inner_text()
    if "wins" in result and "chongtong" not in result:
        # (a hand won by chongtong at the deal, DEAL-7, ends before anybody captures a card: its
        # four of a month are checked in test_a_hand_decided_at_the_deal_is_shown)
        expect(page.locator(".overlay .wincards .card[data-code]").first).to_be_visible()
    with page.expect_download() as dl:
        page.click("#download-record")
    record = json.loads(Path(dl.value.path()).read_text())
    assert record.get("hands") is not None or record.get("deals") is not None, list(record)
    page.click("#settle-close")
    if view["state"] == "playing" and deal == "0":
        expect(page.locator(".table-page")).not_to_have_attribute("data-deal", "0")

    def standings(p: Page) -> bool:
        if p.locator(".overlay:not([hidden]) #rematch").count():
            return True
        if p.locator(".overlay:not([hidden]) #settle-close").count():
            p.click("#settle-close")  # the last hand's settlement, then the standings
        return False

    play_until(page, standings, timeout=150)
    page.click("#rematch")
    page.wait_for_function(f"() => location.hash.startsWith('#/room/') && !location.hash.includes('{first}')")
    second = room_id_of(page)
    room = api(page, base_url, "GET", f"/api/rooms/{second}")
    assert [s["kind"] for s in room["seats"]] == ["human", "bot"]
    assert room["seats"][1]["level"] == view["seats"][1]["level"] and room["preset"] == "pagat"
    page.wait_for_selector(".table-page[data-phase]")


def test_review_the_finished_hand_move_by_move(page: Page, base_url: str, game_server: Any) -> None:
    """From the settlement, "review this hand" steps through the finished hand, then shows the
    cards left in every hand (a fixed deal that is played out: a random one ended the match at
    the deal now and then, and the test had to skip)."""
    from tableplay import play_until, settlement_shown

    scripted_bot_room(page, base_url, game_server, 2, seed=2, hands=1)  # seed 2: plain plays
    assert table_state(page).get("over") != "1"
    play_until(page, settlement_shown, timeout=120)
    page.click("#review-hand")
    expect(page.locator(".review .counter")).to_contain_text(re.compile(r"Move 1 of \d+"))
    total = int(re.search(r"of (\d+)", page.locator(".review .counter").inner_text()).group(1))  # type: ignore[union-attr]
    assert total > 5
    first = page.locator(".review-table").inner_html()
    page.click("#review-next")
    expect(page.locator(".review .counter")).to_contain_text("Move 2 of")
    assert page.locator(".review-table").inner_html() != first
    for _ in range(total):
        if page.locator("#review-next").is_disabled():
            break
        page.click("#review-next")
    expect(page.locator(".final-hands")).to_be_visible()
    page.click("#review-close")
    expect(page.locator(".overlay .settlement")).to_be_visible()


def test_sound_is_quiet_until_the_first_play_and_the_choice_is_remembered(page: Page, base_url: str) -> None:
    """Sound: off on a first visit; the first card played turns it on (effects are heard:
    the toggle names the last one); muting is remembered over a reload."""
    bot_room(page, base_url, 2)
    assert page.evaluate("() => localStorage.getItem('gostop.sound')") is None
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    page.wait_for_selector(PLAYABLE)
    page.locator(PLAYABLE).first.click()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sound-toggle")).to_have_attribute("data-last-sound", re.compile(r"^(play|capture|ppuk|chok|ttadak|sseul|bomb|go|stop|win|turn)$"))
    assert page.evaluate("() => localStorage.getItem('gostop.sound')") == "on"
    page.click("#sound-toggle")
    page.reload()
    page.wait_for_selector(".table-page[data-phase]")
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")


def test_traditional_deck_is_switchable_and_remembered(page: Page, base_url: str) -> None:
    """A second deck style ("traditional", cards/trad/) switched in the page and remembered."""
    bot_room(page, base_url, 2)
    page.wait_for_selector(".myhand .card img")
    assert "/cards/trad/" not in (page.locator(".myhand .card img").first.get_attribute("src") or "")
    page.click("#deck-toggle")
    expect(page.locator(".myhand .card img").first).to_have_attribute("src", re.compile(r"^/cards/trad/"))
    page.reload()
    expect(page.locator(".myhand .card img").first).to_have_attribute("src", re.compile(r"^/cards/trad/"))
    page.wait_for_function("() => [...document.querySelectorAll('.myhand .card img')].every(i => i.complete && i.naturalWidth > 0)", timeout=10000)
    assert re.fullmatch(r"/cards/trad/\w+\.png", page.locator(".myhand .card img").first.get_attribute("src") or "")


def test_a_decision_never_moves_the_table(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 4: the decision panel is anchored above the hand: the field and the hand stay
    where they were when it appears."""
    from tableplay import step

    room, tokens = game_server.scripted["table: pick"]
    sit(page, base_url, room, 0, tokens[0])
    rects = "() => ['.board', '.myhand'].map(s => { const b = document.querySelector(s).getBoundingClientRect(); return [b.top, b.height]; })"
    sel = ".decisions button.decision.kind-pick"
    for _ in range(60):
        page.wait_for_function("() => document.querySelector('.table-page[data-to-move=\"1\"]')", timeout=30000)
        if page.locator(sel).count():
            break
        before = page.evaluate(rects)
        step(page, unless=sel)
    else:
        raise AssertionError("no pick decision came")
    expect(page.locator(sel).first).to_be_visible()
    assert page.evaluate(rects) == before


def test_a_card_played_while_disconnected_is_not_sent_and_the_page_says_so(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 10: a click while the connection is down says the move was not sent (nothing is
    queued); after the reconnect the same card plays."""
    bot_room(page, base_url, 2)
    page.wait_for_selector(PLAYABLE)
    version = table_state(page)["version"]
    game_server.kill9()
    try:
        expect(page.locator("#banner")).to_contain_text("reconnecting")
        page.locator(PLAYABLE).first.click()
        expect(page.locator("#banner")).to_contain_text("not sent")
        # the page keeps trying to reconnect (0.3, 0.9, 2.1 s ...): a failed try does not cover
        # the sentence before it can be read
        page.wait_for_timeout(2500)
        expect(page.locator("#banner")).to_contain_text("not sent", timeout=500)
        # a second click says it again for its own five seconds: the first click's timer,
        # which ends 2.5 s into them, does not bring "reconnecting" back over it
        page.locator(PLAYABLE).first.click()
        page.wait_for_timeout(3000)
        expect(page.locator("#banner")).to_contain_text("not sent", timeout=500)
    finally:
        game_server.start()
    expect(page.locator("#banner")).to_contain_text("Reconnected", timeout=20000)
    assert table_state(page)["version"] == version  # nothing was queued and sent on reconnecting
    page.locator(PLAYABLE).first.click()
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=10000)


def test_with_people_seats_two_strangers_at_one_table(browser: Browser, base_url: str) -> None:
    """"With people": the first person opens a listed table that waits for people, the next
    one with the same choice sits at it."""
    pages = [browser.new_context().new_page() for _ in range(2)]
    rooms = []
    for i, p in enumerate(pages):
        p.goto(base_url + "/")
        p.fill("#player-name", f"Person {i + 1}")
        p.click(".games button[data-game=gwangpalli]")
        p.select_option("#quick select[name=players]", "7")
        p.click("#quick-people")
        p.wait_for_selector(".waiting, .table-page")
        rooms.append(room_id_of(p))
    assert rooms[0] == rooms[1]
    room = api(pages[0], base_url, "GET", f"/api/rooms/{rooms[0]}")
    assert room["public"] and len(room["seats"]) == 7 and sum(s["taken"] for s in room["seats"]) == 2
    for p in pages:
        p.context.close()


def test_rule_changes_in_korean_words(page: Page, base_url: str) -> None:
    """Defect 12: every rule under "advanced" is named and explained in Korean on the Korean page."""
    page.goto(base_url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
    page.reload()
    page.click("#advanced > summary")
    page.click("#create details summary")
    options = page.eval_on_selector_all("#create select[name=knob] option", "els => els.map(e => e.textContent)")
    assert len(options) > 80 and all(re.search("[가-힣]", o) for o in options), [o for o in options if not re.search("[가-힣]", o)]
    page.select_option("#create select[name=knob]", "bomb_allowed")
    expect(page.locator("#create .knob-meaning")).to_contain_text("폭탄")
    page.click("#add-rule")
    expect(page.locator("#create .changes li")).to_contain_text("폭탄")


def test_giving_junk_says_why_preselects_the_cheapest_and_can_be_automatic(page: Page, base_url: str, game_server: Any) -> None:
    """Defect 6: one "Give" button, the reason in words, the cheapest choice preselected, and an
    "always give the cheapest" setting that answers by itself (remembered)."""
    from scenarios import junk_cost
    from tableplay import play_until

    room, tokens = game_server.scripted["table: give junk"]
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-surrender"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    expect(page.locator(sel)).to_have_count(1)
    why = page.locator(".surrender .why").inner_text()
    assert why.strip() and "junk" in why, why
    choices = page.eval_on_selector_all(".giveopt", "els => els.map(e => [e.dataset.choice, e.getAttribute('aria-checked')])")
    view_cards = [c.split()[1:] for c, _ in choices]
    costs = [junk_cost({"cards": cards}) for cards in view_cards]
    checked = [i for i, (_, on) in enumerate(choices) if on == "true"]
    assert checked == [costs.index(min(costs))], (choices, costs)
    assert page.locator(sel).get_attribute("data-action") == choices[checked[0]][0]
    version = table_state(page)["version"]
    page.click("#always-cheapest")  # (click, not check: the panel it sits on goes away when the give is sent) gives now, and from now on by itself
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=10000)
    assert page.evaluate("() => localStorage.getItem('gostop.alwaysCheapest')") == "1"
