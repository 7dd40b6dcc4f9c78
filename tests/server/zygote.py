"""A process that has imported the game server and forks real `gostop serve` processes on request.

Starting ``python -m gostop serve`` spends a second or two of CPU importing FastAPI, pydantic,
SQLAlchemy, uvicorn and the game before it serves anything, and the server tests start some
sixty servers. This helper imports all that once per test process; each server is then a
``fork`` of it that runs ``python -m gostop serve ...`` exactly as the command does
(``runpy`` on the ``gostop`` package, with the test's arguments, environment, working directory
and log file), so what is tested is the real command in its own process, on its own port.

Protocol (one JSON object a line on stdin, one answer a line on stdout):

* ``{"op": "spawn", "argv": [...], "env": {...}, "cwd": "...", "log": "..."}`` -> ``{"pid": n}``
* ``{"op": "poll", "pid": n}`` -> ``{"rc": code or null}`` (a signal ``k`` is ``-k``, as
  :mod:`subprocess` reports it)

The children die with this process, and this process dies with the test process that started it
(Linux parent-death signals).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import random
import signal
import sys
import traceback

_libc = ctypes.CDLL("libc.so.6")
_PR_SET_PDEATHSIG = 1


def _preload() -> None:
    """Import what ``gostop serve`` imports on its way to serving (not run: nothing started)."""
    import anyio  # noqa: F401
    import httptools  # noqa: F401
    import uvicorn  # noqa: F401
    import uvicorn.loops.uvloop  # noqa: F401
    import uvicorn.protocols.http.httptools_impl  # noqa: F401
    import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
    import uvloop  # noqa: F401

    import gostop.cli  # noqa: F401
    import gostop.server.app  # noqa: F401


def _child(req: dict[str, object]) -> None:  # pragma: no cover - runs in the forked server
    code = 1
    try:
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        log = os.open(str(req["log"]), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.closerange(3, 1 << 16)
        os.environ.clear()
        os.environ.update(req["env"])  # type: ignore[arg-type]
        os.chdir(str(req["cwd"]))
        random.seed()  # not the state every fork of this process shares
        sys.stdin = open(0, closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.argv = [sys.executable, *req["argv"]]  # type: ignore[misc]
        signal.signal(signal.SIGINT, signal.default_int_handler)
        import runpy

        try:
            runpy.run_module("gostop", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if e.code is not None and not isinstance(e.code, int):
                print(e.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def main() -> None:
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    _preload()
    done: dict[int, int] = {}
    print(json.dumps({"ready": os.getpid()}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "spawn":
            pid = os.fork()
            if pid == 0:
                _child(req)
            print(json.dumps({"pid": pid}), flush=True)
        elif req["op"] == "poll":
            pid = int(req["pid"])
            if pid not in done:
                with contextlib.suppress(ChildProcessError):
                    got, status = os.waitpid(pid, os.WNOHANG)
                    if got == pid:
                        done[pid] = os.waitstatus_to_exitcode(status)
            print(json.dumps({"rc": done.get(pid)}), flush=True)


if __name__ == "__main__":
    main()
