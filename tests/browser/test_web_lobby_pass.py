"""A demanding player's pass over the lobby and the making of a room, on a phone and on a
desktop, in Korean and in English: the invite link of a room waiting for friends is there on a
phone too, a room others can see never calls its maker "you", and the room list counts seats
the way Korean does."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect
from tableplay import room_id_of

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}


def _lobby(page: Page, base_url: str, korean: bool) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#quick")
    if korean and page.locator("#lang-toggle").inner_text() != "English":
        page.click("#lang-toggle")
        expect(page.locator("#lang-toggle")).to_have_text("English")
        page.wait_for_selector("#quick")


def _make_room(page: Page, seats: tuple[str, ...], public: bool = True) -> str:
    """The room form under "advanced": seat 1 is me, ``seats`` the kinds of the others; no
    name typed (the lobby's name box left empty)."""
    page.click("#advanced > summary")
    page.select_option("#create select[name=seat-count]", str(len(seats) + 1))
    for i, kind in enumerate(seats, start=1):
        page.select_option(f"#create select[name=seat-{i}]", kind)
    if not public:
        page.uncheck("#create input[name=public]")
    page.click("#create-room")
    page.wait_for_selector(".waiting, .table-page[data-phase]")
    return room_id_of(page)


def _in_view(page: Page, selector: str) -> bool:
    return bool(page.evaluate("""(sel) => { const el = document.querySelector(sel); if (!el || !el.offsetParent) return false;
      const r = el.getBoundingClientRect(); return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
                              selector))


def test_a_room_for_friends_shows_its_invite_link_on_a_phone(browser: Browser, base_url: str) -> None:
    """On a phone, in Korean, I make a room with a seat for a friend: the waiting room shows
    the link to send and its copy button on the first screen (the side panel that holds the
    invite box is folded away on a phone, and a waiting room had no button to open it: no way
    to invite anybody). The empty seat says it is open, not "—". After a reload the room, its
    link and the copy button are back."""
    ctx = browser.new_context(viewport=PHONE, locale="ko-KR", reduced_motion="reduce", has_touch=True, is_mobile=True,
                              permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    _lobby(page, base_url, korean=True)
    room = _make_room(page, ("human",))
    page.wait_for_selector(".waiting")
    for _ in range(2):
        link = page.locator(".waiting #waiting-invite-link")
        expect(link).to_be_visible()
        assert link.input_value() == f"{base_url}/#/room/{room}"
        assert link.get_attribute("aria-label") == "친구 초대: 이 링크를 보내세요"
        expect(page.locator(".waiting label[for=waiting-invite-link]")).to_have_text("친구 초대: 이 링크를 보내세요")
        assert _in_view(page, "#waiting-invite-link") and _in_view(page, "#waiting-copy-link")
        copy = page.locator("#waiting-copy-link")
        expect(copy).to_have_text("링크 복사")
        copy.click()
        expect(copy).to_have_text("복사됨!")
        assert page.evaluate("() => navigator.clipboard.readText()") == f"{base_url}/#/room/{room}"
        page.reload()
        page.wait_for_selector(".waiting")
    expect(page.locator(".waiting li").nth(1)).to_have_text("자리 2: 빈자리")
    ctx.close()


def test_a_listed_room_vs_bots_does_not_call_its_maker_you(page: Page, base_url: str) -> None:
    """A room with bots, listed in the lobby (the form's default), made without a name: the
    others read my seat as "Guest" -- the name "you" made the list say "you's table" (now "you
    vs bots") and
    "you, Minji (normal)", each reader taking it for themselves. A private room keeps "you"."""
    _lobby(page, base_url, korean=False)
    listed = _make_room(page, ("bot:easy",))
    _lobby(page, base_url, korean=False)
    private = _make_room(page, ("bot:easy",), public=False)
    names = {}
    for room in (listed, private):
        res = page.request.get(f"{base_url}/api/rooms/{room}")
        assert res.ok, res.text()
        names[room] = res.json()["seats"][0]["name"]
    assert names[listed] == "Guest", names
    assert names[private] == "you", names
    _lobby(page, base_url, korean=False)
    row = page.locator(f"#room-list li.room[data-room='{listed}']")
    expect(row.locator(".name")).to_have_text("Guest vs bots")  # one person and bots (i18n.js roomTitle)
    expect(row.locator(".who")).to_have_text("Guest, Minji (easy)")


def test_the_korean_room_list_counts_seats_and_names_open_seats_in_korean(browser: Browser, base_url: str) -> None:
    """The room list in Korean: "2자리" (a counter joined to its number), not "2 자리"; a seat
    waiting for a person is "빈자리", not "—"; and the same on the page a friend opens by the
    link."""
    ctx = browser.new_context(viewport=DESKTOP, locale="ko-KR", reduced_motion="reduce")
    maker = ctx.new_page()
    _lobby(maker, base_url, korean=True)
    room = _make_room(maker, ("human",))
    friend_ctx = browser.new_context(viewport=DESKTOP, locale="ko-KR", reduced_motion="reduce")
    friend = friend_ctx.new_page()
    _lobby(friend, base_url, korean=True)
    row = friend.locator(f"#room-list li.room[data-room='{room}']")
    expect(row.locator(".meta")).to_contain_text("· 2자리 ·")
    expect(row.locator(".who")).to_have_text("손님, 빈자리")
    friend.goto(f"{base_url}/#/room/{room}")
    friend.wait_for_selector("#take-seat")
    expect(friend.locator("form.join > p").first).to_contain_text("· 2자리 ·")
    assert "2 자리" not in friend.locator("form.join").inner_text()
    expect(friend.locator("form.join li").nth(1)).to_have_text("자리 2: 빈자리")
    ctx.close()
    friend_ctx.close()
