"""``python -m gostop.rl.train`` as a user meets it: bad arguments are one ``error:`` line
before anything is collected, an existing output is kept, a stale cache is refused, progress
is plain lines off a terminal, and Ctrl-C leaves no file behind. None of these needs torch:
they stop before the fit, or only collect (``--collect-only``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from gostop.rl.train import main  # noqa: E402

#: A small run; each case below adds one bad argument.
SMALL = ["--seed", "2", "--hands", "3", "--hands3", "0", "--search-hands", "0", "--epochs", "1"]


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        (["--hands", "-5"], "--hands"),
        (["--search3-hands", "-1"], "--search3-hands"),
        (["--epochs", "-1"], "--epochs"),
        (["--seed", "-1"], "--seed"),
        (["--batch", "0"], "--batch"),
        (["--lr", "-1"], "--lr"),
        (["--lr", "nan"], "--lr"),
        (["--go-weight", "-3"], "--go-weight"),
        (["--hidden", "abc"], "--hidden"),
        (["--hidden", "256,0"], "--hidden"),
        (["--hands", "0"], "nothing to learn from"),
        (["--collect-only", "expert3"], "expert2-pagat"),  # names the parts this run has
        (["--search3-hands", "2", "--search3-teacher", "nobot"], "unknown bot 'nobot'"),
        (["--keep-gwang"], "--keep-hands"),
        (["--keep-untaught"], "--keep-hands"),
        (["--self2-hands", "0", "--self2-driver", "w.npz"], "--self2-driver needs --self2-hands"),
        (["--also", "pagat"], "--also"),
    ],
)
def test_bad_arguments_are_one_line_before_anything_is_collected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: list[str], named: str
) -> None:
    data = tmp_path / "data"
    assert main([*SMALL, *bad, "--data-dir", str(data), "--out", str(tmp_path / "w.npz")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and named in err, err
    assert not data.exists() and not (tmp_path / "w.npz").exists()


def test_a_driver_network_is_checked_before_collecting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.npz"
    broken.write_text("not weights")
    args = [*SMALL, "--data-dir", str(tmp_path / "data"), "--out", str(tmp_path / "w.npz")]
    assert main([*args, "--dagger-hands", "2", "--dagger-driver", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--dagger-driver" in err and "not an .npz archive" in err
    assert main([*args, "--dagger-driver", str(broken)]) == 2  # and it must play some hands
    assert "--dagger-hands" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["exists", "directory", "json", "unwritable"])
def test_the_output_is_checked_before_collecting(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    out = {
        "exists": tmp_path / "w.npz",
        "directory": tmp_path,
        "json": tmp_path / "w.json",
        "unwritable": Path("/proc/w.npz"),  # a directory that takes no new file, even from root
    }[where]
    if where == "exists":
        out.write_bytes(b"an earlier checkpoint")
    data = tmp_path / "data"
    assert main([*SMALL, "--data-dir", str(data), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --out") and err.count("\n") == 1, err
    assert not data.exists()
    if where == "exists":
        assert "--force" in err and out.read_bytes() == b"an earlier checkpoint"


def test_an_unwritable_data_dir_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([*SMALL, "--data-dir", "/proc/gostop-rl-data", "--out", str(tmp_path / "w.npz")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --data-dir") and err.count("\n") == 1


def test_collecting_shows_plain_progress_lines_off_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--seed", "3", "--hands", "20", "--hands3", "0", "--search-hands", "0", "--collect-only", "expert2",
            "--data-dir", str(tmp_path)]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "\r" not in err
    lines = [line for line in err.splitlines() if line.startswith("collect expert2 pagat: ")]
    assert lines[0] == "collect expert2 pagat: 0/20 hands" and lines[-1].startswith("collect expert2 pagat: 20/20 hands")
    assert 3 <= len(lines) <= 12  # a line a tenth, not one a hand
    assert [p.name for p in tmp_path.iterdir()] == ["expert2-pagat-20-s3.npz"]  # and nothing else (no temporary)


def test_a_cached_part_collected_otherwise_is_not_reused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cache is named by part, preset, hands and seed; the teacher (or driver network) that
    collected it is saved with it, and a run that asks for another one stops instead of learning
    the old labels."""
    args = ["--seed", "4", "--hands", "0", "--hands3", "0", "--search-hands", "0", "--search3-hands", "2",
            "--collect-only", "search3", "--data-dir", str(tmp_path)]
    assert main([*args, "--search3-teacher", "expert"]) == 0
    assert main([*args, "--search3-teacher", "expert"]) == 0  # the same: read from the cache
    capsys.readouterr()
    assert main([*args, "--search3-teacher", "greedy"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cached part") and "teacher expert (now greedy)" in err and err.count("\n") == 1
    (next(tmp_path.iterdir())).write_text("cut short")
    assert main([*args, "--search3-teacher", "expert"]) == 2
    err = capsys.readouterr().err
    assert "unreadable" in err and err.count("\n") == 1


def _default_signals() -> None:  # in the child, before exec
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_is_one_line_and_leaves_no_partial_file(tmp_path: Path, sig: signal.Signals, status: int) -> None:
    # (a SIGTERM, `kill`, the same with status 143: it used to end the run without a word)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gostop.rl.train", "--hands", "100000", "--hands3", "0", "--search-hands", "0",
         "--collect-only", "expert2", "--data-dir", str(tmp_path)],
        stderr=subprocess.PIPE, text=True, env=env,
        # ctrl-c as the default, for a run started where SIGINT is ignored (a background job of a
        # script: its children inherit that, and this run would never stop)
        preexec_fn=_default_signals,  # noqa: PLW1509
    )
    assert proc.stderr is not None
    try:
        line = "-"
        while line and not line.startswith("collect expert2 pagat: 0/100000"):  # collecting has begun
            line = proc.stderr.readline()
        assert line, "the run ended before collecting"
        time.sleep(0.5)
        proc.send_signal(sig)
        _out, rest = proc.communicate(timeout=60)
        assert proc.returncode == status
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in rest
    assert [line for line in rest.splitlines() if not line.startswith("collect ")] == [
        f"interrupted: build/learned.npz was not written; the parts collected whole stay in {tmp_path}"
    ]
    assert list(tmp_path.iterdir()) == []


