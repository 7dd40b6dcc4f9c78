"""deploy/ (docs/deploy.md): the Compose file has the parts a site needs, and the same topology
runs with local processes -- PostgreSQL, Redis, two `gostop serve` processes and a forwarding
proxy in front (X-Forwarded-For, WebSocket upgrades) -- through which a match is played."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import httpx
import yaml
from serverproc import REDIS_URL, Server, TableClient, free_port, http_client, play_out

from gostop.match import replay_match

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return data


def _flag(command: list[str], name: str) -> str | None:
    for item in command:
        if item.startswith(f"{name}="):
            return item.split("=", 1)[1]
    return None


def test_compose_file_has_every_part_of_the_site() -> None:
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        p = subprocess.run(["docker", "compose", "-f", str(DEPLOY / "compose.yaml"), "config", "--quiet"],
                           capture_output=True, text=True, env={"POSTGRES_PASSWORD": "x", "PATH": "/usr/bin:/bin"})
        assert p.returncode == 0, p.stderr
    compose = _compose()
    services = compose["services"]
    assert {"postgres", "redis", "caddy"} <= set(services)
    servers = {name: s for name, s in services.items() if "serve" in (s.get("command") or [])}
    assert len(servers) >= 2, "two or more gostop serve processes"
    caddy_ip = services["caddy"]["networks"]["site"]["ipv4_address"]
    for name, s in servers.items():
        cmd = s["command"]
        assert (_flag(cmd, "--db") or "").startswith("postgresql+psycopg://"), name
        assert (_flag(cmd, "--redis") or "").startswith("redis://redis:"), name
        assert _flag(cmd, "--forwarded-allow-ips") == caddy_ip, f"{name} must trust only the proxy"
        assert _flag(cmd, "--host") == "0.0.0.0"
        assert set(s["depends_on"]) == {"postgres", "redis"}
        assert s["build"]["dockerfile"] == "deploy/Dockerfile"
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    for name in servers:
        assert f"{name}:8000" in caddyfile, f"Caddy does not balance {name}"
    assert "X-Forwarded-For" in caddyfile and "health_uri /api/health" in caddyfile
    assert "./Caddyfile:/etc/caddy/Caddyfile" in " ".join(services["caddy"]["volumes"])
    assert (DEPLOY / "Dockerfile").is_file() and "gostop" in (DEPLOY / "Dockerfile").read_text()
    # no secret in the repository: the password comes from deploy/.env
    assert "${POSTGRES_PASSWORD" in (DEPLOY / "compose.yaml").read_text()
    assert ".env" in (DEPLOY / ".gitignore").read_text().split()


class ForwardingProxy:
    """A small reverse proxy like Caddy's part in the example: each TCP connection goes to the
    next backend (round robin); the request head gets ``X-Forwarded-For`` (the client's
    address as the proxy saw it, replacing any the client sent) and ``X-Forwarded-Proto``; then
    bytes flow both ways (HTTP bodies and WebSocket frames alike)."""

    def __init__(self, backends: list[int]) -> None:
        self.port = free_port()
        self.backends = itertools.cycle(backends)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.AbstractServer | None = None

    def start(self) -> ForwardingProxy:
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._client, "127.0.0.1", self.port), self.loop).result(10)
        return self

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        peer = writer.get_extra_info("peername")[0]
        lines = [ln for ln in head.split(b"\r\n")[:-2] if not ln.lower().startswith(b"x-forwarded-")]
        lines += [b"X-Forwarded-For: " + peer.encode(), b"X-Forwarded-Proto: http"]
        up_r, up_w = await asyncio.open_connection("127.0.0.1", next(self.backends))
        up_w.write(b"\r\n".join(lines) + b"\r\n\r\n")

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            with contextlib.suppress(Exception):
                dst.close()

        await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer))

    def stop(self) -> None:
        if self.server is not None:
            self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def test_the_site_topology_with_local_processes(serve, pg_url: str, redis_prefix: str) -> None:  # type: ignore[no-untyped-def]
    args = ("--bot-delay", "0", "--grace", "30", "--redis-prefix", redis_prefix, "--forwarded-allow-ips", "127.0.0.1",
            "--max-rooms-per-client", "3", "--resync-seconds", "0.5", "--presence-ttl", "3")
    a_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="a")
    b_srv: Server = serve(db=pg_url, redis=REDIS_URL, args=args, data="b")
    proxy = ForwardingProxy([a_srv.port, b_srv.port]).start()
    site = f"http://127.0.0.1:{proxy.port}"
    try:
        def post(path: str, body: dict[str, Any], forged: str | None = None) -> httpx.Response:
            headers = {"Connection": "close"}
            if forged:
                headers["X-Forwarded-For"] = forged
            with http_client(site) as http:
                return http.post(path, json=body, headers=headers)

        made = post("/api/rooms", {"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
                                   "hands": 1, "join": {"name": "Ann"}}).json()
        room = made["room"]["id"]
        bo = post(f"/api/rooms/{room}/join", {"name": "Bo"}).json()  # through the other process
        assert bo["room"]["state"] in ("playing", "over")
        # the per-address limit counts the address the proxy saw, whatever the client claims
        codes = [post("/api/rooms", {"seats": [{"kind": "human"}] * 2}, forged=f"203.0.113.{i}").status_code
                 for i in range(3)]
        assert codes == [201, 201, 429], codes

        async def main() -> list[TableClient]:
            ws = f"ws://127.0.0.1:{proxy.port}"
            ann = await TableClient.open(ws, room, token=made["token"], name="ann")
            bob = await TableClient.open(ws, room, token=bo["token"], name="bo")
            spec = await TableClient.open(ws, room, spectate=True, name="spec")
            if made["room"]["state"] != "over" and bo["room"]["state"] != "over":
                await play_out([ann, bob, spec], random.Random(3), timeout=120)
            for c in (ann, bob, spec):
                await c.close()
            return [ann, bob, spec]

        clients = asyncio.run(main())
        with http_client(site) as http:
            record = http.get(f"/api/rooms/{room}/record", headers={"Connection": "close"}).json()
        assert replay_match(record).is_over
        for c in clients:
            assert c.view is not None and c.view["version"] == len(record["actions"]), c.name
        assert "seed" not in json.dumps(clients[2].messages)
    finally:
        proxy.stop()
