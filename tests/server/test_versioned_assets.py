"""First load (issue #18): the page names its stylesheet and modules by versioned URLs that the
browser keeps (``immutable``), preloads the whole module graph, and a new client is a new URL."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from serverproc import Server

from gostop.server.app import WEB_DIR
from gostop.server.assets import IMMUTABLE, asset_version

pytestmark = pytest.mark.skipif(not (WEB_DIR / "index.html").is_file(), reason="no web client in this tree")

IMPORT = re.compile(r"""(?:^import\s[^;]*?from\s+|import\()\s*["']\./([\w-]+\.js)["']""", re.M)


def _graph() -> set[str]:
    """Every module reachable from js/app.js (static and dynamic imports)."""
    seen: set[str] = set()
    todo = ["app.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(IMPORT.findall((WEB_DIR / "js" / name).read_text(encoding="utf-8")))
    return seen


def test_the_page_uses_versioned_urls_that_are_kept_and_preloads_the_module_graph(server: Server) -> None:
    version = asset_version(WEB_DIR)
    with server.http() as http:
        page = http.get("/")
        assert page.status_code == 200 and page.headers["Cache-Control"] == "no-cache"
        html = page.text
        assert f'src="/v/{version}/js/app.js"' in html and f'href="/v/{version}/css/app.css"' in html
        assert not re.search(r'(?:src|href)="/(?:js|css)/', html), "an unversioned script or stylesheet"
        preloaded = set(re.findall(rf'rel="modulepreload" href="/v/{version}/js/([\w-]+\.js)"', html))
        assert _graph() - {"app.js"} <= preloaded, _graph() - preloaded
        assert http.get("/index.html").text == html
        for url in re.findall(rf'"(/v/{version}/(?:js|css)/[\w./-]+)"', html):
            r = http.get(url, headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200, url
            assert r.headers["Cache-Control"] == IMMUTABLE, url
            local = WEB_DIR / url.removeprefix(f"/v/{version}/")
            assert r.text == local.read_text(encoding="utf-8"), url
            if local.stat().st_size > 4096:
                assert r.headers.get("Content-Encoding") == "gzip", url
            if url.endswith(".js"):
                assert r.headers["Content-Type"].startswith("text/javascript")
        # a page of another version still loads, revalidated rather than kept
        old = http.get("/v/0000000000/js/app.js")
        assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
        for bad in ("/v/x/js/../../gostop/server/app.py", "/v/x/cards/01B.svg", f"/v/{version}/js/nope.js"):
            assert http.get(bad).status_code == 404, bad


def test_the_version_changes_with_any_script_or_stylesheet(tmp_path: Path) -> None:
    copy = tmp_path / "web"
    shutil.copytree(WEB_DIR, copy, ignore=shutil.ignore_patterns("cards"))
    before = asset_version(copy)
    assert asset_version(copy) == before  # stable
    css = copy / "css" / "app.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* changed */\n", encoding="utf-8")
    changed = asset_version(copy)
    assert changed != before
    script = copy / "js" / "dom.js"
    script.write_text(script.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert asset_version(copy) not in (before, changed)
