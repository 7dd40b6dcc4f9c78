"""The end of a hand and "review this hand" (issue #18), in a real Chromium against a real
`gostop serve`: the winner's scoring cards grouped by what they scored, each loser's bak and
payment, chips before and after; the finished hand move by move from its hand record, every
card face up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from tableplay import play_until, shot
from test_web_table import api, bot_room, sit

GO = ".decisions button.decision.kind-go"


def stop_now(page: Page, base_url: str, room: str, token: str) -> dict[str, Any]:
    """Sit in a scripted room, play to my go/stop decision and stop (GOSTOP-2): a won hand.
    Returns the finished hand as the server sent it (``view.last_hand`` of my seat)."""
    sit(page, base_url, room, 0, token)
    play_until(page, lambda p: p.locator(GO).count() > 0, timeout=90, unless=GO)
    page.click(".decisions button.decision.kind-stop")
    page.wait_for_selector(".overlay:not([hidden]) .settlement")
    own = page.request.get(f"{base_url}/api/rooms/{room}/record", headers={"Authorization": f"Bearer {token}"})
    assert own.ok, own.text()
    last: dict[str, Any] = own.json()["view"]["last_hand"]
    return last


def test_settlement_shows_scoring_cards_by_item_losers_bak_and_chips_before_after(page: Page, base_url: str,
                                                                                   game_server: Any, artifacts: Path) -> None:
    room, tokens = game_server.scripted["table: stop"]
    # the facts the page was sent (SCORE-1..6 items with their cards, PAY-6 per loser)
    last = stop_now(page, base_url, room, tokens[0])
    assert last["score_items"] and last["losers"], last
    items = page.locator(".overlay .settlement .scoreitem")
    expect(items).to_have_count(len(last["score_items"]))
    for i, item in enumerate(last["score_items"]):
        el = items.nth(i)
        assert el.get_attribute("data-item") == item["item"]
        assert el.locator(".card[data-code]").evaluate_all("els => els.map(e => e.dataset.code)") == item["cards"]
        label = el.locator("small").inner_text()
        assert str(item["points"]) in label and not any(c in label for c in item["cards"]), label  # names, not codes
    losers = page.locator(".overlay .settlement .loser")
    expect(losers).to_have_count(len(last["losers"]))
    for i, lo in enumerate(last["losers"]):
        text = losers.nth(i).inner_text()
        assert str(lo["pays"]) in text, text
        assert losers.nth(i).locator(".bakstamp").count() == len(lo["bak"])
    # chips before -> after from the match ledger, for every seat
    page.wait_for_selector(".overlay .handchips:not([hidden]) .chipline")
    view = api(page, base_url, "GET", f"/api/rooms/{room}")
    lines = page.locator(".overlay .handchips .chipline")
    expect(lines).to_have_count(len(view["seats"]))
    for i in range(len(view["seats"])):
        before = int(lines.nth(i).get_attribute("data-before") or "x")
        after = int(lines.nth(i).get_attribute("data-after") or "x")
        assert after - before == last["ledger"]["chips"][i]
        assert f"{before} → {after}" in lines.nth(i).inner_text()
    shot(page, artifacts / "end-of-hand.png")


def test_review_steps_through_the_hand_record_with_every_card_face_up(page: Page, base_url: str, game_server: Any,
                                                                     artifacts: Path) -> None:
    room, tokens = game_server.scripted["table: review"]
    deal = stop_now(page, base_url, room, tokens[0])["deal"]
    # what the page asks for: the finished hand, from the server (the seat token)
    with page.expect_response(lambda r: f"/api/rooms/{room}/hands/{deal}" in r.url) as got:
        page.click("#review-hand")
    review = got.value.json()
    assert got.value.status == 200 and review["steps"]
    expect(page.locator(".review .counter")).to_contain_text(f"Move 1 of {len(review['steps']) + 1}")
    # the deal: every hand face up, the opponent's too, and no card back anywhere
    start = review["start"]
    shown = page.locator(".record-review .card[data-code]").evaluate_all("els => els.map(e => e.dataset.code)")
    assert sorted(shown) == sorted([c for h in start["hands"] for c in h] + start["layout"])
    assert page.locator(".record-review .card.back").count() == 0
    opponent = page.locator('.record-review .rv-seat[data-seat="1"] .rv-hand .card[data-code]')
    expect(opponent).to_have_count(len(start["hands"][1]))
    # each move: the table after it
    for i, step in enumerate(review["steps"][:6]):
        page.click("#review-next")
        expect(page.locator(".review .counter")).to_contain_text(f"Move {i + 2} of")
        layout = page.locator(".record-review .rv-field .card[data-code]").evaluate_all("els => els.map(e => e.dataset.code)")
        assert layout == step["table"]["layout"], (i, step["text"])
    shot(page, artifacts / "hand-review.png")
    assert page.locator(".record-review .card.fresh").count() > 0 or review["steps"][5]["text"].startswith(("go", "stop"))
    while not page.locator("#review-next").is_disabled():
        page.click("#review-next")
    expect(page.locator(".final-hands")).to_be_visible()
    page.click("#review-close")
    expect(page.locator(".overlay .settlement")).to_be_visible()


def test_hand_review_is_refused_for_the_hand_in_play(page: Page, base_url: str) -> None:
    """The hand being played is never sent face up, even to a seated player (409)."""
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 2, "public": False,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": {"name": "Ann"}}
    for _ in range(20):  # a match decided at the deal (a chongtong twice) has no hand in play
        res = api(page, base_url, "POST", "/api/rooms", body)
        auth = {"Authorization": f"Bearer {res['token']}"}
        own = page.request.get(f"{base_url}/api/rooms/{res['room']['id']}/record", headers=auth).json()
        if own.get("format") == "gostop-seat-view" and own["view"]["hand"] is not None:
            break
    playing = own["view"]["match"]["deal"]
    got = page.request.get(f"{base_url}/api/rooms/{res['room']['id']}/hands/{playing}", headers=auth)
    assert got.status == 409, got.text()
    assert json.loads(got.text()) == {"detail": json.loads(got.text())["detail"], "code": "hand_in_play"}


def test_the_match_record_downloads_from_the_table(page: Page, base_url: str) -> None:
    """The record is a button of the table itself (the side panel), not only of the settlement:
    during the match it is my seat's own view and the finished hands (no hidden card)."""
    room = bot_room(page, base_url, 2)
    if not page.locator("#download-record-side").is_visible():
        page.click("#side-toggle")
    with page.expect_download() as dl:
        page.click("#download-record-side")
    record = json.loads(Path(dl.value.path()).read_text())
    assert record["format"] == "gostop-seat-view" and record["room"] == room and record["seat"] == 0
    assert dl.value.suggested_filename == f"gostop-{room}.json"