def test_rollnet_files_keep_their_names_and_a_bad_cache_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m gostop.rl.rollnet``: numpy would write ``rn.data.npz`` for ``--data rn.data``
    (and never find it again); the files keep the names given, the cache is read back, and a
    cache that is no archive is one line."""
    from gostop.rl.rollnet import main as rollnet

    args = ["--hands", "10", "--epochs", "1", "--hidden", "4", "--teacher", "greedy", "--bots", "greedy",
            "--out", str(tmp_path / "rn.weights"), "--data", str(tmp_path / "rn.data"), "--force"]
    assert rollnet(args) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rn.data", "rn.weights"]
    capsys.readouterr()
    assert rollnet(args) == 0
    assert "read " in capsys.readouterr().err
    (tmp_path / "rn.data").write_text("cut short")
    assert rollnet(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --data") and "not an .npz archive" in err and err.count("\n") == 1


def test_keep_untaught_anchors_every_table_this_run_does_not_teach() -> None:
    """A fine-tune of one preset (v6: goo-stupe taught by the expert, 2 and 3 players) keeps
    every other table with the --init network's own choices: each other preset with 2 players
    and 3 (matgo: 2 only, GEN-7) and pagat's gwangpalli seats; the default set (the tables
    beside --preset's 2-player one) left pagat's 2-player table and its gwangpalli seats out."""
    from gostop.rl.train import _parser, _specs
    from gostop.rules import PRESET_NAMES

    weights = str(Path(__file__).parents[2] / "src" / "gostop" / "rl" / "weights" / "learned.npz")
    base = ["--preset", "goo-stupe", "--hands", "30", "--hands3", "10", "--search-hands", "0", "--init", weights,
            "--keep-hands", "6", "--keep-gwang"]
    specs = _specs(_parser().parse_args([*base, "--keep-untaught"]))
    kept = {(preset, players) for name, preset, players, _, hands, _, _ in specs if name.startswith("keep") and hands}
    want = {(p, n) for p in PRESET_NAMES if p != "goo-stupe" for n in (2, 3) if not (p == "matgo" and n == 3)}
    assert kept == want, kept ^ want
    gwang = [(name, preset) for name, preset, *_ in specs if name == "keepg3"]
    assert gwang == [("keepg3", "pagat")]
    taught = {(preset, players) for name, preset, players, _, hands, _, _ in specs if not name.startswith("keep") and hands}
    assert taught == {("goo-stupe", 2), ("goo-stupe", 3)}
    # the teacher of every anchor is the --init network
    assert all(teacher == f"learned:weights={weights}" for name, _, _, teacher, *_ in specs if name.startswith("keep"))
