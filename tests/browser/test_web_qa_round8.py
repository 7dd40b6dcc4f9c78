"""QA round 8: defects a player met in a real Chromium (a phone held upright, a friend opening
the invite link of a table against bots, a spectator on a phone, a desktop in Korean).

1. The go/stop panel on a phone (what a stop pays, the risks of a go, two buttons), anchored
   above the hand, covered the bottom row of the field's cards (two animals half hidden): the
   cards the player weighs when choosing go or stop.
2. A table against bots (no open seat) offered "Invite a friend: send this link"; the friend
   landed on "no open seat" with a seat-code form first and watching second.
3. A spectator on a phone kept an empty hand strip at the bottom of the screen.
4. A decision of one reveal button ("reveal joker 3") under "your turn" said not that playing a
   card from the hand is allowed too.
5. The hand review's English labels "hand" and "captures" were lowercase beside capitalised
   headings.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import play_until, shot
from test_web_table import check_one_screen, sit


def _phone(browser: Browser, width: int, height: int, lang: str) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


# -- 1. the go/stop panel never covers a field card ------------------------------------------------

#: Rooms whose seat 0 is offered go or stop: (players, preset) -> (scenario, seed), the seed of
#: find_seed(scenario, {"go", "stop"}).
GO_ROOMS = {(2, "pagat"): (Scenario(players=2, hands=3), 1), (3, "pagat"): (Scenario(players=3, hands=3), 3)}
GO_CASES = [((390, 844), 2, "pagat", "ko"), ((390, 844), 3, "pagat", "ko"),
            ((375, 667), 2, "pagat", "en"), ((375, 667), 3, "pagat", "ko")]

#: The decision panel's box and those of the field's cards (the stock's card and count too).
PANEL_AND_FIELD = """() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
  const dec = document.querySelector('.dock .decisions');
  return {panel: dec && box(dec), board: box(document.querySelector('.board')),
    cards: [...document.querySelectorAll('.board .layout .card, .board .stock')].map((e) => ({what: e.dataset.code || e.className, ...box(e)})),
    buttons: [...document.querySelectorAll('.dock .decisions .buttons button')].map(box), view: {w: innerWidth, h: innerHeight}};
}"""


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > 1 and min(a["b"], b["b"]) - max(a["t"], b["t"]) > 1


@pytest.mark.parametrize(("players", "preset"), list(GO_ROOMS), ids=[f"{n}p-{preset}" for n, preset in GO_ROOMS])
def test_the_go_stop_panel_never_covers_a_field_card_on_a_phone(players: int, preset: str, browser: Browser, base_url: str,
                                                                 game_server: Any, artifacts: Path) -> None:
    """Every field card (and the stock) clear of the go/stop panel, at least 36 px wide (the
    field first gave up half its height: 18 px cards on a 375x667 phone, unreadable) and inside
    the field; go and stop in the panel and on the screen; the table one screen.

    One room for each case of GO_CASES with these players and preset: the first page plays to
    the go/stop question; a page of the same seat, loaded afresh at each other size and in its
    language, is asked the same question and measured."""
    scenario, seed = GO_ROOMS[(players, preset)]
    room, tokens = seeded_room(game_server.db_url, scenario, seed)
    sel = ".decisions button.decision.kind-go"
    first: BrowserContext | None = None
    for size, _, _, lang in [case for case in GO_CASES if case[1:3] == (players, preset)]:
        ctx, page = _phone(browser, *size, lang)
        sit(page, base_url, room, 0, tokens[0])
        if first is None:
            first = ctx  # (open to the end: the seat is never left)
            play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
        else:
            expect(page.locator(sel)).to_have_count(1)
        page.wait_for_timeout(200)
        where = f"{size[0]}x{size[1]} {players}p {preset} {lang}"
        got = page.evaluate(PANEL_AND_FIELD)
        shot(page, artifacts / f"qa8-go-stop-{size[0]}x{size[1]}-{players}p-{preset}.png")
        assert got["panel"] and got["cards"], f"{where}: no panel or no field"
        covered = [c for c in got["cards"] if _meet(c, got["panel"])]
        assert not covered, f"{where}: the go/stop panel {got['panel']} covers field cards {covered}"
        # the cards stay readable and inside the field; go and stop stay in sight
        for c in got["cards"]:
            assert c["w"] >= 36 and c["b"] <= got["board"]["b"] + 1 and c["t"] >= got["board"]["t"] - 1, f"{where}: {c} (field {got['board']})"
        assert len(got["buttons"]) >= 2, f"{where}: no go and stop buttons"
        for b in got["buttons"]:
            assert b["t"] >= got["panel"]["t"] - 1 and b["b"] <= got["panel"]["b"] + 1 and b["b"] <= got["view"]["h"], f"{where}: a button {b} out of sight"
        check_one_screen(page, where)
        if ctx is not first:
            ctx.close()
    assert first is not None, f"no case of {players}p {preset} in GO_CASES"
    first.close()


# -- 2. the link of a table with no open seat is the link to watch it ------------------------------

class _NoSpectators(Scenario):
    """A room that lets no spectator in."""

    def config(self) -> Any:
        cfg = super().config()
        cfg.spectators = False
        return cfg


def test_a_table_with_no_open_seat_offers_the_link_to_watch_it(browser: Browser, base_url: str, game_server: Any,
                                                              artifacts: Path) -> None:
    """Against bots (every seat taken) the side box offers the /watch link, in words that say
    it; the page a friend lands on from the table's plain link puts watching first (before the
    seat-code form); a table that lets no spectator in says it is full, with no link."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    ctx.add_init_script("localStorage.setItem('gostop.lang', 'en')")
    page = ctx.new_page()
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, hands=3), 1)
    sit(page, base_url, room, 0, tokens[0])
    link = page.locator(".side .invite #invite-link")
    expect(link).to_have_value(re.compile(rf"/#/room/{room}/watch$"))
    label = page.locator(".side .invite label[for=invite-link]").inner_text()
    assert "watch" in label.lower() and label != "Invite a friend: send this link", label
    shot(page, artifacts / "qa8-invite-watch.png")
    # the friend: the plain link of the full table (as it was sent before) puts watching first
    friend = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    friend.add_init_script("localStorage.setItem('gostop.lang', 'ko')")
    fp = friend.new_page()
    fp.goto(f"{base_url}/#/room/{room}")
    panel = fp.locator(".friendly")
    expect(panel).to_be_visible()
    order = panel.evaluate("""(p) => [...p.querySelectorAll('a.button, button, input')].map((e) => e.id || e.className)""")
    assert order and order[0] == "watch-room", f"the first control of the full table's page: {order}"
    assert "primary" in (fp.locator("#watch-room").get_attribute("class") or "")
    assert order.index("watch-room") < order.index("transfer-input"), order
    shot(fp, artifacts / "qa8-full-table-ko.png")
    friend.close()
    # no spectators: no link at all, the box says the table is full
    room2, tokens2 = seeded_room(game_server.db_url, _NoSpectators(players=2, hands=3), 1)
    sit(page, base_url, room2, 0, tokens2[0])
    expect(page.locator(".side .invite .tablefull")).to_contain_text("Every seat is taken")
    assert page.locator(".side .invite #invite-link").count() == 0
    ctx.close()


