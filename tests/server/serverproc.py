"""Real `gostop serve` processes and real WebSocket clients for the server tests.

A server is the real command (``python -m gostop serve``) in its own process bound to 127.0.0.1
on a free port, with its own data directory; it dies with the test process (Linux parent-death
signal) and is stopped by the fixture. The process is forked from a helper that has already
imported the server (:mod:`zygote`: about 2 CPU-seconds saved a server on a slow machine, some
sixty servers a run); ``GOSTOP_TEST_SERVER_EXEC=1`` starts each from scratch instead. Clients
use the ``websockets`` package and ``httpx``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import json
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

#: The PostgreSQL database the tests connect to first (to create and drop their own).
PG_ADMIN = os.environ.get("GOSTOP_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("GOSTOP_TEST_REDIS", "redis://127.0.0.1:6379/0")


@functools.cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every client of this test process. The servers speak plain HTTP,
    but an httpx client builds a context (loading the CA bundle, tens of milliseconds of CPU)
    unless it is given one: the start-up polls alone built a thousand per test run."""
    return ssl.create_default_context()


def http_client(base_url: str = "", timeout: float = 20) -> httpx.Client:
    """An httpx client for a test server (sharing the process's TLS context)."""
    return httpx.Client(base_url=base_url, timeout=timeout, verify=_tls())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:  # runs in the child before exec
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class _Zygote:
    """This test process's :mod:`zygote`: started at the first server, it forks the servers."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("zygote.py"))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, preexec_fn=_die_with_parent,
        )
        self.lock = threading.Lock()
        self._ask(None)  # its imports done

    def _ask(self, req: dict[str, Any] | None) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        with self.lock:
            if req is not None:
                self.proc.stdin.write(json.dumps(req).encode() + b"\n")
                self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the server zygote has died")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def spawn(self, argv: list[str], env: dict[str, str], log: Path) -> ForkedServer:
        pid = int(self._ask({"op": "spawn", "argv": argv, "env": env, "cwd": os.getcwd(), "log": str(log)})["pid"])
        return ForkedServer(self, pid)

    def poll(self, pid: int) -> int | None:
        try:
            rc = self._ask({"op": "poll", "pid": pid})["rc"]
        except (OSError, RuntimeError):  # the helper has died, and its servers with it
            return None if Path(f"/proc/{pid}").exists() else -signal.SIGKILL
        return None if rc is None else int(rc)


_zygotes: list[_Zygote] = []


def _zygote() -> _Zygote:
    """This test process's zygote (a new one if the last has died)."""
    if not _zygotes or _zygotes[0].proc.poll() is not None:
        _zygotes[:] = [_Zygote()]
    return _zygotes[0]


class ForkedServer:
    """The part of :class:`subprocess.Popen` the tests use, for a server forked by the zygote."""

    def __init__(self, zygote: _Zygote, pid: int) -> None:
        self.zygote = zygote
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.zygote.poll(self.pid)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise subprocess.TimeoutExpired(f"gostop serve (pid {self.pid})", timeout or 0)
            time.sleep(0.02)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Server:
    """One `gostop serve` process: a fork of this test process's zygote (see :mod:`zygote`), or
    with ``GOSTOP_TEST_SERVER_EXEC=1`` in the environment a fresh ``python -m gostop serve``."""

    def __init__(self, data_dir: Path, *, port: int | None = None, db: str | None = None,
                 redis: str | None = None, args: tuple[str, ...] = ()) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.db = db
        self.redis = redis
        self.args = args
        self.proc: subprocess.Popen[bytes] | ForkedServer | None = None
        self.log = data_dir / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        cmd = [sys.executable, "-m", "gostop", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--log-level", "warning", *self.args]
        if self.db:
            cmd += ["--db", self.db]
        if self.redis:
            cmd += ["--redis", self.redis]
        env = {**os.environ, "GOSTOP_DATA_DIR": str(self.data_dir)}
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if os.environ.get("GOSTOP_TEST_SERVER_EXEC") == "1":
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=out, preexec_fn=_die_with_parent)
        else:
            self.proc = _zygote().spawn(cmd[3:], env, self.log)
        deadline = time.time() + 30
        with http_client(self.url, timeout=1) as poll:
            while time.time() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"gostop serve exited: {self.log.read_text()[-2000:]}")
                try:
                    if poll.get("/api/health").status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
        raise RuntimeError("gostop serve did not come up in 30 s")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def http(self) -> httpx.Client:
        return http_client(self.url)


