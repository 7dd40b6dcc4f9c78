"""The game server's application: :func:`create_app` builds the FastAPI app of ``gostop serve``.

Routes: the lobby (:mod:`~gostop.server.lobby`, ``/api/...``), the table socket
(:mod:`~gostop.server.socket`, ``/ws/{room_id}``), and the browser game's static files from the
package (``gostop/web``: ``/`` and ``/cards/{CODE}.svg``) when they are installed. The
:class:`~gostop.server.hub.Hub` starts with the app (database migrated, rooms in play resumed)
and stops with it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import signal
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from gostop import __version__
from gostop.agents import warm
from gostop.server import errors, lobby, socket
from gostop.server.assets import mount_versioned
from gostop.server.fanout import make_fanout
from gostop.server.hub import Hub, ServerSettings
from gostop.server.protocol import CLOSE_RESTART
from gostop.server.socket import RESTART_REASON
from gostop.server.store import Store

__all__ = ["create_app", "WEB_DIR", "MAX_BODY_BYTES", "SECURITY_HEADERS", "STATUS", "status_of", "LobbyLimiter", "Guard"]

log = logging.getLogger("gostop.server")

#: The browser game (package data of ``gostop.web``).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Largest HTTP request body accepted.
MAX_BODY_BYTES = 16 * 1024

#: Sent with every HTTP answer. The browser game has no inline script or style (CSP without
#: 'unsafe-inline'); it talks to its own origin only (HTTP and its WebSocket).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


#: The HTTP status of each refusal of the server (:mod:`gostop.server.errors`): the one place
#: where domain errors meet HTTP.
STATUS: dict[type[errors.Refusal], int] = {
    errors.BadRequest: 400,
    errors.RuleRefused: 400,
    errors.BadToken: 401,
    errors.RecordNotPublic: 403,
    errors.BadTransferCode: 403,
    errors.RoomNotFound: 404,
    errors.RoomClosed: 409,
    errors.SeatTaken: 409,
    errors.RoomFull: 409,
    errors.MatchOver: 409,
    errors.HandInPlay: 409,
    errors.HandNotFound: 404,
    errors.TooManyRooms: 429,
    errors.TooManyCodes: 429,
}


def status_of(exc: errors.Refusal) -> int:
    """The status of a refusal (its nearest class in :data:`STATUS`; 400 for one not listed)."""
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 400


class LobbyLimiter:
    """A token bucket per client address for the lobby routes: ``rate`` requests a second, at
    most ``burst`` saved up. :meth:`take` answers 0 (go on) or the seconds to wait."""

    def __init__(self, rate: float, burst: int, max_clients: int = 100_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.max_clients = max_clients
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, addr: str) -> float:
        now = time.monotonic()
        tokens, stamp = self.buckets.get(addr, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens >= 1:
            self.buckets[addr] = (tokens - 1, now)
            if len(self.buckets) > self.max_clients:
                self._prune(now)
            return 0.0
        self.buckets[addr] = (tokens, now)
        return (1 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        # a bucket that would be full again is the same as no bucket
        full = [a for a, (t, st) in self.buckets.items() if t + (now - st) * self.rate >= self.burst]
        for a in full:
            del self.buckets[a]
        while len(self.buckets) > self.max_clients:
            self.buckets.pop(next(iter(self.buckets)))


#: FastAPI's interactive docs pages have inline script: no Content-Security-Policy on them.
_DOCS_PATHS = ("/docs", "/redoc", "/docs/oauth2-redirect")


class Guard:
    """The HTTP requests' gate, a plain ASGI middleware: the lobby's rate limit (429 with
    ``Retry-After``), the body cap (413 for a declared length above :data:`MAX_BODY_BYTES`, or
    as soon as a body sent without a length, chunked, passes it: the rest is not read), and
    the headers of every answer (:data:`SECURITY_HEADERS`; ``Cache-Control: no-cache`` on the
    client's files). WebSockets and the lifespan pass through untouched.

    It is not a Starlette ``BaseHTTPMiddleware``: that one raised ``RuntimeError: No response
    returned.`` and logged a traceback for every request whose client went away before the
    answer (a page closed while it loaded); here the answer of such a request is simply not sent."""

    def __init__(self, app: Any, settings: ServerSettings, limiter: LobbyLimiter) -> None:
        self.app = app
        self.settings = settings
        self.limiter = limiter

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if path.startswith("/api/") and path != "/api/health" and self.settings.lobby_rate > 0:
            client = scope.get("client")
            wait = self.limiter.take(client[0] if client else "unknown")
            if wait > 0:
                retry = max(1, math.ceil(wait))
                response = JSONResponse({"detail": f"too many requests from your address; try again in {retry} s",
                                         "code": "rate_limited", "retry_after": retry},
                                        status_code=429, headers={"Retry-After": str(retry)})
                await response(scope, receive, self._headed(send, path))
                return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await self._too_big(scope, receive, send, path)
            return
        if length is None:
            # no declared length (chunked): the body is read here, counted, and refused as soon
            # as it passes the cap (the rest is never read); a smaller one is handed on
            received: list[Any] = []
            total = 0
            while True:
                message = await receive()
                received.append(message)
                if message["type"] != "http.request":  # the client went away
                    break
                total += len(message.get("body", b""))
                if total > MAX_BODY_BYTES:
                    await self._too_big(scope, receive, send, path)
                    return
                if not message.get("more_body", False):
                    break
            receive = _replay(received, receive)
        await self.app(scope, receive, self._headed(send, path))

    async def _too_big(self, scope: Any, receive: Any, send: Any, path: str) -> None:
        response = JSONResponse({"detail": f"request body too big (at most {MAX_BODY_BYTES} bytes)", "code": "too_big",
                                 "limit": MAX_BODY_BYTES}, status_code=413,
                                headers={"Connection": "close"})
        await response(scope, receive, self._headed(send, path))

    @staticmethod
    def _headed(send: Any, path: str) -> Any:
        async def send_headed(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name == "Content-Security-Policy" and path in _DOCS_PATHS:
                        continue
                    headers.setdefault(name, value)
                if not path.startswith("/api/") and message["status"] in (200, 304):
                    # the client's files: kept by the browser, revalidated (ETag) before each use,
                    # so a new version is picked up at once and an unchanged one costs a 304
                    headers.setdefault("Cache-Control", "no-cache")
            await send(message)

        return send_headed


def _replay(messages: list[Any], receive: Any) -> Any:
    """A ``receive`` that gives ``messages`` first, then asks ``receive``."""
    pending = list(messages)

    async def replayed() -> Any:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


_NO_CLIENT = """<!doctype html><meta charset="utf-8"><title>gostop</title>
<h1>gostop server</h1><p>The browser game is not installed in this copy; the lobby API is at
<a href="/docs">/docs</a>.</p>"""


#: Prefixes pydantic puts before the message of a validator's error (not for people).
_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def validation_detail(errs: Sequence[Any]) -> str:
    """The ``detail`` of a 422: which field is wrong and why, for people (a body that is not
    JSON at all is said so, not by the parser's position)."""
    problems = []
    for err in list(errs)[:5]:
        if err.get("type") == "json_invalid":
            return "the request body is not valid JSON"
        msg = str(err.get("msg", "invalid"))
        for prefix in _PYDANTIC_PREFIXES:
            if msg.startswith(prefix):
                msg = msg[len(prefix):]
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        problems.append(f"{where or 'body'}: {msg}")
    return "; ".join(problems) or "invalid request"


def validation_field(errs: Sequence[Any]) -> str:
    """The first wrong field of a 422, dotted (``hands``, ``join.name``, ``seats.0.kind``);
    ``body`` for a body that is not JSON at all or not an object."""
    for err in list(errs)[:1]:
        if err.get("type") == "json_invalid":
            return "body"
        return ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "header")) or "body"
    return "body"


