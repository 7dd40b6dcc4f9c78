"""The ``gostop`` command line: a thin face over the library (typer + rich).

Each sub-command lives in its own module of this package, named for its idea, and is listed
below in :data:`COMMANDS`. Its module is imported only when the command runs (or its own help is
asked for): ``gostop --help`` and ``gostop version`` start without numpy, the bots, Textual or
the web server. To add one (``deal``, ``replay``, ``simulate``, ``play``...):

1. write ``gostop/cli/<name>.py`` with either a command function or a ``typer.Typer()`` group;
2. run the body inside :func:`gostop.cli.errors.reported_errors` so that bad input gives one
   ``error: ...`` line on stderr and exit status 2 (raise
   :class:`~gostop.cli.errors.UsageProblem` for problems the face itself finds);
3. list it in :data:`COMMANDS` with its module, the function (or ``app`` for a group) and the
   first line of its help (a test checks that line against the command's own help).

Commands call :mod:`gostop.rules`, :mod:`gostop.scoring`, :mod:`gostop.settlement`... and hold
no rules logic themselves.

Shell completion is the root command's (``gostop --install-completion``, ``--show-completion``):
the completion script calls ``gostop`` itself, which completes sub-commands and their options;
the sub-commands are built without completion options of their own.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from gostop import __version__
from gostop.cli.errors import GostopGroup, quiet_flags
from gostop.signals import end_start_up

#: name -> (module, attribute, the first line of its help), in the order ``--help`` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": ("gostop.cli.score", "score", "Score a finished hand and show what each opponent pays."),
    "replay": ("gostop.cli.record", "replay", "Replay a hand record (or a match record) and print it move by move."),
    "deal": ("gostop.cli.record", "deal", "Print the deal a seed produces: each hand (seat 0 = dealer), the layout, the stock."),
    "play": ("gostop.cli.play", "play", "Play Go Stop against bots: full screen, or line by line with --plain."),
    "simulate": ("gostop.cli.simulate", "simulate_command",
                 "Play bots against each other on duplicate deals and report points per hand."),
    "serve": ("gostop.cli.serve", "serve", "Serve the web game: open http://HOST:PORT/ in a browser."),
    "rules": ("gostop.cli.rules", "app", "Rule presets and knobs: list the presets, show one, compare two."),
    "docs": ("gostop.cli.docs", "app", "Generated documentation."),
}


def load_command(name: str) -> Any:
    """The click command of sub-command ``name`` (its module imported now)."""
    module, attr, _short = COMMANDS[name]
    target = getattr(importlib.import_module(module), attr)
    end_start_up()  # the command line is loaded: a ctrl-c is the command's to handle
    if isinstance(target, typer.Typer):
        command: Any = typer.main.get_group(target)
    else:
        single = typer.Typer(add_completion=False)  # completion is the root command's (below)
        single.command(name)(target)
        command = typer.main.get_command(single)
    command.name = name
    return quiet_flags(command)


class LazyGroup(GostopGroup):
    """The ``gostop`` group: sub-commands are imported when they run; the command list of
    ``gostop --help`` is drawn from :data:`COMMANDS` without importing them."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return [*COMMANDS, *(n for n in super().list_commands(ctx) if n not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:  # ``version``
            command = super().get_command(ctx, cmd_name)
            return quiet_flags(command) if command is not None else None
        if self._listing:
            short = COMMANDS[cmd_name][2]
            return TyperCommand(cmd_name, help=short, short_help=short)
        return load_command(cmd_name)

    def _path_of(self, args: Any, prog_name: str | None) -> str:
        """``gostop rules show`` for the sub-commands named at the start of ``args``."""
        path = [prog_name or "gostop"]
        command: Any = self
        for word in sys.argv[1:] if args is None else args:
            if command is self:
                sub = self.get_command(None, word) if word in self.list_commands(None) else None
            else:
                sub = getattr(command, "commands", {}).get(word)
            if sub is None:
                break
            path.append(word)
            command = sub
        return " ".join(path)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    help=(
        "gostop: Go Stop (고스톱) rules engine, score calculator and games.\n\n"
        "Example:  gostop score 01B 03B 08B 01R 02R 05J1 05J2 06J1 "
        '--opp "12B 04J1 04J2 07J1 07J2 10J1" --opp "06R 09J1 09J2"'
    ),
    no_args_is_help=True,
    cls=LazyGroup,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit(0)


@app.callback()
def _root(
    _version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Print the version and exit (as gostop version)."),
    ] = False,
) -> None:
    """(The group itself: the sub-commands do the work.)"""


@app.command("version")
def version() -> None:
    """Print the version.

    Example:  gostop version
    """
    typer.echo(__version__)


def main() -> None:
    """Run the ``gostop`` command line on ``sys.argv`` and exit with its status.

    The console script and ``python -m gostop`` call it through :func:`gostop.__main__.main`,
    which imports this package inside its handling of ctrl-c (exit status 130, no traceback,
    even while typer and rich are still loading)."""
    app(prog_name="gostop")


__all__ = ["app", "main", "COMMANDS", "load_command"]
