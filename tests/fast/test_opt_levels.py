"""The kernels give the same numbers at every LLVM optimisation level (``NUMBA_OPT``).

A result that changes with the level is undefined behaviour in a kernel: ``popcount`` summed its
byte counts with ``x * 0x0101010101010101``, which overflows int64 (numba multiplies signed
integers with LLVM's ``nsw`` flag: the overflow is undefined), and at ``NUMBA_OPT=1`` a single
bright scored 15 points. The default level happened to compile it as intended, so the check runs
the scoring kernels in a fresh process at level 1 (the one that showed it), with a cache
directory of its own (numba's cache does not tell the levels apart: the package's cache would hand
back the default level's code).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

SRC = Path(__file__).resolve().parents[2] / "src"

# Every single card, every pair of cards and random masks: the kernels' popcount and stop points
# against Python's bit count and the reference ScoreTable; prints the mismatches.
SCORE = r"""
import random
from gostop.fast import kernels as k
from gostop.fast.config import config_for
from gostop.rules import PRESETS
cfg = config_for(PRESETS["pagat"])
n = cfg.tables.n
score = cfg.tables.score
rng = random.Random(7)
masks = [1 << i for i in range(n)] + [(1 << i) | (1 << j) for i in range(n) for j in range(i)]
masks += [rng.getrandbits(n) for _ in range(2000)]
bad = [m for m in masks
       if k.popcount(m) != bin(m).count("1")
       or k.stop_points(cfg.knobs, cfg.table, m) != score.stop_points(m)]
print(len(masks), [hex(m) for m in bad[:5]])
"""


# (level 3, the default, is the one the other tests run at; 0 does not optimise; 2 compiled it
# as intended too)
@pytest.mark.parametrize("level", ["1"])
def test_scoring_kernels_do_not_depend_on_the_optimisation_level(tmp_path: Path, level: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(PYTHONPATH=str(SRC), PYTHONDONTWRITEBYTECODE="1", NUMBA_OPT=level,
               NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", SCORE], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    checked, bad = done.stdout.split(maxsplit=1)
    assert int(checked) > 1000 and bad.strip() == "[]", f"NUMBA_OPT={level}: wrong for {bad}"
