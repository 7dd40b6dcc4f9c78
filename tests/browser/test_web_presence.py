"""A player whose network goes away without closing the socket is seen to go by the others
within the server's ``quiet_seconds`` (the web client says in its hello that it answers the
server's probes, and answers them), and the table says that a bot plays the seat once the
grace period is over.

The server here is not the session's ``gostop serve``: a real uvicorn serving the same app with
4 s of ``quiet_seconds`` (tests/server/settingsserver.py), which the command line does not take,
and a grace period of 1 s."""

from __future__ import annotations

import importlib.util
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tableplay import close_settlement, step

#: 2 s for a page to answer a probe, on a loaded machine too
QUIET = 4.0
GRACE = 1.0
VIEWPORT = {"width": 1280, "height": 860}


def _settings_server() -> Any:
    path = Path(__file__).resolve().parents[1] / "server" / "settingsserver.py"
    spec = importlib.util.spec_from_file_location("settingsserver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SettingsServer


@pytest.fixture
def quiet_server(tmp_path: Path, browser: Browser) -> Iterator[Any]:  # (browser: skips without Chromium)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = _settings_server()(tmp_path / "server.log", port=port, db_url=f"sqlite:///{tmp_path / 'server.sqlite'}",
                                quiet_seconds=QUIET, grace_seconds=GRACE, bot_delay=0.3)
    server.start()
    yield server
    server.stop()
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def _seated(browser: Browser, url: str, room: str, seat: dict[str, Any], on_socket: Any = None) -> tuple[BrowserContext, Page]:
    """A person's own browser at the table, in the seat of the lobby's answer ``seat``."""
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    if on_socket is not None:
        page.on("websocket", on_socket)
    seat = {"seat": seat["seat"], "token": seat["token"]}
    page.goto(url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.seats', {json.dumps(json.dumps({room: seat}))})")
    page.goto(f"{url}/#/room/{room}")
    page.wait_for_selector(".table-page[data-phase]")
    return ctx, page


def test_a_player_whose_network_goes_is_seen_away_and_a_bot_plays_for_him(browser: Browser, quiet_server: Any) -> None:
    url = quiet_server.url
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US", reduced_motion="reduce")
    made = ctx.request.post(url + "/api/rooms", data=json.dumps({
        "name": "", "preset": "pagat", "rules": {}, "hands": 3, "public": False,
        "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"name": "Ann"}}), headers={"Content-Type": "application/json"})
    assert made.ok, made.text()
    ann_seat = made.json()
    room = ann_seat["room"]["id"]
    joined = ctx.request.post(f"{url}/api/rooms/{room}/join", data=json.dumps({"name": "Bo"}),
                              headers={"Content-Type": "application/json"})
    assert joined.ok, joined.text()
    bo_seat = joined.json()
    ctx.close()

    sockets: list[Any] = []
    sent: list[dict[str, Any]] = []
    got: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        sockets.append(ws)
        ws.on("framesent", lambda p: sent.append(json.loads(p)) if isinstance(p, str) else None)
        ws.on("framereceived", lambda p: got.append(json.loads(p)) if isinstance(p, str) else None)

    ann_ctx, ann = _seated(browser, url, room, ann_seat, on_socket)
    bo_ctx, bo = _seated(browser, url, room, bo_seat)
    bo_errors: list[str] = []
    bo.on("console", lambda m: bo_errors.append(m.text) if m.type == "error" else None)
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="offline")).to_have_count(0)

    # nobody moves for two and a half quiet periods: the server probes both pages, they answer,
    # and neither socket is closed (one socket all along, no "reconnecting")
    ann.wait_for_timeout(2.5 * QUIET * 1000)
    assert sent and sent[0]["type"] == "hello" and sent[0].get("probes") is True, sent[:1]
    probes = [i for i, m in enumerate(got) if m["type"] == "probe"]
    assert len(probes) >= 2, got
    assert sum(m["type"] == "ping" for m in sent) >= len(probes), sent
    assert len(sockets) == 1, f"the page opened {len(sockets)} sockets"
    expect(ann.locator("#banner")).not_to_contain_text("reconnecting")
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="offline")).to_have_count(0)

    # Bo's network goes (his page stays open, its socket too, but nothing passes)
    ann.evaluate("""() => {
      window.statuses = [];
      const note = () => {
        const el = document.querySelector('.table-page .status > span');
        if (el && el.textContent !== window.statuses[window.statuses.length - 1]) window.statuses.push(el.textContent);
      };
      new MutationObserver(note).observe(document.getElementById('app'), {subtree: true, childList: true, characterData: true});
      note();
    }""")
    bo_ctx.set_offline(True)
    went = time.monotonic()
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="away")).to_have_text("away (bot plays)",
                                                                                        timeout=(QUIET + GRACE + 5) * 1000)
    assert time.monotonic() - went <= QUIET + GRACE + 4
    end = time.monotonic() + 30
    while "Bo is away — a bot plays for them…" not in " ".join(ann.evaluate("() => window.statuses")):
        assert time.monotonic() < end, ann.evaluate("() => window.statuses")
        close_settlement(ann)  # a hand ended meanwhile: on to the next
        step(ann)  # Ann plays her turns; a bot plays Bo's
        ann.wait_for_timeout(100)
    statuses = ann.evaluate("() => window.statuses")
    away = next(i for i, s in enumerate(statuses) if "Bo is away" in s)
    assert not [s for s in statuses[away:] if "Waiting for Bo" in s], statuses
    assert len(sockets) == 1, f"the page opened {len(sockets)} sockets"
    # QA 15: Bo's page said at once that it was reconnecting (the browser's "offline"), tried no
    # socket while offline (an error in the console each), and once back it says that his seat
    # is his again and that a bot played it meanwhile, not only "reconnected"
    assert "reconnecting" in bo.inner_text("#banner"), bo.inner_text("#banner")
    bo_ctx.set_offline(False)
    expect(bo.locator("#banner")).to_contain_text("A bot played for you while you were away", timeout=10_000)
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="away")).to_have_count(0)
    assert not bo_errors, bo_errors
    bo_ctx.close()
    ann_ctx.close()
