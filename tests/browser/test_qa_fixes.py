"""What a QA pass of the browser game found, each as the player sees it (a real Chromium against
a real `gostop serve`): the side panel's button on a phone, the match-over dialog, who sits a
gwangpalli hand out, the language switch of the side panel, the table of 4 to 7 seats on a
laptop, the rule-change form and its refusals, names instead of identifiers, the hand review in
Korean, the keyboard help on a narrow screen, the first visit's language, a long settlement on
a phone, and the bright sales of a gwangpalli settlement."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from scenarios import HUMAN, Scenario, find_seed, play_offline, seeded_room
from tableplay import (
    play_until,
    record_frames,
    settlement_shown,
    step,
    table_state,
)
from test_web_errors import refused_rule
from test_web_table import api, bot_room, my_turn, resize_to, scripted_bot_room, sit

GO = ".decisions button.decision.kind-go"
STOP = ".decisions button.decision.kind-stop"
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
PRESET_IDS = ("pagat", "pagat-classic", "fuda-wiki", "goo-stupe", "matgo")


def phone(browser: Browser, width: int = 390, height: int = 844, touch: bool = True) -> Page:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                              has_touch=touch, is_mobile=touch)
    return ctx.new_page()


def korean(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")


def stop_room(game_server: Any) -> tuple[str, str]:
    """A scripted one-hand room vs a bot whose first go/stop question comes to me (seat 0)."""
    scenario = Scenario(hands=1)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"go", "stop"}, start=1, tries=300))
    return room, tokens[0]


def stop_now(page: Page, base_url: str, room: str, token: str) -> None:
    sit(page, base_url, room, HUMAN, token)
    play_until(page, lambda p: p.locator(GO).count() > 0, timeout=90, unless=GO)
    page.click(STOP)
    page.wait_for_selector(".overlay:not([hidden]) .settlement")


# -- 1. the side panel's button on a phone ---------------------------------------------------


def test_the_side_panel_button_works_after_my_moves_on_a_phone(browser: Browser, base_url: str, game_server: Any) -> None:
    page = phone(browser)
    scripted_bot_room(page, base_url, game_server, 2)
    for _ in range(2):  # two of my decisions (a card, or whatever the deal asks first), each answered
        my_turn(page)
        assert step(page) is not None, table_state(page)
    my_turn(page)
    button = page.locator("#side-toggle")
    expect(button).to_be_enabled()
    button.tap()
    expect(page.locator(".room-page.side-open #side")).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    page.locator("#side .closeside").tap()
    expect(page.locator("#side")).to_be_hidden()
    page.context.close()


# -- 2, 3 (after the match) and 9 (standings): the match-over dialog ---------------------------


def test_the_match_over_dialog_says_no_null_marks_me_and_nobody_sits_out_after(page: Page, base_url: str,
                                                                                game_server: Any) -> None:
    room, token = stop_room(game_server)
    stop_now(page, base_url, room, token)
    page.click("#settle-close")
    standings = page.locator(".overlay:not([hidden]) .standings")
    expect(standings).to_be_visible()
    expect(standings.locator("#rematch-box")).to_be_visible()
    text = standings.inner_text()
    assert not re.search(r"\bnull\b|undefined", text), text
    assert [line for line in text.splitlines() if line.strip()][:2] != ["Rematch", "null"]
    expect(standings.locator(f'ol li[data-seat="{HUMAN}"]')).to_contain_text("Tester (you):")
    # the language switched (from the keyboard: the dialog covers the top bar) says it again
    page.locator("#lang-toggle").dispatch_event("click")
    expect(standings.locator("h2")).to_have_text("게임 끝")
    expect(standings.locator(f'ol li[data-seat="{HUMAN}"]')).to_contain_text("Tester (나):")
    assert "null" not in standings.inner_text()
    page.locator("#lang-toggle").dispatch_event("click")
    expect(standings.locator("h2")).to_have_text("Match over")
    page.click("#standings-close")
    # the match is over: nobody "sits this hand out" (there is no hand)
    expect(page.locator(".table-page")).to_have_attribute("data-over", "1")
    assert "sits this hand out" not in page.locator(".table-page").inner_text()
    expect(page.locator(".player .tag.sitsout")).to_have_count(0)


# -- 3. gwangpalli: stay or drop, then the hand ------------------------------------------------


def test_nobody_sits_out_while_stay_or_drop_is_asked_then_only_those_out_of_the_hand(page: Page, base_url: str,
                                                                                     game_server: Any) -> None:
    scenario = Scenario(players=4, hands=1)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"stay", "drop"}, start=5, tries=300))
    sit(page, base_url, room, HUMAN, tokens[0])
    ask = ".decisions button.decision.kind-stay"
    play_until(page, lambda p: p.locator(ask).count() > 0, timeout=90, unless=ask)
    expect(page.locator(".table-page")).to_have_attribute("data-phase", "drop")
    assert "sits this hand out" not in page.locator(".table-page").inner_text()
    expect(page.locator(".player .tag.sitsout")).to_have_count(0)
    # what each seat already said is shown on it
    own = page.request.get(f"{base_url}/api/rooms/{room}/record", headers={"Authorization": f"Bearer {tokens[0]}"})
    said = own.json()["view"]["table"]["announcements"]
    for seat, what in said:
        tag = ".tag.stays" if what in ("stay", "forced-in") else ".tag.drops"
        expect(page.locator(f'.player[data-seat="{seat}"] {tag}')).to_have_count(1)
    page.click(ask)
    play_until(page, lambda p: table_state(p).get("phase") == "hand" or settlement_shown(p), timeout=90)
    if table_state(page).get("phase") == "hand":
        # four seated, three play: exactly one sits the hand out, said on that seat only
        expect(page.locator(".player .tag.sitsout")).to_have_count(1)


# -- 4. the language switch relabels the side panel --------------------------------------------


def test_switching_to_korean_at_the_table_relabels_the_side_panel(page: Page, base_url: str) -> None:
    bot_room(page, base_url, 2)
    # a table against bots has no open seat: its link is the one to watch it (QA round 8)
    expect(page.locator("#side label[for=invite-link]")).to_have_text("Invite a friend to watch: send this link (every seat is taken)")
    page.click("#lang-toggle")
    expect(page.locator("#lang-toggle")).to_have_text("English")
    expect(page.locator("#side label[for=invite-link]")).to_have_text("친구에게 관전 초대: 이 링크를 보내세요 (자리는 모두 찼습니다)")
    expect(page.locator("#copy-link")).to_have_text("링크 복사")
    expect(page.locator("#leave")).to_have_text("나가기")
    expect(page.locator("#move-seat")).to_have_text("내 자리를 다른 기기로 옮기기")
    expect(page.locator("#download-record-side")).to_have_text("게임 기록 받기")
    expect(page.locator("#side > h2")).to_have_text("지난 수")
    assert page.locator("#side-toggle").text_content() == "기록 · 초대"
    # the whole panel but the event feed's earlier lines (what happened, as it was said)
    chrome = page.evaluate("() => [...document.querySelector('#side').children].filter(e => !e.classList.contains('feed')).map(e => e.innerText).join('\\n')")
    assert not LATIN_WORD.search(chrome), chrome
    assert page.locator("#invite-link").get_attribute("aria-label") == "친구에게 관전 초대: 이 링크를 보내세요 (자리는 모두 찼습니다)"


# -- 5. 4 to 7 seats on a laptop ---------------------------------------------------------------

MEASURE = """() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, h: b.height}; };
  const board = document.querySelector('.board');
  const layout = document.querySelector('.board .layout');
  if (!board || !layout) return null;
  const badges = [...document.querySelectorAll('.opponents .player.badge:not(.out)')];
  return {
    board: r(board),
    cards: [...layout.querySelectorAll('.card')].map((c) => ({code: c.dataset.code || 'back', ...r(c)})),
    stock: r(document.querySelector('.board .stock b')),
    view: {w: innerWidth, h: innerHeight, sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth},
    active: badges.map((p) => ({seat: p.dataset.seat, ...r(p), cut: p.scrollHeight - p.clientHeight,
      hints: [...p.querySelectorAll('.hints li')].filter((li) => li.offsetParent).map(r)})),
    out: [...document.querySelectorAll('.opponents .player.out')].map((p) => ({seat: p.dataset.seat, ...r(p)})),
  };
}"""


def check_table(m: dict[str, Any], where: str) -> None:
    view, board = m["view"], m["board"]
    assert m["cards"], f"{where}: no card on the table"
    assert view["sh"] <= view["h"] + 1 and view["sw"] <= view["w"] + 1, f"{where}: the page scrolls {view}"
    for c in m["cards"]:
        assert c["t"] >= board["t"] - 1 and c["b"] <= board["b"] + 1 and c["l"] >= board["l"] - 1 and c["r"] <= board["r"] + 1, \
            f"{where}: table card {c} is cut by the board {board}"
    s = m["stock"]
    assert s["t"] >= board["t"] - 1 and s["b"] <= board["b"] + 1, f"{where}: the stock count {s} is cut by the board {board}"
    for p in m["active"]:
        assert p["cut"] <= 1, f"{where}: the panel of seat {p['seat']} cuts {p['cut']} px of its content"
        for li in p["hints"]:
            assert li["b"] <= p["b"] + 1, f"{where}: a hint line of seat {p['seat']} is cut: {li} in {p}"
    if m["active"] and m["out"]:
        tallest_out = max(p["h"] for p in m["out"])
        assert tallest_out < min(p["h"] for p in m["active"]) / 2, f"{where}: seats that sit out are not compact: {m['out']} vs {m['active']}"


#: The laptop sizes each table is measured at: every moment measured is read at both (the page
#: resized between the two reads), one room a number of seats.
LAPTOPS = [(1280, 800), (1024, 700)]


@pytest.mark.parametrize("seats", [7, 5], ids=["7-seats", "5-seats"])
def test_the_table_of_4_to_7_seats_shows_every_table_card_and_the_stock(seats: int, browser: Browser, base_url: str,
                                                                        game_server: Any) -> None:
    width, height = LAPTOPS[0]
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    page = ctx.new_page()
    # Several hands: in a hand this seat is forced out of (GWANG-3), the bots play it without
    # waiting, and on a loaded machine it can be over before the page is first looked at; a hand
    # this seat plays waits for its moves. Each settlement is closed to go on to the next hand.
    # The same deals every run (a scripted room): what is measured (hints, captures, the
    # panels' heights) depends on the cards.
    room, tokens = seeded_room(game_server.db_url, Scenario(players=seats, hands=6), 1)
    sit(page, base_url, room, HUMAN, tokens[0])
    measured = dict.fromkeys(LAPTOPS, 0)
    seen = ""
    end = time.monotonic() + 180
    while min(measured.values()) < 8 and time.monotonic() < end and table_state(page).get("over") != "1":
        if settlement_shown(page):
            close = page.locator("#settle-close")
            if close.count() and close.is_visible():
                close.click()
            page.wait_for_timeout(100)
            continue
        st = table_state(page)
        if st.get("phase") == "hand" and st.get("version") != seen:
            # the size the page is at first, then the other one (the page resized, laid out
            # again): the next moment starts at the size this one ended at
            read = False
            for i, size in enumerate(sorted(LAPTOPS, key=lambda s: s != (width, height))):
                if i:
                    width, height = size
                    resize_to(page, width, height)
                page.wait_for_timeout(150)
                m = page.evaluate(MEASURE)
                if m is not None:
                    check_table(m, f"{seats} seats at {width}x{height}, version {st.get('version')}")
                    measured[size] += 1
                    read = True
            if read:
                seen = st.get("version", "")
        if step(page) is None:
            page.wait_for_timeout(100)
    assert min(measured.values()) >= 3, f"the table was measured only {measured} times (by size)"
    ctx.close()


# -- 6. the rule-change form and the server's refusals -----------------------------------------


def open_rules(page: Page) -> None:
    page.click("#advanced > summary")
    page.click("#create details summary")


def test_the_rule_form_refuses_empty_and_wrong_values_in_korean_and_says_card_names(page: Page, base_url: str) -> None:
    korean(page, base_url)
    page.reload()
    open_rules(page)
    # the jokers: counted by name, shown by name (no codes, no JSON)
    page.select_option("#create select[name=knob]", "jokers")
    meaning = page.locator("#create .knob-current").inner_text()
    assert "조커 2" in meaning and "JK" not in meaning and "[" not in meaning, meaning
    page.locator("#create .jokers label", has_text="조커 2").locator("input").fill("1")
    page.click("#add-rule")
    change = page.locator('#create .changes li[data-knob="jokers"]')
    expect(change).to_contain_text("조커 2")
    assert not re.search(r"JK\d|null|\[|\bjokers\b", change.inner_text()), change.inner_text()
    # a number: nothing typed, or not a number, is refused in the form, in Korean
    page.select_option("#create select[name=knob]", "flex_junk_value")
    for typed in ("", "abc", "9"):
        page.fill("#create input[name=value]", typed)
        page.click("#add-rule")
        error = page.locator("#create .rule-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("1에서 3 사이의 정수")
        expect(page.locator('#create .changes li[data-knob="flex_junk_value"]')).to_have_count(0)
    page.fill("#create input[name=value]", "3")  # pagat's is 2: a change is another value
    page.click("#add-rule")
    expect(page.locator("#create .rule-error")).to_be_hidden()
    expect(page.locator('#create .changes li[data-knob="flex_junk_value"]')).to_contain_text(": 3")
    for item in page.locator("#create .changes li").all_inner_texts():
        assert HANGUL.search(item) and not IDENTIFIER.search(item), item

    # a refusal of the server (here a rule change the page did not check: sent as an older
    # page would) is said in Korean, the rule by its meaning, never its identifier
    def older_page(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["rules"] = {"jokers": None}
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/rooms", older_page)
    page.click("#create-room")
    error = page.locator("#create > p.error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("이 규칙은 바꿀 수 없습니다")
    expect(error).to_contain_text("화투 48장 말고 더 넣는 조커")
    text = error.inner_text()
    assert not re.search(r"knob|jokers|JK\d|null", text), text
    page.unroute("**/api/rooms")


def test_a_refusal_the_page_cannot_say_itself_has_a_korean_lead_in(page: Page, base_url: str) -> None:
    korean(page, base_url)
    page.reload()
    text = refused_rule(page, "two_player_only", "true", seats="3")
    assert text.startswith("방을 만들 수 없습니다:"), text


# -- 7. names instead of identifiers ------------------------------------------------------------


def test_rule_sets_rooms_and_rules_are_named_for_people_in_korean(browser: Browser, page: Page, base_url: str) -> None:
    # an unnamed public room waiting for a second person, made by Ann
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 1, "public": True,
            "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"name": "Ann"}}
    made = api(page, base_url, "POST", "/api/rooms", body)
    room = made["room"]["id"]
    korean(page, base_url)
    page.reload()
    row = page.locator(f'li.room[data-room="{room}"]')
    expect(row.locator(".name")).to_have_text("Ann의 판")
    meta = row.locator(".meta").inner_text()
    assert "파갓 규칙" in meta and "pagat" not in meta, meta
    open_rules(page)
    presets = page.eval_on_selector_all("#create select[name=preset] option", "els => els.map(e => e.textContent)")
    assert all(HANGUL.search(p) for p in presets), presets
    assert not set(presets) & {*PRESET_IDS, "blog"}, presets
    knobs = page.eval_on_selector_all("#create select[name=knob] option", "els => els.map(e => e.textContent)")
    assert len(knobs) > 80 and not [k for k in knobs if IDENTIFIER.search(k)], [k for k in knobs if IDENTIFIER.search(k)]
    # the join page of that room, in a browser of its own
    other = browser.new_context(locale="ko-KR")
    guest = other.new_page()
    guest.goto(f"{base_url}/#/room/{room}")
    expect(guest.locator("form.join h1")).to_have_text("Ann의 판")
    line = guest.locator("form.join > p").first.inner_text()
    assert "파갓 규칙" in line and "pagat" not in line and room not in line, line
    other.close()


def test_an_english_room_without_a_name_is_the_first_players_table(page: Page, base_url: str) -> None:
    body = {"name": "", "preset": "matgo", "rules": {}, "hands": 1, "public": True,
            "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"name": "Bora"}}
    room = api(page, base_url, "POST", "/api/rooms", body)["room"]["id"]
    page.goto(base_url + "/")
    row = page.locator(f'li.room[data-room="{room}"]')
    expect(row.locator(".name")).to_have_text("Bora's table")
    assert "matgo" not in row.locator(".meta").inner_text()
    page.goto(f"{base_url}/#/room/{room}")
    expect(page.locator("form.join h1")).to_have_text("Bora's table")


# -- 8. the hand review in Korean: a line per event ----------------------------------------------


def test_the_korean_hand_review_says_each_event_on_its_own_line(page: Page, base_url: str, game_server: Any) -> None:
    room, token = stop_room(game_server)
    korean(page, base_url)
    stop_now(page, base_url, room, token)
    page.click("#review-hand")
    expect(page.locator(".review .counter")).to_be_visible()
    checked = 0
    for _ in range(12):
        lines = page.locator(".review-line .rline")
        if lines.count() >= 2:
            boxes = [lines.nth(i).bounding_box() for i in range(lines.count())]
            tops = [b["y"] for b in boxes if b]
            assert tops == sorted(tops) and len(set(tops)) == len(tops), f"events run together: {lines.all_inner_texts()}"
            whole = page.locator(".review-line").inner_text()
            assert whole.splitlines() == lines.all_inner_texts(), whole
            checked += 1
        if page.locator("#review-next").is_disabled():
            break
        page.click("#review-next")
    assert checked, "no move of the hand had two events"


# -- 9. the keyboard help on a narrow screen, the first visit's language, a long settlement -----


def test_no_keyboard_help_on_a_narrow_screen(browser: Browser, base_url: str) -> None:
    page = phone(browser, touch=False)
    bot_room(page, base_url, 2)
    expect(page.locator(".handbox")).to_be_visible()
    expect(page.locator(".keyhelp")).to_be_hidden()
    page.context.close()


def test_the_first_visit_speaks_the_requests_language_and_a_choice_made_comes_first(browser: Browser, base_url: str) -> None:
    # (no locale: Playwright's locale would replace the header; the browser's own language
    # stays English)
    ctx = browser.new_context(extra_http_headers={"Accept-Language": "ko"})
    page = ctx.new_page()
    page.goto(base_url + "/")
    assert page.evaluate("navigator.language").startswith("en")
    expect(page.locator("#lang-toggle")).to_have_text("English")  # the page is Korean
    expect(page.locator(".lobby h1")).to_have_text("고스톱 — 화투 한 판")
    assert page.evaluate("document.documentElement.lang") == "ko"
    page.click("#lang-toggle")  # the person's choice is kept and wins over the request's
    page.reload()
    expect(page.locator("#lang-toggle")).to_have_text("한국어")
    expect(page.locator(".lobby h1")).to_have_text("Go-Stop, Korean flower cards")
    ctx.close()


def test_a_long_settlement_on_a_phone_opens_at_its_heading(browser: Browser, base_url: str, game_server: Any) -> None:
    room, token = stop_room(game_server)
    page = phone(browser, 375, 667)
    stop_now(page, base_url, room, token)
    page.wait_for_timeout(300)
    got = page.evaluate("""() => {
      const m = document.querySelector('.overlay .modal'); const h = m.querySelector('h2');
      return {scroll: m.scrollTop, long: m.scrollHeight > m.clientHeight + 10, modalTop: m.getBoundingClientRect().top,
              headTop: h.getBoundingClientRect().top, focus: document.activeElement && document.activeElement.id};
    }""")
    assert got["long"], f"the settlement fits the phone: nothing to check ({got})"
    assert got["scroll"] == 0 and got["headTop"] >= got["modalTop"], got
    assert got["focus"] == "settle-close", got  # Enter still continues
    page.context.close()


# -- 10. the bright sales of a gwangpalli settlement ---------------------------------------------


def sale_seed(scenario: Scenario, start: int = 1, tries: int = 300) -> int:
    """A seed whose first hand, played by the page's policy and the bots, is won after a bright
    sale (a forced-out player's claim, GWANG-6)."""
    for seed in range(start, start + tries):
        room = play_offline(scenario, seed, 1500, until=lambda r: bool(r.match is not None and r.match.ledger.entries))
        assert room.match is not None
        entries = room.match.ledger.entries
        if entries and entries[0].outcome == "win" and any(entries[0].parts.get("compensation", ())):
            return seed
    raise LookupError(f"no seed in {start}..{start + tries - 1} sells a bright in a won first hand")


def test_a_gwangpalli_settlement_lists_the_bright_sales_and_its_chips_add_up(page: Page, base_url: str,
                                                                            game_server: Any) -> None:
    scenario = Scenario(players=5, hands=1)
    room, tokens = seeded_room(game_server.db_url, scenario, sale_seed(scenario))
    frames = record_frames(page)
    sit(page, base_url, room, HUMAN, tokens[0])
    play_until(page, settlement_shown, timeout=150)
    page.wait_for_selector(".overlay .handchips:not([hidden]) .chipline")
    last = [f["view"]["last_hand"] for f in frames if isinstance(f.get("view"), dict) and f["view"].get("last_hand")][-1]
    ledger = last["ledger"]
    sales = ledger["parts"]["compensation"]
    hand = ledger["parts"].get("hand", [0] * len(sales))
    # every seat that sold or paid for a sale is listed with its chips
    listed = page.locator(".overlay .settlement .sales li.sale")
    expect(listed).to_have_count(sum(1 for c in sales if c))
    for seat, chips in enumerate(sales):
        if not chips:
            continue
        li = page.locator(f'.overlay .settlement .sales li.sale[data-seat="{seat}"]')
        expect(li).to_have_attribute("data-chips", str(chips))
        expect(li).to_contain_text(f"{'+' if chips > 0 else ''}{chips} chip")
        if chips > 0:  # the seller's cards are shown, by name
            sold = [c for claim in last["claims"] if claim["seat"] == seat for c in claim["cards"]]
            assert li.locator(".card[data-code]").evaluate_all("els => els.map(e => e.dataset.code)") == sold
    # each seat's change is its hand payment plus its sales, said on its line
    for seat, chips in enumerate(sales):
        line = page.locator(f'.overlay .handchips .chipline[data-seat="{seat}"]')
        before, after = int(line.get_attribute("data-before") or "x"), int(line.get_attribute("data-after") or "x")
        assert after - before == hand[seat] + chips
        if chips:
            expect(line).to_contain_text(f"compensation {'+' if chips > 0 else ''}{chips}")
