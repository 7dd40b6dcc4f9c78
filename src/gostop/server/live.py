"""A room held in memory by a server process (:class:`LiveRoom`) and one socket of it
(:class:`Connection`): the data the hub, the room driver and the commit module share."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gostop.match import MatchEvent
from gostop.server.presence import Presence
from gostop.server.protocol import PhraseLimit
from gostop.server.room import Room

__all__ = ["Connection", "LiveRoom", "RECENT_ACTIONS", "Recent"]

#: Actions kept for the ``recent`` of a welcome (docs/protocol.md).
RECENT_ACTIONS = 30


@dataclass(frozen=True)
class Recent:
    """One applied action as its ``update`` told it: the match events and the hand seats
    before it (to tell each viewer its own events)."""

    version: int
    seat: int
    action: str
    events: tuple[MatchEvent, ...]
    seats_before: tuple[int, ...]


class Connection:
    """One socket of a room: its seat (None: spectator), the hash of the token it came with,
    and its outgoing queue."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None, addr: str,
                 on_overflow: Callable[[], Awaitable[None]] | None = None, token_hash: str | None = None,
                 lang: str = "en") -> None:
        self.send_text = send
        self.seat = seat
        self.lang = lang
        self.addr = addr
        self.token_hash = token_hash
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=256)
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        self.on_overflow = on_overflow
        #: called to close the socket itself (with a close code) after the queue is sent
        self.on_close: Callable[[int, str], Awaitable[None]] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._writer())

    async def _writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.send_text(text)
            except Exception:
                self.closed = True
                return

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(json.dumps(message, separators=(",", ":")))
        except asyncio.QueueFull:  # a client that does not read: closed (it resyncs when it reconnects)
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)
            if self.on_overflow is not None:
                asyncio.ensure_future(self.on_overflow())

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 2.0)

    async def close_socket(self, code: int, reason: str) -> None:
        """Send what is queued, then close the socket itself with ``code``."""
        await self.close()
        if self.on_close is not None:
            with contextlib.suppress(Exception):
                await self.on_close(code, reason)


@dataclass
class LiveRoom:
    """A room held in memory by this process."""

    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    presence: Presence = field(default_factory=lambda: Presence.empty(0))
    #: the running grace timers (their deadlines are in :attr:`presence`)
    grace_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    timed_out: int | None = None
    deadline: float | None = None
    turn_timer: asyncio.TimerHandle | None = None
    driver: asyncio.Task[None] | None = None
    #: kicked while its driver ran: the driver looks again before it ends
    kicked: bool = False
    created: datetime | None = None
    #: when the match ended (UTC, as the store recorded it; None: not over, or not recorded)
    ended: datetime | None = None
    used: float = field(default_factory=time.monotonic)
    unrecorded: bool = False  # over in memory, the record not yet written (retried)
    recent: deque[Recent] = field(default_factory=lambda: deque(maxlen=RECENT_ACTIONS))
    #: the rematch answers as last read from the store (None: nobody offered one)
    rematch: dict[str, Any] | None = None
    #: seats moved to another device: the hash of the token that holds each now
    moved: dict[int, str] = field(default_factory=dict)
    #: until when (``time.monotonic()``) this process surely holds the room's driver lease
    lease_until: float = 0.0
    #: each seat's quick phrases said through this process (their rate limit; never stored)
    phrases: dict[int, PhraseLimit] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.presence.local) != len(self.room.config.seats):
            self.presence = Presence.empty(len(self.room.config.seats))

    def connected(self, seat: int) -> bool:
        return self.presence.connected(seat)

    def seats_presence(self) -> dict[int, tuple[bool, bool]]:
        """``seat -> (connected, away)`` as the views show it."""
        return self.presence.table(self.room.config.seats)

    def recent_for(self, seat: int | None, lang: str = "en") -> list[dict[str, Any]]:
        """The last actions as their updates told them to ``seat`` (the welcome's ``recent``),
        their texts in ``lang``."""
        return [
            {"version": r.version, "seat": r.seat, "action": r.action,
             "events": self.room.events_for(seat, r.events, r.seats_before, lang)}
            for r in self.recent
        ]
