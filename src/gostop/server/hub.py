"""The live rooms of one server process: connections, presence, bots, timers, commits.

A :class:`Hub` keeps every room this process serves in memory (:class:`LiveRoom`: the
:class:`~gostop.server.room.Room`, its lock, its sockets) and is the only place that changes
one. Every change follows the same order: decide under the room's lock, **commit to the store**,
then tell this process's sockets and publish to the other processes (:mod:`gostop.server.fanout`).

The in-memory room never runs ahead of the database: an action is checked against the room,
committed, and only then applied in memory (a failed or doubtful commit leaves the room as it
was and reloads it from the database). A finished match's record is written with its state.

Bots think off the event loop: quick bots in a thread pool, searching bots (``hard``) in worker
processes that rebuild the room from its actions (:func:`~gostop.server.room.think_in_worker`);
each room asks for one decision at a time, so the pool's first-come queue is shared fairly by
the rooms, and a decision that takes longer than ``bot_seconds`` is cut (the workers are
killed, the standby bot decides). Workers die with the server (parent-death signal and a
watchdog thread). One process at a time drives a room's bots: the holder of the room's lease
(:meth:`~gostop.server.fanout.Fanout.lease`).

A human seat whose player has no socket left -- in any process: presence is shared with a
lifetime (:mod:`gostop.server.fanout`) -- is played by a standby bot once the grace period has
passed (``away``), and is given back the moment the player reconnects. The optional turn timer
hands a single decision to the bot.

A maintenance task (every ``resync_seconds``) refreshes this process's presence, reloads rooms
whose database version is ahead of memory (a lost fan-out message), and evicts finished and
idle rooms nobody is connected to (and the least recently used ones above ``max_live_rooms``).

Framework-free: the HTTP and WebSocket layers (:mod:`~gostop.server.lobby`,
:mod:`~gostop.server.socket`) call it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import multiprocessing
import os
import secrets
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from gostop.agents import LEVELS
from gostop.errors import GostopError
from gostop.match import IllegalMatchActionError
from gostop.match.record import dumps_match
from gostop.server.fanout import Fanout
from gostop.server.protocol import error_message
from gostop.server.room import Room, RoomConfig, RoomError, SeatConfig, think_in_worker  # noqa: F401 (workers)
from gostop.server.store import RoomRow, Store, token_hash

__all__ = ["ServerSettings", "Hub", "LiveRoom", "Connection", "LobbyError"]

log = logging.getLogger("gostop.server")
T = TypeVar("T")


@dataclass
class ServerSettings:
    """Everything ``gostop serve`` can be told."""

    db_url: str | None = None
    redis_url: str | None = None
    redis_prefix: str = "gostop:"
    host: str = "127.0.0.1"
    port: int = 8000
    origins: list[str] = field(default_factory=list)
    grace_seconds: float = 30.0
    bot_delay: float = 0.6
    max_rooms_per_client: int = 20
    max_connections_per_client: int = 64
    rate_per_second: float = 20.0
    rate_burst: int = 40
    bot_threads: int = 2
    bot_processes: int = 1
    hello_seconds: float = 10.0
    #: longest a bot may think over one decision (worker processes); then the standby bot decides
    bot_seconds: float = 10.0
    #: period of the maintenance task (presence refresh, gap check, eviction)
    resync_seconds: float = 2.0
    #: lifetime of a process's presence marks (refreshed every third of it)
    presence_ttl: float = 15.0
    #: lifetime of a room's driver lease (refreshed before every bot move)
    lease_seconds: float = 15.0
    #: rooms kept in memory at most (least recently used ones without sockets are evicted)
    max_live_rooms: int = 2000
    #: a room nobody is connected to and no bot drives is evicted after this long
    idle_seconds: float = 300.0
    #: lobby requests per second and burst per client address (token bucket)
    lobby_rate: float = 10.0
    lobby_burst: int = 100
    #: proxies whose X-Forwarded-For is trusted ("" none; comma-separated addresses or "*")
    forwarded_allow_ips: str = ""
    #: bot levels the lobby accepts: name -> bot spec (the built-in easy/normal/hard by default)
    levels: dict[str, str] = field(default_factory=lambda: dict(LEVELS))

    def allowed_origins(self) -> set[str]:
        own = {f"http://{self.host}:{self.port}", f"http://localhost:{self.port}", f"http://127.0.0.1:{self.port}"}
        return own | {o.rstrip("/") for o in self.origins}


class LobbyError(GostopError):
    """A lobby request refused: HTTP ``status`` and a sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Connection:
    """One socket of a room: its seat (None: spectator), its language (every text it is sent
    is said in it: ``hello``'s ``lang``, changed by a ``lang`` message) and its outgoing queue."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None, addr: str,
                 on_overflow: Callable[[], Awaitable[None]] | None = None, lang: str = "en") -> None:
        self.send_text = send
        self.seat = seat
        self.lang = lang
        self.addr = addr
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=256)
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        self.on_overflow = on_overflow

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


@dataclass
class LiveRoom:
    """A room held in memory by this process."""

    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    local: dict[int, int] = field(default_factory=dict)
    remote: dict[int, set[str]] = field(default_factory=dict)
    away: set[int] = field(default_factory=set)
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    timed_out: int | None = None
    deadline: float | None = None
    turn_timer: asyncio.TimerHandle | None = None
    driver: asyncio.Task[None] | None = None
    created: datetime | None = None
    used: float = field(default_factory=time.monotonic)
    unrecorded: bool = False  # over in memory, the record not yet written (retried)

    def connected(self, seat: int) -> bool:
        return self.local.get(seat, 0) > 0 or bool(self.remote.get(seat))

    def presence(self) -> dict[int, tuple[bool, bool]]:
        out = {}
        for i, s in enumerate(self.room.config.seats):
            if s.kind == "bot":
                out[i] = (True, False)
            else:
                out[i] = (self.connected(i), i in self.away or s.status == "left")
        return out


class Hub:
    """The rooms of this process (see the module docstring)."""

    def __init__(self, settings: ServerSettings, store: Store, fanout: Fanout) -> None:
        self.settings = settings
        self.store = store
        self.fanout = fanout
        self.rooms: OrderedDict[str, LiveRoom] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._maintainer: asyncio.Task[None] | None = None
        self.connections_by_addr: dict[str, int] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1 if store.sqlite else 8, thread_name_prefix="gostop-db")
        self.bot_pool = ThreadPoolExecutor(max_workers=max(1, settings.bot_threads), thread_name_prefix="gostop-bot")
        self._think_pool: ProcessPoolExecutor | None = None
        self._pool_warm: asyncio.Future[Any] | None = None
        self.stats = {"actions": 0, "bot_decisions": 0, "conflicts": 0}

    # -- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        await self.db(self.store.migrate)
        await self.fanout.start(self.on_fanout)
        for room_id in await self.db(self.store.room_ids, "playing"):
            try:
                live = await self.get(room_id)
            except Exception:
                log.exception("room %s cannot be resumed", room_id)
                continue
            if live is not None:
                self.kick(live)
        self._maintainer = asyncio.create_task(self._maintain())

    async def stop(self) -> None:
        if self._maintainer is not None:
            self._maintainer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._maintainer
        self._kill_think_pool()
        for live in list(self.rooms.values()):
            self._quiet(live)
            # the other processes take over at once: this process's players and leases go
            for seat, n in live.local.items():
                if n > 0:
                    await self.fanout.drop_presence(live.room.id, seat)
            await self.fanout.release(live.room.id)
        await self.fanout.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.dispose()

    def _quiet(self, live: LiveRoom) -> None:
        """Cancel a live room's tasks and timers."""
        if live.driver is not None and live.driver is not asyncio.current_task():
            live.driver.cancel()
        for h in live.grace.values():
            h.cancel()
        live.grace.clear()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None

    def _kill_think_pool(self) -> None:
        """Stop the bot worker processes now (they may be in the middle of a search)."""
        pool, self._think_pool = self._think_pool, None
        if pool is None:
            return
        procs = list(getattr(pool, "_processes", {}).values())
        for proc in procs:
            with contextlib.suppress(Exception):
                proc.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the store's worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, lambda: fn(*args))

    # -- loading -------------------------------------------------------------------------

    def _build(self, row: RoomRow, actions: list[tuple[int, str]]) -> Room:
        room = Room(row.id, RoomConfig.from_json(row.config), row.seed)
        for seat, text in actions:
            room.apply(seat, text)
        return room

    async def get(self, room_id: str) -> LiveRoom | None:
        """The live room (loaded from the store and replayed on first use), None if unknown."""
        live = self.rooms.get(room_id)
        if live is not None:
            self._touch(live)
            return live
        lock = self._loading.setdefault(room_id, asyncio.Lock())
        try:
            async with lock:
                live = self.rooms.get(room_id)
                if live is not None:
                    return live
                row = await self.db(self.store.get_room, room_id)
                if row is None:
                    return None
                actions = await self.db(self.store.load_actions, room_id)
                live = LiveRoom(self._build(row, actions), created=row.created_at)
                if live.room.over and row.record is None:
                    live.unrecorded = True  # the process that finished it died before the record
                    await self._write_record(live)
                self.rooms[room_id] = live
                self._start_grace_all(live)
                # the other processes say which players they hold (for the seats' display)
                await self.fanout.publish({"kind": "who", "room": room_id})
        finally:
            if not lock.locked():
                self._loading.pop(room_id, None)
        if live.room.started and not live.room.over:
            self.kick(live)
        return live

    def _touch(self, live: LiveRoom) -> None:
        live.used = time.monotonic()
        with contextlib.suppress(KeyError):
            self.rooms.move_to_end(live.room.id)

    async def catch_up(self, live: LiveRoom) -> None:
        """Reload the room if the database holds a newer version (a lost fan-out message)."""
        try:
            version = await self.db(self.store.version_of, live.room.id)
        except Exception as exc:
            log.warning("room %s: version check failed: %s", live.room.id, exc)
            return
        if version is not None and version > live.room.version:
            async with live.lock:
                if version > live.room.version:
                    await self.reload(live)
                    self._broadcast_state(live)
            self.kick(live)

    async def _write_record(self, live: LiveRoom) -> None:
        """Write a finished match's state and record (retried by the maintenance task on failure)."""
        if not live.unrecorded:
            return
        try:
            await self.db(self.store.set_state, live.room.id, "over", dumps_match(live.room.record()))
            live.unrecorded = False
        except Exception as exc:
            log.warning("room %s: the record could not be written yet: %s", live.room.id, exc)

    async def reload(self, live: LiveRoom) -> None:
        """Rebuild a live room from the store (after a conflict or a missed message)."""
        row = await self.db(self.store.get_room, live.room.id)
        if row is None:
            return
        actions = await self.db(self.store.load_actions, live.room.id)
        old = live.room
        if len(actions) < old.version:
            log.warning("room %s: the database is behind memory (%d < %d)", old.id, len(actions), old.version)
        live.room = self._build(row, actions)
        live.room.agents = old.agents  # the bots keep their memory of the hand
        live.room._told = old._told
        if live.room.over and row.record is None:
            live.unrecorded = True  # e.g. a match decided at the deal, begun by the last join
            await self._write_record(live)
        self._start_grace_all(live)

    async def _safe_reload(self, live: LiveRoom) -> None:
        try:
            await self.reload(live)
        except Exception as exc:  # the database is away: memory stays (never ahead); the gap check reloads later
            log.warning("room %s: reload failed: %s", live.room.id, exc)

    def _start_grace_all(self, live: LiveRoom) -> None:
        if not live.room.started or live.room.over:
            return
        for i, s in enumerate(live.room.config.seats):
            if s.kind == "human" and s.status == "taken" and live.local.get(i, 0) == 0 and i not in live.away:
                self._start_grace(live, i)

    # -- lobby ---------------------------------------------------------------------------

    def room_info(self, row_or_room: RoomRow | Room, live: LiveRoom | None = None) -> dict[str, Any]:
        room: Room | None
        if isinstance(row_or_room, Room):
            room = row_or_room
            room_id, config, state, version = room.id, room.config, room.state, room.version
            created = live.created if live is not None else None
        else:
            room_id, config = row_or_room.id, RoomConfig.from_json(row_or_room.config)
            state, version, created = row_or_room.state, row_or_room.version, row_or_room.created_at
            room = live.room if live is not None else None
        presence = live.presence() if live is not None else {}
        names = [p.name for p in config.players()]
        seats = []
        for i, s in enumerate(config.seats):
            connected, away = presence.get(i, (s.kind == "bot", s.status == "left"))
            seats.append(
                {
                    "seat": i,
                    "kind": s.kind,
                    "name": names[i] if (s.kind == "bot" or s.status != "open") else None,
                    "taken": s.kind == "bot" or s.status != "open",
                    "connected": connected,
                    "away": away,
                    "level": s.level if s.kind == "bot" else None,
                }
            )
        hands_played = room.match.hands_played if room is not None and room.match is not None else 0
        return {
            "id": room_id,
            "name": config.name,
            "preset": config.preset,
            "rules": config.rules,
            "players": len(config.seats),
            "seats": seats,
            "hands": config.hands,
            "target_chips": config.target_chips,
            "public": config.public,
            "spectators": config.spectators,
            "cut": config.cut,
            "turn_seconds": config.turn_seconds,
            "state": state,
            "version": version,
            "hands_played": hands_played,
            "created_at": None if created is None else created.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }

    async def info(self, room_id: str) -> dict[str, Any]:
        row = await self.db(self.store.get_room, room_id)
        if row is None:
            raise LobbyError(404, f"there is no room {room_id!r}")
        return self.room_info(row, self.rooms.get(room_id))

    async def list_rooms(self, state: str | None, limit: int) -> list[dict[str, Any]]:
        rows = await self.db(self.store.list_rooms, state, limit)
        return [self.room_info(r, self.rooms.get(r.id)) for r in rows]

    async def create_room(self, config: RoomConfig, creator: str, join_name: str | None) -> tuple[dict[str, Any], int | None, str | None]:
        try:
            config.check()
        except RoomError as exc:
            raise LobbyError(400, str(exc)) from None
        if not any(s.kind == "human" for s in config.seats) and join_name is not None:
            raise LobbyError(400, "no human seat to join: every seat is a bot")
        if await self.db(self.store.active_rooms_of, creator) >= self.settings.max_rooms_per_client:
            raise LobbyError(429, f"too many open rooms from your address (at most {self.settings.max_rooms_per_client}); finish or leave one first")
        seat = token = None
        tokens: dict[int, str] = {}
        if join_name is not None:
            seat = config.open_seats[0]
            config.seats[seat].status = "taken"
            config.seats[seat].name = join_name
            token = secrets.token_urlsafe(32)
            tokens[seat] = token_hash(token)
        room_id = secrets.token_urlsafe(6)
        seed = secrets.randbelow(2**62)
        state = "waiting" if config.open_seats else "playing"
        await self.db(self.store.create_room, room_id, config.to_json(), seed, config.public, creator, state, tokens)
        live = await self.get(room_id)
        assert live is not None
        if live.room.started:
            self.kick(live)
        return self.room_info(live.room, live), seat, token

    async def join(self, room_id: str, name: str, seat: int | None) -> tuple[dict[str, Any], int, str]:
        token = secrets.token_urlsafe(32)
        chosen: list[int] = []

        def change(row: RoomRow) -> tuple[dict[str, Any], str, dict[int, str | None]]:
            config = RoomConfig.from_json(row.config)
            if row.state != "waiting":
                raise LobbyError(409, "that room has already started" if row.state == "playing" else "that match is over")
            open_seats = config.open_seats
            if seat is not None:
                if not 0 <= seat < len(config.seats):
                    raise LobbyError(400, f"seat must be 0 to {len(config.seats) - 1}")
                if seat not in open_seats:
                    raise LobbyError(409, f"seat {seat} is not open")
                s = seat
            elif open_seats:
                s = open_seats[0]
            else:
                raise LobbyError(409, "that room has no open seat")
            config.seats[s].status = "taken"
            config.seats[s].name = name
            chosen.append(s)
            state = "waiting" if config.open_seats else "playing"
            return config.to_json(), state, {s: token_hash(token)}

        try:
            await self.db(self.store.update_room, room_id, change)
        except KeyError:
            raise LobbyError(404, f"there is no room {room_id!r}") from None
        live = await self._refresh(room_id)
        return self.room_info(live.room, live), chosen[0], token

    async def leave(self, room_id: str, token: str) -> dict[str, Any]:
        seat = await self.db(self.store.seat_of_token, room_id, token)
        if seat is None:
            raise LobbyError(401, "that token holds no seat of this room")

        def change(row: RoomRow) -> tuple[dict[str, Any], str, dict[int, str | None]]:
            config = RoomConfig.from_json(row.config)
            s = config.seats[seat]
            if row.state == "waiting":
                s.status, s.name = "open", None
            else:
                s.status = "left"  # a bot plays the seat to the end
            return config.to_json(), row.state, {seat: None}

        await self.db(self.store.update_room, room_id, change)
        live = await self._refresh(room_id)
        for conn in [c for c in live.conns if c.seat == seat]:
            conn.send(error_message("bad_token", "you left this seat"))
            await conn.close()
        return self.room_info(live.room, live)

    async def quick(self, name: str, preset: str, players: int, level: str, creator: str,
                    mode: str = "bots") -> tuple[dict[str, Any], int, str]:
        """Quick play (docs/protocol.md): ``bots`` -- always a new private room of one human and
        bots; ``people`` -- a seat in the oldest waiting matchmaking room of this preset and size
        (a queue per preset and seat count), or a new one."""
        if mode == "people":
            queue = f"{preset}/{players}"
            rows = await self.db(self.store.list_rooms, "waiting", 200)
            for row in sorted(rows, key=lambda r: r.created_at):
                config = RoomConfig.from_json(row.config)
                if config.queue == queue and config.open_seats:
                    try:
                        return await self.join(row.id, name, None)
                    except LobbyError:
                        continue  # taken meanwhile: the next one
            config = RoomConfig(seats=[SeatConfig("human") for _ in range(players)], name="Quick match",
                                preset=preset, public=True, queue=queue)
        else:
            spec = self.settings.levels.get(level)
            if spec is None:
                raise LobbyError(400, f"unknown level {level!r}; levels: {', '.join(self.settings.levels)}")
            seats = [SeatConfig("human")] + [SeatConfig("bot", spec) for _ in range(players - 1)]
            config = RoomConfig(seats=seats, name=f"{name} vs bots", preset=preset, public=False)
        info, seat, token = await self.create_room(config, creator, name)
        assert seat is not None and token is not None
        return info, seat, token

    async def record(self, room_id: str, token: str | None) -> dict[str, Any] | str:
        """A finished match's record (the stored JSON text, straight from the database: the room
        is not loaded), or a seated player's own view of a match in play."""
        found = await self.db(self.store.get_record, room_id)
        if found is None:
            raise LobbyError(404, f"there is no room {room_id!r}")
        state, text = found
        if state == "over" and text is not None:
            return text
        held = self.rooms.get(room_id)
        if held is not None and held.room.over:  # finished here, its record not written yet
            await self._write_record(held)
            return dumps_match(held.room.record())
        if token is None:
            raise LobbyError(403, "the record is public once the match is over; a seated player may ask with the seat token")
        seat = await self.db(self.store.seat_of_token, room_id, token)
        if seat is None:
            raise LobbyError(401, "that token holds no seat of this room")
        live = await self.get(room_id)
        if live is None:
            raise LobbyError(404, f"there is no room {room_id!r}")
        room = live.room
        if room.over:
            await self._write_record(live)
            return dumps_match(room.record())
        hands = []
        if room.match is not None:
            for d in room.match.deals:
                if d.hand_record is not None and d.hand_record.result is not None:
                    hands.append(d.to_json())
        return {
            "format": "gostop-seat-view",
            "room": room_id,
            "seat": seat,
            "hands": hands,
            "view": room.view(seat, live.presence()),
        }

    async def _refresh(self, room_id: str) -> LiveRoom:
        """After a seat change: rebuild, tell everybody, start the bots if the match began."""
        live = await self.get(room_id)
        assert live is not None
        async with live.lock:
            await self.reload(live)
            self._broadcast_state(live)
        await self.fanout.publish({"kind": "reload", "room": room_id})
        if live.room.started:
            self.kick(live)
        return live

    # -- sockets -------------------------------------------------------------------------

    def add_connection(self, addr: str) -> bool:
        n = self.connections_by_addr.get(addr, 0)
        if n >= self.settings.max_connections_per_client:
            return False
        self.connections_by_addr[addr] = n + 1
        return True

    def drop_connection(self, addr: str) -> None:
        n = self.connections_by_addr.get(addr, 1) - 1
        if n <= 0:
            self.connections_by_addr.pop(addr, None)
        else:
            self.connections_by_addr[addr] = n

    async def seat_for(self, room_id: str, token: str) -> int | None:
        return await self.db(self.store.seat_of_token, room_id, token)

    async def attach(self, live: LiveRoom, conn: Connection) -> None:
        """A socket said hello: welcome it, update presence. The socket joins the room's
        broadcasts right after its welcome (nothing awaited in between): its first message is
        the welcome and it misses no update after it."""
        self._touch(live)
        seat = conn.seat
        came_back = False
        if seat is not None:
            if self.fanout.shared:
                await self.fanout.hold_presence([(live.room.id, seat)], self.settings.presence_ttl)
            live.local[seat] = live.local.get(seat, 0) + 1
            h = live.grace.pop(seat, None)
            if h is not None:
                h.cancel()
            came_back = seat in live.away
            live.away.discard(seat)
        decider = live.room.decider()
        if decider is not None and live.room.started and not self.bot_controls(live, decider):
            # a person is to decide: the clock runs (armed now if nothing armed it yet, e.g. a
            # player back at her own decision) and the welcome shows it
            self._arm_turn_timer(live, decider)
        conn.send(
            {
                "type": "welcome",
                "protocol": 1,
                "room": self.room_info(live.room, live),
                "seat": seat,
                "view": self._view(live, seat, lang=conn.lang),
            }
        )
        live.conns.add(conn)
        if seat is not None:
            self._broadcast_presence(live, seat)
            await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "connected": True})
            if came_back:
                self.kick(live)

    async def detach(self, live: LiveRoom, conn: Connection) -> None:
        live.conns.discard(conn)
        self._touch(live)
        seat = conn.seat
        if seat is not None:
            live.local[seat] = max(0, live.local.get(seat, 0) - 1)
            if live.local[seat] == 0:
                if self.fanout.shared:
                    await self.fanout.drop_presence(live.room.id, seat)
                await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "connected": False})
                if not live.connected(seat):
                    self._broadcast_presence(live, seat)
                self._start_grace(live, seat)
        if live.room.over and not live.conns:
            self._evict(live)  # a finished room lives on in the store only

    def _evict(self, live: LiveRoom) -> None:
        if live.unrecorded:
            return  # kept until its record is written
        if self.rooms.get(live.room.id) is live:
            del self.rooms[live.room.id]
        self._quiet(live)

    def _start_grace(self, live: LiveRoom, seat: int, delay: float | None = None) -> None:
        if seat in live.grace or live.room.over or seat in live.away:
            return
        loop = asyncio.get_running_loop()
        wait = self.settings.grace_seconds if delay is None else delay
        live.grace[seat] = loop.call_later(wait, lambda: asyncio.ensure_future(self._grace_over(live, seat)))

    async def _grace_over(self, live: LiveRoom, seat: int) -> None:
        """The grace period of a seat nobody holds here ran out: a bot keeps the seat warm, unless
        the seat's shared presence says a process still holds the player (or cannot say)."""
        live.grace.pop(seat, None)
        if live.local.get(seat, 0) > 0 or live.room.over or seat in live.away or self.rooms.get(live.room.id) is not live:
            return
        s = live.room.config.seats[seat]
        if s.kind != "human" or s.status != "taken":
            return
        present = await self.fanout.present_seats(live.room.id)
        if present is None or seat in present:
            self._start_grace(live, seat, max(0.5, min(self.settings.grace_seconds, self.settings.presence_ttl / 3)))
            return
        if live.local.get(seat, 0) > 0:
            return
        live.away.add(seat)
        live.remote.pop(seat, None)
        self._broadcast_presence(live, seat)
        await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "away": True})
        self.kick(live)

    async def act(self, live: LiveRoom, conn: Connection, seq: int, version: int, action: str) -> None:
        """A player's action: check, commit, apply, broadcast (errors go back to ``conn``)."""
        seat = conn.seat
        if seat is None:
            conn.send(error_message("spectator", "spectators watch; they cannot act", seq))
            return
        self._touch(live)
        async with live.lock:
            room = live.room
            if not room.started:
                conn.send(error_message("room_not_started", "the match starts when every seat is taken", seq, room.version))
                return
            if room.over:
                conn.send(error_message("room_over", "the match is over", seq, room.version))
                return
            if version != room.version:
                conn.send(
                    error_message(
                        "stale_version",
                        f"that action was for version {version}; the table is at version {room.version} (send sync)",
                        seq,
                        room.version,
                    )
                )
                return
            if room.decider() != seat:
                conn.send(error_message("not_your_turn", f"it is seat {room.decider()}'s decision, not yours", seq, room.version))
                return
            if action not in room.legal_texts():
                shown = ", ".join(room.legal_texts()[:10])
                conn.send(error_message("illegal_action", f"{action[:40]!r} is not a legal action now; legal: {shown}", seq, room.version))
                return
            outcome = await self._commit(live, seat, action)
            if outcome != "ok":
                why = ("another server applied an action first" if outcome == "conflict"
                       else "the server could not commit that action")
                conn.send(error_message("conflict", f"{why}; here is the table again", seq, live.room.version))
                conn.send({"type": "state", "version": live.room.version, "view": self._view(live, seat, lang=conn.lang)})
                return
            conn.send({"type": "ack", "seq": seq, "version": live.room.version})
        self.kick(live)

    async def _commit(self, live: LiveRoom, seat: int, action: str) -> str:
        """Commit ``action`` (legal for ``seat`` now), then apply it in memory and broadcast (the
        caller holds the lock). Returns ``ok``, ``conflict`` (another process was first: the room
        is reloaded) or ``error`` (the commit failed: the room is as before, or reloaded)."""
        room = live.room
        version = room.version
        state = "playing" if room.started else room.state
        try:
            ok = await self.db(self.store.commit_action, room.id, version, seat, action, state, None)
        except Exception as exc:
            # the commit may or may not have happened: the database tells
            log.warning("room %s: commit of version %d failed: %s", room.id, version + 1, exc)
            await self._safe_reload(live)
            new = live.room
            if new.version > version and new.actions[version] == action and new.actors[version] == seat:
                self._after_commit(live)
                self._broadcast_state(live)
                await self.fanout.publish({"kind": "reload", "room": room.id})
                return "ok"
            if new is not room:
                self._broadcast_state(live)
            return "error"
        if not ok:
            self.stats["conflicts"] += 1
            await self._safe_reload(live)
            self._broadcast_state(live)
            return "conflict"
        seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
        try:
            events = room.apply(seat, action)
        except IllegalMatchActionError:  # cannot be (checked under the lock); the database decides
            log.exception("room %s: a committed action did not apply", room.id)
            await self._safe_reload(live)
            self._broadcast_state(live)
            return "ok"
        if room.over:
            live.unrecorded = True
            await self._write_record(live)
        self._after_commit(live)
        self._broadcast_update(live, seat, action, events, seats_before)
        await self.fanout.publish({"kind": "action", "room": room.id, "version": version + 1, "seat": seat, "action": action})
        if room.over and not live.conns:
            self._evict(live)
        return "ok"

    def _after_commit(self, live: LiveRoom) -> None:
        live.timed_out = None
        live.deadline = None
        live.used = time.monotonic()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None
        self.stats["actions"] += 1
        nxt = live.room.decider()
        if nxt is not None and not self.bot_controls(live, nxt):
            self._arm_turn_timer(live, nxt)

    # -- bots and timers -----------------------------------------------------------------

    def bot_controls(self, live: LiveRoom, seat: int) -> bool:
        s = live.room.config.seats[seat]
        return s.kind == "bot" or s.status == "left" or seat in live.away or live.timed_out == live.room.version

    def kick(self, live: LiveRoom) -> None:
        """Make sure the room's driver runs (it plays bot decisions until a human must act)."""
        if live.driver is None or live.driver.done():
            live.driver = asyncio.create_task(self._drive(live))

    async def _drive(self, live: LiveRoom) -> None:
        lease = self.settings.lease_seconds
        held = False
        try:
            while self.rooms.get(live.room.id) is live:
                room = live.room
                seat = room.decider()
                if seat is None:
                    return
                if not self.bot_controls(live, seat):
                    if self._arm_turn_timer(live, seat):
                        self._broadcast_state(live)  # every client learns the new deadline
                    return
                # one driver per room across processes: the lease holder
                held = await self.fanout.lease(room.id, lease)
                if not held:
                    await asyncio.sleep(max(0.2, min(1.0, lease / 3)))
                    continue
                version = room.version
                if self.settings.bot_delay > 0:
                    await asyncio.sleep(self.settings.bot_delay)
                async with live.lock:
                    room = live.room
                    if room.version != version or room.decider() != seat or not self.bot_controls(live, seat):
                        continue
                    if not await self._may_stand_in(live, seat):
                        continue
                    action = await self._bot_decision(room, seat)
                    if live.room is not room or room.version != version or not self.bot_controls(live, seat):
                        continue  # the table moved on, or the player came back while the bot thought
                    await self._commit(live, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the bot driver failed", live.room.id)
        finally:
            if held:
                with contextlib.suppress(Exception):
                    await self.fanout.release(live.room.id)

    async def _may_stand_in(self, live: LiveRoom, seat: int) -> bool:
        """May the standby bot play this human seat now? Not when any process still holds its
        player (shared presence), nor when that cannot be told."""
        s = live.room.config.seats[seat]
        if s.kind == "bot" or s.status == "left" or live.timed_out == live.room.version:
            return True
        if live.local.get(seat, 0) > 0:
            live.away.discard(seat)
            return False
        present = await self.fanout.present_seats(live.room.id)
        if present is not None and seat not in present:
            return True
        live.away.discard(seat)  # the player is back, elsewhere (or we cannot tell: wait)
        live.remote.setdefault(seat, set()).add("shared")
        self._broadcast_presence(live, seat)
        self._start_grace(live, seat)
        return False

    async def _bot_decision(self, room: Room, seat: int) -> str:
        """Quick bots think in a thread; searching bots in a worker process (their thinking
        would otherwise hold the interpreter lock that the event loop needs), at most
        ``bot_seconds`` a decision (then the workers are stopped and the standby bot decides)."""
        loop = asyncio.get_running_loop()
        self.stats["bot_decisions"] += 1
        if self.settings.bot_processes > 0 and room.thinks_long(seat):
            try:
                pool = await self._worker_pool()
                fut = loop.run_in_executor(
                    pool, think_in_worker, room.id, room.config.to_json(), room.seed, list(room.actions), seat
                )
                action: str = await asyncio.wait_for(fut, self.settings.bot_seconds)
                if action in room.legal_texts():
                    return action
            except TimeoutError:
                log.warning("room %s: a bot thought longer than %g s; the standby bot decides", room.id, self.settings.bot_seconds)
                if self._think_pool is pool:
                    self._kill_think_pool()
                return await loop.run_in_executor(self.bot_pool, _standby_action, room, seat)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("room %s: the bot worker failed (%s); the standby bot decides", room.id, exc)
                return await loop.run_in_executor(self.bot_pool, _standby_action, room, seat)
        return await loop.run_in_executor(self.bot_pool, room.bot_action, seat)

    async def _worker_pool(self) -> ProcessPoolExecutor:
        """The bot worker processes, started (and their imports done) before the first decision
        is timed. Raises when they cannot be started."""
        for _ in range(3):
            if self._think_pool is None:
                pool = ProcessPoolExecutor(
                    max_workers=self.settings.bot_processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=worker_init, initargs=(os.getpid(),),
                )
                loop = asyncio.get_running_loop()
                self._think_pool = pool
                self._pool_warm = asyncio.ensure_future(asyncio.wait_for(asyncio.gather(
                    *(loop.run_in_executor(pool, worker_ready) for _ in range(self.settings.bot_processes))), 120))
            pool, warm = self._think_pool, self._pool_warm
            assert warm is not None
            try:
                await asyncio.shield(warm)
                return pool
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("bot workers did not start: %s", exc)
                if self._think_pool is pool:
                    self._kill_think_pool()
        raise RuntimeError("the bot worker processes cannot be started")

    def _arm_turn_timer(self, live: LiveRoom, seat: int) -> bool:
        """Start the turn clock of ``seat`` (when the room has one); True if it started now."""
        secs = live.room.config.turn_seconds
        if not secs or live.turn_timer is not None:
            return False
        version = live.room.version
        live.deadline = time.time() + secs

        def expire() -> None:
            live.turn_timer = None
            if live.room.version == version and live.room.decider() == seat:
                live.timed_out = version
                self.kick(live)

        live.turn_timer = asyncio.get_running_loop().call_later(secs, expire)
        return True

    # -- sending -------------------------------------------------------------------------

    def _view(self, live: LiveRoom, seat: int | None, history: bool = True, lang: str = "en") -> dict[str, Any]:
        return live.room.view(seat, live.presence(), live.deadline, history, lang)

    def _broadcast_update(self, live: LiveRoom, seat: int, action: str, events: list[Any], seats_before: tuple[int, ...]) -> None:
        room = live.room
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}  # one message per (seat, language)
        for conn in list(live.conns):
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = {
                    "type": "update",
                    "version": room.version,
                    "seat": seat,
                    "action": action,
                    "events": room.events_for(conn.seat, events, seats_before, conn.lang),
                    "view": self._view(live, conn.seat, history=False, lang=conn.lang),
                }
            conn.send(cache[key])

    def _broadcast_state(self, live: LiveRoom) -> None:
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}  # one message per (seat, language)
        for conn in list(live.conns):
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = {"type": "state", "version": live.room.version,
                              "view": self._view(live, conn.seat, lang=conn.lang)}
            conn.send(cache[key])

    def _broadcast_presence(self, live: LiveRoom, seat: int) -> None:
        connected, away = live.presence()[seat]
        for conn in list(live.conns):
            conn.send({"type": "presence", "seat": seat, "connected": connected, "away": away})

    def send_state(self, live: LiveRoom, conn: Connection) -> None:
        conn.send({"type": "state", "version": live.room.version, "view": self._view(live, conn.seat, lang=conn.lang)})

    # -- maintenance ---------------------------------------------------------------------

    async def _maintain(self) -> None:
        period = max(0.2, min(self.settings.resync_seconds, self.settings.presence_ttl / 3))
        last_sweep = 0.0
        while True:
            await asyncio.sleep(period)
            try:
                await self._heartbeat()
                await self._gap_check()
                if time.monotonic() - last_sweep >= self.settings.resync_seconds:
                    last_sweep = time.monotonic()
                    self._sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("maintenance failed")

    async def _heartbeat(self) -> None:
        if not self.fanout.shared:
            return
        held = [(rid, seat) for rid, live in self.rooms.items() for seat, n in live.local.items() if n > 0]
        await self.fanout.hold_presence(held, self.settings.presence_ttl)

    async def _gap_check(self) -> None:
        """Reload every live room whose database version is ahead of memory; retry unwritten records."""
        ids = [rid for rid, live in self.rooms.items() if not live.room.over]
        for pending in [lv for lv in self.rooms.values() if lv.unrecorded]:
            await self._write_record(pending)
        for i in range(0, len(ids), 500):
            try:
                versions = await self.db(self.store.versions, ids[i:i + 500])
            except Exception as exc:
                log.warning("gap check failed: %s", exc)
                return
            for rid, version in versions.items():
                found = self.rooms.get(rid)
                if found is None:
                    continue
                live = found
                if version > live.room.version:
                    async with live.lock:
                        if version > live.room.version:
                            await self._safe_reload(live)
                            self._broadcast_state(live)
                    self.kick(live)
                else:
                    self._start_grace_all(live)

    def _sweep(self) -> None:
        """Evict finished rooms and idle rooms nobody is connected to; then the least recently
        used ones above the cap."""
        now = time.monotonic()
        for live in list(self.rooms.values()):
            if live.conns or live.lock.locked():
                continue
            driving = live.driver is not None and not live.driver.done()
            # a finished room, a waiting one (cheap to load again), an idle one
            if (live.room.over or not live.room.started
                    or (not driving and now - live.used > self.settings.idle_seconds)):
                self._evict(live)
        excess = len(self.rooms) - self.settings.max_live_rooms
        if excess > 0:
            for live in list(self.rooms.values()):
                if excess <= 0:
                    break
                if live.conns or live.lock.locked() or (live.driver is not None and not live.driver.done()):
                    continue
                self._evict(live)
                excess -= 1

    # -- other processes -----------------------------------------------------------------

    async def on_fanout(self, msg: dict[str, Any]) -> None:
        room_id = msg.get("room")
        if not isinstance(room_id, str):
            return
        live = self.rooms.get(room_id)
        if live is None:
            return
        kind = msg.get("kind")
        if kind == "who":
            for seat, count in live.local.items():
                if count > 0:
                    await self.fanout.publish({"kind": "presence", "room": room_id, "seat": seat, "connected": True})
            return
        if kind == "presence":
            # for the display only: whether a bot may play a seat is read from the shared presence
            seat = int(msg.get("seat", -1))
            origin = str(msg.get("origin"))
            if "connected" in msg:
                bucket = live.remote.setdefault(seat, set())
                if msg["connected"]:
                    bucket.add(origin)
                    live.away.discard(seat)
                else:
                    bucket.discard(origin)
                    bucket.discard("shared")
                    if live.local.get(seat, 0) == 0:
                        self._start_grace(live, seat)
            elif msg.get("away") and live.local.get(seat, 0) == 0:
                live.away.add(seat)
                live.remote.pop(seat, None)
            if 0 <= seat < len(live.room.config.seats):
                self._broadcast_presence(live, seat)
            return
        async with live.lock:
            if kind == "action" and msg.get("version") == live.room.version + 1:
                room = live.room
                seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
                try:
                    events = room.apply(int(msg["seat"]), str(msg["action"]))
                except (IllegalMatchActionError, KeyError, ValueError):
                    await self.reload(live)
                    self._broadcast_state(live)
                else:
                    live.timed_out = None
                    live.deadline = None
                    live.used = time.monotonic()
                    if live.turn_timer is not None:
                        live.turn_timer.cancel()
                        live.turn_timer = None
                    self._broadcast_update(live, int(msg["seat"]), str(msg["action"]), events, seats_before)
            elif kind == "reload" or (kind == "action" and int(msg.get("version", 0)) > live.room.version + 1):
                await self._safe_reload(live)
                self._broadcast_state(live)
            else:
                return
        if live.room.over and not live.conns:
            self._evict(live)
            return
        self.kick(live)


