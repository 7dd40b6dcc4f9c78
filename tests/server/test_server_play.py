"""Playing over the table socket: a whole match, the protocol's refusals, reconnecting, absence."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from serverproc import Server, TableClient, create_room, human_pair_room, join, play_out
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from gostop.match import replay_match


def test_human_and_bot_play_a_whole_match_and_the_record_replays(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=2,
                           join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]
        assert made["room"]["state"] == "playing"

        async def main() -> TableClient:
            ann = await TableClient.open(server.ws_url, room, token=token, name="ann")
            watcher = await TableClient.open(server.ws_url, room, spectate=True, name="watcher")
            await play_out([ann, watcher], random.Random(1))
            await ann.close()
            await watcher.close()
            return ann

        ann = asyncio.run(main())
        assert ann.view is not None and ann.view["over"] is not None
        versions = [m["version"] for m in ann.messages if m["type"] == "update"]
        assert versions == sorted(versions) and len(set(versions)) == len(versions)
        record = http.get(f"/api/rooms/{room}/record").json()
        match = replay_match(record)
        assert match.is_over and len(record["actions"]) == ann.view["version"]
        assert http.get(f"/api/rooms/{room}").json()["state"] == "over"


def test_a_searching_bot_thinks_in_a_worker_process(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "hard"}], hands=1,
                           join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]

    async def main() -> TableClient:
        ann = await TableClient.open(server.ws_url, room, token=token)
        await play_out([ann], random.Random(8), stop_at_version=12, timeout=120)
        await ann.close()
        return ann

    ann = asyncio.run(main())
    bot_moves = [m for m in ann.messages if m["type"] == "update" and m["seat"] == 1]
    assert bot_moves, "the hard bot played"
    import subprocess

    children = subprocess.run(["ps", "-o", "args=", "--ppid", str(server.proc.pid)],  # type: ignore[union-attr]
                              capture_output=True, text=True).stdout
    assert "multiprocessing" in children, f"no worker process under the server: {children!r}"


def test_refusals_keep_the_socket_usable(server: Server) -> None:
    with server.http() as http:
        made, bo = human_pair_room(http, hands=1)
        room = made["room"]["id"]

    async def main() -> None:
        a = await TableClient.open(server.ws_url, room, token=made["token"], name="a")
        b = await TableClient.open(server.ws_url, room, token=bo["token"], name="b")
        spec = await TableClient.open(server.ws_url, room, spectate=True, name="spec")
        assert a.view is not None and b.view is not None
        mover, other = (a, b) if a.view["to_move"] else (b, a)
        assert mover.view is not None and mover.view["to_move"] and not other.view["to_move"]  # type: ignore[index]
        legal = mover.view["legal"][0]["action"]
        v = mover.view["version"]

        async def err(c: TableClient) -> dict:
            return await c.until(lambda m: m["type"] == "error")

        await other.act(legal, v)
        assert (await err(other))["code"] in ("not_your_turn", "illegal_action")
        await mover.act("play 99Z", v)
        assert (await err(mover))["code"] == "illegal_action"
        await mover.act(legal, v + 5)
        assert (await err(mover))["code"] == "stale_version"
        await mover.send({"type": "action", "seq": 1, "version": v, "action": legal})  # seq reused
        assert (await err(mover))["code"] == "duplicate"
        await spec.send({"type": "action", "seq": 1, "version": v, "action": legal})
        assert (await err(spec))["code"] == "spectator"
        for bad, code in [("not json", "bad_json"), ("[1]", "bad_json"), ('{"type": 5}', "bad_message"),
                          ('{"type": "dance", "seq": 3}', "unknown_type"),
                          ('{"type": "action", "seq": "x"}', "bad_message"),
                          ('{"type": "sync", "seq": 1e400}', "bad_message"),
                          (json.dumps({"type": "ping", "seq": 50, "pad": "x" * 5000}), "too_big")]:
            await mover.ws.send(bad)
            got = await err(mover)
            assert got["code"] == code, (bad, got)
            assert "Traceback" not in got["message"]
        # still usable: the action goes through once, its duplicate is refused
        seq = mover.next_seq() + 100
        await mover.send({"type": "action", "seq": seq, "version": v, "action": legal})
        ack = await mover.until(lambda m: m["type"] in ("ack", "error"))
        assert ack == {"type": "ack", "seq": seq, "version": v + 1}
        await mover.send({"type": "action", "seq": seq, "version": v, "action": legal})
        assert (await err(mover))["code"] == "duplicate"
        await mover.send({"type": "action", "seq": seq + 1, "version": v, "action": legal})
        assert (await err(mover))["code"] in ("stale_version",)
        await mover.send({"type": "ping", "seq": seq + 2})
        assert (await mover.until(lambda m: m["type"] == "pong"))["seq"] == seq + 2
        for c in (a, b, spec):
            await c.close()

    asyncio.run(main())
    with server.http() as http:
        # applied exactly once
        rec = http.get(f"/api/rooms/{room}", ).json()
        assert rec["version"] >= 1


def test_bad_hello_token_and_origin_are_refused(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot"}], join={"name": "Ann"}, spectators=False)
        room = made["room"]["id"]

    async def main() -> None:
        with pytest.raises(InvalidStatus) as info:
            await TableClient.open(server.ws_url, room, token=made["token"], origin="http://evil.example")
        assert info.value.response.status_code == 403
        ok = await TableClient.open(server.ws_url, room, token=made["token"], origin=server.url)
        await ok.close()
        for hello, code in [({"type": "hello", "protocol": 1, "token": "nope"}, "bad_token"),
                            ({"type": "hello", "protocol": 1, "spectate": True}, "spectators_off"),
                            ({"type": "hello", "protocol": 2, "spectate": True}, "protocol"),
                            ({"type": "sync", "seq": 1}, "hello_first")]:
            async with connect(f"{server.ws_url}/ws/{room}") as ws:
                await ws.send(json.dumps(hello))
                msg = json.loads(await ws.recv())
                assert msg["type"] == "error" and msg["code"] == code
        async with connect(f"{server.ws_url}/ws/nosuchroom") as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "spectate": True}))
            assert json.loads(await ws.recv())["code"] == "room_unknown"

    asyncio.run(main())


def test_reconnect_resumes_and_absent_player_is_covered_by_a_bot(serve) -> None:  # type: ignore[no-untyped-def]
    server = serve(args=("--bot-delay", "0", "--grace", "1"))
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=1,
                           join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=token)
        await play_out([ann], random.Random(3), stop_at_version=4)
        v = ann.view["version"]  # type: ignore[index]
        await ann.close()
        # back at once: same seat, same version, nobody played for us
        ann2 = await TableClient.open(server.ws_url, room, token=token)
        assert ann2.seat == 0 and ann2.view["version"] >= v  # type: ignore[index]
        assert ann2.view["hand"]["hand"], "own cards are shown again"  # type: ignore[index]
        await ann2.close()
        # away longer than the grace: the standby bot plays our seat
        watcher = await TableClient.open(server.ws_url, room, spectate=True)
        await watcher.until(lambda m: m["type"] == "presence" and m["seat"] == 0 and m["away"], timeout=20)
        await watcher.until(lambda m: m["type"] == "update" and m["seat"] == 0, timeout=20)
        ann3 = await TableClient.open(server.ws_url, room, token=token)
        assert ann3.view is not None
        assert not ann3.view["players"][0]["away"]
        await watcher.until(lambda m: m["type"] == "presence" and m["seat"] == 0 and not m["away"], timeout=10)
        await play_out([ann3], random.Random(4))
        await ann3.close()
        await watcher.close()

    asyncio.run(main())


def test_turn_timer_hands_the_decision_to_a_bot(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=1,
                           turn_seconds=10, join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=token)
        msg = ann.view
        if not (msg and msg["to_move"]):
            await ann.until(lambda m: "view" in m and m["view"]["to_move"])
        assert ann.view is not None and ann.view["deadline"] is not None
        v = ann.view["version"]
        got = await ann.until(lambda m: m["type"] == "update" and m["version"] == v + 1, timeout=25)
        assert got["seat"] == 0  # the bot acted for us when the timer ran out
        await ann.close()

    asyncio.run(main())


def test_a_player_who_comes_back_sees_the_turn_clock(server: Server) -> None:
    # Ann joins but connects only after the 2-second grace period: a bot plays for her
    # meanwhile; when she is back at one of her decisions, her view shows the running clock.
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=100,
                           turn_seconds=30, join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]
        time.sleep(2.3)  # past the grace period
        end = time.monotonic() + 15
        while http.get(f"/api/rooms/{room}").json()["version"] == 0 and time.monotonic() < end:
            time.sleep(0.05)
        assert http.get(f"/api/rooms/{room}").json()["version"] > 0  # a bot played for the absent seat

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=token)
        assert ann.view is not None and ann.view["over"] is None, "the match ended before Ann came back"
        if not ann.view["to_move"]:
            await ann.until(lambda m: "view" in m and m["view"]["to_move"])
        assert ann.view is not None and ann.view["deadline"] is not None, ann.view
        await ann.close()

    asyncio.run(main())


def test_lobby_endpoints(server: Server) -> None:
    with server.http() as http:
        assert http.get("/api/health").json()["protocol"] == 1
        presets = http.get("/api/presets").json()
        assert "pagat" in [p["name"] for p in presets["presets"]] and presets["knobs"]
        assert all(p["description"] for p in presets["presets"])
        # the bot each level plays, as a bot seat carries it (a level added with --level too)
        assert presets["level_specs"]["random"] == "random" and presets["level_specs"]["normal"] == "expert"
        assert set(presets["level_specs"]) == set(presets["levels"])
        bot_room = create_room(http, seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}], name="lv")
        assert bot_room["room"]["seats"][0]["level"] == presets["level_specs"]["random"]
        r = http.post("/api/rooms", json={"seats": [{"kind": "human"}, {"kind": "human"}], "rules": {"no_such_knob": 1}})
        assert r.status_code == 400 and "no_such_knob" in r.json()["detail"]
        r = http.post("/api/rooms", json={"seats": [{"kind": "human"}]})
        assert r.status_code == 422
        r = http.post("/api/rooms", json={"seats": [{"kind": "bot", "level": "wizard"}, {"kind": "human"}]})
        assert r.status_code == 400 and "wizard" in r.json()["detail"]
        # (two hands: a one-hand match could end at the deal, a chongtong, when the last seat joins)
        made = create_room(http, seats=[{"kind": "human"}] * 3, name="three", hands=2)
        room = made["room"]["id"]
        assert made["token"] is None and made["room"]["state"] == "waiting"
        assert room in [x["id"] for x in http.get("/api/rooms", params={"state": "waiting"}).json()["rooms"]]
        a = join(http, room, "Ann")
        b = join(http, room, "Bo", seat=2)
        assert (a["seat"], b["seat"]) == (0, 2)
        assert http.post(f"/api/rooms/{room}/join", json={"name": "Cy", "seat": 2}).status_code == 409
        assert http.get(f"/api/rooms/{room}/record").status_code == 403
        left = http.post(f"/api/rooms/{room}/leave", headers={"Authorization": f"Bearer {b['token']}"})
        assert left.status_code == 200 and not left.json()["room"]["seats"][2]["taken"]
        assert http.post(f"/api/rooms/{room}/leave", headers={"Authorization": "Bearer wrong"}).status_code == 401
        join(http, room, "Cy")
        c = join(http, room, "Di")
        assert c["room"]["state"] == "playing"
        own = http.get(f"/api/rooms/{room}/record", headers={"Authorization": f"Bearer {a['token']}"})
        assert own.status_code == 200 and own.json()["format"] == "gostop-seat-view"
        assert "seed" not in json.dumps(own.json()["view"])
        assert http.post(f"/api/rooms/{room}/join", json={"name": "Late"}).status_code == 409
        # the database keeps only hashes of the seat tokens
        import hashlib

        stored = b"".join(p.read_bytes() for p in server.data_dir.glob("server.sqlite*"))
        for t in (a["token"], c["token"]):
            assert t.encode() not in stored
            assert hashlib.sha256(t.encode()).hexdigest().encode() in stored
        # quick play against bots never takes a seat in somebody's room: a private room of its own
        open_room = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}], join={"name": "You"})["room"]["id"]
        q = http.post("/api/quick", json={"name": "You", "players": 2})
        assert q.status_code == 200 and q.json()["room"]["id"] != open_room, q.text
        assert q.json()["room"]["public"] is False and q.json()["room"]["state"] == "playing"
        assert [s["kind"] for s in q.json()["room"]["seats"]] == ["human", "bot"]
        # no English name for a page to show: the pages title quick rooms from these facts
        assert q.json()["room"]["name"] == "" and q.json()["room"]["quick"] is False
        assert http.get(f"/api/rooms/{open_room}").json()["seats"][1]["taken"] is False
        q = http.post("/api/quick", json={"name": "Quick", "players": 3, "level": "easy"})
        assert q.status_code == 200 and q.json()["room"]["state"] == "playing"
        # play with people: a queue per preset and table size; a room made in the lobby is never filled
        p1 = http.post("/api/quick", json={"name": "Ann", "players": 3, "mode": "people"}).json()
        assert p1["room"]["id"] != open_room and p1["room"]["state"] == "waiting" and p1["seat"] == 0
        assert p1["room"]["name"] == "" and p1["room"]["quick"] is True
        assert http.get(f"/api/rooms/{open_room}").json()["quick"] is False
        other = http.post("/api/quick", json={"name": "Cy", "players": 2, "mode": "people"}).json()
        assert other["room"]["id"] != p1["room"]["id"]  # another size, another queue
        p2 = http.post("/api/quick", json={"name": "Bo", "players": 3, "mode": "people"}).json()
        p3 = http.post("/api/quick", json={"name": "Di", "players": 3, "mode": "people"}).json()
        assert p2["room"]["id"] == p3["room"]["id"] == p1["room"]["id"]
        assert (p2["seat"], p3["seat"]) == (1, 2) and p3["room"]["state"] in ("playing", "over")
        assert http.post("/api/quick", json={"level": "search:steps=10000000"}).status_code == 400
        assert http.get("/api/rooms/zzzz").status_code == 404
        big = http.post("/api/rooms", content=b"{" + b" " * 20000 + b"}", headers={"content-type": "application/json"})
        assert big.status_code == 413


def test_rooms_per_address_are_capped(serve) -> None:  # type: ignore[no-untyped-def]
    server = serve(args=("--bot-delay", "0", "--max-rooms-per-client", "2"))
    with server.http() as http:
        for _ in range(2):
            create_room(http, seats=[{"kind": "human"}, {"kind": "human"}])
        r = http.post("/api/rooms", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 429 and "too many" in r.json()["detail"]


def test_connections_per_address_are_capped(serve) -> None:  # type: ignore[no-untyped-def]
    server = serve(args=("--bot-delay", "0", "--max-connections-per-client", "2"))
    with server.http() as http:
        room = create_room(http, seats=[{"kind": "human"}, {"kind": "bot"}])["room"]["id"]

    async def main() -> None:
        a = await TableClient.open(server.ws_url, room, spectate=True)
        b = await TableClient.open(server.ws_url, room, spectate=True)
        with pytest.raises(InvalidStatus):
            await TableClient.open(server.ws_url, room, spectate=True)
        await a.close()
        await asyncio.sleep(0.3)
        c = await TableClient.open(server.ws_url, room, spectate=True)
        for x in (b, c):
            await x.close()

    asyncio.run(main())


def test_cli_usage_errors() -> None:
    import subprocess
    import sys

    from cli_support import gostop

    # Options refused before anything starts: in process (a `gostop serve` process costs a
    # second or more of CPU on a small machine).
    for args, words in ((["--port", "0"], "--port"), (["--db", "mysql://x"], "--db"),
                        (["--grace", "-1"], "--grace")):
        assert words in gostop("serve", *args).error_line()
    # A database or a Redis that cannot be reached: found when the server starts.
    for args in (["--db", "postgresql+psycopg://nobody@127.0.0.1:1/x"],
                 ["--redis", "redis://127.0.0.1:1/0", "--db", "sqlite:///:memory:"]):
        p = subprocess.run([sys.executable, "-m", "gostop", "serve", *args], capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and p.stderr.startswith("error: ") and "Traceback" not in p.stderr


