"""A second QA pass of the browser game, each defect as the player saw it (a real Chromium
against a real `gostop serve`): the rule-change list that widened the lobby past the screen, a
phone turned sideways whose field was a strip a few pixels tall, gwangpalli's stay-or-drop
question that showed the dealt hand as thumbnails, and the goo-stupe list ordered by seat
numbers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scenarios import Scenario, seeded_room
from test_web_table import check_one_screen, my_turn, scripted_bot_room, sit


def context_page(browser: Browser, width: int, height: int, touch: bool) -> Page:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                              has_touch=touch, is_mobile=touch)
    return ctx.new_page()


# -- 1. the rule-change list in the lobby -------------------------------------------------------


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1366, 768), ("ko", 1366, 768), ("en", 390, 844), ("ko", 390, 844)],
                         ids=["en-1366x768", "ko-1366x768", "en-390x844", "ko-390x844"])
def test_the_rule_change_list_never_widens_the_lobby(lang: str, width: int, height: int, browser: Browser, base_url: str) -> None:
    """A select is as wide as its longest option: the list of rules (whose longest name is a
    whole sentence) pushed the page past the screen: a sideways scroll on a laptop, and on a
    phone a page zoomed out to 630 px. The joker boxes keep their names beside them, and on a
    phone the number of hands is a 44 px touch target like the other fields."""
    phone = width < 500
    page = context_page(browser, width, height, phone)
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
    page.reload()
    page.click("#advanced > summary")
    page.click("#create details > summary")
    page.wait_for_selector("#create select[name=knob]")
    got = page.evaluate("""() => {
      const panel = document.querySelector('#create').getBoundingClientRect();
      const sel = document.querySelector('#create select[name=knob]').getBoundingClientRect();
      const boxes = [...document.querySelectorAll('#create .jokers .check')].map((l) => l.getBoundingClientRect());
      return {doc: document.documentElement.scrollWidth, view: innerWidth, panelRight: panel.right, selRight: sel.right,
              boxLines: boxes.map((b) => b.height), hands: document.querySelector('#create input[name=hands]').getBoundingClientRect().height};
    }""")
    assert got["doc"] <= got["view"], f"the page is {got['doc']} px wide on a {got['view']} px screen"
    assert got["selRight"] <= got["panelRight"] + 1, got
    assert got["boxLines"] and max(got["boxLines"]) < 1.6 * min(got["boxLines"]), f"a joker box is cut from its name: {got['boxLines']}"
    if phone:
        assert got["hands"] >= 44, got
    page.context.close()


# -- 2. a phone turned sideways -----------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(844, 390), (667, 375)], ids=["844x390", "667x375"])
def test_a_phone_turned_sideways_keeps_the_field_readable(width: int, height: int, browser: Browser, base_url: str,
                                                         game_server: Any) -> None:
    """On a phone held sideways the topbar, the badges, my captures and my hand took all the
    height: the field was a strip 14 px tall with its cards 12 px high (28 px at 667x375). Now
    the players' lines fold into one row and the field's cards are big enough to read; the
    table stays one screen, and the decision (a shake, SHAKE-1, on this deal) covers nothing."""
    page = context_page(browser, width, height, True)
    scripted_bot_room(page, base_url, game_server, 2)
    page.wait_for_timeout(150)
    check_one_screen(page, f"{width}x{height}")
    heights = page.eval_on_selector_all(".board .card[data-code]", "els => els.map((e) => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 40, f"the field's cards are {heights} px tall at {width}x{height}"
    page.context.close()


# -- 3. gwangpalli's stay or drop ---------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(820, 1180), (390, 844), (1366, 768)], ids=["820x1180", "390x844", "1366x768"])
def test_stay_or_drop_shows_the_dealt_hand_at_the_size_of_a_hand(width: int, height: int, browser: Browser,
                                                                 base_url: str, game_server: Any) -> None:
    """Whether to stay in a gwangpalli hand or drop out (GWANG-3) is decided on the cards dealt:
    they were drawn as thumbnails (18 to 26 px wide) above the buttons while the field above
    stood empty; now they are as large as the cards of a hand, and still one screen."""
    touch = width < 900
    page = context_page(browser, width, height, touch)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=5, hands=1), 3)  # seed 3: stay or drop comes first
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    page.wait_for_selector(".decisions button.decision.kind-stay")
    dealt = page.eval_on_selector_all(".decisions .dealt .card[data-code]", "els => els.map((e) => e.getBoundingClientRect().width)")
    assert len(dealt) >= 7, dealt
    assert min(dealt) >= 40, f"the dealt cards are {dealt} px wide"
    check_one_screen(page, f"stay or drop {width}x{height}")
    page.context.close()


# -- 4. the goo-stupe list ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_goo_stupe_list_is_ordered_by_names_not_seat_numbers(lang: str, page: Page, base_url: str, game_server: Any) -> None:
    """With more than three seats a goo-stupe match starts with the list (GOO-17): the first
    dealer heads it and orders the other names (DEC-2). The page offered a bare number (a
    seat's index, 1 to 3) in a select beside a button "List order", with no word of what it
    meant; now each remaining player is a button by name (with a key), under a line that says
    what the list is for, in the page's language."""
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
    room, tokens = seeded_room(game_server.db_url, Scenario(preset="goo-stupe", players=4, hands=1), 1)
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    buttons = page.locator(".decisions button.decision.kind-list")
    expect(buttons).to_have_count(3)
    expect(page.locator(".decisions select")).to_have_count(0)
    expect(page.locator(".decisions .listwhat")).to_contain_text("head the list" if lang == "en" else "명단")
    names = page.locator(".player.badge .pname").all_inner_texts()
    labels = buttons.all_inner_texts()
    for label in labels:
        assert any(name in label for name in names), f"{label!r} names none of {names}"
        assert not re.search(r"\d", label.split("\n")[0]), label  # a name, not a seat number
    version = page.evaluate("() => document.querySelector('.table-page').dataset.version")
    page.keyboard.press("a")  # the first button's key
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'")
    expect(page.locator(".decisions button.decision.kind-list")).to_have_count(2)


# -- 5. a match paid in shots -------------------------------------------------------------------


def test_a_goo_stupe_match_is_settled_and_ranked_in_shots(page: Page, base_url: str, game_server: Any) -> None:
    """goo-stupe is paid in shots, not chips (GOO-1; its standings: the fewest shots first,
    MATCH-7). The settlement said each loser "pays 1 chip" beside a step that said one shot
    each, listed everybody's chips 0 → 0, and the match-over standings ranked everybody at
    0 chips: who drank what was nowhere. Now the losers take shots and the standings count
    them (seed 1: a won hand)."""
    from tableplay import play_until, settlement_shown

    room, tokens = seeded_room(game_server.db_url, Scenario(preset="goo-stupe", players=3, hands=1), 1)
    sit(page, base_url, room, 0, tokens[0])
    # every player's running tally is the shots taken, not chips (the view's match.unit)
    page.wait_for_selector(".table-page .score .stat.shots")
    tallies = page.locator(".table-page .score .stat.chips")
    assert tallies.count() == 3 and page.locator(".table-page .score .stat.shots").count() == 3
    assert all(tallies.nth(i).locator("small").inner_text() == "shots" for i in range(3))
    play_until(page, settlement_shown, timeout=120)
    settlement = page.locator(".overlay .settlement")
    expect(settlement.locator(".losers .pays").first).to_contain_text("shot")
    page.wait_for_timeout(200)
    assert "chip" not in settlement.inner_text(), settlement.inner_text()
    expect(page.locator("#settle-close")).to_have_text("See the standings")  # a one-hand match is over
    page.click("#settle-close")
    page.wait_for_selector(".overlay:not([hidden]) .standings")
    standings = page.locator(".overlay .standings ol").inner_text()
    assert "shot" in standings and "chip" not in standings, standings
    expect(page.locator("#standings-close")).to_have_text("Close")  # it only closes the dialog
