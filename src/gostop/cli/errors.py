"""How the command line reports bad input: one ``error: ...`` line on stderr, exit status 2,
ending with a hint at the command's help: ``(see 'gostop score --help')``.

Commands run their body inside :func:`reported_errors`; library errors meant for people
(:class:`~gostop.rules.RulesError`, :class:`~gostop.cards.CardCodeError`, the settlement's
``SettlementError`` -- all ``ValueError`` subclasses) and :class:`UsageProblem` (bad command-line
input found by the face itself) become that one line. Nothing the user types should ever produce
a traceback; an unexpected exception is reported as an internal error on one line too (set
``GOSTOP_DEBUG=1`` to see its traceback).

A ctrl-c is no error: :func:`reported_errors` lets ``KeyboardInterrupt`` through, and typer
ends the command with exit status 130 and nothing printed (a command that leaves something
unfinished may say so on one line first). The entry point, :func:`gostop.__main__.main`, does
the same for a ctrl-c that comes while this package is still being imported.

The usage errors of the command-line parser itself (an unknown sub-command or option, a bad
integer, an option without its value) take the same shape: :class:`GostopGroup`, the class of
the ``gostop`` command, prints them as ``error: ... (see 'gostop score --help')`` on one line,
exit status 2, instead of typer's framed panel. No message repeats more than about
:data:`gostop.limits.ECHO_LIMIT` characters of what was typed.

Only typer's public API is used: since typer 0.26 click is vendored inside typer (it is not
the ``click`` package), and every parser error is a :class:`typer.TyperException` with an
``exit_code`` and ``format_message()``.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from gostop.errors import GostopError, caused_by_ctrl_c
from gostop.limits import ECHO_LIMIT

#: Exit status for bad input (the same as the usage errors of typer/click).
EXIT_BAD_INPUT = 2


class UsageProblem(GostopError, ValueError):
    """Bad command-line input noticed by the face (not by the library)."""


#: The longest error line printed (a message is cut there; the input it echoes is cut earlier).
MESSAGE_LIMIT = 600
_LONG_WORD = re.compile(r"\S{" + str(ECHO_LIMIT + 21) + ",}")


def one_line(message: str) -> str:
    """The message on a single line, every over-long word and the whole line cut short.

    Library messages are single lines already and cut what they echo; this is the last guard,
    so that no error line repeats kilobytes of input.
    """
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    text = _LONG_WORD.sub(lambda m: f"{m.group()[:ECHO_LIMIT]}...({len(m.group())} characters)", text)
    return text if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT] + "..."


#: The command being run (``gostop score``), set by :class:`GostopGroup` for :func:`help_hint`.
_COMMAND_PATH: ContextVar[str | None] = ContextVar("gostop_command_path", default=None)


def help_hint(lang: str = "en") -> str:
    """`` (see 'gostop score --help')`` for the command being run ('' outside a command), in
    ``lang`` (the language of a command that speaks it: ``gostop replay --lang``)."""
    path = _COMMAND_PATH.get()
    if path is None:
        return ""
    if lang == "en":
        return f" (see '{path} --help')"
    from gostop.words.replay import help_hint_text

    return help_hint_text(path, lang)


def fail(message: str, hint: bool = True, lang: str = "en") -> NoReturn:
    """Print ``error: message (see 'gostop CMD --help')`` on stderr and exit with status 2.

    Every error line of a command ends with that hint (unless the message names a ``--help``
    already); ``hint=False`` leaves it out (an internal error, which the help cannot explain).
    ``lang``: the language of the line's own words (``error:``, the hint).
    """
    text = one_line(message)
    if hint and "--help" not in text:
        text += help_hint(lang)
    if lang == "en":
        typer.echo(f"error: {text}", err=True)
    else:
        from gostop.words.replay import error_text

        typer.echo(error_text(text, lang), err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


#: Errors of the disk or the device written to (a full disk, ``> /dev/full``, a failing
#: drive): the command's options are not at fault, so their line points to no ``--help``.
DEVICE_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EROFS})


def _device_error(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in DEVICE_ERRNOS


def describe(exc: BaseException) -> str:
    """A one-line description of an exception for people (no traceback)."""
    if isinstance(exc, ValueError):
        return one_line(str(exc)) or type(exc).__name__
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        if not where and _device_error(exc):  # no file named: the output being written
            where = "cannot write the output: "
        return one_line(f"{where}{exc.strerror or exc}")
    return one_line(f"internal error ({type(exc).__name__}: {exc}); please report it")


def silence_stdout() -> None:
    """Point standard output at the null device: the reader went away (a broken pipe), and the
    interpreter's exit would otherwise fail to flush it, with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (e.g. under a test runner)


