"""A server's bot worker process never compiles the fast engine before a decision (issue 22,
item 1): its searches use the reference rollouts while the compiled ones load in the background.

The workers are the server's own (``worker_init`` and ``worker_ready`` of
:mod:`gostop.server.driver`, in a ``spawn`` process pool as the server starts them), with
numba's cache pointed at an empty folder: a fresh install.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from gostop.server.driver import worker_init, worker_ready


def _warm_state() -> str:
    from gostop.agents import warm

    return warm.state()


def test_a_new_bot_worker_answers_at_once_while_the_compile_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba-cache"))  # cold: nothing compiled
    monkeypatch.delenv("GOSTOP_WARM", raising=False)  # (the test run turns it off elsewhere)
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=worker_init, initargs=(os.getpid(),))
    try:
        t0 = time.monotonic()
        # (before the fix, this first small search compiled numba's cache in the worker: a minute
        # or more on 2 cores)
        assert pool.submit(worker_ready).result(timeout=45)
        took = time.monotonic() - t0
        state = pool.submit(_warm_state).result(timeout=10)
    finally:
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:  # (the compile child goes with its parent: gostop.agents.warm)
            p.kill()
    assert took < 30, f"the worker's first search took {took:.1f} s"
    assert state == "compiling", state  # the compile runs beside it, in a child of the worker
