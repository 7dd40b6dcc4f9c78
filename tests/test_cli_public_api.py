"""The command line uses typer's public API only (issue 17: ``cli/errors.py`` imported
``typer._click``). The one-line parser errors it prints are covered by
tests/test_cli_limits.py (``test_usage_errors_are_one_line_with_a_help_hint``)."""

from __future__ import annotations

import ast
from pathlib import Path

import gostop
from cli_support import gostop as run

SRC = Path(gostop.__file__).parent


def _private_imports(path: Path, root: Path = SRC) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] in ("typer", "click") and any(p.startswith("_") for p in parts[1:]):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {name}")
    return found


def test_no_module_imports_a_private_part_of_typer_or_click() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py")) for hit in _private_imports(path)]
    assert found == []


def test_the_scan_sees_a_private_import(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text("import typer\nfrom typer._click import exceptions\nimport click._compat\n", encoding="utf-8")
    assert _private_imports(fake, tmp_path) == [
        "x.py:2: typer._click",
        "x.py:2: typer._click.exceptions",
        "x.py:3: click._compat",
    ]


def test_a_parser_error_and_a_body_error_name_their_command() -> None:
    # a parser error (typer.TyperException) and an error found in the command's body
    # (UsageProblem + help_hint) both end with the command's --help
    assert run("rules", "show", "--set").error_line().endswith("rules show --help')")
    line = run("deal", "--seed", "1", "--players", "4").error_line()
    assert line.endswith("deal --help')"), line
