"""QA round 14 of the web game: shodang's folded "More" is a 32 px target on a phone held
sideways, as the table's other controls there, and the table still fits one screen; at a table
of people, only the person who typed "You" as a name reads "you" in the feed (the other person
reads the name, in quotation marks)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from scenarios import Scenario, find_seed, seeded_room
from tableplay import create_room, overlay_open, play_until, table_state
from test_web_table import check_one_screen, sit

LANDSCAPE = {"width": 844, "height": 390}
SHODANG = Scenario(players=3, rules={"shodang": True})
MORE = ".decisions details.more > summary"


def context_page(browser: Browser, viewport: dict[str, int], lang: str) -> Page:
    ctx = browser.new_context(viewport=viewport, has_touch=True, is_mobile=True, reduced_motion="reduce", locale="en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx.new_page()


#: The table's controls on a phone held sideways, in one read: the height of shodang's "More",
#: of the decision buttons, of the topbar's and status bar's buttons.
_TARGETS = """() => {
  const h = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
    .map((e) => Math.round(e.getBoundingClientRect().height * 10) / 10);
  const more = document.querySelector(".decisions details.more > summary").getBoundingClientRect();
  return { more: { t: more.top, b: more.bottom, h: more.height }, buttons: h(".decisions button.decision"),
           bars: h(".topbar nav a, .topbar nav button, .status .sidebtn"), view: { w: innerWidth, h: innerHeight } };
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_shodang_more_is_a_32px_target_on_a_sideways_phone_and_the_table_fits(
        browser: Browser, base_url: str, game_server: Any, lang: str) -> None:
    # 844x390: "More: offer shodang…" was 23 px tall, the other controls of the table 32 px
    room, tokens = seeded_room(game_server.db_url, SHODANG, find_seed(SHODANG, {"offer-shodang"}, start=1))
    page = context_page(browser, LANDSCAPE, lang)
    sit(page, base_url, room, 0, tokens[0])
    play_until(page, lambda p: p.locator('.table-page[data-to-move="1"]').count() > 0 and p.locator(MORE).count() > 0,
               timeout=60)
    got = page.evaluate(_TARGETS)
    assert got["more"]["h"] >= 32, got
    assert got["more"]["t"] >= 0 and got["more"]["b"] <= got["view"]["h"] + 1, got
    assert all(x >= 32 for x in got["bars"]), got
    check_one_screen(page, f"844x390 {lang} shodang")
    page.context.close()


#: The names and feed lines a page shows, in one read: every badge's name, the status line, the
#: feed.
_NAMES = """() => ({
  names: [...document.querySelectorAll(".player .pname")].map((e) => e.textContent),
  status: document.querySelector(".status").textContent,
  feed: [...document.querySelectorAll(".feed li")].map((e) => e.textContent),
})"""


def test_a_person_named_you_at_a_table_of_people_is_you_only_to_that_person(browser: Browser, base_url: str) -> None:
    # Bo typed "You" as his name: Ann read "You play pine junk." for his moves and "Waiting for
    # You…" (the server said its lines to nobody in particular, the page said the name bare)
    ann = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    bo = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
    quoted = "\u201cYou\u201d"

    def both_moved(p: Page) -> bool:
        lines = p.evaluate(_NAMES)["feed"]
        return sum(quoted in x for x in lines) >= 2 and sum(x.startswith("Ann ") for x in lines) >= 2

    def ended(p: Page) -> bool:
        """The one-hand match ended before both had moved twice: a deal decided at once (a
        chongtong, about one in forty), whose settlement opens over the table."""
        return overlay_open(p) or table_state(p).get("phase") == "over"

    for _ in range(5):  # (a deal that ends the match at once: another room)
        create_room(ann, base_url, "Ann", seats=("human", "human"), hands=1)
        bo.goto(ann.input_value("#waiting-invite-link"))
        bo.fill("#join-name", "You")
        bo.click("#take-seat")
        for p in (ann, bo):
            p.wait_for_selector(".table-page[data-phase]")
        # (the first check of the page was not enough: a deal decided at once drew the table,
        # Ann to move, in the same turn as its settlement, which the test then waited under)
        play_until(ann, lambda p: both_moved(p) or ended(p) or ended(bo), timeout=60, others=(bo,))
        if both_moved(ann):
            break
    else:
        raise AssertionError("five rooms in a row ended at the deal")
    a, b = ann.evaluate(_NAMES), bo.evaluate(_NAMES)
    assert quoted in a["names"], a["names"]
    assert not [x for x in a["feed"] if x.startswith("You ")], a["feed"]
    assert not [x for x in b["feed"] if quoted in x], b["feed"]
    assert any(x.startswith("You ") for x in b["feed"]), b["feed"]
    if table_state(ann).get("toMove") != "1":  # "Waiting for “You”…"
        assert "You" not in a["status"].replace(quoted, ""), a["status"]
    for p in (ann, bo):
        p.context.close()
