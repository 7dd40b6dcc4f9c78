"""Commit, then broadcast: the one way a live room changes.

:meth:`Committer.commit` writes an action to the store (the room's version checked under its
row lock), then applies it in memory, then tells this process's sockets (an ``update`` each,
with that viewer's events and view) and publishes it to the other processes
(:mod:`~gostop.server.fanout`: queued, never awaited, so that a stalled Redis holds up no
commit). The in-memory room never runs ahead of the database: a failed or doubtful commit leaves
the room as it was and catches up with the store. An action another process committed arrives
here by the fan-out (:meth:`Committer.apply_published`) and is told the same way. When memory is
behind the store for another reason (a conflict: another process committed first; a lost
fan-out message), :meth:`Committer.advance` applies the missing actions one by one and tells
each as an ``update`` too, so that every client sees every move (its feed line, its animation);
only a room that does not follow on from memory is rebuilt and told as a ``state``. A finished
match's record is written with its state.

The ``broadcast_*`` and :func:`send_state` functions build the messages (one view per seat,
shared by that seat's sockets).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from gostop.match import IllegalMatchActionError, MatchEvent
from gostop.match.record import dumps_match
from gostop.server.fanout import Fanout
from gostop.server.live import Connection, LiveRoom, Recent
from gostop.server.room import Room, RoomConfig
from gostop.server.store import RoomRow, Store

__all__ = [
    "Committer",
    "view_of",
    "broadcast_update",
    "broadcast_state",
    "broadcast_presence",
    "broadcast_all",
    "send_state",
]

log = logging.getLogger("gostop.server")

Db = Callable[..., Any]

#: Missing actions applied one by one (each an ``update``) at most; a room further behind is
#: rebuilt and told as one ``state``.
MAX_CATCH_UP = 30


# -- messages ---------------------------------------------------------------------------------


def view_of(live: LiveRoom, seat: int | None, history: bool = True, lang: str = "en") -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), its texts said in ``lang``."""
    return live.room.view(seat, live.seats_presence(), live.deadline, history, lang)


def broadcast_update(live: LiveRoom, seat: int, action: str, events: list[Any], seats_before: tuple[int, ...]) -> None:
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
                "view": view_of(live, conn.seat, history=False, lang=conn.lang),
            }
        conn.send(cache[key])


def broadcast_state(live: LiveRoom) -> None:
    cache: dict[tuple[int | None, str], dict[str, Any]] = {}  # one message per (seat, language)
    for conn in list(live.conns):
        key = (conn.seat, conn.lang)
        if key not in cache:
            cache[key] = {"type": "state", "version": live.room.version,
                          "view": view_of(live, conn.seat, lang=conn.lang)}
        conn.send(cache[key])


def broadcast_presence(live: LiveRoom, seat: int) -> None:
    connected, away = live.seats_presence()[seat]
    for conn in list(live.conns):
        conn.send({"type": "presence", "seat": seat, "connected": connected, "away": away})


def broadcast_all(live: LiveRoom, message: dict[str, Any]) -> None:
    """The same message to every socket of the room."""
    for conn in list(live.conns):
        conn.send(message)


def send_state(live: LiveRoom, conn: Connection) -> None:
    conn.send({"type": "state", "version": live.room.version, "view": view_of(live, conn.seat, lang=conn.lang)})


# -- commits ----------------------------------------------------------------------------------


def _noop(_live: LiveRoom) -> None:
    return None


