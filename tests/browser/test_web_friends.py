"""Friends at one table, each in their own browser: names as the others read them, a network
that goes away without closing the socket, a player who leaves for good, a spectator."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, BrowserContext, Page, expect
from tableplay import (
    close_settlement,
    create_room,
    play_until,
    quick_play,
    settlement_shown,
    step,
    table_state,
)

VIEWPORT = {"width": 1280, "height": 860}


def _play_on(page: Page) -> None:
    """One decision of the tests' policy, an open settlement closed first (the loops below
    waited 30 s under one: a hand decided at the deal)."""
    if not close_settlement(page):
        step(page)


def _person(browser: Browser, locale: str = "en-US") -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport=VIEWPORT, locale=locale, reduced_motion="reduce")
    return ctx, ctx.new_page()


def _join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#take-seat")


def test_a_friend_who_types_no_name_is_a_guest_not_you(browser: Browser, base_url: str) -> None:
    """Two friends join by the link without typing a name (one page in English, one in
    Korean): the others read "Guest" / "손님", never "you" (or "나"), so that nobody reads
    "Waiting for you…" while it is somebody else's turn."""
    _, ann = _person(browser)
    create_room(ann, base_url, "Ann", seats=("human", "human", "human"))
    link = ann.input_value("#invite-link")
    _, bo = _person(browser)
    _join(bo, link, "")
    bo.wait_for_selector(".waiting")
    _, cy = _person(browser, "ko-KR")
    _join(cy, link, "   ")
    for p in (ann, bo, cy):
        p.wait_for_selector(".table-page[data-phase]")
    names = ann.eval_on_selector_all(".player .pname", "els => els.map(e => e.textContent)")
    assert sorted(names) == sorted(["Ann (you)", "Guest", "손님"]), names
    expect(bo.locator(".player.me .pname")).to_have_text("Guest (you)")
    expect(cy.locator(".player.me .pname")).to_have_text("손님 (나)")
    for p in (ann, bo, cy):
        mover = table_state(p).get("toMove") == "1"
        status = p.inner_text(".status")
        if not mover:
            assert "for you" not in status and "you 차례" not in status and "나 차례" not in status, status


def test_a_network_gone_without_a_close_is_noticed_and_the_seat_comes_back(browser: Browser, base_url: str) -> None:
    """A phone between networks or a laptop asleep: the socket stays "open" but nothing passes.
    The page pings a quiet socket, says it is reconnecting when no answer comes, and takes the
    seat back on a new socket once the network is back."""
    ctx, page = _person(browser)
    page.clock.install()
    quick_play(page, base_url, "Hana")
    page.wait_for_selector(".table-page[data-phase]")
    version = table_state(page)["version"]
    ctx.set_offline(True)
    page.clock.run_for(40_000)
    expect(page.locator("#banner")).to_contain_text("reconnecting", timeout=5000)
    ctx.set_offline(False)
    end = time.monotonic() + 20
    while "Reconnected" not in page.inner_text("#banner"):
        assert time.monotonic() < end, page.inner_text("#banner")
        page.clock.run_for(2_000)
        page.wait_for_timeout(100)
    assert int(table_state(page)["version"]) >= int(version)


def test_a_player_who_left_is_told_as_gone_and_a_spectator_has_no_keys(browser: Browser, base_url: str) -> None:
    """Bo leaves the match for good (Leave): the others read that he left and a bot plays his
    seat to the end, not that he is away for a while. A spectator is not shown the keys to
    play cards he has not got."""
    _, ann = _person(browser)
    create_room(ann, base_url, "Ann", seats=("human", "human"), hands=2)
    link = ann.input_value("#invite-link")
    _, bo = _person(browser, "ko-KR")
    _join(bo, link, "보람")
    _, spec = _person(browser)
    for p in (ann, bo):
        p.wait_for_selector(".table-page[data-phase]")
    spec.goto(link + "/watch")
    spec.wait_for_selector(".table-page[data-phase]")
    expect(spec.locator(".keyhelp")).to_have_count(0)
    expect(ann.locator(".keyhelp")).to_have_count(1)
    # a random deal may be decided at the deal (a chongtong, DEAL-7): its settlement is then open
    # over Bo's table (Leave is under it, inert), and he closes it first
    play_until(ann, lambda p: int(table_state(p).get("version", "0")) >= 2 or settlement_shown(p), timeout=30, others=(bo,))
    close_settlement(bo)
    bo.on("dialog", lambda d: d.accept())
    bo.click("#leave")
    bo.wait_for_url("**/#/")
    for p, said in ((ann, "left (a bot plays)"), (spec, "left (a bot plays)")):
        tag = p.locator(".player[data-seat='1'] .tag", has_text="left")
        expect(tag).to_have_text(said)
        expect(p.locator(".player[data-seat='1'] .tag", has_text="away")).to_have_count(0)
    step(ann)  # the table goes on: the bot plays Bo's seat


