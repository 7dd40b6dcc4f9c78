"""A SIGTERM (``kill``) stops ``gostop simulate`` as a ctrl-c does: the one line
``interrupted: no results written``, exit status 143 (128 + SIGTERM), the pool's workers gone
with it, no traceback. It used to end on the spot: status 143 without a word, the workers
orphaned (``gostop/signals.py``).

Real processes and real signals, in the style of the ctrl-c test of a pool ladder
(``test_sim_face_qa.py``): the command runs in its own session, with SIGINT and SIGTERM at
their default actions (a test worker started as a background job may ignore them, and a child
inherits that).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the worker processes from /proc")


def _default_signals() -> None:  # in the child, before exec
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@contextlib.contextmanager
def _simulating(*bots: str, workers: int) -> Iterator[subprocess.Popen[str]]:
    """A long ``gostop simulate`` in its own process group, once it has printed its first
    progress line; every process of the group is killed afterwards, whatever happened."""
    cmd = [sys.executable, "-m", "gostop", "simulate", *bots, "-n", "100000", "-w", str(workers)]
    env = {**os.environ, "GOSTOP_WARM": "off"}
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          start_new_session=True, preexec_fn=_default_signals) as proc:  # noqa: PLW1509
        assert proc.stderr is not None
        try:
            ready, _, _ = select.select([proc.stderr], [], [], 60)
            first = proc.stderr.readline() if ready else ""
            assert first.startswith("deals: 0 of 100,000"), first
            yield proc
        finally:  # no process of the group outlives the test
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def _said_interrupted(proc: subprocess.Popen[str], out: str, err: str) -> None:
    assert proc.returncode == 143, (proc.returncode, err)
    assert out == "" and err.splitlines()[-1] == "interrupted: no results written", err
    assert "Traceback" not in err


@pytest.mark.parametrize("target", ["the command", "its process group"])
def test_sigterm_in_a_pool_run_says_interrupted_and_exits_143(target: str) -> None:
    with _simulating("greedy", "random", workers=2) as proc:
        workers: list[int] = []
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:  # the pool starts
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, workers
        time.sleep(0.5)  # and plays
        if target == "the command":
            os.kill(proc.pid, signal.SIGTERM)  # `kill PID`
        else:
            os.killpg(proc.pid, signal.SIGTERM)  # a service manager stopping the whole group
        out, err = proc.communicate(timeout=60)
        deadline = time.monotonic() + 5
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
    _said_interrupted(proc, out, err)
    assert left == [], f"workers left running: {left}"


def test_sigterm_in_a_single_process_run_exits_143() -> None:
    # one process (-w 1): the signal lands in the deals themselves
    with _simulating("expert", "greedy", workers=1) as proc:
        time.sleep(0.5)
        os.kill(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    _said_interrupted(proc, out, err)


def test_the_handler_is_only_in_place_during_the_command() -> None:
    """In a process of its own (a test worker may handle SIGTERM itself): inside the block a
    SIGTERM raises Terminated (status 143), and the default action is back after it."""
    code = (
        "import os, signal, time\n"
        "from gostop.signals import Terminated, interrupt_status, sigterm_as_interrupt\n"
        "assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL\n"
        "try:\n"
        "    with sigterm_as_interrupt():\n"
        "        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        time.sleep(5)\n"
        "    print('not interrupted')\n"
        "except Terminated as exc:\n"
        "    assert interrupt_status(exc) == 143 and interrupt_status(KeyboardInterrupt()) == 130\n"
        "    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL\n"
        "    print('terminated')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         preexec_fn=_default_signals)
    assert run.returncode == 0 and run.stdout == "terminated\n", run
