"""The browser game's page with versioned asset URLs (issue #18, "first load").

``index.html`` is sent with its stylesheet and scripts under ``/v/{version}/`` (``/v/3f2a9c0d1e/
js/app.js``), where ``version`` is a hash of the client's CSS and JavaScript: those URLs never
change content, so the browser keeps them for a year without asking (``Cache-Control: immutable``),
and a new client is a new URL. The modules' relative imports (``./i18n.js``) resolve under the
same prefix, so the ``modulepreload`` links of the page match what the modules import. The page
itself is revalidated on every load (``no-cache``); the card images and the unversioned paths
stay as before (``no-cache`` with an ETag).

The page also says the first language of the request's ``Accept-Language`` (``<meta
name="gostop-accept-language" content="ko">``): a first visit is in that language even where the
browser's own language differs (js/i18n.js; a choice made on the page comes first).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

__all__ = ["IMMUTABLE", "asset_version", "first_language", "mount_versioned"]

#: The Cache-Control of a versioned asset.
IMMUTABLE = "public, max-age=31536000, immutable"
#: The folders served under the version prefix.
_VERSIONED = ("js", "css")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


def asset_version(web_dir: Path) -> str:
    """A short hash of every file under ``js/`` and ``css/`` (names and contents)."""
    h = hashlib.sha256()
    for folder in _VERSIONED:
        for path in sorted((web_dir / folder).rglob("*")):
            if path.is_file():
                h.update(path.relative_to(web_dir).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:10]


_TAG = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")


def first_language(header: str | None) -> str:
    """The language the request prefers most (``Accept-Language``: the highest ``q``, the first
    of equals), lower-cased; "" when there is none (or only ``*``)."""
    best, best_q = "", 0.0
    for part in (header or "")[:400].split(","):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not _TAG.fullmatch(tag):
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > best_q:
            best, best_q = tag.lower(), q
    return best


#: The preload of the rule sets' list, which the lobby asks for in the page's language.
_PRESETS_PRELOAD = 'href="/api/presets"'


def _with_language(page: str, lang: str) -> str:
    meta = f'<meta name="gostop-accept-language" content="{lang}">'
    page = page.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n  {meta}', 1)
    if lang.startswith("ko"):  # a Korean page asks for the Korean list (js/api.js): preload that one
        page = page.replace(_PRESETS_PRELOAD, 'href="/api/presets?lang=ko"', 1)
    return page


def _page(web_dir: Path, version: str) -> str:
    text = (web_dir / "index.html").read_text(encoding="utf-8")
    for folder in _VERSIONED:
        for attr in ("href", "src"):
            text = text.replace(f'{attr}="/{folder}/', f'{attr}="/v/{version}/{folder}/')
    return text


def mount_versioned(app: FastAPI, web_dir: Path) -> str:
    """Serve ``/`` and ``/index.html`` with versioned asset URLs and ``/v/{version}/...``;
    returns the version. Call before mounting the static files at ``/``."""
    version = asset_version(web_dir)
    page = _page(web_dir, version)
    root = web_dir.resolve()

    @app.get("/", include_in_schema=False)
    @app.get("/index.html", include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        lang = first_language(request.headers.get("accept-language"))
        return HTMLResponse(_with_language(page, lang) if lang else page,
                            headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})

    @app.get("/v/{asked}/{folder}/{name:path}", include_in_schema=False)
    async def versioned(asked: str, folder: str, name: str) -> Response:
        path = (root / folder / name).resolve()
        if folder not in _VERSIONED or not path.is_relative_to(root / folder) or not path.is_file():
            return Response("not found", status_code=404, media_type="text/plain")
        # a page of an older version still gets today's file, revalidated rather than kept
        cache = IMMUTABLE if asked == version else "no-cache"
        return FileResponse(path, media_type=_TYPES.get(path.suffix), headers={"Cache-Control": cache})

    return version
