"""Output that cannot be written (a full disk, ``> /dev/full``): one line saying so, status 2, and
no hint at the command's ``--help``, which cannot help with a disk (a file that cannot be read
keeps its hint: the path may be mistyped)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = str(Path(sys.executable).with_name("gostop"))

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")


@pytest.mark.parametrize("args", [["rules", "show", "pagat"], ["deal", "--seed", "1"]], ids=["rules-show", "deal"])
def test_a_full_disk_is_one_line_without_a_help_hint(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        run = subprocess.run([SCRIPT, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                             env={**os.environ, "GOSTOP_DEBUG": ""})
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["error: cannot write the output: No space left on device"], run.stderr


def test_a_missing_file_keeps_its_help_hint(tmp_path: Path) -> None:
    from cli_support import gostop

    run = gostop("replay", str(tmp_path / "missing.json"))
    assert run.exit_code == 2
    assert "No such file or directory" in run.stderr and "replay --help')" in run.stderr
