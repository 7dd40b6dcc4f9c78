"""Reconnecting and moving seats (issue 18, defect 10 and item 7, server side): the welcome
brings the room's recent actions, a seat moves to another device with a one-time code (also
across two server processes on PostgreSQL and Redis, where a quick phrase said on one process
reaches the other), and a finished match is followed by a rematch once every human accepted. Real `gostop serve` processes on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from serverproc import REDIS_URL, Server, TableClient, create_room, human_pair_room, join, play_out
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gostop.server.seats import CODE_ALPHABET, MAX_CODE_TRIES, _code_hash, normalize_code
from gostop.server.store import Store, token_hash


async def _closed_with(c: TableClient, timeout: float = 10) -> tuple[int | None, list[dict[str, Any]]]:
    """Read until the server closes the socket: its close code and the messages read."""
    got: list[dict[str, Any]] = []
    try:
        while True:
            got.append(await c.recv(timeout))
    except ConnectionClosed as exc:
        return (exc.rcvd.code if exc.rcvd is not None else None), got


async def _hello_refused(ws_url: str, room: str, token: str) -> int | None:
    """The close code of a socket whose hello carries ``token``."""
    async with connect(f"{ws_url}/ws/{room}") as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        return ws.close_code


# -- recent events in the welcome ---------------------------------------------------------------


def test_the_welcome_brings_the_recent_actions_as_their_updates_told_them(serve: Any) -> None:
    server: Server = serve()
    with server.http() as http:  # (five hands: the match lasts well past 40 actions, whatever the deals)
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], hands=5,
                           join={"name": "Ann"})
    room, token = made["room"]["id"], made["token"]

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=token, name="ann")
        await play_out([ann], random.Random(3), stop_at_version=40, timeout=120)
        seen = {m["version"]: m for m in ann.messages if m["type"] == "update"}
        await ann.close()
        again = await TableClient.open(server.ws_url, room, token=token, name="ann again")
        welcome = again.messages[0]
        recent = welcome["recent"]
        v = welcome["view"]["version"]
        # at version 40, or a match that ended sooner (three short hands once ended it at 38)
        assert (v >= 40 or welcome["view"]["over"] is not None) and v >= 30 and len(recent) == 30, (v, len(recent))
        assert [r["version"] for r in recent] == list(range(v - 29, v + 1))
        for r in recent:
            if r["version"] in seen:  # the same events, seat and action as the update said
                u = seen[r["version"]]
                assert (r["seat"], r["action"], r["events"]) == (u["seat"], u["action"], u["events"])
        assert len([r for r in recent if r["version"] in seen]) >= 20
        spec = await TableClient.open(server.ws_url, room, spectate=True)
        # a spectator's recent shows no private card (deal and draw come without cards)
        for r in spec.messages[0]["recent"]:
            for e in r["events"]:
                if e.get("type") == "hand" and e["event"]["type"] in ("deal", "draw"):
                    assert not e["event"]["cards"]
        await again.close()
        await spec.close()
        return None

    asyncio.run(main())
    # a restarted server rebuilds them from the store
    server.stop()
    server.start()

    async def after() -> None:
        c = await TableClient.open(server.ws_url, room, token=token)
        w = c.messages[0]
        assert [r["version"] for r in w["recent"]][-1] == w["view"]["version"]
        assert len(w["recent"]) == 30 and w["rematch"] is None
        await c.close()

    asyncio.run(after())


# -- move my seat to this device ----------------------------------------------------------------


def test_a_seat_moves_to_another_device_with_a_one_time_code(server: Server) -> None:
    with server.http() as http:
        made, bo = human_pair_room(http, hands=1)
        room = made["room"]["id"]
        assert http.post(f"/api/rooms/{room}/transfer").status_code == 401
        assert http.post(f"/api/rooms/{room}/transfer", headers={"Authorization": "Bearer nope"}).status_code == 401
        r = http.post(f"/api/rooms/{room}/transfer", headers={"Authorization": f"Bearer {made['token']}"})
        assert r.status_code == 201, r.text
        out = r.json()
        assert out["seat"] == 0 and 60 <= out["expires_in"] <= 900
        code = out["code"]
        assert len(code) == 6 and all(ch in CODE_ALPHABET for ch in code)

    async def main() -> str:
        ann = await TableClient.open(server.ws_url, room, token=made["token"], name="ann phone")
        with server.http() as http:
            bad = http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": "12"})
            assert bad.status_code == 400 and "6 letters" in bad.json()["detail"]
            # typed in lower case with a dash: the same code
            r = http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": f"{code[:3].lower()}-{code[3:]}"})
            assert r.status_code == 200, r.text
            moved = r.json()
            assert moved["seat"] == 0 and moved["token"] != made["token"]
            assert moved["room"]["seats"][0]["name"] == "Ann"
            # single use
            again = http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": code})
            assert again.status_code == 403 and "wrong, used or expired" in again.json()["detail"]
        code_close, got = await _closed_with(ann)
        assert code_close == 4410
        assert got[-1]["type"] == "moved" and got[-1]["seat"] == 0
        assert await _hello_refused(server.ws_url, room, made["token"]) == 4401
        laptop = await TableClient.open(server.ws_url, room, token=moved["token"], name="ann laptop")
        assert laptop.seat == 0 and laptop.view is not None and laptop.view["seat"] == 0
        await laptop.close()
        return str(moved["token"])

    new_token = asyncio.run(main())
    with server.http() as http:
        # the new token holds the seat for the lobby too; the old one does not
        assert http.post(f"/api/rooms/{room}/transfer", headers={"Authorization": f"Bearer {made['token']}"}).status_code == 401
        assert http.post(f"/api/rooms/{room}/transfer", headers={"Authorization": f"Bearer {new_token}"}).status_code == 201
        # wrong codes: a few are answered 403, then every pending code of the room is void (429)
        statuses = []
        for i in range(MAX_CODE_TRIES):
            wrong = "".join(random.Random(i).choice(CODE_ALPHABET) for _ in range(6))
            statuses.append(http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": wrong}).status_code)
        assert statuses[:-1] == [403] * (MAX_CODE_TRIES - 1) and statuses[-1] == 429
        assert http.post("/api/rooms/nosuchroom/transfer/redeem", json={"code": "ABCDEF"}).status_code == 404


def test_transfer_codes_expire_and_are_stored_hashed(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.sqlite'}")
    store.migrate()
    store.create_room("r1", {"seats": [{"kind": "human"}, {"kind": "bot"}]}, 1, True, "me", "playing", {0: token_hash("t")})
    code = "ABCDEF"
    store.new_transfer("r1", 0, _code_hash("r1", code), datetime.now(UTC) - timedelta(seconds=1))
    assert store.redeem_transfer("r1", _code_hash("r1", code), token_hash("new"), MAX_CODE_TRIES) == ("wrong", None)
    store.new_transfer("r1", 0, _code_hash("r1", code), datetime.now(UTC) + timedelta(seconds=60))
    with store.engine.connect() as c:
        import sqlalchemy as sa

        kept = c.execute(sa.text("select code_hash from transfers")).scalars().all()
    assert kept and code not in "".join(kept)
    assert _code_hash("r2", code) != _code_hash("r1", code)
    assert store.redeem_transfer("r1", _code_hash("r1", code), token_hash("new"), MAX_CODE_TRIES) == ("ok", 0)
    assert store.seat_of_token("r1", "new") == 0 and store.seat_of_token("r1", "t") is None
    assert normalize_code(" abc def ") == "ABCDEF" and normalize_code("ABCDE0") is None
    # a code of a seat given up since (its token gone) moves nothing
    store.new_transfer("r1", 0, _code_hash("r1", "GHJKLM"), datetime.now(UTC) + timedelta(seconds=60))
    store.update_room("r1", lambda row: (row.config, row.state, {0: None}))
    assert store.redeem_transfer("r1", _code_hash("r1", "GHJKLM"), token_hash("x"), MAX_CODE_TRIES) == ("wrong", None)
    assert store.seat_of_token("r1", "x") is None
    store.dispose()


def test_a_code_from_one_process_is_redeemed_on_another(serve: Any, pg_url: str, redis_prefix: str) -> None:
    args = ("--bot-delay", "0", "--grace", "30", "--redis-prefix", redis_prefix)
    a_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="a")
    b_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="b")
    with a_srv.http() as http:
        made, bo = human_pair_room(http, hands=1)
        room = made["room"]["id"]
        code = http.post(f"/api/rooms/{room}/transfer", headers={"Authorization": f"Bearer {bo['token']}"}).json()["code"]

    async def main() -> None:
        bo_a = await TableClient.open(a_srv.ws_url, room, token=bo["token"], name="bo@A")
        ann_a = await TableClient.open(a_srv.ws_url, room, token=made["token"], name="ann@A")
        with b_srv.http() as http:
            r = http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": code})
            assert r.status_code == 200, r.text
            new = r.json()
        assert new["seat"] == 1
        code_close, got = await _closed_with(bo_a)
        assert code_close == 4410 and got[-1]["type"] == "moved"
        bo_b = await TableClient.open(b_srv.ws_url, room, token=new["token"], name="bo@B")
        assert bo_b.seat == 1
        # Ann's socket on A is untouched, and the table goes on across the two processes
        assert ann_a.view is not None
        mover = ann_a if ann_a.view["to_move"] else bo_b
        assert mover.view is not None
        v = mover.view["version"]
        await mover.act(mover.view["legal"][0]["action"], v)
        other = bo_b if mover is ann_a else ann_a
        await other.until(lambda m: m.get("type") == "update" and m["version"] == v + 1, timeout=15)
        # a quick phrase said on one process reaches the table on the other, both ways (Redis)
        await ann_a.send({"type": "say", "seq": ann_a.next_seq(), "phrase": "thanks"})
        got = await bo_b.until(lambda m: m.get("type") == "said", timeout=15)
        assert got == {"type": "said", "seat": 0, "phrase": "thanks"}, got
        await bo_b.send({"type": "say", "seq": bo_b.next_seq(), "phrase": "good_game"})
        got = await ann_a.until(lambda m: m.get("type") in ("said", "error") and m.get("seat") == 1, timeout=15)
        assert got == {"type": "said", "seat": 1, "phrase": "good_game"}, got
        # the old token is void on both processes
        assert await _hello_refused(b_srv.ws_url, room, bo["token"]) == 4401
        assert await _hello_refused(a_srv.ws_url, room, bo["token"]) == 4401
        for c in (ann_a, bo_b):
            await c.close()

    asyncio.run(main())


# -- rematch ------------------------------------------------------------------------------------


def test_rematch_when_every_human_accepts(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}],
                           hands=1, join={"name": "Ann"})
        room = made["room"]["id"]
        bo = join(http, room, "Bo")
        if bo["room"]["state"] == "over":
            pytest.skip("the one-hand match ended at the deal")  # about one deal in forty

    async def main() -> tuple[str, str, str]:
        ann = await TableClient.open(server.ws_url, room, token=made["token"], name="ann")
        bob = await TableClient.open(server.ws_url, room, token=bo["token"], name="bo")
        spec = await TableClient.open(server.ws_url, room, spectate=True, name="spec")
        if not (ann.view and ann.view["over"]):
            # before the end: refused
            await ann.send({"type": "rematch", "seq": 1000, "accept": True})
            err = await ann.until(lambda m: m["type"] == "error")
            assert err["code"] == "rematch_refused" and "over" in err["message"]
            ann.seq = 1000
            await play_out([ann, bob], random.Random(5), timeout=180)
        await spec.send({"type": "rematch", "seq": 1, "accept": True})
        assert (await spec.until(lambda m: m["type"] == "error"))["code"] == "rematch_refused"

        await ann.send({"type": "rematch", "seq": ann.next_seq(), "accept": True})
        seat_msg = await ann.until(lambda m: m["type"] == "rematch_seat")
        assert seat_msg["seat"] == 0
        for c in (ann, bob, spec):
            st = await c.until(lambda m: m["type"] == "rematch_state")
            assert (st["accepted"], st["declined"], st["waiting"], st["next"]) == ([0], [], [1], None)
        await bob.send({"type": "rematch", "seq": bob.next_seq(), "accept": False})
        st = await ann.until(lambda m: m["type"] == "rematch_state")
        assert (st["accepted"], st["declined"], st["next"]) == ([0], [1], None)
        assert not [m for m in ann.messages if m["type"] == "rematch_seat" and m["seat"] == 1], "a token went to another seat"
        # a reload in between shows the answers so far
        late = await TableClient.open(server.ws_url, room, spectate=True)
        assert late.messages[0]["rematch"] == {"accepted": [0], "declined": [1], "waiting": [], "next": None}
        await late.close()
        # Bo changes his mind: every human accepted, the new room exists
        await bob.send({"type": "rematch", "seq": bob.next_seq(), "accept": True})
        bo_seat = await bob.until(lambda m: m["type"] == "rematch_seat")
        finals = [await c.until(lambda m: m["type"] == "rematch_state" and m["next"] is not None) for c in (ann, bob, spec)]
        nxt = finals[0]["next"]
        assert all(f["next"] == nxt for f in finals) and nxt != room
        assert seat_msg["room"] == nxt and bo_seat["room"] == nxt and bo_seat["seat"] == 1
        assert finals[0]["accepted"] == [0, 1]
        # once the room exists: a decline changes nothing; an accept again brings a fresh token
        await bob.send({"type": "rematch", "seq": bob.next_seq(), "accept": False})
        assert (await bob.until(lambda m: m["type"] == "error"))["code"] == "rematch_refused"
        await ann.send({"type": "rematch", "seq": ann.next_seq(), "accept": True})
        fresh = await ann.until(lambda m: m["type"] == "rematch_seat")
        assert fresh["room"] == nxt and fresh["seat"] == 0 and fresh["token"] != seat_msg["token"]
        assert await _hello_refused(server.ws_url, nxt, seat_msg["token"]) == 4401
        for c in (ann, bob, spec):
            await c.close()
        return nxt, fresh["token"], bo_seat["token"]

    nxt, ann_token, bo_token = asyncio.run(main())
    with server.http() as http:
        info = http.get(f"/api/rooms/{nxt}").json()
        old = http.get(f"/api/rooms/{room}").json()
    assert info["state"] in ("playing", "over")
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == [
        (s["kind"], s["name"], s["level"]) for s in old["seats"]]
    assert (info["hands"], info["preset"], info["rules"], info["public"]) == (old["hands"], old["preset"], old["rules"], old["public"])

    async def seated() -> None:
        a = await TableClient.open(server.ws_url, nxt, token=ann_token)
        b = await TableClient.open(server.ws_url, nxt, token=bo_token)
        assert (a.seat, b.seat) == (0, 1)
        assert await _hello_refused(server.ws_url, nxt, made["token"]) == 4401  # the old room's token
        await a.close()
        await b.close()

    asyncio.run(seated())


def test_rematch_answers_meet_across_two_processes(serve: Any, pg_url: str, redis_prefix: str) -> None:
    args = ("--bot-delay", "0", "--grace", "30", "--redis-prefix", redis_prefix)
    a_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="a")
    b_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="b")
    with a_srv.http() as http:
        made, bo = human_pair_room(http, hands=1)
    room = made["room"]["id"]

    async def main() -> None:
        ann = await TableClient.open(a_srv.ws_url, room, token=made["token"], name="ann@A")
        bob = await TableClient.open(b_srv.ws_url, room, token=bo["token"], name="bo@B")
        await play_out([ann, bob], random.Random(11), timeout=180)
        await ann.send({"type": "rematch", "seq": ann.next_seq(), "accept": True})
        st = await bob.until(lambda m: m["type"] == "rematch_state")
        assert (st["accepted"], st["waiting"]) == ([0], [1])
        await bob.send({"type": "rematch", "seq": bob.next_seq(), "accept": True})
        done_a = await ann.until(lambda m: m["type"] == "rematch_state" and m["next"] is not None, timeout=15)
        done_b = await bob.until(lambda m: m["type"] == "rematch_state" and m["next"] is not None, timeout=15)
        assert done_a["next"] == done_b["next"]
        tok_a = next(m for m in ann.messages if m["type"] == "rematch_seat")
        tok_b = next(m for m in bob.messages if m["type"] == "rematch_seat")
        # each seat's token works on either process
        a2 = await TableClient.open(b_srv.ws_url, done_a["next"], token=tok_a["token"])
        b2 = await TableClient.open(a_srv.ws_url, done_a["next"], token=tok_b["token"])
        assert (a2.seat, b2.seat) == (0, 1)
        for c in (ann, bob, a2, b2):
            await c.close()

    asyncio.run(main())