def _standby_action(room: Room, seat: int) -> str:
    """The decision of the standby level (a quick bot) for a seat whose own bot ran out of time."""
    from gostop.agents import make_agent
    from gostop.server.room import STANDBY_LEVEL, bot_spec

    keep = room.agents.get(seat)
    room.agents[seat] = make_agent(bot_spec(STANDBY_LEVEL))
    room._told.pop(seat, None)
    try:
        return room.bot_action(seat)
    finally:
        if keep is not None:
            room.agents[seat] = keep
            room._told.pop(seat, None)


def worker_ready() -> bool:
    """A first task for a new bot worker: one small search, so that its imports (and the fast
    engine's compiled code, when installed) are loaded before any decision is timed."""
    room = Room("warm-up", RoomConfig(seats=[SeatConfig("bot", "search:steps=20"), SeatConfig("bot", "greedy")], hands=1), 1)
    for _ in range(50):
        seat = room.decider()
        if seat is None:
            break
        if room.thinks_long(seat):
            room.bot_action(seat)
            break
        room.apply(seat, room.legal_texts()[0])
    return True


def worker_init(parent: int) -> None:
    """A bot worker process dies with the server: the Linux parent-death signal, and a watchdog
    thread for the other systems (and for a parent that died before the signal was set)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="gostop-parent-watch", daemon=True).start()
