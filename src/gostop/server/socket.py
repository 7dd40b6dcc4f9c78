"""The table's WebSocket ``/ws/{room_id}`` (docs/protocol.md): Origin, hello, message loop.

Before the upgrade: the ``Origin`` header must be on the allow-list or be the IP address the
request came to (:meth:`~gostop.server.settings.ServerSettings.origin_allowed`; a client without
one, i.e. not a browser, is let in) and the client address under its connection cap. Then the first
message must be ``hello`` (with a seat token, checked against the stored hashes in constant
time, or ``spectate``; and the language of the connection's texts, ``lang``). Each later message passes the size cap, the connection's token bucket
and the ``seq`` check before :class:`~gostop.server.hub.Hub` sees it. A bad message gets an
``error`` message and the socket stays open; nothing about the server's insides is ever sent.
A client whose hello says ``probes: true`` is sent a ``probe`` when it has been quiet for half of
``quiet_seconds`` and is taken for gone (closed 4408, its seat offline) when nothing at all came
for all of it: a network that went away without a close frame.
Every close frame's reason says why in one sentence (at most 123 bytes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.types import Message

from gostop.server.hub import Connection, Hub
from gostop.server.protocol import (
    CLOSE_CODES,
    CLOSE_FLOOD,
    CLOSE_INTERNAL,
    CLOSE_QUIET,
    CLOSE_RESTART,
    CLOSE_SLOW,
    CLOSE_TOO_MANY,
    ProtocolError,
    error_message,
    parse_client,
)
from gostop.server.store import token_hash

__all__ = ["router", "TokenBucket", "close_reason", "RESTART_REASON", "MAX_REASON_BYTES"]

#: The most a close frame's reason can hold (RFC 6455: 125 bytes of payload, 2 of them the code).
MAX_REASON_BYTES = 123
#: The reason of the close frames sent when the server goes down (close code 1012).
RESTART_REASON = "the server is restarting; reconnect in a moment"

log = logging.getLogger("gostop.server")
router = APIRouter()


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; one message costs one token."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def _send_error(ws: WebSocket, code: str, message: str, seq: int | None = None, **facts: Any) -> None:
    await ws.send_text(json.dumps(error_message(code, message, seq, **facts)))


def close_reason(text: str) -> str:
    """A close frame's reason: one sentence, cut to the 123 bytes a close frame can carry."""
    raw = text.encode("utf-8")
    if len(raw) <= MAX_REASON_BYTES:
        return text
    return raw[:MAX_REASON_BYTES - 3].decode("utf-8", errors="ignore") + "..."


async def _next_message(ws: WebSocket, conn: Connection, quiet: float | None) -> Message | None:
    """The client's next message. With ``quiet`` (a client that answers probes), a ``probe``
    goes to it once nothing has come for half of ``quiet`` seconds, and None comes back once
    nothing has come for all of it: its network is gone (a lost message stays queued for the
    next call: cancelling a receive loses nothing)."""
    if quiet is None:
        return await ws.receive()
    try:
        return await asyncio.wait_for(ws.receive(), quiet / 2)
    except TimeoutError:
        conn.send({"type": "probe"})
    try:
        return await asyncio.wait_for(ws.receive(), quiet / 2)
    except TimeoutError:
        return None


async def _refuse(ws: WebSocket, code: str, message: str, seq: int | None = None, **facts: Any) -> None:
    """An ``error`` message, then the close frame of that error (its reason the same sentence)."""
    await _send_error(ws, code, message, seq, **facts)
    await ws.close(code=CLOSE_CODES.get(code, CLOSE_CODES["hello_first"]), reason=close_reason(message))


@router.websocket("/ws/{room_id}")
async def table_socket(ws: WebSocket, room_id: str) -> None:
    hub: Hub = ws.app.state.hub
    settings = hub.settings
    if not settings.origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
        # before accept: the upgrade is refused with HTTP 403
        await ws.close(code=4403, reason="this page's address may not open the table")
        return
    if hub.closing:  # going down: come back in a moment (to another process, or this one restarted)
        await ws.accept()
        await ws.close(code=CLOSE_RESTART, reason=RESTART_REASON)
        return
    addr = ws.client.host if ws.client is not None else "unknown"
    if not hub.add_connection(addr):
        await ws.close(code=CLOSE_TOO_MANY, reason="too many table sockets from your address")
        return
    try:
        await ws.accept()
        await _serve(ws, hub, room_id, addr)
    except WebSocketDisconnect:
        pass
    except Exception:  # our bug: log it, tell the client only that
        log.exception("socket of room %s failed", room_id)
        try:
            await _send_error(ws, "internal", "the server failed on that; please reconnect")
            await ws.close(code=CLOSE_INTERNAL, reason="the server failed on that; please reconnect")
        except Exception:
            pass
    finally:
        hub.drop_connection(addr)


