"""The ``gostop`` command line: a thin face over the library (typer + rich).

Each sub-command lives in its own module of this package, named for its idea, and is registered
below in :data:`app`. To add one (``deal``, ``replay``, ``simulate``, ``play``...):

1. write ``gostop/cli/<name>.py`` with either a command function or a ``typer.Typer()`` group;
2. run the body inside :func:`gostop.cli.errors.reported_errors` so that bad input gives one
   ``error: ...`` line on stderr and exit status 2 (raise
   :class:`~gostop.cli.errors.UsageProblem` for problems the face itself finds);
3. register it here with ``app.command("name")(function)`` or ``app.add_typer(group, name=...)``.

Commands call :mod:`gostop.rules`, :mod:`gostop.scoring`, :mod:`gostop.settlement`... and hold
no rules logic themselves.
"""

from __future__ import annotations

import typer

from gostop import __version__
from gostop.cli import docs, play, record, rules, score
from gostop.cli import serve as serve_cli
from gostop.cli import simulate as simulate_cli
from gostop.cli.errors import GostopGroup

app = typer.Typer(
    help=(
        "gostop: Go Stop (고스톱) rules engine, score calculator and games.\n\n"
        "Example:  gostop score 01B 03B 08B 01R 02R 05J1 05J2 06J1 "
        '--opp "12B 04J1 04J2 07J1 07J2 10J1" --opp "06R 09J1 09J2"'
    ),
    no_args_is_help=True,
    add_completion=False,
    cls=GostopGroup,
)

app.add_typer(rules.app, name="rules")
app.command("score")(score.score)
app.add_typer(docs.app, name="docs")
app.command("replay")(record.replay)
app.command("deal")(record.deal)
app.command("play")(play.play)
app.command("simulate")(simulate_cli.simulate_command)
app.command("serve")(serve_cli.serve)


@app.command("version")
def version() -> None:
    """Print the version.

    Example:  gostop version
    """
    typer.echo(__version__)


def main() -> None:
    """Entry point of the ``gostop`` console script."""
    app(prog_name="gostop")


__all__ = ["app", "main"]