#: Every text the status line shows, in order (a bot's turn passes in a moment: it is recorded
#: as it is drawn).
RECORD_STATUS = """() => {
  window.statuses = [];
  const note = () => {
    const el = document.querySelector('.table-page .status > span');
    const last = window.statuses[window.statuses.length - 1];
    if (el && el.textContent !== last) window.statuses.push(el.textContent);
  };
  new MutationObserver(note).observe(document.getElementById('app'), {subtree: true, childList: true, characterData: true});
  note();
}"""


def _statuses(page: Page) -> list[str]:
    return list(page.evaluate("() => window.statuses"))


def test_the_status_line_says_who_is_waited_for_and_whose_seat_a_bot_plays(browser: Browser, base_url: str) -> None:
    """Bo's page goes away: on his turn the table waits for him to reconnect, and says so (his
    seat says "offline"). Then Bo leaves for good: his seat says "left (a bot plays)", and on
    his turns the status line says that a bot plays his seat, never "Waiting for Bo…" (in
    English, and in Korean for a spectator)."""
    _, ann = _person(browser)
    room = create_room(ann, base_url, "Ann", seats=("human", "human"), hands=3)
    link = ann.input_value("#invite-link")
    bo_ctx, bo = _person(browser)
    _join(bo, link, "Bo")
    _, spec = _person(browser, "ko-KR")
    for p in (ann, bo):
        p.wait_for_selector(".table-page[data-phase]")
    spec.goto(link + "/watch")
    spec.wait_for_selector(".table-page[data-phase]")
    bo_seat = bo.evaluate(f"() => JSON.parse(localStorage.getItem('gostop.seats'))[{room!r}]")
    bo_ctx.close()  # his connection drops; the grace period of this server is long
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="offline")).to_be_visible()
    end = time.monotonic() + 30
    while "reconnect" not in ann.inner_text(".status"):
        assert time.monotonic() < end, ann.inner_text(".status")
        _play_on(ann)
        ann.wait_for_timeout(100)
    expect(ann.locator(".status")).to_contain_text("Waiting for Bo to reconnect…")
    expect(spec.locator(".status")).to_contain_text("Bo 연결 끊김 — 다시 들어오기를 기다리는 중…")

    for p in (ann, spec):
        p.evaluate(RECORD_STATUS)
    res = ann.request.post(f"{base_url}/api/rooms/{room}/leave", headers={"Authorization": f"Bearer {bo_seat['token']}"})
    assert res.ok, res.text()
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="left")).to_have_text("left (a bot plays)")
    end = time.monotonic() + 60
    while "Bo left — a bot plays their seat…" not in " ".join(_statuses(ann)):
        assert time.monotonic() < end, _statuses(ann)
        _play_on(ann)  # the bot plays Bo's turns as they come
        ann.wait_for_timeout(100)
    assert not [s for s in _since_left(_statuses(ann), "Bo left") if "Waiting for Bo" in s], _statuses(ann)
    # the spectator's own socket gets the same updates, maybe later on a loaded machine: wait
    end = time.monotonic() + 30
    while not _since_left(_statuses(spec), "Bo 나감 — 봇이 대신 치는 중…"):
        assert time.monotonic() < end, _statuses(spec)
        spec.wait_for_timeout(100)
    assert not [s for s in _since_left(_statuses(spec), "Bo 나감") if "Bo 차례" in s or "기다리는" in s], _statuses(spec)


def _since_left(statuses: list[str], said: str) -> list[str]:
    """The statuses from the first that says ``said`` on (none when none says it)."""
    firsts = [i for i, s in enumerate(statuses) if said in s]
    return statuses[firsts[0]:] if firsts else []
