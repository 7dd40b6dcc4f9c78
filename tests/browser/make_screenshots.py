"""Screenshots of the web table for docs/screenshots/ (not a test): desktop and phone, English
and Korean, both deck styles, against a real ``gostop serve``.

Run: ``PYTHONPATH=src python tests/browser/make_screenshots.py docs/screenshots``
"""

from __future__ import annotations

import json
import sys
import tempfile
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))

from conftest import CHROMIUM, CHROMIUM_ARGS, GameServer  # noqa: E402
from tableplay import play_until, settlement_shown  # noqa: E402

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 375, "height": 667}


def room(url: str, seats: int, hands: int = 3) -> tuple[str, dict[str, object]]:
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": hands, "public": False,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "normal"}] * (seats - 1), "join": {"name": "Ann"}}
    req = urllib.request.Request(url + "/api/rooms", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        res = json.loads(r.read())
    return res["room"]["id"], {"seat": res["seat"], "token": res["token"]}


def open_page(browser: object, viewport: dict[str, int], lang: str, deck: str) -> Page:
    phone = viewport["width"] < 500
    ctx = browser.new_context(viewport=viewport, device_scale_factor=2 if phone else 1, has_touch=phone,  # type: ignore[attr-defined]
                              is_mobile=phone, reduced_motion="reduce")
    ctx.add_init_script(f"localStorage.setItem('gostop.lang', '{lang}'); localStorage.setItem('gostop.deck', '{deck}');")
    return ctx.new_page()  # type: ignore[no-any-return]


def table(browser: object, url: str, out: Path, name: str, viewport: dict[str, int], lang: str, deck: str, seats: int,
          moves: int = 3) -> None:
    page = open_page(browser, viewport, lang, deck)
    rid, seat = room(url, seats)
    page.goto(url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps({rid: seat}))})")
    page.goto(f"{url}/#/room/{rid}")
    page.wait_for_selector(".table-page[data-phase]")
    played = [0]

    def enough(p: Page) -> bool:  # a few moves in, at my turn: captures and a feed to show
        close = p.locator(".overlay:not([hidden]) #settle-close")
        if close.count() and close.first.is_visible():  # a hand ended: its settlement stays open until closed
            close.first.click()
            return False
        st = p.evaluate("() => document.querySelector('.table-page').dataset.toMove")
        if st == "1":
            played[0] += 1
        return played[0] > moves and st == "1"

    play_until(page, enough, timeout=60)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / name))
    page.context.close()


def settled_hand(browser: object, url: str, viewport: dict[str, int], lang: str, tries: int = 8) -> Page:
    """A one-hand match played to its settlement, with a winner: a hand that ends in a nagari
    (nobody wins) shows no scored cards, so another is played (up to ``tries`` hands)."""
    for attempt in range(tries):
        page = open_page(browser, viewport, lang, "clear")
        rid, seat = room(url, 2, hands=1)
        page.goto(url + "/")
        page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps({rid: seat}))})")
        page.goto(f"{url}/#/room/{rid}")
        page.wait_for_selector(".table-page[data-phase]")
        play_until(page, settlement_shown, timeout=120)
        page.wait_for_timeout(2500)  # the steps appear one by one
        said = page.locator(".overlay:not([hidden])").first.inner_text()
        if attempt == tries - 1 or not any(word in said for word in ("Nagari", "나가리")):
            return page
        page.context.close()
    raise AssertionError("unreachable")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = GameServer(Path(tmp)).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, viewport, lang in (("lobby-desktop-ko.png", DESKTOP, "ko"), ("lobby-phone-ko.png", PHONE, "ko"),
                                             ("lobby-desktop-en.png", DESKTOP, "en")):
                    page = open_page(browser, viewport, lang, "clear")
                    page.goto(server.url + "/")
                    page.wait_for_selector("#quick-play")
                    page.screenshot(path=str(out / name))
                    page.context.close()
                table(browser, server.url, out, "table-desktop-en.png", DESKTOP, "en", "clear", 3)
                table(browser, server.url, out, "table-desktop-ko-traditional.png", DESKTOP, "ko", "traditional", 2)
                table(browser, server.url, out, "table-phone-ko.png", PHONE, "ko", "clear", 2)
                table(browser, server.url, out, "table-phone-en-traditional.png", SMALL_PHONE, "en", "traditional", 3)
                table(browser, server.url, out, "table-gwangpalli-desktop-en.png", DESKTOP, "en", "clear", 5)
                # the settlement of a one-hand match, over the finished hand, then its review
                for lang, viewport, name in (("en", DESKTOP, "settlement-desktop-en.png"), ("ko", PHONE, "settlement-phone-ko.png")):
                    page = settled_hand(browser, server.url, viewport, lang)
                    page.screenshot(path=str(out / name))
                    if page.locator("#review-hand").count():
                        page.click("#review-hand")
                        page.wait_for_selector(".record-review .rv-seat, .review-table")
                        for _ in range(5):
                            page.click("#review-next")
                        page.screenshot(path=str(out / name.replace("settlement", "review")))
                    page.context.close()
                browser.close()
        finally:
            server.stop()
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
