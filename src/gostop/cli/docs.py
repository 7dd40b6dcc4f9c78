"""``gostop docs``: write (or check) the generated documentation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gostop.cli.errors import fail, reported_errors
from gostop.rules_doc import REGENERATE_COMMAND, render_rules_markdown

app = typer.Typer(
    help="Generated documentation.\n\nExample:  gostop docs rules --output docs/rules.md",
    no_args_is_help=True,
)

DEFAULT_RULES_DOC = "docs/rules.md"


@app.command("rules")
def rules_doc(
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="PATH",
            help="Write the markdown to PATH, replacing it whole (its directory must exist; default: print it).",
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help=f"Do not write: exit 1 if PATH (default {DEFAULT_RULES_DOC}) is missing or stale.",
        ),
    ] = False,
) -> None:
    """Generate the rules reference (docs/rules.md): every knob, its value per preset, its rule ID.

    Examples:
      gostop docs rules --output docs/rules.md
      gostop docs rules --check
    """
    with reported_errors():
        text = render_rules_markdown()
        if check:
            path = output or Path(DEFAULT_RULES_DOC)
            try:
                current = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                current = None
            if current != text:
                state = "missing" if current is None else "stale"
                typer.echo(
                    f"{path} is {state}; regenerate it with `{REGENERATE_COMMAND}` "
                    f"(or gostop docs rules --output {path})",
                    err=True,
                )
                raise typer.Exit(1)
            typer.echo(f"{path} is up to date.")
            return
        if output is None:
            typer.echo(text, nl=False)
            return
        from gostop.record import write_atomically

        try:  # a missing directory is refused (as ``deal -o`` does), never created
            write_atomically(output, text)
        except OSError as exc:
            fail(f"cannot write {str(output)!r}: {exc.strerror or exc}")
        typer.echo(f"wrote {output}")
