"""A real uvicorn serving the app of ``gostop serve`` with settings its command line does not
take (``quiet_seconds``): ``python settingsserver.py '{"port": 8123, ...}'`` (the fields of
:class:`~gostop.server.settings.ServerSettings`, as JSON).

It is what ``gostop serve`` runs -- :func:`gostop.server.app.create_app` under ``uvicorn.run``
on 127.0.0.1 with the command's frame limit -- minus the command's checks of its options. Used
by the tests that need a timing shorter than a setting's default (a socket taken for gone after
a few seconds of silence, not 20 s), from tests/server and tests/browser alike (:class:`SettingsServer`).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["SettingsServer"]


def _die_with_parent() -> None:  # in the child, before exec: the server dies with the test
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class SettingsServer:
    """This file run as a server process: ``SettingsServer(log, port=..., db_url=..., ...)``."""

    def __init__(self, log: Path, **settings: Any) -> None:
        self.settings = {"host": "127.0.0.1", **settings}
        self.port = int(self.settings["port"])
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 40) -> SettingsServer:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen([sys.executable, __file__, json.dumps(self.settings)],
                                         stdout=out, stderr=out, preexec_fn=_die_with_parent)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text(errors='replace')[-2000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                if r.status == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"the server did not come up in {timeout:g} s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def main() -> None:
    import logging

    import uvicorn

    from gostop.server.app import create_app
    from gostop.server.protocol import MAX_FRAME_BYTES
    from gostop.server.settings import ServerSettings

    settings = ServerSettings(**json.loads(sys.argv[1]))
    logging.basicConfig(level="WARNING", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="warning",
                ws_max_size=MAX_FRAME_BYTES)


if __name__ == "__main__":
    main()
