"""Issue 19, "done when": a whole Matgo match played in the browser with a push (milgi 밀기,
VAR-PUSH) and a nagari carry, on a scripted room (tests/browser/scenarios.py ``STORIES``).

The person stops at once and pushes whenever offered, clicking the page as anyone would: the
push is a decision button in plain words with the stake, the feed says who pushed, the
settlements say the stakes were doubled after the nagari and by the push, and the record the
server keeps shows the same story in its ledger.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from scenarios import HUMAN, MATGO_PUSH
from tableplay import play_until, table_state, wait_for_change


def test_whole_matgo_match_with_a_push_and_a_nagari_carry(page: Page, base_url: str, game_server: Any) -> None:
    room, tokens = game_server.scripted["matgo: push and nagari"]
    page.goto(base_url + "/")
    seats = {room: {"seat": HUMAN, "token": tokens[0]}}
    page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))})")
    page.goto(f"{base_url}/#/room/{room}")
    settlements: list[str] = []
    pushes: list[tuple[str, str]] = []

    def done(p: Page) -> bool:
        box = p.locator(".overlay:not([hidden]) .settlement")
        if box.count():
            if p.locator("#settle-next:visible").count():
                p.click("#settle-next")  # every step shown before reading
                return False
            settlements.append(box.inner_text())
            p.click("#settle-close")
            return False
        if p.locator(".overlay:not([hidden]) .standings").count():
            return True
        push = p.locator(".decisions button.decision.kind-push")
        if push.count():  # the policy's push (scenarios.MATGO_PUSH), clicked here to read it first
            collect = p.locator(".decisions button.decision.kind-collect")
            expect(collect).to_be_visible()
            pushes.append((push.inner_text(), collect.inner_text()))
            version = table_state(p)["version"]
            push.click()
            wait_for_change(p, version)
            expect(p.locator(".feed")).to_contain_text("pushes (milgi): no payment now, the next hand pays ×2")
        return False

    assert MATGO_PUSH.prefer == ("stop", "push")
    play_until(page, done, timeout=240, unless=".decisions button.decision.kind-push", prefer=("stop",))
    # the push and the collect buttons in plain words, with the stake
    assert pushes, "never offered a push"
    push_label, collect_label = pushes[0]
    assert "push: the next hand pays 2 times" in push_label
    assert collect_label.startswith("collect ") and "chips now" in collect_label
    # the ledger the server keeps: a push by this seat, a nagari, its carry and the push paid
    record = page.request.get(f"{base_url}/api/rooms/{room}/record").json()
    ledger = record["ledger"]
    assert any(e.get("pushed") and e["winner"] == HUMAN for e in ledger), ledger
    nagari = next(i for i, e in enumerate(ledger) if e["outcome"] == "nagari")
    carried = next(e for e in ledger[nagari + 1 :] if e["outcome"] == "win")
    assert carried["carry"] == 1
    doubled = next(e for e in ledger if e.get("pushes") and e["outcome"] == "win" and not e.get("pushed"))
    pushed = next(e for e in ledger if e.get("pushed"))
    assert pushed["chips"] == [0, 0] or abs(pushed["chips"][0]) < pushed["pushed"]
    assert doubled["chips"] != [0, 0]
    # and the settlements said so in words
    text = "\n".join(settlements)
    assert "Stakes raised by the nagari 나가리 before" in text
    assert "Pushed stakes" in text
