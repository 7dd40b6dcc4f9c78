"""Fan-out and shared state between server processes.

One interface, two kinds:

* :class:`LocalFanout` -- one process: nothing to carry, presence is the process's own
  sockets, every room's driver lease is granted;
* :class:`RedisFanout` -- several processes on one Redis:

  - every message is published on a Redis channel (``<prefix>events``) and every other process
    receives it (its own come back and are skipped by their ``origin``). :meth:`Fanout.publish`
    never waits for Redis: it puts the message on this process's outgoing queue, which one
    background task sends in order (several at a time in one round trip). A send that fails is
    retried a few times; a message that cannot be sent, or waited too long in the queue, is
    dropped and caught by the gap check of every process (the database's version of a room
    ahead of the one in memory: checked on a timer and on every ``hello``), so a lost message
    delays an update by at most the check period and never freezes a room;
  - **presence** is shared state with a lifetime: ``<prefix>presence:<room>`` is a sorted set
    whose members ``<seat>:<origin>`` score their expiry time; the process holding a player's
    socket refreshes it (every third of ``presence_ttl``) and removes it when the last socket
    of the seat closes. A seat counts as connected while any member of it has not expired; a
    dead process's players stop counting after ``presence_ttl`` seconds at the most;
  - **one driver per room**: ``<prefix>lease:<room>`` (``SET NX PX``, refreshed by its holder)
    names the process that moves the room's bots; the others wait, and take over when the
    holder's lease expires.

Every other call that waits for Redis (presence, leases) gives up after ``wait`` seconds
(:data:`REDIS_WAIT`) and answers as when Redis is unreachable, so that a stalled Redis (a
connection that takes the command and never answers) delays nothing by more than that: the
players of one process go on playing, with only the cross-process parts on hold. A call that
runs out of time is not cut off: it goes on in the background (at most :data:`MAX_LATE` at a
time, each ended by the connection's own time-out) and its connection goes back to the pool
whole. Cutting it off would drop the connection halfway through a reply, and a new connection
costs round trips of its own (its name, the library's SETINFO): with a slow Redis (0.6 s a
round trip) a dropped connection's replacement could never answer within ``wait``, and one
late answer would have left every later call without one, for as long as Redis stayed slow (a
room's bots then wait for a lease for good).

Messages are small JSON objects: ``{"kind": "action", "room", "version", "seat", "action"}``
after a commit, ``{"kind": "reload", "room"}`` after a seat change, ``{"kind": "presence",
"room", "seat", "connected"}`` when a player's socket comes or goes (for the other processes'
sockets: the decision whether a bot may play a seat is taken on the shared presence only),
``{"kind": "said", "room", "seat", "phrase"}`` when a seated person says a quick phrase (told
to the sockets of every process; lost with a lost message: a phrase is never stored).
The database stays the source of truth.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

__all__ = ["Fanout", "LocalFanout", "RedisFanout", "make_fanout"]

log = logging.getLogger("gostop.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
T = TypeVar("T")

#: Tries of a publish (with a growing pause between them) before it is left to the gap check.
PUBLISH_TRIES = 5
#: Longest a call waits for Redis (a presence write, a lease, a publish try) before it goes on
#: without it (default of :class:`RedisFanout`'s ``wait``).
REDIS_WAIT = 1.0
#: A message still unsent after this many seconds is dropped (the gap check has caught it up).
MAX_MESSAGE_AGE = 10.0
#: Messages waiting to be sent at most (the oldest is dropped beyond: the gap check covers it).
MAX_QUEUED = 10_000
#: Messages sent in one round trip at most.
BATCH = 100
#: One warning about Redis of a kind this often at the most.
WARN_EVERY = 10.0
#: Calls that ran out of time and go on in the background, at most (beyond: a call gives up at
#: once, as when Redis is unreachable; every late call holds a connection).
MAX_LATE = 64

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
        """Send ``message`` to every other process (no-op with one process), without waiting
        for it to go out: queued, sent in order by a background task. False if it could not
        even be queued (never raises)."""
        return True

    async def flush(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) until every queued message is sent or dropped."""
        return True

    async def hold_presence(self, items: list[tuple[str, int]], ttl: float) -> bool:
        """Mark (room, seat) pairs as held by this process for ``ttl`` seconds (True: written;
        a lost connection is tried again while the wait lasts)."""
        return False

    async def drop_presence(self, room: str, seat: int) -> None:
        """This process holds no socket of the seat any more."""

    async def present_seats(self, room: str) -> set[int] | None:
        """Seats held by any process (None: unknown, e.g. Redis unreachable)."""
        return set()

    async def lease(self, room: str, ttl: float) -> bool | None:
        """Take or renew the room's driver lease for ``ttl`` seconds: True if this process holds
        it, False if another one does, None if Redis cannot tell now."""
        return True

    async def release(self, room: str) -> None:
        """Give the room's driver lease up (if this process holds it)."""

    async def stop(self) -> None:
        pass


