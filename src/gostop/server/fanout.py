"""Fan-out and shared state between server processes.

One interface, two kinds:

* :class:`LocalFanout` -- one process: nothing to carry, presence is the process's own
  sockets, every room's driver lease is granted;
* :class:`RedisFanout` -- several processes on one Redis:

  - every message is published on a Redis channel (``<prefix>events``) and every other process
    receives it (its own come back and are skipped by their ``origin``). A publish that fails
    is retried; a message lost anyway is caught by the gap check of every process (the
    database's version of a room ahead of the one in memory: checked on a timer and on every
    ``hello``), so a lost message delays an update by at most the check period and never
    freezes a room;
  - **presence** is shared state with a lifetime: ``<prefix>presence:<room>`` is a sorted set
    whose members ``<seat>:<origin>`` score their expiry time; the process holding a player's
    socket refreshes it (every third of ``presence_ttl``) and removes it when the last socket
    of the seat closes. A seat counts as connected while any member of it has not expired; a
    dead process's players stop counting after ``presence_ttl`` seconds at the most;
  - **one driver per room**: ``<prefix>lease:<room>`` (``SET NX PX``, refreshed by its holder)
    names the process that moves the room's bots; the others wait, and take over when the
    holder's lease expires.

Messages are small JSON objects: ``{"kind": "action", "room", "version", "seat", "action"}``
after a commit, ``{"kind": "reload", "room"}`` after a seat change, ``{"kind": "presence",
"room", "seat", "connected"}`` when a player's socket comes or goes (for the other processes'
sockets: the decision whether a bot may play a seat is taken on the shared presence only).
The database stays the source of truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Fanout", "LocalFanout", "RedisFanout", "make_fanout"]

log = logging.getLogger("gostop.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]

#: Tries of a publish (with a growing pause between them) before it is left to the gap check.
PUBLISH_TRIES = 5

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2]); return 1
end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class Fanout:
    """Publish to the other processes; deliver what they publish to :attr:`handler`; shared
    presence and room leases (see the module docstring)."""

    shared = False

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)
        self.handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to every other process (no-op with one process); False if it could
        not be sent (never raises)."""
        return True

    async def hold_presence(self, items: list[tuple[str, int]], ttl: float) -> bool:
        """Mark (room, seat) pairs as held by this process for ``ttl`` seconds (True: written;
        a lost connection is tried again a few times)."""
        return False

    async def drop_presence(self, room: str, seat: int) -> None:
        """This process holds no socket of the seat any more."""

    async def present_seats(self, room: str) -> set[int] | None:
        """Seats held by any process (None: unknown, e.g. Redis unreachable)."""
        return set()

    async def lease(self, room: str, ttl: float) -> bool:
        """Take or renew the room's driver lease for ``ttl`` seconds; True if this process holds it."""
        return True

    async def release(self, room: str) -> None:
        """Give the room's driver lease up (if this process holds it)."""

    async def stop(self) -> None:
        pass


class LocalFanout(Fanout):
    """One process: there is nobody else to tell."""


class RedisFanout(Fanout):
    """Redis: pub/sub on ``<prefix>events``, presence sets and driver leases (module docstring)."""

    shared = True

    def __init__(self, url: str, prefix: str = "gostop:") -> None:
        super().__init__()
        self.url = url
        self.prefix = prefix
        self.channel = f"{prefix}events"
        self._redis: Any = None
        self._sub: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._renew: Any = None
        self._release: Any = None

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as aioredis

        await super().start(handler)
        # named connections (<prefix>pub:<pid>, <prefix>sub:<pid>): an operator (or a test) can
        # tell them apart in CLIENT LIST
        self._redis = aioredis.from_url(self.url, client_name=f"{self.prefix}pub:{os.getpid()}",
                                        socket_timeout=5, socket_connect_timeout=5)
        self._sub = aioredis.from_url(self.url, client_name=f"{self.prefix}sub:{os.getpid()}",
                                      socket_connect_timeout=5)
        await self._redis.ping()
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)
        self._pubsub = self._sub.pubsub()
        await self._pubsub.subscribe(self.channel)
        self._task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                msg = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a dropped Redis connection: say so, retry (the gap check covers the loss)
                log.warning("redis fan-out: %s; retrying", exc)
                await asyncio.sleep(0.2)
                with contextlib.suppress(Exception):
                    await self._pubsub.subscribe(self.channel)
                continue
            if msg is None:
                continue
            try:
                data = json.loads(msg["data"])
            except (ValueError, TypeError):
                continue
            if not isinstance(data, dict) or data.get("origin") == self.origin:
                continue
            if self.handler is not None:
                try:
                    await self.handler(data)
                except Exception:
                    log.exception("fan-out handler failed")

    async def publish(self, message: dict[str, Any]) -> bool:
        if self._redis is None:
            return False
        text = json.dumps({**message, "origin": self.origin})
        for attempt in range(PUBLISH_TRIES):
            try:
                await self._redis.publish(self.channel, text)
                return True
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if attempt == PUBLISH_TRIES - 1:
                    log.warning("redis publish failed %d times (%s); the other processes catch up by their gap check",
                                PUBLISH_TRIES, exc)
                    return False
                await asyncio.sleep(0.05 * 2**attempt)
        return False

    def _pkey(self, room: str) -> str:
        return f"{self.prefix}presence:{room}"

    async def hold_presence(self, items: list[tuple[str, int]], ttl: float) -> bool:
        if self._redis is None or not items:
            return False
        until = time.time() + ttl
        for attempt in range(PUBLISH_TRIES):  # a killed connection is opened again by the next try
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for room, seat in items:
                        pipe.zadd(self._pkey(room), {f"{seat}:{self.origin}": until})
                        pipe.pexpire(self._pkey(room), int(ttl * 1000) + 1000)
                    await pipe.execute()
                return True
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if attempt == PUBLISH_TRIES - 1:
                    log.warning("redis presence: %s", exc)
                    return False
                await asyncio.sleep(0.05 * 2**attempt)
        return False

    async def drop_presence(self, room: str, seat: int) -> None:
        if self._redis is None:
            return
        with contextlib.suppress(Exception):
            await self._redis.zrem(self._pkey(room), f"{seat}:{self.origin}")

    async def present_seats(self, room: str) -> set[int] | None:
        if self._redis is None:
            return None
        try:
            members = await self._redis.zrangebyscore(self._pkey(room), time.time(), "+inf")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("redis presence: %s", exc)
            return None
        out = set()
        for m in members:
            text = m.decode() if isinstance(m, bytes) else str(m)
            with contextlib.suppress(ValueError):
                out.add(int(text.split(":", 1)[0]))
        return out

    async def lease(self, room: str, ttl: float) -> bool:
        if self._renew is None:
            return False
        try:
            return bool(await self._renew(keys=[f"{self.prefix}lease:{room}"], args=[self.origin, int(ttl * 1000)]))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("redis lease: %s", exc)
            return False

    async def release(self, room: str) -> None:
        if self._release is None:
            return
        with contextlib.suppress(Exception):
            await self._release(keys=[f"{self.prefix}lease:{room}"], args=[self.origin])

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(self.channel)
                await self._pubsub.aclose()
        for client in (self._sub, self._redis):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()


def make_fanout(redis_url: str | None, prefix: str = "gostop:") -> Fanout:
    """Redis when a URL is given, else the one-process fan-out."""
    return RedisFanout(redis_url, prefix) if redis_url else LocalFanout()
