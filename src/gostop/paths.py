"""Where gostop keeps its files: the data directory of both games (saves, finished matches,
the server's embedded database, the compiled-code cache)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DATA_ENV", "data_dir"]

#: The environment variable that names the data directory.
DATA_ENV = "GOSTOP_DATA_DIR"


def data_dir() -> Path:
    """``$GOSTOP_DATA_DIR``, ``$XDG_DATA_HOME/gostop`` or ``~/.local/share/gostop``."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "gostop"
    return Path.home() / ".local" / "share" / "gostop"