async def _serve(ws: WebSocket, hub: Hub, room_id: str, addr: str) -> None:
    settings = hub.settings
    try:
        text = await asyncio.wait_for(ws.receive_text(), settings.hello_seconds)
    except TimeoutError:
        await _refuse(ws, "hello_first", f"send hello within {settings.hello_seconds:g} seconds",
                      seconds=settings.hello_seconds)
        return
    except KeyError:  # a binary frame
        text = b""  # type: ignore[assignment]
    try:
        hello = parse_client(text)
        if hello.type != "hello":
            raise ProtocolError("hello_first", "the first message must be hello", hello.seq)
    except ProtocolError as exc:
        await _refuse(ws, exc.code, exc.message, exc.seq, **exc.facts)
        return
    live = await hub.get(room_id) if len(room_id) <= 32 else None
    if live is None:
        await _refuse(ws, "room_unknown", f"there is no room {room_id[:32]!r}", room=room_id[:32])
        return
    await hub.catch_up(live)  # every hello: a lost fan-out message is caught here
    seat: int | None = None
    if hello.token is not None:
        seat = await hub.seat_for(room_id, hello.token)
        if seat is None:
            await _refuse(ws, "bad_token", "that token holds no seat of this room")
            return
    elif not live.room.config.spectators:
        await _refuse(ws, "spectators_off", "this room does not allow spectators")
        return
    async def too_slow() -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=CLOSE_SLOW, reason="too slow: the messages for you piled up; reconnect")

    async def close_with(code: int, reason: str) -> None:
        await ws.close(code=code, reason=close_reason(reason))

    conn = Connection(ws.send_text, seat, addr, on_overflow=too_slow,
                      token_hash=token_hash(hello.token) if hello.token is not None else None, lang=hello.lang)
    conn.on_close = close_with
    conn.start()
    live = await hub.attach(live, conn)  # the room served now (it may have been loaded again)
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    last_seq = -1
    refused = 0
    quiet = settings.quiet_seconds if hello.probes and settings.quiet_seconds > 0 else None
    gone = False
    try:
        while not conn.closed:
            message = await _next_message(ws, conn, quiet)
            if message is None:
                gone = True
                break
            if message["type"] == "websocket.disconnect":
                break
            frame = message.get("text")
            if frame is None:
                frame = message.get("bytes") or b""
            if not bucket.take():
                refused += 1
                if refused > settings.rate_burst:  # flooding on and on: the close frame says why
                    await conn.close()  # what was queued goes first
                    await ws.close(code=CLOSE_FLOOD, reason="too many messages; reconnect and slow down")
                    break
                conn.send(error_message("rate_limited", "too many messages: slow down (about 20 a second)"))
                continue
            if bucket.tokens >= settings.rate_burst / 2:
                # the client slowed down (its allowance is back at half): its refusals are
                # forgiven. Not at every message let through: a flood read slowly (a busy
                # server) lets one through at each refill and would never be closed.
                refused = 0
            try:
                msg = parse_client(frame)
            except ProtocolError as exc:
                conn.send(error_message(exc.code, exc.message, exc.seq, **exc.facts))
                continue
            if msg.type == "hello":
                conn.send(error_message("bad_message", "already said hello on this socket"))
                continue
            assert msg.seq is not None
            if msg.seq <= last_seq:
                conn.send(error_message("duplicate", f"seq {msg.seq} is not larger than the last one ({last_seq}); ignored", msg.seq,
                                        last_seq=last_seq))
                continue
            last_seq = msg.seq
            if msg.type == "ping":
                conn.send({"type": "pong", "seq": msg.seq})
            elif msg.type == "sync":
                hub.send_state(live, conn)
            elif msg.type == "lang":  # every text from now on in this language, the table again in it
                conn.lang = msg.lang
                hub.send_state(live, conn)
            elif msg.type == "action":
                assert msg.version is not None and msg.action is not None
                await hub.act(live, conn, msg.seq, msg.version, msg.action)
            elif msg.type == "rematch":
                assert msg.accept is not None
                await hub.rematch(live, conn, msg.seq, msg.accept)
            elif msg.type == "say":
                assert msg.phrase is not None
                await hub.say(live, conn, msg.seq, msg.phrase)
    finally:
        await hub.detach(live, conn)  # first: the others see the seat go at once
        await conn.close()
    if gone:
        # a dead network reads no close frame; a live client that stopped answering does
        reason = f"nothing came from you for {settings.quiet_seconds:g} seconds; reconnect"
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(code=CLOSE_QUIET, reason=close_reason(reason)), 2.0)
