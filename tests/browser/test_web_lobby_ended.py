"""The lobby's finished matches say when each ended, short and relative, in the page's language
("ended 5 min ago" / "5분 전에 끝남", "ended yesterday" / "어제 끝남", a date beyond a week), the
match that ended last first; a match that ended before the server kept the time says nothing of
it and comes last. The page's clock is fixed (Playwright's clock) so the texts do not depend on
how long the test takes."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from conftest import GameServer
from playwright.sync_api import Locator, Page, expect


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _room(base_url: str, room_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/api/rooms/{room_id}", timeout=10) as r:
        room: dict[str, Any] = json.loads(r.read())
    return room


def _finished_bots_rooms(base_url: str, names: list[str]) -> list[dict[str, Any]]:
    """Public one-hand matches of two bots, made in this order, once they are over."""
    ids = []
    for name in names:
        ids.append(_post(base_url + "/api/rooms", {"name": name, "seats": [{"kind": "bot", "level": "easy"}] * 2,
                                                  "hands": 1, "public": True})["room"]["id"])
        time.sleep(1.1)  # created_at is to the second: each its own
    deadline = time.time() + 90
    out = []
    for room_id in ids:
        while (room := _room(base_url, room_id))["state"] != "over" or room["ended_at"] is None:
            assert time.time() < deadline, f"the bots' match {room_id} did not end"
            time.sleep(0.3)
        out.append(room)
    return out


def _iso(t: str) -> datetime:
    return datetime.strptime(t, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def _lobby(page: Page, url: str, lang: str) -> Locator:
    """The lobby in ``lang`` with its finished matches unfolded."""
    page.goto(url + "/")
    page.evaluate("(lang) => localStorage.setItem('gostop.lang', lang)", lang)
    page.reload()
    finished = page.locator("#finished-rooms")
    expect(finished).to_be_visible()
    finished.locator("summary").click()
    return finished


def test_a_finished_match_says_when_it_ended_in_english_and_korean(page: Page, base_url: str) -> None:
    (room,) = _finished_bots_rooms(base_url, ["Ended table"])
    ended = _iso(room["ended_at"])
    for after, lang, text in (
        (timedelta(seconds=20), "en", "ended just now"),
        (timedelta(seconds=20), "ko", "방금 끝남"),
        (timedelta(minutes=5, seconds=10), "en", "ended 5 min ago"),
        (timedelta(minutes=5, seconds=10), "ko", "5분 전에 끝남"),
        (timedelta(hours=2, minutes=1), "en", "ended 2 hours ago"),
        (timedelta(hours=2, minutes=1), "ko", "2시간 전에 끝남"),
        (timedelta(hours=30), "en", "ended yesterday"),
        (timedelta(hours=30), "ko", "어제 끝남"),
    ):
        page.clock.set_fixed_time(ended + after)
        row = _lobby(page, base_url, lang).locator(f'li.room[data-room="{room["id"]}"]')
        expect(row).to_be_visible()
        when = row.locator(".meta time.ended")
        expect(when).to_have_text(text)
        assert when.get_attribute("datetime") == room["ended_at"]
        expect(row.locator(".meta")).to_have_text(re.compile(rf" · 2 ?(?:seats|자리) · {text}$"))


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    """A server of its own: the test rewrites when its rooms ended (the shared server's list of
    finished matches stays as the other tests expect it)."""
    server = GameServer(tmp_path_factory.mktemp("lobby-ended"), args=("--bot-delay", "0")).start()
    yield server
    server.stop()


def test_the_finished_matches_are_listed_by_when_they_ended(page: Page, own_server: GameServer) -> None:
    from gostop.server.store import Store, rooms

    made = _finished_bots_rooms(own_server.url, ["A", "B", "C", "D", "E"])
    now = datetime.now(UTC).replace(microsecond=0)
    # made A..E; ended: A 5 min ago, B 3 hours ago, C yesterday, D never recorded, E 10 days ago
    ends = {"A": now - timedelta(minutes=5), "B": now - timedelta(hours=3), "C": now - timedelta(hours=26),
            "D": None, "E": now - timedelta(days=10)}
    store = Store(own_server.db_url)
    try:
        with store.engine.begin() as conn:
            for room in made:
                conn.execute(rooms.update().where(rooms.c.id == room["id"]).values(ended_at=ends[room["name"]]))
    finally:
        store.dispose()
    page.clock.set_fixed_time(now)
    ids = {room["name"]: room["id"] for room in made}
    for lang, texts, date in (
        ("en", ["ended 5 min ago", "ended 3 hours ago", "ended yesterday"], r"^ended on \d{1,2} \w{3} \d{4}$"),
        ("ko", ["5분 전에 끝남", "3시간 전에 끝남", "어제 끝남"], r"^\d{4}년 \d{1,2}월 \d{1,2}일에 끝남$"),
    ):
        finished = _lobby(page, own_server.url, lang)
        rows = finished.locator("li.room")
        expect(rows).to_have_count(5)
        # the server lists them newest made first (E..A); the page, the last ended first
        assert [r.get_attribute("data-room") for r in rows.all()] == [ids[n] for n in "ABCED"]
        for i, text in enumerate(texts):
            expect(rows.nth(i).locator("time.ended")).to_have_text(text)
        expect(rows.nth(3).locator("time.ended")).to_have_text(re.compile(date))
        # each says when it ended in place of the bare "over" ("끝남")
        over = "over" if lang == "en" else "끝남"
        for i in range(4):
            assert not rows.nth(i).locator(".meta").inner_text().endswith(f"· {over}")
        # no end time kept: the row says it is over, and nothing of when
        expect(rows.nth(4).locator("time.ended")).to_have_count(0)
        expect(rows.nth(4).locator(".meta")).to_have_text(re.compile(rf" · {over}$"))
        if lang == "en":
            expect(rows.nth(4).locator(".meta")).not_to_contain_text("ended")
