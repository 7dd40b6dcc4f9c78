"""QA round 20 of the web game. At a gwangpalli table of seven on a phone held sideways, those
who sit the hand out are one compact row of chips (name and chips, the details a tap away): in
two rows of tags (667x375) or a column of four lines (844x390) they took the field's room, its
cards 25-30 px; and the junk to give hangs over the hand, not the field. The guide on a touch
phone leads with how to play by touch and leaves out the keyboard's keys."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from scenarios import Scenario, seeded_room
from tableplay import play_until, table_state
from test_web_table import check_one_screen, sit


def _person(browser: Browser, width: int, height: int, lang: str = "en", phone: bool = False) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                              reduced_motion="reduce", locale="ko-KR" if lang == "ko" else "en-US")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


def _field(page: Page) -> list[float]:
    # read once the field is drawn at its size, in the same turn of the page as the check: under
    # CI's load a reading caught every card at 0 px while the bots' moves drew the table again,
    # and later one card at 0 px between a wait that had seen them all at 64 and the reading (a
    # card just laid, its image not loaded yet); a field that stays under 40 px fails
    heights = "[...document.querySelectorAll('.board .layout .card')].map((e) => e.getBoundingClientRect().height)"
    with contextlib.suppress(PlaywrightTimeoutError):
        drawn = page.wait_for_function(f"() => {{ const hs = {heights}; return hs.length > 0 && hs.every((h) => h >= 40) ? hs : null; }}",
                                       timeout=5000)
        return drawn.json_value()  # type: ignore[no-any-return]
    return page.evaluate(f"() => {heights}")  # type: ignore[no-any-return]


def _board(page: Page) -> dict[str, float]:
    # the board's box, once it is drawn, read in the page in one go: under CI's load a reading
    # while the bots' moves drew the table again found no board at all (None), even just after a
    # wait had seen it (the table is drawn anew on every message)
    drawn = page.wait_for_function(
        "() => { const b = document.querySelector('.board'); if (b === null) return null;"
        " const r = b.getBoundingClientRect();"
        " return r.height > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; }",
        timeout=5000,
    )
    box = drawn.json_value()
    assert box is not None
    return {k: float(box[k]) for k in ("x", "y", "width", "height")}


#: The "Give" button is in sight: wholly inside the decision panel's visible box and the screen.
GIVE = """() => { const b = document.querySelector('.decisions button.kind-surrender').getBoundingClientRect();
  const d = document.querySelector('.decisions').getBoundingClientRect();
  return { inside: b.top >= d.top - 0.5 && b.bottom <= d.bottom + 0.5 && b.bottom <= innerHeight && b.right <= innerWidth,
           give: [b.top, b.bottom], panel: [d.top, d.bottom] }; }"""

SIDEWAYS = [(667, 375, "ko"), (844, 390, "en")]


@pytest.mark.parametrize(("width", "height", "lang"), SIDEWAYS, ids=[f"{w}x{h}-{lang}" for w, h, lang in SIDEWAYS])
def test_those_who_sit_out_are_one_compact_row_and_the_field_keeps_its_room(width: int, height: int, lang: str,
                                                                            browser: Browser, base_url: str,
                                                                            game_server: Any) -> None:
    """A table of seven on a phone held sideways: four seats sit each hand out. Their lines (a
    name, "bot easy", "sits this hand out", chips) took two rows or a column of four, and the
    field's cards were 25-30 px before any decision; the junk to give covered the field too."""
    ctx, page = _person(browser, width, height, lang, phone=True)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=7, hands=1), 5)  # seed 5: a ppuk taken, ten junk to choose
    sit(page, base_url, room, 0, tokens[0])
    play_until(page, lambda p: p.locator(".myhand button.card").count() > 0 and p.locator(".benched .player.out").count() == 4,
               timeout=60)
    check_one_screen(page, f"gwangpalli {width}x{height}")
    assert min(_field(page)) >= 40, _field(page)
    # the four who sit out: chips on one line (two a line beside the players' badges on the wider phone)
    tops = page.eval_on_selector_all(".benched .player.out", "els => els.map((e) => Math.round(e.getBoundingClientRect().top))")
    assert len(set(tops)) <= (1 if width < 761 else 2), tops
    expect(page.locator(".benched .benchlabel")).to_have_text("쉬는 사람" if lang == "ko" else "Sitting out")
    expect(page.locator(".benched .player.out .tag").first).to_be_hidden()
    # a tap opens each one's details under the row, over the field: the table does not move
    board = _board(page)
    page.locator(".benched .player.out").first.tap()
    info = page.locator(".benched .benchinfo")
    expect(info).to_be_visible()
    expect(page.locator(".benched .benchlabel")).to_have_attribute("aria-expanded", "true")
    lines = info.locator("li").all_inner_texts()
    assert len(lines) == 4 and all(("이번 판 쉼" if lang == "ko" else "sits this hand out") in x for x in lines), lines
    assert all(("봇" if lang == "ko" else "bot") in x for x in lines), lines
    assert _board(page) == board
    box = info.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    page.locator(".benched .benchlabel").tap()
    expect(info).to_be_hidden()
    # the junk to give: the "Give" button in sight, the field's cards still readable
    sel = ".decisions button.decision.kind-surrender"
    play_until(page, lambda p: p.locator(sel).count() > 0, timeout=120, unless=sel)
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"() => ({GIVE})().inside", timeout=5000)
    got = page.evaluate(GIVE)
    assert got["inside"], got
    assert min(_field(page)) >= 40, _field(page)
    # (the field's lowest card is above the panel)
    low = page.evaluate("() => Math.max(...[...document.querySelectorAll('.board .layout .card')].map((e) => e.getBoundingClientRect().bottom))")
    assert low <= got["panel"][0], (low, got)
    version = table_state(page)["version"]
    page.click(sel)
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'")
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_guide_on_a_touch_phone_leads_with_touch_and_leaves_out_the_keys(lang: str, browser: Browser, base_url: str) -> None:
    """The guide's last section on a phone listed the keyboard's keys (g go, s stop, Enter), of
    no use on a touch screen, and said nothing of how to play by touch."""
    touch, keyboard = ("손가락으로 치기", "키보드로 치기") if lang == "ko" else ("Playing by touch", "With a keyboard")
    ctx, page = _person(browser, 390, 844, lang, phone=True)
    page.goto(base_url + "/#/guide")
    page.wait_for_selector(".howto section p")
    titles = page.locator(".howto section h2").all_inner_texts()
    assert titles[0] == touch, titles
    assert keyboard not in titles and "Keys" not in titles and "키" not in titles, titles
    text = page.locator(".howto").inner_text()
    assert ("g 고" if lang == "ko" else "g go") not in text and "Enter" not in text, text[-400:]
    ctx.close()
    # with a mouse and a keyboard: the keys are there, said to be the keyboard's, after the touch
    ctx, page = _person(browser, 1280, 800, lang)
    page.goto(base_url + "/#/guide")
    page.wait_for_selector(".howto section p")
    titles = page.locator(".howto section h2").all_inner_texts()
    assert titles[-2:] == [touch, keyboard], titles
    expect(page.locator(".howto section.keys p")).to_contain_text("키보드가 있으면" if lang == "ko" else "With a keyboard")
    ctx.close()
