"""The background compile's stamp and lock sit in numba's cache directory of the fast engine.

With ``NUMBA_CACHE_DIR`` set, numba caches ``gostop/fast/*.py`` in a subdirectory of it
(``fast_<sha1 of the directory>``, ``numba/core/caching.py``), not in it: :mod:`gostop.agents.warm`
must stamp and lock that subdirectory, where the compiled files are. Nothing is compiled here:
a kernel's cache path is numba's answer, read from its dispatcher.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

SRC = str(Path(__file__).resolve().parents[2] / "src")

CODE = r"""
import json
from pathlib import Path
from gostop.agents import warm
from gostop.fast import kernels, rollout
numba_dirs = {kernels.legal._cache.cache_path, rollout.rollout_all._cache.cache_path}
with warm._cache_lock():
    pass
warm._write_stamp()
print(json.dumps({"warm": str(warm._cache_dir()), "numba": sorted(numba_dirs), "stamp_ok": warm._stamp_ok()}))
"""


def test_stamp_and_lock_sit_in_numbas_cache_directory(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "NUMBA_CACHE_DIR": str(tmp_path)}
    env.pop("GOSTOP_WARM", None)
    done = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["numba"] == [out["warm"]]  # where numba puts the compiled files
    cache = Path(out["warm"])
    assert cache.parent == tmp_path and cache.name.startswith("fast_")
    assert (cache / "gostop-warm.stamp").is_file() and (cache / "gostop-warm.lock").is_file()
    assert not (tmp_path / "gostop-warm.stamp").exists() and not (tmp_path / "gostop-warm.lock").exists()
    assert out["stamp_ok"]
