"""A phone held upright: the field's cards (the cards a player reads most: their month and
kind) use the room the field has. They were capped at 40 px (``--card-md``) in the middle of a
field 230-420 px tall, with 100-300 px of bare felt above and below them. Real Chromium, real
`gostop serve`, fixed deals (scripted rooms, tests/browser/scenarios.py): the same cards every
run.

The sizes asked (px; before, 40 at 390x844 and 36 at 375x667, ``--card-md`` capped at 5.4vh):
the field is about 380 px wide; the cards are as big as the field's height lets its rows be,
72 px at most (js/table.js and app.css cut each half into 1-4 rows and take the largest card
that fits).

* 390x844: the field is 330 px tall (2 players, the hand folded in two rows) to 460 px (3
  players): a deal's 6-8 months fit in three rows a half of cards 60 px wide (3 rows of 1.6 x
  60 px and their gaps: 315 px). 56 px asks clearly more than 40 with some room for a deal of
  more months or piles of two.
* 375x667: the field is 187 px tall (2 players) to 288 px (3 players): two rows a half of 44
  px cards take 2 x 1.6 x 44 + 7 = 148 px, room kept for the stock's count; 44 px.
* A crowded field (10 months, 14 cards, piles of two and three): 52 px at 390x844, 42 px at
  375x667 (two or three rows a half), still above the 40 px cap of before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from scenarios import Scenario, seeded_room
from tableplay import play_until, shot
from test_web_table import LAYOUT_SEEDS, check_one_screen, my_turn, sit

#: The field's box, each pile's cards and box, the stock's box, the viewport.
FIELD = """() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
  const board = document.querySelector('.board');
  const piles = [...board.querySelectorAll('.layout .pile')].map((p) => ({month: p.dataset.month, box: box(p),
    cards: [...p.querySelectorAll('.card')].map(box)}));
  const stock = board.querySelector('.stock .card');
  return {field: box(board), piles, stock: stock && box(stock), view: {w: innerWidth, h: innerHeight}};
}"""

#: (viewport, players, the least width of a field card in px) on the deals of LAYOUT_SEEDS.
DEALT = [((390, 844), 2, 56), ((390, 844), 3, 56), ((375, 667), 2, 44), ((375, 667), 3, 44)]

#: A crowded field: 2 players, seed 201, my turn once the field holds 10 months (14 cards).
CROWDED_SEED, CROWDED_MONTHS = 201, 9
CROWDED = [((390, 844), 52), ((375, 667), 42)]


def _phone(browser: Browser, width: int, height: int) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce", has_touch=True, is_mobile=True)
    ctx.add_init_script("localStorage.setItem('gostop.lang', 'en')")
    return ctx, ctx.new_page()


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > 1 and min(a["b"], b["b"]) - max(a["t"], b["t"]) > 1


def _inside(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["l"] >= b["l"] - 1 and a["t"] >= b["t"] - 1 and a["r"] <= b["r"] + 1 and a["b"] <= b["b"] + 1


def check_field(page: Page, where: str, least: float) -> dict[str, Any]:
    """Every field card at least ``least`` px wide, inside the field and the viewport; no
    pile's box meets another's or the stock's card; the table one screen."""
    got = page.evaluate(FIELD)
    field, view, piles = got["field"], got["view"], got["piles"]
    screen = {"l": 0, "t": 0, "r": view["w"], "b": view["h"]}
    assert piles, f"{where}: no pile on the field"
    cards = [c for p in piles for c in p["cards"]] + [got["stock"]]
    narrow = sorted(round(c["w"], 1) for c in cards if c["w"] < least)
    assert not narrow, f"{where}: field cards narrower than {least} px: {narrow} (field {field})"
    for p in piles:
        for c in p["cards"]:
            assert _inside(c, field), f"{where}: a card of month {p['month']} {c} leaves the field {field}"
            assert _inside(c, screen), f"{where}: a card of month {p['month']} {c} leaves the screen {view}"
        assert not _meet(p["box"], got["stock"]), f"{where}: month {p['month']} {p['box']} meets the stock {got['stock']}"
    for i, a in enumerate(piles):
        for b in piles[i + 1:]:
            assert not _meet(a["box"], b["box"]), f"{where}: months {a['month']} {a['box']} and {b['month']} {b['box']} overlap"
    check_one_screen(page, where)
    return got


