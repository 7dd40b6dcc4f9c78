"""Where deals are played: in this process, in a process pool, or on a Ray cluster.

Every backend plays the same chunks of deals with the same :class:`~gostop.sim.runner.SimJob`;
each deal's result depends only on the run seed and the deal index (:mod:`gostop.sim.schedule`),
and results are sorted by deal before aggregation, so the numbers of a run are identical
whatever the backend or the worker count. (Decision *times* are wall-clock and do vary.)

Ray is an optional extra (``pip install 'gostop[ray]'``) and is imported only when asked for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from gostop.errors import GostopError
from gostop.sim.runner import play_deals
from gostop.sim.schedule import chunk_deals

__all__ = [
    "BACKENDS",
    "BackendUnavailable",
    "default_workers",
    "run_deals",
    "RAY_MISSING",
]

BACKENDS = ("local", "ray")

RAY_MISSING = (
    "the Ray backend needs the optional extra: pip install 'gostop[ray]' "
    "(or pip install 'ray>=2.9'); without it use --backend local"
)

Progress = Callable[[int], None]
#: Plays a chunk of deals (or matches) of a job: ``work(job, indices, timing) -> results``.
Work = Callable[[Any, list[int], bool], list[Any]]


class BackendUnavailable(GostopError, RuntimeError):
    """The chosen backend cannot run here (e.g. Ray is not installed)."""


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _chunk_size(n_deals: int, workers: int) -> int:
    # Small enough for a lively progress bar and for load balancing, big enough to amortise
    # the cost of shipping a task.
    return max(1, min(20, n_deals // max(1, workers * 4)))


def run_deals(
    job: Any,
    deals: Sequence[int],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    timing: bool = True,
    work: Work = play_deals,
) -> list[Any]:
    """Play ``deals`` of ``job`` and return their results sorted by deal.

    ``backend="local"`` uses this process when ``workers == 1`` and a process pool of
    ``workers`` processes otherwise; ``backend="ray"`` shards chunks of deals over the Ray
    cluster at ``address`` (a new local Ray instance when ``None``).
    ``progress`` is called with the number of deals just finished. ``work`` plays a chunk:
    :func:`~gostop.sim.runner.play_deals` for a :class:`~gostop.sim.runner.SimJob` (the
    default), :func:`~gostop.sim.matches.play_clusters` for a
    :class:`~gostop.sim.matches.MatchJob`; results carry their index as ``deal``.
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    deals = list(deals)
    if backend == "ray":
        results = _run_ray(job, deals, address, progress, timing, workers, work)
    elif workers == 1 or len(deals) <= 1:
        results = []
        for chunk in chunk_deals(deals, _chunk_size(len(deals), 1)):
            results.extend(work(job, chunk, timing))
            if progress:
                progress(len(chunk))
    else:
        results = _run_pool(job, deals, workers, progress, timing, work)
    results.sort(key=lambda r: r.deal)
    return results


def _run_pool(
    job: Any, deals: list[int], workers: int, progress: Progress | None, timing: bool, work: Work
) -> list[Any]:
    chunks = chunk_deals(deals, _chunk_size(len(deals), workers))
    results: list[Any] = []
    # "fork" where the platform has it: workers start at once and scripts need no
    # ``if __name__ == "__main__"`` guard (callers must not run threads meanwhile: the command
    # line's progress bar refreshes without one). Results do not depend on the string-hash
    # seed of a process (tests run the same simulation under two seeds), so "spawn" elsewhere
    # gives the same numbers.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=ctx, initializer=_ignore_ctrl_c)
    try:
        pending: dict[Future[list[Any]], int] = {
            pool.submit(work, job, chunk, timing): len(chunk) for chunk in chunks
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                n = pending.pop(fut)
                results.extend(fut.result())
                if progress:
                    progress(n)
    except BaseException:  # ctrl-c or a failed chunk: do not wait for the chunks still running
        _stop_now(pool)
        raise
    pool.shutdown()
    return results


def _ignore_ctrl_c() -> None:
    """In a worker: ctrl-c is the parent's to handle (it stops the pool), so that the workers do
    not each print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancel the chunks not started and end the workers now (their results are not wanted)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()


def _import_ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise BackendUnavailable(RAY_MISSING) from None
    return ray


def _run_ray(
    job: Any,
    deals: list[int],
    address: str | None,
    progress: Progress | None,
    timing: bool,
    workers: int,
    work: Work,
) -> list[Any]:
    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "ignore_reinit_error": True,
        }
        if address:
            import gostop

            # Ship this checkout's package so that the cluster runs the same code.
            kwargs["address"] = address
            kwargs["runtime_env"] = {"py_modules": [os.path.dirname(gostop.__file__)]}
        else:
            kwargs["num_cpus"] = workers
        ray.init(**kwargs)
        started_here = True
    try:
        remote = ray.remote(num_cpus=1)(work)
        # A few more chunks than CPUs of the cluster, for balance.
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        chunks = chunk_deals(deals, _chunk_size(len(deals), cpus))
        sizes = {}
        refs = []
        for chunk in chunks:
            ref = remote.remote(job, chunk, timing)
            sizes[ref] = len(chunk)
            refs.append(ref)
        results: list[Any] = []
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            for ref in done:
                results.extend(ray.get(ref))
                if progress:
                    progress(sizes[ref])
        return results
    finally:
        if started_here:
            ray.shutdown()  # disconnects from a remote cluster; stops a local one
