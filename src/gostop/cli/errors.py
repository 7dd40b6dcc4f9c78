"""How the command line reports bad input: one ``error: ...`` line on stderr, exit status 2.

Commands run their body inside :func:`reported_errors`; library errors meant for people
(:class:`~gostop.rules.RulesError`, :class:`~gostop.cards.CardCodeError`, the settlement's
``SettlementError`` -- all ``ValueError`` subclasses) and :class:`UsageProblem` (bad command-line
input found by the face itself) become that one line. Nothing the user types should ever produce
a traceback; an unexpected exception is reported as an internal error on one line too (set
``GOSTOP_DEBUG=1`` to see its traceback).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

#: Exit status for bad input (the same as the usage errors of typer/click).
EXIT_BAD_INPUT = 2


class UsageProblem(ValueError):
    """Bad command-line input noticed by the face (not by the library)."""


def one_line(message: str) -> str:
    """The message on a single line (library messages are single lines already)."""
    return " ".join(part.strip() for part in str(message).splitlines() if part.strip())


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with status 2."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def describe(exc: BaseException) -> str:
    """A one-line description of an exception for people (no traceback)."""
    if isinstance(exc, ValueError):
        return one_line(str(exc)) or type(exc).__name__
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return one_line(f"{where}{exc.strerror or exc}")
    return one_line(f"internal error ({type(exc).__name__}: {exc}); please report it")


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (e.g. under a test runner)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn errors raised inside the block into ``error: ...`` + exit status 2."""
    try:
        yield
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except BrokenPipeError:
        # The reader went away (``gostop ... | head``): stop quietly, as Python's docs advise.
        _silence_stdout()
        raise typer.Exit(1) from None
    except Exception as exc:
        if os.environ.get("GOSTOP_DEBUG"):
            raise
        fail(describe(exc))
