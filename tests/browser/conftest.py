"""Browser tests (Playwright driving Debian's Chromium); run in their own pytest process.

One real ``gostop serve`` (uvicorn, 127.0.0.1, a free port, a temporary data directory) serves
the whole session; it dies with the test process. Where ``CI`` is set a missing Chromium fails
the tests; elsewhere they skip with one line.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from playwright.sync_api import expect  # noqa: E402

#: How long an ``expect`` waits for the page to come round. Playwright's 5 s default is short
#: where a change has to travel through the server first (a player leaves; every other page
#: hears it) while two pytest workers, their servers and three browser contexts share two cores:
#: such a wait failed a full run once and passed alone. Only a failing check waits this long.
expect.set_options(timeout=10_000)

#: Debian's ``chromium-headless-shell``: Chromium's old headless mode, the one Playwright itself
#: runs for headless tests. On 2 cores it ran this suite in about 60 % of the time and CPU that
#: the full ``/usr/bin/chromium`` took (same version; docs/benchmarks.md), which stays the
#: fallback. ``GOSTOP_CHROMIUM`` names another binary.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("GOSTOP_CHROMIUM") or (HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


def _chromium() -> str:
    path = CHROMIUM if Path(CHROMIUM).exists() else (shutil.which("chromium-headless-shell") or shutil.which("chromium"))
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail(f"Chromium is required where CI is set and {CHROMIUM} is missing (apt-get install chromium-headless-shell)")
    pytest.skip(f"Chromium not installed ({CHROMIUM}); apt-get install chromium-headless-shell fonts-nanum")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": _chromium(), "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:  # in the child, before exec: the server dies with pytest
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class GameServer:
    """A real ``gostop serve`` process."""

    def __init__(self, data: Path, args: tuple[str, ...] = ()) -> None:
        self.data = data
        self.args = args  # after the defaults: a test's own limits (the last of an option wins)
        self.port = _free_port()
        self.db_url = f"sqlite:///{data / 'server.sqlite'}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data / "serve.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.scripted: dict[str, tuple[str, str]] = {}

    def start(self) -> GameServer:
        self.data.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "gostop", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--db", self.db_url, "--bot-delay", "0.05", "--grace", "900", "--log-level", "warning",
               "--max-rooms-per-client", "1000", *self.args]  # every test makes rooms from 127.0.0.1
        out = self.log.open("ab")
        env = {**os.environ, "GOSTOP_DATA_DIR": str(self.data)}
        self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=out, preexec_fn=_die_with_parent)
        deadline = time.time() + 40
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gostop serve exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                if r.status == 200:
                    return self
            time.sleep(0.2)
        raise RuntimeError("gostop serve did not come up in 40 s")

    def kill9(self) -> None:
        """Crash the server (SIGKILL); :meth:`start` brings it back on the same port and data."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture(scope="session")
def game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    _chromium()
    from scenarios import prepare

    server = GameServer(tmp_path_factory.mktemp("gostop-serve"))
    server.scripted = prepare(server.db_url)  # rooms on scripted deals, resumed at start
    server.start()
    yield server
    server.stop()
    # the pages came and went (closed mid-load, sockets dropped): the server logged no traceback
    log = server.log.read_text(errors="replace")
    if "Traceback" in log:
        at = log.index("Traceback")
        pytest.fail(f"the game server logged a traceback during the browser tests:\n{log[max(0, at - 500):at + 3000]}")


@pytest.fixture(scope="session")
def base_url(game_server: GameServer) -> str:
    return game_server.url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Cards move for about 0.8 s after every update (js/motion.js) unless the person asks for
    # reduced motion: the tests that are not about the animations ask for it, which keeps the
    # run short; test_web_motion.py and the whole hand vs bots play with the animations on.
    return {**browser_context_args, "viewport": {"width": 1280, "height": 860}, "locale": "en-US", "reduced_motion": "reduce"}



# Two runs of `make test` share the browser tests: see sharing.py.
from sharing import pytest_runtestloop, pytest_terminal_summary  # noqa: E402, F401
