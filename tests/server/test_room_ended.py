"""When a room's match ended: the store records it (``rooms.ended_at``, UTC, once), the room
and the room list say it (``ended_at``, ISO 8601 UTC, only for a finished room) and the list of
finished rooms is ordered by it, newest first, the rooms without one (ended before the store
kept it) last. On a real SQLite file and a real PostgreSQL database, through the store and
through real ``gostop serve`` processes."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from serverproc import Server, need_service, postgres_database, postgres_ok

from gostop.server.store import Store, actions, rooms

ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a SQLite file of this test, or a PostgreSQL database dropped after."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ended.sqlite'}"
        return
    need_service("PostgreSQL", postgres_ok())
    with postgres_database() as url:
        yield url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    s.migrate()
    yield s
    s.dispose()


def _room(store: Store, room_id: str, state: str = "playing") -> None:
    store.create_room(room_id, {"seats": [{}, {}]}, 7, True, "tester", state)


def _set_ended(store: Store, room_id: str, ended: datetime | None) -> None:
    with store.engine.begin() as conn:
        conn.execute(rooms.update().where(rooms.c.id == room_id).values(ended_at=ended))


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


def test_a_room_that_ends_records_when_once(store: Store) -> None:
    _room(store, "r1")
    assert store.commit_action("r1", 0, 0, "play 01B", "playing")
    assert store.commit_action("r1", 1, 1, "play 02B", "playing")
    row = store.get_room("r1")
    assert row is not None and row.ended_at is None  # playing: no end yet
    time.sleep(0.05)
    ended = store.set_state("r1", "over", '{"record": 1}')
    # the end is when the last action was committed (the record may be written later)
    with store.engine.connect() as conn:
        last = conn.execute(sa.select(sa.func.max(actions.c.created_at)).where(actions.c.room_id == "r1")).scalar_one()
    assert ended is not None and ended.tzinfo is not None
    assert _utc(ended) == _utc(last)
    row = store.get_room("r1")
    assert row is not None and row.state == "over" and row.ended_at is not None
    assert _utc(row.ended_at) == _utc(last)
    assert abs(datetime.now(UTC) - _utc(row.ended_at)) < timedelta(minutes=1)
    # the record written again (the maintenance task, another process) keeps the first end
    time.sleep(0.05)
    assert store.set_state("r1", "over", '{"record": 2}') == ended
    # a match decided at the deal (no action): ended when its record is written
    _room(store, "r2")
    before = datetime.now(UTC) - timedelta(seconds=1)
    ended2 = store.set_state("r2", "over", "{}")
    assert ended2 is not None and before <= _utc(ended2) <= datetime.now(UTC) + timedelta(seconds=1)
    # an action committed as the end of the match records it too
    _room(store, "r3")
    assert store.commit_action("r3", 0, 0, "play 01B", "over", "{}")
    row3 = store.get_room("r3")
    assert row3 is not None and row3.ended_at is not None
    # a room not over has none, whatever else changes
    _room(store, "r4", "waiting")
    store.set_state("r4", "playing")
    assert store.get_room("r4").ended_at is None  # type: ignore[union-attr]


def test_finished_rooms_are_listed_by_their_end_newest_first(store: Store) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    for i in range(4):  # made in this order: a, b, c, d (the plain list: d, c, b, a)
        _room(store, "abcd"[i])
        store.set_state("abcd"[i], "over", "{}")
        time.sleep(0.02)
    _set_ended(store, "a", now - timedelta(minutes=5))  # made first, ended last
    _set_ended(store, "b", now - timedelta(days=2))
    _set_ended(store, "c", None)  # ended before the store kept the time
    _set_ended(store, "d", now - timedelta(hours=3))
    _room(store, "live")
    assert [r.id for r in store.list_rooms("over", 10)] == ["a", "d", "b", "c"]
    assert [r.id for r in store.list_rooms("over", 2)] == ["a", "d"]
    assert [r.id for r in store.list_rooms(None, 10)] == ["live", "d", "c", "b", "a"]  # by creation
    # a lobby's next page: the same order, the first rows skipped in the query
    assert [r.id for r in store.list_rooms("over", 2, offset=2)] == ["b", "c"]
    assert [r.id for r in store.list_rooms("over", 10, offset=3)] == ["c"]
    assert store.list_rooms("over", 10, offset=4) == []
    assert [r.id for r in store.list_rooms(None, 2, offset=1)] == ["d", "c"]
    a = store.get_room("a")
    assert a is not None and a.ended_at is not None and _utc(a.ended_at) == now - timedelta(minutes=5)


def _bots_room(http: Any, name: str) -> dict[str, Any]:
    res = http.post("/api/rooms", json={"name": name, "seats": [{"kind": "bot", "level": "random"}] * 2,
                                        "hands": 1, "public": True})
    assert res.status_code == 201, res.text
    room: dict[str, Any] = res.json()["room"]
    return room


def _wait_over(http: Any, room_id: str) -> dict[str, Any]:
    deadline = time.time() + 90
    while True:
        room: dict[str, Any] = http.get(f"/api/rooms/{room_id}").json()
        if room["state"] == "over" and room["ended_at"] is not None:
            return room
        assert time.time() < deadline, f"the bots' match did not end: {room['state']}"
        time.sleep(0.2)


def test_the_server_says_when_a_room_ended_and_lists_the_last_ended_first(
        serve: Callable[..., Server], db_url: str, tmp_path: Path) -> None:
    server = serve(db=db_url)
    with server.http() as http:
        waiting = http.post("/api/rooms", json={"name": "Open", "seats": [{"kind": "human"}, {"kind": "human"}],
                                                "public": True}).json()["room"]
        assert waiting["ended_at"] is None
        first = _bots_room(http, "First")
        second = _bots_room(http, "Second")
        # (a one-hand match of random bots may be over before the answer is written: a room
        # says an end time exactly when it is over)
        assert (first["ended_at"] is None) == (first["state"] != "over"), first
        done = [_wait_over(http, r["id"]) for r in (first, second)]
        for room in done:
            assert ISO_UTC.match(room["ended_at"]) and ISO_UTC.match(room["created_at"]), room
            assert room["created_at"] <= room["ended_at"] <= datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        # the same time in the list, and in the store (when the last action was committed)
        listed = {r["id"]: r for r in http.get("/api/rooms", params={"state": "over"}).json()["rooms"]}
        assert {r["id"]: r["ended_at"] for r in done} == {i: listed[i]["ended_at"] for i in (first["id"], second["id"])}
        inspect = Store(db_url)
        try:
            for room in done:
                with inspect.engine.connect() as conn:
                    last = conn.execute(sa.select(sa.func.max(actions.c.created_at))
                                        .where(actions.c.room_id == room["id"])).scalar_one()
                # no action at all: a match decided at the deal (about one deal in forty; the
                # server draws the seed): it ended when its record was written (the store's test)
                if last is not None:
                    assert room["ended_at"] == _utc(last).strftime("%Y-%m-%dT%H:%M:%SZ")
            # the first room made ended last: listed first among the finished ones (not among all)
            now = datetime.now(UTC).replace(microsecond=0)
            _set_ended(inspect, first["id"], now - timedelta(minutes=1))
            _set_ended(inspect, second["id"], now - timedelta(hours=1))
            over = http.get("/api/rooms", params={"state": "over"}).json()["rooms"]
            assert [r["id"] for r in over] == [first["id"], second["id"]]
            assert over[0]["ended_at"] == (now - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
            every = [r["id"] for r in http.get("/api/rooms").json()["rooms"]]
            assert every == [second["id"], first["id"], waiting["id"]]
            # a room that ended before the server kept the time: no ended_at, listed last
            _set_ended(inspect, first["id"], None)
            over = http.get("/api/rooms", params={"state": "over"}).json()["rooms"]
            assert [(r["id"], r["ended_at"] is None) for r in over] == [(second["id"], False), (first["id"], True)]
            assert http.get(f"/api/rooms/{first['id']}").json()["ended_at"] is None
        finally:
            inspect.dispose()
