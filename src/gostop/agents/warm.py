"""Compile the fast engine in the background, so that nobody waits for it.

The search bot's fast rollouts (:mod:`gostop.fast`, numba) are compiled on first use: minutes on
a busy machine when numba's on-disk cache is empty (a fresh clone, a new version), about a
second of loading when it is warm. A game calls :func:`start` as it opens (``gostop serve`` at
start-up, ``gostop play`` while the setup screen is read); from then on, in that process, a
``search`` bot with ``rollouts=auto`` asks :func:`ready` at every decision and plays with the
reference rollouts until the compiled code is loaded -- a decision never waits for the compiler.

How (one daemon thread, never the caller's):

1. unless a stamp says the cache is warm for these sources, a child process
   (``python -m gostop.agents.warm``, ``nice`` 10) compiles everything the fast rollouts use and
   writes numba's cache (``cache=True``): the compiler's minutes of pure-Python work run there,
   not under this process's GIL;
2. the thread then loads the compiled code from that cache in this process (about a second) and
   marks it ready.

The cache is numba's (see :mod:`gostop.fast`), in the directory numba's cache locators choose
for the fast engine's files (:func:`gostop.fast.numba_cache_dir`): a subdirectory
``fast_<sha1>`` of ``NUMBA_CACHE_DIR`` when that is set, else the package's
``gostop/fast/__pycache__`` when it is writable (a source tree or a virtualenv), else the same
kind of subdirectory of numba's user-wide cache (``~/.cache/numba``) -- all of them survive a
restart. The stamp (``gostop-warm.stamp``) and the compile lock (``gostop-warm.lock``) sit in
that directory, with the compiled files: the stamp records the digest of the fast engine's
sources and the numba/Python versions; a changed source or version compiles again.

Processes that never call :func:`start` (the simulator, scripts, tests) keep the plain
behaviour: ``rollouts=auto`` compiles on first use, in the caller, so that measured play never
depends on how far a background compile has got.

:func:`is_cached` tells, without compiling or loading anything, whether numba's cache holds the
compiled code of given kernels (the rollouts' by default): ``gostop simulate`` asks it to say
"loading" or "compiling, a minute or more" before the progress starts.

``GOSTOP_WARM=off`` in the environment makes :func:`start` do nothing (then ``auto`` uses the
reference rollouts in that process, as when numba is missing).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "start",
    "ready",
    "state",
    "wait",
    "started",
    "compile_here",
    "is_cached",
    "ROLLOUT_KERNELS",
    "Status",
    "status",
]

STAMP_NAME = "gostop-warm.stamp"
LOCK_NAME = "gostop-warm.lock"

_lock = threading.Lock()
_state = "idle"  # idle | compiling | loading | ready | failed | off
_started = False
_thread: threading.Thread | None = None
_child: subprocess.Popen[bytes] | None = None
_done = threading.Event()
_times: dict[str, float] = {}
_error = ""


class Status(dict[str, object]):
    """What :func:`status` returns: ``state`` and the seconds each phase took."""


def started() -> bool:
    """Whether :func:`start` was called in this process (then ``auto`` consults :func:`ready`)."""
    return _started


def ready() -> bool:
    """Whether the compiled fast rollouts are loaded in this process."""
    return _state == "ready"


def state() -> str:
    """``idle`` (never started), ``compiling`` (the child process), ``loading`` (from the cache,
    in this process), ``ready``, ``failed`` or ``off`` (numba missing or ``GOSTOP_WARM=off``)."""
    return _state


def status() -> Status:
    return Status(state=_state, error=_error, **_times)


def wait(timeout: float | None = None) -> bool:
    """Block until the background compile ends (ready, failed or off); True when ready."""
    if _started:
        _done.wait(timeout)
    return ready()


def _fast_installed() -> bool:
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def start() -> str:
    """Start the background compile (once per process; later calls return the state)."""
    global _started, _state, _thread
    with _lock:
        if _started:
            return _state
        _started = True
        if os.environ.get("GOSTOP_WARM", "").lower() in ("off", "0", "no", "false"):
            _state = "off"
            _done.set()
            return _state
        _state = "compiling"
        _thread = threading.Thread(target=_run, name="gostop-warm", daemon=True)
        _thread.start()
        return _state


def _cache_dir() -> Path | None:
    """The directory numba keeps the fast engine's compiled code in (and this module its stamp
    and lock): numba's choice for ``gostop/fast/*.py`` (:func:`gostop.fast.numba_cache_dir`);
    None when numba keeps no cache."""
    import gostop.fast

    return gostop.fast.numba_cache_dir(gostop.fast.__file__)


def _digest() -> str:
    import numba

    import gostop.fast

    here = Path(gostop.fast.__file__).parent
    h = hashlib.sha256()
    for p in sorted(here.glob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    h.update(f"numba {numba.__version__} python {sys.version}".encode())
    return h.hexdigest()


def _stamp_ok() -> bool:
    d = _cache_dir()
    if d is None:
        return False
    try:
        return (d / STAMP_NAME).read_text() == _digest()
    except OSError:
        return False


def _write_stamp() -> None:
    d = _cache_dir()
    if d is None:  # numba keeps no cache: nothing to stamp
        return
    try:
        d.mkdir(parents=True, exist_ok=True)
        (d / STAMP_NAME).write_text(_digest())
    except OSError:  # a read-only install: the next start compiles in a child again
        pass


#: The compiled functions that the search bots' fast rollouts call from Python
#: (:func:`compile_here` loads them; the compiled functions they call come inside them), as
#: ``module:function``.
ROLLOUT_KERNELS = (
    "gostop.fast.convert:replay",
    "gostop.fast.kernels:current_player",
    "gostop.fast.kernels:expand_months",
    "gostop.fast.kernels:init_state",
    "gostop.fast.kernels:legal",
    "gostop.fast.rollout:replay_exclusions",
    "gostop.fast.rollout:replay_surprise",
    "gostop.fast.rollout:rollout_all",
    "gostop.fast.stats:prune",
    "gostop.fast.worlds:draw_world",
)


def is_cached(kernels: Iterable[str] = ROLLOUT_KERNELS) -> bool:
    """Whether numba's on-disk cache holds compiled code of every one of ``kernels``
    (``module:function`` names of compiled functions; by default the search bots' fast
    rollouts) that this process can load: then loading them takes about a second, otherwise
    they are compiled (a minute or more on a fresh cache).

    Cheap (half a second, most of it importing numba): nothing is compiled or loaded; numba's
    index file of each function is read and checked as numba checks it when it loads (the
    numba version, a digest of the source file, the function's bytecode, this machine's CPU),
    and the compiled file it names must be there. False when numba is missing, the cache cannot
    be read or numba keeps none (a read-only install without a writable cache directory)."""
    if not _fast_installed():
        return False
    try:
        import importlib

        import gostop.fast  # noqa: F401 - drops a cache made for other sources of the package

        for name in kernels:
            module, _, function = name.partition(":")
            if not _kernel_cached(getattr(importlib.import_module(module), function)):
                return False
    except Exception:  # numba's internals changed, a damaged index...: not known to be cached
        return False
    return True


def _kernel_cached(dispatcher: Any) -> bool:
    """Whether numba's cache holds a loadable compiled version of this ``@njit(cache=True)``
    function (numba's private cache objects: any surprise raises, and :func:`is_cached` says
    no)."""
    cache = dispatcher._cache  # a FunctionCache; a NullCache (no _cache_file) when not caching
    index = cache._cache_file._load_index()  # {} when missing, of another numba, or stale sources
    codegen = dispatcher.targetctx.codegen()
    return any(
        cache._index_key(key[0], codegen) == key and (Path(cache.cache_path) / data).is_file()
        for key, data in index.items()
    )


def _nice() -> None:  # pragma: no cover - runs in the child
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


def _run() -> None:
    global _state, _error
    t0 = time.perf_counter()
    if not _fast_installed():  # (imported here: importing numba takes a while)
        _state = "off"
        _done.set()
        return
    try:
        with _cache_lock():
            _compile_in_child(t0)
        _state = "loading"
        t1 = time.perf_counter()
        compile_here()
        _times["load_seconds"] = time.perf_counter() - t1
        _state = "ready"
    except Exception as exc:  # never let a compile problem reach a game: reference rollouts
        _error = f"{type(exc).__name__}: {exc}"
        _state = "failed"
    finally:
        _done.set()


@contextlib.contextmanager
def _cache_lock() -> Iterator[None]:
    """An exclusive lock on the cache between processes (the server and its bot workers start
    together: one compiles, the others wait for it here, in their background threads)."""
    try:
        import fcntl

        d = _cache_dir()
        if d is None:
            raise OSError("numba keeps no cache")
        d.mkdir(parents=True, exist_ok=True)
        f = open(d / LOCK_NAME, "a")  # noqa: SIM115 - held for the block below
    except (ImportError, OSError):  # no fcntl (Windows), a read-only cache or none: no lock
        yield
        return
    try:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield
    finally:
        f.close()  # releases the lock


def _compile_in_child(t0: float) -> None:
    """Compile in a child process unless the stamp says the cache is warm."""
    global _child, _error
    if _stamp_ok():
        return
    child = subprocess.Popen(
        [sys.executable, "-m", "gostop.agents.warm", "--parent", str(os.getpid())],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_nice if os.name == "posix" else None,
    )
    _child = child
    _, err = child.communicate()
    _child = None
    _times["compile_seconds"] = time.perf_counter() - t0
    if child.returncode != 0:
        # the child died (killed at exit, out of memory...): the load below compiles here instead
        lines = err.decode(errors="replace").strip().splitlines()
        _error = lines[-1] if lines else f"exit {child.returncode}"


def _stop_child() -> None:
    child = _child
    if child is not None and child.poll() is None:
        child.terminate()


atexit.register(_stop_child)


def compile_here() -> None:
    """Compile (or load from the cache) everything the search bot's fast rollouts use, in this
    process: in a dealt 2-player and a dealt 3-player pagat hand a few actions in, a fast-rollout
    evaluation of two candidates with inference (``search:infer``), the exclusions of
    ``search:exclude``, a world drawn and a pruning pass in compiled code (what ``hard`` runs at
    either table)."""
    import random

    from gostop.agents.protocol import WorldSampler
    from gostop.agents.search import FastRollouts
    from gostop.engine import Hand
    from gostop.rules import get_preset

    rules = get_preset("pagat")
    for players in (2, 3):
        hand = Hand.new(rules, players, seed=1)
        rng = random.Random(1)
        for _ in range(4):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        fast = FastRollouts(rules, -6.0, infer=0.7)
        seat = hand.current_player if hand.current_player is not None else 0
        fast.new_decision()
        legal = list(hand.legal_actions())
        fast.values(hand.clone(), legal[:2], seat, [1 << 30])
        forbid = fast.exclusions(hand.clone(), seat, 0.0)
        worlds = fast.compiled_worlds(WorldSampler.from_hand(hand, seat, 1), seat, forbid)
        if worlds is not None:  # the worlds of a search, drawn in compiled code
            worlds.load(rng)
            fast.drawn_values(worlds, legal[:2], seat, [1 << 30])
        table = fast.table(2)  # the compiled pruning
        for j in range(3):
            table.add([0, 1], [float(j), 1.0], 1.0)
        table.prune([0, 1], 2.5)


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the child
    """Exit as soon as the game that started this compile is gone.

    The game holds the cache lock while it waits for this child; a game killed outright (no
    atexit) releases its lock, and the next game starts its own compile. An orphan compiling on
    would pile up beside it (a test run that starts and kills servers made dozens), so the child
    watches its parent and goes with it; the next game's compile starts over on its own.
    """

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(3)
            time.sleep(0.5)

    threading.Thread(target=watch, name="gostop-warm-parent", daemon=True).start()


def _main(argv: list[str]) -> int:  # pragma: no cover - exercised through start() in a child process
    if len(argv) == 2 and argv[0] == "--parent" and argv[1].isdigit():
        _die_with(int(argv[1]))
    compile_here()
    _write_stamp()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(_main(sys.argv[1:]))
