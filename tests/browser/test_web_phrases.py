"""Quick phrases (상용구) between two people at one table, each in their own browser (docs/
protocol.md ``say`` / ``said``): Ann on a laptop in English picks "Nice play!" from the "Say…"
menu by keyboard; Bo on a phone in Korean sees it as a bubble by Ann's seat, in Korean, and
his screen reader hears it; his own phrase (a tap) reaches Ann, a second one at once is refused
politely, and Ann's "Mute phrases" hides his bubble. The table stays one screen with the button."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, seeded_room
from tableplay import create_room, past_a_decided_deal
from test_web_table import check_one_screen, sit


def _person(browser: Browser, width: int, height: int, locale: str, phone: bool = False) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce",
                              has_touch=phone, is_mobile=phone)
    return ctx, ctx.new_page()


def two_friends_seated(browser: Browser, base_url: str, db_url: str, players: int,
                       seed: int = 2) -> tuple[str, BrowserContext, Page, BrowserContext, Page]:
    """A seeded room of ``players`` seats, Ann and Bo (two browsers at 1280×800, English) in
    its first two, bots in the others, both pages showing their "Say…" button: the room's id,
    then each one's context and page."""
    room, tokens = seeded_room(db_url, Scenario(players=players, humans=2, hands=1), seed)
    ann_ctx, ann = _person(browser, 1280, 800, "en-US")
    bo_ctx, bo = _person(browser, 1280, 800, "en-US")
    sit(ann, base_url, room, 0, tokens[0])
    sit(bo, base_url, room, 1, tokens[1])
    ann.wait_for_selector(".status #say-open")
    return room, ann_ctx, ann, bo_ctx, bo

def say_next_by_keyboard(page: Page, focused: str, following: str) -> None:
    """In the open "Say…" menu with ``focused`` (a phrase's id) focused: the arrow down moves to
    ``following``, Enter says it, the menu closes and the focus goes back to its button."""
    expect(page.locator(f"#say-{focused}")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator(f"#say-{following}")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#say-menu")).to_be_hidden()
    expect(page.locator("#say-open")).to_be_focused()


def test_two_people_see_each_others_phrases_in_their_own_language(browser: Browser, base_url: str) -> None:
    ann_ctx, ann = _person(browser, 1280, 800, "en-US")
    create_room(ann, base_url, "Ann", seats=("human", "human"), hands=2)
    link = ann.input_value("#invite-link")
    bo_ctx, bo = _person(browser, 390, 844, "ko-KR", phone=True)
    bo.goto(link)
    bo.fill("#join-name", "Bo")
    bo.click("#take-seat")
    for p in (ann, bo):
        p.wait_for_selector(".table-page[data-phase] .status #say-open")
    # the random deal may be decided at the deal: the bubbles below are those of the bare table
    past_a_decided_deal(ann, bo)
    check_one_screen(ann, "1280x800 with the Say button")
    check_one_screen(bo, "390x844 with the Say button")
    expect(bo.locator("#say-open")).to_have_text("말하기")

    # Ann, by keyboard: open the menu, the second phrase, Enter; the focus comes back
    # (the table may still be drawn again as Bo's presence arrives, and a drawing gives the focus
    # back to the turn's first control: the keyboard opens the menu once the focus held)
    for _ in range(5):
        ann.focus("#say-open")
        ann.keyboard.press("Enter")
        if ann.locator("#say-menu").is_visible() or ann.wait_for_timeout(300) or ann.locator("#say-menu").is_visible():
            break
    expect(ann.locator("#say-menu")).to_be_visible()
    say_next_by_keyboard(ann, "hello", "nice")
    expect(bo.locator(".bubble[data-seat='0']")).to_have_text("잘 치시네요!")
    expect(bo.locator("#table-news")).to_contain_text("Ann: 잘 치시네요!")
    expect(ann.locator(".bubble[data-seat='0']")).to_have_text("Nice play!")  # the speaker sees it too

    # Bo, by touch: 44 px targets; his phrase reaches Ann, and one more at once is refused politely
    bo.tap("#say-open")
    expect(bo.locator("#say-menu")).to_be_visible()
    heights = bo.eval_on_selector_all("#say-open, #say-menu button", "els => els.map((e) => e.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    inside = bo.evaluate("() => { const r = document.querySelector('#say-menu').getBoundingClientRect(); "
                         "return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }")
    assert inside, "the phrase menu goes off the phone's screen"
    bo.tap("#say-good-game")
    expect(ann.locator(".bubble[data-seat='1']")).to_have_text("Good game!")
    expect(ann.locator("#table-news")).to_contain_text("Bo: Good game!")
    bo.tap("#say-open")
    bo.tap("#say-thanks")
    expect(bo.locator("#banner")).to_have_text("잠시 후에 다시 말할 수 있습니다.")

    # Ann mutes the phrases: Bo's bubble goes, her own switch remembers it
    ann.click("#say-open")
    ann.click("#say-mute")
    expect(ann.locator("#say-mute")).to_have_attribute("aria-checked", "true")
    expect(ann.locator(".bubble[data-seat='1']")).to_have_count(0)
    ann.keyboard.press("Escape")
    expect(ann.locator("#say-menu")).to_be_hidden()
    assert ann.evaluate("() => localStorage.getItem('gostop.mutePhrases')") == "1"
    ann_ctx.close()
    bo_ctx.close()
