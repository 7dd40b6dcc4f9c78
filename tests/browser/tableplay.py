"""Playing the web table by clicking, as a person would (helpers of the browser tests)."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CARD_RE = re.compile(r"\b(0[1-9]|1[0-2])(B|A|R|D|J[12])\b")

#: Kinds the generic policy must not click blindly (the tests choose them on purpose).
PLAIN = ".decisions button.decision[data-action]:visible"
PLAYABLE = ".myhand button.card.playable"


#: Screenshots for a person to look at (``test-artifacts/browser/``) only when asked for with
#: ``GOSTOP_TEST_SCREENSHOTS=1``: they assert nothing, and each costs a quarter of a CPU-second
#: (the PNG of a full page), several seconds of a run in all (docs/benchmarks.md).
SCREENSHOTS = os.environ.get("GOSTOP_TEST_SCREENSHOTS", "") not in ("", "0")


def shot(page: Page, path: Path, **options: Any) -> None:
    """``page.screenshot(path=path, **options)`` when screenshots are asked for (see
    :data:`SCREENSHOTS`)."""
    if SCREENSHOTS:
        page.screenshot(path=str(path), **options)


def table_state(page: Page) -> dict[str, str]:
    """The table page's data attributes (phase, version, toMove, stage, over), or {}."""
    return page.evaluate(
        "() => { const el = document.querySelector('.table-page'); return el ? {...el.dataset} : {}; }"
    )


def overlay_open(page: Page) -> bool:
    return page.locator(".overlay:not([hidden])").count() > 0


# Waiting happens in the page, not by asking it again and again from here: every question from a
# test (a Playwright call) costs about 2 ms of CPU between pytest, Playwright's driver and two
# Chromium processes (docs/benchmarks.md), and a wait for a timer or for another person asked
# every 50 ms. The page looks every 25 ms and answers once.

#: The table's data attributes and whether a dialog is open, in one question.
_LOOK = ("() => { const el = document.querySelector('.table-page');"
         " return {st: el ? {...el.dataset} : {}, overlay: !!document.querySelector('.overlay:not([hidden])')}; }")

#: Resolves true once the table's version is not ``version`` (or the table is gone) or a dialog's
#: being open is not ``overlay``; false after ``ms`` without either.
_CHANGE = """([version, overlay, ms]) => new Promise((answer) => {
  const end = performance.now() + ms;
  const look = () => {
    const el = document.querySelector('.table-page');
    const changed = (el ? el.dataset.version : undefined) !== version
      || !!document.querySelector('.overlay:not([hidden])') !== overlay;
    if (changed || performance.now() >= end) answer(changed); else setTimeout(look, 25);
  };
  look();
})"""


def look(page: Page) -> tuple[dict[str, str], bool]:
    """:func:`table_state` and :func:`overlay_open` in one question."""
    seen = page.evaluate(_LOOK)
    return seen["st"], bool(seen["overlay"])


def changed(page: Page, version: str | None, overlay: bool, seconds: float) -> bool:
    """Wait in the page, up to ``seconds``, until the table's version is not ``version`` or a
    dialog opens or closes (``overlay``: whether one was open); whether that happened."""
    try:
        return bool(page.evaluate(_CHANGE, [version, overlay, int(seconds * 1000)]))
    except PlaywrightError as e:  # the page went to another document meanwhile: a change
        if "context was destroyed" in str(e) or "navigat" in str(e):
            return True
        raise


