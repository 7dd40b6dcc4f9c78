"""The server's refusals in the page's language, and the lobby's rule form and room list (a QA
pass of the lobby): every code the server can send has an English and a Korean text
(web/js/i18n.js); on a Korean page, too many rooms, rules that clash and an empty hands field
are said in Korean (a rules clash with its why, from the clash's facts); the rule form
opens on a value other than the current one, said beside it; the jokers fit a phone; finished
matches are listed apart from the tables to join or watch."""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import GameServer
from playwright.sync_api import Page, expect

from gostop.limits import MAX_ROOM_HANDS
from gostop.server.errors import CODES
from gostop.server.protocol import ERROR_CODES

HANGUL = re.compile(r"[\uac00-\ud7a3]")
ENGLISH_WORDS = re.compile(r"\b(?:too|many|rooms|the|address|contradictory|needs|refused)\b", re.I)


def korean(page: Page, url: str) -> None:
    page.goto(url + "/")
    page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
    page.reload()


def open_rules(page: Page) -> None:
    page.click("#advanced > summary")
    page.click("#create details summary")


def refused_rule(page: Page, knob: str, value: str, *, preset: str | None = None, seats: str | None = None) -> str:
    """The lobby's refusal of a room with rule ``knob`` changed to ``value`` (typed, or chosen
    where the value is a list), on ``preset`` with ``seats`` seats when given, as the page
    shows it."""
    open_rules(page)
    if preset is not None:
        page.select_option("#create select[name=preset]", preset)
    if seats is not None:
        page.select_option("#create select[name=seat-count]", seats)
    page.select_option("#create select[name=knob]", knob)
    field = page.locator("#create [name=value]")
    if field.evaluate("(e) => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    page.click("#add-rule")
    page.click("#create-room")
    error = page.locator("#create > p.error")
    expect(error).to_be_visible()
    return error.inner_text()


def chip_target_refused(page: Page) -> str:
    """A chip target of 50 at goo-stupe's table, paid in shots (MATCH-1, GOO-1: rules that
    clash), refused."""
    return refused_rule(page, "match_target_chips", "50", preset="goo-stupe")


@pytest.fixture(scope="module")
def one_room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    """A server of its own that lets one address open one room at a time."""
    server = GameServer(tmp_path_factory.mktemp("one-room"), args=("--max-rooms-per-client", "1")).start()
    yield server
    server.stop()


def test_every_code_of_the_server_has_an_english_and_a_korean_text(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    codes = sorted(set(ERROR_CODES) | set(CODES))
    facts = {"limit": 20, "retry_after": 90, "knob": "jokers", "knobs": ["jokers", "boar_ante"], "seat": 1, "max": 2,
             "length": 6, "deal": 3, "status": 418, "field": "hands", "preset": "pagat", "level": "easy", "room": "abc"}
    said: dict[str, dict[str, str]] = page.evaluate(
        """async ([codes, facts]) => {
          const i18n = await import("/js/i18n.js");
          const out = {};
          for (const lang of ["en", "ko"]) {
            const known = new Set(i18n.errorCodes(lang));
            out[lang] = {};
            for (const code of codes) {
              out[lang][code] = known.has(code)
                ? i18n.errorText({ code, detail: "ENGLISH DETAIL", ...facts }, (k) => `<${k}>`, lang) : null;
            }
          }
          return out;
        }""", [codes, facts])
    missing = {lang: [c for c, text in said[lang].items() if text is None] for lang in said}
    assert missing == {"en": [], "ko": []}, f"codes without a text in web/js/i18n.js: {missing}"
    for code in codes:
        en, ko = said["en"][code], said["ko"][code]
        assert en and "undefined" not in en and "NaN" not in en, (code, en)
        assert HANGUL.search(ko) and "undefined" not in ko and "NaN" not in ko, (code, ko)
    # the facts are said: the limit, the rules by their names, the seat counted from 1
    assert "20" in said["ko"]["too_many_rooms"] and "2분" in said["ko"]["too_many_rooms"]
    assert "<jokers>" in said["ko"]["rules_refused"] and "<boar_ante>" in said["ko"]["rules_refused"]
    assert "ENGLISH DETAIL" in said["ko"]["rules_refused"]
    assert "2번 자리" in said["ko"]["seat_taken"]


def test_too_many_rooms_and_clashing_rules_are_said_in_korean(page: Page, one_room_server: GameServer) -> None:
    korean(page, one_room_server.url)
    # rules that clash with the rule set (goo-stupe is paid in shots: no chip target)
    text = chip_target_refused(page)
    before, _, detail = text.partition("자세히:")
    assert "함께 쓸 수 없습니다" in before, text
    meanings = {k["name"]: k["meaning"] for k in page.evaluate(
        "async () => (await (await fetch('/api/presets?lang=ko')).json()).knobs")}
    assert meanings["match_target_chips"].rstrip(". ")[:20] in before, text
    assert "match_target_chips" not in before and "payment_unit" not in before, text
    # why, in Korean from the clash's facts (a target of 50 chips, a table paid in shots): no
    # English sentence of the server's after it
    assert not detail and "목표 칩(50칩)" in before, text
    # one room is open from this address, a second one is refused: said in Korean with the limit
    page.click("#quick-play")
    page.wait_for_url(re.compile(r"#/room/"))
    page.goto(one_room_server.url + "/")
    page.click("#quick-play")
    error = page.locator("#quick p.error")
    expect(error).to_be_visible()
    text = error.inner_text()
    assert "열어 둔 방이 너무 많습니다" in text and "최대 1개" in text, text
    assert not ENGLISH_WORDS.search(text), text


def test_the_hands_field_says_what_is_wrong_in_the_pages_words(page: Page, base_url: str) -> None:
    korean(page, base_url)
    page.click("#advanced > summary")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    # the bound is the server's own (GET /api/presets limits.hands), the one it enforces
    most = page.evaluate("async () => (await (await fetch('/api/presets')).json()).limits.hands")
    assert most == MAX_ROOM_HANDS
    for typed in ("", "0", "abc", str(most + 1)):
        page.fill("#create input[name=hands]", typed)
        page.click("#create-room")
        error = page.locator("#create > p.error")
        expect(error).to_have_text(f"판 수: 1에서 {most} 사이의 정수를 입력하세요.")
        # no browser bubble (its language is the browser's): the page's form checks itself
        assert page.evaluate("() => document.querySelector('#create input[name=hands]').validationMessage") == ""
        assert page.evaluate("() => document.activeElement.name") == "hands"
    assert sent == [], f"a wrong hands value was sent: {sent}"
    # the server's bound itself is taken by the form and by the server (the form once stopped at 24)
    page.fill("#create input[name=hands]", str(most))
    page.click("#create-room")
    page.wait_for_url(re.compile(r"#/room/"))


def test_the_rule_form_opens_on_another_value_than_the_current_one(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    open_rules(page)
    # jokers: pagat has jokers 2 and 3; the form opens on no jokers, the current value said
    page.select_option("#create select[name=knob]", "jokers")
    expect(page.locator("#create .knob-current")).to_contain_text("Now (Pagat rules (the default)):")
    counts = page.locator("#create .jokers input").evaluate_all("els => els.map((e) => e.value)")
    assert counts == ["0"] * 6, counts
    # the current value again is refused as no change
    for code in ("JK2", "JK3"):
        page.locator(f"#create .jokers input[data-joker={code}]").fill("1")
    page.click("#add-rule")
    expect(page.locator("#create .rule-error")).to_contain_text("That is already the rule")
    expect(page.locator('#create .changes li[data-knob="jokers"]')).to_have_count(0)
    # yes / no: opens on the other of the current value, as a choice does
    knobs = page.evaluate("async () => (await (await fetch('/api/presets')).json()).knobs")
    for kind in ("bool", "enum"):
        k = next(k for k in knobs if k["kind"] == kind and k["defaults"]["pagat"] is not None)
        page.select_option("#create select[name=knob]", k["name"])
        shown = page.locator("#create select[name=value]").input_value()
        assert shown != str(k["defaults"]["pagat"]).lower(), (k["name"], shown)
        page.click("#add-rule")
        expect(page.locator(f'#create .changes li[data-knob="{k["name"]}"]')).to_have_count(1)
        # the list holds the change: the form now opens on the rule set's value again, said as mine
        expect(page.locator("#create .knob-current")).to_contain_text("Now (your change)")


def test_the_jokers_fit_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + "/")
    open_rules(page)
    page.select_option("#create select[name=knob]", "jokers")
    boxes = [b for b in (lab.bounding_box() for lab in page.locator("#create .jokers label").all()) if b]
    assert len(boxes) == 6
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["width"] <= 390, b
        assert b["height"] >= 32, f"a joker's box is {b['height']:.0f} px tall: too small to tap on a phone"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or \
                a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
            assert apart, f"two joker boxes overlap: {a} {b}"


def _post(url: str, body: str) -> Any:
    import json
    req = urllib.request.Request(url, data=body.encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def test_finished_matches_are_listed_apart(page: Page, base_url: str) -> None:
    # a public one-hand match of two bots: it ends by itself
    room = _post(base_url + "/api/rooms", '{"name": "Finished table", "seats": [{"kind": "bot", "level": "easy"},'
                 ' {"kind": "bot", "level": "easy"}], "hands": 1, "public": true}')["room"]["id"]
    deadline = time.time() + 60
    while _get_state(base_url, room) != "over":
        assert time.time() < deadline, "the bots' match did not end"
        time.sleep(0.3)
    page.goto(base_url + "/")
    expect(page.locator("#room-list")).to_be_visible()
    expect(page.locator(f'#live-rooms li.room[data-room="{room}"]')).to_have_count(0)
    finished = page.locator("#finished-rooms")
    expect(finished).to_be_visible()
    assert finished.get_attribute("open") is None, "the finished matches are folded"
    finished.locator("summary").click()
    row = finished.locator(f'li.room[data-room="{room}"]')
    expect(row).to_be_visible()
    expect(row.get_by_role("link")).to_have_text("See the result")
    assert len(finished.locator("li.room").all()) <= 5


def _get_state(base_url: str, room: str) -> str:
    import json
    with urllib.request.urlopen(f"{base_url}/api/rooms/{room}", timeout=10) as r:
        return str(json.loads(r.read())["state"])


def test_the_tables_errors_say_their_facts_and_a_code_alone_still_reads(page: Page, base_url: str) -> None:
    """The table's ``error`` carries its facts beside ``code`` (ERROR_FACTS): the page says
    whose decision it is, the move refused, why a rematch is refused, in its language; an error
    of an older server, the code alone, still gives a sentence."""
    page.goto(base_url + "/")
    said: dict[str, dict[str, str]] = page.evaluate(
        """async () => {
          const i18n = await import("/js/i18n.js");
          const out = {};
          const msgs = {
            turn: {code: "not_your_turn", seat: 1, message: "it is seat 1's decision, not yours"},
            turnBare: {code: "not_your_turn", message: "it is seat 1's decision, not yours"},
            turnNamed: {code: "not_your_turn", seat: 1, player: "Minji", message: "it is seat 1's decision, not yours"},
            go: {code: "illegal_action", action: "go", message: "'go' is not a legal action now"},
            stop: {code: "illegal_action", action: "stop", message: "'stop' is not a legal action now"},
            rematch: {code: "rematch_refused", reason: "not_over", message: "the match is not over yet"},
            rematchBare: {code: "rematch_refused", message: "the match is not over yet"},
            field: {code: "bad_message", field: "seq", message: "'seq' must be a whole number"},
            big: {code: "too_big", limit: 4096, message: "a message may be at most 4096 bytes"},
          };
          for (const lang of ["en", "ko"]) {
            out[lang] = {};
            for (const [k, m] of Object.entries(msgs)) out[lang][k] = i18n.errorText({type: "error", seq: 1, ...m}, undefined, lang);
          }
          return out;
        }""")
    en, ko = said["en"], said["ko"]
    assert "seat 2" in en["turn"] and "2번 자리" in ko["turn"], (en, ko)
    assert en["turnBare"] == "It is not your turn." and ko["turnBare"] == "지금은 내 차례가 아닙니다."
    # the page names the player of the seat (room.js gives errorText the seat's name)
    assert en["turnNamed"] == "It is not your turn: Minji decides.", en
    assert ko["turnNamed"] == "지금은 내 차례가 아닙니다. Minji의 차례입니다.", ko
    assert "“Go”" in en["go"] and "“고”" in ko["go"], (en, ko)
    assert "“고”를 " in ko["go"] and "“스톱”을 " in ko["stop"], ko  # the particle the word takes, not 을(를)
    assert "not over" in en["rematch"] and "끝나지 않았습니다" in ko["rematch"], (en, ko)
    assert en["rematchBare"].startswith("A rematch cannot be taken now") and HANGUL.search(ko["rematchBare"])
    assert "seq" in en["field"] and "4096" in ko["big"], (en, ko)
    for lang in (en, ko):
        for text in lang.values():
            assert "undefined" not in text and "NaN" not in text and "decision, not yours" not in text, text


def test_not_your_turn_names_the_player_whose_turn_it_is(page: Page, base_url: str, game_server: GameServer) -> None:
    """A move sent out of turn (here a second device's stale move: the routed socket sends
    one while Tester 2 is to decide) is refused by the server with the seat whose decision
    it is; the page says that seat by its player's name, not "seat 2"."""
    import json

    from playwright.sync_api import WebSocketRoute
    from scenarios import Scenario, seeded_room
    from tableplay import step, table_state
    from test_web_table import sit

    to_server: list[Any] = []

    def routed(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        to_server.append(server)
        ws.on_message(server.send)
        server.on_message(ws.send)

    page.route_web_socket("**/ws/**", routed)
    room, tokens = seeded_room(game_server.db_url, Scenario(humans=2), 7)
    sit(page, base_url, room, 0, tokens[0])
    page.wait_for_selector(".table-page[data-version]")
    if table_state(page)["toMove"] == "1":
        assert step(page) is not None  # my decision first (the tests' policy)
    expect(page.locator('.table-page[data-to-move="0"]')).to_have_count(1)  # Tester 2 (not here) decides
    st = table_state(page)
    for lang, said in (("en", "It is not your turn: Tester 2 decides."), ("ko", "지금은 내 차례가 아닙니다. Tester 2의 차례입니다.")):
        if lang == "ko":  # the page again, in Korean (a new socket)
            page.evaluate("() => localStorage.setItem('gostop.lang', 'ko')")
            sockets = len(to_server)
            page.reload()
            page.wait_for_selector('.table-page[data-to-move="0"]')
            assert len(to_server) > sockets
        to_server[-1].send(json.dumps({"type": "action", "seq": 900 + len(lang), "version": int(st["version"]),
                                       "action": "play 01B"}))
        expect(page.locator("#banner")).to_have_text(said)
