"""Accessibility: axe-core (from npm, used only by these tests: ``npm install --prefix
tests/browser``) reports no violation on the lobby, the table, a decision, the settlement, hand
review and the guide, in English and in Korean (issue #18)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from scenarios import Scenario, seeded_room
from tableplay import play_until
from test_web_table import bot_room, scripted_bot_room, sit

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # axe-core is injected as a script the page did not load itself, which the server's
    # Content-Security-Policy (script-src 'self') rightly refuses: these pages bypass it
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.skip("axe-core not installed: npm install --prefix tests/browser")
    return AXE.read_text(encoding="utf-8")


def violations(page: Page, axe: str) -> list[Any]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe)
    return list(page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)"))


def in_language(page: Page, base_url: str, lang: str) -> None:
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_lobby_table_and_guide_have_no_axe_violation(lang: str, page: Page, base_url: str, game_server: Any,
                                                     axe_source: str) -> None:
    in_language(page, base_url, lang)
    page.reload()
    page.wait_for_selector("#quick-play")
    assert violations(page, axe_source) == [], "lobby"
    page.click("#advanced > summary")
    assert violations(page, axe_source) == [], "lobby, advanced"
    scripted_bot_room(page, base_url, game_server, 3)  # the same cards every run: what axe sees depends on them
    page.wait_for_selector(".myhand .card.playable")
    assert violations(page, axe_source) == [], "table"
    page.goto(base_url + "/#/guide")
    page.wait_for_selector(".card-guide")
    assert violations(page, axe_source) == [], "guide"


def test_a_decision_has_no_axe_violation_in_either_language(page: Page, base_url: str, game_server: Any, axe_source: str) -> None:
    room, tokens = game_server.scripted["table: axe"]
    in_language(page, base_url, "en")
    sit(page, base_url, room, 0, tokens[0])
    sel = ".decisions button.decision.kind-pick"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=90, unless=sel)
    assert violations(page, axe_source) == [], "decision (English)"
    page.click("#lang-toggle")
    page.wait_for_selector(sel)
    assert violations(page, axe_source) == [], "decision (Korean)"


def test_settlement_and_hand_review_have_no_axe_violation(page: Page, browser: Browser, browser_context_args: dict[str, Any],
                                                          base_url: str, game_server: Any, axe_source: str) -> None:
    """A won hand's settlement (scoring cards by item, losers, chips before and after) and the
    hand review built from the hand record, in English and in Korean: one room, its seat on an
    English page that plays to the go/stop question and a Korean page loaded then; the stop
    opens the settlement on both."""
    room, tokens = game_server.scripted["table: axe stop en"]
    in_language(page, base_url, "en")
    sit(page, base_url, room, 0, tokens[0])
    go = ".decisions button.decision.kind-go"
    play_until(page, lambda p: p.locator(go).count() > 0, timeout=90, unless=go)
    korean = browser.new_context(**browser_context_args).new_page()
    in_language(korean, base_url, "ko")
    sit(korean, base_url, room, 0, tokens[0])
    korean.wait_for_selector(go)
    people = {"en": page, "ko": korean}
    page.click(".decisions button.decision.kind-stop")
    for lang, p in people.items():
        p.wait_for_selector(".overlay:not([hidden]) .settlement .scoreitem")
        p.wait_for_selector(".overlay .handchips:not([hidden])", timeout=15000)  # every step shown
        assert violations(p, axe_source) == [], f"settlement ({lang})"
    for lang, p in people.items():
        p.click("#review-hand")
        p.wait_for_selector(".record-review .rv-seat")
        p.click("#review-next")
        assert violations(p, axe_source) == [], f"hand review ({lang})"
        while not p.locator("#review-next").is_disabled():
            p.click("#review-next")
        assert violations(p, axe_source) == [], f"hand review, the last cards ({lang})"
    korean.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_seat_transfer_box_has_no_axe_violation(lang: str, browser: Browser, page: Page, base_url: str,
                                                    axe_source: str) -> None:
    """The page of a full room on a second device, with the box for a transfer code."""
    room = bot_room(page, base_url, 2)
    other = browser.new_context(bypass_csp=True, reduced_motion="reduce").new_page()
    in_language(other, base_url, lang)
    other.goto(f"{base_url}/#/room/{room}")
    other.wait_for_selector("#transfer-input")
    assert violations(other, axe_source) == [], "transfer box"
    other.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_seat_transfer_code_on_the_table_has_no_axe_violation(lang: str, page: Page, base_url: str,
                                                                  axe_source: str) -> None:
    in_language(page, base_url, lang)
    bot_room(page, base_url, 2)
    if not page.locator("#move-seat").is_visible():
        page.click("#side-toggle")
    page.click("#move-seat")
    page.wait_for_selector("#transfer-code .code")
    assert violations(page, axe_source) == [], "transfer code"


def test_the_standings_with_the_rematch_choice_have_no_axe_violation(page: Page, browser: Browser,
                                                                     browser_context_args: dict[str, Any], base_url: str,
                                                                     game_server: Any, axe_source: str) -> None:
    """The end of the match: standings, rematch (the answers of each person with a server that
    asks each of them), review and the record (a one-hand match on the same deal every run), in
    English and in Korean: one room, its seat on an English page that plays the match out and a
    Korean page loaded then."""
    in_language(page, base_url, "en")
    room, tokens = seeded_room(game_server.db_url, Scenario(hands=1), 2)
    sit(page, base_url, room, 0, tokens[0])

    def standings(p: Page) -> bool:
        if p.locator(".overlay:not([hidden]) #settle-close").count():
            p.click("#settle-close")
        return p.locator(".overlay:not([hidden]) .standings").count() > 0

    play_until(page, standings, timeout=150)
    korean = browser.new_context(**browser_context_args).new_page()
    in_language(korean, base_url, "ko")
    sit(korean, base_url, room, 0, tokens[0])
    play_until(korean, standings, timeout=30)  # (the match is over: nothing to play, the settlement closed)
    for lang, p in (("en", page), ("ko", korean)):
        p.wait_for_selector(".overlay .standings #rematch")
        assert violations(p, axe_source) == [], f"standings ({lang})"
    korean.context.close()
