"""Running the ``gostop`` command line in tests (in process, with stdout and stderr apart)."""

from __future__ import annotations

from dataclasses import dataclass

from typer.testing import CliRunner

from gostop.cli import app

_runner = CliRunner()


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    def error_line(self) -> str:
        """The single ``error: ...`` line of a bad-input run (asserts the contract)."""
        assert self.exit_code == 2, (self.exit_code, self.stdout, self.stderr)
        assert self.stdout == "", self.stdout
        lines = self.stderr.splitlines()
        assert len(lines) == 1, self.stderr
        assert lines[0].startswith("error: "), self.stderr
        assert "Traceback" not in self.stderr
        return lines[0]


def gostop(*args: str, width: int = 200) -> Run:
    """Run ``gostop ARGS`` in process (a wide terminal so that table cells do not wrap)."""
    result = _runner.invoke(app, list(args), env={"COLUMNS": str(width)})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)
