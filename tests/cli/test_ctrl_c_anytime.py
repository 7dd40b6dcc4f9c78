"""Ctrl-C at any moment of a ``gostop`` command, while the command line itself is still being
imported included: exit status 130 and no traceback (``gostop/__main__.py``).

Real processes and a real SIGINT: the console script pip wrote (``.venv/bin/gostop``) and
``python -m gostop``.

When the signal is sent matters. Counted from the start of the process, a short delay would
mostly test the interpreter's own startup, which no code of ours can protect (before our first
line runs, a ctrl-c is Python's to report), and on a busy machine that startup takes anywhere
from 20 ms to a second. So the delays are counted from the moment our code is running: the
child runs with ``PYTHONPROFILEIMPORTTIME=1``, under which the interpreter writes one line on
stderr as each import ends (it changes nothing else), and the clock starts at the first import
that ends after the ``gostop`` package's own, i.e. when the command line's libraries (typer,
rich) have started to load -- the window where a ctrl-c used to print a traceback. What lies
before that moment and is not tested: the interpreter's startup and the import of the small
entry module (``gostop/__main__.py``, which imports nothing at its top), a fraction of a
millisecond that only the interpreter can answer for.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

#: The console script beside this Python (``.venv/bin/gostop``).
SCRIPT = Path(sys.executable).with_name("gostop")

#: After the command line's libraries start to load: during their import (about 0.1-0.3 s), then
#: while the command runs or exits.
DELAYS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4)

#: A command that runs for a while once loaded (2 seconds or so), so that the later delays fall
#: inside it rather than after its end.
COMMAND = ["simulate", "greedy", "random", "-n", "300", "-w", "1", "--no-progress"]


def _default_sigint() -> None:
    # A test worker may ignore SIGINT, and a child inherits that: Python then never raises
    # KeyboardInterrupt. A terminal's ctrl-c reaches a command started from a shell.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted(argv: list[str], delay: float) -> tuple[int, str, str]:
    """Run ``argv``, send SIGINT ``delay`` seconds after the command line starts to load; its
    exit status, stdout and stderr (without the import-time lines)."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "GOSTOP_WARM": "off"}
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=_default_sigint)
    assert proc.stdout is not None and proc.stderr is not None
    stdout, stderr = proc.stdout, proc.stderr
    err: list[str] = []
    out: list[str] = []
    try:
        package_loaded = started = False
        while not started:
            line = stderr.readline()
            if not line:
                break
            err.append(line)
            if line.startswith("import time:"):
                module = line.rsplit("|", 1)[-1].strip()
                started = package_loaded and module.split(".")[0] != "gostop"
                package_loaded = package_loaded or module == "gostop"
        assert started, "".join(err)
        # The rest is read meanwhile, so that the child never waits on a full pipe.
        readers = [threading.Thread(target=lambda: err.append(stderr.read())),
                   threading.Thread(target=lambda: out.append(stdout.read()))]
        for reader in readers:
            reader.start()
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=60)
        for reader in readers:
            reader.join(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = "".join(err).splitlines()
    return status, "".join(out), "\n".join(line for line in lines if not line.startswith("import time:"))


@pytest.mark.parametrize("how", ["script", "-m"])
def test_ctrl_c_at_any_moment_exits_130_without_a_traceback(how: str) -> None:
    if how == "script" and not SCRIPT.is_file():
        pytest.skip(f"no console script at {SCRIPT} (pip install -e . writes it)")
    argv = [str(SCRIPT), *COMMAND] if how == "script" else [sys.executable, "-m", "gostop", *COMMAND]
    for delay in DELAYS:
        status, _out, err = _interrupted(argv, delay)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, (delay, err)
        if status == 0:  # over before the signal came (a slow machine's clock)
            continue
        if status == -signal.SIGINT:
            # The process ended by the signal (a shell shows 130): when the signal came in the
            # last instants of the exit, after Python handed SIGINT back to the system's default,
            # with nothing printed; on a busy machine also after the command had said its one
            # line ("interrupted: no results written"; seen now and then at delays of 0.4 to
            # 0.6 s on a slow machine; how the signal then ends the process was not found).
            # Either way a person sees what the other endings show: status 130 and at most one
            # line.
            assert len(err.splitlines()) <= 1, (delay, err)
            continue
        assert status == 130, (delay, status, err)
        assert len(err.splitlines()) <= 1, (delay, err)  # at most one short line
