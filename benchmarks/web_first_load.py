"""First load of the web client on a simulated slow 4G with a 4x slower CPU (issue #18).

Starts a real ``gostop serve`` (uvicorn on 127.0.0.1, a temporary SQLite file) from the source
tree on ``PYTHONPATH`` and measures, in Debian's Chromium with CDP network and CPU throttling
and an empty cache:

* lobby usable: from navigation until the "vs bots" button can be pressed;
* table by room link: from navigation to a room link until the table is drawn.

Run: ``PYTHONPATH=src python benchmarks/web_first_load.py [--runs 5]`` (the median is printed).
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

#: Chrome DevTools' "Slow 4G" preset (also Lighthouse's mobile throttling) and a 4x CPU slowdown.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8, "uploadThroughput": 750 * 1024 / 8}
CPU_SLOWDOWN = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "gostop", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", f"sqlite:///{data / 'bench.sqlite'}", "--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("error: gostop serve did not start")


def room_link(url: str) -> tuple[str, dict[str, object]]:
    body = {"name": "", "preset": "pagat", "rules": {}, "hands": 3, "public": False,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}], "join": {"name": "Bench"}}
    req = urllib.request.Request(url + "/api/rooms", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        res = json.loads(r.read())
    return res["room"]["id"], {"seat": res["seat"], "token": res["token"]}


def measure(browser: object, url: str, path: str, ready: str, seats: dict[str, object] | None = None) -> float:
    ctx = browser.new_context()  # type: ignore[attr-defined]
    if seats:
        ctx.add_init_script(f"localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))})")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    start = time.perf_counter()
    page.goto(url + path, wait_until="commit")
    page.wait_for_selector(ready, timeout=60000)
    took = time.perf_counter() - start
    ctx.close()
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
                lobby, table = [], []
                for _ in range(args.runs):
                    lobby.append(measure(browser, url, "/", "#quick-play"))
                    room, seat = room_link(url)
                    table.append(measure(browser, url, f"/#/room/{room}", ".table-page[data-phase]", {room: seat}))
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"lobby usable:        median {statistics.median(lobby):.2f} s  (runs: {', '.join(f'{x:.2f}' for x in lobby)})")
    print(f"table by room link:  median {statistics.median(table):.2f} s  (runs: {', '.join(f'{x:.2f}' for x in table)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
