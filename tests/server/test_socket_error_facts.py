"""The table's ``error`` messages carry the facts their sentence names beside ``code``
(docs/protocol.md, ``error``; gostop.server.protocol.ERROR_FACTS): whose decision it is, the
move refused, the field at fault, the size limit, the last seq taken, so that a page says the
refusal in its own language without reading the English ``message``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import TypeAdapter
from serverproc import Server, TableClient, human_pair_room

from gostop.server.messages import ServerMessage
from gostop.server.protocol import ERROR_FACTS, MAX_MESSAGE_BYTES, error_message


def test_socket_errors_carry_their_facts(server: Server) -> None:
    with server.http() as http:
        made, bo = human_pair_room(http, hands=1)
        room = made["room"]["id"]

    async def main() -> list[dict[str, Any]]:
        a = await TableClient.open(server.ws_url, room, token=made["token"], name="a")
        b = await TableClient.open(server.ws_url, room, token=bo["token"], name="b")
        assert a.view is not None and b.view is not None
        mover, other = (a, b) if a.view["to_move"] else (b, a)
        assert mover.view is not None
        legal = mover.view["legal"][0]["action"]
        v = mover.view["version"]
        got: list[dict[str, Any]] = []

        async def err(c: TableClient) -> dict[str, Any]:
            e: dict[str, Any] = await c.until(lambda m: m["type"] == "error")
            got.append(e)
            return e

        await other.act(legal, v)
        e = await err(other)
        assert e["code"] == "not_your_turn" and e["seat"] == mover.view["seat"], e
        await mover.act("stop now please", v)
        e = await err(mover)
        assert e["code"] == "illegal_action" and e["action"] == "stop now please", e
        last = mover.next_seq()
        await mover.send({"type": "ping", "seq": last + 10})
        await mover.until(lambda m: m["type"] == "pong")
        await mover.send({"type": "ping", "seq": last + 1})
        e = await err(mover)
        assert e["code"] == "duplicate" and e["last_seq"] == last + 10, e
        for bad, code, facts in [
            ('{"type": "action", "seq": "x"}', "bad_message", {"field": "seq"}),
            ('{"type": "action", "seq": 900, "version": 1}', "bad_message", {"field": "action"}),
            (json.dumps({"type": "ping", "seq": 950, "pad": "x" * 5000}), "too_big", {"limit": MAX_MESSAGE_BYTES}),
        ]:
            await mover.ws.send(bad)
            e = await err(mover)
            assert e["code"] == code and {k: e.get(k) for k in facts} == facts, (bad, e)
        for c in (a, b):
            await c.close()
        return got

    for message in asyncio.run(main()):
        TypeAdapter(ServerMessage).validate_python(message)  # the documented shape
        assert set(message) - {"type", "seq", "code", "message", "version"} <= set(ERROR_FACTS.get(message["code"], ())), message


def test_a_code_alone_is_still_an_error_message() -> None:
    """Facts are extra: an error without them keeps its old shape (old pages say it by code)."""
    assert error_message("not_your_turn", "it is seat 1's decision, not yours", 3, 7) == {
        "type": "error", "seq": 3, "code": "not_your_turn", "message": "it is seat 1's decision, not yours", "version": 7}
    assert error_message("illegal_action", "x", 1, action=None) == {"type": "error", "seq": 1, "code": "illegal_action", "message": "x"}
