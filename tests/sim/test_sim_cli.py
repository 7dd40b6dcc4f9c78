"""``gostop simulate``: tables, JSON, and one-line errors for bad input."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from gostop.cli import app


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    def error_line(self) -> str:
        """The single ``error: ...`` line of a bad-input run (exit status 2, no traceback)."""
        assert self.exit_code == 2, (self.exit_code, self.stdout, self.stderr)
        lines = self.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), self.stderr
        return lines[0]


def gostop(*args: str) -> Run:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)


def test_simulate_prints_the_report_tables() -> None:
    run = gostop("simulate", "greedy", "random", "-n", "6", "--workers", "1", "--seed", "2")
    assert run.exit_code == 0, run.stderr
    assert "6 deals x 2 seatings = 12 hands" in run.stdout
    assert "Points per hand" in run.stdout and "greedy" in run.stdout and "random" in run.stdout
    assert "Go/stop and decision time" in run.stdout and "Events per hand" in run.stdout
    assert "Differences A - B" in run.stdout


def test_simulate_json_with_overrides_and_three_players() -> None:
    run = gostop(
        "simulate", "expert", "greedy", "easy", "-n", "3", "-w", "1", "--json",
        "--set", "shodang=false", "--preset", "pagat", "--no-timing",
    )
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["players"] == 3 and data["hands"] == 9 and data["overrides"] == {"shodang": False}
    assert [b["bot"] for b in data["bots"]] == ["expert", "greedy", "easy"]
    assert sum(b["points_per_hand"] for b in data["bots"]) == pytest.approx(0, abs=1e-9)
    assert "decision_ms" not in data["bots"][0]


def test_same_seed_same_json() -> None:
    args = ("simulate", "search:steps=30", "greedy", "-n", "2", "-w", "1", "--json", "--no-timing", "--seed", "9")
    assert gostop(*args).stdout == gostop(*args).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("greedy",), "give one bot per seat"),
        (("greedy", "gready"), "did you mean 'greedy'"),
        (("greedy", "search:stepz=3"), "no parameter 'stepz'"),
        (("greedy", "greedy", "-n", "0"), "--deals must be at least 1"),
        (("greedy", "greedy", "--backend", "spark"), "--backend must be one of"),
        (("greedy", "greedy", "--address", "auto"), "--address is for --backend ray"),
        (("greedy", "greedy", "--set", "stop_target_two_player=banana"), "stop_target_two_player"),
        (("greedy", "greedy", "--workers", "0"), "--workers must be at least 1"),
    ],
)
def test_bad_input_gives_one_error_line(args: tuple[str, ...], message: str) -> None:
    assert message in gostop("simulate", *args).error_line()


def test_ray_backend_without_ray_is_a_clear_error() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("Ray is installed; this checks the message shown without it")
    line = gostop("simulate", "greedy", "greedy", "-n", "1", "--backend", "ray").error_line()
    assert "gostop[ray]" in line
