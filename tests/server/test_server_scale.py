"""PostgreSQL and several processes: one database, one Redis, two `gostop serve` processes."""

from __future__ import annotations

import asyncio
import json
import random
import re

from serverproc import (
    REDIS_URL,
    Server,
    TableClient,
    create_room,
    join,
    play_out,
)

from gostop.match import replay_match


def test_postgres_whole_match_crash_and_replay(serve, pg_url: str) -> None:  # type: ignore[no-untyped-def]
    server: Server = serve(db=pg_url)
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=2, join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]
    rng = random.Random(2)

    async def part(stop: int | None) -> TableClient:
        c = await TableClient.open(server.ws_url, room, token=token)
        await play_out([c], rng, stop_at_version=stop)
        await c.close()
        return c

    first = asyncio.run(part(8))
    server.kill9()
    server.start()
    second = asyncio.run(part(None))
    assert second.messages[0]["view"]["version"] >= first.view["version"]  # type: ignore[index]
    with server.http() as http:
        record = http.get(f"/api/rooms/{room}/record").json()
    assert replay_match(record).is_over and len(record["actions"]) == second.view["version"]  # type: ignore[index]


def test_two_processes_one_database_one_redis(serve, pg_url: str, redis_prefix: str) -> None:  # type: ignore[no-untyped-def]
    args = ("--bot-delay", "0", "--grace", "5", "--redis-prefix", redis_prefix)
    a_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="a")
    b_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="b")
    with a_srv.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
                           hands=2, join={"name": "Ann"})
        room = made["room"]["id"]
    with b_srv.http() as http:
        bo = join(http, room, "Bo")  # joined through the other process
        assert bo["room"]["state"] == "playing"

    async def main() -> tuple[TableClient, TableClient, TableClient]:
        ann = await TableClient.open(a_srv.ws_url, room, token=made["token"], name="ann@A")
        bob = await TableClient.open(b_srv.ws_url, room, token=bo["token"], name="bo@B", lang="ko")
        spec = await TableClient.open(b_srv.ws_url, room, spectate=True, name="spec@B")
        # the seat to move acts through both processes at once: exactly one is applied
        mover_token = made["token"] if ann.view["current_seat"] == 0 else bo["token"]  # type: ignore[index]
        if ann.view["current_seat"] in (0, 1):  # type: ignore[index]
            twin_a = await TableClient.open(a_srv.ws_url, room, token=mover_token)
            twin_b = await TableClient.open(b_srv.ws_url, room, token=mover_token)
            v = twin_a.view["version"]  # type: ignore[index]
            act = twin_a.view["legal"][0]["action"]  # type: ignore[index]
            await asyncio.gather(twin_a.act(act, v), twin_b.act(act, v))
            replies = [await t.until(lambda m: m["type"] in ("ack", "error")) for t in (twin_a, twin_b)]
            assert sorted(r["type"] for r in replies) == ["ack", "error"], replies
            assert [r for r in replies if r["type"] == "error"][0]["code"] in ("stale_version", "conflict")
            await twin_a.close()
            await twin_b.close()
        await play_out([ann, bob, spec], random.Random(7), timeout=120)
        for c in (ann, bob, spec):
            await c.close()
        return ann, bob, spec

    ann, bob, spec = asyncio.run(main())
    with a_srv.http() as http:
        record = http.get(f"/api/rooms/{room}/record").json()
    assert replay_match(record).is_over
    final = len(record["actions"])
    for c in (ann, bob, spec):
        assert c.view is not None and c.view["over"] is not None and c.view["version"] == final, c.name
        got = {m["version"]: m["action"] for m in c.messages if m["type"] == "update"}
        for v, a in got.items():
            assert record["actions"][v - 1] == a
        # every action after the client joined reached it, whichever process applied it
        first = min(got)
        assert set(got) == set(range(first, final + 1)), f"{c.name} missed updates"
    assert "seed" not in json.dumps(spec.messages)
    # the language is the connection's: Bo (Korean, process B) reads the actions applied by
    # either process in Korean, Ann (process A) in English
    hangul = re.compile(r"[\uac00-\ud7a3]")
    bo_lines = [e["text"] for m in bob.messages if m["type"] == "update" for e in m["events"] if e["text"]]
    ann_lines = [e["text"] for m in ann.messages if m["type"] == "update" for e in m["events"] if e["text"]]
    assert bo_lines and all(hangul.search(t) for t in bo_lines)
    assert ann_lines and not any(hangul.search(t) for t in ann_lines)
    # the players stayed connected: neither process handed a seat to a bot
    assert not any(m["type"] == "presence" and m["away"] for c in (ann, bob, spec) for m in c.messages)
