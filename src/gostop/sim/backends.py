"""Where deals are played: in this process, in a process pool, or on a Ray cluster.

Every backend plays the same chunks of deals with the same :class:`~gostop.sim.runner.SimJob`;
each deal's result depends only on the run seed and the deal index (:mod:`gostop.sim.schedule`),
and results are sorted by deal before aggregation, so the numbers of a run are identical
whatever the backend or the worker count. (Decision *times* are wall-clock and do vary.)

Ray is an optional extra (``pip install 'gostop[ray]'``) and is imported only when asked for.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from gostop.errors import GostopError
from gostop.sim.runner import play_deals
from gostop.sim.schedule import chunk_deals

__all__ = [
    "BACKENDS",
    "BackendUnavailable",
    "check_backend",
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


def check_backend(backend: str) -> None:
    """Raise ``ValueError`` for an unknown backend and :class:`BackendUnavailable` for one that
    cannot run here (Ray not installed), before any deal is played."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if backend == "ray":
        _import_ray()


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _chunk_size(n_deals: int, workers: int) -> int:
    # Small enough for a lively progress bar and for load balancing, big enough to amortise
    # the cost of shipping a task.
    return max(1, min(MAX_CHUNK, n_deals // max(1, workers * 4)))


#: The most deals a worker process is given at once.
MAX_CHUNK = 20
#: A worker process is given about this many seconds of deals at once (measured on the deals
#: already played), so that the progress moves for slow bots too: a ``hard`` deal takes seconds.
CHUNK_SECONDS = 1.0

#: Takes the results of deals as they finish (in any order).
Consume = Callable[[list[Any]], None]


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
    consume: Consume | None = None,
) -> list[Any]:
    """Play ``deals`` of ``job`` and return their results sorted by deal.

    ``backend="local"`` uses this process when ``workers == 1`` and a process pool of
    ``workers`` processes otherwise; ``backend="ray"`` shards chunks of deals over the Ray
    cluster at ``address`` (a new local Ray instance when ``None``).
    ``progress`` is called with the number of deals just finished (after every deal in this
    process, after every chunk of deals elsewhere). ``work`` plays a chunk:
    :func:`~gostop.sim.runner.play_deals` for a :class:`~gostop.sim.runner.SimJob` (the
    default), :func:`~gostop.sim.matches.play_rotations` (one match per index) or
    :func:`~gostop.sim.matches.play_clusters` (every rotation of a match seed per index) for a
    :class:`~gostop.sim.matches.MatchJob`; results carry their deal or match seed as ``deal``.

    With ``consume``, the results are handed to it as they finish, in any order, and not kept
    (a long run then needs no memory for them): the return value is an empty list. ``deals`` is
    not copied either (a ``range`` stays one: 10,000,000 deal numbers in a list took 400 MB
    before the first deal).
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    results: list[Any] = []
    take = results.extend if consume is None else consume
    if backend == "ray":
        _run_ray(job, deals, address, progress, timing, workers, work, take)
    elif workers == 1 or len(deals) <= 1:
        for deal in deals:  # one at a time: the progress moves after every deal, slow bots too
            take(work(job, [deal], timing))
            if progress:
                progress(1)
    else:
        _run_pool(job, deals, workers, progress, timing, work, take)
    results.sort(key=lambda r: r.deal)
    return results


def _timed(work: Work, job: Any, chunk: list[int], timing: bool) -> tuple[list[Any], float]:
    """In a worker: play a chunk, and say how long it took (for the size of the next ones)."""
    start = time.perf_counter()
    out = work(job, chunk, timing)
    return out, time.perf_counter() - start


def _run_pool(
    job: Any, deals: Sequence[int], workers: int, progress: Progress | None, timing: bool, work: Work, take: Consume
) -> None:
    """Play ``deals`` in a pool of ``workers`` processes, a few chunks ahead of the workers.

    The first chunks hold one deal each; later ones as many as take a worker about
    :data:`CHUNK_SECONDS` at the pace measured so far (at most :data:`MAX_CHUNK`, and fewer near
    the end, for balance). Results do not depend on the chunks: each deal's result depends on
    the run seed and its index only."""
    todo = iter(deals)  # taken a chunk at a time, never copied whole
    left = len(deals)
    procs = min(workers, left)
    played = 0
    seconds = 0.0

    def next_chunk() -> list[int]:
        nonlocal left
        size = 1 if seconds <= 0 else int(CHUNK_SECONDS * played / seconds)
        size = min(max(1, min(size, MAX_CHUNK, left // (2 * procs))), left)
        left -= size
        return list(itertools.islice(todo, size))

    # "fork" where the platform has it: workers start at once and scripts need no
    # ``if __name__ == "__main__"`` guard (callers must not run threads meanwhile: the command
    # line's progress bar refreshes without one). Results do not depend on the string-hash
    # seed of a process (tests run the same simulation under two seeds), so "spawn" elsewhere
    # gives the same numbers.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(max_workers=procs, mp_context=ctx, initializer=_start_worker, initargs=(os.getpid(),))
    try:
        pending: dict[Future[tuple[list[Any], float]], int] = {}
        while left or pending:
            while left and len(pending) < 2 * procs:  # every worker busy, one chunk queued
                chunk = next_chunk()
                pending[pool.submit(_timed, work, job, chunk, timing)] = len(chunk)
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                n = pending.pop(fut)
                part, spent = fut.result()
                played += n
                seconds += spent
                take(part)
                if progress:
                    progress(n)
    except BaseException:  # ctrl-c or a failed chunk: do not wait for the chunks still running
        _stop_now(pool)
        raise
    pool.shutdown()


def _ignore_ctrl_c() -> None:
    """In a worker: ctrl-c is the parent's to handle (it stops the pool), so that the workers do
    not each print a traceback. SIGTERM gets its default action back: a parent that turns it
    into an interrupt (``gostop simulate``) passes its handler on to forked workers, and the
    pool stops its workers with SIGTERM, which must end them without a word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


#: How often a worker process looks whether the process that started it is still there.
OWNER_POLL_SECONDS = 0.5


def _start_worker(owner: int) -> None:
    """In a worker (the pool's initializer): ignore ctrl-c (:func:`_ignore_ctrl_c`) and end this
    worker when ``owner``, the process running the pool, is gone.

    A parent killed without warning (SIGKILL, the out-of-memory killer) cannot stop its pool,
    and its workers would wait forever on the pool's pipes, which the other workers keep open.
    Workers are started by "fork" or "spawn" (:func:`_run_pool`), so ``owner`` is their
    parent: when it dies they are re-parented and :func:`os.getppid` changes. A thread of the
    worker looks every :data:`OWNER_POLL_SECONDS` (it runs while the worker waits on a pipe or
    a compiled kernel releases the interpreter) and ends the process then. A thread, not
    Linux's ``PR_SET_PDEATHSIG``: that one fires when the *thread* that started the worker ends,
    and it is Linux's alone. (On Windows a parent's death changes no ``getppid``: no watch.)"""
    _ignore_ctrl_c()
    if os.name != "posix":
        return
    if os.getppid() != owner:  # it died between starting this worker and now
        os._exit(1)
    threading.Thread(target=_watch_owner, args=(owner,), name="gostop-owner-watch", daemon=True).start()


def _watch_owner(owner: int) -> None:
    """In a worker: end the process as soon as its parent ``owner`` is gone."""
    while os.getppid() == owner:
        time.sleep(OWNER_POLL_SECONDS)
    os._exit(1)  # nobody is left to take the results, nor to stop this worker


#: How long a stopped pool's manager thread is waited for (it ends as soon as it sees the
#: workers gone).
STOP_SECONDS = 10.0


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancel the chunks not started and end the workers now (their results are not wanted).

    Then wait for the pool's manager thread to see them gone and close its pipes: left
    running, it raced the interpreter's exit, which writes to one of those pipes (an ``OSError:
    Bad file descriptor`` traceback after ctrl-c, about one run in ten)."""
    manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
    else:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(STOP_SECONDS)


def _import_ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise BackendUnavailable(RAY_MISSING) from None
    return ray


def _run_ray(
    job: Any,
    deals: Sequence[int],
    address: str | None,
    progress: Progress | None,
    timing: bool,
    workers: int,
    work: Work,
    take: Consume,
) -> None:
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
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            for ref in done:
                take(ray.get(ref))
                if progress:
                    progress(sizes[ref])
    finally:
        if started_here:
            ray.shutdown()  # disconnects from a remote cluster; stops a local one
