"""The table is drawn again for many reasons while a player makes up their mind: another
player's connection comes or goes, the page's language changes, the rule knobs arrive. None of
them undoes what the player is choosing -- the junk card picked to give, the "more" panel opened
to offer shodang -- as long as the decision is the same one; a new decision starts afresh.

Two people at one table (each their own browser), so that one of them can go and come back in
the middle of the other's choice: scripted deals (tests/browser/scenarios.py) bring seat 0 to
the decision."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, find_seed, seeded_room
from tableplay import play_until, record_frames, step, table_state, wait_for_change
from test_web_table import sit

from gostop.words.particles import particle

VIEWPORT = {"width": 1280, "height": 860}
GIVE = ".decisions button.decision.kind-surrender"
OFFER = ".decisions button.decision.kind-offer-shodang"
MORE = ".decisions details.more"


def _seated(browser: Browser, base_url: str, room: str, seat: int, token: str) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    sit(page, base_url, room, seat, token)
    return ctx, page


def _offline_tag(page: Page, seat: int) -> Any:
    return page.locator(f".player[data-seat='{seat}'] .tag", has_text="offline")


def _goes_and_comes_back(browser: Browser, base_url: str, ann: Page, bo_ctx: BrowserContext, room: str,
                         token: str, check: Any) -> tuple[BrowserContext, Page]:
    """Bo's browser closes (Ann's table is drawn again: his seat is offline), then he opens the
    room again (drawn again: he is back); ``check()`` after each."""
    bo_ctx.close()
    expect(_offline_tag(ann, 1)).to_be_visible()
    check("after Bo's connection went")
    bo_ctx, bo = _seated(browser, base_url, room, 1, token)
    expect(_offline_tag(ann, 1)).to_have_count(0)
    check("after Bo came back")
    return bo_ctx, bo


def test_the_junk_card_chosen_to_give_survives_a_redraw(browser: Browser, base_url: str, game_server: Any) -> None:
    """I pick a junk card that is not the cheapest; Bo's connection goes and comes back, and the
    page switches to Korean and back: each draws the table again, and my pick stays checked
    and is what "Give" gives (it fell back to the cheapest). A new decision starts from the
    cheapest again (the client's own drawing, on the view the server sent)."""
    scenario = Scenario(humans=2)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"surrender"}, start=3, least=2))
    ann_ctx, ann = _seated(browser, base_url, room, 0, tokens[0])
    frames = record_frames(ann)
    ann.reload()
    ann.wait_for_selector(".table-page[data-phase]")
    bo_ctx, bo = _seated(browser, base_url, room, 1, tokens[1])
    play_until(ann, lambda p: p.locator(GIVE).count() > 0, timeout=90, unless=GIVE, others=(bo,))

    checked = ann.locator(".giveopt[aria-checked=true]")
    expect(checked).to_have_count(1)
    cheapest = checked.get_attribute("data-choice")
    pick = ann.locator(f".giveopt:not([data-choice='{cheapest}'])").last
    chosen = pick.get_attribute("data-choice")
    assert chosen and chosen != cheapest
    pick.click()

    def still_chosen(when: str) -> None:
        expect(ann.locator(".giveopt[aria-checked=true]"), when).to_have_count(1)
        assert ann.locator(".giveopt[aria-checked=true]").get_attribute("data-choice") == chosen, when
        assert ann.locator(GIVE).get_attribute("data-action") == chosen, when

    still_chosen("before any redraw")
    bo_ctx, bo = _goes_and_comes_back(browser, base_url, ann, bo_ctx, room, tokens[1], still_chosen)

    # the page's language: the server sends the table again (a new view of the same decision)
    why = ann.locator(".surrender .why")
    expect(why).to_have_text("Tester 2 took back a ppuk: give Tester 2 a junk card.")  # (this deal's reason)
    ann.click("#lang-toggle")
    expect(ann.locator("#lang-toggle")).to_have_text("English")
    expect(ann.locator(".decisions h2")).to_have_text("결정")
    still_chosen("in Korean")
    # the reason, in Korean, with the particle the name's sound takes ("Tester 2" ends in 이: 가)
    expect(why).to_have_text(f"{particle('Tester 2', '이')} 자뻑을 먹었습니다. Tester 2에게 줄 피 한 장을 고르세요.")
    ann.click("#lang-toggle")
    expect(ann.locator("#lang-toggle")).to_have_text("한국어")
    still_chosen("back in English")

    view = [f["view"] for f in frames if isinstance(f.get("view"), dict)][-1]
    assert any(e["action"] == chosen for e in view["legal"]), "the recorded view is not the decision on the table"
    version = table_state(ann)["version"]
    ann.click(GIVE)
    wait_for_change(ann, version)
    # what was given is my pick: its cards are Bo's now
    for code in chosen.split()[1:]:
        expect(ann.locator(f".player[data-seat='1'] .captures .card[data-code='{code}']")).to_have_count(1)

    # a new decision (another deal, or other choices) starts afresh: the cheapest is checked
    got = ann.evaluate("""async (view) => {
      const src = document.querySelector('script[type=module]').src;
      const { renderTable } = await import(new URL('table.js', src).href);
      const box = document.createElement('div');
      const ctx = { act: () => {}, buttonKeys: new Map(), recent: [], knobs: [] };
      const checked = () => box.querySelector('.giveopt[aria-checked=true]').dataset.choice;
      const choose = (action) => box.querySelector(`.giveopt[data-choice="${action}"]`).click();
      renderTable(box, view, ctx);
      const first = checked();
      const other = [...box.querySelectorAll('.giveopt')].map((o) => o.dataset.choice).find((a) => a !== first);
      choose(other);
      renderTable(box, view, ctx);
      const same = checked();
      renderTable(box, { ...view, match: { ...view.match, deal: view.match.deal + 1 } }, ctx);
      const nextDeal = checked();
      renderTable(box, view, ctx);
      choose(other);
      const drop = view.legal.find((e) => e.kind === 'surrender' && e.action !== first && e.action !== other);
      renderTable(box, { ...view, legal: view.legal.filter((e) => e !== drop) }, ctx);
      return { first, other, same, nextDeal, otherChoices: checked(), dropped: Boolean(drop) };
    }""", view)
    assert got["same"] == got["other"], f"the same decision drawn again: {got}"
    assert got["nextDeal"] == got["first"], f"a decision of another deal: {got}"
    assert got["dropped"] and got["otherChoices"] == got["first"], f"a decision with other choices: {got}"
    ann_ctx.close()
    bo_ctx.close()


