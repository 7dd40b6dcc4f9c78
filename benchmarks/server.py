"""Game server benchmark: N concurrent rooms over real WebSockets on loopback.

    python benchmarks/server.py                      # 50, 100 and 200 rooms, 20 s each
    python benchmarks/server.py --rooms 200 --seconds 30 --think 1.0

One `gostop serve` process (SQLite in a temporary directory, bots without delay) is started in
a subprocess; this process is the load generator. Each room has two seats, both played by the
load generator as bots over their own sockets (a uniformly random legal action after ``--think``
seconds), plus ``--bots`` server-side bot seats. For every action the generator sends, the time
until the acting socket receives the ``update`` of the new version (the action was checked,
committed to the database and broadcast) is the *action-to-broadcast latency*. Reported: p50,
p95, p99 of that latency, actions/s committed by the server (all seats, server bots included),
and the CPU used by the server and by the generator.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

CLK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "gostop", "serve", "--port", str(port), "--bot-delay", "0",
           "--max-rooms-per-client", "100000", "--max-connections-per-client", "100000", "--log-level", "error",
           *os.environ.get("GOSTOP_BENCH_SERVE_ARGS", "").split()]
    proc = subprocess.Popen(cmd, env={**os.environ, "GOSTOP_DATA_DIR": str(data)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("error: the server did not start")


async def seat_loop(ws_url: str, room: str, token: str, think: float, rng: random.Random,
                    lat: list[float], stop: asyncio.Event, committed: list[int]) -> None:
    async with connect(f"{ws_url}/ws/{room}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        seq = 0
        sent_at: dict[int, float] = {}
        view = None
        acted: set[int] = set()
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg["type"] == "update":
                t = sent_at.pop(msg["version"] - 1, None)
                if t is not None and msg["seat"] is not None:
                    lat.append(time.perf_counter() - t)
            if "view" in msg:
                view = msg["view"]
                committed[0] = max(committed[0], view["version"])
            if view is None or view["over"] is not None:
                if view is not None and view["over"] is not None:
                    return
                continue
            if view["to_move"] and view["version"] not in acted and view["legal"]:
                acted.add(view["version"])
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                seq += 1
                sent_at[view["version"]] = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "seq": seq, "version": view["version"],
                                          "action": rng.choice(view["legal"])["action"]}))


async def run(url: str, rooms: int, seconds: float, think: float, bots: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    ws_url = url.replace("http://", "ws://")
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * bots
    tasks = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made = []
        for _ in range(rooms):
            r = (await http.post("/api/rooms", json={"seats": seats, "hands": 100, "join": {"name": "A"}})).json()
            j = (await http.post(f"/api/rooms/{r['room']['id']}/join", json={"name": "B"})).json()
            made.append((r["room"]["id"], r["token"], j["token"]))
    lat: list[float] = []
    stop = asyncio.Event()
    counters = [[0] for _ in made]
    for (room, t1, t2), c in zip(made, counters, strict=True):
        for tok in (t1, t2):
            tasks.append(asyncio.create_task(
                seat_loop(ws_url, room, tok, think, random.Random(rng.random()), lat, stop, c)))
    await asyncio.sleep(3.0)  # everybody connected and playing
    lat.clear()
    v0 = sum(c[0] for c in counters)
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t0
    v1 = sum(c[0] for c in counters)
    samples = list(lat)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    samples.sort()

    def pct(p: float) -> float:
        return 1000 * samples[min(len(samples) - 1, int(p * len(samples)))] if samples else float("nan")

    return {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99), "n": len(samples),
            "actions_per_s": (v1 - v0) / elapsed, "elapsed": elapsed,
            "mean": 1000 * statistics.fmean(samples) if samples else float("nan")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, nargs="*", default=[50, 100, 200], help="room counts to run")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per room count")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a seat waits before acting")
    ap.add_argument("--bots", type=int, default=0, help="server-side bot seats per room (besides the two)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}; "
          f"think {a.think} s, {a.bots} server bot(s) per room, {a.seconds:g} s per run")
    print("| rooms | sockets | actions/s | p50 ms | p95 ms | p99 ms | samples | server CPU % | generator CPU % |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in a.rooms:
        with tempfile.TemporaryDirectory() as tmp:
            proc, url = start_server(Path(tmp))
            try:
                s0, g0 = _cpu_seconds(proc.pid), time.process_time()
                t0 = time.perf_counter()
                r = asyncio.run(run(url, n, a.seconds, a.think, a.bots, a.seed))
                wall = time.perf_counter() - t0
                s1, g1 = _cpu_seconds(proc.pid), time.process_time()
            finally:
                proc.terminate()
                proc.wait(10)
        print(f"| {n} | {2 * n} | {r['actions_per_s']:.0f} | {r['p50']:.1f} | {r['p95']:.1f} | {r['p99']:.1f} "
              f"| {r['n']} | {100 * (s1 - s0) / wall:.0f} | {100 * (g1 - g0) / wall:.0f} |", flush=True)


if __name__ == "__main__":
    main()
