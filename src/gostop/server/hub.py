"""The live rooms of one server process: a thin facade over presence, the room driver and the
commit module.

A :class:`Hub` keeps every room this process serves in memory (:class:`~gostop.server.live.LiveRoom`:
the :class:`~gostop.server.room.Room`, its lock, its sockets, its
:class:`~gostop.server.presence.Presence`) and is what the HTTP and WebSocket layers
(:mod:`~gostop.server.lobby`, :mod:`~gostop.server.socket`) call. The work is done by:

* :mod:`~gostop.server.commit` -- commit to the store, then apply in memory, then tell this
  process's sockets and publish to the other processes (:mod:`gostop.server.fanout`);
* :mod:`~gostop.server.driver` -- bot moves, the turn timer, the grace timers;
* :mod:`~gostop.server.presence` -- who holds each seat, an immutable value replaced on change;
* :mod:`~gostop.server.rooms` -- the lobby's work: create, join, leave, quick play, records;
* :mod:`~gostop.server.seats` -- seat transfer codes and rematches.

The lobby's refusals are domain errors (:mod:`gostop.server.errors`); the HTTP layer maps them
to statuses (:data:`gostop.server.app.STATUS`).

A maintenance task (every ``resync_seconds``) catches up with the database the rooms whose
version there stayed ahead of memory from one check to the next (a lost fan-out message, not
one still on its way), evicts finished and idle rooms nobody is connected to (and the least
recently used ones above ``max_live_rooms``), and deletes the waiting rooms nobody has sat in
for ``waiting_seconds``. It needs only the database: this process's presence is refreshed in
Redis by a task of its own, so that a stalled Redis never holds the gap check up.

Framework-free.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from gostop.server import errors, rooms
from gostop.server import seats as seat_moves
from gostop.server.commit import (
    Committer,
    broadcast_all,
    broadcast_presence,
    broadcast_state,
    send_state,
    view_of,
)
from gostop.server.driver import RoomDriver
from gostop.server.fanout import Fanout
from gostop.server.live import Connection, LiveRoom
from gostop.server.presence import Presence
from gostop.server.protocol import (
    CLOSE_CODES,
    CLOSE_MOVED,
    PHRASES,
    PROTOCOL_VERSION,
    PhraseLimit,
    error_message,
)
from gostop.server.room import HandInPlayError, Room, RoomConfig, RoomError
from gostop.server.settings import ServerSettings
from gostop.server.store import RoomRow, Store

__all__ = ["ServerSettings", "Hub", "LiveRoom", "Connection"]

log = logging.getLogger("gostop.server")
T = TypeVar("T")


class Hub:
    """The rooms of this process (see the module docstring)."""

    def __init__(self, settings: ServerSettings, store: Store, fanout: Fanout) -> None:
        self.settings = settings
        self.store = store
        self.fanout = fanout
        self.rooms: OrderedDict[str, LiveRoom] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._ahead: dict[str, int] = {}  # room -> its database version when the last gap check found it ahead
        self._maintainer: asyncio.Task[None] | None = None
        self._heartbeats: asyncio.Task[None] | None = None
        #: set when the server is going down: new sockets are turned away
        self.closing = False
        self.connections_by_addr: dict[str, int] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1 if store.sqlite else 8, thread_name_prefix="gostop-db")
        self.stats = {"actions": 0, "bot_decisions": 0, "conflicts": 0}
        self.committer = Committer(store, fanout, self.db, self.stats)
        self.driver = RoomDriver(settings, fanout, self.committer, self._is_live, self.stats)
        self.committer.on_commit = self.driver.after_commit
        self.committer.on_reload = self.driver.start_grace_all
        self.committer.on_finished = self._evict

    def _is_live(self, live: LiveRoom) -> bool:
        return self.rooms.get(live.room.id) is live

    def kick(self, live: LiveRoom) -> None:
        """Make sure the room's driver runs (it plays bot decisions until a human must act)."""
        self.driver.kick(live)

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
        self._heartbeats = asyncio.create_task(self._presence_loop())

    async def stop(self) -> None:
        self.closing = True
        for task in (self._maintainer, self._heartbeats):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.driver.kill_think_pool(wait=True)
        gone: list[Awaitable[None]] = []
        for live in list(self.rooms.values()):
            self.driver.quiet(live)
            # the other processes take over at once: this process's players and leases go
            gone += [self.fanout.drop_presence(live.room.id, seat) for seat in live.presence.held_here()]
            gone.append(self.fanout.release(live.room.id))
        if gone:  # all at once, each at most the fan-out's wait (Redis may be stalled)
            await asyncio.gather(*gone, return_exceptions=True)
        await self.fanout.stop()
        self.driver.stop()
        self.db_pool.shutdown(wait=True)
        self.store.dispose()

    async def close_sockets(self, code: int, reason: str, timeout: float = 1.0) -> None:
        """Close every socket of this process (what is queued for each goes first), at most
        ``timeout`` seconds in all: the server is going down (new sockets are turned away)."""
        self.closing = True
        conns = [c for live in self.rooms.values() for c in live.conns]
        if conns:
            await asyncio.wait([asyncio.ensure_future(c.close_socket(code, reason)) for c in conns], timeout=timeout)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the store's worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, lambda: fn(*args))

    # -- loading -------------------------------------------------------------------------

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
                room, recent = self.committer.build(row, actions)
                live = LiveRoom(room, created=row.created_at, ended=row.ended_at, presence=Presence.empty(len(room.config.seats)))
                live.recent.extend(recent)
                if live.room.over:
                    await seat_moves.load_rematch(self, live)
                    if row.record is None:
                        live.unrecorded = True  # the process that finished it died before the record
                        await self.committer.write_record(live)
                self.rooms[room_id] = live
                self.driver.start_grace_all(live)
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
                    await self.committer.safe_advance(live)
            self.kick(live)

    async def reload(self, live: LiveRoom) -> None:
        """Rebuild a live room from the store (after a conflict, a seat change or a missed message)."""
        await self.committer.reload(live)

    # -- lobby (gostop.server.rooms does the work) ---------------------------------------

    def room_info(self, row_or_room: RoomRow | Room, live: LiveRoom | None = None) -> dict[str, Any]:
        return rooms.room_info(row_or_room, live)

    async def info(self, room_id: str) -> dict[str, Any]:
        return await rooms.info(self, room_id)

    async def list_rooms(self, state: str | None, limit: int, offset: int = 0) -> list[dict[str, Any]]:
        return await rooms.list_rooms(self, state, limit, offset)

    async def create_room(self, config: RoomConfig, creator: str, join_name: str | None) -> tuple[dict[str, Any], int | None, str | None]:
        return await rooms.create_room(self, config, creator, join_name)

    async def join(self, room_id: str, name: str, seat: int | None) -> tuple[dict[str, Any], int, str]:
        return await rooms.join(self, room_id, name, seat)

    async def leave(self, room_id: str, token: str) -> dict[str, Any]:
        return await rooms.leave(self, room_id, token)

    async def quick(self, name: str, preset: str, players: int, level: str, creator: str,
                    mode: str = "bots") -> tuple[dict[str, Any], int, str]:
        """Quick play (docs/protocol.md, :func:`gostop.server.rooms.quick`)."""
        return await rooms.quick(self, name, preset, players, level, creator, mode)

    async def record(self, room_id: str, token: str | None) -> dict[str, Any] | str:
        return await rooms.record(self, room_id, token)

    async def hand_review(self, room_id: str, deal: int, token: str | None, lang: str = "en") -> dict[str, Any]:
        """A finished hand, every card face up, move by move (:meth:`Room.hand_review`): for a
        seated player (the seat token) while the match is on, for anyone once it is over. A hand
        still in play is refused (409): its hidden cards are never sent."""
        live = await self.get(room_id)
        if live is None:
            raise errors.RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32])
        seat = None if token is None else await self.db(self.store.seat_of_token, room_id, token)
        if not live.room.over:
            if token is None:
                raise errors.RecordNotPublic("a finished hand is shown to the seated players (send the seat token) "
                                      "until the match is over")
            if seat is None:
                raise errors.BadToken("that token holds no seat of this room")
        async with live.lock:
            try:
                # its lines said to the seated player who asks (a seat named "You"), else to all
                return live.room.hand_review(deal, lang, seat)
            except HandInPlayError as exc:
                raise errors.HandInPlay(str(exc)) from None
            except RoomError as exc:  # a deal that is not there
                raise errors.HandNotFound(str(exc), deal=deal) from None

    async def refresh(self, room_id: str) -> LiveRoom:
        """After a seat change: rebuild, tell everybody, start the bots if the match began."""
        live = await self.get(room_id)
        assert live is not None
        async with live.lock:
            await self.committer.reload(live)
            broadcast_state(live)
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

    async def attach(self, live: LiveRoom, conn: Connection) -> LiveRoom:
        """A socket said hello: welcome it, update presence, and return the live room it joined
        (the caller acts on that one from now on). The socket joins the room's broadcasts
        right after its welcome (nothing awaited in between): its first message is the welcome
        and it misses no update after it.

        ``live`` was looked up before the hello's awaits (the token check, the version check):
        a waiting room nobody was connected to may have been evicted meanwhile by the sweep,
        and a seat taken since goes to the room loaded again. The socket joins the room this
        process serves now, never an evicted copy that no broadcast reaches."""
        seat = conn.seat
        came_back = False
        first_here = False  # the seat's first socket in this process
        shown_before: tuple[bool, bool] | None = None
        if seat is not None and self.fanout.shared and live.presence.here(seat) == 0:
            # written before the welcome; a stalled Redis holds the hello up for the fan-out's
            # wait at the most (then the presence refresh writes it)
            await self.fanout.hold_presence([(live.room.id, seat)], self.settings.presence_ttl)
        live = await self._serving(live)
        self._touch(live)
        if seat is not None:
            came_back = live.presence.is_away(seat)
            first_here = live.presence.here(seat) == 0
            shown_before = live.seats_presence().get(seat)
            live.presence = live.presence.attached(seat)
            self.driver.attached(live, seat)
        decider = live.room.decider()
        if decider is not None and live.room.started and not self.driver.bot_controls(live, decider):
            # a person is to decide: the clock runs (armed now if nothing armed it yet, e.g. a
            # player back at her own decision) and the welcome shows it
            self.driver.arm_turn_timer(live, decider)
        conn.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "room": self.room_info(live.room, live),
                "seat": seat,
                "view": view_of(live, seat, lang=conn.lang),
                "recent": live.recent_for(seat, conn.lang),
                "rematch": seat_moves.rematch_public(live),
                # the seat was away past its grace period (a bot played it) and is given back
                # now: the page says so, not only "reconnected" (QA 15)
                "came_back": came_back,
            }
        )
        live.conns.add(conn)
        if seat is not None:
            # told only when the seat's connection changes: another socket of a seat already
            # connected changes nothing for anybody
            if live.seats_presence().get(seat) != shown_before:
                broadcast_presence(live, seat)
            if first_here:
                await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "connected": True})
            if came_back:
                self.kick(live)
            if live.moved.get(seat, conn.token_hash) != conn.token_hash:
                # the seat moved to another device while this socket said hello with the old token
                await self.close_seat(live, seat, live.moved[seat], seat_moves.moved_message(seat))
        return live

    async def _serving(self, live: LiveRoom) -> LiveRoom:
        """The live room this process serves for ``live``'s id, loaded again if ``live`` was
        evicted; returned with nothing awaited after the check (the sweep cannot run between)."""
        room_id = live.room.id
        for _ in range(5):
            current = self.rooms.get(room_id)
            if current is not None:
                return current
            try:
                loaded = await self.get(room_id)  # the sweep may evict it again before it returns
            except Exception as exc:  # the database is away: the copy serves (the gap check reloads)
                log.warning("room %s: loading it again for a socket failed: %s", room_id, exc)
                break
            if loaded is None:  # gone from the store: keep the copy (its socket sees no change)
                break
            live = loaded
        self.rooms.setdefault(room_id, live)
        return self.rooms[room_id]

    async def detach(self, live: LiveRoom, conn: Connection) -> None:
        live.conns.discard(conn)
        self._touch(live)
        seat = conn.seat
        if seat is not None:
            live.presence = live.presence.detached(seat)
            if live.presence.here(seat) == 0:
                await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "connected": False})
                if not live.connected(seat):
                    broadcast_presence(live, seat)
                self.driver.start_grace(live, seat)
                if self.fanout.shared:
                    await self.fanout.drop_presence(live.room.id, seat)
                    if live.presence.here(seat) > 0:  # a socket of the seat came back meanwhile
                        await self.fanout.hold_presence([(live.room.id, seat)], self.settings.presence_ttl)
        if live.room.over and not live.conns:
            self._evict(live)  # a finished room lives on in the store only

    def send_state(self, live: LiveRoom, conn: Connection) -> None:
        send_state(live, conn)

    def _evict(self, live: LiveRoom) -> None:
        if live.unrecorded:
            return  # kept until its record is written
        self._ahead.pop(live.room.id, None)
        if self.rooms.get(live.room.id) is live:
            del self.rooms[live.room.id]
        self.driver.quiet(live)

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
                conn.send(error_message("not_your_turn", f"it is seat {room.decider()}'s decision, not yours", seq, room.version,
                                        seat=room.decider()))
                return
            if action not in room.legal_texts():
                shown = ", ".join(room.legal_texts()[:10])
                conn.send(error_message("illegal_action", f"{action[:40]!r} is not a legal action now; legal: {shown}", seq,
                                        room.version, action=action[:40]))
                return
            outcome = await self.committer.commit(live, seat, action)
            if outcome != "ok":
                # the other sockets were told what the database holds (an update for each action
                # committed first elsewhere); this one gets the table again, once
                why = ("another server applied an action first" if outcome == "conflict"
                       else "the server could not commit that action")
                conn.send(error_message("conflict", f"{why}; here is the table again", seq, live.room.version))
                send_state(live, conn)
            else:
                conn.send({"type": "ack", "seq": seq, "version": live.room.version})
        self.kick(live)

    async def say(self, live: LiveRoom, conn: Connection, seq: int, phrase: str) -> None:
        """A seated person's quick phrase (docs/protocol.md ``say``): ``said`` to every socket
        of the room here and, through the fan-out, on the other processes. Nothing is stored.
        A spectator is refused (``spectator``), a person with nobody else seated to hear it
        (``alone``: bots at the other seats, or the friends left the match), a seat that says
        too much (``too_fast``)."""
        seat = conn.seat
        if seat is None:
            conn.send(error_message("spectator", "spectators watch; they cannot say phrases", seq))
            return
        if not any(s.kind == "human" and s.status == "taken" for i, s in enumerate(live.room.config.seats) if i != seat):
            conn.send(error_message("alone", "nobody else is seated at this table to hear a phrase", seq))
            return
        limit = live.phrases.setdefault(seat, PhraseLimit())
        wait = limit.wait(time.monotonic())
        if wait > 0:
            conn.send(error_message("too_fast", f"wait {wait:.1f} s before saying more", seq,
                                    retry_after=round(wait, 1)))
            return
        self._touch(live)
        message = {"type": "said", "seat": seat, "phrase": phrase}
        broadcast_all(live, message)
        await self.fanout.publish({"kind": "said", "room": live.room.id, "seat": seat, "phrase": phrase})

    async def rematch(self, live: LiveRoom, conn: Connection, seq: int, accept: bool) -> None:
        """A seat's answer to the rematch (see :mod:`gostop.server.seats`)."""
        await seat_moves.answer_rematch(self, live, conn, seq, accept)

    # -- maintenance ---------------------------------------------------------------------

    async def _maintain(self) -> None:
        """The gap check, the sweep and the expiry of waiting rooms: the database only."""
        period = max(0.2, self.settings.resync_seconds)
        while True:
            await asyncio.sleep(period)
            try:
                await self._gap_check()
                self._sweep()
                await self._expire_waiting()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("maintenance failed")

    async def _presence_loop(self) -> None:
        """This process's presence marks refreshed in Redis (every third of their lifetime at
        the most), apart from the gap check: a stalled Redis holds up nothing else."""
        if not self.fanout.shared:
            return
        period = max(0.2, min(self.settings.resync_seconds, self.settings.presence_ttl / 3))
        while True:
            await asyncio.sleep(period)
            try:
                await self._heartbeat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("presence refresh failed")

    async def _heartbeat(self) -> None:
        if not self.fanout.shared:
            return
        held = [(rid, seat) for rid, live in self.rooms.items() for seat in live.presence.held_here()]
        await self.fanout.hold_presence(held, self.settings.presence_ttl)

    async def _expire_waiting(self) -> None:
        """Delete the waiting rooms nobody sits in (no seat token) that have not changed for
        ``waiting_seconds`` (their creators' room count goes down); the sockets this process
        holds on them (spectators) are closed."""
        cutoff = datetime.now(UTC) - timedelta(seconds=self.settings.waiting_seconds)
        try:
            gone = await self.db(self.store.expire_waiting, cutoff)
        except Exception as exc:
            log.warning("expiring waiting rooms failed: %s", exc)
            return
        for room_id in gone:
            live = self.rooms.pop(room_id, None)
            if live is None:
                continue
            self._ahead.pop(room_id, None)
            self.driver.quiet(live)
            for conn in list(live.conns):
                conn.send(error_message("room_unknown", "this room expired: nobody took a seat in it for a long time",
                                        room=room_id))
                await conn.close_socket(CLOSE_CODES["room_unknown"], "this room expired: nobody took a seat in it")
        if gone:
            log.info("%d waiting rooms nobody sat in expired", len(gone))

    async def _gap_check(self) -> None:
        """Reload every live room whose database version is ahead of memory; retry unwritten records."""
        ids = [rid for rid, live in self.rooms.items() if not live.room.over]
        for pending in [lv for lv in self.rooms.values() if lv.unrecorded]:
            await self.committer.write_record(pending)
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
                    # the message of a commit made elsewhere may be on its way: the room is reloaded
                    # only when what the database had at the last check has still not arrived (a
                    # lost message), not on every commit this check happens to see before its message
                    seen = self._ahead.get(rid)
                    self._ahead[rid] = version
                    if seen is None or live.room.version >= seen:
                        continue
                    del self._ahead[rid]
                    async with live.lock:
                        if version > live.room.version:
                            await self.committer.safe_advance(live)
                    self.kick(live)
                else:
                    self._ahead.pop(rid, None)
                    self.driver.start_grace_all(live)

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
            for seat in live.presence.held_here():
                await self.fanout.publish({"kind": "presence", "room": room_id, "seat": seat, "connected": True})
            return
        if kind == "presence":
            self._remote_presence(live, msg)
            return
        if kind in ("moved", "rematch"):
            await seat_moves.on_fanout(self, live, msg)
            return
        if kind == "said":  # a quick phrase said on another process: told to the sockets here
            speaker, phrase = msg.get("seat"), msg.get("phrase")
            if isinstance(speaker, int) and 0 <= speaker < len(live.room.config.seats) and phrase in PHRASES:
                broadcast_all(live, {"type": "said", "seat": speaker, "phrase": phrase})
            return
        async with live.lock:
            if not await self.committer.apply_published(live, msg):
                return
        if live.room.over and not live.conns:
            self._evict(live)
            return
        self.kick(live)

    def _remote_presence(self, live: LiveRoom, msg: dict[str, Any]) -> None:
        # for the display only: whether a bot may play a seat is read from the shared presence
        seat = int(msg.get("seat", -1))
        origin = str(msg.get("origin"))
        if "connected" in msg:
            if msg["connected"]:
                live.presence = live.presence.remote_in(seat, origin)
            else:
                live.presence = live.presence.remote_out(seat, origin)
                if live.presence.here(seat) == 0:
                    self.driver.start_grace(live, seat)
        elif msg.get("away") and live.presence.here(seat) == 0:
            live.presence = live.presence.gone_away(seat)
        if 0 <= seat < len(live.room.config.seats):
            broadcast_presence(live, seat)

    async def close_seat(self, live: LiveRoom, seat: int, keep_hash: str | None, message: dict[str, Any]) -> None:
        """Send ``message`` to this process's sockets of ``seat`` that came with another token
        than ``keep_hash``, and close them (4410, the seat moved)."""
        if keep_hash is not None:
            live.moved[seat] = keep_hash
        for conn in [c for c in live.conns if c.seat == seat and c.token_hash != keep_hash]:
            conn.send(message)
            await conn.close_socket(CLOSE_MOVED, "your seat moved to another device")

