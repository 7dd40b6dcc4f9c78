"""Where numba caches the fast engine, and dropping that cache when the sources change.

numba (``numba/core/caching.py``) caches a file's ``@njit(cache=True)`` functions in
``$NUMBA_CACHE_DIR/<dir name>_<sha1 of the dir>/`` when ``NUMBA_CACHE_DIR`` is set, else in the
``__pycache__`` beside the file when it is writable, else in the same kind of subdirectory of its
user-wide cache (``$XDG_CACHE_HOME/numba``). :func:`gostop.fast.numba_cache_dir` must name that
directory and ``gostop.fast._drop_stale_cache`` must clear it. numba reads its settings when it
is imported, so every check runs in a fresh process; a one-line kernel stands for the engine.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

SRC = Path(__file__).resolve().parents[2] / "src"
FAST = SRC / "gostop" / "fast"

TINY = "from numba import njit\n\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"

# Compile the tiny kernel of the package in argv[1]; report where numba wrote its cache files and
# where gostop says numba caches that package.
COMPILE = r"""
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from gostop.fast import numba_cache_dir
import tiny
assert tiny.plus_one(1) == 2
root = Path(sys.argv[2])
files = sorted(str(p.parent) for p in root.rglob("*.nbi"))
print(json.dumps({"files": files, "said": str(numba_cache_dir(Path(sys.argv[1]) / "tiny.py"))}))
"""


def _python(code: str, *args: str, env: dict[str, str]) -> str:
    full = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    full.update(PYTHONPATH=str(SRC), PYTHONDONTWRITEBYTECODE="1", **env)
    done = subprocess.run([sys.executable, "-c", code, *args], env=full, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else ""


def _tiny_package(tmp_path: Path, block_pycache: bool = False) -> Path:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "tiny.py").write_text(TINY)
    (pkg / "__init__.py").write_text("")
    if block_pycache:  # a file where __pycache__ would go: numba cannot cache beside the source
        (pkg / "__pycache__").write_text("")
    return pkg


def _numba_subdir(folder: Path) -> str:
    """numba's name for a source directory's cache subdirectory (_CacheLocator.get_suitable_cache_subpath)."""
    folder = Path(os.path.abspath(folder))
    return f"{folder.name}_{hashlib.sha1(str(folder).encode()).hexdigest()}"


def test_numba_cache_dir_is_the_subdirectory_numba_uses_under_NUMBA_CACHE_DIR(tmp_path: Path) -> None:
    pkg, cache = _tiny_package(tmp_path), tmp_path / "cache"
    out = json.loads(_python(COMPILE, str(pkg), str(cache), env={"NUMBA_CACHE_DIR": str(cache)}))
    expected = str(cache / _numba_subdir(pkg))
    assert out["files"] == [expected]  # numba's files sit in a subdirectory, not in the dir itself
    assert out["said"] == expected
    assert not (pkg / "__pycache__").exists()


def test_numba_cache_dir_follows_numba_to_its_user_wide_cache(tmp_path: Path) -> None:
    pkg, xdg = _tiny_package(tmp_path, block_pycache=True), tmp_path / "xdg"
    out = json.loads(_python(COMPILE, str(pkg), str(xdg), env={"XDG_CACHE_HOME": str(xdg)}))
    expected = str(xdg / "numba" / _numba_subdir(pkg))
    assert out["files"] == [expected]
    assert out["said"] == expected


def test_numba_cache_dir_without_numba_internals_follows_the_same_layout(tmp_path: Path) -> None:
    # The hand-made fallback (numba's private caching module unavailable) names the same places.
    code = (
        "import json, sys\n"
        "from gostop.fast import numba_cache_dir\n"
        "real = str(numba_cache_dir(sys.argv[1]))\n"
        "sys.modules['numba.core.caching'] = None\n"
        "print(json.dumps([real, str(numba_cache_dir(sys.argv[1]))]))\n"
    )
    source = str(FAST / "kernels.py")
    real, by_hand = json.loads(_python(code, source, env={"NUMBA_CACHE_DIR": str(tmp_path)}))
    assert real == by_hand == str(tmp_path / _numba_subdir(FAST))
    real, by_hand = json.loads(_python(code, source, env={}))
    assert real == by_hand == str(FAST / "__pycache__")


def _stale(cache: Path) -> list[Path]:
    cache.mkdir(parents=True)
    files = [cache / "kernels.legal-1.py311.nbi", cache / "kernels.legal-1.py311.1.nbc"]
    for f in files:
        f.write_text("compiled from older sources")
    (cache / "numba-sources.sha256").write_text("a digest of older sources")
    return files


def _digest(folder: Path) -> str:
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(folder.glob("*.py")))).hexdigest()


def test_stale_cache_under_NUMBA_CACHE_DIR_is_dropped(tmp_path: Path) -> None:
    cache = tmp_path / _numba_subdir(FAST)
    stale = _stale(cache)
    _python("import gostop.fast", env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert not any(f.exists() for f in stale)
    assert (cache / "numba-sources.sha256").read_text() == _digest(FAST)
    # a fresh stamp keeps the cache
    kept = cache / "kernels.legal-1.py311.nbi"
    kept.write_text("compiled from these sources")
    _python("import gostop.fast", env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert kept.exists()


def test_stale_cache_in_numba_user_wide_cache_is_dropped(tmp_path: Path) -> None:
    pkg, xdg = _tiny_package(tmp_path, block_pycache=True), tmp_path / "xdg"
    cache = xdg / "numba" / _numba_subdir(pkg)
    stale = _stale(cache)
    _python("import sys, gostop.fast\nfrom pathlib import Path\ngostop.fast._drop_stale_cache(Path(sys.argv[1]))",
            str(pkg), env={"XDG_CACHE_HOME": str(xdg)})
    assert not any(f.exists() for f in stale)
    assert (cache / "numba-sources.sha256").read_text() == _digest(pkg)
