"""Command-line interface (placeholder until the CLI lands)."""

import typer

app = typer.Typer(help="gostop: Go Stop (고스톱) rules engine, calculator and games.", no_args_is_help=True)


@app.command()
def version() -> None:
    """Print the version."""
    from gostop import __version__

    typer.echo(__version__)


def main() -> None:
    app()
