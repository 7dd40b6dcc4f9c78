"""Shared presence on a real Redis (issue 21 ground): a player's presence written at hello must
survive a Redis connection that was killed a moment before (else another process's standby bot
takes the seat of a player who is connected)."""

from __future__ import annotations

import asyncio
import os

import redis
from serverproc import REDIS_URL

from gostop.server.fanout import RedisFanout


def _kill_pub(prefix: str) -> int:
    r = redis.Redis.from_url(REDIS_URL)
    try:
        n = 0
        for c in r.client_list():
            if c.get("name") == f"{prefix}pub:{os.getpid()}":
                r.client_kill_filter(_id=c["id"])
                n += 1
        return n
    finally:
        r.close()


def test_presence_is_written_through_a_killed_connection(redis_prefix: str) -> None:
    async def main() -> tuple[bool, set[int] | None, int]:
        fan = RedisFanout(REDIS_URL, redis_prefix)

        async def handler(_: dict[str, object]) -> None:
            return None

        await fan.start(handler)
        try:
            assert await fan.hold_presence([("r1", 0)], 10)
            killed = _kill_pub(redis_prefix)
            ok = await fan.hold_presence([("r1", 1)], 10)
            return ok, await fan.present_seats("r1"), killed
        finally:
            await fan.stop()

    ok, present, killed = asyncio.run(main())
    assert killed == 1
    assert ok and present == {0, 1}
