"""The web table for a player who uses only the keyboard, and for one who uses a screen reader:
a whole hand played with Tab, Enter and Space (the focus on the turn's controls, and visible),
the dialogs' buttons doing what they say under Enter, junk to give chosen with the arrow keys,
the focus kept when the table is drawn again; card and decision names in the page's language,
and each move told through one live region that stays on the page (the event feed folds away
on a narrow screen)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scenarios import Scenario, find_seed, seeded_room
from tableplay import (
    CARD_RE,
    close_settlement,
    create_room,
    play_until,
    step,
    table_state,
    wait_for_change,
)
from test_web_friends import _join, _person
from test_web_table import my_turn, scripted_bot_room, sit

NAMES = json.loads((Path(__file__).resolve().parents[2] / "src" / "gostop" / "web" / "cards" / "names.json").read_text("utf-8"))

#: The element that has the focus, as a keyboard player sees it (None: nothing, the page).
FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {id: a.id, cls: a.className, code: a.dataset.code || null, choice: a.dataset.choice || null,
          inTable: Boolean(a.closest('.table-page')), visible: a.matches(':focus-visible'),
          outline: getComputedStyle(a).outlineStyle, checked: a.getAttribute('aria-checked')};
}"""


def focus(page: Page) -> dict[str, Any] | None:
    got: dict[str, Any] | None = page.evaluate(FOCUS)
    return got


def dialog_open(page: Page, what: str = "") -> bool:
    return page.locator(f".overlay:not([hidden]) {what}".strip()).count() > 0


def focus_in_table(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('.table-page')", timeout=5000)
    got = focus(page)
    assert got is not None
    return got


def test_a_whole_hand_is_played_with_the_keyboard_alone(page: Page, base_url: str, game_server: Any) -> None:
    """Three players, shodang on (its offer folded under "more"): at each of my turns the focus
    is already on the turn's first control shown, visibly, and Enter or Space plays it. At the
    settlement, Tab reaches "Review this hand" and Enter opens it (Enter used to close the
    dialog whatever had the focus); in the review Enter on "Next" steps on and Escape goes
    back; Enter on "Next hand" closes the settlement, and the focus is on the new hand."""
    scenario = Scenario(players=3, rules={"shodang": True}, hands=2)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"offer-shodang"}, start=1))
    sit(page, base_url, room, 0, tokens[0])
    moves = 0
    end = time.monotonic() + 120
    while not dialog_open(page, ".settlement"):
        assert time.monotonic() < end, f"the hand did not end; table {table_state(page)}"
        st = table_state(page)
        if st.get("toMove") != "1" or dialog_open(page):
            page.wait_for_timeout(80)
            continue
        got = focus_in_table(page)
        assert "playable" in got["cls"] or "decision" in got["cls"], got
        assert got["visible"] and got["outline"] != "none", f"the focus is not shown: {got}"
        page.keyboard.press("Enter" if moves % 2 == 0 else "Space")
        wait_for_change(page, st["version"])
        moves += 1
    assert moves >= 3, moves

    expect(page.locator("#settle-close")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#review-hand")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay:not([hidden]) .record-review .rv-seat")
    expect(page.locator("#review-next")).to_be_focused()
    counter = page.locator(".overlay .review .counter")
    before = counter.inner_text()
    page.keyboard.press("Enter")
    expect(counter).not_to_have_text(before)
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay:not([hidden]) .settlement")
    expect(page.locator("#settle-close")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay", state="hidden")
    my_turn(page)
    got = focus_in_table(page)
    assert "playable" in got["cls"] or "decision" in got["cls"], got


def test_junk_to_give_is_a_radio_group_the_arrow_keys_choose_in(page: Page, base_url: str, game_server: Any) -> None:
    """The cards I may give are radio buttons: one stop for Tab (the checked one), the arrow
    keys check the next, and "Give" gives the one checked."""
    scenario = Scenario()
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"surrender"}, start=5, least=2))
    sit(page, base_url, room, 0, tokens[0])
    give = ".decisions button.decision.kind-surrender"
    play_until(page, lambda p: p.locator(give).count() > 0, timeout=90, unless=give)
    expect(page.locator(give)).to_be_focused()
    options = page.locator(".giveopt[role=radio]")
    assert options.count() >= 2
    page.keyboard.press("Shift+Tab")
    first = focus(page)
    assert first and first["checked"] == "true", f"Shift+Tab from Give went to {first}, not the checked card"
    page.keyboard.press("ArrowRight")
    second = focus(page)
    assert second and second["checked"] == "true" and second["choice"] != first["choice"], (first, second)
    expect(page.locator(".giveopt[aria-checked=true]")).to_have_count(1)
    page.keyboard.press("Tab")
    expect(page.locator(give)).to_be_focused()
    assert page.locator(give).get_attribute("data-action") == second["choice"]
    version = table_state(page)["version"]
    page.keyboard.press("Enter")
    wait_for_change(page, version)