class LocalFanout(Fanout):
    """One process: there is nobody else to tell."""


class RedisFanout(Fanout):
    """Redis: pub/sub on ``<prefix>events``, presence sets and driver leases (module docstring).

    ``wait``: the longest any call waits for Redis (:data:`REDIS_WAIT`)."""

    shared = True

    def __init__(self, url: str, prefix: str = "gostop:", wait: float = REDIS_WAIT) -> None:
        super().__init__()
        self.url = url
        self.prefix = prefix
        self.wait = wait
        self.channel = f"{prefix}events"
        self._redis: Any = None
        self._sub: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._sender: asyncio.Task[None] | None = None
        self._outbox: collections.deque[tuple[float, str]] = collections.deque()
        self._wakeup = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._dropped = 0
        self._warned: dict[str, tuple[float, int]] = {}
        self._renew: Any = None
        self._release: Any = None
        self._late: set[asyncio.Future[Any]] = set()  # calls that ran out of time, still running

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff

        await super().start(handler)
        # named connections (<prefix>pub:<pid>, <prefix>sub:<pid>): an operator (or a test) can
        # tell them apart in CLIENT LIST. redis-py's own retries are few and short: every call
        # here has its own time limit and retries (the library's default of ten retries of a
        # timed-out command would hold a call for close to a minute)
        self._redis = aioredis.from_url(self.url, client_name=f"{self.prefix}pub:{os.getpid()}",
                                        socket_timeout=5, socket_connect_timeout=5,
                                        retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 1))
        self._sub = aioredis.from_url(self.url, client_name=f"{self.prefix}sub:{os.getpid()}",
                                      socket_connect_timeout=5)
        await self._redis.ping()
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)
        self._pubsub = self._sub.pubsub()
        await self._pubsub.subscribe(self.channel)
        self._task = asyncio.create_task(self._listen())
        self._sender = asyncio.create_task(self._send_loop())

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
                    await asyncio.wait_for(self._pubsub.subscribe(self.channel), 5)
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

    # -- the outgoing queue ----------------------------------------------------------------

    async def publish(self, message: dict[str, Any]) -> bool:
        if self._redis is None:
            return False
        text = json.dumps({**message, "origin": self.origin})
        if len(self._outbox) >= MAX_QUEUED:
            self._outbox.popleft()
            self._count_dropped(1)
        self._outbox.append((time.monotonic(), text))
        self._idle.clear()
        self._wakeup.set()
        return True

    def _count_dropped(self, n: int) -> None:
        if self._dropped == 0:
            log.warning("redis publish: messages dropped (Redis does not answer); the other processes "
                        "catch up by their gap check")
        self._dropped += n

    async def _send_loop(self) -> None:
        while True:
            if not self._outbox:
                self._idle.set()
                self._wakeup.clear()
                await self._wakeup.wait()
                continue
            now = time.monotonic()
            stale = 0
            while self._outbox and now - self._outbox[0][0] > MAX_MESSAGE_AGE:
                self._outbox.popleft()
                stale += 1
            if stale:
                self._count_dropped(stale)
                continue
            batch = [self._outbox[i] for i in range(min(BATCH, len(self._outbox)))]
            sent = await self._send([text for _, text in batch])
            last = batch[-1]
            while self._outbox:  # the batch leaves the queue (its oldest may have been dropped meanwhile)
                if self._outbox.popleft() is last:
                    break
            if not sent:
                self._count_dropped(len(batch))
            elif self._dropped:
                log.warning("redis publish works again (%d messages were dropped)", self._dropped)
                self._dropped = 0

    async def _send(self, batch: list[str]) -> bool:
        """Publish ``batch`` in one round trip, retried a few times (each try at most ``wait``;
        a try that runs out of time goes on in the background, see :meth:`_late_call`). A late
        try that lands after all sends its messages twice, as a try cut off after Redis had
        read it did before: an action already applied changes nothing where it arrives again
        (:meth:`~gostop.server.commit.Committer.apply_published`)."""

        async def execute() -> None:
            async with self._redis.pipeline(transaction=False) as pipe:
                for text in batch:
                    pipe.publish(self.channel, text)
                await pipe.execute()

        for attempt in range(PUBLISH_TRIES):
            try:
                await self._late_call(execute, self.wait)
                return True
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if attempt == PUBLISH_TRIES - 1:
                    self._warn("publish", f"failed {PUBLISH_TRIES} times ({_said(exc, self.wait)})")
                    return False
                await asyncio.sleep(0.05 * 2**attempt)
        return False

    async def flush(self, timeout: float) -> bool:
        if self._sender is None or self._sender.done():
            return not self._outbox
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
        return not self._outbox

    # -- calls with a time limit -----------------------------------------------------------

    async def _bounded(self, what: str, call: Callable[[], Awaitable[T]]) -> T | None:
        """``call()`` tried again (a killed connection is opened again by the next try) until it
        answers or ``wait`` seconds have passed; None then (logged)."""
        end = time.monotonic() + self.wait
        attempt = 0
        while True:
            left = end - time.monotonic()
            if len(self._late) >= MAX_LATE:  # Redis has not answered the last many: no new try
                self._warn(what, f"{MAX_LATE} calls wait for Redis already; going on without it")
                return None
            try:
                return await self._late_call(call, max(0.01, left))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                pause = 0.05 * 2**attempt
                attempt += 1
                if time.monotonic() + pause >= end:
                    self._warn(what, f"{_said(exc, self.wait)}; going on without it")
                    return None
                await asyncio.sleep(pause)

    async def _late_call(self, call: Callable[[], Awaitable[T]], timeout: float) -> T:
        """``call()``'s answer if it comes within ``timeout`` seconds, else TimeoutError; the
        call itself is not cancelled then but goes on in the background until Redis answers or
        the connection's own time-out ends it, so that its connection goes back to the pool
        whole (module docstring). With :data:`MAX_LATE` calls already late, TimeoutError at
        once, without a call."""
        if len(self._late) >= MAX_LATE:
            raise TimeoutError
        task = asyncio.ensure_future(call())
        try:
            done, _ = await asyncio.wait({task}, timeout=timeout)
        except asyncio.CancelledError:
            self._leave(task)  # the caller went away: the call ends by itself
            raise
        if not done:
            self._leave(task)
            raise TimeoutError
        return task.result()

    def _leave(self, task: asyncio.Future[Any]) -> None:
        """Let ``task`` finish in the background (its outcome is not wanted any more)."""
        self._late.add(task)

        def done(t: asyncio.Future[Any]) -> None:
            self._late.discard(t)
            if not t.cancelled():
                t.exception()  # retrieved: a late failure is no news (the caller went on without it)

        task.add_done_callback(done)

    def _warn(self, what: str, text: str) -> None:
        """A warning about Redis, at most one per kind every :data:`WARN_EVERY` seconds (a
        stalled Redis would otherwise fill the log: every room asks for its lease)."""
        now = time.monotonic()
        last, quiet = self._warned.get(what, (0.0, 0))
        if now - last < WARN_EVERY:
            self._warned[what] = (last, quiet + 1)
            return
        more = f" ({quiet} more like it)" if quiet else ""
        log.warning("redis %s: %s%s", what, text, more)
        self._warned[what] = (now, 0)

    def _pkey(self, room: str) -> str:
        return f"{self.prefix}presence:{room}"

    async def hold_presence(self, items: list[tuple[str, int]], ttl: float) -> bool:
        if self._redis is None or not items:
            return False
        until = time.time() + ttl

        async def write() -> bool:
            async with self._redis.pipeline(transaction=False) as pipe:
                for room, seat in items:
                    pipe.zadd(self._pkey(room), {f"{seat}:{self.origin}": until})
                    pipe.pexpire(self._pkey(room), int(ttl * 1000) + 1000)
                await pipe.execute()
            return True

        return bool(await self._bounded("presence", write))

    async def drop_presence(self, room: str, seat: int) -> None:
        if self._redis is None:
            return
        await self._bounded("presence", lambda: self._redis.zrem(self._pkey(room), f"{seat}:{self.origin}"))

    async def present_seats(self, room: str) -> set[int] | None:
        if self._redis is None:
            return None
        members = await self._bounded("presence", lambda: self._redis.zrangebyscore(self._pkey(room), time.time(), "+inf"))
        if members is None:
            return None
        out = set()
        for m in members:
            text = m.decode() if isinstance(m, bytes) else str(m)
            with contextlib.suppress(ValueError):
                out.add(int(text.split(":", 1)[0]))
        return out

    async def lease(self, room: str, ttl: float) -> bool | None:
        if self._renew is None:
            return None
        got = await self._bounded("lease", lambda: self._renew(keys=[f"{self.prefix}lease:{room}"],
                                                               args=[self.origin, int(ttl * 1000)]))
        return None if got is None else bool(got)

    async def release(self, room: str) -> None:
        if self._release is None:
            return
        await self._bounded("lease", lambda: self._release(keys=[f"{self.prefix}lease:{room}"], args=[self.origin]))

    async def stop(self) -> None:
        await self.flush(2 * self.wait)
        for late in list(self._late):
            late.cancel()
        for task in (self._task, self._sender):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.unsubscribe(self.channel), self.wait)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.aclose(), self.wait)
        for client in (self._sub, self._redis):
            if client is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(client.aclose(), self.wait)


def _said(exc: BaseException, wait: float) -> str:
    """What went wrong with a Redis call, in words (a time-out has no message of its own)."""
    return str(exc) or (f"no answer within {wait:g} s" if isinstance(exc, TimeoutError) else type(exc).__name__)


def make_fanout(redis_url: str | None, prefix: str = "gostop:", wait: float = REDIS_WAIT) -> Fanout:
    """Redis when a URL is given, else the one-process fan-out."""
    return RedisFanout(redis_url, prefix, wait) if redis_url else LocalFanout()