@contextmanager
def reported_errors(subject: str | None = None, lang: str = "en") -> Iterator[None]:
    """Turn errors raised inside the block into ``error: ...`` + exit status 2.

    ``subject`` (a file, for a command given several) starts the line, ``error: FILE: ...``,
    unless the message names it already (``cannot read FILE: ...``); ``lang``: the language
    of the line's own words (:func:`fail`)."""

    def about(message: str) -> str:
        named = subject is None or message.startswith(subject) or f"{subject}:" in message
        return message if named else f"{subject}: {message}"

    try:
        yield
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except BrokenPipeError:
        # The reader went away (``gostop ... | head``): stop quietly, as Python's docs advise.
        silence_stdout()
        raise typer.Exit(1) from None
    except RecursionError:
        if os.environ.get("GOSTOP_DEBUG"):
            raise
        fail(about("the input is nested too deeply to read"), lang=lang)
    except Exception as exc:
        if caused_by_ctrl_c(exc):  # (wrapped by the code it stopped): a ctrl-c, not an error
            raise KeyboardInterrupt from None
        if os.environ.get("GOSTOP_DEBUG"):
            raise
        # Bad input (UsageProblem, the library's ValueErrors) and files that cannot be read or
        # written: the line ends with the --help hint. An unexpected error asks to be reported.
        fail(about(describe(exc)), hint=isinstance(exc, ValueError | OSError) and not _device_error(exc), lang=lang)


def check_seed(value: int | None) -> int | None:
    """Option callback: a seed is 0 to 2**64-1 (checked here, not by typer's ``min``/``max``,
    whose range would print as a 20-digit number the help wraps mid-number)."""
    from gostop.limits import MAX_SEED

    if value is not None and not 0 <= value <= MAX_SEED:
        raise typer.BadParameter(f"a seed is 0 to 2**64-1, got {value}")
    return value


#: The placeholders of values in the help, for typer's Python type names (``<int>``,
#: ``<list[str]>``, ``<float range>``): words a user reads. An option with a better name gives
#: its own ``metavar`` (``SECONDS``, ``FILE.toml``, ``KNOB=VALUE``).
_PLACEHOLDERS = {"int": "N", "float": "NUMBER", "str": "TEXT", "Path": "PATH"}


def _quiet_help_option(command: Any) -> None:
    """``--help`` with no ``<bool>`` after it (it is a flag too)."""
    get = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = get(ctx)
        if option is not None:
            option.metavar = ""
        return option

    command.get_help_option = get_help_option


def _single_ellipsis(argument: Any) -> None:
    """The usage line of an argument of several values named ``BOT...`` shows ``{BOT}...``, not
    ``{BOT...}...`` (typer adds its own ``...`` after the name; the help keeps ``BOT...``)."""
    get = argument.get_usage_pieces

    def get_usage_pieces(ctx: Any) -> list[str]:
        return [re.sub(r"\.\.\.([}\]])\.\.\.$", r"\1...", piece) for piece in get(ctx)]

    argument.get_usage_pieces = get_usage_pieces


