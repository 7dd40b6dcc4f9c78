"""A client that stops reading (issue 21, item 11): its outgoing queue is bounded; when it fills
the socket is closed with a reason (``too_slow`` -> close 4409 in gostop.server.socket), the
server never blocks on it and never buffers without end."""

from __future__ import annotations

import asyncio

from gostop.server.hub import Connection
from gostop.server.protocol import CLOSE_SLOW


def test_a_client_that_stops_reading_is_closed_not_buffered() -> None:
    async def scenario() -> tuple[int, int, bool, list[str]]:
        stuck = asyncio.Event()  # the peer never reads: its send never completes
        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)
            await stuck.wait()

        overflowed = asyncio.Event()

        async def on_overflow() -> None:
            overflowed.set()

        conn = Connection(send, seat=None, addr="127.0.0.1", on_overflow=on_overflow)
        conn.start()
        for i in range(1000):  # a busy room's updates
            conn.send({"type": "update", "version": i})
        await asyncio.wait_for(overflowed.wait(), 5)
        queued = conn.queue.qsize()
        conn.send({"type": "update", "version": 1000})  # after the overflow: dropped, no error
        stuck.set()
        await conn.close()
        return queued, len(sent), conn.closed, sent

    queued, delivered, closed, sent = asyncio.run(scenario())
    assert closed
    assert queued <= 257  # bounded: the queue's size and the closing marker
    assert delivered <= queued + 1 and '"version":1000' not in "".join(sent)
    assert CLOSE_SLOW == 4409
