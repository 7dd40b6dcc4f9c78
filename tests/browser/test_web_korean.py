"""The table in Korean: with Korean on, every text of the table is Korean -- the score panels,
the bak stamps, the hints for sets one card away, the stop preview and the go warnings, the
event feed, the settlement and the standings -- including the texts the server makes, which
the page asks in Korean (hello's ``lang``); switched to English, the page asks the server for
the table in English (a ``lang`` message) and shows the server's English texts.

A scripted deal (a room stored with a chosen seed, three players, two easy bots) brings the
person to a go/stop decision with stamps and hints on the table; the page stops there.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from scenarios import HUMAN, Scenario, policy_action, seeded_room
from tableplay import play_until, record_frames

from gostop.server.room import BOT_NAMES, Room

SCENARIO = Scenario(players=3, hands=1)
GO = ".decisions button.decision.kind-go"

HANGUL = re.compile(r"[\uac00-\ud7a3]")
CODES = re.compile(r"\b(?:\d\d[BARDJ]\d?|JK[123BXP](?:-\d+)?)\b")
#: Three English words in a row: a sentence (or a phrase) left in English.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[\s,:;.()/—-]+[A-Za-z][A-Za-z'-]*){2,}")
NAMES = ("Tester", *BOT_NAMES)


def named(texts: list[str]) -> list[str]:
    """The server's texts as the page shows them: as they are, a sentence the server split
    over two steps joined (issue #18)."""
    out: list[str] = []
    for t in texts:
        if out and out[-1].rstrip().endswith(":"):
            out[-1] = f"{out[-1]} {t}"
        else:
            out.append(t)
    return out


def english_left(text: str) -> list[str]:
    """Runs of three English words in ``text``, card codes and player names taken out."""
    plain = CODES.sub(" ", text)
    for name in NAMES:
        plain = plain.replace(name, " ")
    return [m.group(0) for line in plain.splitlines() for m in ENGLISH_RUN.finditer(line)]


def assert_korean(what: str, texts: list[str]) -> None:
    assert texts and any(t.strip() for t in texts), f"{what}: nothing shown"
    for text in texts:
        if text.strip():
            assert HANGUL.search(text), f"{what}: no Korean in {text!r}"
            assert not english_left(text), f"{what}: English left {english_left(text)} in {text!r}"


def go_stop_seed(start: int = 55, tries: int = 300) -> int:
    """A seed whose room asks the person (seat 0, the first to act, so that the server's bots
    wait for the page) to go or stop with bak stamps and hints on the table."""
    for seed in range(start, start + tries):
        room = Room("search", SCENARIO.config(), seed)
        if room.decider() != HUMAN:
            continue
        for _ in range(400):
            seat = room.decider()
            if seat is None:
                break
            if seat != HUMAN:
                room.apply(seat, room.bot_action(seat))
                continue
            view = room.view(seat)
            if any(e["kind"] == "go" for e in view["legal"]):
                if view["bak"] and view["near_sets"] and view["go_warnings"]:
                    return seed
                break
            room.apply(seat, policy_action(view))
    raise LookupError(f"no seed in {start}..{start + tries - 1} reaches go/stop with stamps and hints")


def last_view(frames: list[dict[str, Any]]) -> dict[str, Any]:
    views = [f["view"] for f in frames if isinstance(f.get("view"), dict)]
    assert views
    return views[-1]


def test_the_korean_table_from_play_to_settlement(page: Page, base_url: str, game_server: Any) -> None:
    room, tokens = seeded_room(game_server.db_url, SCENARIO, go_stop_seed())
    page.emulate_media(reduced_motion="reduce")  # the settlement shows all its steps at once
    frames = record_frames(page)
    page.goto(base_url + "/")
    seats = {room: {"seat": HUMAN, "token": tokens[0]}}
    page.evaluate(f"() => {{ localStorage.setItem('gostop.lang', 'ko');"
                  f" localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))}); }}")
    page.goto(f"{base_url}/#/room/{room}")
    page.reload()  # the language is read when the page loads
    expect(page.locator("#lang-toggle")).to_have_text("English")  # Korean is on
    play_until(page, lambda p: p.locator(GO).count() > 0, timeout=120, unless=GO)

    view = last_view(frames)
    assert view["to_move"] and view["stop_preview"] is not None
    # every region of the table, in Korean
    assert_korean("score panels", page.locator(".player .score").all_inner_texts())
    assert_korean("bak stamps", page.locator(".player .score .stamp").all_inner_texts())
    assert_korean("bak stamp titles", [el.get_attribute("title") or "" for el in page.locator(".stamp").all()])
    assert_korean("hints", page.locator(".player .hints").all_inner_texts())
    assert_korean("stop preview", page.locator(".stop-preview").all_inner_texts())
    assert_korean("go warnings", page.locator(".stop-preview .warnings li").all_inner_texts())
    assert_korean("captures", page.locator(".player .captures").all_inner_texts())
    assert_korean("decisions", page.locator(".decisions").all_inner_texts())
    assert_korean("status", page.locator(".status").all_inner_texts())
    assert_korean("event feed", page.locator(".feed li").all_inner_texts())
    # ... and they are the server's Korean texts
    warnings = page.locator(".stop-preview .warnings li").all_inner_texts()
    steps = page.locator(".stop-preview ol.steps li").all_inner_texts()
    assert warnings == named(view["go_warnings"])
    assert steps == named(view["stop_preview"]["plain_steps"])
    items = [i for s in view["scores"] for i in s["items"]]
    panel = " ".join(page.locator(".player .score .items").all_inner_texts())
    assert items and all(i in panel for i in items)
    hints = " ".join(page.locator(".player .hints").all_inner_texts())
    assert all(f"{n['label']} (+{n['points']})" in hints and n["where_text"] in hints for n in view["near_sets"]), hints
    assert not [f for f in frames if re.search(r'"[a-z_]+_ko":', json.dumps(f, ensure_ascii=False))]

    # English: the page asks for the table in English and shows the server's English texts
    seen = len(frames)
    page.click("#lang-toggle")
    expect(page.locator("#lang-toggle")).to_have_text("한국어")
    page.wait_for_function("() => /[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}/.test(document.querySelector('.stop-preview .warnings').innerText)")
    states = [f for f in frames[seen:] if f.get("type") == "state"]
    assert states, "the server sent the table again"
    en = states[-1]["view"]
    assert en["version"] == view["version"] and en["go_warnings"] != view["go_warnings"]
    assert page.locator(".stop-preview .warnings li").all_inner_texts() == named(en["go_warnings"])
    assert page.locator(".stop-preview ol.steps li").all_inner_texts() == named(en["stop_preview"]["plain_steps"])
    assert any(english_left(t) for t in page.locator(".stop-preview").all_inner_texts())
    hints = " ".join(page.locator(".player .hints").all_inner_texts())
    assert all(f"{n['label']} (+{n['points']})" in hints for n in en["near_sets"]), hints
    page.click("#lang-toggle")
    expect(page.locator("#lang-toggle")).to_have_text("English")
    page.wait_for_function("() => !/[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}/.test(document.querySelector('.stop-preview .warnings').innerText)")

    # stop: the settlement, step by step, then the standings (a one-hand match)
    page.keyboard.press("s")
    expect(page.locator(".overlay .settlement")).to_be_visible()
    page.wait_for_function("() => document.querySelector('#settle-next') && document.querySelector('#settle-next').hidden")
    last = last_view(frames)["last_hand"]
    assert last is not None and last["plain_steps"]
    assert page.locator(".overlay .settlement ol.steps li").all_inner_texts() == named(last["plain_steps"])
    assert_korean("settlement", page.locator(".overlay .settlement").all_inner_texts())
    expect(page.locator("#settle-close")).to_have_text("순위 보기")  # the match is over: closing shows the standings
    page.click("#settle-close")
    expect(page.locator(".overlay .standings")).to_be_visible()
    assert_korean("standings", page.locator(".overlay .standings").all_inner_texts())
    assert_korean("event feed after the hand", page.locator(".feed li").all_inner_texts())


def test_a_korean_first_visit_fetches_the_rule_sets_once(browser: Any, base_url: str) -> None:
    """A browser that asks for Korean (``Accept-Language: ko-KR``) gets a Korean lobby, whose
    list of rule sets is fetched in Korean: the page preloads that list, not the English one,
    so it is fetched once and Chromium does not warn of a preload left unused."""
    ctx = browser.new_context(locale="ko-KR")
    page = ctx.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type in ("warning", "error") else None)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/presets" in r.url else None)
    page.goto(base_url + "/")
    expect(page.locator("#lang-toggle")).to_have_text("English")  # Korean is on
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(3500)  # Chromium warns of an unused preload a few seconds after the load
    assert [u[len(base_url):] for u in asked] == ["/api/presets?lang=ko"], asked
    assert not [w for w in warnings if "preload" in w], warnings
    ctx.close()