class Committer:
    """Commits and reloads of the live rooms of a process (see the module docstring).

    ``db(fn, *args)`` runs a store call off the event loop. :attr:`on_commit` is called after an
    action is applied in memory (the room driver stops and starts its clocks);
    :attr:`on_reload` after a room was rebuilt from the store (grace timers)."""

    def __init__(self, store: Store, fanout: Fanout, db: Db, stats: dict[str, int]) -> None:
        self.store = store
        self.fanout = fanout
        self.db = db
        self.stats = stats
        self.on_commit: Callable[[LiveRoom], None] = _noop
        self.on_reload: Callable[[LiveRoom], None] = _noop
        #: a room over in memory whose record is written and nobody watches: evicted
        self.on_finished: Callable[[LiveRoom], None] = _noop

    # -- loading -------------------------------------------------------------------------

    @staticmethod
    def build(row: RoomRow, actions: list[tuple[int, str]]) -> tuple[Room, list[Recent]]:
        """The room replayed from its committed actions, and its last actions for ``recent``."""
        room = Room(row.id, RoomConfig.from_json(row.config), row.seed)
        recent: list[Recent] = []
        keep_from = max(0, len(actions) - 30)
        for i, (seat, text) in enumerate(actions):
            before = tuple(room.match.hand_seats) if room.match is not None else ()
            events = room.apply(seat, text)
            if i >= keep_from:
                recent.append(Recent(i + 1, seat, text, tuple(events), before))
        return room, recent

    async def write_record(self, live: LiveRoom) -> None:
        """Write a finished match's state and record (retried by the maintenance task on failure)."""
        if not live.unrecorded:
            return
        try:
            live.ended = await self.db(self.store.set_state, live.room.id, "over", dumps_match(live.room.record()))
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
        live.room, recent = self.build(row, actions)
        live.ended = row.ended_at
        live.recent.clear()
        live.recent.extend(recent)
        live.room.keep_bots_of(old)  # the bots keep their memory of the hand
        if live.room.over and row.record is None:
            live.unrecorded = True  # e.g. a match decided at the deal, begun by the last join
            await self.write_record(live)
        self.on_reload(live)

    async def safe_reload(self, live: LiveRoom) -> None:
        try:
            await self.reload(live)
        except Exception as exc:  # the database is away: memory stays (never ahead); the gap check reloads later
            log.warning("room %s: reload failed: %s", live.room.id, exc)

    async def advance(self, live: LiveRoom) -> bool:
        """Bring the live room up to the store (the caller holds the lock): the actions committed
        since its version are applied one by one, each told to this process's sockets as an
        ``update`` (as their fan-out messages would have been). A room that does not follow on
        from memory (its seats changed, the store disagrees with memory, too many actions
        missing) is rebuilt instead and told as a ``state``. True if the room changed; raises
        when the store cannot be read (memory is then as it was)."""
        room = live.room
        row = await self.db(self.store.get_room, room.id)
        if row is None:
            return False
        actions = await self.db(self.store.load_actions, room.id)
        version = room.version
        if len(actions) < version:
            log.warning("room %s: the database is behind memory (%d < %d)", room.id, len(actions), version)
            return False
        follows = (
            len(actions) - version <= MAX_CATCH_UP
            and RoomConfig.from_json(row.config).to_json() == room.config.to_json()
            and actions[:version] == list(zip(room.actors, room.actions, strict=True))
        )
        if not follows:
            await self.reload(live)
            broadcast_state(live)
            return True
        if len(actions) == version:
            return False
        for seat, text in actions[version:]:
            seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
            try:
                events = room.apply(seat, text)
            except IllegalMatchActionError:
                log.warning("room %s: a stored action does not follow on from memory; rebuilt", room.id)
                await self.reload(live)
                broadcast_state(live)
                return True
            self._applied(live, seat, text, events, seats_before)
            broadcast_update(live, seat, text, events, seats_before)
        if room.over and row.record is None:
            live.unrecorded = True  # its process may have died before the record: written here too
            await self.write_record(live)
        return True

    async def safe_advance(self, live: LiveRoom) -> bool:
        """:meth:`advance`, memory kept as it was when the store cannot be read (logged)."""
        try:
            return await self.advance(live)
        except Exception as exc:  # the database is away: memory stays (never ahead); the gap check catches up later
            log.warning("room %s: catching up with the database failed: %s", live.room.id, exc)
            return False

    # -- the one write of play -----------------------------------------------------------

    def _applied(self, live: LiveRoom, seat: int, action: str, events: list[MatchEvent],
                 seats_before: tuple[int, ...]) -> None:
        """An action committed and applied in memory: clocks, ``recent``, the sockets."""
        live.recent.append(Recent(live.room.version, seat, action, tuple(events), seats_before))
        live.timed_out = None
        live.deadline = None
        live.used = time.monotonic()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None

    async def commit(self, live: LiveRoom, seat: int, action: str) -> str:
        """Commit ``action`` (legal for ``seat`` now), then apply it in memory and broadcast (the
        caller holds the lock). Returns ``ok``, ``conflict`` (another process was first: the room
        is reloaded) or ``error`` (the commit failed: the room is as before, or reloaded)."""
        room = live.room
        version = room.version
        state = "playing" if room.started else room.state
        try:
            ok = await self.db(self.store.commit_action, room.id, version, seat, action, state, None)
        except Exception as exc:
            # the commit may or may not have happened: the database tells (and the sockets are
            # told what it holds)
            log.warning("room %s: commit of version %d failed: %s", room.id, version + 1, exc)
            await self.safe_advance(live)
            new = live.room
            if new.version > version and new.actions[version] == action and new.actors[version] == seat:
                self._committed(live)
                await self.fanout.publish({"kind": "action", "room": room.id, "version": version + 1,
                                           "seat": seat, "action": action})
                return "ok"
            return "error"
        if not ok:
            # another process was first: its action(s) are told here as updates (their fan-out
            # message, when it comes, is then one already applied); the caller sends the
            # table to the socket whose action lost
            self.stats["conflicts"] += 1
            await self.safe_advance(live)
            return "conflict"
        seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
        try:
            events = room.apply(seat, action)
        except IllegalMatchActionError:  # cannot be (checked under the lock); the database decides
            log.exception("room %s: a committed action did not apply", room.id)
            await self.safe_reload(live)
            broadcast_state(live)
            return "ok"
        if room.over:
            live.unrecorded = True
            await self.write_record(live)
        self._applied(live, seat, action, events, seats_before)
        self._committed(live)
        broadcast_update(live, seat, action, events, seats_before)
        # queued, not awaited: the other processes hear of it when Redis can carry it (or catch
        # up by their gap check); the lock is not held for Redis
        await self.fanout.publish({"kind": "action", "room": room.id, "version": version + 1, "seat": seat, "action": action})
        if room.over and not live.conns:
            self.on_finished(live)
        return "ok"

    def _committed(self, live: LiveRoom) -> None:
        live.timed_out = None
        live.deadline = None
        live.used = time.monotonic()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None
        self.stats["actions"] += 1
        self.on_commit(live)

    async def apply_published(self, live: LiveRoom, msg: dict[str, Any]) -> bool:
        """An action another process committed (a fan-out message; the caller holds the lock):
        applied and told, or the room reloaded when it does not follow on. False: the message
        changed nothing (an action already applied)."""
        kind = msg.get("kind")
        if kind == "action" and msg.get("version") == live.room.version + 1:
            room = live.room
            seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
            try:
                events = room.apply(int(msg["seat"]), str(msg["action"]))
            except (IllegalMatchActionError, KeyError, ValueError):
                await self.reload(live)
                broadcast_state(live)
            else:
                self._applied(live, int(msg["seat"]), str(msg["action"]), events, seats_before)
                broadcast_update(live, int(msg["seat"]), str(msg["action"]), events, seats_before)
        elif kind == "reload":
            await self.safe_reload(live)
            broadcast_state(live)
        elif kind == "action" and int(msg.get("version", 0)) > live.room.version + 1:
            return await self.safe_advance(live)  # a message in between was lost: the store has it
        else:
            return False
        return True