def need_service(name: str, ok: bool) -> None:
    """Skip (one line naming the service) unless CI is set, where a missing service fails."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{name} is required where CI is set, and it is not reachable")
    pytest.skip(f"{name} not reachable on 127.0.0.1")


def postgres_ok() -> bool:
    try:
        import sqlalchemy as sa

        eng = sa.create_engine(PG_ADMIN)
        with eng.connect() as c:
            c.execute(sa.text("select 1"))
        eng.dispose()
        return True
    except Exception:
        return False


def redis_ok() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except Exception:
        return False


@contextlib.contextmanager
def postgres_database() -> Any:
    """A fresh PostgreSQL database ``gostop_test_<random>``, dropped afterwards; yields its URL."""
    import sqlalchemy as sa

    name = f"gostop_test_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield sa.engine.make_url(PG_ADMIN).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


# -- clients -----------------------------------------------------------------------------------


class TableClient:
    """One WebSocket client of a room: keeps every message and the newest view."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.seq = 0
        self.seat: int | None = None

    @classmethod
    async def open(cls, ws_url: str, room: str, *, token: str | None = None, spectate: bool = False,
                   name: str = "client", origin: str | None = None, lang: str | None = None,
                   probes: bool = False) -> TableClient:
        headers = {"Origin": origin} if origin else None
        ws = await connect(f"{ws_url}/ws/{room}", additional_headers=headers, max_size=2**24, open_timeout=20)
        client = cls(ws, name)
        hello: dict[str, Any] = {"type": "hello", "protocol": 1}
        if token is not None:
            hello["token"] = token
        else:
            hello["spectate"] = spectate
        if lang is not None:
            hello["lang"] = lang
        if probes:
            hello["probes"] = True
        await ws.send(json.dumps(hello))
        msg = await client.recv()
        if msg["type"] != "welcome":
            raise AssertionError(f"expected welcome, got {msg}")
        client.seat = msg["seat"]
        return client

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg = json.loads(raw)
        self.messages.append(msg)
        if "view" in msg and (self.view is None or msg["view"]["version"] >= self.view["version"]):
            self.view = msg["view"]
        return msg

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(msg))

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    async def act(self, action: str, version: int | None = None) -> None:
        assert self.view is not None
        await self.send({"type": "action", "seq": self.next_seq(),
                         "version": self.view["version"] if version is None else version, "action": action})

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no matching message in {timeout} s")
            msg = await self.recv(left)
            if pred(msg):
                return msg

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()


async def play_out(clients: list[TableClient], rng: random.Random, *, timeout: float = 120,
                   stop_at_version: int | None = None) -> None:
    """Every seated client answers its decisions with a random legal action until the match is
    over (or the table reaches ``stop_at_version``); spectators just listen."""

    async def run(c: TableClient) -> None:
        acted: set[int] = set()
        while True:
            v = c.view
            if v is not None:
                if v["over"] is not None:
                    return
                if stop_at_version is not None and v["version"] >= stop_at_version:
                    return
                if v["to_move"] and v["version"] not in acted and v["legal"]:
                    acted.add(v["version"])
                    await c.act(rng.choice(v["legal"])["action"], v["version"])
            await c.recv(timeout)

    await asyncio.wait_for(asyncio.gather(*(run(c) for c in clients)), timeout)


def create_room(http: httpx.Client, **body: Any) -> dict[str, Any]:
    """Create a room (the lobby's answer). A deal that ends the whole match at once (a
    chongtong in a one-hand match, about one deal in forty) would leave nothing to play, so
    such a room is set aside and another made."""
    for _ in range(20):
        r = http.post("/api/rooms", json=body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        if data["room"]["state"] != "over":
            return data
    raise AssertionError("20 rooms in a row ended at the deal")


def human_pair_room(http: httpx.Client, hands: int, **body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A room of two humans, Ann (the creator) and Bo, whose match is under way: a deal that
    ends the match at once (a chongtong in a one-hand match) is set aside and a new room made.
    Returns the creation answer and Bo's join answer (each with its seat token)."""
    for _ in range(20):
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}], hands=hands,
                           join={"name": "Ann"}, **body)
        bo = join(http, made["room"]["id"], "Bo")
        if bo["room"]["state"] == "playing":
            return made, bo
    raise AssertionError("20 rooms in a row ended at the deal")


def join(http: httpx.Client, room: str, name: str, seat: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    r = http.post(f"/api/rooms/{room}/join", json=body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data
