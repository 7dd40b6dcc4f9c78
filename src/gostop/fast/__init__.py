"""The fast engine: the hand engine compiled with numba (optional extra ``gostop[fast]``).

The same game as :mod:`gostop.engine`, bit for bit (checked by the differential tests), with
the state in fixed-size integer arrays. :class:`FastHand` has the reference engine's decision
API; :func:`gostop.fast.batch.play_hands` plays many hands in one compiled loop and
:class:`gostop.fast.batch.HandBatch` steps many hands at once. Rules the fast engine does not
cover are refused with :class:`UnsupportedRulesError` naming the knob (its ``knob``
attribute): only ``jokers`` beyond :data:`~gostop.fast.config.MAX_JOKERS` (15; the goo-stupe
preset's 22), every other knob value of the five presets is covered, with 2 and 3 players.

Events carry the reference events' type, seat and cards; their ``data`` dictionaries only for
go, stop, settlement, win, nagari and void (:data:`gostop.fast.hand.DATA_TYPES`): the docstring
of :mod:`gostop.fast.hand` lists, event by event, what ``data`` the fast engine lacks.

Compiled code is cached by numba (``cache=True``) where numba's cache locators put it
(``numba/core/caching.py``, tried in this order): ``$NUMBA_CACHE_DIR/fast_<sha1 of this
package's directory>/`` when ``NUMBA_CACHE_DIR`` is set, else this package's ``__pycache__``
when it is writable, else numba's user-wide cache ``<user cache dir>/numba/fast_<sha1>/``
(``~/.cache/numba/...``); :func:`numba_cache_dir` names it. The first import on a machine
compiles (minutes on a busy 2-core VM). Numba does not notice when a compiled function's
callees change, so that cache is dropped whenever any source file of this package changes (a
digest of the sources, ``numba-sources.sha256``, is kept in it).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

STAMP_NAME = "numba-sources.sha256"


def numba_cache_dir(source: str | Path) -> Path | None:
    """The directory where numba caches the ``@njit(cache=True)`` functions of the Python file
    ``source`` (every file of one directory shares it), chosen as numba chooses it: numba's own
    cache locators (``numba.core.caching``) are asked, which also creates the directory. None
    when numba finds no writable place (it then caches nothing).

    If numba's internals cannot be asked, their layout is followed by hand: numba's
    ``UserProvidedCacheLocator`` (``NUMBA_CACHE_DIR``) and ``UserWideCacheLocator`` put the
    files in a subdirectory ``<directory name>_<sha1 of the directory's absolute path>``,
    ``InTreeCacheLocator`` in the ``__pycache__`` beside the file.
    """
    source = Path(os.path.abspath(source))
    try:
        from numba.core import caching

        namespace: dict[str, object] = {}
        # a function "defined in" source: numba locates a function's cache by its file
        exec(compile("def probe():\n    pass\n", str(source), "exec"), namespace)  # noqa: S102
        impl = caching.CompileResultCacheImpl(namespace["probe"])  # type: ignore[no-untyped-call]
        return Path(impl.locator.get_cache_path())
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return None
    except Exception:  # numba missing, or its private caching API changed: its layout by hand
        folder = source.parent
        sub = f"{folder.name}_{hashlib.sha1(str(folder).encode()).hexdigest()}"  # noqa: S324 - numba's name
        env = os.environ.get("NUMBA_CACHE_DIR")
        return Path(env) / sub if env else folder / "__pycache__"


def _drop_stale_cache(here: Path | None = None) -> None:
    """Drop numba's cache of the package in ``here`` (this one by default) when its sources
    changed since the cache was made: in the directory numba uses now (:func:`numba_cache_dir`),
    where the digest of the sources is kept too."""
    here = Path(__file__).parent if here is None else here
    try:
        cache = numba_cache_dir(here / "__init__.py")
        if cache is None:  # numba keeps no cache: nothing can be stale
            return
        sources = b"".join(p.read_bytes() for p in sorted(here.glob("*.py")))
        digest = hashlib.sha256(sources).hexdigest()
        stamp = cache / STAMP_NAME
        if stamp.is_file() and stamp.read_text() == digest:
            return
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # an unreadable or read-only cache: numba then does without it
        pass


_drop_stale_cache()

from .config import UnsupportedRulesError, check_supported, config_for  # noqa: E402
from .hand import FastHand, FastResult  # noqa: E402

__all__ = ["FastHand", "FastResult", "UnsupportedRulesError", "check_supported", "config_for", "numba_cache_dir"]
