"""What a screen reader is told that a sighted player sees: a ppuk stack on the field (marked
by a frame) is named a stack; the settlement's steps, revealed one by one, are said one by one
through the page's one live region (#table-news), each once, also when the settlement is shown
again (back from the hand's review)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect
from scenarios import HUMAN, Scenario, find_seed, policy_action, seeded_room
from tableplay import play_until
from test_web_table import sit

from gostop.server.room import Room

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def stack_seed(scenario: Scenario, start: int = 1, tries: int = 300) -> int:
    """A seed whose room shows seat 0, at a turn where it plays a card, a stack (ppuk) on the
    field that a player made."""
    for seed in range(start, start + tries):
        room = Room("search", scenario.config(), seed)
        for _ in range(400):
            seat = room.decider()
            if seat is None:
                break
            if seat != HUMAN:
                room.apply(seat, room.bot_action(seat))
                continue
            view = room.view(seat)
            hand = view["hand"]
            if hand and any(s["owner"] is not None for s in hand["stacks"]) and any(e["kind"] == "play" for e in view["legal"]):
                return seed
            room.apply(seat, policy_action(view))
    raise LookupError(f"no seed in {start}..{start + tries - 1} shows a ppuk stack")


def test_a_ppuk_stack_is_named_a_stack(page: Page, base_url: str, game_server: Any) -> None:
    """The pile of a stack is a group named "June: 3 cards, a stack (ppuk)" ("6월: 3장이 쌓인
    뻑" in Korean); the other piles keep their month's name."""
    scenario = Scenario()
    room, tokens = seeded_room(game_server.db_url, scenario, stack_seed(scenario))
    sit(page, base_url, room, 0, tokens[0])
    stack = ".board .pile.stack"
    play_until(page, lambda p: p.locator(stack).count() > 0 and p.locator(".table-page[data-to-move='1']").count() > 0,
               timeout=90, unless=stack)
    month = int(page.locator(stack).first.get_attribute("data-month") or 0)
    cards = page.locator(stack).first.locator(".card").count()
    assert cards >= 3, cards
    expect(page.get_by_role("group", name=f"{MONTHS[month - 1]}: {cards} cards, a stack (ppuk)", exact=True)).to_have_count(1)
    others = page.eval_on_selector_all(".board .pile:not(.stack)", "els => els.map(e => [e.dataset.month, e.getAttribute('aria-label')])")
    assert others and all(label == MONTHS[int(m) - 1] for m, label in others), others
    page.click("#lang-toggle")
    expect(page.get_by_role("group", name=f"{month}월: {cards}장이 쌓인 뻑", exact=True)).to_have_count(1)


def test_the_settlement_steps_are_said_one_by_one_each_once(browser: Browser, base_url: str, game_server: Any) -> None:
    """With motion on (the steps come one by one, 0.7 s apart): after "Stop" each step of the
    settlement is said in the live region that stays on the page as it is shown, once and in
    order; the hand's review opened halfway stops them, and the settlement shown again (back
    from the review) says only those not said yet."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-US", reduced_motion="no-preference")
    page = ctx.new_page()
    scenario = Scenario(hands=3)
    room, tokens = seeded_room(game_server.db_url, scenario, find_seed(scenario, {"go", "stop"}, start=1))
    sit(page, base_url, room, 0, tokens[0])
    stop = ".decisions button.decision.kind-stop"
    play_until(page, lambda p: p.locator(stop).count() > 0, timeout=120, unless=stop)
    news = page.locator("#table-news")
    # every line given to the live region from now on (it keeps only its newest twelve), its
    # white space as a screen reader reads it
    page.evaluate("""() => {
      const news = document.getElementById('table-news');
      news.dataset.mark = 'table';
      window.said = [];
      new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.said.push(n.textContent.replace(/\\s+/g, ' ').trim()))))
        .observe(news, { childList: true });
    }""")

    def said() -> list[str]:
        return list(page.evaluate("() => window.said"))

    page.locator(stop).click()
    page.wait_for_selector(".overlay:not([hidden]) .settlement")
    steps_box = page.locator(".overlay .settlement ol.steps li")
    # the first step is said as it is shown; the review opened before the others are revealed
    # stops them: none is said behind it
    expect(steps_box.first).to_be_visible()
    first = " ".join(steps_box.first.inner_text().split())
    page.wait_for_function("(first) => window.said.includes(first)", arg=first, timeout=5000)
    page.click("#review-hand")
    page.wait_for_selector(".overlay:not([hidden]) .review")
    during = len(said())
    page.wait_for_timeout(2200)  # (three steps' time)
    assert said()[during:] == [], "said behind the review"
    page.click("#review-close")
    page.wait_for_selector(".overlay:not([hidden]) .settlement")
    page.wait_for_function("() => document.querySelector('#settle-next').hidden", timeout=20000)
    steps = [" ".join(x.split()) for x in steps_box.all_inner_texts()]
    assert len(steps) >= 2, steps

    def said_once_each(when: str) -> None:
        lines = said()
        assert [lines.count(s) for s in steps] == [1] * len(steps), f"{when}: steps {steps}, said {lines}"
        at = [lines.index(s) for s in steps]
        assert at == sorted(at), f"{when}: said out of order: {lines}"

    said_once_each("the settlement")
    page.click("#review-hand")
    page.wait_for_selector(".overlay:not([hidden]) .record-review .rv-seat")
    page.click("#review-close")
    page.wait_for_selector(".overlay:not([hidden]) .settlement")
    page.wait_for_function("() => document.querySelector('#settle-next').hidden", timeout=20000)
    assert [" ".join(x.split()) for x in steps_box.all_inner_texts()] == steps
    said_once_each("the settlement shown again")
    expect(news).to_have_attribute("data-mark", "table")  # the same live region all along
    ctx.close()
