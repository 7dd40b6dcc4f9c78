"""Random and hostile WebSocket messages: each gets an error, the socket stays usable, no state
changes except through a legal action of the seat to move."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverproc import Server, TableClient, human_pair_room
from websockets.exceptions import ConnectionClosed

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_message = st.one_of(
    _json,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["action", "sync", "ping", "hello", "nope", 3])},
        optional={"seq": st.one_of(st.integers(-5, 2**60), st.text(max_size=3), st.none()),
                  "version": st.one_of(st.integers(-3, 10**6), st.floats(allow_nan=False), st.text(max_size=3)),
                  "action": st.one_of(st.text(max_size=30), st.sampled_from(["go", "stop", "play 01B", "stay"]), st.integers()),
                  "token": st.text(max_size=10)},
    ),
)


def test_fuzzed_messages_are_answered_and_change_nothing(server: Server) -> None:
    sent: list[Any] = []

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(_message, min_size=1, max_size=8), st.randoms(use_true_random=False))
    def check(batch: list[Any], rnd: random.Random) -> None:
        sent.extend(batch)

    check()
    raw_extra = ["", "{", "\x00", "9" * 5000, "[" * 3000 + "]" * 3000, '{"type":"action","seq":1e999}']
    # the room once the messages are drawn, just before its two people connect: on a slow machine
    # the drawing outlasted the server's 2-second grace, and the bots that stand in for people who
    # are not there played the match to its end
    with server.http() as http:
        made, bo = human_pair_room(http, hands=3)
        room = made["room"]["id"]

    async def main() -> None:
        a = await TableClient.open(server.ws_url, room, token=made["token"])
        b = await TableClient.open(server.ws_url, room, token=bo["token"])
        assert a.view is not None and b.view is not None
        start_version = a.view["version"]
        assert a.view["current_seat"] in (0, 1), a.view
        mover, other = (a, b) if a.view["current_seat"] == a.seat else (b, a)
        assert mover.view is not None and mover.view["to_move"] and mover.view["legal"], mover.view
        frames = [json.dumps(m) for m in sent] + raw_extra
        # the seat not to move sends everything, including real legal actions of the mover
        legal = [x["action"] for x in mover.view["legal"]]  # type: ignore[index]
        frames += [json.dumps({"type": "action", "seq": 10**9 + i, "version": start_version, "action": x}) for i, x in enumerate(legal)]
        frames += [json.dumps({"type": "action", "seq": 10**9 + 100, "version": start_version + 1, "action": legal[0]})]
        answered = 0
        for i in range(0, len(frames), 30):  # under the rate limit
            for f in frames[i:i + 30]:
                await other.ws.send(f)
                msg = await other.until(lambda m: m["type"] != "presence", 10)
                assert msg["type"] in ("error", "pong", "state"), msg
                if msg["type"] == "error":
                    assert msg["code"] and msg["message"] and "Traceback" not in msg["message"]
                answered += 1
            await asyncio.sleep(1.6)
        assert answered == len(frames)
        await other.send({"type": "sync", "seq": 2**52})
        state = await other.until(lambda m: m["type"] == "state")
        assert state["version"] == start_version, "nothing was applied"
        # a binary frame and a flood: errors, and the socket survives
        await other.ws.send(b"\x01\x02")
        assert (await other.until(lambda m: m["type"] != "presence", 10))["code"] == "bad_message"
        # a flood: rate_limited errors, then (more than 40 refused before the client slows down)
        # a close frame saying why; 150 messages, so that a busy server that reads them slowly
        # (its bucket refilling meanwhile) still refuses more than 40
        for _ in range(150):
            await other.ws.send(json.dumps({"type": "ping", "seq": 2**52 + 1}))
        codes = set()
        closed: ConnectionClosed | None = None
        try:
            for _ in range(150):
                codes.add((await other.until(lambda m: m["type"] != "presence", 10)).get("code"))
        except ConnectionClosed as exc:
            closed = exc
        assert "rate_limited" in codes
        assert closed is not None and closed.rcvd is not None, "a flooding client is closed"
        assert closed.rcvd.code == 4429 and "too many messages" in closed.rcvd.reason
        await asyncio.sleep(2.5)
        await mover.act(legal[0], start_version)
        ack = await mover.until(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["version"] == start_version + 1
        for c in (a, b):
            await c.close()

    asyncio.run(main())
