"""Two pytest runs share one list of tests (tests/browser/sharing.py): in `make test` the browser
tests run beside the main run, and a second run takes them from the end of the list once the
main run ends, until the two meet. Every test runs once, in one of the two."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BROWSER = Path(__file__).resolve().parent / "browser"

CONFTEST = f"""
import sys
sys.path.insert(0, {str(BROWSER)!r})
from sharing import pytest_runtestloop, pytest_terminal_summary  # noqa: F401
"""

# Twelve tests in two modules, each with a module fixture; each test writes who ran it.
TESTS = """
import os, time
import pytest

@pytest.fixture(scope="module")
def module_setup():
    with open(os.environ["RAN_LOG"], "a") as f:
        f.write(f"setup {__name__} {os.getpid()}\\n")
    yield

@pytest.mark.parametrize("n", range(6))
def test_one(n, module_setup):
    time.sleep(0.15)
    with open(os.environ["RAN_LOG"], "a") as f:
        f.write(f"ran {__name__}-{n} {os.getpid()}\\n")
"""


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "conftest.py").write_text(CONFTEST)
    for name in ("test_a.py", "test_b.py"):
        (project / name).write_text(TESTS)
    return project


def _pytest(project: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GOSTOP_BROWSER", "PYTEST_XDIST"))}
    full.update(env)
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:playwright",
         "-q", "-o", "addopts=", "--rootdir", str(project), str(project)],
        cwd=project, env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _runs(log: Path) -> list[tuple[str, str]]:
    return [(w[1], w[2]) for w in (line.split() for line in log.read_text().splitlines()) if w[0] == "ran"]


def test_two_runs_share_the_tests_each_once_from_both_ends(tmp_path: Path) -> None:
    project = _project(tmp_path)
    log = tmp_path / "ran.log"
    share = tmp_path / "share"
    first = _pytest(project, {"GOSTOP_BROWSER_SHARE": str(share), "RAN_LOG": str(log)})
    last = _pytest(project, {"GOSTOP_BROWSER_SHARE": str(share), "GOSTOP_BROWSER_FROM_END": "1", "RAN_LOG": str(log)})
    out_first, _ = first.communicate(timeout=120)
    out_last, _ = last.communicate(timeout=120)
    assert first.returncode == 0 and last.returncode == 0, out_first + out_last
    runs = _runs(log)
    names = [name for name, _ in runs]
    order = [f"{m}-{n}" for m in ("test_a", "test_b") for n in range(6)]
    assert sorted(names) == sorted(order), runs  # every test once
    pids = {pid for _, pid in runs}
    assert pids == {str(first.pid), str(last.pid)}, runs  # both runs took a share (12 x 0.15 s)
    mine = [name for name, pid in runs if pid == str(first.pid)]
    theirs = [name for name, pid in runs if pid == str(last.pid)]
    assert mine == order[: len(mine)] and sorted(theirs) == sorted(order[len(mine):]), runs  # a head and a tail
    assert f"this one ran {len(mine)} of 12 (the first ones)" in out_first, out_first
    assert f"this one ran {len(theirs)} of 12 (the last ones)" in out_last, out_last
    # each run set up a module's fixture once for the tests of it that it ran
    setups = [line.split()[1:] for line in log.read_text().splitlines() if line.startswith("setup")]
    assert len(setups) == len({tuple(s) for s in setups}), setups
    # a run that comes when every test is taken runs none, and passes
    late = _pytest(project, {"GOSTOP_BROWSER_SHARE": str(share), "GOSTOP_BROWSER_FROM_END": "1", "RAN_LOG": str(log)})
    out, _ = late.communicate(timeout=120)
    assert late.returncode == 0, out  # (pytest's "no tests ran" is not a failure here)
    assert "this one ran 0 of 12" in out and len(_runs(log)) == 12, out


def test_without_a_shared_folder_a_run_runs_every_test(tmp_path: Path) -> None:
    project = _project(tmp_path)
    log = tmp_path / "ran.log"
    run = _pytest(project, {"RAN_LOG": str(log)})
    out, _ = run.communicate(timeout=120)
    assert run.returncode == 0, out
    assert len(_runs(log)) == 12 and "shared by two runs" not in out, out