def wait_for_change(page: Page, version: str, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if changed(page, version, False, min(2.0, max(0.0, end - time.monotonic()))):
            return
    raise AssertionError(f"the table stayed at version {version} for {timeout} s")


def step(page: Page, unless: str | None = None, prefer: tuple[str, ...] = (), seen: str | None = None) -> str | None:
    """One decision by the generic policy (the one tests/browser/scenarios.py mirrors): the
    first decision button, else the numbered (cut) button, else the first playable hand
    card. Returns what was clicked, or None when it is not our turn (or ``unless``, a selector,
    matches: the decision a test is waiting for has come). ``seen``: the table version the
    caller looked at before this step; when the table has moved on since, nothing is clicked
    (the caller looks at the new table first)."""
    st, overlay = look(page)
    if st.get("toMove") != "1" or "version" not in st or overlay:
        return None  # not our turn, or the table is still being drawn
    if seen is not None and st["version"] != seen:
        return None
    if unless and page.locator(unless).count():
        return None
    version = st["version"]
    try:
        what = _click_one(page, prefer)
    except PlaywrightTimeoutError:
        # the control counted a moment ago went away before the click (the table moved on:
        # an update arrived in between); the caller looks again
        return None
    if what is None:
        return None
    wait_for_change(page, version)
    return what


#: How long a click waits for the control it counted (it may have gone with an update).
CLICK_MS = 5000


def _click_one(page: Page, prefer: tuple[str, ...]) -> str | None:
    """Click the control the generic policy takes now (see :func:`step`); what it was, or None."""
    plain = page.locator(PLAIN)
    preferred = [page.locator(f".decisions button.decision[data-action].kind-{k}") for k in prefer]
    preferred = [loc for loc in preferred if loc.count()]
    if preferred:
        what = preferred[0].first.get_attribute("data-action", timeout=CLICK_MS)
        if not preferred[0].first.is_visible():  # a secondary control folded under "more"
            page.locator(".decisions details.more > summary").first.click(timeout=CLICK_MS)
        preferred[0].first.click(timeout=CLICK_MS)
    elif plain.count():
        what = plain.first.get_attribute("data-action", timeout=CLICK_MS)
        plain.first.click(timeout=CLICK_MS)
    elif page.locator(".decisions .numbered button").count():
        what = "numbered"
        page.locator(".decisions .numbered button").first.click(timeout=CLICK_MS)
    elif page.locator(PLAYABLE).count():
        what = "play " + (page.locator(PLAYABLE).first.get_attribute("data-code", timeout=CLICK_MS) or "")
        page.locator(PLAYABLE).first.click(timeout=CLICK_MS)
    else:
        return None
    return what


def play_until(page: Page, done: Any, timeout: float = 90, unless: str | None = None,
               prefer: tuple[str, ...] = (), others: tuple[Page, ...] = ()) -> None:
    """Click decisions until ``done(page)`` is true (never clicking while ``unless`` matches);
    the ``others`` pages (more people at the table) play by the same policy meanwhile."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        # the version first, then ``done``: a step clicks only on the table ``done`` was asked
        # about (an update arriving in between had a test's awaited moment played past; the
        # deal then ran to its end, a settlement open, and the wait timed out)
        st, overlay = look(page)
        seen = st.get("version")
        if done(page):
            return
        moved = [step(o, prefer=prefer) for o in others]
        if step(page, unless, prefer, seen=seen or "") is None and not any(moved):
            # nothing to do here yet: wait in the page for the table to move on (others: each
            # of their pages may have its turn first, so look again soon); ``done`` is asked
            # again at least every 0.3 s, for what it waits for may not move the table
            changed(page, seen, overlay, 0.08 if others else 0.3)
    shown = page.locator(".overlay:not([hidden]) h2").all_inner_texts() if overlay_open(page) else []
    raise AssertionError(f"not done after {timeout} s; table {table_state(page)}"
                         + (f"; overlay open: {shown}" if overlay_open(page) else ""))


def close_settlement(page: Page) -> bool:
    """Close the settlement if one is open (a hand played out, or decided at the deal: about one
    in forty of the server's random deals); True if one was. The policy of :func:`step` never
    clicks under an overlay: a loop of steps must close it."""
    close = page.locator(".overlay:not([hidden]) #settle-close")
    if close.count() and close.first.is_visible():
        close.first.click()
        return True
    return False


def settlement_shown(page: Page) -> bool:
    return page.locator(".overlay:not([hidden]) .settlement, .overlay:not([hidden]) .standings").count() > 0


def past_a_decided_deal(*pages: Page, timeout: float = 30) -> None:
    """People just seated at a random deal: when it was decided at the deal (a chongtong,
    DEAL-7, about one deal in forty), its settlement is open over every table (and a bubble
    said then is drawn atop the dialog with the speaker's name); each page closes it, and
    a chongtong question is answered with its first answer (as :func:`playable`), until no
    page shows either. A test that looks at the bare table calls this first."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        busy = False
        for p in pages:
            st = table_state(p)
            if close_settlement(p):
                busy = True
            elif st.get("stage") == "chongtong":
                busy = True
                if st.get("toMove") == "1" and not overlay_open(p) and p.locator(PLAIN).count():
                    p.locator(PLAIN).first.click()
                    wait_for_change(p, st.get("version", ""))
        if not busy:
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the deal stayed decided: {[table_state(p) for p in pages]}")


def record_frames(page: Page) -> list[dict[str, Any]]:
    """Every JSON frame the page's WebSockets receive, parsed, in order (filled as they come)."""
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        def got(payload: Any) -> None:
            if isinstance(payload, str):
                frames.append(json.loads(payload))

        ws.on("framereceived", got)

    page.on("websocket", on_ws)
    return frames


def seat_token(page: Page, room_id: str) -> Any:
    return page.evaluate(f"() => (JSON.parse(localStorage.getItem('gostop.seats') || '{{}}'))[{json.dumps(room_id)}]")


def room_id_of(page: Page) -> str:
    m = re.search(r"#/room/([^/]+)", page.url)
    assert m, page.url
    return m.group(1)


def quick_play(page: Page, base_url: str, name: str = "Ann") -> str:
    """Quick play vs bots from the lobby; returns the room id."""
    page.goto(base_url + "/")
    page.fill("#player-name", name)
    page.click("#quick-play")
    page.wait_for_selector(".table-page")
    return room_id_of(page)


def my_turn(page: Page, timeout: float = 30) -> None:
    """Wait until this seat must decide (closing a settlement dialog on the way)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator("#settle-close").count():
            page.click("#settle-close")
        st, overlay = look(page)
        if st.get("toMove") == "1" and not overlay:
            return
        changed(page, st.get("version"), overlay, 0.3)
    raise AssertionError(f"never my turn: {table_state(page)}")


def playable(page: Page, timeout: float = 45) -> None:
    """Wait until a card of my hand can be played. A hand decided at the deal (a chongtong,
    about one deal in forty) opens its settlement first: it is closed on the way, and the
    next hand is waited for. When I hold the four cards of a month myself, the chongtong
    question comes to me first: its first answer is clicked (DEAL-7)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        close = page.locator(".overlay:not([hidden]) #settle-close")
        st, overlay = look(page)
        if overlay and close.count() and close.first.is_visible():
            close.first.click()
            changed(page, st.get("version"), True, 2.0)  # (never a second click on a closing dialog)
            continue
        if (st.get("stage") == "chongtong" and st.get("toMove") == "1" and not overlay
                and page.locator(PLAIN).count()):
            page.locator(PLAIN).first.click()
            wait_for_change(page, st.get("version", ""))
            continue
        if not overlay and page.locator(PLAYABLE).count() and page.locator(PLAYABLE).first.is_visible():
            return
        changed(page, st.get("version"), overlay, 0.3)
    raise AssertionError(f"no card of mine became playable: {table_state(page)}")


def hand_codes(page: Page) -> list[str]:
    return list(page.eval_on_selector_all(".myhand .handslot > .card[data-code]", "els => els.map(e => e.dataset.code)"))


def create_room(page: Page, base_url: str, name: str, seats: tuple[str, ...] = ("human", "bot:normal"),
                hands: int = 1, **selects: str) -> str:
    """Create a room from the lobby form (seat 1 is me; ``seats``: the kinds of the others,
    ``selects``: other selects of the form by name, e.g. ``preset="goo-stupe"``); returns its id.

    A deal that ends the match at once (a chongtong in a one-hand match, about one deal in
    forty) leaves nothing to play: such a room is left and another one created."""
    for _ in range(10):
        page.goto(base_url + "/")
        page.fill("#player-name", name)
        page.click("#advanced > summary")  # the room form is under "advanced"
        page.select_option("#create select[name=seat-count]", str(len(seats)))
        for i, kind in enumerate(seats[1:], start=1):
            page.select_option(f"#create select[name=seat-{i}]", kind)
        for field, value in selects.items():
            page.select_option(f"#create select[name={field.replace('_', '-')}]", value)
        page.fill("#create input[name=hands]", str(hands))
        page.click("#create-room")
        page.wait_for_selector(".table-page, .waiting")
        page.wait_for_function("() => document.querySelector('.waiting') || document.querySelector('.table-page[data-phase]')")
        state = table_state(page)
        if not (state.get("phase") == "over" and state.get("version") == "0"):
            return room_id_of(page)
    raise AssertionError("ten rooms in a row ended at the deal")
