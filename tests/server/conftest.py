"""Fixtures of the game server tests: real `gostop serve` processes on 127.0.0.1."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serverproc import REDIS_URL, Server, need_service, postgres_database, postgres_ok, redis_ok  # noqa: E402

FAST = ("--bot-delay", "0", "--grace", "2")
#: Given to every test server first (a test's own arguments come after and win): the random bot
#: as a level, and a lobby rate limit out of the way of tests that make many rooms.
TEST_BASE = ("--level", "random=random", "--lobby-rate", "1000", "--lobby-burst", "1000")


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers: ``serve(args=(...), db=..., redis=...)``; all stopped at the end."""
    started: list[Server] = []

    def start(**kw: Any) -> Server:
        kw["args"] = TEST_BASE + tuple(kw.get("args", FAST))
        s = Server(tmp_path / kw.pop("data", "data"), **kw).start()
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


@pytest.fixture
def server(serve: Callable[..., Server]) -> Server:
    """One server on SQLite with instant bots and a 2-second grace period."""
    return serve()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database of this test (dropped afterwards)."""
    need_service("PostgreSQL", postgres_ok())
    with postgres_database() as url:
        yield url


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A Redis key prefix of this test (its keys deleted afterwards)."""
    need_service("Redis", redis_ok())
    import redis

    prefix = f"gostop_test_{uuid.uuid4().hex[:8]}:"
    yield prefix
    r = redis.Redis.from_url(REDIS_URL)
    for key in r.scan_iter(f"{prefix}*"):
        r.delete(key)
    r.close()
