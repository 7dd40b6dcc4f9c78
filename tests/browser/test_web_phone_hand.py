"""A phone held upright: a long hand (10 cards: 2 players, Matgo) folds into two rows of cards
a finger can hit, their labels apart and on the screen; shodang's folded "More" stays beside my
captures, never drawn over them. Real Chromium, real `gostop serve`, fixed deals (scripted
rooms, tests/browser/scenarios.py): the same cards every run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from scenarios import Scenario, find_seed, seeded_room
from tableplay import play_until, shot
from test_web_table import LAYOUT_SEEDS, check_one_screen, my_turn, sit

#: The boxes of my hand: each card (and the part of it no other card of the hand covers), the
#: lines of each card's label, clipped to the label's own box (what is drawn of them).
HAND = """() => {
  const box = (b) => ({l: b.left, t: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height});
  const cards = [...document.querySelectorAll('.myhand .handslot > .card')].map((e) => box(e.getBoundingClientRect()));
  const covered = cards.map((c, i) => {
    // the stretches of c's width other cards lie over (the cards whose rows meet c's)
    const spans = cards.filter((o, j) => j !== i && Math.min(o.b, c.b) - Math.max(o.t, c.t) > 1)
      .map((o) => [Math.max(o.l, c.l), Math.min(o.r, c.r)]).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
    let sum = 0, end = -Infinity;
    for (const [a, b] of spans) { if (b > end) { sum += b - Math.max(a, end); end = b; } }
    return sum;
  });
  const labels = [...document.querySelectorAll('.myhand .handslot .what')].map((what) => {
    const clip = what.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(what);
    const lines = [...range.getClientRects()].map((r) => ({l: Math.max(r.left, clip.left), t: Math.max(r.top, clip.top),
      r: Math.min(r.right, clip.right), b: Math.min(r.bottom, clip.bottom)})).filter((r) => r.r - r.l > 1 && r.b - r.t > 1);
    return {text: what.textContent, lines};
  });
  // the rows: where the slots start (a card lifted, selected or hovered, is still in its row)
  const rows = [...document.querySelectorAll('.myhand .handslot')].map((e) => Math.round(e.getBoundingClientRect().top));
  return {cards, covered, labels, rows, view: {w: innerWidth, h: innerHeight}};
}"""


def _phone(browser: Browser, width: int, height: int, lang: str) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}')")
    return ctx, ctx.new_page()


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > 1 and min(a["b"], b["b"]) - max(a["t"], b["t"]) > 1


#: (viewport, page language, preset): a hand of 10 cards on a phone held upright.
TEN = [((390, 844), "ko", "pagat"), ((390, 844), "en", "pagat"), ((390, 844), "ko", "matgo"), ((375, 667), "en", "pagat")]


@pytest.mark.parametrize(("size", "lang", "preset"), TEN, ids=[f"{w}x{h}-{lang}-{p}" for (w, h), lang, p in TEN])
def test_ten_cards_fold_into_two_rows_of_44px_cards_with_their_labels_apart(
        size: tuple[int, int], lang: str, preset: str, browser: Browser, base_url: str, game_server: Any, artifacts: Path) -> None:
    """Ten cards in one row of a 390 px phone were 35 px wide, under a touch target, with their
    labels crammed under them while the field above kept 300 px of nothing. Now: two rows of
    five, every card at least 44 px wide, at least 60 % of each card left uncovered by the
    others (its month, its mark and its label's place), no two labels' lines meeting nor
    leaving the screen, and still one screen (2 players: a shake offered over the hand)."""
    ctx, page = _phone(browser, *size, lang)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, preset=preset, hands=3), LAYOUT_SEEDS[2])
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    page.wait_for_timeout(150)
    where = f"{size[0]}x{size[1]} {lang} {preset}"
    got = page.evaluate(HAND)
    cards, view = got["cards"], got["view"]
    assert len(cards) == 10, f"{where}: {len(cards)} cards in hand"
    narrow = [round(c["w"], 1) for c in cards if c["w"] < 44]
    assert not narrow, f"{where}: hand cards narrower than 44 px: {narrow}"
    for c, hidden in zip(cards, got["covered"], strict=True):
        assert c["w"] - hidden >= 0.6 * c["w"], f"{where}: a card {c} is {hidden:.0f} px covered by others"
    rows = sorted(set(got["rows"]))
    assert len(rows) == 2 and all(got["rows"].count(r) == 5 for r in rows), f"{where}: rows at {got['rows']}"
    labels = [lab for lab in got["labels"] if lab["lines"]]
    assert labels, f"{where}: no label under the hand"
    for i, a in enumerate(labels):
        for line in a["lines"]:
            assert line["l"] >= 0 and line["t"] >= 0 and line["r"] <= view["w"] and line["b"] <= view["h"], \
                f"{where}: the label {a['text']!r} leaves the screen: {line} {view}"
        for b in labels[i + 1:]:
            assert not any(_meet(x, y) for x in a["lines"] for y in b["lines"]), f"{where}: labels {a['text']!r} and {b['text']!r} overlap"
    check_one_screen(page, where)
    # the shake offered over the hand: a touch screen's button once ended in the word "null"
    # (the DOM's append writes a null argument as text)
    words = page.eval_on_selector_all(".decisions button.decision", "els => els.map((e) => e.textContent)")
    assert words or preset == "matgo", f"{where}: no decision button"  # (Matgo's deal offers none)
    for text in words:
        assert "null" not in text and "undefined" not in text, f"{where}: a button says {text!r}"
    shot(page, artifacts / f"phone-hand-{size[0]}x{size[1]}-{lang}-{preset}.png")
    ctx.close()


#: Everything my seat panel shows: its words, stamps and cards.
PANEL = """() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, what: e.className || e.tagName}; };
  const me = document.querySelector('.mine .player.me');
  const parts = [...me.querySelectorAll('header > *, .score > *, .caplabel, .caprow .card, .hints li')].filter((e) => e.offsetParent);
  const more = document.querySelector('.decisions details.more > summary');
  return {parts: parts.map(box), more: more && box(more), view: {w: innerWidth, h: innerHeight}};
}"""

SHODANG = Scenario(players=3, rules={"shodang": True})
MORE = ".decisions details.more"


@pytest.mark.parametrize(("size", "lang"), [((375, 667), "en"), ((375, 667), "ko"), ((390, 844), "en")],
                         ids=["375x667-en", "375x667-ko", "390x844-en"])
def test_shodang_more_is_never_drawn_over_my_seat_panel(size: tuple[int, int], lang: str, browser: Browser, base_url: str,
                                                         game_server: Any, artifacts: Path) -> None:
    """On a small phone the folded "More: offer shodang…" was drawn on top of my "Junk" row
    and its cards. At each of my turns with the offer, once I hold captures: its summary meets
    none of my panel's words, stamps or cards, inside the screen; opened, it is a panel of its
    own (not words over my captures) that leaves my hand uncovered; the table is one screen."""
    ctx, page = _phone(browser, *size, lang)
    room, tokens = seeded_room(game_server.db_url, SHODANG, find_seed(SHODANG, {"offer-shodang"}, start=1))
    sit(page, base_url, room, 0, tokens[0])
    turns = 0

    def offered_with_captures(p: Page) -> bool:
        nonlocal turns
        if p.locator('.table-page[data-to-move="1"]').count() == 0 or p.locator(MORE).count() == 0:
            return False
        page.wait_for_timeout(100)
        got = p.evaluate(PANEL)
        if got["more"] is None:
            return False
        where = f"{size[0]}x{size[1]} {lang} turn {turns}"
        turns += 1
        m, view = got["more"], got["view"]
        assert m["l"] >= 0 and m["t"] >= 0 and m["r"] <= view["w"] + 1 and m["b"] <= view["h"] + 1, f"{where}: More {m} leaves {view}"
        over = [x for x in got["parts"] if _meet(m, x)]
        assert not over, f"{where}: More {m} is drawn over {over}"
        return p.locator(".mine .caprow .card").count() >= 2

    play_until(page, offered_with_captures, timeout=90)  # (the policy never opens "More")
    check_one_screen(page, f"{size[0]}x{size[1]} {lang} shodang")
    shot(page, artifacts / f"phone-shodang-more-{size[0]}x{size[1]}-{lang}.png")
    page.click(f"{MORE} > summary")
    expect(page.locator(".decisions button.decision.kind-offer-shodang")).to_be_visible()
    panel = page.evaluate("""() => { const d = document.querySelector('.decisions:has(details.more[open])');
      const b = d.getBoundingClientRect(), hand = document.querySelector('.myhand').getBoundingClientRect();
      return {bg: getComputedStyle(d).backgroundColor, box: {l: b.left, t: b.top, r: b.right, b: b.bottom},
              hand: {l: hand.left, t: hand.top, r: hand.right, b: hand.bottom}, view: {w: innerWidth, h: innerHeight}}; }""")
    assert panel["bg"] not in ("rgba(0, 0, 0, 0)", "transparent"), f"the opened offer has no panel: {panel}"
    box, view = panel["box"], panel["view"]
    assert box["l"] >= -1 and box["t"] >= -1 and box["r"] <= view["w"] + 1 and box["b"] <= view["h"] + 1, panel
    assert not _meet(box, panel["hand"]), f"the opened offer covers my hand: {panel}"
    shot(page, artifacts / f"phone-shodang-open-{size[0]}x{size[1]}-{lang}.png")
    ctx.close()