def test_the_focus_stays_where_it_was_when_the_table_is_drawn_again(browser: Browser, base_url: str) -> None:
    """Bo's connection drops while I am choosing a card with Tab: the table is drawn again (his
    seat is offline now), and my focus stays on the card I was at (it fell to the page)."""
    _, ann = _person(browser)
    create_room(ann, base_url, "Ann", seats=("human", "human"), hands=3)
    link = ann.input_value("#invite-link")
    bo_ctx, bo = _person(browser)
    _join(bo, link, "Bo")
    bo.wait_for_selector(".table-page[data-phase]")
    end = time.monotonic() + 60
    while True:  # until I am to play a card, with three to choose from
        assert time.monotonic() < end, table_state(ann)
        if close_settlement(ann) | close_settlement(bo):  # a hand decided at the deal
            continue
        if table_state(ann).get("toMove") == "1" and not dialog_open(ann):
            if ann.locator(".myhand button.card.playable").count() >= 3 and not ann.locator(".decisions button.decision:visible").count():
                break
            step(ann)  # a decision that is not a card, answered by the tests' policy
        elif not step(bo):
            ann.wait_for_timeout(80)
    focus_in_table(ann)
    ann.keyboard.press("Tab")
    ann.keyboard.press("Tab")
    at = focus(ann)
    assert at and at["code"], at
    bo_ctx.close()
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="offline")).to_be_visible()
    assert (focus(ann) or {}).get("code") == at["code"], f"the focus went from {at['code']} to {focus(ann)}"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_names_for_a_screen_reader_and_the_moves_told_in_one_live_region(lang: str, browser: Browser, base_url: str,
                                                                         game_server: Any) -> None:
    """On a screen 800 px wide (the event feed folded away): every card has its name in the
    page's language, never its code; a decision button is named by its words and its key
    (not "…your win a", nor the names of the cards drawn on it); and after a move the same
    live region (one that stays on the page) has been given the moves of the others, as the
    feed says them, and whose turn it is."""
    ctx = browser.new_context(viewport={"width": 800, "height": 760}, reduced_motion="reduce",
                              locale="ko-KR" if lang == "ko" else "en-US")
    page = ctx.new_page()
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
    scripted_bot_room(page, base_url, game_server, 2)  # my first turn offers a shake (SHAKE-1)
    expect(page.locator(".feed")).to_be_hidden()
    labels = page.eval_on_selector_all(".table-page [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    coded = [x for x in labels if CARD_RE.search(x)]
    assert not coded, f"names with a card code: {coded}"
    for code, name in page.eval_on_selector_all(".myhand button.card", "els => els.map(e => [e.dataset.code, e.getAttribute('aria-label')])"):
        assert name.startswith(NAMES[code.split("-")[0]][lang]), (code, name)
    shake = page.get_by_role("button", name=re.compile(r"^Shake .+ — .+ \(key a\)$" if lang == "en" else r"^.+ 흔들기 — .+ \(키 a\)$"))
    expect(shake).to_have_count(1)

    news = page.locator("#table-news")
    expect(news).to_have_attribute("aria-live", "polite")
    page.evaluate("() => { document.getElementById('table-news').dataset.mark = 'first'; }")
    version = table_state(page)["version"]
    page.keyboard.press("1" if page.locator(".myhand button.card").first.is_enabled() else "2")
    wait_for_change(page, version)
    my_turn(page)
    expect(news).to_have_attribute("data-mark", "first")  # the same element: a screen reader follows it
    said = news.locator("p").all_inner_texts()
    expect(news).to_contain_text("Your turn" if lang == "en" else "내 차례")
    newest = page.locator(".feed li").first.inner_text()
    assert newest in said, (newest, said)
    assert page.locator("[aria-live]:not([aria-live=off])").evaluate_all(
        "els => els.filter(e => e.closest('.table-page')).length") == 0, "a live region drawn anew with the table"
    ctx.close()
