"""A ``kill`` (SIGTERM) ends a long command the way a ctrl-c does: the command stops its work
(worker processes included), says on one line what it did not finish and exits with status 143
(128 + SIGTERM), where a ctrl-c exits with 130.

Left to the system's default, a SIGTERM ends the process on the spot: not a word, a progress
bar left half drawn, and the pool's worker processes orphaned until they notice. Inside
:func:`sigterm_as_interrupt` the signal raises :class:`Terminated` instead, a
``KeyboardInterrupt``, so that every path written for ctrl-c (stopping a pool, restoring the
terminal, the command's ``interrupted: ...`` line) runs for it too; :func:`interrupt_status`
gives the exit status of either.

While the command line itself starts, a ctrl-c ends the process at once
(:func:`guard_start_up`, :func:`end_start_up`).

Nothing here imports from the rest of the package (the lowest floor): the command line, the
terminal game's line mode and the RL training script use it.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: The exit status after a ctrl-c (128 + SIGINT) and after a SIGTERM (128 + SIGTERM).
CTRL_C_STATUS = 130
SIGTERM_STATUS = 143


class Terminated(KeyboardInterrupt):
    """A SIGTERM, raised as a ctrl-c is (see the module's doc)."""

    status = SIGTERM_STATUS


def interrupt_status(exc: BaseException) -> int:
    """143 for a SIGTERM (:class:`Terminated`), else 130 (a ctrl-c)."""
    return SIGTERM_STATUS if isinstance(exc, Terminated) else CTRL_C_STATUS


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Inside the block, a SIGTERM raises :class:`Terminated` in the main thread.

    The first SIGTERM only: the handler puts the default action back, so that a second
    ``kill`` ends a process that is slow to stop at once. An error that the block raises after
    a SIGTERM came (a worker process of the same process group killed by the same signal, seen
    as a broken pool before the handler ran) is reported as the SIGTERM too. Nothing changes
    outside the main thread, or when SIGTERM is not at its default action (a caller that
    handles it itself, or ignores it)."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    received: list[int] = []

    def on_sigterm(signum: int, frame: object) -> None:
        received.append(signum)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise Terminated

    signal.signal(signal.SIGTERM, on_sigterm)
    try:
        yield
    except Terminated:
        raise
    except BaseException as exc:
        if received:
            raise Terminated from exc
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def read_line(prompt: str = "") -> str:
    """A line typed at the terminal, as ``input(prompt)`` gives it, that a signal always stops.

    ``input`` writes its prompt, then blocks in the C library's ``fgets``: a SIGTERM or a ctrl-c
    whose C-level handler ran between the two (a loaded machine preempts the process there),
    or ran in another thread of the process, never interrupts that read, so the Python handler
    waits for the next line typed -- a ``kill`` at a prompt did nothing. Here the process waits
    with ``select`` on the terminal *and* on a wake-up pipe that every signal handled by Python
    writes to (``signal.set_wakeup_fd``), so a signal that came at any time since the prompt
    wakes it, and its handler then runs (raising :class:`Terminated` or ``KeyboardInterrupt``).

    Only for a terminal read by the main thread on a POSIX system; anything else (a pipe, a
    file, a test's captured input) is read by ``input`` itself, as before. The end of input
    (ctrl-d) raises ``EOFError``, as ``input`` does."""
    stdin = sys.stdin
    try:
        fd = stdin.fileno()
        tty = stdin.isatty()
    except (AttributeError, OSError, ValueError):
        tty = False
    if not tty or os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return input(prompt)  # (select() waits on sockets only on Windows)
    wake_r, wake_w = os.pipe()
    try:
        os.set_blocking(wake_r, False)
        os.set_blocking(wake_w, False)
        previous = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
        try:
            if prompt:
                sys.stdout.write(prompt)
            sys.stdout.flush()
            while True:
                ready = select.select([fd, wake_r], [], [])[0]
                if wake_r in ready:  # a signal came: its handler runs at the next call (and may raise)
                    with contextlib.suppress(BlockingIOError):
                        os.read(wake_r, 256)
                    _let_handlers_run()
                if fd in ready:
                    break
            line = stdin.readline()
        finally:
            signal.set_wakeup_fd(previous)
    finally:
        os.close(wake_r)
        os.close(wake_w)
    if not line:
        raise EOFError
    return line[:-1] if line.endswith("\n") else line


def _let_handlers_run() -> None:
    """A Python call: the interpreter runs the signal handlers that are due before it."""


def _exit_at_once(_signum: int, _frame: object) -> None:
    """A ctrl-c while the command line starts: nothing is done yet that needs undoing or
    reporting, so the process ends here with 130 (the output so far flushed, nothing printed)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(CTRL_C_STATUS)


def guard_start_up() -> None:
    """Until :func:`end_start_up`, a ctrl-c ends the process at once with status 130.

    While the command line loads (typer, rich, the sub-command's module), a ctrl-c raised as a
    ``KeyboardInterrupt`` can land inside one of the import system's own callbacks (a module
    lock's weak reference dying), where Python can only print it ("Exception ignored in ...
    KeyboardInterrupt", with a traceback) and go on loading as if the key had not been
    pressed. Nothing has started that a ctrl-c would have to stop cleanly, so ending at once
    is the whole answer. Only in the main thread, and only when ctrl-c is at Python's default
    (raise ``KeyboardInterrupt``): an ignored SIGINT stays ignored."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _exit_at_once)


def end_start_up() -> None:
    """The command's own code runs from now on: a ctrl-c is a ``KeyboardInterrupt`` again, for
    the command to stop its work and say what it did not finish."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is _exit_at_once:
        signal.signal(signal.SIGINT, signal.default_int_handler)


__all__ = [
    "CTRL_C_STATUS",
    "SIGTERM_STATUS",
    "Terminated",
    "end_start_up",
    "guard_start_up",
    "interrupt_status",
    "read_line",
    "sigterm_as_interrupt",
]
