"""Running the ``gostop`` command line in tests (in process, with stdout and stderr apart)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.session import Session, Settings
from gostop.play.store import Store

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


def played_match(data_dir: Path, seed: int, players: int, hands: int, *, go: bool) -> Session:
    """A whole match played through ``gostop play``'s session and saved under ``data_dir``, to
    replay: bots at ``easy``; the person claims compensation when asked, says go whenever it may
    (``go``; else stop), and otherwise takes the first choice."""
    s = Session.start(Settings(seed=seed, players=players, level="easy", hands=hands), Store(data_dir))
    for _ in range(4000):
        if s.over:
            break
        if s.pending:
            s.acknowledge()
            continue
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        keys = [c.key for c in prompt.choices]
        if prompt.stage == "claim":
            s.choose("c")
        elif prompt.stage == "go-stop":
            s.choose("g" if go and "g" in keys else "s")
        else:
            s.choose(keys[0])
    assert s.over and s.archived_to is not None
    return s
