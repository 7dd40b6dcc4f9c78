"""Two pytest runs that share one list of tests (the browser tests of `make test`).

In `make test` the browser tests run beside the main run on one worker, and a second run of
them starts when the main run ends (Makefile). The two share the tests through a directory
(``GOSTOP_BROWSER_SHARE``): the first takes them from the start of the list, the second
(``GOSTOP_BROWSER_FROM_END=1``) from its end, each claiming a test (a file created with
``O_EXCL``) before it runs it, until they meet. So whichever machine is slower at which run, both
cores work until the end: with one fixed worker the browser run went on alone for a minute after
the main run ended, or the main run did (docs/benchmarks.md). Without the variable, or under
xdist (``make browser``), pytest runs every test as usual.

Both runs must collect the same tests in the same order (the same command line).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

_RAN = pytest.StashKey[tuple[int, int]]()


def _claim(share: Path, item: pytest.Item) -> bool:
    """True if this run may run ``item``: no other run claimed it first."""
    name = hashlib.sha1(item.nodeid.encode()).hexdigest()
    try:
        fd = os.open(share / name, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as f:
        f.write(f"{os.getpid()} {item.nodeid}\n")
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    share = os.environ.get("GOSTOP_BROWSER_SHARE", "")
    if not share or session.config.option.collectonly or os.environ.get("PYTEST_XDIST_WORKER"):
        return None  # pytest's own loop
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} error(s) during collection")
    folder = Path(share)
    folder.mkdir(parents=True, exist_ok=True)
    from_end = os.environ.get("GOSTOP_BROWSER_FROM_END", "") == "1"
    items = list(reversed(session.items)) if from_end else list(session.items)
    # The next test is claimed before this one runs (pytest tears down after a test what the
    # next one does not share, so it must know the next one); the first claim that fails is
    # where the other run, coming from the other end, has been: every test after it is its.
    current = items[0] if items and _claim(folder, items[0]) else None
    ran = 0
    for i in range(len(items)):
        if current is None:
            break
        following = items[i + 1] if i + 1 < len(items) and _claim(folder, items[i + 1]) else None
        current.config.hook.pytest_runtest_protocol(item=current, nextitem=following)
        ran += 1
        if session.shouldfail:
            raise session.Failed(session.shouldfail)
        if session.shouldstop:
            raise session.Interrupted(session.shouldstop)
        current = following
    session.config.stash[_RAN] = (ran, len(items))
    return True


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if _RAN in config.stash:
        ran, total = config.stash[_RAN]
        which = "the last ones" if os.environ.get("GOSTOP_BROWSER_FROM_END", "") == "1" else "the first ones"
        terminalreporter.write_line(f"tests shared by two runs: this one ran {ran} of {total} ({which}); the other run ran the rest")