def quiet_flags(command: Any) -> Any:
    """The help of ``command`` without Python type names: flags (``--plain``, ``--yes``,
    ``--help``) show no ``<bool>`` -- they take no value (``--plain true`` is refused), so the
    help must not suggest one --, an argument shows its name alone (``RECORD.json...``, not
    ``<list[Path]>`` beside it), and an option a word for its value (``N``, ``TEXT``)."""
    if getattr(command, "_quiet", False):
        return command
    for param in getattr(command, "params", ()):
        if getattr(param, "param_type_name", "") == "argument":
            param.display_type_rich = lambda ctx: None
            _single_ellipsis(param)
        elif getattr(param, "metavar", None) is not None:
            continue
        elif getattr(param, "is_flag", False):
            param.metavar = ""
        elif callable(getattr(param, "bare_type", None)):
            bare = str(param.bare_type())
            inner = bare.removeprefix("list[").removesuffix("]")
            word = _PLACEHOLDERS.get(inner)
            if word is not None:
                param.metavar = word + ("..." if inner != bare else "")
    if hasattr(command, "get_help_option"):
        _quiet_help_option(command)
    for sub in getattr(command, "commands", {}).values():
        quiet_flags(sub)
    command._quiet = True
    return command


#: The range of a number option that its command checks in its body (typer's own ``min`` and
#: ``max`` are read from the option), for the error line of a value that is no number:
#: ``(command, option) -> (low, high)``, the command as its path after ``gostop`` (``play``,
#: ``rules show``); registered by the command's module (:func:`number_ranges`).
_NUMBER_RANGES: dict[tuple[str, str], tuple[object, object]] = {}

#: The language of the parser's error lines of a command that speaks more than English:
#: ``command -> f(the --lang typed or None, the words typed)`` (:func:`error_language`).
_ERROR_LANGS: dict[str, Callable[[str | None, Sequence[str]], str]] = {}


def number_ranges(command: str, ranges: Mapping[str, tuple[object, object]]) -> None:
    """Say the range of ``command``'s number options that typer does not check (``--hands``:
    ``(0, 1000)``; a bound may be words, ``"2**64-1"``, or a function of the language giving
    them: ``10 seconds``): the error line of ``--hands x`` names it."""
    for option, bounds in ranges.items():
        _NUMBER_RANGES[(command, option)] = bounds


def error_language(command: str, lang_of: Callable[[str | None, Sequence[str]], str]) -> None:
    """``command`` writes its error lines in the language ``lang_of(--lang, args)`` returns (the
    ``--lang`` typed, None without one; the words typed, for another option that matters:
    :func:`typed_option`), the parser's lines included."""
    _ERROR_LANGS[command] = lang_of


def typed_option(args: Sequence[str], option: str) -> str | None:
    """The value of ``option`` in ``args`` (``--lang ko`` or ``--lang=ko``; the last one wins)."""
    value = None
    for i, word in enumerate(args):
        if word == option and i + 1 < len(args):
            value = args[i + 1]
        elif word.startswith(option + "="):
            value = word[len(option) + 1:]
    return value


def _command_of(ctx: Any) -> str:
    """``play``, ``rules show``: the command of ``ctx`` after the program's name."""
    return " ".join(str(ctx.command_path).split()[1:]) if ctx is not None else ""


def _shown(value: object) -> str:
    """What was typed, cut short when long."""
    text = str(value)
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "..."


def bad_number(exc: BaseException, lang: str = "en") -> str | None:
    """The line for a number option given no number, or one out of range (``--players x``:
    ``--players: "x" is not a whole number (2 to 7)``), in ``lang``; None for another error.

    typer reads a number option with pydantic, whose message names neither the option nor what
    was typed ("Input should be a valid integer, unable to parse string as an integer")."""
    param = getattr(exc, "param", None)
    errors = getattr(exc.__cause__, "errors", None)
    if type(exc).__name__ != "BadParameter" or param is None or not callable(errors):
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError):
        return None
    kind = str(first.get("type", ""))
    whole = kind.startswith("int")
    if not (whole or kind.startswith(("float", "finite")) or kind in _OUT_OF_RANGE):
        return None
    from gostop.words.options import bounds_text, not_a_number, out_of_range, too_large

    option = max(getattr(param, "opts", None) or [str(param.name)], key=len)  # the long form
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is None and high is None:
        low, high = _NUMBER_RANGES.get((_command_of(getattr(exc, "ctx", None)), option), (None, None))
        low, high = (bound(lang) if callable(bound) else bound for bound in (low, high))
    bounds = bounds_text(low, high, lang)
    typed = first.get("input", "")
    if kind == "int_parsing_size" and high is None:  # a number of thousands of digits
        return too_large(option, _shown(typed), lang)
    if kind in _OUT_OF_RANGE or kind == "int_parsing_size":
        return out_of_range(option, _shown(typed), bounds, lang) if bounds else None
    return not_a_number(option, f'"{_shown(typed)}"', whole, bounds, lang)


