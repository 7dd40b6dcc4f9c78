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

Compiled code is cached in this package's ``__pycache__`` (numba ``cache=True``); the first
import on a machine compiles (minutes on a busy 2-core VM). Numba does not notice when a
compiled function's callees change, so the cache is dropped whenever any source file of this
package changes (a digest of the sources is kept beside it).
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _drop_stale_cache() -> None:
    here = Path(__file__).parent
    cache = here / "__pycache__"
    try:
        sources = b"".join(p.read_bytes() for p in sorted(here.glob("*.py")))
        digest = hashlib.sha256(sources).hexdigest()
        stamp = cache / "numba-sources.sha256"
        if stamp.is_file() and stamp.read_text() == digest:
            return
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # a read-only install: numba then keeps its own cache elsewhere
        pass


_drop_stale_cache()

from .config import UnsupportedRulesError, check_supported, config_for  # noqa: E402
from .hand import FastHand, FastResult  # noqa: E402

__all__ = ["FastHand", "FastResult", "UnsupportedRulesError", "check_supported", "config_for"]
