"""The game server's application: :func:`create_app` builds the FastAPI app of ``gostop serve``.

Routes: the lobby (:mod:`~gostop.server.lobby`, ``/api/...``), the table socket
(:mod:`~gostop.server.socket`, ``/ws/{room_id}``), and the browser game's static files from the
package (``gostop/web``: ``/`` and ``/cards/{CODE}.svg``) when they are installed. The
:class:`~gostop.server.hub.Hub` starts with the app (database migrated, rooms in play resumed)
and stops with it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from gostop import __version__
from gostop.agents import warm
from gostop.server import lobby, socket
from gostop.server.fanout import make_fanout
from gostop.server.hub import Hub, LobbyError, ServerSettings
from gostop.server.store import Store

__all__ = ["create_app", "WEB_DIR", "MAX_BODY_BYTES"]

log = logging.getLogger("gostop.server")

#: The browser game (package data of ``gostop.web``).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Largest HTTP request body accepted.
MAX_BODY_BYTES = 16 * 1024

_NO_CLIENT = """<!doctype html><meta charset="utf-8"><title>gostop</title>
<h1>gostop server</h1><p>The browser game is not installed in this copy; the lobby API is at
<a href="/docs">/docs</a>.</p>"""


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The app of ``gostop serve`` (see the module docstring)."""
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warm.start()  # the search bots' compiled rollouts, in the background (issue 22)
        hub = Hub(settings, Store(settings.db_url), make_fanout(settings.redis_url, settings.redis_prefix))
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="gostop game server",
        version=__version__,
        description="Lobby of the Go Stop web game. The table itself is a WebSocket: see docs/protocol.md.",
        lifespan=lifespan,
    )

    @app.middleware("http")
    async def body_cap(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            return JSONResponse({"detail": f"request body too big (at most {MAX_BODY_BYTES} bytes)"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, exc: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_input(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            problems.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
        return JSONResponse({"detail": "; ".join(problems) or "invalid request"}, status_code=422)

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
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=exc)
        return JSONResponse({"detail": "internal error (logged on the server)"}, status_code=500)

    app.include_router(lobby.router)
    app.include_router(socket.router)

    @app.api_route("/api/{rest:path}", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"],
                   include_in_schema=False)
    async def api_fallback(request: Request, rest: str) -> JSONResponse:
        # /api/... never falls through to the static files: 405 (with Allow) or 404 as JSON
        methods = allowed_methods(request.url.path)
        if methods:
            return JSONResponse({"detail": "Method Not Allowed"}, status_code=405, headers={"Allow": ", ".join(sorted(methods))})
        return JSONResponse({"detail": f"no such API path: /api/{rest[:80]}"}, status_code=404)
    if (WEB_DIR / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return _NO_CLIENT

    return app
