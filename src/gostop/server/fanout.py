"""Fan-out: how a committed action reaches the clients connected to *other* server processes.

One interface, two kinds:

* :class:`LocalFanout` -- one process: nothing to carry (the process that commits an action
  sends it to its own clients itself);
* :class:`RedisFanout` -- several processes: every message is published on a Redis channel
  (``<prefix>events``) and every other process receives it (its own messages come back too
  and are skipped by their ``origin``).

Messages are small JSON objects: ``{"kind": "action", "room", "version", "seat", "action"}``
after a commit, ``{"kind": "reload", "room"}`` after a seat change, ``{"kind": "presence",
"room", "seat", "connected"}`` when a player's socket comes or goes. The database stays the
source of truth: a process that misses a message reloads the room when the next one shows a gap.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Fanout", "LocalFanout", "RedisFanout", "make_fanout"]

log = logging.getLogger("gostop.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Fanout:
    """Publish to the other processes; deliver what they publish to :attr:`handler`."""

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)
        self.handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every other process (no-op with one process)."""

    async def stop(self) -> None:
        pass


class LocalFanout(Fanout):
    """One process: there is nobody else to tell."""


class RedisFanout(Fanout):
    """Redis pub/sub on ``<prefix>events``."""

    def __init__(self, url: str, prefix: str = "gostop:") -> None:
        super().__init__()
        self.url = url
        self.channel = f"{prefix}events"
        self._redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as aioredis

        await super().start(handler)
        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(self.channel)
        self._task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                msg = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a dropped Redis connection: say so, retry
                log.warning("redis fan-out: %s; retrying", exc)
                await asyncio.sleep(1.0)
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

    async def publish(self, message: dict[str, Any]) -> None:
        if self._redis is None:
            return
        await self._redis.publish(self.channel, json.dumps({**message, "origin": self.origin}))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(self.channel)
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def make_fanout(redis_url: str | None, prefix: str = "gostop:") -> Fanout:
    """Redis when a URL is given, else the one-process fan-out."""
    return RedisFanout(redis_url, prefix) if redis_url else LocalFanout()
