"""``python -m gostop.rl.rollnet`` as ``python -m gostop.rl.train``: an existing ``--out`` is
kept unless ``--force`` (no silent overwrite of hours of work, or of the shipped weights), and
a bad argument is one ``error:`` line with exit status 2, before any hand is played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")  # the recorded inputs are the compiled engine's

from gostop.fast.rollout import load_net  # noqa: E402
from gostop.rl.rollnet import main as rollnet  # noqa: E402

#: A run of a second or two: 10 hands of each table, a tiny net, greedy bots.
SMALL = ["--hands", "10", "--epochs", "1", "--hidden", "4", "--teacher", "greedy", "--bots", "greedy"]


def _error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and "usage:" not in err
    return lines[0]


def test_an_existing_out_is_kept_without_force(tmp_path: Path) -> None:
    """The real command: refused at once with one line and status 2, the file untouched."""
    out = tmp_path / "rollnet.npz"
    out.write_bytes(b"weights of an earlier run")
    run = subprocess.run([sys.executable, "-m", "gostop.rl.rollnet", *SMALL, "--out", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert run.stdout == ""
    assert _error_line(run.stderr) == f"error: --out {out} exists; --force overwrites it, or pick another name"
    assert out.read_bytes() == b"weights of an earlier run"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rollnet.npz"]


def test_force_overwrites_it_atomically(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rollnet.npz"
    out.write_bytes(b"weights of an earlier run")
    assert rollnet([*SMALL, "--out", str(out), "--force"]) == 0
    W1, _b1, W2, _b2 = load_net(str(out))
    assert W1.shape[1] == 4 and W2.shape == (48, 4)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rollnet.npz"]  # no temporary left
    assert "held out" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (["--hands", "3"], "--hands must be at least 10"),
        (["--hands", "many"], "argument --hands: invalid int value: 'many'"),  # argparse's own
        (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
        (["--teacher", "nobody"], "nobody"),
        (["--out", "{tmp}"], "is a directory"),
        (["--out", "{tmp}/a.npz", "--data", "{tmp}/a.npz"], "is the --out file"),
        (["--data", "{tmp}"], "--data"),
        (["--out", "/proc/rollnet.npz"], "--out: cannot"),
    ],
)
def test_a_bad_argument_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: list[str], says: str
) -> None:
    args = [*SMALL, "--out", str(tmp_path / "new.npz"), *(a.replace("{tmp}", str(tmp_path)) for a in bad)]
    with pytest.raises(SystemExit) as stop:
        rollnet(args)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert says in _error_line(captured.err)
    assert list(tmp_path.iterdir()) == []  # nothing written, no directory made
