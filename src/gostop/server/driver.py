"""The room driver: bot moves, the turn timer and the grace timers of the live rooms.

Bots think off the event loop: quick bots in a thread pool, searching bots (``hard``) in worker
processes that rebuild the room from its actions (:func:`~gostop.server.room.think_in_worker`);
each room asks for one decision at a time, so the pool's first-come queue is shared fairly by
the rooms, and a decision that takes longer than ``bot_seconds`` is cut (the workers are
killed, the standby bot decides). Workers die with the server (parent-death signal and a
watchdog thread). One process at a time drives a room's bots: the holder of the room's lease
(:meth:`~gostop.server.fanout.Fanout.lease`). Every bot move goes through
:meth:`~gostop.server.commit.Committer.commit`.

A human seat whose player has no socket left -- in any process: presence is shared with a
lifetime (:mod:`gostop.server.fanout`) -- is played by a standby bot once the grace period has
passed (``away``), and is given back the moment the player reconnects. The optional turn timer
hands a single decision to the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from gostop.agents import warm
from gostop.server.commit import Committer, broadcast_presence, broadcast_state
from gostop.server.fanout import Fanout
from gostop.server.live import LiveRoom
from gostop.server.presence import SHARED
from gostop.server.room import Room, RoomConfig, SeatConfig, think_in_worker
from gostop.server.settings import ServerSettings

__all__ = ["RoomDriver", "worker_ready", "worker_init"]

log = logging.getLogger("gostop.server")


class RoomDriver:
    """Bots and timers of the live rooms of a process (see the module docstring).

    ``is_live(live)``: is this still the process's live room of that id (an evicted room's
    driver stops)."""

    def __init__(self, settings: ServerSettings, fanout: Fanout, committer: Committer,
                 is_live: Callable[[LiveRoom], bool], stats: dict[str, int]) -> None:
        self.settings = settings
        self.fanout = fanout
        self.committer = committer
        self.is_live = is_live
        self.stats = stats
        self.bot_pool = ThreadPoolExecutor(max_workers=max(1, settings.bot_threads), thread_name_prefix="gostop-bot")
        self._think_pool: ProcessPoolExecutor | None = None
        self._pool_warm: asyncio.Future[Any] | None = None

    def stop(self) -> None:
        self.kill_think_pool(wait=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)

    def quiet(self, live: LiveRoom) -> None:
        """Cancel a live room's tasks and timers."""
        if live.driver is not None and live.driver is not asyncio.current_task():
            live.driver.cancel()
        for h in live.grace_timers.values():
            h.cancel()
        live.grace_timers.clear()
        live.presence = live.presence.no_grace()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None

    def kill_think_pool(self, wait: bool = False) -> None:
        """Stop the bot worker processes now (they may be in the middle of a search). ``wait``
        (at the server's stop): until the pool's own thread has reaped them and closed its
        queues, so that nothing of the pool is left for the exit (multiprocessing's resource
        tracker warned of leaked semaphores otherwise); a few milliseconds, the workers being
        killed."""
        pool, self._think_pool = self._think_pool, None
        self._pool_warm = None
        if pool is None:
            return
        procs = list((getattr(pool, "_processes", None) or {}).values())
        for proc in procs:
            with contextlib.suppress(Exception):
                proc.kill()
        pool.shutdown(wait=wait, cancel_futures=True)

    # -- who plays a seat ----------------------------------------------------------------

    def bot_controls(self, live: LiveRoom, seat: int) -> bool:
        s = live.room.config.seats[seat]
        return (s.kind == "bot" or s.status == "left" or live.presence.is_away(seat)
                or live.timed_out == live.room.version)

    def after_commit(self, live: LiveRoom) -> None:
        """An action was committed here: the next person to decide gets the clock."""
        nxt = live.room.decider()
        if nxt is not None and not self.bot_controls(live, nxt):
            self.arm_turn_timer(live, nxt)

    # -- bots ----------------------------------------------------------------------------

    def kick(self, live: LiveRoom) -> None:
        """Make sure the room's driver runs (it plays bot decisions until a human must act). A
        driver already running is told to look again before it ends: it may be past its last
        look, giving its lease back to a stalled Redis, when the action that needs it comes."""
        if live.driver is None or live.driver.done():
            live.driver = asyncio.create_task(self._drive(live))
        else:
            live.kicked = True

    async def _drive(self, live: LiveRoom) -> None:
        while True:
            live.kicked = False
            await self._drive_once(live)
            if not live.kicked or not self.is_live(live):
                return

    async def _drive_once(self, live: LiveRoom) -> None:
        lease = self.settings.lease_seconds
        held = False
        try:
            while self.is_live(live):
                room = live.room
                seat = room.decider()
                if seat is None:
                    return
                if not self.bot_controls(live, seat):
                    if self.arm_turn_timer(live, seat):
                        broadcast_state(live)  # every client learns the new deadline
                    return
                # one driver per room across processes: the lease holder. When Redis cannot tell
                # (stalled, away), the lease this process holds goes on until it would run out
                asked = time.monotonic()
                got = await self.fanout.lease(room.id, lease)
                if got:
                    live.lease_until = asked + lease
                held = bool(got) or (got is None and live.lease_until - time.monotonic() > lease / 3)
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
                    if (live.room is not room or room.version != version or not self.bot_controls(live, seat)
                            or self._back_here(live, seat, version)):
                        continue  # the table moved on, or the player came back while the bot thought
                    if not await self._may_stand_in(live, seat) or live.room is not room or room.version != version:
                        continue  # asked again after the thinking: the player may be back on another process
                    await self.committer.commit(live, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the bot driver failed", live.room.id)
        finally:
            if held:
                live.lease_until = 0.0
                with contextlib.suppress(Exception):
                    await self.fanout.release(live.room.id)

    def _back_here(self, live: LiveRoom, seat: int, version: int) -> bool:
        """Did the player of a taken human seat connect here while its standby bot thought (and
        not because its turn timer ran out)? Then the player decides, not the bot."""
        s = live.room.config.seats[seat]
        if s.kind != "human" or s.status == "left" or live.timed_out == version or live.presence.here(seat) == 0:
            return False
        live.presence = live.presence.back(seat)
        return True

    async def _may_stand_in(self, live: LiveRoom, seat: int) -> bool:
        """May the standby bot play this human seat now? Not when any process still holds its
        player (shared presence), nor when that cannot be told."""
        s = live.room.config.seats[seat]
        if s.kind == "bot" or s.status == "left" or live.timed_out == live.room.version:
            return True
        if live.presence.here(seat) > 0:
            live.presence = live.presence.back(seat)
            return False
        present = await self.fanout.present_seats(live.room.id)
        if live.presence.here(seat) > 0:  # the player came back here while we asked
            live.presence = live.presence.back(seat)
            return False
        if present is not None and seat not in present:
            return True
        # the player is back, elsewhere (or we cannot tell: wait)
        live.presence = live.presence.back(seat).remote_in(seat, SHARED)
        broadcast_presence(live, seat)
        self.start_grace(live, seat)
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
                    self.kill_think_pool()
                return await self._standby_decision(room, seat)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("room %s: the bot worker failed (%s); the standby bot decides", room.id, exc)
                return await self._standby_decision(room, seat)
        try:
            return await loop.run_in_executor(self.bot_pool, room.bot_action, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            # a bot that fails at some table (a bug) must not freeze the room: nothing would
            # drive it again, and its player could only wait
            log.exception("room %s: the bot of seat %d failed; the standby bot decides", room.id, seat)
            return await self._standby_decision(room, seat)

    async def _standby_decision(self, room: Room, seat: int) -> str:
        """The standby bot's decision for ``seat``; if that bot fails too, the first legal action
        (the table goes on whatever happens to the bots)."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.bot_pool, room.standby_action, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the standby bot failed too; seat %d takes the first legal action", room.id, seat)
            return room.legal_texts()[0]

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
                    self.kill_think_pool()
        raise RuntimeError("the bot worker processes cannot be started")

    # -- the turn timer ------------------------------------------------------------------

    def arm_turn_timer(self, live: LiveRoom, seat: int) -> bool:
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

    # -- grace timers --------------------------------------------------------------------

    def attached(self, live: LiveRoom, seat: int) -> None:
        """A socket of the seat said hello here: its grace timer stops."""
        h = live.grace_timers.pop(seat, None)
        if h is not None:
            h.cancel()

    def start_grace_all(self, live: LiveRoom) -> None:
        if not live.room.started or live.room.over:
            return
        for i, s in enumerate(live.room.config.seats):
            if s.kind == "human" and s.status == "taken" and live.presence.here(i) == 0 and not live.presence.is_away(i):
                self.start_grace(live, i)

    def start_grace(self, live: LiveRoom, seat: int, delay: float | None = None) -> None:
        if seat in live.grace_timers or live.room.over or live.presence.is_away(seat):
            return
        loop = asyncio.get_running_loop()
        wait = self.settings.grace_seconds if delay is None else delay
        live.presence = live.presence.grace_until(seat, time.monotonic() + wait)
        live.grace_timers[seat] = loop.call_later(wait, lambda: asyncio.ensure_future(self._grace_over(live, seat)))

    async def _grace_over(self, live: LiveRoom, seat: int) -> None:
        """The grace period of a seat nobody holds here ran out: a bot keeps the seat warm, unless
        the seat's shared presence says a process still holds the player (or cannot say)."""
        live.grace_timers.pop(seat, None)
        live.presence = live.presence.grace_until(seat, None)
        if (live.presence.here(seat) > 0 or live.room.over or live.presence.is_away(seat)
                or not self.is_live(live)):
            return
        s = live.room.config.seats[seat]
        if s.kind != "human" or s.status != "taken":
            return
        present = await self.fanout.present_seats(live.room.id)
        if present is None or seat in present:
            self.start_grace(live, seat, max(0.5, min(self.settings.grace_seconds, self.settings.presence_ttl / 3)))
            return
        if live.presence.here(seat) > 0:
            return
        live.presence = live.presence.gone_away(seat)
        broadcast_presence(live, seat)
        await self.fanout.publish({"kind": "presence", "room": live.room.id, "seat": seat, "away": True})
        self.kick(live)


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
    thread for the other systems (and for a parent that died before the signal was set).

    It also starts loading the search bots' compiled rollouts in the background (issue 22), before
    its first task (:func:`worker_ready`, a small search): until they are loaded its searches use
    the reference rollouts. Without this, that first search compiled numba's cache in the worker
    itself when it was cold (a fresh install): minutes before the first decision of a searching
    bot, and past two minutes a pool killed and started over."""
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
    warm.start()