# -- 3. a spectator's phone: no empty hand strip, the field takes the room ------------------------

def test_a_spectator_on_a_phone_has_no_hand_strip_and_the_field_takes_the_room(browser: Browser, base_url: str,
                                                                              game_server: Any, artifacts: Path) -> None:
    ctx, page = _phone(browser, 390, 844, "ko")
    room, _ = seeded_room(game_server.db_url, Scenario(players=3, hands=3), 1)
    page.goto(f"{base_url}/#/room/{room}/watch")
    page.wait_for_selector('.table-page[data-phase="hand"] .layout .card')
    page.wait_for_timeout(200)
    got = page.evaluate("""() => {
      const box = (e) => e && e.getBoundingClientRect();
      const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length && box(e).height > 0).map((e) => e.className);
      const board = box(document.querySelector('.board'));
      return {strips: shown('.table-page > .handbox, .table-page > .mine, .table-page > .dock'), boardBottom: board.bottom,
              pageBottom: box(document.querySelector('.table-page')).bottom};
    }""")
    shot(page, artifacts / "qa8-spectator-390x844.png")
    assert got["strips"] == [], f"a spectator's empty strips: {got['strips']}"
    assert got["pageBottom"] - got["boardBottom"] <= 2, f"the field leaves {got['pageBottom'] - got['boardBottom']} px under it"
    ctx.close()


# -- 4. a decision beside playing a card says that a card may be played ---------------------------

def test_a_reveal_decision_says_a_card_may_be_played_instead(page: Page, base_url: str, game_server: Any, artifacts: Path) -> None:
    """The joker-reveal deal of the browser tests (seed 4: reveal and shake offered beside the
    hand's plays): the panel says, in both languages, that playing a card is allowed too."""
    scenario = Scenario(rules={"joker_hand_mode": "reveal_replace"})
    for lang, words in (("en", "play a card"), ("ko", "한 장 내기")):
        room, tokens = seeded_room(game_server.db_url, scenario, 4)
        page.goto(base_url + "/")
        page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
        sit(page, base_url, room, 0, tokens[0])
        page.wait_for_selector(".decisions button.decision.kind-reveal")
        assert page.locator(".myhand button.card.playable").count() > 0
        expect(page.locator(".decisions .buttons")).to_contain_text(words)
        shot(page, artifacts / f"qa8-reveal-or-play-{lang}.png")


# -- 5. the hand review's English labels are capitalised as its headings are ---------------------

def test_the_hand_review_labels_are_capitalised(page: Page, base_url: str, game_server: Any) -> None:
    from test_web_end_of_hand import stop_now

    page.goto(base_url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'en')")
    room, tokens = seeded_room(game_server.db_url, Scenario(hands=3), 1)
    stop_now(page, base_url, room, tokens[0])
    page.click("#review-hand")
    page.wait_for_selector(".record-review .rv-seat")
    labels = page.locator(".record-review .rv-row small").all_inner_texts()
    assert labels and set(labels) == {"Hand", "Captures"}, labels