def parser_words(exc: BaseException, lang: str) -> str | None:
    """The line of one of the parser's own errors (click's, in typer) in ``lang``: an unknown
    option, an option with no value or a flag given one, words no option takes; None for
    another error (its English line is kept). Read from the error's facts (its option, the
    options near it), never translated from its English sentence, but for telling apart the
    two errors click raises as one class (``BadOptionUsage``)."""
    from gostop.words.options import (
        no_such_option,
        option_needs_value,
        option_takes_no_value,
        unexpected_arguments,
    )

    kind = type(exc).__name__
    message = str(getattr(exc, "message", ""))
    option = str(getattr(exc, "option_name", "") or "")
    if kind == "NoSuchOption" and option:
        return no_such_option(option, sorted(getattr(exc, "possibilities", None) or ()), lang)
    if kind == "BadOptionUsage" and option:
        if "requires an argument" in message:
            return option_needs_value(option, lang)
        if "does not take a value" in message:
            return option_takes_no_value(option, lang)
    if kind == "UsageError" and message.startswith("Got unexpected extra argument"):
        typed = re.search(r"\(([^()]*)\)\s*$", message)  # (the last brackets: "argument(s) (a b)")
        if typed:
            return unexpected_arguments(_shown(typed.group(1)), lang)
    return None


#: pydantic's errors of a number outside typer's ``min``/``max``.
_OUT_OF_RANGE = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})


class GostopGroup(TyperGroup):
    """The ``gostop`` command: typer's group, with parser errors as one ``error: ...`` line.

    ``--help`` output and everything else is typer's own. A usage error found by the parser
    (click's ``UsageError``: unknown command or option, bad value, missing value)
    prints ``error: MESSAGE (see 'gostop CMD --help')`` on stderr and exits with status 2.
    """

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            option.metavar = ""  # a flag: no ``<bool>`` (see :func:`quiet_flags`)
        return option

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        quiet_flags(self)  # its own flags too (--version, --show-completion): no ``<bool>``
        token = _COMMAND_PATH.set(self._path_of(args, prog_name))
        try:
            if not standalone_mode:
                return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
            outcome = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as exc:  # the parser's errors (click's, vendored in typer)
            if type(exc).__name__ == "NoArgsIsHelpError":  # as typer's rich_utils tells it apart
                sys.exit(exc.exit_code)  # the help is already printed (typer prints it when asked)
            ctx = getattr(exc, "ctx", None)
            where = ctx.command_path if ctx is not None else self._path_of(args, prog_name)
            lang_of = _ERROR_LANGS.get(" ".join(where.split()[1:]))  # (a missing value has no ctx)
            words = sys.argv[1:] if args is None else args
            lang = lang_of(typed_option(words, "--lang"), words) if lang_of else "en"
            said = bad_number(exc, lang)
            if lang != "en":  # (a line of the parser's not known here stays typer's, in English)
                from gostop.words.replay import error_text, help_hint_text

                message = one_line(said or parser_words(exc, lang) or exc.format_message())
                typer.echo(error_text(message + help_hint_text(where, lang), lang), err=True)
            else:
                typer.echo(f"error: {one_line(said or exc.format_message())} (see '{where} --help')", err=True)
            sys.exit(exc.exit_code)  # 2 for a usage error (EXIT_BAD_INPUT)
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        finally:
            _COMMAND_PATH.reset(token)
        # Without standalone mode, click returns the code of a typer.Exit instead of exiting.
        sys.exit(outcome if isinstance(outcome, int) else 0)

    def _path_of(self, args: Sequence[str] | None, prog_name: str | None) -> str:
        """``gostop rules show`` for the sub-commands named at the start of ``args``."""
        path = [prog_name or "gostop"]
        command: Any = self
        for word in sys.argv[1:] if args is None else args:
            sub = getattr(command, "commands", {}).get(word)
            if sub is None:
                break
            path.append(word)
            command = sub
        return " ".join(path)
