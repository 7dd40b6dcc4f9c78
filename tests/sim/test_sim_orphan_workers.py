"""The worker processes of ``gostop simulate -w N`` end by themselves when the simulator is
killed outright (SIGKILL: no chance to stop its pool), instead of waiting forever on the pool's
pipes (``gostop.sim.backends._start_worker``).

A real ``gostop simulate`` in its own process group; only its main process is killed; its
workers (found beforehand as its child processes in /proc) must be gone within seconds. The
whole group is killed at the end whatever happens, so that no worker outlives the test.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

#: Within this many seconds of the simulator's death, its workers must be gone (they look every
#: 0.5 s; a slow, busy machine gets the rest).
DEADLINE = 10.0


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, ...), None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _children(pid: int) -> dict[int, str]:
    """The child processes of ``pid``: pid -> start time (to tell a reused pid apart)."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and fields[1] == str(pid):
                found[int(entry)] = fields[19]
    return found


def _running(pid: int, start: str) -> bool:
    """Whether process ``pid`` (started at ``start``) still runs (a zombie does not: it has
    ended, and only waits for whoever adopted it to collect its status)."""
    fields = _stat(pid)
    return fields is not None and fields[19] == start and fields[0] != "Z"


def test_workers_end_when_the_simulator_is_killed() -> None:
    cmd = [sys.executable, "-m", "gostop", "simulate", "greedy", "random", "-n", "1000000", "-w", "2"]
    env = {**os.environ, "GOSTOP_WARM": "off"}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)  # its own group, for the cleanup below
    assert proc.stderr is not None
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        first = proc.stderr.readline() if ready else ""
        assert first.startswith("deals: 0 of 1,000,000"), first
        workers: dict[int, str] = {}
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert len(workers) == 2, workers
        time.sleep(1.5)  # the pool plays: chunks out, results coming back
        assert proc.poll() is None and all(_running(pid, start) for pid, start in workers.items())
        os.kill(proc.pid, signal.SIGKILL)  # the simulator alone, not its group
        assert proc.wait(timeout=10) == -signal.SIGKILL
        deadline = time.monotonic() + DEADLINE
        while any(_running(pid, start) for pid, start in workers.items()) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid, start in workers.items() if _running(pid, start)]
        assert left == [], f"workers still running {DEADLINE:.0f} s after the simulator was killed: {left}"
    finally:  # whatever happened, nothing of the group outlives the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.wait()
        proc.stderr.close()