@pytest.mark.parametrize(("size", "players", "least"), DEALT, ids=[f"{w}x{h}-{n}p" for (w, h), n, _ in DEALT])
def test_field_cards_grow_into_the_field_of_an_upright_phone(size: tuple[int, int], players: int, least: int, browser: Browser,
                                                              base_url: str, game_server: Any, artifacts: Path) -> None:
    """At my first turn of a fixed deal (2 players: a shake offered; 3 players: shodang's
    "More"), every field card at least ``least`` px wide (it was 40 px at most), inside the
    field and the screen, no two months' piles meeting, the table one screen."""
    ctx, page = _phone(browser, *size)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=players, hands=3), LAYOUT_SEEDS[players])
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    page.wait_for_timeout(150)
    check_field(page, f"{size[0]}x{size[1]} {players}p", least)
    shot(page, artifacts / f"phone-field-{size[0]}x{size[1]}-{players}p.png")
    ctx.close()


@pytest.mark.parametrize(("size", "least"), CROWDED, ids=[f"{w}x{h}" for (w, h), _ in CROWDED])
def test_a_crowded_field_still_fits_an_upright_phone(size: tuple[int, int], least: int, browser: Browser, base_url: str,
                                                      game_server: Any, artifacts: Path) -> None:
    """Played on (the tests' policy) until my turn comes with 9 or more months on the field
    (this deal reaches 10 months, 14 cards, piles of two and three): every field card still at
    least ``least`` px wide, none leaving the field or the screen, no two piles meeting."""
    ctx, page = _phone(browser, *size)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, hands=1), CROWDED_SEED)
    sit(page, base_url, room, 0, tokens[0])

    def crowded(p: Page) -> bool:
        return p.locator('.table-page[data-to-move="1"]').count() > 0 and p.locator(".layout .pile").count() >= CROWDED_MONTHS

    play_until(page, crowded, timeout=90)
    page.wait_for_timeout(150)
    got = check_field(page, f"{size[0]}x{size[1]} crowded", least)
    assert len(got["piles"]) >= CROWDED_MONTHS
    shot(page, artifacts / f"phone-field-crowded-{size[0]}x{size[1]}.png")
    ctx.close()


#: The labels under my hand's cards that offer a choice of two field cards: their text, box and
#: the boxes of the small cards they show.
CHOICE = """() => [...document.querySelectorAll('.myhand .handslot .what')].filter((w) => w.closest('.handslot').querySelector('.card.playable'))
  .map((w) => { const box = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
    return {text: w.textContent, box: box(w),
            minis: [...w.querySelectorAll('.mini .card')].map((c) => ({code: c.dataset.code, ...box(c)}))}; })"""


@pytest.mark.parametrize("size", [(390, 844), (375, 667)], ids=["390x844", "375x667"])
def test_choose_one_of_shows_its_two_cards_on_an_upright_phone(size: tuple[int, int], browser: Browser, base_url: str,
                                                                game_server: Any, artifacts: Path) -> None:
    """The label under a hand card that takes one of two field cards said "choose one of" and
    no cards (the small cards are hidden on a phone). On the 2-player deal whose first turn
    offers such a card: its label shows the two cards, each at least 10 px wide, whole inside
    the label (it clips what overflows) and the screen, and they are the field's cards of
    that month."""
    ctx, page = _phone(browser, *size)
    room, tokens = seeded_room(game_server.db_url, Scenario(players=2, hands=3), LAYOUT_SEEDS[2])
    sit(page, base_url, room, 0, tokens[0])
    my_turn(page)
    page.wait_for_timeout(150)
    where = f"{size[0]}x{size[1]}"
    labels = page.evaluate(CHOICE)
    choices = [lab for lab in labels if len(lab["minis"]) == 2]
    assert choices, f"{where}: no label offers a choice of two: {[lab['text'] for lab in labels]}"
    view = page.evaluate("() => ({l: 0, t: 0, r: innerWidth, b: innerHeight})")
    field = set(page.eval_on_selector_all(".layout .pile .card", "els => els.map((e) => e.dataset.code)"))
    for lab in choices:
        for m in lab["minis"]:
            assert m["w"] >= 10 and m["h"] >= 10, f"{where}: a card of {lab['text']!r} is drawn {m['w']}x{m['h']} px"
            assert _inside(m, lab["box"]) and _inside(m, view), f"{where}: a card {m} of {lab['text']!r} leaves its label {lab['box']}"
            assert m["code"] in field, f"{where}: {m['code']} is not on the field {sorted(field)}"
        a, b = lab["minis"]
        assert not _meet(a, b), f"{where}: the two cards of {lab['text']!r} overlap: {a} {b}"
    check_one_screen(page, where)
    shot(page, artifacts / f"phone-choice-{size[0]}x{size[1]}.png")
    ctx.close()
