"""The test servers' helper (``zygote.py``): every server it forks is its own ``gostop serve``
process, reports how it ended as ``subprocess`` would, and a dead helper is replaced."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Callable

import pytest
import serverproc
from serverproc import Server


def test_forked_servers_are_separate_processes_that_report_how_they_ended(
    serve: Callable[..., Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    if os.environ.get("GOSTOP_TEST_SERVER_EXEC") == "1":
        pytest.skip("servers are started from scratch in this run (GOSTOP_TEST_SERVER_EXEC=1)")
    a, b = serve(), serve()
    assert a.proc is not None and b.proc is not None
    assert isinstance(a.proc, serverproc.ForkedServer)
    assert a.proc.pid != b.proc.pid and a.port != b.port
    cmdline = open(f"/proc/{a.proc.pid}/cmdline", "rb").read()  # noqa: SIM115
    assert b"zygote.py" in cmdline  # a fork: the helper's command line, the server's own pid
    for s in (a, b):
        with s.http() as http:
            assert http.get("/api/health").json()["ok"] is True
    with monkeypatch.context() as m:
        m.setenv("GOSTOP_TEST_SERVER_EXEC", "1")
        plain = serve()  # started from scratch: `python -m gostop serve`
    assert isinstance(plain.proc, subprocess.Popen)
    for s in (a, plain):  # a graceful stop ends a fork as it ends the command itself
        assert s.proc is not None
        s.proc.send_signal(signal.SIGTERM)
    # the server stops gracefully and exits normally (its exit handlers run): status 0
    assert plain.proc.wait(20) == a.proc.wait(20) == 0
    b.kill9()
    assert b.proc.returncode == -signal.SIGKILL
    assert b.proc.poll() == -signal.SIGKILL


def test_a_dead_helper_is_replaced(serve: Callable[..., Server]) -> None:
    if os.environ.get("GOSTOP_TEST_SERVER_EXEC") == "1":
        pytest.skip("servers are started from scratch in this run (GOSTOP_TEST_SERVER_EXEC=1)")
    serve()
    helper = serverproc._zygote()
    helper.proc.kill()
    helper.proc.wait(10)
    again = serve()  # a new helper forks it
    assert serverproc._zygote() is not helper
    with again.http() as http:
        assert http.get("/api/health").status_code == 200