def _close_sockets_on_signals(hub: Hub) -> Callable[[], None]:
    """When the server is told to stop (SIGTERM, SIGINT), close the table sockets first, each
    with close code 1012 and a reason (the WebSocket layer's own close on shutdown has none),
    then let the server stop. Only where a server already catches the signal (uvicorn's
    ``run``, in the main thread); returns the function that puts its handlers back.

    After SIGTERM the server is asked to stop as a ``should_exit`` (uvicorn's own flag), not by
    the signal: it stops as gracefully, and the process then exits normally (status 0) with its
    exit handlers run, instead of being killed by the signal uvicorn raises again at the end
    (status 143, no exit handlers: multiprocessing's resource tracker then warned of leaked
    semaphores). A second signal goes to the server's handler at once."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    ours: dict[int, Any] = {}
    saved: dict[int, Any] = {}
    tasks: set[asyncio.Task[None]] = set()

    def on_signal(sig: int, frame: Any) -> None:
        prev = saved[sig]
        if hub.closing or loop.is_closed():
            prev(sig, frame)
            return
        hub.closing = True

        async def closing() -> None:
            try:
                await hub.close_sockets(CLOSE_RESTART, RESTART_REASON)
            except Exception:
                log.exception("closing the sockets failed")
            finally:
                server: Any = getattr(prev, "__self__", None)
                if sig == signal.SIGTERM and server is not None and hasattr(server, "should_exit"):
                    server.should_exit = True
                else:
                    prev(sig, frame)

        def start() -> None:
            task = asyncio.ensure_future(closing())
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        loop.call_soon_threadsafe(start)

    for sig in (signal.SIGTERM, signal.SIGINT):
        prev = signal.getsignal(sig)
        if callable(prev):
            saved[sig] = prev
            ours[sig] = on_signal
            signal.signal(sig, on_signal)

    def restore() -> None:
        for sig, prev in saved.items():
            if signal.getsignal(sig) is ours[sig]:
                signal.signal(sig, prev)

    return restore


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The app of ``gostop serve`` (see the module docstring)."""
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warm.start()  # the search bots' compiled rollouts, in the background (issue 22)
        hub = Hub(settings, Store(settings.db_url), make_fanout(settings.redis_url, settings.redis_prefix, settings.redis_wait))
        app.state.hub = hub
        await hub.start()
        restore = _close_sockets_on_signals(hub)
        try:
            yield
        finally:
            restore()
            await hub.stop()

    app = FastAPI(
        title="gostop game server",
        version=__version__,
        description="Lobby of the Go Stop web game. The table itself is a WebSocket: see docs/protocol.md.",
        lifespan=lifespan,
    )

    limiter = LobbyLimiter(settings.lobby_rate, settings.lobby_burst)
    # The client's HTML, CSS and JavaScript (145 kB) travel gzipped (46 kB) to browsers that ask.
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    # added last, so outermost: it sees each request first and each answer's headers last
    app.add_middleware(Guard, settings=settings, limiter=limiter)

    @app.exception_handler(errors.Refusal)
    async def refused(_request: Request, exc: errors.Refusal) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return JSONResponse({"detail": exc.message, **exc.fields()}, status_code=status_of(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_input(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_detail(exc.errors()), "code": "bad_input",
                             "field": validation_field(exc.errors())}, status_code=422)

    def allowed_methods(path: str) -> set[str]:
        methods: set[str] = set()
        for template, ops in app.openapi().get("paths", {}).items():
            if re.fullmatch(re.sub(r"\{[^/]+\}", "[^/]+", template), path):
                methods |= {m.upper() for m in ops}
        if "GET" in methods:
            methods.add("HEAD")
        return methods

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # name every method of the path, not only the first route's
            methods = allowed_methods(request.url.path)
            if methods:
                headers["Allow"] = ", ".join(sorted(methods))
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        extra = {"status": exc.status_code} if code == "http_error" else {}
        return JSONResponse({"detail": str(exc.detail), "code": code, **extra}, status_code=exc.status_code,
                            headers=headers)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=exc)
        return JSONResponse({"detail": "internal error (logged on the server)", "code": "internal"}, status_code=500)

    app.include_router(lobby.router)
    app.include_router(socket.router)

    @app.api_route("/api/{rest:path}", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"],
                   include_in_schema=False)
    async def api_fallback(request: Request, rest: str) -> JSONResponse:
        # /api/... never falls through to the static files: 405 (with Allow) or 404 as JSON
        methods = allowed_methods(request.url.path)
        if methods:
            return JSONResponse({"detail": "Method Not Allowed", "code": "method_not_allowed"}, status_code=405,
                                headers={"Allow": ", ".join(sorted(methods))})
        return JSONResponse({"detail": f"no such API path: /api/{rest[:80]}", "code": "not_found"}, status_code=404)
    if (WEB_DIR / "index.html").is_file():
        mount_versioned(app, WEB_DIR)  # the page with versioned, immutable asset URLs
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return _NO_CLIENT

    return app
