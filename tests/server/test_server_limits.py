"""What an anonymous client can spend (issue 21, items 6-10), against real `gostop serve` processes:
named bot levels only, finished rooms leave memory (a shortened soak; the long one is
benchmarks/server_soak.py), the lobby's rate limit, forwarded headers from configured proxies
only, security headers, room names without control characters."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

from serverproc import Server, create_room

from gostop.server.app import WEB_DIR


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_the_lobby_takes_named_levels_only(server: Server) -> None:
    with server.http() as http:
        levels = http.get("/api/presets").json()["levels"]
        assert {"easy", "normal", "hard"} <= set(levels)
        for level in ("search:steps=10000000", "search", "expert", "hard "):
            r = http.post("/api/rooms", json={"seats": [{"kind": "bot", "level": level}, {"kind": "human"}]})
            assert r.status_code == 400 and "unknown level" in r.json()["detail"], r.text
            q = http.post("/api/quick", json={"level": level})
            assert q.status_code == 400, q.text
        r = http.post("/api/rooms", json={"seats": [{"kind": "bot", "level": "hard"}, {"kind": "human"}]})
        assert r.status_code == 201


def test_finished_rooms_leave_memory_and_unknown_ids_leave_nothing(serve) -> None:  # type: ignore[no-untyped-def]
    server: Server = serve(args=("--bot-delay", "0", "--max-rooms-per-client", "100000", "--resync-seconds", "0.5"))
    assert server.proc is not None
    made: list[str] = []

    def batch(n: int) -> None:
        with server.http() as http:
            for _ in range(n):
                made.append(create_room(http, seats=[{"kind": "bot", "level": "easy"}] * 2, hands=1)["room"]["id"])
            deadline = time.monotonic() + 120
            while http.get("/api/rooms", params={"state": "playing", "limit": 200}).json()["rooms"]:
                assert time.monotonic() < deadline, "the bot rooms did not finish"
                time.sleep(0.2)
            for room in made[-n:]:
                r = http.get(f"/api/rooms/{room}/record")
                assert r.status_code == 200 and r.json()["format"] == "gostop-match"
                assert http.get(f"/api/rooms/{room}").json()["state"] == "over"
            # random room ids through every door: the lobby, the record, the socket
            for i in range(20):
                assert http.get(f"/api/rooms/nosuch{i}x{len(made)}/record").status_code == 404

        async def ghosts() -> None:
            from websockets.asyncio.client import connect

            for i in range(10):
                async with connect(f"{server.ws_url}/ws/ghost{i}x{len(made)}") as ws:
                    await ws.send('{"type": "hello", "protocol": 1, "spectate": true}')
                    assert "room_unknown" in str(await ws.recv())

        asyncio.run(ghosts())

    batch(60)  # warm-up: imports, caches, the allocator's arenas
    time.sleep(1.0)
    warm = _rss_kb(server.proc.pid)
    batch(180)
    time.sleep(1.0)
    after = _rss_kb(server.proc.pid)
    with server.http() as http:
        process = http.get("/api/health").json()["process"]
    assert process["rooms"] == 0, f"finished rooms nobody watches stay in memory: {process}"
    assert process["loading"] == 0, f"unknown room ids leave entries behind: {process}"
    assert after <= warm * 1.10, f"RSS grew from {warm} kB to {after} kB over 180 finished rooms"


def test_lobby_rate_limit_answers_429_with_retry_after(serve) -> None:  # type: ignore[no-untyped-def]
    # One request every two seconds, five saved up: the five requests below must take less than
    # two seconds for the sixth to find the bucket empty (a rate of 2 a second refilled it on a
    # slow, busy machine, where five requests took over half a second).
    server: Server = serve(args=("--bot-delay", "0", "--lobby-rate", "0.5", "--lobby-burst", "5"))
    with server.http() as http:
        begun = time.monotonic()
        codes = [http.get("/api/rooms").status_code for _ in range(5)]
        assert codes == [200] * 5
        r = http.post("/api/quick", json={"name": "Flood"})
        took = time.monotonic() - begun
        assert r.status_code == 429, f"{r.text} (the six requests took {took:.2f} s)"
        retry = int(r.headers["Retry-After"])
        assert 1 <= retry <= 2 and "try again" in r.json()["detail"]
        assert http.get("/api/health").status_code == 200  # health checks are not lobby requests
        time.sleep(retry)
        assert http.post("/api/quick", json={"name": "Patient"}).status_code == 200


def test_forwarded_headers_are_trusted_only_from_configured_proxies(serve) -> None:  # type: ignore[no-untyped-def]
    body = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    plain: Server = serve(args=("--max-rooms-per-client", "3"), data="plain")
    with plain.http() as http:
        codes = [http.post("/api/rooms", json=body, headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
                 for i in range(5)]
    assert codes == [201, 201, 201, 429, 429], "a forged X-Forwarded-For bought more rooms"
    proxied: Server = serve(args=("--max-rooms-per-client", "3", "--forwarded-allow-ips", "127.0.0.1"), data="proxied")
    with proxied.http() as http:
        codes = [http.post("/api/rooms", json=body, headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
                 for i in range(5)]
        assert codes == [201] * 5, "behind a trusted proxy every user is its own address"
        same = [http.post("/api/rooms", json=body, headers={"X-Forwarded-For": "198.51.100.7"}).status_code
                for _ in range(4)]
        assert same == [201, 201, 201, 429]


def test_security_headers_and_a_client_without_inline_code(server: Server) -> None:
    with server.http() as http:
        for path in ("/", "/api/health", "/api/rooms", "/api/nothing"):
            r = http.get(path)
            csp = r.headers.get("Content-Security-Policy", "")
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, (path, csp)
            assert "unsafe-inline" not in csp
            assert r.headers.get("X-Content-Type-Options") == "nosniff"
            assert r.headers.get("Referrer-Policy") == "no-referrer"
    # the policy fits the browser game: no inline script, no inline style, no handler attributes
    if (WEB_DIR / "index.html").is_file():
        for page in WEB_DIR.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I):
                assert "src=" in tag, f"{page.name}: inline script {tag}"
            assert not re.search(r"<style\b", html, flags=re.I), f"{page.name}: inline <style>"
            assert not re.search(r"\sstyle\s*=", html, flags=re.I), f"{page.name}: a style attribute"
            assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), f"{page.name}: an inline event handler"


def test_room_names_refuse_control_characters(server: Server) -> None:
    with server.http() as http:
        for name in ("a\nb", "nul\x00", "evil\u202etxt.exe", "tab\there", "\x1b[31mred"):
            r = http.post("/api/rooms", json={"name": name, "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 422 and "control" in r.json()["detail"], (name, r.text)
        r = http.post("/api/rooms", json={"name": "  Friday   table 금요일 ", "seats": [{"kind": "human"}] * 2})
        assert r.status_code == 201 and r.json()["room"]["name"] == "Friday table 금요일"


def test_the_client_travels_gzipped_and_is_revalidated(server: Server) -> None:
    """First load (issue 18): the client's files are gzipped for browsers that ask, and kept by
    the browser with ``Cache-Control: no-cache`` (revalidated by ETag: 304 when unchanged)."""
    if not (WEB_DIR / "index.html").is_file():
        return
    script = next(p for p in sorted((WEB_DIR / "js").glob("*.js")) if p.stat().st_size > 4096)
    with server.http() as http:
        r = http.get(f"/js/{script.name}", headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200 and r.headers.get("Content-Encoding") == "gzip"
        assert r.text == script.read_text(encoding="utf-8")  # httpx inflates it
        assert int(r.headers["Content-Length"]) < script.stat().st_size
        assert r.headers.get("Cache-Control") == "no-cache"
        etag = r.headers.get("ETag")
        assert etag
        again = http.get(f"/js/{script.name}", headers={"If-None-Match": etag})
        assert again.status_code == 304
        plain = http.get(f"/js/{script.name}", headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers
        assert "Cache-Control" not in http.get("/api/health").headers


def test_big_frames_and_a_two_faced_hello_are_closed_with_their_codes(server: Server) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}], join={"name": "Ann"})
    room, token = made["room"]["id"], made["token"]

    async def closed_by(frames: list[str]) -> tuple[int, str, list[str]]:
        got: list[str] = []
        async with connect(f"{server.ws_url}/ws/{room}", max_size=2**24) as ws:
            try:
                for f in frames:  # each frame, then what it brings
                    await ws.send(f)
                    got.append(str(await asyncio.wait_for(ws.recv(), 10)))
                while True:
                    got.append(str(await asyncio.wait_for(ws.recv(), 10)))
            except ConnectionClosed as exc:
                assert exc.rcvd is not None
                return exc.rcvd.code, exc.rcvd.reason, got
        raise AssertionError("not closed")

    async def main() -> None:
        hello = '{"type": "hello", "protocol": 1, "spectate": true}'
        # over 4096 bytes: an error, the socket stays; over 64 KiB: closed with 1009
        code, _, got = await closed_by([hello, '{"type": "ping", "seq": 1, "pad": "' + "x" * 5000 + '"}',
                                        "x" * (64 * 1024 + 10)])
        assert code == 1009 and any('"too_big"' in g for g in got), (code, got)
        # a hello with a token and spectate: refused, closed 4408
        code, _, got = await closed_by(['{"type": "hello", "protocol": 1, "spectate": true, "token": "' + token + '"}'])
        assert code == 4408 and "not both" in got[-1], (code, got)

    asyncio.run(main())


def test_clients_that_go_away_mid_request_leave_no_traceback(server: Server) -> None:
    """A page closed while it loads: requests whose client hangs up before the answer (a body
    cut short, a request closed at once, a static file) are dropped without a traceback in the
    server's log (Starlette's ``BaseHTTPMiddleware`` logged ``RuntimeError: No response
    returned.`` for each), and the server answers the next client as before."""
    import socket

    def hang_up(request: bytes, wait: float) -> None:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(request)
            time.sleep(wait)

    cut_body = (b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{\"name\":")
    for _ in range(6):
        hang_up(cut_body, 0.05)
        hang_up(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 0)
        hang_up(b"GET /js/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 0)
    with server.http() as http:
        r = http.get("/api/rooms")
        assert r.status_code == 200 and r.headers.get("X-Frame-Options") == "DENY"
        big = http.post("/api/rooms", content=b"x" * 20_000, headers={"Content-Type": "application/json"})
        assert big.status_code == 413 and big.headers.get("X-Content-Type-Options") == "nosniff"
    time.sleep(0.5)  # the server has handled the hang-ups by now
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log and "No response returned" not in log, log[-3000:]
