"""``gostop rules``: list, show and compare rule presets (and rules TOML files)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gostop.cli.errors import reported_errors
from gostop.cli.output import add_row, console, name_column, number_column, table, value_text
from gostop.cli.rules_input import SET_HELP, parse_set_options, rules_from_name
from gostop.rules import (
    DEFAULT_PRESET,
    KNOBS,
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESETS,
    rules_diff,
    rules_to_toml,
)

app = typer.Typer(
    help=(
        "Rule presets and knobs: list the presets, show one, compare two.\n\n"
        "Every house rule is a knob (see docs/rules.md); a preset assigns every knob.\n\n"
        "Example:  gostop rules diff pagat blog"
    ),
    no_args_is_help=True,
)


@app.command("list")
def list_presets() -> None:
    """List the presets with a description of each.

    Example:  gostop rules list
    """
    with reported_errors():
        base = PRESETS[DEFAULT_PRESET]
        t = table("Presets", [name_column("Preset"), "Description", number_column("Knobs changed")])
        for name in PRESET_NAMES:
            changed = len(rules_diff(base, PRESETS[name]))
            description = PRESET_DESCRIPTIONS.get(name, "")
            add_row(t, name, description, changed if name != DEFAULT_PRESET else "-")
        console().print(t)
        typer.echo("Knobs changed: how many knobs differ from pagat. Show a preset with: gostop rules show PRESET")


@app.command("show")
def show(
    preset: Annotated[
        str,
        typer.Argument(
            metavar="PRESET", help="A preset name (see `gostop rules list`) or a rules TOML file."
        ),
    ] = DEFAULT_PRESET,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP)] = None,
    as_toml: Annotated[
        bool, typer.Option("--toml", help="Print a complete rules TOML file (loadable with --rules).")
    ] = False,
) -> None:
    """Show every knob of a preset: value, rule ID and meaning.

    Knobs changed by --set (or by a rules file) are marked with *.

    Examples:
      gostop rules show fuda-wiki
      gostop rules show pagat --set go_scheme=linear --toml > my-rules.toml
    """
    with reported_errors():
        rules = rules_from_name(preset)
        overrides = parse_set_options(set_)
        if overrides:
            rules = rules.with_overrides(overrides)
        if as_toml:
            typer.echo(rules_to_toml(rules, full=True), nl=False)
            return
        changed = rules.overrides()
        title = f"Rules: preset {rules.preset}" + (
            f" with {len(changed)} knob(s) changed (*)" if changed else ""
        )
        out = console()
        if out.width < NARROW:  # a table would squeeze the meanings into a column of a few letters
            _show_as_list(out, title, rules, changed)
            return
        t = table(title, [name_column("Knob"), "Value", name_column("Rule"), "Meaning"])
        for name, value in rules.knobs().items():
            knob = KNOBS[name]
            mark = " *" if name in changed else ""
            add_row(t, name + mark, value_text(value), knob.rule, knob.meaning)
        out.print(t)


#: Below this many columns ``rules show`` prints one knob per paragraph instead of a table.
NARROW = 120


def _show_as_list(out: Any, title: str, rules: Any, changed: Any) -> None:
    """``knob = value  (RULE)`` then its meaning, indented and wrapped to the terminal."""
    from rich.padding import Padding
    from rich.text import Text

    out.print(Text(title, style="bold"))
    for name, value in rules.knobs().items():
        knob = KNOBS[name]
        mark = " *" if name in changed else ""
        head = Text()
        head.append(name + mark, style="bold")
        head.append(f" = {value_text(value)}  ({knob.rule})")
        out.print(head)
        out.print(Padding(Text(knob.meaning), (0, 0, 0, 4), expand=False))


@app.command("diff")
def diff(
    a: Annotated[str, typer.Argument(metavar="A", help="A preset name or a rules TOML file.")],
    b: Annotated[str, typer.Argument(metavar="B", help="A preset name or a rules TOML file.")],
) -> None:
    """Show the knobs whose values differ between two presets or rules files.

    Examples:
      gostop rules diff pagat goo-stupe
      gostop rules diff pagat my-rules.toml
    """
    with reported_errors():
        rules_a, rules_b = rules_from_name(a), rules_from_name(b)
        rows = rules_diff(rules_a, rules_b)
        if not rows:
            typer.echo(f"{a} and {b} have the same value for every knob.")
            return
        t = table(f"{len(rows)} knob(s) differ", [name_column("Knob"), a, b, "Rule"])
        for name, value_a, value_b in rows:
            add_row(t, name, value_text(value_a), value_text(value_b), KNOBS[name].rule)
        console().print(t)
