"""kill -9 of the server at any moment loses nothing and applies nothing twice."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from serverproc import Server, TableClient, create_room, play_out


def _seen_actions(client: TableClient) -> dict[int, str]:
    """version -> action of every update the client received."""
    return {m["version"]: m["action"] for m in client.messages if m["type"] == "update"}


def test_kill9_restart_reconnect_finish_and_replay(serve, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    server: Server = serve(args=("--bot-delay", "0", "--grace", "30"))
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
                           hands=2, join={"name": "Ann"})
    room, token = made["room"]["id"], made["token"]
    rng = random.Random(5)

    async def part(stop_at: int | None) -> TableClient:
        ann = await TableClient.open(server.ws_url, room, token=token, name="ann")
        await play_out([ann], rng, stop_at_version=stop_at, timeout=90)
        await asyncio.sleep(0.2)  # let the bots commit a little more before the kill
        while True:
            try:
                await ann.recv(0.05)
            except TimeoutError:
                break
        return ann

    before = asyncio.run(part(12))
    seen_before = _seen_actions(before)
    top = max(seen_before)
    server.kill9()
    server.start()  # same data directory, same port

    async def finish() -> TableClient:
        ann = await TableClient.open(server.ws_url, room, token=token, name="ann")
        assert ann.view is not None and ann.view["version"] >= top, "every broadcast action was committed"
        await play_out([ann], rng, timeout=120)
        await ann.close()
        return ann

    after = asyncio.run(finish())
    with server.http() as http:
        record = http.get(f"/api/rooms/{room}/record").json()
    actions = record["actions"]
    for v, a in {**seen_before, **_seen_actions(after)}.items():
        assert actions[v - 1] == a, f"version {v}: the record has {actions[v - 1]!r}, the table was told {a!r}"
    assert after.view is not None and after.view["over"] is not None
    assert len(actions) == after.view["version"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    p = subprocess.run([sys.executable, "-m", "gostop", "replay", str(path)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr


def test_repeated_kills_while_bots_play(serve) -> None:  # type: ignore[no-untyped-def]
    server: Server = serve(args=("--bot-delay", "0.01",))
    with server.http() as http:
        room = create_room(http, seats=[{"kind": "bot", "level": "easy"}] * 3, hands=2)["room"]["id"]
    seen: dict[int, str] = {}
    rng = random.Random(9)
    for _ in range(3):
        async def watch(seconds: float) -> TableClient:
            w = await TableClient.open(server.ws_url, room, spectate=True)
            assert w.view is not None and w.view["version"] >= max(seen, default=0)
            end = time.monotonic() + seconds
            while time.monotonic() < end and not (w.view and w.view["over"]):
                with contextlib.suppress(TimeoutError):
                    await w.recv(0.1)
            return w

        w = asyncio.run(watch(rng.uniform(0.3, 1.2)))
        seen.update(_seen_actions(w))
        server.kill9()
        server.start()
    with server.http() as http:
        deadline = time.time() + 120
        while http.get(f"/api/rooms/{room}").json()["state"] != "over":
            assert time.time() < deadline, "the room did not finish after the restarts"
            time.sleep(0.2)
        record = http.get(f"/api/rooms/{room}/record").json()
    assert seen, "the spectator saw some actions"
    for v, a in seen.items():
        assert record["actions"][v - 1] == a
    from gostop.match import replay_match

    assert replay_match(record).is_over
