"""``python -m gostop`` and the ``gostop`` console script (``[project.scripts]``): the command
line, with ctrl-c handled from the first moment this code runs.

Loading the command line (typer, rich, :mod:`gostop.cli`) takes a good part of a second, and a
ctrl-c in that time used to print Python's traceback. So this module imports nothing at its top:
:func:`main` imports the command line inside its ``try``, and until the sub-command's module is
loaded a ctrl-c ends the process at once (:func:`gostop.signals.guard_start_up`: raised as a
``KeyboardInterrupt`` there, it could land in the import system's own callbacks, which only
print it and go on). A ctrl-c at any moment after that
ends the command with exit status 130 and no traceback, as a ctrl-c later in a command does
(typer turns it into status 130 without a word; a command that has something to say about what
it did not finish says it on one line, e.g. ``interrupted: no results written``).

What is left unprotected is what runs before this module's code: the interpreter's own startup
and the few instructions that import this small module (a ctrl-c there is Python's to report).
"""

#: The exit status of a command stopped by ctrl-c (128 + SIGINT, what a shell shows).
EXIT_INTERRUPTED = 130


def main() -> None:
    """Run the ``gostop`` command line (:func:`gostop.cli.main`) and exit with its status; a
    ctrl-c exits with status 130 and prints nothing.

    On its way out it also takes ctrl-c over for the process's last instants (the interpreter's
    exit: flushing output, ``atexit`` handlers), where a ``KeyboardInterrupt`` can only be
    printed with a traceback: a ctrl-c then ends the process at once with status 130. So this
    is the last thing a process should call (as the console script and ``-m`` do).
    """
    try:
        from gostop.signals import guard_start_up

        guard_start_up()  # a ctrl-c ends at once until the sub-command's module is loaded
        _redeliver_swallowed_ctrl_c()  # and after that, one that lands in an import's callback is not lost
        from gostop.cli import main as run_command_line

        run_command_line()
    except KeyboardInterrupt:
        raise SystemExit(EXIT_INTERRUPTED) from None
    except Exception as exc:
        from gostop.errors import caused_by_ctrl_c

        if caused_by_ctrl_c(exc):  # a ctrl-c that the code it stopped wrapped in another error
            raise SystemExit(EXIT_INTERRUPTED) from None
        raise
    finally:
        _exit_at_once_on_ctrl_c()
        _forget_handled_ctrl_c()


def _redeliver_swallowed_ctrl_c() -> None:
    """A ctrl-c that lands in a callback Python cannot raise from is delivered again, unprinted.

    Once the command runs, it still imports modules as it needs them (the simulator's, the
    bots'), and a ctrl-c raised as a ``KeyboardInterrupt`` inside the import system's own
    callbacks (a module lock's weak reference dying) cannot propagate: Python hands it to
    ``sys.unraisablehook``, which printed "Exception ignored in ... Traceback ...
    KeyboardInterrupt" and went on as if the key had not been pressed. Here that hook has a new
    thread signal the interrupt to the main thread again (``_thread.interrupt_main``; signalled
    from the hook itself, it would be raised inside the hook and swallowed again), so that it is
    raised in the main thread once it is out of the callback, and the command stops as for any
    ctrl-c (status 130, no traceback). A SIGTERM swallowed there
    (:class:`gostop.signals.Terminated`) is sent to the process again, whose SIGTERM is back at
    the system's default by then: it ends at once, as after a second ``kill``. Every other unraisable error is printed as before."""
    import _thread
    import os
    import signal
    import sys

    default = sys.unraisablehook

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        kind = unraisable.exc_type
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            if getattr(kind, "status", None) == 128 + signal.SIGTERM:
                os.kill(os.getpid(), signal.SIGTERM)
            else:  # from another thread: raised in the hook itself, it would be swallowed again
                _thread.start_new_thread(_thread.interrupt_main, ())
            return
        default(unraisable)

    sys.unraisablehook = hook


def _exit_at_once_on_ctrl_c() -> None:
    """From now on a ctrl-c ends the process with status 130, without running anything more
    (the output written so far is flushed first)."""
    import contextlib
    import os
    import signal
    import sys

    def stop(_signum: int, _frame: object) -> None:
        os._exit(EXIT_INTERRUPTED)

    try:
        signal.signal(signal.SIGINT, stop)
    except ValueError:  # not the main thread: it cannot be taken over, nor raised there
        return
    for stream in (sys.stdout, sys.stderr):  # what os._exit would drop, were it called
        with contextlib.suppress(Exception):  # a closed or broken stream: the interpreter says so at exit
            stream.flush()


def _forget_handled_ctrl_c() -> None:
    """Make the exit status the one the command chose, after a ctrl-c that it handled.

    CPython remembers a ``KeyboardInterrupt`` that left code run by ``exec`` or ``eval`` of a
    *string* as unhandled, even when a caller caught it later. Libraries build functions that
    way as they are imported (``dataclasses``, ``collections.namedtuple``), so a ctrl-c during
    the command's imports often lands there. Under ``python -m`` the interpreter then ends the
    process by SIGINT after its normal exit, whatever status the command gave (the console
    script, run as a file, exits with the status). CPython forgets the mark each time it starts
    to evaluate a string; ``exec("pass")`` does that, and is interrupted by nothing now that
    :func:`_exit_at_once_on_ctrl_c` has taken ctrl-c over."""
    exec("pass")


if __name__ == "__main__":
    main()