def test_the_open_more_panel_survives_a_redraw_and_a_new_turn_starts_folded(browser: Browser, base_url: str,
                                                                             game_server: Any) -> None:
    """Three players, shodang on: I open "More: offer shodang…"; Bo's connection goes and comes
    back and the page changes language: the panel stays open with its question and buttons (a
    redraw folded it). My next turn asks anew: the panel is folded again."""
    scenario = Scenario(players=3, rules={"shodang": True}, humans=2)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"offer-shodang"}, start=1))
    ann_ctx, ann = _seated(browser, base_url, room, 0, tokens[0])
    bo_ctx, bo = _seated(browser, base_url, room, 1, tokens[1])
    play_until(ann, lambda p: p.locator(OFFER).count() > 0, timeout=90, unless=OFFER, others=(bo,))
    expect(ann.locator(MORE)).not_to_have_attribute("open", "")
    ann.click(f"{MORE} > summary")
    expect(ann.locator(OFFER)).to_be_visible()

    def still_open(when: str) -> None:
        expect(ann.locator(MORE), when).to_have_attribute("open", "")
        expect(ann.locator(OFFER), when).to_be_visible()

    bo_ctx, bo = _goes_and_comes_back(browser, base_url, ann, bo_ctx, room, tokens[1], still_open)
    ann.click("#lang-toggle")
    expect(ann.locator(f"{MORE} > summary")).to_have_text("더 보기: 쇼당 제안…")
    still_open("in Korean")
    ann.click("#lang-toggle")
    expect(ann.locator(f"{MORE} > summary")).to_have_text("More: offer shodang…")
    still_open("back in English")

    # a card played: the next turn is a new decision, its panel folded
    version = table_state(ann)["version"]
    ann.locator(".myhand button.card.playable").first.click()
    wait_for_change(ann, version)
    end = time.monotonic() + 60
    while not (table_state(ann).get("toMove") == "1" and ann.locator(OFFER).count()):
        assert time.monotonic() < end, f"my next turn did not come: {table_state(ann)}"
        if step(bo) is None:
            ann.wait_for_timeout(80)
    expect(ann.locator(MORE)).not_to_have_attribute("open", "")
    expect(ann.locator(OFFER)).to_be_hidden()
    ann_ctx.close()
    bo_ctx.close()
