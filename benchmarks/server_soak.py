"""Game server memory soak: many rooms created, played to the end or abandoned, records fetched;
the server's resident memory (RSS) is sampled as it goes.

    python benchmarks/server_soak.py                     # 10,000 rooms (about half an hour here)
    python benchmarks/server_soak.py --rooms 2000 --batch 100

One `gostop serve` process (SQLite in a temporary directory, bots without delay). Rooms are
created in batches: three quarters are bot-only rooms played to the end, one quarter are rooms
with an open human seat that nobody takes (abandoned: they wait forever); after each batch the
finished rooms' records are fetched and a few random room ids are asked for (lobby, record,
socket). Printed: RSS after each 10 % of the rooms, and the growth after the first 1,000 rooms
(the goal: within 10 %). The shortened version runs in the tests
(tests/server/test_server_limits.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=10_000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--older", action="store_true", help="leave out the options older servers do not know")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="gostop-soak-"))
    port = _free_port()
    cmd = [sys.executable, "-m", "gostop", "serve", "--port", str(port), "--bot-delay", "0", "--log-level", "error",
           "--max-rooms-per-client", "1000000"]
    if not args.older:
        cmd += ["--lobby-rate", "0", "--resync-seconds", "1"]
    proc = subprocess.Popen(cmd, env={**os.environ, "GOSTOP_DATA_DIR": str(data)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        samples: list[tuple[int, int]] = []
        made = 0
        at_1000 = 0
        start = time.monotonic()
        with httpx.Client(base_url=url, timeout=60) as http:
            while made < args.rooms:
                n = min(args.batch, args.rooms - made)
                finished: list[str] = []
                for i in range(n):
                    if i % 4 == 3:
                        r = http.post("/api/rooms", json={"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
                                                          "public": False})
                    else:
                        r = http.post("/api/rooms", json={"seats": [{"kind": "bot", "level": "easy"}] * 2, "hands": 1})
                        finished.append(r.json()["room"]["id"])
                    r.raise_for_status()
                made += n
                wait_until = time.monotonic() + 60  # (an older server leaves a match decided at the deal "playing")
                batch = set(finished)
                while time.monotonic() < wait_until:
                    playing = http.get("/api/rooms", params={"state": "playing", "limit": 200}).json()["rooms"]
                    if not batch & {r["id"] for r in playing}:
                        break
                    time.sleep(0.2)
                for room in finished:
                    http.get(f"/api/rooms/{room}/record")
                for k in range(5):
                    http.get(f"/api/rooms/ghost{made}x{k}/record")

                async def ghosts(made: int = made) -> None:
                    for k in range(3):
                        async with connect(f"ws://127.0.0.1:{port}/ws/ghost{made}y{k}") as ws:
                            await ws.send('{"type": "hello", "protocol": 1, "spectate": true}')
                            await ws.recv()

                asyncio.run(ghosts())
                rss = _rss_kb(proc.pid)
                samples.append((made, rss))
                if made >= 1000 and not at_1000:
                    at_1000 = rss
                if made % max(args.batch, args.rooms // 10) == 0 or made == args.rooms:
                    process = http.get("/api/health").json().get("process", {})
                    print(f"{made:>6} rooms  RSS {rss / 1024:7.1f} MB  in memory {process.get('rooms')}"
                          f"  loading {process.get('loading')}  {time.monotonic() - start:6.0f} s", flush=True)
        last = samples[-1][1]
        base = at_1000 or samples[0][1]
        print(f"RSS after 1,000 rooms {base / 1024:.1f} MB, at the end {last / 1024:.1f} MB: "
              f"{100 * (last - base) / base:+.1f} %")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
